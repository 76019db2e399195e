package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// Two doubts where the tracker's events, though each seen, may tell a ruling
// wrong with nothing flagged:
//
//   - the cue ball meets a cushion just before the first contact told, having
//     already passed within a diameter of that contact's ball on its way
//     there: a thin first kiss that barely stirred the ball, then the cushion,
//     then the real push, is told as cushion-then-contact (a no_rail foul,
//     rules 1.17 and 3.9, where the true order is legal); and the other way
//     round, a contact told just before a cushion the cue ball then left
//     towards that contact's ball (railNextDoubt);
//   - a ball told pocketed is read again on the table as the shot ends, and
//     its pocketing is taken back on the few detections of a trial the shot's
//     end cut short (ghost.go's endProbes): a detector's false reading beside
//     a ball at rest, two frames at one spot, passes it as well as a ball that
//     rattled out of the jaws.

// railOrderSpan (s): a cushion hit of the cue ball told this shortly before the
// first contact may be after it.
const railOrderSpan = 0.25

// railOrderDoubt says why the order of the cue ball's first contact f and a
// cushion hit of the cue ball told before it is in doubt, or "": the cushion
// came less than railOrderSpan before f, and before it the cue ball was seen
// within a diameter (and the noise) of where f's other ball then rested.
func (k *Tracker) railOrderDoubt(f *pevent) string {
	c, o, ok := k.cueAndOther(f)
	if !ok {
		return ""
	}
	rt := math.Inf(-1)
	for i := range k.events {
		e := &k.events[i]
		if !e.cancel && e.kind == shot.RailHit && e.a == c && e.t < f.t && e.t > rt {
			rt = e.t
		}
	}
	if f.t-rt > railOrderSpan {
		return ""
	}
	ot := &k.tracks[o]
	at := ot.rest
	switch {
	case ot.moved && ot.startT >= rt:
		at = ot.from // it left rest after the cushion: where it stood before
	case ot.moved:
		return "" // moving before the cushion: another doubt
	}
	near := 2*k.R + railOrderTol*k.cfg.SigmaMoving
	for _, s := range k.tracks[c].slog {
		if s.t >= k.strikeT && s.t < rt && s.p.Dist(at) < near {
			return fmt.Sprintf("cue ball cushion %.0f ms before the first contact, after passing within %.0f mm of ball %d", (f.t-rt)*1000, s.p.Dist(at)-2*k.R, max(ot.ball, 0))
		}
	}
	return ""
}

// railNextDoubt is railOrderDoubt the other way round: the cue ball's first
// contact f is told less than railOrderSpan before a cushion hit of the cue
// ball, f's other ball left its place only after that cushion, and the cue
// ball, off the cushion, was seen within a diameter (and the noise) of where
// that ball still stood: the contact may have come after the cushion, timed
// early from a start seen late (camera model at 30 fps,
// seed 39, 10-ball shot 145: the cue ball met the foot cushion and then the
// 9, resting 31 mm off it, 47 ms later; the 9's start, seen three frames
// late, was paired with the cue ball's way into the cushion, the contact told
// 18 ms before the cushion, and a safety with no cushion after the contact,
// a no_rail foul, was called legal, unasked).
func (k *Tracker) railNextDoubt(f *pevent) string {
	c, o, ok := k.cueAndOther(f)
	if !ok {
		return ""
	}
	rt := math.Inf(1)
	for i := range k.events {
		e := &k.events[i]
		if !e.cancel && e.kind == shot.RailHit && e.a == c && e.t >= f.t && e.t < rt {
			rt = e.t
		}
	}
	if rt-f.t > railOrderSpan {
		return ""
	}
	ot := &k.tracks[o]
	if !ot.moved || ot.startT <= rt {
		return "" // it left its place before the cushion: met before it
	}
	at := ot.from // where it stood until after the cushion
	near := 2*k.R + railOrderTol*k.cfg.SigmaMoving
	for _, s := range k.tracks[c].slog {
		if s.t > rt && s.t < rt+railOrderSpan && s.p.Dist(at) < near {
			return fmt.Sprintf("cue ball cushion %.0f ms after the first contact, then within %.0f mm of ball %d", (rt-f.t)*1000, s.p.Dist(at)-2*k.R, max(ot.ball, 0))
		}
	}
	return ""
}

// railNextReading lists the other reading of a railNextDoubt: the first
// contact of the cue ball came just after the cushion hit of the cue ball
// told first after it.
func railNextReading(rec *shot.Shot) []*shot.Shot {
	fi := firstOf(rec)
	if fi < 0 || strayBall(rec, -1) {
		return nil
	}
	for ri := fi + 1; ri < len(rec.Events); ri++ {
		if r := rec.Events[ri]; r.Kind == shot.RailHit && r.Ball == 0 {
			return []*shot.Shot{movedEvent(rec, fi, ri+1, r.T+1e-4)}
		}
	}
	return nil
}

// cueAndOther returns the cue ball's track and the other track of contact f,
// and whether f is a contact of the cue ball's track with a track.
func (k *Tracker) cueAndOther(f *pevent) (c, o int, ok bool) {
	c = k.strikeTr
	if c < 0 || c >= len(k.tracks) || (f.a != c && f.b != c) {
		return c, -1, false
	}
	o = f.a + f.b - c
	return c, o, o >= 0 && o < len(k.tracks)
}

// railOrderTol: the cue ball's detections count as within a diameter of the
// ball up to this many times the moving noise beyond it.
const railOrderTol = 3.0

// railOrderReading lists the other reading of a railOrderDoubt: the first
// contact of the cue ball came just before the cushion hit of the cue ball
// told last before it.
func railOrderReading(rec *shot.Shot) []*shot.Shot {
	fi := firstOf(rec)
	if fi < 0 || strayBall(rec, -1) {
		return nil
	}
	for ri := fi - 1; ri >= 0; ri-- {
		if r := rec.Events[ri]; r.Kind == shot.RailHit && r.Ball == 0 {
			return []*shot.Shot{movedEvent(rec, fi, ri, r.T-1e-4)}
		}
	}
	return nil
}

// backDoubt raises a review when track i's pocketing (or leaving the table),
// seen in this shot, is taken back on a trial cut short by the shot's end
// (probe.cut): whether it fell may decide the ruling (rules 1.17, 1.21 and
// the games' pocketed-ball rules). The other reading keeps the ball gone. (A
// full trial, a ball read in frame after frame, is believed without one.)
func (k *Tracker) backDoubt(i int, gone *pevent) {
	if k.phase != inShot || gone.t < k.strikeT {
		return
	}
	b := k.tracks[i].ball
	pe := *gone
	pe.cancel = false
	why := fmt.Sprintf("ball %d gone (%s), taken back on a few readings as the shot ended", b, pe.kind)
	if k.trace != nil {
		k.trace("%.4f back doubt track %d: %s", k.lastT, i, why)
	}
	k.raise(why, func(rec *shot.Shot) []*shot.Shot {
		if rec.Start == nil || strayBall(rec, -1) {
			return nil
		}
		ev, ok := k.toEvent(&pe, *rec.Start)
		if !ok {
			return nil
		}
		cp := withEvent(rec, ev)
		delete(cp.After, ev.Ball)
		return []*shot.Shot{cp}
	})
}
