package trackbench

import (
	"time"

	"github.com/cueref/cueref/internal/cpuclock"
)

// FrameCost is time spent on one frame: CPU is the CPU time of the thread
// that did the work (cpuclock), Wall its wall-clock time. The per-frame
// figures are CPU times, so that a busy machine does not inflate a cost "per
// core"; the wall-clock ones are reported beside them.
type FrameCost struct {
	CPU, Wall time.Duration
}

// addFrame records the cost of a new frame.
func (r *run) addFrame(c FrameCost) {
	r.cpu += c.CPU
	r.frameUs = append(r.frameUs, us(c.CPU))
	r.frameWUs = append(r.frameWUs, us(c.Wall))
}

// addCost adds c to frame i's cost (work done later in the bench that the live
// referee does on that frame: the ruling of the shot it told).
func (r *run) addCost(i int, c FrameCost) {
	r.cpu += c.CPU
	if i >= 0 && i < len(r.frameUs) {
		r.frameUs[i] += us(c.CPU)
		r.frameWUs[i] += us(c.Wall)
	}
}

// frameCosts fills the report's per-frame cost figures.
func (r *run) frameCosts(rep *Report) {
	rep.FrameUsP50 = pct(r.frameUs, 0.50)
	rep.FrameUsP95 = pct(r.frameUs, 0.95)
	rep.FrameUsP99 = pct(r.frameUs, 0.99)
	rep.FrameUsMax = pct(r.frameUs, 1)
	rep.FrameWallUsP50 = pct(r.frameWUs, 0.50)
	rep.FrameWallUsP95 = pct(r.frameWUs, 0.95)
	rep.FrameWallUsP99 = pct(r.frameWUs, 0.99)
	rep.FrameClock = "wall"
	if cpuclock.ThreadCPU {
		rep.FrameClock = "thread-cpu"
	}
	if r.cpu > 0 {
		rep.FramesPerCPUSecond = float64(rep.Frames) / r.cpu.Seconds()
	}
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

// SetDetectAlone fills the report's figures of the detector timed alone from
// its per-frame CPU times, alone, and those of the same frames in the run,
// shared.
func (rep *Report) SetDetectAlone(alone, shared []time.Duration) {
	p := func(cpu []time.Duration) (p50, p95, p99 float64) {
		xs := make([]float64, len(cpu))
		for i, c := range cpu {
			xs[i] = us(c)
		}
		return pct(xs, 0.50), pct(xs, 0.95), pct(xs, 0.99)
	}
	rep.DetectAloneFrames = len(alone)
	rep.DetectAloneUsP50, rep.DetectAloneUsP95, rep.DetectAloneUsP99 = p(alone)
	rep.DetectSharedUsP50, rep.DetectSharedUsP95, rep.DetectSharedUsP99 = p(shared)
}
