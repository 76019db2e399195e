package cpuclock

import (
	"time"

	"golang.org/x/sys/unix"
)

// ThreadCPU says whether Lap.Stop's cpu figure is the thread's CPU time (true)
// or wall-clock time.
const ThreadCPU = true

// threadCPU is the calling thread's CPU time (user and system). The clock
// cannot fail for the calling thread; were it to, the lap would read 0.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
