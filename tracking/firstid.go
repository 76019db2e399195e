package tracking

import "fmt"

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

// renamedFirstWhy says why the first contact's ball, named by its track's
// number at the stroke (firstIDs), is in doubt when the track carries another
// number by the end of the shot, and that number; "" and −1 when it does not.
// The stroke's number is kept because a scramble may pass numbers between
// tracks; but a ball at rest re-racked or put back is read a few times only
// before the stroke, and its track may take a wrong number from a read or two
// that its reads in the shot then put right (no-render seed 1 at 30 fps,
// 14.1 shot 21: the re-racked 11 came back on the 9's old track, named the
// 9 at the stroke and the 11 a third of a second after it, 0.7 s before the
// cue ball met it: wrong_ball_first on a legal pot, unflagged). The judge
// asks a person when the other name rules otherwise.
func (k *Tracker) renamedFirstWhy() (string, int) {
	fi := k.firstCueContact()
	if fi < 0 {
		return "", -1
	}
	e := &k.events[fi]
	if !e.fixed {
		return "", -1
	}
	o, named := e.b, e.ids[1]
	if e.a != k.strikeTr {
		o, named = e.a, e.ids[0]
	}
	cur := k.tracks[o].ball
	if cur <= 0 || named <= 0 || cur == named {
		return "", -1
	}
	return fmt.Sprintf("ball %d (first contact) named so at the stroke, read as ball %d since", named, cur), cur
}
