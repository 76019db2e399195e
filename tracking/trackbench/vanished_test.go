package trackbench

import "testing"

// TestCueBallVanishedAsked plays no-render seed 7's 10-ball match to its shot
// 21: the cue ball met the 10 resting 7 mm off the foot cushion and flew off
// the table 30 ms later; its track followed the 10 off the cushion, and the
// cue ball was on the table at the stroke and not after it, with no event:
// a no_contact foul told where the truth is cue_ball_off_table, unflagged.
// It must be asked (vanishedDoubt).
func TestCueBallVanishedAsked(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 2 racks of 10-ball")
	}
	askedIn(t, Config{Games: []string{"10ball"}, Racks: 2, Seed: 7}, "10ball shot 21 ", false)
}
