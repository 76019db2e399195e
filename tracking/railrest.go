package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A cushion hit is told when a ball's fitted way reaches the cushion line, or
// all but reaches it (within the detections' noise: rail.go, railHit; the
// event is then short). A ball that met a cushion at any real speed comes
// back off it: its rest is clear of the line, or it met something else after.
// One whose way only all but reached a cushion and that ends the shot resting
// against it (within railRestGap of its line, either side: not in a mouth),
// nothing after the hit, crept up to it, and whether it touched is a matter of
// a millimetre the camera does not resolve.
// When that hit is what the ruling turns on (the only cushion after the first
// contact, rule 1.17), a person is asked: "ball N rests against the cushion it
// was told to hit". The judge drops the doubt when the shot without the hit
// gets the same ruling.
//
// Rendered bench, 14.1 seed 42 shot 61: the 15, cut slowly towards the
// head-right corner, came to rest 1.6 mm short of the right cushion in the
// pocket's mouth; its reads, 1.4 mm off across the cushion, put it 0.2 mm
// short, and a cushion hit was told (157 mm/s into it, within the tolerance):
// a no-rail foul ruled a legal shot, unasked.

// railRestGap (mm): a ball resting this near a cushion's line rests against
// it, for the camera.
const railRestGap = 3.0

// railRestDoubt returns the doubt and its other reading when a cushion hit told
// short after t1 (the first contact) is of a ball that then rests against
// that cushion with nothing told of it after the hit.
func (k *Tracker) railRestDoubt(rec *shot.Shot, t1 float64) (string, []*shot.Shot) {
	if rec == nil {
		return "", nil
	}
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.RailHit || !e.short || e.t < t1 || e.a < 0 {
			continue
		}
		tr := &k.tracks[e.a]
		if !tr.used || !tr.confirmed || tr.moving || tr.gone || tr.ball < 0 {
			continue
		}
		g := k.tab.RailDistance(tr.rest, e.rail)
		if math.Abs(g) >= railRestGap || k.eventAfter(e.a, e.t) {
			continue
		}
		b, rt, rail := tr.ball, e.t-k.strikeT, string(e.rail)
		if k.trace != nil {
			k.trace("%.4f railRest: track %d ball %d rests %.1f mm off the %s cushion it was told to hit at %.4f (told short)", k.lastT, e.a, tr.ball, g, rail, e.t)
		}
		alt := withoutEvents(rec, func(x shot.Event) bool {
			return x.Kind == shot.RailHit && x.Ball == b && x.Rail == rail && math.Abs(x.T-rt) < 1e-3
		})
		return fmt.Sprintf("ball %d rests against the cushion it was told to hit (%.0f mm off): it may have stopped short", b, math.Max(0, g)), []*shot.Shot{alt}
	}
	return "", nil
}

// eventAfter reports whether track i has a contact or cushion hit (not
// cancelled) told after t.
func (k *Tracker) eventAfter(i int, t float64) bool {
	for j := range k.events {
		o := &k.events[j]
		if o.cancel || o.t <= t || o.kind != shot.RailHit && o.kind != shot.Contact {
			continue
		}
		if o.a == i || o.kind == shot.Contact && o.b == i {
			return true
		}
	}
	return false
}
