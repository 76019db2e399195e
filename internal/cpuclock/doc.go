// Package cpuclock times a stretch of work by the CPU time of the thread that
// does it, so that a per-frame cost measured on a shared machine counts the
// work done and not the time other processes held the core (wall-clock time,
// which it also reports, grows with the machine's load). On Linux it reads
// CLOCK_THREAD_CPUTIME_ID with the goroutine locked to its thread; elsewhere
// it falls back to wall-clock time (ThreadCPU is false).
package cpuclock
