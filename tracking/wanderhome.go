package tracking

import (
	"slices"

	"github.com/cueref/cueref/shot"
)

// Wandering home. Between shots the shooter's arm and cue lie over the balls
// behind the cue ball, and the detector now and then reads the arm, not the
// ball under it, as that ball: the ball's track leaves its place untouched,
// follows the arm for a while and comes back to the very point it left when
// the arm goes (after the stroke). Taken at its word the track had the ball
// away from its place at the stroke and touched back in the shot: a foul
// (rule 1.19) where nothing was touched (rendered bench seed 15: 10-ball shot
// 42, ball 7 at (825, 1203) followed the arm 460 mm towards the head cushion
// and back; 14.1 shot 32, ball 4 at (1751, 1170) 130 mm and back: both
// "touched_ball", asked as "may have been moving at the stroke").
//
// A ball truly moved between shots and sent back in the shot does not stop
// within the detector's noise of where it rested before: a ball whose track
// started untouched between shots, met no ball in the shot and ends it at
// rest within 3σ+1 mm of where it rested before that start never left it.
// Its touches and cushion hits are dropped, and it stood there at the stroke.
// (Both balls above came to rest 0.2 mm from where they had left. Over the
// no-render bench, seeds 1 and 2, no ball came home so; in rendered seed 15
// only these two.)

// idleStart notes a start of the ball of change c between shots, with no
// stroke (told live as a touch): where it rested before its first such start
// since the last shot (home), and whether it came back by hand just before
// (handback.go).
func (k *Tracker) idleStart(c *change) {
	tr := &k.tracks[c.tr]
	if !tr.homeOK {
		tr.home, tr.homeOK = c.in.a, true
	}
	if tr.backIdle && c.t-tr.backT <= handSoon && k.backAlone(c.tr) {
		tr.handT = c.t
		if k.trace != nil {
			k.trace("%.4f track %d ball %d started untouched %.3f s after it came back between shots", k.lastT, c.tr, tr.ball, c.t-tr.backT)
		}
	}
}

// dropWanderHome undoes, as the shot ends, the wandering of every ball that
// came home (see above), and forgets the homes: each counts for the next
// shot only.
func (k *Tracker) dropWanderHome() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.homeOK {
			continue
		}
		tr.homeOK = false
		if !tr.used || tr.gone || tr.moving || tr.ball < 0 || i == k.strikeTr || tr.rest.Dist(tr.home) > 3*k.cfg.Sigma+1 || k.hasContact(i) {
			continue
		}
		if at, ok := k.before[i]; !ok || at.Dist(tr.home) <= 3*k.cfg.Sigma+1 {
			continue // it was home at the stroke: nothing wandered (see dropStayPut)
		}
		if k.trace != nil {
			k.trace("%.4f track %d ball %d came home to (%.1f, %.1f): at the stroke there, not at (%.1f, %.1f)", k.lastT, i, tr.ball, tr.home.X, tr.home.Y, k.before[i].X, k.before[i].Y)
		}
		k.dropMoves(i, shot.Touch, shot.RailHit, shot.Moving)
		k.before[i] = tr.home
	}
}

// dropMoves cancels the events of kinds of track i, the ball moving alone, and
// its doubts of moving at the stroke: it did not move.
func (k *Tracker) dropMoves(i int, kinds ...string) {
	for j := range k.events {
		e := &k.events[j]
		if !e.cancel && e.a == i && slices.Contains(kinds, e.kind) {
			e.cancel = true
		}
	}
	k.dropMovingDoubts(i)
}

// dropMovingDoubts forgets the doubts that track i's ball was moving at the
// stroke: it was not.
func (k *Tracker) dropMovingDoubts(i int) {
	n := 0
	for _, d := range k.doubts {
		if d.lost || d.tr != i {
			k.doubts[n] = d
			n++
		}
	}
	k.doubts = k.doubts[:n]
}
