package hw

import (
	"fmt"
	"log/slog"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/host/v3"
)

// Setup says which pins to open and how.
type Setup struct {
	Backend   string // "periph", "console" or "none"
	FoulLamp  string // pin names; "" when not wired
	ReadyLamp string
	Buzzer    string
	// Buttons maps a button name ("undo", …) to its pin name.
	Buttons map[string]string
	// Commands maps a button name to its command; Commands (the package variable)
	// is used for the names it lacks.
	Commands map[string][]byte
	Debounce time.Duration
	Clock    Clock // SystemClock{} when nil
	// Send receives each button press's command.
	Send func(name string, cmd []byte)
	Log  *slog.Logger
}

// Open opens the backend's pins and returns the panel and the buttons (nil when
// there are none). With "periph" it initialises periph's host drivers and finds
// pins with gpioreg.ByName; with "console" the lamps and buzzer are logged and
// there are no buttons; with "none" the panel does nothing.
func Open(s Setup) (*Panel, *Buttons, error) {
	if s.Clock == nil {
		s.Clock = SystemClock{}
	}
	if s.Log == nil {
		s.Log = slog.Default()
	}
	p := &Panel{Log: s.Log}
	switch s.Backend {
	case "none":
		return p, nil, nil
	case "console":
		var err error
		if s.FoulLamp != "" {
			if p.FoulLamp, err = NewLamp("foul", ConsolePin("lamp", "foul", s.Log)); err != nil {
				return nil, nil, err
			}
		}
		if s.ReadyLamp != "" {
			if p.ReadyLamp, err = NewLamp("ready", ConsolePin("lamp", "ready", s.Log)); err != nil {
				return nil, nil, err
			}
		}
		if s.Buzzer != "" {
			if p.Buzzer, err = NewBuzzer(ConsolePin("buzzer", "", s.Log), s.Clock); err != nil {
				return nil, nil, err
			}
		}
		return p, nil, nil
	case "periph":
	default:
		return nil, nil, fmt.Errorf("hw: unknown backend %q (want periph, console or none)", s.Backend)
	}
	if _, err := host.Init(); err != nil {
		return nil, nil, fmt.Errorf("hw: periph host drivers: %w", err)
	}
	byName := func(role, name string) (gpio.PinIO, error) {
		pin := gpioreg.ByName(name)
		if pin == nil {
			return nil, fmt.Errorf("hw: %s: no GPIO pin named %q on this machine (not a Raspberry Pi? set gpio.backend: console)", role, name)
		}
		return pin, nil
	}
	if s.FoulLamp != "" {
		pin, err := byName("foul lamp", s.FoulLamp)
		if err == nil {
			p.FoulLamp, err = NewLamp("foul", pin)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if s.ReadyLamp != "" {
		pin, err := byName("ready lamp", s.ReadyLamp)
		if err == nil {
			p.ReadyLamp, err = NewLamp("ready", pin)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if s.Buzzer != "" {
		pin, err := byName("buzzer", s.Buzzer)
		if err == nil {
			p.Buzzer, err = NewBuzzer(pin, s.Clock)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	var bs []Button
	for _, name := range []string{"safety", "push_out", "accept", "pass", "undo", "new_rack"} {
		pinName := s.Buttons[name]
		if pinName == "" {
			continue
		}
		cmd, ok := s.Commands[name]
		if !ok {
			cmd, ok = Commands[name]
		}
		if !ok {
			return nil, nil, fmt.Errorf("hw: button %s has no command", name)
		}
		pin, err := byName("button "+name, pinName)
		if err != nil {
			return nil, nil, err
		}
		bs = append(bs, Button{Name: name, Pin: pin, Command: cmd})
	}
	if len(bs) == 0 {
		return p, nil, nil
	}
	buttons, err := NewButtons(bs, s.Debounce, s.Clock, s.Send, s.Log)
	if err != nil {
		return nil, nil, err
	}
	return p, buttons, nil
}
