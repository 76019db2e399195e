package cpuclock

import (
	"runtime"
	"time"
)

// Lap is one timed stretch of work on the calling goroutine, from Start to
// Stop.
type Lap struct {
	cpu  time.Duration
	wall time.Time
}

// Start locks the calling goroutine to its OS thread, so that the thread's
// clock counts only this goroutine's work (and that of the C code it calls,
// such as OpenCV with one thread), and starts a lap. Every Start needs its
// Stop on the same goroutine.
func Start() Lap {
	runtime.LockOSThread()
	return Lap{cpu: threadCPU(), wall: time.Now()}
}

// Stop ends the lap: the thread CPU time and the wall-clock time since Start
// (both wall-clock time where ThreadCPU is false). It undoes Start's lock.
func (l Lap) Stop() (cpu, wall time.Duration) {
	c := threadCPU()
	wall = time.Since(l.wall)
	runtime.UnlockOSThread()
	if !ThreadCPU {
		return wall, wall
	}
	return c - l.cpu, wall
}
