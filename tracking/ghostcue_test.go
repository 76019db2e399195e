package tracking

import "testing"

// TestGhostCueRendered runs the tracker on the detector's view of an 8-ball
// pot (bench seed 53, rendered, shot 4, after shot 3 pocketed the 15): the
// cue ball, 180 mm from the 12, hits it 17 ms after the stroke; its streak
// is read once as the pocketed 15, and the 12's start was told as a contact
// with that ghost, dropped with it, and the first contact as the 13, 7.7 s
// later (no rail after contact). The cue ball must hit the 12 first.
func TestGhostCueRendered(t *testing.T) {
	s := renderedShot(t, "testdata/ghostcue-8ball-s53-rendered.json.gz", 15, 32.8563)
	// (The stroke itself is told 38 ms late, the cue ball's track left at
	// rest on its first streaked frames; the bench's 50 ms bears it.)
	if got := firstContactOf(s.Events); got != 12 {
		t.Errorf("got first contact %d; want 12", got)
	}
}
