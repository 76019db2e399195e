//go:build !linux

package cpuclock

import "time"

// ThreadCPU says whether Lap.Stop's cpu figure is the thread's CPU time (true)
// or wall-clock time.
const ThreadCPU = false

func threadCPU() time.Duration { return 0 }
