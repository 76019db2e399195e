package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
)

// A cushion of the cue ball told just after its first contact. Each is
// timed to a millisecond or two, by different fits (the contact by the two
// balls' paths, the cushion by the cue ball's path into it), and when the
// cue ball meets a ball near a cushion the two come within a few
// milliseconds: the order told may be the wrong one, and with it the ruling
// (rules 1.17 and 3.9: a cushion after the first contact is what saves a
// safety from a no_rail foul). No-render seed 6, 10-ball shot 240 (stroke at
// 1669.312 s): the cue ball met the right cushion 0.55 ms before the 5, which
// rested 8 mm from it; the tracker told the contact 3.9 ms before the
// cushion, a legal safety where the truth is a no_rail foul, unflagged. So a
// cushion of the cue ball told less than railPinchSpan after its first
// contact is a doubt, whose other reading has it come just before; the judge
// asks a person only when the two readings differ in ruling.

// railPinchSpan (frames): a cue ball's cushion told this shortly after its
// first contact may have come before it.
const railPinchSpan = 0.5

// railPinchDoubt says why the order of the cue ball's first contact in rec
// and its own cushion told just after it is in doubt, or "", with the other
// reading.
func (k *Tracker) railPinchDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	fi := firstOf(rec)
	if fi < 0 || strayBall(rec, -1) {
		return "", nil
	}
	f := rec.Events[fi]
	for ri := fi + 1; ri < len(rec.Events); ri++ {
		r := rec.Events[ri]
		if r.T-f.T > railPinchSpan*k.dt {
			break
		}
		if r.Kind != shot.RailHit || r.Ball != 0 {
			continue
		}
		why := fmt.Sprintf("cue ball cushion %.1f ms after the first contact: it may have come before it", 1000*(r.T-f.T))
		return why, []*shot.Shot{movedEvent(rec, ri, fi, f.T-1e-4)}
	}
	return "", nil
}
