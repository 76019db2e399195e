package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLeftAfterNotStriker: rendered 14.1, seed 66, shot 42 (see
// leftafter.go). The 4 met the 7, which passed the push on to the 3 and the
// 11 resting 4 and 6 mm off it, at 323.030 s and 323.0355 s. Each must be
// told a contact of the 7, within 30 ms, and the 3 and the 11, which never
// came within 30 mm of each other, no contact at all.
func TestLeftAfterNotStriker(t *testing.T) {
	const stroke = 322.8085
	s := renderedShot(t, "testdata/leftafter-14.1-s66-rendered.json.gz", 15, stroke)
	for _, c := range []struct {
		a, b int
		at   float64
	}{{7, 3, 323.030}, {7, 11, 323.0355}} {
		if got := contactAt(t, s, c.a, c.b); math.Abs(got-c.at) > 0.030 {
			t.Errorf("contact %d-%d at %.4f s; want within 30 ms of %.4f s", c.a, c.b, got, c.at)
		}
	}
	for _, e := range s.Events {
		if e.Kind == shot.Contact && min(e.A, e.B) == 3 && max(e.A, e.B) == 11 {
			t.Errorf("got a contact of the 3 and the 11 at %.4f s; want none:%s", *s.Start+e.T, fmtEvents(absEvents(s)))
		}
	}
}
