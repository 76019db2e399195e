package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A break is struck at a full rack: every ball of the game is on the table
// at the stroke. A ball the tracker never named there (a nameless track in
// the rack, its number read as another's) and did not have on the table after
// the shot is in neither the record's Before nor its After, and nothing of it
// is told: vanishedDoubt, which looks at the balls of Before, does not see it,
// and for the rules it never moved. Camera model at 30 fps, seed 30, 9-ball
// shot 200: the 2, racked as soon as the last rack ended, was read as the 4
// and left nameless; the break sent it off the table, and the break was ruled
// legal, unasked, where the truth is object_ball_off_table (seeds 45 and 47,
// 9-ball shot 186, the same).

// rackGoneDoubt returns the review reason for the first ball of the game
// lost so in a break, and rec read with that ball off the table; "" when none
// was. Only when the stroke found a rack put down since the last shot (its
// balls rest where none rested after it: in 14.1 a cluster left of a rack
// played on, with a ball pocketed, is none) and the table held every object
// ball of the game, or all but one, on tracks named or not; and not while a
// nameless track stands on the table at the end: the ball may be that one,
// its number still unread.
func (k *Tracker) rackGoneDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	if !k.racked() {
		return "", nil
	}
	inPlay, racked := 0, 0
	for b := 1; b < 16; b++ {
		if k.inPlay[b] {
			inPlay++
		}
	}
	goneT := math.Inf(1)
	for i := range k.before {
		if i == k.strikeTr || i < 0 || i >= len(k.tracks) {
			continue
		}
		racked++
		if tr := &k.tracks[i]; k.beforeID[i] < 0 && tr.gone && tr.goneT >= k.strikeT {
			goneT = math.Min(goneT, tr.goneT-k.strikeT)
		}
	}
	if inPlay == 0 || racked < inPlay-1 || k.freshRack() < rackBalls {
		return "", nil
	}
	for i := range k.tracks {
		if tr := &k.tracks[i]; tr.used && tr.confirmed && !tr.gone && !tr.lifted && tr.ball < 0 && !k.overlapsKnown(i) && k.tab.OnBed(tr.rest) {
			return "", nil
		}
	}
	for b := 1; b < 16; b++ {
		if !k.inPlay[b] || told(rec, b) {
			continue
		}
		t := goneT
		if math.IsInf(t, 1) {
			t = lastEventT(rec)
		}
		why := fmt.Sprintf("ball %d of the rack not found at the break's stroke nor after it, and not seen to go", b)
		return why, []*shot.Shot{withEvent(rec, shot.Event{T: t, Kind: shot.OffTable, Ball: b})}
	}
	return "", nil
}

// freshRack counts the object balls at the stroke that rest where no ball
// rested after the last shot (farther than a radius from every place of its
// After): put down by hand since, as a rack is.
func (k *Tracker) freshRack() int {
	n := 0
	for i, p := range k.before {
		if i == k.strikeTr {
			continue
		}
		fresh := true
		for _, q := range k.lastAfter {
			if p.Dist(q.P()) < k.R {
				fresh = false
				break
			}
		}
		if fresh {
			n++
		}
	}
	return n
}

// told reports whether rec has ball b on the table at the stroke or after the
// shot, or an event of it.
func told(rec *shot.Shot, b int) bool {
	if _, ok := rec.Before[b]; ok {
		return true
	}
	if _, ok := rec.After[b]; ok {
		return true
	}
	for _, e := range rec.Events {
		if e.Kind == shot.Contact && (e.A == b || e.B == b) || e.Kind != shot.Contact && e.Kind != shot.Strike && e.Kind != shot.Stop && e.Ball == b {
			return true
		}
	}
	return false
}

// lastEventT is the time of rec's last event (0 with none).
func lastEventT(rec *shot.Shot) float64 {
	if n := len(rec.Events); n > 0 {
		return rec.Events[n-1].T
	}
	return 0
}
