package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestLostOffRendered: rendered 9-ball, seed 64, the break (stroke 1.521 s):
// the 4, sent back into the right cushion by the 3, flew off the table and
// was read nowhere in the 6 s to the shot's end. It is told off the table,
// asked, its staying on the bed the other reading (lostbed.go).
func TestLostOffRendered(t *testing.T) {
	const stroke = 1.521
	s := renderedShot(t, "testdata/lostoff-9ball-s64-rendered.json.gz", 9, stroke)
	off := false
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			if e.Ball != 4 {
				t.Errorf("got ball %d off the table; want only the 4", e.Ball)
			}
			off = true
		}
	}
	if !off {
		t.Errorf("got no ball off the table; want the 4; events:%s", fmtEvents(absEvents(s)))
	}
	if _, on := s.After[4]; on {
		t.Errorf("got the 4 in after at %v; want it gone", s.After[4])
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "on the table or off it") {
		t.Errorf("got review %+v; want the shot asked about the 4, on the table or off it", s.Review)
	}
}
