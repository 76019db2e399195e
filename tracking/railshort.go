package tracking

import (
	"fmt"
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// railShortGap (mm): a cushion hit told where the ball's centre, at the hit,
// lay this far or more from touching the cushion rests on detections that
// never reached it. The tracker takes a path that comes within railSlack of
// a cushion and bends for a hit (the detector reads balls at a cushion short
// of it), but a ball rolling along a cushion that the detector misplaces
// towards it for a few frames bends the same way (seed 9, 10-ball shot 21:
// five reads of the 7 put 18 mm towards the left cushion, a hit told 8 mm
// short of it, and a no_rail foul, rule 3.8, went uncalled and unflagged).
const railShortGap = 6.0

// railShortDoubt returns why a cushion hit after the cue ball's first
// contact in rec was told short of its cushion (see railShortGap), with the
// reading of rec without it, or "" when there is none. The judge keeps the
// doubt only when the hit decides the ruling.
func (k *Tracker) railShortDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	fi := firstOf(rec)
	if fi < 0 {
		return "", nil
	}
	for i, e := range rec.Events {
		if i <= fi || e.Kind != shot.RailHit || e.At == nil {
			continue
		}
		gap := k.tab.RailDistance(e.At.P(), table.Rail(e.Rail)) + k.R
		if gap < railShortGap {
			continue
		}
		cp := clone(rec)
		cp.Events = slices.Delete(cp.Events, i, i+1)
		return fmt.Sprintf("ball %d's %s cushion hit told %.0f mm short of the cushion", e.Ball, e.Rail, gap), []*shot.Shot{cp}
	}
	return "", nil
}
