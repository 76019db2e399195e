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
//
// A crawl may roll on into a cushion by it: rendered 14.1, seed 47, shot 42,
// the cue ball came off the foot cushion by the foot-right corner at
// 140 mm/s and rolled on into the right cushion, stopping at 317.95 s. By
// the corner its reads stalled (the same place read again and again, 10-15 mm
// behind it, for 0.15 s), so it was taken for at rest at 316.73 s while it
// rolled at 130 mm/s; seen moving on 0.15 s later, it began a "shot" that hit
// the right cushion and went 74 mm: a no-contact foul, unflagged. So the
// crawl may meet cushions (no ball) near where it began, and may go as far
// as a ball at creepOnSpeed rolls before the cloth stops it. A ball at rest
// does not start by itself, and a stroke within creepOnGap of the rest is
// none a player can play; a stroke that met no ball, went less than
// creepOnReach and began where the last shot's ball came to rest, within
// creepOnGap, is that ball rolling on. (The cushion hit is lost with the
// record: the last shot's record, sent already, cannot take it.)
const (
	// creepOnGap (s): the shortest time between the end of a shot (the
	// tracker's rest, which comes early for a crawling ball) and a stroke.
	creepOnGap = 0.6
	// creepOnSpeed (mm/s): the fastest crawl taken for a rest: reads stalled
	// by a corner's shade hold a ball still at 130 mm/s (case above).
	creepOnSpeed = 150.0
	// creepOnReach (mm): how far a ball taken for at rest while it crawled
	// may go on: as far as a ball at creepOnSpeed rolls (rollDecel), 115 mm,
	// and the lag of the stalled reads it was taken to rest at. A struck
	// ball goes farther (the shortest stroke of the no-render bench that met
	// no ball moved the cue ball 300 mm).
	creepOnReach = creepOnSpeed*creepOnSpeed/(2*rollDecel) + noStrokeNudge
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
// having met no ball, and cushions only at rails (where they were hit), only
// rolled on from the last shot: see above. (lastAfter still holds the last
// shot's after: noStroke runs first.)
func (k *Tracker) creepingOn(b int, t0 float64, p, q table.Point, rails []*shot.Point) bool {
	if k.last.before == nil || k.last.end < 0 || t0-k.last.end > creepOnGap || t0 < k.last.end {
		return false
	}
	for _, a := range rails {
		if a == nil || a.P().Dist(p) > creepOnReach+k.R {
			return false
		}
	}
	from, ok1 := k.last.before[b]
	to, ok2 := k.lastAfter[b]
	if !ok1 || !ok2 {
		return false
	}
	still := k.noStrokeStill()
	return from.P().Dist(to.P()) > noStrokeNudge && p.Dist(to.P()) <= still && p.Dist(q) <= creepOnReach
}
