package tracking

import "testing"

// TestMissedMetRendered: rendered 9-ball, seed 68, shot 7 (stroke 62.8955 s):
// the cue ball, struck at 8 m/s and not followed until just before it met
// the 4, began a missed stroke at the 4's start; the cue ball's first ball is
// the 4, not the 6 it met a second later (missedmet.go).
func TestMissedMetRendered(t *testing.T) {
	const stroke = 62.8955
	s := renderedShot(t, "testdata/missedmet-9ball-s68-rendered.json.gz", 9, stroke)
	if first := firstContactOf(s.Events); first != 4 {
		t.Errorf("got first contact %d; want the 4; events:%s", first, fmtEvents(absEvents(s)))
	}
}
