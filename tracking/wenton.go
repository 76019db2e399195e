package tracking

// A ball's track is taken for gone (pocketed, off the table) while the ball
// goes on under another track: a fast ball off a cushion by a corner, whose
// detections after the bounce a nameless track standing near there (one that
// followed an arm or a shadow) takes up while the ball's own track follows
// that track's false detections into the pocket; a ball rattled in a pocket's
// jaws that comes back out, unseen a few frames and then seen again with no
// number at first, so that a new nameless track starts on it. Either way the
// nameless track is read as the ball soon after, and the ball is on the table.

// wentOnLook (s): how long before its track's last detection the ball's way
// is compared with the other track's (a few frames of a fast ball's path).
const wentOnLook = 0.25

// wentOnLate (s): how long after a detection of the ball's own track the other
// track may pick the ball up there: a ball rattles in the jaws, unseen, for
// about a tenth of a second.
const wentOnLate = 0.3

// wentOn reports whether track x, which the detector now reads as the ball of
// track g, gone in the shot, took up g's ball: x had no identity at the stroke
// (a nameless track, or one born in the shot), and one of its detections in
// the shot lies within backGap of one of g's last ones, at most two frames
// before it or wentOnLate after it (see backOnTable).
func (k *Tracker) wentOn(x, g int) bool {
	if id, ok := k.beforeID[x]; ok && id >= 0 {
		return false // it was a ball of its own at the stroke
	}
	xt, gt := &k.tracks[x], &k.tracks[g]
	for j := len(gt.slog) - 1; j >= 0; j-- {
		gs := gt.slog[j]
		if gs.t < gt.last.t-wentOnLook {
			break
		}
		for _, xs := range xt.slog {
			if xs.t > gs.t+wentOnLate {
				break
			}
			if xs.t >= gs.t-2*k.dt && xs.p.Dist(gs.p) < backGap {
				return true
			}
		}
	}
	return false
}

// passStroke gives track x, which took up the ball of track g (see
// backOnTable), g's place at the stroke when x had none (it was born in the
// shot): the shot record's Before names the ball by the track that holds it
// at the end, and a ball missing from it would be taken for one that came
// onto the table in the shot (see appeared).
func (k *Tracker) passStroke(g, x int) {
	p, ok := k.before[g]
	if _, had := k.before[x]; had || !ok {
		return
	}
	k.before[x], k.beforeID[x] = p, k.beforeID[g]
	delete(k.before, g)
	delete(k.beforeID, g)
}
