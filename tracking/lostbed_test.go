package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLostBedAsked: rendered 9-ball, seed 61, the break (see lostbed.go): the
// 2, thrown over the foot cushion, is lost "on the bed" by the left cushion
// after its track took stray reads, and never read again. The break must
// tell it off the table, or ask.
func TestLostBedAsked(t *testing.T) {
	const stroke = 1.5092
	s := renderedShot(t, "testdata/lostbed-9ball-s61-rendered.json.gz", 9, stroke)
	for _, e := range s.Events {
		if e.Kind == shot.OffTable && e.Ball == 2 {
			return
		}
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 2 lost from view") {
		t.Errorf("got no off_table of the 2 and review %v; want it asked", s.Review)
	}
}
