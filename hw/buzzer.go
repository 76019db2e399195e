package hw

import (
	"fmt"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// Pattern is a buzzer pattern: durations alternately on and off, starting on.
type Pattern struct {
	Name  string
	Steps []time.Duration
}

// The referee's patterns.
var (
	// Foul: one long tone.
	Foul = Pattern{"foul", []time.Duration{800 * time.Millisecond}}
	// Warning: two short tones, a player is one foul from losing by three fouls.
	Warning = Pattern{"warning", []time.Duration{150 * time.Millisecond, 150 * time.Millisecond, 150 * time.Millisecond}}
	// GameOver: three short tones, a game or the match is over.
	GameOver = Pattern{"game_over", []time.Duration{
		150 * time.Millisecond, 150 * time.Millisecond,
		150 * time.Millisecond, 150 * time.Millisecond,
		150 * time.Millisecond}}
)

// Buzzer plays patterns on an output pin (High = sounding).
type Buzzer struct {
	pin   gpio.PinOut
	clock Clock
	mu    sync.Mutex
	gen   int // bumps on every Play/Stop, so stale timers do nothing
	timer Timer
}

// NewBuzzer returns a silent buzzer on pin.
func NewBuzzer(pin gpio.PinOut, clock Clock) (*Buzzer, error) {
	if err := pin.Out(gpio.Low); err != nil {
		return nil, fmt.Errorf("hw: buzzer on %s: %w", pin.Name(), err)
	}
	return &Buzzer{pin: pin, clock: clock}, nil
}

// Play starts p, cutting short any pattern still playing.
func (b *Buzzer) Play(p Pattern) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cancel()
	b.step(b.gen, p, 0)
}

// step sets the level of step i and arms the timer for the next. b.mu is held.
func (b *Buzzer) step(gen int, p Pattern, i int) {
	if i >= len(p.Steps) {
		_ = b.pin.Out(gpio.Low)
		b.timer = nil
		return
	}
	_ = b.pin.Out(gpio.Level(i%2 == 0))
	b.timer = b.clock.AfterFunc(p.Steps[i], func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.gen == gen {
			b.step(gen, p, i+1)
		}
	})
}

func (b *Buzzer) cancel() {
	b.gen++
	if b.timer != nil {
		b.timer.Stop()
		b.timer = nil
	}
}

// Halt silences the buzzer and leaves its pin Low.
func (b *Buzzer) Halt() error {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cancel()
	return b.pin.Out(gpio.Low)
}
