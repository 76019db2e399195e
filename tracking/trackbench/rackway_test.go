package trackbench

import "testing"

// TestRackWayFirst plays no-render seed 1's 9-ball match to its break at shot
// 84: the cue ball's way, fitted up to the contact told first, reached the 1
// at the rack's apex first, but the pairing of starts told the 2, and past
// the contact the way scattered too much to fit. An illegal break was told
// for a legal one (asked). The way's ball must be the first contact.
func TestRackWayFirst(t *testing.T) {
	agreesIn(t, Config{Games: []string{"9ball"}, Racks: 5, Seed: 1}, 85, shotIs("9ball shot 84 "), "the 1 first and the break's ruling the truth's")
}
