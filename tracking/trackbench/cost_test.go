package trackbench

import (
	"math"
	"testing"
	"time"

	"github.com/cueref/cueref/internal/cpuclock"
)

// TestFrameCosts checks the per-frame cost figures: work done later on a
// frame's behalf (a ruling) counts in that frame, and in the CPU total.
func TestFrameCosts(t *testing.T) {
	r := &run{rep: &Report{}}
	for _, c := range []time.Duration{10, 20, 30, 40} {
		r.addFrame(FrameCost{CPU: c * time.Microsecond, Wall: 3 * c * time.Microsecond})
		r.rep.Frames++
	}
	r.addCost(1, FrameCost{CPU: 100 * time.Microsecond, Wall: 150 * time.Microsecond})
	r.addCost(-1, FrameCost{CPU: 50 * time.Microsecond}) // no frame: the total only
	r.frameCosts(r.rep)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"frame 1 cpu", r.frameUs[1], 120},
		{"frame 1 wall", r.frameWUs[1], 210},
		{"cpu p50", r.rep.FrameUsP50, 30},
		{"cpu max", r.rep.FrameUsMax, 120},
		{"wall p50", r.rep.FrameWallUsP50, 90},
		{"wall p99", r.rep.FrameWallUsP99, 210},
		{"frames per CPU second", r.rep.FramesPerCPUSecond, 4 / 250e-6},
	} {
		if math.Abs(c.got-c.want) > 1e-6*c.want {
			t.Errorf("%s: got %g, want %g", c.name, c.got, c.want)
		}
	}
	want := "wall"
	if cpuclock.ThreadCPU {
		want = "thread-cpu"
	}
	if r.rep.FrameClock != want {
		t.Errorf("clock: got %q, want %q", r.rep.FrameClock, want)
	}
}

// TestDetectAlone checks the figures of the detector timed alone: the
// nearest-rank percentiles of each set of per-frame times (here 1-100 µs
// alone, in the order given, and twice that shared), and the frames counted.
func TestDetectAlone(t *testing.T) {
	var alone, shared []time.Duration
	for i := 100; i >= 1; i-- {
		alone = append(alone, time.Duration(i)*time.Microsecond)
		shared = append(shared, time.Duration(2*i)*time.Microsecond)
	}
	var rep Report
	rep.SetDetectAlone(alone, shared)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"frames", float64(rep.DetectAloneFrames), 100},
		{"alone p50", rep.DetectAloneUsP50, 50},
		{"alone p95", rep.DetectAloneUsP95, 95},
		{"alone p99", rep.DetectAloneUsP99, 99},
		{"shared p50", rep.DetectSharedUsP50, 100},
		{"shared p99", rep.DetectSharedUsP99, 198},
	} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("%s: got %g, want %g", c.name, c.got, c.want)
		}
	}
}
