package tracking

// firstIDs names the balls of the shot's first contact by the numbers their
// tracks had at the stroke. Until its first contact the cue ball's track is the
// cue ball, and the ball it reaches first was at rest where it stood at the
// stroke; in the scramble that follows (a break, a cluster) either track may
// take another ball's number by the end of the shot, and the first contact,
// which decides the fouls of rule 3.8, would then name the wrong balls.
func (k *Tracker) firstIDs() {
	cue := k.strikeTr
	fi := k.firstCueContact()
	if fi < 0 {
		return
	}
	e := &k.events[fi]
	cueID, ok := k.beforeID[cue]
	if !ok || cueID < 0 {
		return
	}
	o := e.a + e.b - cue
	oID := -1
	if e.fixed {
		// Named already by the cue ball's way (see firstByPath).
		if e.a == o {
			oID = e.ids[0]
		} else {
			oID = e.ids[1]
		}
	} else if id, ok := k.beforeID[o]; ok && id >= 0 && !k.movingAtStroke(o) {
		oID = id
	} else {
		oID = k.tracks[o].ball
	}
	if oID < 0 || oID == cueID {
		return
	}
	if k.trace != nil && (k.tracks[cue].ball != cueID || k.tracks[o].ball != oID) {
		k.trace("%.4f first contact named at the stroke: balls %d-%d, not %d-%d", k.lastT, cueID, oID, k.tracks[cue].ball, k.tracks[o].ball)
	}
	if e.a == cue {
		e.ids = [2]int{cueID, oID}
	} else {
		e.ids = [2]int{oID, cueID}
	}
	e.fixed = true
}
