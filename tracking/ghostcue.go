package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
)

// A gone ball "back" at the stroke for a frame, between the cue ball and the
// ball it is about to strike, is most often the cue ball itself: struck hard,
// it is a streak the detector reads, once, as the pocketed ball's number (the
// cue ball's track, left at rest, does not take it). The ball it strikes
// leaves rest at once, beside that false detection, and its start is told as
// a contact with the ghost. When the trial finds the ghost (ghostGone), its
// contacts are dropped, and the ball's start is left unexplained: the shot's
// first contact is lost, and a later one of the cue ball is taken for it
// (rendered seed 53, 8-ball shot 4: the cue ball, 180 mm from the 12, hits it
// 17 ms after the stroke at 8.8 m/s; the pocketed 15 is read once at
// (2423, 1087), 95 mm along the cue ball's way, the 12's start is told as a
// 12–15 contact, dropped with the ghost, and the first contact is told as the
// 13, 7.7 s later: no rail after contact).
//
// ghostCue gives such a contact to the cue ball: the ghost came back within
// ghostCueWin of the stroke, the contact (its partner leaving rest) is as
// near the stroke, before any contact of the cue ball, and nothing else set
// the partner off. No other ball moves at the stroke to strike it.
func (k *Tracker) ghostCue(i int) {
	tr := &k.tracks[i]
	cue := k.strikeTr
	if k.phase != inShot || cue < 0 || cue == i || math.Abs(tr.probe.t-k.strikeT) > ghostCueWin {
		return
	}
	if fi := k.firstCueContact(); fi >= 0 {
		return // the cue ball's first contact is told
	}
	for n := range k.events {
		e := k.events[n]
		if e.cancel || e.kind != shot.Contact || e.seq <= tr.probe.seq || (e.a != i && e.b != i) {
			continue
		}
		o := e.a + e.b - i
		if o == cue || math.Abs(e.t-k.strikeT) > ghostCueWin || k.movingAtStroke(o) {
			continue
		}
		if _, ok := k.before[o]; !ok || k.startTold(o, i) {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f ghost track %d at the stroke: its contact with track %d at %.4f is the cue ball's (track %d)", k.lastT, i, o, e.t, cue)
		}
		c := pevent{t: math.Max(e.t, k.strikeT), kind: shot.Contact, a: cue, b: o, at: e.at, hasAt: e.hasAt, still: -1}
		k.addEvent(c)
		return
	}
}

// startTold reports whether a live contact of track o with a track other
// than ghost i is told.
func (k *Tracker) startTold(o, i int) bool {
	for _, e := range k.events {
		if !e.cancel && e.kind == shot.Contact && (e.a == o || e.b == o) && e.a != i && e.b != i {
			return true
		}
	}
	return false
}

// ghostCueWin (s): see ghostCue (six frames at 60 fps).
const ghostCueWin = 0.1
