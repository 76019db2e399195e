package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A provisional event told from a detection is told again, re-timed, when a
// path later puts it well apart from the time it was told at. On rendered
// frames a ball's detection shifts as another ball (or the cue, or a shadow)
// comes next to it, so a ball at rest is read off its rest point, or a mover
// off its path near a cushion, a frame or three before the contact or the
// cushion hit really comes: the event is told early, half a frame before that
// detection. The paths that then show it on time (the striker's path coming to
// touch the ball, provStriker and provMet; the path into the cushion,
// provCushion) were taken for the same event told again, so the confirmed
// event, timed from the paths too, matched no provisional one and was first
// told only when confirmed, several frames late. Told again at the path's
// time, the scoreboard has it on time; the early one is withdrawn. An event
// told from a path is not re-timed (neither by a later path nor by a
// detection): those drift after the event (the detections after a bounce or
// a hit), and told again they would mostly be withdrawn, or tell later what
// was told on time.

// provBy says what timed a provisional event.
type provBy int

const (
	provByDetection provBy = iota // half a frame before one detection
	provByPath                    // a path (or the paths of two balls that met)
)

// provRetime (s): a provisional event timed from a path this far from the
// time the same event was told at from a detection (but within the
// same-event window) re-times it: a frame and a half at 60 fps, beyond the
// spread of a provisional time.
const provRetime = 0.025

// provToldNear reports whether a provisional event of kind of tracks a and b
// (on rail) at t, timed by by, was told already: one of the same kind and
// tracks within same of t, not spent (provSpent), unless it was timed from a
// detection, by from a path, and t is provRetime or more from it.
func (k *Tracker) provToldNear(kind string, a, b int, t float64, rail string, same float64, met bool, by provBy) bool {
	var near *prov
	for _, p := range k.provs {
		if p.kind != kind || !(p.a == a && p.b == b || p.a == b && p.b == a) || p.rail != rail || math.Abs(p.t-t) >= same || k.provSpent(p, t, met) {
			continue
		}
		if math.Abs(p.t-t) < math.Min(same, provRetime) || p.by >= by && !k.provShort(p, t) {
			return true
		}
		near = &p
	}
	if near != nil && k.trace != nil {
		k.trace("%.4f provisional %s track %d %d at %.4f (by %d) re-timed to %.4f (by %d)", k.lastT, kind, a, b, near.t, near.by, t, by)
	}
	return false
}

// provShort reports whether provisional cushion hit p, timed from a path, was
// told before the ball got there: its detections from p's time up to t, a
// later telling's (three or more, provRetime or more after p), still close on
// the cushion. Default bench at 120 fps, 8-ball shot 4: the 6, slowing along
// the left cushion at a slant, was told on it at 38.4018 from a path fitted
// to 7 detections; it was read 8.6, 7.2 and 3.3 mm off the line after that
// and met it at 38.4739. Its path told the hit again at 38.4697, but that
// was taken for the early one told again, and the hit was first told when
// confirmed, 7 frames late.
func (k *Tracker) provShort(p prov, t float64) bool {
	if p.kind != shot.RailHit || p.by != provByPath || t-p.t < provRetime {
		return false
	}
	var w []sample
	for _, x := range k.tracks[p.a].slog {
		if x.t > p.t && x.t <= t {
			w = append(w, x)
		}
	}
	return len(w) >= 3 && k.closesOn(w, table.Rail(p.rail))
}

// provPathRail tells the provisional cushion (or jaw) hit of track i at t that
// its path says it met (provCushion).
func (k *Tracker) provPathRail(i int, t float64, e shot.Event) {
	k.tellBy(shot.RailHit, i, -1, t, e, false, provSame, provByPath)
}
