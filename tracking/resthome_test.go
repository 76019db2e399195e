package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRestHomeRendered: rendered 9-ball, seed 72, shot 22 (stroke 172.1990
// s): the 6 rested by the right cushion near the head-right corner, with the
// 4 beside it, and never moved. The cue lay over it at the stroke and it was
// read 20 mm toward the cushion for two frames, then at its place again. It
// was told hitting the right cushion and meeting the 4. It came to rest
// where it stood: it never left, and none of that is the shot's.
func TestRestHomeRendered(t *testing.T) {
	const stroke = 172.1990
	s := renderedShot(t, "testdata/resthome-9ball-s72-rendered.json.gz", 9, stroke)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 6 || e.Kind == shot.Contact && (e.A == 6 || e.B == 6) {
			t.Errorf("got %s of the 6 at %.4f s; want none (it never left its place); events:%s", e.Kind, e.T+*s.Start, fmtEvents(absEvents(s)))
		}
	}
	if first := firstContactOf(s.Events); first != 1 {
		t.Errorf("got first contact %d; want the 1; events:%s", first, fmtEvents(absEvents(s)))
	}
}
