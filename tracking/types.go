// Package tracking turns per-frame ball detections in table millimetres into the
// shot log: it holds every ball's identity through occlusion and fast motion,
// decides when each ball moves and rests, times the events of a shot (strike,
// contact, rail, pocket, off_table, touch, moving, stop) to a fraction of a frame by
// fitting each ball's path between events, and cuts the stream into shot.Shot
// records (and shot.Lag records when a lag is due) as soon as every ball is at rest.
//
// The tracker is a streaming state machine: feed it one frame at a time with Push
// or PushFrame; it answers with the live events and records that frame completed.
// A live event is told twice: provisionally on the first frame that shows it
// (OutProvisional, for a scoreboard that must not wait), and confirmed a few
// frames later (OutEvent); the shot record carries the final events and times.
// It is pure Go with no dependency on the vision code, so it builds with
// CGO_ENABLED=0 for any GOARCH; callers convert their detections to Obs.
package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Class is the colour class a detector saw on a ball.
type Class int

// Colour classes.
const (
	ClassUnknown Class = iota
	ClassCue
	ClassEight
	ClassSolid
	ClassStripe
)

// Obs is one ball detection in one frame.
type Obs struct {
	Ball       int         // 0 cue, 1–15, −1 when the detector is unsure of the number
	At         table.Point // centre on the bed, mm
	Confidence float64     // 0–1; weight of the identity evidence (0 is taken as 1)
	Class      Class       // colour class, evidence when Ball is −1
	Moving     bool        // the detector saw a motion streak
}

// Region is an axis-aligned box of the bed, in mm, that the camera could not see in a
// frame (an arm, a cue, a player leaning over the table).
type Region struct{ Min, Max table.Point }

// Contains reports whether p lies in r grown by margin.
func (r Region) Contains(p table.Point, margin float64) bool {
	return p.X >= r.Min.X-margin && p.X <= r.Max.X+margin && p.Y >= r.Min.Y-margin && p.Y <= r.Max.Y+margin
}

// Frame is one camera frame: its time (seconds of source time, at mid-exposure),
// the detections, and optionally the occluded regions.
type Frame struct {
	T        float64
	Obs      []Obs
	Occluded []Region
}

// Config sets up a Tracker. The zero values of the optional fields take defaults.
type Config struct {
	Table table.Table
	// FPS is the nominal frame rate (default 60); it scales windows and gates.
	FPS float64
	// Sigma is the detector's position noise for a ball at rest, in mm (default 1.5).
	Sigma float64
	// SigmaMoving is the position noise of a moving, blurred ball (default 2.5).
	SigmaMoving float64
	// RestBias is how far, in mm per axis, the detector may read a ball at
	// rest from its true place the same way frame after frame, so that the
	// mean of its reads is off by it (default 2, the vision package's
	// detector on rendered frames; negative: a detector without such a
	// bias). A contact with a ball at rest is timed with its rest point free
	// by that much (restbias.go).
	RestBias float64
	// Balls are the balls in play (default 0–15); identities outside it are ignored.
	Balls []int
	// SlideDecel is how fast the cloth slows a ball that slides on it, μg in
	// mm/s² (default 1962: μ 0.2). A ball struck from rest slides off at first;
	// its contact is timed by it.
	SlideDecel float64
	// Exposure is the camera's exposure time, s (default half the frame
	// time): a moving ball's detection is its mean over it, so a detection
	// within half of it of a contact may hold the ball on both sides of it.
	// A contact is timed without those.
	Exposure float64
	// Trace, when set, is told the tracker's decisions as they are made (starts,
	// breaks, rests, pockets), for debugging.
	Trace func(format string, args ...any)
	// Judge, when set, is asked whether a doubt about the shot's first ball
	// can change its ruling; one that cannot is not flagged for review (see
	// Judge). The tracker calls it as a shot ends, on the goroutine that
	// pushes frames. A HandJudge is also asked, between shots, whether the
	// cue ball was in hand (holedrop.go).
	Judge Judge
}

// debugf is the default Trace (set by the package's tests from TRACKDEBUG).
var debugf func(format string, args ...any)

// OutputKind says what an Output carries.
type OutputKind int

