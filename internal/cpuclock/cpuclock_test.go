package cpuclock

import (
	"testing"
	"time"
)

// TestLap checks that a lap's CPU time counts work and not waiting: a lap
// spent asleep costs next to no CPU while its wall-clock time covers the
// sleep, and a lap spent computing costs CPU time, never more than its
// wall-clock time (one thread cannot run longer than the lap lasted).
func TestLap(t *testing.T) {
	const nap = 50 * time.Millisecond
	l := Start()
	time.Sleep(nap)
	cpu, wall := l.Stop()
	if wall < nap {
		t.Errorf("asleep: wall got %v, want ≥ %v", wall, nap)
	}
	if ThreadCPU && cpu > nap/10 {
		t.Errorf("asleep: cpu got %v, want ≤ %v (the thread did not run)", cpu, nap/10)
	}

	l = Start()
	x := 1.0
	for i := 0; i < 20_000_000; i++ {
		x = x*1.0000001 + 1e-9
	}
	cpu, wall = l.Stop()
	if x == 0 {
		t.Fatal("unreachable: keeps the loop")
	}
	if cpu <= 0 {
		t.Errorf("busy: cpu got %v, want > 0", cpu)
	}
	// The two clocks tick apart by up to a microsecond or so.
	if cpu > wall+time.Millisecond {
		t.Errorf("busy: cpu got %v, want ≤ wall %v", cpu, wall)
	}
}

// BenchmarkLap is the cost of timing a stretch of work (Start and Stop), by
// the same clocks: next to a frame's 3–4 ms it must be negligible. (On this
// project's 2-core VM: about 2.4 µs of CPU a lap, two clock_gettime system
// calls; the wall-clock figure grows with the machine's load.)
func BenchmarkLap(b *testing.B) {
	outer := Start()
	for i := 0; i < b.N; i++ {
		l := Start()
		l.Stop()
	}
	cpu, wall := outer.Stop()
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/lap")
	b.ReportMetric(float64(wall.Nanoseconds())/float64(b.N), "wall-ns/lap")
}
