package hw

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// Button is a push button to ground on an input pin (internal pull-up, so Low
// means pressed) and the command it sends, the same JSON an MQTT `cmd` carries.
type Button struct {
	Name    string // "undo", "accept", …
	Pin     gpio.PinIn
	Command []byte
}

// Commands are the buttons' JSON commands, by button name, except new_rack, whose
// game record depends on the configuration.
var Commands = map[string][]byte{
	"safety":   []byte(`{"type":"call","safety":true}`),
	"push_out": []byte(`{"type":"call","push_out":true}`),
	"accept":   []byte(`{"type":"decision","choice":"accept"}`),
	"pass":     []byte(`{"type":"decision","choice":"pass"}`),
	"undo":     []byte(`{"type":"undo"}`),
}

// Buttons watches buttons and sends a command for each press. A press counts
// once the pin has been Low, with no further edge, for the debounce interval;
// the button must be released (steady High for the interval) before it counts
// again.
type Buttons struct {
	buttons  []*button
	clock    Clock
	debounce time.Duration
	send     func(name string, cmd []byte)
	log      *slog.Logger
}

type button struct {
	Button
	mu      sync.Mutex
	pressed bool
	timer   Timer
}

// NewButtons sets each pin up as an input with a pull-up and edge detection.
// send is called (from a timer goroutine) once per press.
func NewButtons(bs []Button, debounce time.Duration, clock Clock, send func(name string, cmd []byte), log *slog.Logger) (*Buttons, error) {
	if log == nil {
		log = slog.Default()
	}
	b := &Buttons{clock: clock, debounce: debounce, send: send, log: log}
	for _, x := range bs {
		if err := x.Pin.In(gpio.PullUp, gpio.BothEdges); err != nil {
			return nil, fmt.Errorf("hw: button %s on %s: %w", x.Name, x.Pin.Name(), err)
		}
		bt := &button{Button: x}
		bt.pressed = x.Pin.Read() == gpio.Low // held at start: wait for a release
		b.buttons = append(b.buttons, bt)
	}
	return b, nil
}

// Run watches every button until ctx ends.
func (b *Buttons) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for _, bt := range b.buttons {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if bt.Pin.WaitForEdge(100 * time.Millisecond) {
					b.edge(bt)
				}
			}
		}()
	}
	wg.Wait()
	b.stop()
	return ctx.Err()
}

// edge restarts the debounce interval of bt.
func (b *Buttons) edge(bt *button) {
	bt.mu.Lock()
	defer bt.mu.Unlock()
	if bt.timer != nil {
		bt.timer.Stop()
	}
	bt.timer = b.clock.AfterFunc(b.debounce, func() { b.settled(bt) })
}

// settled runs when bt has had no edge for the debounce interval.
func (b *Buttons) settled(bt *button) {
	bt.mu.Lock()
	down := bt.Pin.Read() == gpio.Low
	fire := down && !bt.pressed
	bt.pressed = down
	bt.timer = nil
	bt.mu.Unlock()
	if fire {
		b.log.Info("button pressed", "button", bt.Name, "pin", bt.Pin.Name())
		b.send(bt.Name, bt.Command)
	}
}

func (b *Buttons) stop() {
	for _, bt := range b.buttons {
		bt.mu.Lock()
		if bt.timer != nil {
			bt.timer.Stop()
		}
		bt.mu.Unlock()
	}
}
