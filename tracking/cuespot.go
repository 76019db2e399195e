package tracking

// The cue ball back on its spot. backOnSpot (liftspot.go) brings a lifted
// ball back where it vanished on a read there, but not the cue ball (in hand
// it is lifted and put down elsewhere again and again, cueplace.go), and not
// on a read that names another ball clearly. Between shots the shooter bends
// over the cue ball to address it: the detector loses it for a while, the cue
// ball is taken for lifted, and what it reads of the half-hidden, shaded ball
// may be black, "8" at 1.0. newTrack then gave the read to a pocketed ball
// of that number (its return on a clear read: comeback.go), back exactly
// where the cue ball vanished; the stroke started that ball, told a touch
// between shots of a ball just come back, and the shot was never told.
//
// A ball does not roll from elsewhere to stop exactly where another vanished,
// and a pocketed ball is not put back by hand there (spotted, it goes to the
// foot spot; re-racked, to the rack): between shots, a read taken by no track
// within the resting gate (4 (2σ+1), 16 mm) of the spot the cue ball was
// lifted from, read as the cue ball or naming a ball no track holds on the
// table (a pocketed one, or one long lost), is the cue ball back there, at
// the rest it had. Not a nameless read: the hand that picks the cue ball up
// to move it is read at its spot as a nameless ball (no-render seed 1 at
// 30 fps, 9-ball at 273.42 s: the cue ball in hand, brought back on such a
// read, was then not found where it was put down, and three shots were
// lost). (Picked up in hand and put down on its own spot,
// it is the cue ball all the same.) A read naming a ball a track holds on the
// table is left to the rest: balls do not overlap, but such a read says the
// detections are someone else's.
//
// Rendered bench seed 47, 14.1 shot 17 (stroke at 127.31 s): the cue ball,
// at rest at (154.4, 1172.2) by the head right corner, unseen from 125.38 s
// under the shooter and taken for lifted at 125.68; at 125.80 it was read
// again 0.7 mm from its rest as "8" at 1.0 (ball 8 pocketed long before), and
// ball 8's track came back there. At the stroke it started as the 8 ("started
// untouched after it came back between shots"), named 0 only at 127.92, and
// the shot (a pot of the 13, the cue ball on 13 and 4, 4 on 12) was lost
// whole: the tracker's records jump from the previous shot (ending at 124.52)
// to the next (135.45).

// cueBackOnSpot brings the lifted cue ball back at its rest on read o at t
// (see above); it reports whether it did.
func (k *Tracker) cueBackOnSpot(t float64, o *Obs) bool {
	if k.phase != idle {
		return false
	}
	if o.Ball < 0 || o.Ball > 0 && k.holder[o.Ball] != 0 {
		return false // nameless, or names a ball on the table
	}
	best, bd := -1, 4*(2*k.cfg.Sigma+1)
	for i := range k.tracks {
		x := &k.tracks[i]
		if !x.used || !x.confirmed || x.ball != 0 || !x.gone || !x.lifted {
			continue
		}
		if d := x.rest.Dist(o.At); d <= bd {
			best, bd = i, d
		}
	}
	if best < 0 || k.holder[0] != 0 {
		return false
	}
	tr := &k.tracks[best]
	if k.trace != nil {
		k.trace("%.4f cue back on its spot track %d: read %+v %.1f mm from its rest", t, best, *o, bd)
	}
	k.backAtRest(tr, t)
	if support(o, 0) > 0 {
		k.vote(tr, o)
	}
	return true
}

// After the cue ball came back on its spot, its first read in flight may still
// be the misread ("8" at 0.79, 48 mm from its rest: a little more than a
// ball's width less the noise margin, so not refused as overlapping it), and
// the pocketed ball comes back on it there, a frame before it "starts".
// cueTakeover sees that track carry the cue ball's path and hands the path to
// the cue ball, marking the ghost's start done; but frozenStart pairs any
// start by the cue ball, done or not, as a ball frozen to it, and the stroke
// fit (strokeTime) then timed the strike 0.83 s early against this contact of
// the cue ball with itself (seed 47 shot 17 told from 126.48 s, a shot where
// none was played). A ghost that never rested (fewer than restMin reads at
// rest since it was last put at rest) is no ball frozen to the cue ball: its
// start is the cue ball's own. (One that rested a while is left paired:
// rendered seed 25, 14.1 shot 42, ball 5 frozen to the cue ball, its path
// taken for the cue ball's by cueTakeover, is told as the first contact
// only through that pairing.)

// ghostNeverRested marks the starts of ghost track oi, whose path the cue
// ball's track i takes over, as the cue ball's own when the ghost never
// rested (see above).
func (k *Tracker) ghostNeverRested(i, oi int) {
	if k.tracks[oi].restW >= restMin {
		return
	}
	for j := range k.chg {
		if c := &k.chg[j]; c.tr == oi && c.start && c.partner < 0 {
			c.partner = i
		}
	}
}
