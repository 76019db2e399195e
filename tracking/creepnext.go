package tracking

// Creeping on next to the cue ball. A ball of a shot that crawls at the end of
// it may be taken for at rest before it is (its reads stalled by a corner's
// shade), and when it is seen to move again its "start" comes between shots
// (creepon.go). When it crawls next to the resting cue ball, that start waits
// cueWait frames for the cue ball to start too and, the cue ball never
// starting, begins a shot struck "through" it (strikeThrough): a stroke with
// a contact of the cue ball and that ball, which noStroke does not take for
// the roll going on (creepingOn wants a record that met no ball).
//
// Rendered 8-ball, seed 49, after shot 35: the 8, met a second time by the
// cue ball in the head-right corner's mouth, rolled on at 80 mm/s towards the
// head cushion; its reads stalled 15 mm behind it (the same place read seven
// frames running), so it was taken for at rest at 270.40 s and the shot ended.
// Read at its true place again 0.19 s later (a jump of 20 mm: a "start" at
// 1260 mm/s), 11 mm (as read) from the cue ball, it began a shot struck
// through it at 270.59 s, the cue ball never moving: ruled legal and the
// next player's turn, unflagged, where no stroke was played.
//
// The cue ball did not move, and the ball that started is the one that had
// rolled in the last shot, starting within creepOnGap of that shot's end from
// where that shot left it: no player strikes that soon (creepon.go), and a
// ball at rest does not start by itself. So such a start, of a ball gone no
// farther than creepOnReach when it has waited out cueWait, is that ball
// rolling on: it begins no shot, as a hop of its reads (hopstart.go) does not.

// creptNext reports whether start c, of a ball next to the resting cue ball
// that waited cueWait for the cue ball to start, is that ball rolling on from
// the last shot (see above).
func (k *Tracker) creptNext(c *change) bool {
	tr := &k.tracks[c.tr]
	b := tr.ball
	if b <= 0 || k.last.before == nil || k.last.end < 0 || c.t < k.last.end || c.t-k.last.end > creepOnGap {
		return false
	}
	from, ok1 := k.last.before[b]
	to, ok2 := k.lastAfter[b]
	if !ok1 || !ok2 || from.P().Dist(to.P()) <= noStrokeNudge || c.in.a.Dist(to.P()) > k.noStrokeStill() {
		return false
	}
	now := tr.rest
	if tr.moving {
		now = tr.last.p
	}
	if now.Dist(c.in.a) > creepOnReach {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f crept next to the cue ball: track %d ball %d started at %.4f where the last shot, ended at %.4f, left it", k.lastT, c.tr, b, c.t, k.last.end)
	}
	return true
}
