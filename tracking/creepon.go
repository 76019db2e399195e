package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Creeping on. A ball of a shot that crawls at the end of it (along a
// cushion, into a corner's jaws, its reads clamped and scattered there) may
// be taken for at rest before it is, and the shot ends. When it is then seen
// to move again, a few hundred milliseconds later, its "start" begins a shot
// of its own: a stroke that met nothing, ruled a foul (no contact) where no
// stroke was played. Rendered 9-ball, seed 23, shot 12: the cue ball crawled
// into the head-left corner after a pot; the tracker had it at rest at
// 92.22 s (the truth: 92.90 s), it "started" at 92.52 s from where it had
// come to rest, went 20 mm and stopped: a no-contact foul, unflagged.
//
// No player strikes a ball within creepOnGap of the balls coming to rest: he
// must get down on the shot first (the simulated players never strike within
// two seconds; a quick player at a table needs at least one). So a record
// that began within creepOnGap of the last shot's end, by a ball that moved
// in that shot and began this one where that one left it, in which it met
// nothing, went no farther than creepOnReach, and nothing else moved, is that
// shot's roll going on, not a stroke: it is not sent (noStroke). The last
// shot's record, sent already, keeps the ball a few centimetres short of where
// it came to rest; the next shot's record begins where it did.
const (
	// creepOnGap (s): the shortest time between the end of a shot (the
	// tracker's rest, which comes early for a crawling ball) and a stroke.
	creepOnGap = 0.6
	// creepOnReach (mm): how far a ball taken for at rest while it crawled
	// may go on: a crawl is slower than 100 mm/s, so for the gap and the
	// stop after it, about a ball's diameter.
	creepOnReach = 60
)

// lastShot is what creepingOn keeps of the last shot record: when it ended
// (its stop event) and where its balls began.
type lastShot struct {
	end    float64
	before shot.Positions
}

// noteShotEnd keeps rec, a shot record just finished (sent or not), for
// creepingOn.
func (k *Tracker) noteShotEnd(rec *shot.Shot) {
	k.last = lastShot{end: -1}
	if rec.Start == nil {
		return
	}
	for _, e := range rec.Events {
		if e.Kind == shot.Stop {
			k.last = lastShot{end: *rec.Start + e.T, before: rec.Before.Clone()}
		}
	}
}

// creepingOn reports whether ball b, struck at t0 from p and come to rest at q
// having met nothing, only rolled on from the last shot: see above.
// (lastAfter still holds the last shot's after: noStroke runs first.)
func (k *Tracker) creepingOn(b int, t0 float64, p, q table.Point) bool {
	if k.last.before == nil || k.last.end < 0 || t0-k.last.end > creepOnGap || t0 < k.last.end {
		return false
	}
	from, ok1 := k.last.before[b]
	to, ok2 := k.lastAfter[b]
	if !ok1 || !ok2 {
		return false
	}
	still := k.noStrokeStill()
	return from.P().Dist(to.P()) > noStrokeNudge && p.Dist(to.P()) <= still && p.Dist(q) <= creepOnReach
}
