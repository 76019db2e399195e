package tracking

// strikerFirst handles the start ci of the track taken for the cue ball when
// another track, not named the cue ball, left its rest a few frames before at a
// stroke's speed, a stroke's way, straight at where the "cue ball" rested: that
// ball was struck and drove (through the rack, at a break) into the ball taken
// for the cue ball, so the names are crossed. A striped ball turned white side
// up reads as the cue ball when the rack is first seen, and the real cue ball,
// its name taken, stays nameless; the shot would then begin a tenth of a second
// late at the rack, with the cue ball's stroke position in the rack (outside the
// kitchen, rule 1.7) and a stripe where the cue ball went. The two tracks trade
// their names (the identity votes go with them) and the shot begins at the
// earlier start. It reports whether it did.
func (k *Tracker) strikerFirst(ci int) bool {
	c := &k.chg[ci]
	for oj := range k.chg {
		oc := &k.chg[oj]
		if oj == ci || !oc.start || oc.done || oc.tr == c.tr || oc.t >= c.t-2*k.dt || c.t-oc.t > strikerWindow {
			continue
		}
		o := &k.tracks[oc.tr]
		if !o.used || o.gone || o.ball == 0 || oc.t-o.restT < strokeRested {
			continue
		}
		// Where it was when the "cue ball" started (its detection nearest
		// before).
		p, ok := o.at(c.t + 0.5*k.dt)
		if !ok || p.t <= oc.t {
			continue
		}
		way := oc.in.a.Dist(p.p)
		d0, d1 := oc.in.a.Dist(c.in.a), p.p.Dist(c.in.a)
		if way < strokeWay || way/(p.t-oc.t) < strokeOnOtherSpeed || d0-d1 < strikerStraight*way {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f striker first: track %d (ball %d) left at %.4f into the cue ball's track %d, started at %.4f: names traded", k.lastT, oc.tr, o.ball, oc.t, c.tr, c.t)
		}
		cue := &k.tracks[c.tr]
		cue.votes, o.votes = o.votes, cue.votes
		cue.ball, o.ball = o.ball, cue.ball
		cue.elim, o.elim = o.elim, cue.elim
		k.beginShot(oj)
		return true
	}
	return false
}

// strikerWindow (s): how long before the start of the ball taken for the cue
// ball the struck ball may have left (a break from the head string reaches the
// rack in a tenth of a second or more). strikerStraight: how much of its way
// it must have closed on where that ball rested (straight at it).
const (
	strikerWindow   = 0.3
	strikerStraight = 0.8
)

// at is the track's newest detection at or before t.
func (tr *track) at(t float64) (sample, bool) {
	for j := 0; j < min(tr.nh, len(tr.hist)); j++ {
		if s := tr.hist[(tr.nh-1-j)%len(tr.hist)]; s.t <= t {
			return s, true
		}
	}
	return sample{}, false
}
