package tracking

// A ball off the table at the stroke does not come back while the balls roll:
// a pocketed ball stays in its pocket, and nobody puts one back in the middle
// of a shot. A blob then read as such a ball is something else: a sleeve or an
// arm along a cushion read as a pocketed eight at 0.9 to 1 (rendered 9-ball,
// seed 76, shot 11; 10-ball, seed 76, shot 47), whose track, given the number
// on those reads, ran into a pocket's mouth and was told pocketed a second
// time. So in a shot, a track that was not on the table at the stroke takes
// the number of a ball that no track had on the table then (pocketed or off
// the table before it, or held by no track at all) only when its detections
// keep reading that number (readsAs): a ball the tracker lost before the
// stroke and finds again is read so within a few frames, and its events are
// named then. Not the cue ball (put back by hand after a scratch, it may be
// struck before its track is named), nor a track that was on the table at the
// stroke unnamed (a ball not read yet: rendered 8-ball, seed 41, the 14 at
// 201.5 s, pocketed by the cue ball; TestGhostFootRendered).

// offAtStroke reports whether ball b, down with track d−1 (d from downBalls; 0
// none), was off the table at the stroke of the shot under way, so that
// track i may not take it on the reads of a frame or two (mayTake).
func (k *Tracker) offAtStroke(i, b, d int) bool {
	if tr := &k.tracks[i]; k.phase != inShot || b == 0 || tr.ball == b || tr.gone && tr.goneT < k.strikeT {
		// (Which of the tracks gone before the stroke holds a number is
		// stalegone.go's matter.)
		return false
	}
	if _, ok := k.before[i]; ok {
		return false // on the table at the stroke itself (unnamed then)
	}
	if d != 0 && k.tracks[d-1].goneT >= k.strikeT {
		return false // went down in this shot: told gone wrongly, it comes back
	}
	if k.onStroke.t != k.lastT {
		k.onStroke.t, k.onStroke.on = k.lastT, [16]bool{}
		for j, x := range k.beforeID {
			if _, ok := k.before[j]; ok && x >= 0 && x < 16 {
				k.onStroke.on[x] = true
			}
		}
	}
	return !k.onStroke.on[b]
}

// onStroke caches, for a frame (t), which balls had a track on the table at
// the stroke (offAtStroke).
type onStroke struct {
	t  float64
	on [16]bool
}
