package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSleeveEightRendered: rendered 10-ball, seed 77, shot 64 (stroke
// 520.8336 s): the 8 went into the foot-right corner. A quarter of a second
// later a dark sleeve on the rail by the left side pocket, past the cushion's
// nose line, was read as the 8 at 0.93; an unnamed track took the pocketed
// 8's number on that read and went on into the side pocket's mouth, and the
// 8 was told pocketed a second time, there. The 8 is pocketed once, in the
// foot-right corner.
func TestSleeveEightRendered(t *testing.T) {
	const stroke = 520.8336
	s := renderedShot(t, "testdata/sleeveeight-10ball-s77-rendered.json.gz", 10, stroke)
	var got []string
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == 8 {
			got = append(got, e.Pocket)
		}
	}
	if len(got) != 1 || got[0] != "FR" {
		t.Errorf("got the 8 pocketed in %v; want once, in FR; events:%s", got, fmtEvents(absEvents(s)))
	}
}
