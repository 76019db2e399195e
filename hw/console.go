package hw

import (
	"log/slog"
	"sync"

	"periph.io/x/conn/v3/gpio"
)

// consolePin is an output pin that logs its changes: "lamp foul on".
type consolePin struct {
	gpio.PinIO // gpio.INVALID: every other use fails
	kind, name string
	log        *slog.Logger
	mu         sync.Mutex
	level      gpio.Level
	set        bool
}

// ConsolePin returns an output pin that logs "<kind> <name> on|off" through log
// whenever its level changes, for running without GPIO hardware.
func ConsolePin(kind, name string, log *slog.Logger) gpio.PinOut {
	if log == nil {
		log = slog.Default()
	}
	return &consolePin{PinIO: gpio.INVALID, kind: kind, name: name, log: log}
}

func (p *consolePin) Name() string   { return "console:" + p.kind + ":" + p.name }
func (p *consolePin) String() string { return p.Name() }
func (p *consolePin) Halt() error    { return p.Out(gpio.Low) }

func (p *consolePin) Out(l gpio.Level) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.set && l == p.level {
		return nil
	}
	first := !p.set
	p.level, p.set = l, true
	if first && l == gpio.Low {
		return nil // switching off at start says nothing
	}
	state := "off"
	if l == gpio.High {
		state = "on"
	}
	msg := p.kind + " " + p.name + " " + state
	if p.name == "" {
		msg = p.kind + " " + state
	}
	p.log.Info(msg, "device", p.kind, "name", p.name, "state", state)
	return nil
}
