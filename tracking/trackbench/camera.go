// Package trackbench measures the tracker against the simulator's ground truth: it
// plays simulated matches (sim.PlayMatch), turns their true motion into the
// detections a camera would give (noise, motion blur, dropouts, wrong numbers,
// occluding arms and cues), runs the tracker and the rules on them, and scores
// events, contact times, identities, first contacts and rulings against the truth.
//
// It is the tracker-only half of `cueref bench` (--no-render) and the ground-truth
// test of package tracking. It is pure Go.
package trackbench

import (
	"math"
	"math/rand"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// Camera is the model of what the detector reports from the true motion.
type Camera struct {
	FPS      float64 // frames per second
	Exposure float64 // s; a moving ball's detected centre is its mean over the exposure
	Sigma    float64 // position noise at rest, mm per axis
	// SigmaMoving is the extra noise of a moving ball's streak centre, mm per axis,
	// at 1 m/s (it grows with the streak's length).
	SigmaMoving float64
	Dropout     float64 // chance a visible ball is not detected in a frame
	Confuse     float64 // chance a detection carries a wrong number
	Unsure      float64 // chance a detection carries no number (−1)
	// Occluders: the cue and the bridge arm behind the cue ball around each stroke,
	// and now and then a player leaning over the table.
	Occluders bool
	// TellOccluded passes the occluded regions to the tracker (Frame.Occluded).
	TellOccluded bool
	LeanRate     float64 // chance per shot of a leaning player (an extra occluder)
	// Streaks sets Obs.Moving on moving balls (a detector that reports motion
	// streaks).
	Streaks bool
	// ClusterMiss is the chance a ball at rest touching another one is not
	// detected in a frame (a detector that cannot split a cluster).
	ClusterMiss float64
}

// DefaultCamera is a 1280×720 camera over a 9 ft table (2 mm a pixel) at fps,
// with the failings measured of cueref's detector on rendered frames (cueref
// bench): balls in a cluster often missed, numbers often unread or misread, no
// motion streaks.
func DefaultCamera(fps float64) Camera {
	return Camera{FPS: fps, Exposure: 1.0 / (2 * fps), Sigma: 1.0, SigmaMoving: 1.0, Dropout: 0.02,
		Confuse: 0.04, Unsure: 0.2, Occluders: true, TellOccluded: false, LeanRate: 0.1, ClusterMiss: 0.7}
}

// occluder is a box of the bed hidden from the camera during [from, to].
type occluder struct {
	from, to float64
	r        tracking.Region
}

// strokeOccluders are the cue and the bridge hand and arm behind the cue ball at a
// stroke at time t0 (absolute), aimed along angle: boxes covering a band 100 mm
// wide from 150 mm behind the ball's centre to 1 m behind it, from 1.5 s before
// until 0.25 s after the stroke. (The cue's shaft nearer the ball is too thin to
// hide it.)
func strokeOccluders(cue table.Point, angle, t0 float64) []occluder {
	d := table.Point{X: math.Cos(angle), Y: math.Sin(angle)}
	a := cue.Sub(d.Scale(150))
	b := cue.Sub(d.Scale(1000))
	const half = 50
	var out []occluder
	const parts = 6
	for i := 0; i < parts; i++ {
		p := a.Add(b.Sub(a).Scale(float64(i) / parts))
		q := a.Add(b.Sub(a).Scale(float64(i+1) / parts))
		out = append(out, occluder{from: t0 - 1.5, to: t0 + 0.25, r: tracking.Region{
			Min: table.Point{X: math.Min(p.X, q.X) - half, Y: math.Min(p.Y, q.Y) - half},
			Max: table.Point{X: math.Max(p.X, q.X) + half, Y: math.Max(p.Y, q.Y) + half},
		}})
	}
	return out
}

// observe appends to dst the detections of the balls in states (sampled at the
// start, middle and end of the exposure) that are not hidden.
func (c *Camera) observe(dst []tracking.Obs, a, m, b []sim.BallState, hidden func(table.Point) bool, rng *rand.Rand) []tracking.Obs {
	for j := range m {
		s := &m[j]
		if !s.OnBed || s.Gone || !a[j].OnBed || !b[j].OnBed {
			continue
		}
		if hidden != nil && hidden(s.Pos) {
			continue
		}
		if rng.Float64() < c.Dropout {
			continue
		}
		if c.ClusterMiss > 0 && s.Vel.Len() == 0 && rng.Float64() < c.ClusterMiss {
			touching := false
			for i := range m {
				if i != j && m[i].OnBed && !m[i].Gone && m[i].Pos.Dist(s.Pos) < 2*table.BallRadius+3 {
					touching = true
					break
				}
			}
			if touching {
				continue
			}
		}
		centre := a[j].Pos.Add(b[j].Pos).Add(s.Pos.Scale(2)).Scale(0.25)
		speed := s.Vel.Len()
		if c.Exposure > 0 {
			speed = b[j].Pos.Dist(a[j].Pos) / c.Exposure
		}
		sig := c.Sigma + c.SigmaMoving*speed/1000
		centre = centre.Add(table.Point{X: rng.NormFloat64() * sig, Y: rng.NormFloat64() * sig})
		id := s.Ball
		switch u := rng.Float64(); {
		case u < c.Confuse:
			id = (id + 1 + rng.Intn(15)) % 16
		case u < c.Confuse+c.Unsure:
			id = -1
		}
		dst = append(dst, tracking.Obs{Ball: id, At: centre, Confidence: 0.9, Class: classOf(s.Ball), Moving: c.Streaks && speed*c.Exposure > 2})
	}
	rng.Shuffle(len(dst), func(i, j int) { dst[i], dst[j] = dst[j], dst[i] })
	return dst
}

func classOf(b int) tracking.Class {
	switch {
	case b < 0:
		return tracking.ClassUnknown
	case b == 0:
		return tracking.ClassCue
	case b == 8:
		return tracking.ClassEight
	case b < 8:
		return tracking.ClassSolid
	}
	return tracking.ClassStripe
}
