package trackbench

import "testing"

// TestStopInMouthNoRail plays no-render seed 7's 14.1 match to its shot 312:
// the 8, called in the foot-right corner, rolled into the corner's opening
// at 60 mm/s and stopped on the shelf; its stop was told a hit of the foot
// cushion, a legal shot for a no-rail foul (rule 1.17), unflagged. The
// shot's ruling must be the truth's.
func TestStopInMouthNoRail(t *testing.T) {
	agreesIn(t, Config{Games: []string{"14.1"}, Racks: 11, Seed: 7}, 313, shotIs("14.1 shot 312 "), "the no-rail foul")
}
