// Package hw drives the table's hardware: the foul lamp, the ready lamp, the buzzer
// and the referee's push buttons, through periph.io GPIO pins found by name
// (gpioreg.ByName). Timing (buzzer patterns, button debounce) runs on an injectable
// Clock so tests are instant and exact. Pins come from the Pi's GPIO (periph host
// drivers) or from a console backend that logs "lamp foul on" lines instead.
package hw

import (
	"sort"
	"sync"
	"time"
)

// Clock is the time source of the buzzer and the buttons.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine after d.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc.
type Timer interface {
	// Stop prevents the call if it has not happened yet, and reports whether it did so.
	Stop() bool
}

// SystemClock is the real clock.
type SystemClock struct{}

// Now is time.Now.
func (SystemClock) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (SystemClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

// ManualClock is a Clock that only moves when told to. Timers run synchronously
// inside Advance, in deadline order, each with the clock set to its deadline, so
// what they do can be checked at exact instants.
type ManualClock struct {
	mu        sync.Mutex
	cond      *sync.Cond
	now       time.Time
	timers    []*manualTimer
	seq       int
	scheduled int
}

type manualTimer struct {
	c    *ManualClock
	at   time.Time
	seq  int
	f    func()
	done bool
}

// NewManualClock returns a clock standing at start.
func NewManualClock(start time.Time) *ManualClock {
	c := &ManualClock{now: start}
	c.cond = sync.NewCond(&c.mu)
	return c
}

// Now returns the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc schedules f at Now()+d.
func (c *ManualClock) AfterFunc(d time.Duration, f func()) Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &manualTimer{c: c, at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	c.scheduled++
	c.cond.Broadcast()
	return t
}

func (t *manualTimer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	if t.done {
		return false
	}
	t.done = true
	return true
}

// Advance moves the clock forward by d, running every timer that falls due.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	for {
		live := c.timers[:0]
		for _, t := range c.timers {
			if !t.done {
				live = append(live, t)
			}
		}
		c.timers = live
		sort.Slice(c.timers, func(i, j int) bool {
			if !c.timers[i].at.Equal(c.timers[j].at) {
				return c.timers[i].at.Before(c.timers[j].at)
			}
			return c.timers[i].seq < c.timers[j].seq
		})
		if len(c.timers) == 0 || c.timers[0].at.After(end) {
			break
		}
		t := c.timers[0]
		t.done = true
		c.now = t.at
		c.mu.Unlock()
		t.f()
		c.mu.Lock()
	}
	c.now = end
	c.mu.Unlock()
}

// Scheduled returns how many AfterFunc calls were made so far.
func (c *ManualClock) Scheduled() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.scheduled
}

// WaitScheduled blocks until at least n AfterFunc calls were made in all, so a
// test can wait for a goroutine to arm its timer before it advances the clock.
func (c *ManualClock) WaitScheduled(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.scheduled < n {
		c.cond.Wait()
	}
}
