package tracking

import "github.com/cueref/cueref/shot"

// A ball that starts between shots with no stroke is told live as a touch
// (advance). But a stroke can be told provisionally before the cue ball shows
// its own start (provfrozen.go: a ball pressed against it, or beside it, seen
// leaving), and confirmed frames later; a ball met meanwhile by the struck one
// is the shot's, not a touch. Rendered seed 77, 14.1 shot 24: the cue ball,
// 8 mm from the 11, sent it off at the stroke and showed its own start 25
// frames later; the strike was told at once, but the 15, met by the 11 87 ms
// after the stroke, went out live as a touch, a ball moved between shots (the
// shot's record, once the stroke was confirmed, had no touch).
//
// So a touch of a ball that started within strikeHoldWin after a strike told
// provisionally is held: told, late, if the tracker is still between shots
// cueWait frames on (the strike was not one), dropped if the shot begins by
// then. So is one of a ball that left at a stroke's speed (fastStart): the
// cue ball's own start may yet show, or the ball roll off as a struck one
// does (strokeOnOther). The touch's change is handled as before: the shot's
// record is the same either way; only the live touch waits.

// strikeHoldWin (s): a ball that started this long after a strike told
// provisionally may still be the shot's (camera model seed 8, 14.1 shot 321:
// the cue ball pushed into a cluster, the stroke told provisionally and
// confirmed 0.5 s later; balls of the cluster started up to 0.46 s after it).
const strikeHoldWin = 0.5

// heldTouch is a live touch held back, and the frame it was due.
type heldTouch struct {
	frame int
	out   Output
}

// strikeTold reports whether a strike was told provisionally (and not yet
// confirmed: the tracker is between shots) within strikeHoldWin before t.
func (k *Tracker) strikeTold(t float64) bool {
	for _, p := range k.provs {
		if p.kind == shot.Strike && p.t <= t && t-p.t <= strikeHoldWin {
			return true
		}
	}
	return false
}

// tellHeld tells, between shots, the held touches due cueWait frames ago or
// more: no shot began for them.
func (k *Tracker) tellHeld() {
	n := 0
	for _, h := range k.heldTouches {
		if k.frame-h.frame >= cueWait {
			k.out = append(k.out, h.out)
			continue
		}
		k.heldTouches[n] = h
		n++
	}
	k.heldTouches = k.heldTouches[:n]
}

// releaseHeld drops, as a shot begins at its stroke t, the held touches that
// are the shot's (the ball started after the stroke, or about then), and
// tells the others (all of them for t = +Inf: the input ended between
// shots).
func (k *Tracker) releaseHeld(t float64) {
	for _, h := range k.heldTouches {
		if h.out.T < t-preStroke {
			k.out = append(k.out, h.out)
		}
	}
	k.heldTouches = k.heldTouches[:0]
}
