package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Balls placed by hand together. noStroke (nostroke.go) drops a record whose
// struck ball alone moved, met nothing, and got to where it ended too soon
// for the cloth to have stopped it there: the cue ball in hand put down
// elsewhere. A re-rack moves more than the cue ball at once: the simulator
// (and, less quickly, a person) puts the balls back in the rack and the cue
// ball in the kitchen between two games, and a ball still on the table may
// be taken from where it lay to the rack, next to the others. Its track
// jumps there as the cue ball's does, its "start" is paired with a ball
// racked beside it as a contact, and the record, with another ball moved
// and a contact, is no hand move for noStroke: a stroke that met nothing
// but the rack's ghost. Rendered bench, 9-ball seed 45, at 113.10 s (the
// 9 pocketed at 105.12 s, the break at 115.19 s): in one frame the racked
// balls came back, the cue ball's track jumped 169 mm from (462.8, 634.9) to
// (603.9, 541.8) and ball 8's 235 mm from (1774.1, 530.7) to the rack at
// (2004.6, 576.9), both within the jump gate of a ball at rest (240 mm a
// frame at 60 fps) and both read at rest there from then on; a "shot"
// struck at 113.10 with a contact of the 8 and the 9 and a stop 0.05 s
// later, ruled an illegal break with no contact, unflagged.
//
// No ball rolled there. A ball that covers d from its rest and is read at
// its end place to stay t after the stroke slowed on average by 2d/t² or
// more; one that needed more than noStrokeDecel times SlideDecel did not
// roll there, it was put there (handJumped's test, applied to each ball):
// the cue ball's 169 mm in a frame is 1,200 m/s², the cloth gives 2 m/s².
// A stroke moves at least one ball that rolls: the cue ball, or the ball it
// stopped dead on (a stun shot's cue ball jumps and stands too), which runs
// on for a while or drops. So when every ball that ended elsewhere than it
// began (the struck ball among them) got to its end place that fast and
// was read there, still, rackPlacedReads times or more, none was struck,
// and the record is no stroke: its contacts and cushion hits, which join
// only balls that never rolled, are the jumps' (a ball placed beside
// another read as having met it). Nothing may have been pocketed, gone off
// the table, touched or been moving at the stroke (noStroke's own checks),
// every ball an event names must be in the record before and after, and
// the reads of each ball that moved must be its track's in the shot. The
// struck ball itself must have met nothing, no ball and no cushion: one
// told to have stopped dead on a ball that stayed (a stun shot into a ball
// held by a cushion) or at a cushion is left to noStroke's own tests.
//
// A stroke whose every moved ball the camera lost at once and found still
// elsewhere, as if placed, would be dropped too; none of the no-render
// bench's shots is such (seeds 1 and 2: every ruling, shot and event as
// before). Over rendered seeds 25 to 45 this record is the only one that
// changes (seed 45: one extra shot and one unflagged disagreement fewer).

// rackPlacedReads is how many reads of a ball at its end place, one after
// another from its first there, show it placed there to stay.
const rackPlacedReads = 3

// placedNoStroke returns why shot rec, struck on ball, is no stroke when it
// is balls put in place by hand (rackPlaced), "" otherwise; anyRolling: a
// ball was told moving at the stroke. The move is remembered as noStroke's
// own moves by hand are (k.handMove).
func (k *Tracker) placedNoStroke(rec *shot.Shot, ball int, anyRolling bool) string {
	if anyRolling || !k.rackPlaced(rec, ball) {
		return ""
	}
	k.handMove = handMove{ball: ball, from: rec.Before[ball].P()}
	return "placed by hand: every ball that moved got there too fast to have rolled"
}

// rackPlaced reports whether shot rec, struck on ball, is balls put in place
// by hand (see above): every ball that moved, ball among them, was put there.
func (k *Tracker) rackPlaced(rec *shot.Shot, ball int) bool {
	if rec.Start == nil {
		return false
	}
	for _, e := range rec.Events {
		if e.Kind == shot.Contact && (e.A == ball || e.B == ball || !inBoth(rec, e.A) || !inBoth(rec, e.B)) ||
			e.Kind == shot.RailHit && (e.Ball == ball || !inBoth(rec, e.Ball)) {
			return false
		}
	}
	still := k.noStrokeStill()
	struck := false
	for b, p := range rec.Before {
		q, ok := rec.After[b]
		if !ok {
			return false
		}
		d := p.P().Dist(q.P())
		if d <= still {
			continue
		}
		i := k.holderOf(b)
		if b == ball {
			i, struck = k.strikeTr, true
		}
		if i < 0 || !k.placedAt(i, b, q.P(), d, *rec.Start) {
			return false
		}
	}
	return struck
}

// inBoth reports whether ball b is in rec before and after.
func inBoth(rec *shot.Shot, b int) bool {
	_, ok1 := rec.Before[b]
	_, ok2 := rec.After[b]
	return ok1 && ok2
}

// holderOf is the live track that carries ball b, −1 if none.
func (k *Tracker) holderOf(b int) int {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if tr.used && tr.confirmed && !tr.gone && tr.ball == b {
			return i
		}
	}
	return -1
}

// placedAt reports whether track i, carrying ball b, which ended at q, d from
// where it was at the stroke t0, was read at q to stay too soon after t0 for a
// rolled ball to have stopped there, rackPlacedReads times or more.
func (k *Tracker) placedAt(i, b int, q table.Point, d, t0 float64) bool {
	if i < 0 || i >= len(k.tracks) || k.tracks[i].ball != b {
		return false
	}
	log, still := k.tracks[i].slog, k.noStrokeStill()
	n, at := 0, math.NaN()
	for j := len(log) - 1; j >= 0 && log[j].p.Dist(q) <= still; j-- {
		n, at = n+1, log[j].t-t0
	}
	if n < rackPlacedReads {
		return false
	}
	return at <= 0 || 2*d/(at*at) > noStrokeDecel*k.cfg.SlideDecel
}
