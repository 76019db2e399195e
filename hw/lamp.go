package hw

import (
	"fmt"
	"sync"

	"periph.io/x/conn/v3/gpio"
)

// Lamp is an indicator lamp on an output pin, lit when the pin is High.
type Lamp struct {
	name string
	pin  gpio.PinOut
	mu   sync.Mutex
	on   bool
}

// NewLamp returns a lamp on pin, switched off.
func NewLamp(name string, pin gpio.PinOut) (*Lamp, error) {
	l := &Lamp{name: name, pin: pin}
	if err := pin.Out(gpio.Low); err != nil {
		return nil, fmt.Errorf("hw: lamp %s on %s: %w", name, pin.Name(), err)
	}
	return l, nil
}

// Set switches the lamp. The pin is written only when the state changes.
func (l *Lamp) Set(on bool) error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if on == l.on {
		return nil
	}
	l.on = on
	if err := l.pin.Out(gpio.Level(on)); err != nil {
		return fmt.Errorf("hw: lamp %s: %w", l.name, err)
	}
	return nil
}

// On reports whether the lamp is lit.
func (l *Lamp) On() bool {
	if l == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.on
}

// Halt switches the lamp off.
func (l *Lamp) Halt() error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.on = false
	return l.pin.Out(gpio.Low)
}
