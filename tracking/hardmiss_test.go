package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestHardNearMissRendered: rendered 14.1, seed 69, shot 49 (stroke at
// 372.648 s). The cue ball, at 5.5 m/s, passed about 12 mm clear of the 4,
// frozen to the foot cushion by the foot-left corner, which never left its place; the
// cue ball went on round the table into the foot-right pocket: a no_contact
// foul with the scratch (rule 1.16). Its noisy path bent by the 4 and the
// bend was paired with it. A ball by a cushion met that hard leaves its
// place (metHard), so the contact is not told; with no judge the shot asks
// a person about it (nearmiss.go).
func TestHardNearMissRendered(t *testing.T) {
	const stroke = 372.6475
	s := renderedShot(t, "testdata/hardmiss-14.1-s69-rendered.json.gz", 15, stroke)
	for _, e := range s.Events {
		if e.Kind == shot.Contact && (e.A == 4 || e.B == 4) {
			t.Errorf("got contact %d-%d at %.3f s; want none with the 4; events:%s", e.A, e.B, e.T, fmtEvents(absEvents(s)))
		}
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 4, by a cushion") {
		t.Errorf("got review %v; want the contact with the 4 asked", s.Review)
	}
}
