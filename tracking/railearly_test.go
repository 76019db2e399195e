package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestEarlyReadByCushionAsked runs the tracker on the detector's view of a
// 9-ball safety (bench seed 11, rendered, held out until the end of the
// session that added it): the cue ball, 5 mm from ball 1, strikes it 6 ms
// after the stroke into the left cushion 28 mm away; ball 1 meets it 38 ms
// after the stroke and comes straight back into the cue ball. The one
// detection of ball 1 by the cushion came as the stroke was being told,
// before the shot's log began, and no cushion hit was told: the legal
// safety became an unflagged no_rail foul (rule 1.17). Either a cushion hit
// of ball 1 is told, or the shot asks a person about ball 1 (railearly.go).
func TestEarlyReadByCushionAsked(t *testing.T) {
	fs := loadRendered(t, "testdata/earlyrail-9ball-s11-rendered.json.gz")
	const stroke = 263.4425
	near := math.Inf(1)
	for _, f := range fs {
		for _, x := range f.Truth {
			if x[0] == 1 && f.T > stroke && f.T < stroke+0.1 {
				near = math.Min(near, tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Left))
			}
		}
	}
	if near > 3 {
		t.Fatalf("testdata: ball 1 comes %.1f mm from the left cushion in the 0.1 s after the stroke (truth); want it at the cushion", near)
	}
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, stroke)
	for _, e := range got.Events {
		if e.Kind == shot.RailHit && e.Ball == 1 {
			return
		}
	}
	if got.Review == nil || !strings.Contains(got.Review.Reason, "ball 1 ") {
		t.Errorf("no cushion hit of ball 1 told and review %+v; want one, or the shot asked about ball 1; events:%s", got.Review, fmtEvents(absEvents(got)))
	}
}
