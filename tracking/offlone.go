package tracking

import "github.com/cueref/cueref/shot"

// A ball thrown over a cushion, and one stray read after. A ball struck off a
// cushion goes from view as it leaves the bed; its track, predicted on with
// nothing to hold it, may take a lone false detection well after (a faint blob
// by the cushion), and is lost from there half a second later: judged from
// that read, the ball was not hit just before it went (the hit is too long
// before its "last sight") and ran along the cushion, not into it, and was
// lost on the bed by the cushion with no event (lostByRail). The ball had gone
// off the table (cueref bench --racks 2 --seed 14, 9ball shot 43: ball 8,
// frozen to the left cushion, hit at 2.5 m/s, read twice leaving, unseen 0.28
// s, then one unnamed blob of no colour class 0.42 m along the cushion; called
// legal, unflagged, for object_ball_off_table). A single read cannot tell
// which it was: the black ball against a cushion is also read only now and
// then (offrail.go). So the ball is judged where it was seen before the gap:
// going over the cushion there (overRail), it is told off the table then, and
// the shot asks a person unless the ruling is the same with it on the table.

// offLoneGap (s): the read after this long unseen is a lone one. A fast ball
// is missed a frame or two at a time in its blur; a ball not read for a tenth
// of a second and more, with nothing hiding it, was not followed.
const offLoneGap = 0.15

// offLone handles moving track i, lost from view for a while, whose last
// detection came after it had been unseen offLoneGap or more (see above). When
// at its sighting before the gap the ball was by a cushion (lostByRail's
// conditions) and went over it (overRail), it is told off the table at that
// sighting, the call raised for review with its other readings, and it
// reports true. Otherwise the track is left as it was.
func (k *Tracker) offLone(i int) bool {
	tr := &k.tracks[i]
	if k.phase != inShot || tr.ball < 0 || tr.nh < 2 {
		return false
	}
	n := len(tr.hist)
	last, prev := tr.hist[(tr.nh-1)%n], tr.hist[(tr.nh-2)%n]
	if last != tr.last || last.t-prev.t < offLoneGap || prev.t < k.strikeT {
		return false
	}
	if _, gap := k.tab.NearestRail(prev.p); gap >= 2*k.R || tr.fit.vel(prev.t).Len() <= 500 {
		return false
	}
	tr.last = prev
	if !k.overRail(i) {
		tr.last = last
		return false
	}
	if k.trace != nil {
		k.trace("%.4f lone read of track %d ball %d at %v, %.3f s after it went over the cushion at %v", k.lastT, i, tr.ball, last.p, last.t-prev.t, prev.p)
	}
	k.goneEvent(i, shot.OffTable, prev.t, "", false)
	if !k.offTold(i) {
		return true // a phantom's track: no ball, no event, nothing to ask
	}
	b := tr.ball
	k.raise(goneWhy(b, shot.OffTable), func(rec *shot.Shot) []*shot.Shot { return goneReading(rec, b, shot.OffTable) })
	return true
}

// offTold reports whether an off_table event of track i stands in the shot.
func (k *Tracker) offTold(i int) bool {
	for j := range k.events {
		if e := &k.events[j]; e.kind == shot.OffTable && e.a == i && !e.cancel {
			return true
		}
	}
	return false
}