// Output kinds.
const (
	OutEvent OutputKind = iota + 1 // a live event, as soon as it is known
	OutShot                        // a finished shot
	OutLag                         // a finished lag
	// OutProvisional is a live event told on the first frame that shows it,
	// before the tracker is sure of it (a strike, contact, rail or pocket): for
	// a live scoreboard that must not wait. The OutEvent that confirms it
	// follows a few frames later, with a better time; when none follows, it
	// was withdrawn. The shot record, written when the shot ends, carries the
	// final events and times: it alone is for the rules. Callers that want
	// only sure events ignore this kind.
	OutProvisional
)

// Output is one thing the tracker says: a live event or a finished record.
type Output struct {
	Kind OutputKind
	// T is the source time the output refers to: the event's time for OutEvent
	// and OutProvisional, the stroke's time for OutShot and OutLag.
	T float64
	// Event is the live event (OutEvent, OutProvisional), its T relative to the
	// stroke (or to the start of the lag).
	Event shot.Event
	Shot  *shot.Shot
	Lag   *shot.Lag
}

func (c *Config) fill() error {
	if err := c.Table.Validate(); err != nil {
		return fmt.Errorf("tracking: %v", err)
	}
	if c.FPS == 0 {
		c.FPS = 60
	}
	if c.Sigma == 0 {
		c.Sigma = 1.5
	}
	if c.SigmaMoving == 0 {
		c.SigmaMoving = 2.5
	}
	if c.SlideDecel == 0 {
		c.SlideDecel = slideDecel
	}
	switch {
	case c.RestBias == 0:
		c.RestBias = defaultRestBias
	case c.RestBias < 0:
		c.RestBias = 0
	case !(c.RestBias < 50):
		return fmt.Errorf("tracking: rest bias %g mm must be under 50", c.RestBias)
	}
	if c.Exposure == 0 {
		c.Exposure = 0.5 / c.FPS
	}
	switch {
	case !(c.SlideDecel > 0 && c.SlideDecel < 20000):
		return fmt.Errorf("tracking: sliding deceleration %g mm/s² must be in (0, 20000)", c.SlideDecel)
	case !(c.FPS >= 10 && c.FPS <= 1000):
		return fmt.Errorf("tracking: frame rate %g is outside 10–1000 fps", c.FPS)
	case !(c.Exposure > 0 && c.Exposure <= 1/c.FPS):
		return fmt.Errorf("tracking: exposure %g s must be in (0, %g] (a frame)", c.Exposure, 1/c.FPS)
	case !(c.Sigma > 0 && c.Sigma < 50), !(c.SigmaMoving > 0 && c.SigmaMoving < 50):
		return fmt.Errorf("tracking: noise %g/%g mm must be in (0, 50)", c.Sigma, c.SigmaMoving)
	}
	if c.Balls == nil {
		for b := 0; b <= 15; b++ {
			c.Balls = append(c.Balls, b)
		}
	}
	for _, b := range c.Balls {
		if !shot.ValidBall(b) {
			return fmt.Errorf("tracking: ball %d in play is not 0–15", b)
		}
	}
	return nil
}

func checkFrame(f *Frame, last float64, started bool) error {
	if math.IsNaN(f.T) || math.IsInf(f.T, 0) {
		return fmt.Errorf("tracking: frame time %v is not a number", f.T)
	}
	if started && f.T <= last {
		return fmt.Errorf("tracking: frame time %.6f s is not after the previous frame's %.6f s", f.T, last)
	}
	if len(f.Obs) > maxObs {
		return fmt.Errorf("tracking: %d detections in one frame (at most %d)", len(f.Obs), maxObs)
	}
	for i, o := range f.Obs {
		if o.Ball < -1 || o.Ball > 15 {
			return fmt.Errorf("tracking: detection %d: ball %d is not −1 or 0–15", i, o.Ball)
		}
		if math.IsNaN(o.At.X) || math.IsNaN(o.At.Y) || math.IsInf(o.At.X, 0) || math.IsInf(o.At.Y, 0) {
			return fmt.Errorf("tracking: detection %d: position %v is not a number", i, o.At)
		}
		if math.IsNaN(o.Confidence) || o.Confidence < 0 || o.Confidence > 1 {
			return fmt.Errorf("tracking: detection %d: confidence %v is outside 0–1", i, o.Confidence)
		}
		if o.Class < ClassUnknown || o.Class > ClassStripe {
			return fmt.Errorf("tracking: detection %d: unknown class %d", i, o.Class)
		}
	}
	return nil
}

// maxObs bounds the detections of one frame (balls plus false detections).
const maxObs = 64
