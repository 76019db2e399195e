package trackbench

import (
	"strings"
	"testing"
)

// TestStruckOffUnseen plays no-render seed 6's 9-ball match to shot 103:
// the cue ball, at 8.7 m/s, meets the 5 resting 11 mm off the left cushion
// and 3 ms later the cushion itself; the 5 flies off the table at once,
// never seen to move. The cue ball's detections are 145 mm apart there and
// its bend is the cushion's, so nothing tied the 5's going to it: the shot
// was told with no contact at all, a no-contact foul (rule 1.16) where the
// truth is object_ball_off_table, unflagged. (A synthetic stroke of the kind
// does not reproduce it: its cue ball's bend shows.) The shot must tell the
// 5 as the first contact and be asked (where the 5 went no camera saw).
func TestStruckOffUnseen(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 12 racks of 9-ball")
	}
	askedIn(t, Config{Games: []string{"9ball"}, Racks: 12, Seed: 6}, "9ball shot 103 ", true)
}

// TestRenamedFirstAsked plays no-render seed 1's 14.1 match at 30 fps to
// shot 21: the re-racked 11 came back on the 9's old track, was named the 9
// at the stroke and the 11 a third of a second after it, 0.7 s before the
// cue ball met it. The first contact, named by the stroke's numbers, was the
// 9: wrong_ball_first on a legal pot, unflagged. It must be asked
// (renamedFirstWhy).
func TestRenamedFirstAsked(t *testing.T) {
	askedIn(t, Config{Games: []string{"14.1"}, Racks: 2, Seed: 1, Camera: DefaultCamera(30)}, "14.1 shot 21 ", false)
}

// agreesIn runs the no-render bench with cfg, fails unless it matched at
// least shots shots, and fails on every disagreement bad picks out.
func agreesIn(t *testing.T, cfg Config, shots int, bad func(d string) bool, want string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("plays %d racks of %v", cfg.Racks, cfg.Games)
	}
	rep, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if rep.ShotsMatched < shots {
		t.Fatalf("got %d shots matched, want %d or more", rep.ShotsMatched, shots)
	}
	for _, d := range rep.Disagreements {
		if bad(d) {
			t.Errorf("got %q; want %s", d, want)
		}
	}
}

// shotIs picks out the disagreements of the shot whose report starts so.
func shotIs(shot string) func(string) bool {
	return func(d string) bool { return strings.HasPrefix(d, shot) }
}

// askedIn runs the no-render bench with cfg and fails when a disagreement of
// the shot whose report starts with shot went unflagged, or, when first,
// when its first contact differs from the truth's.
func askedIn(t *testing.T, cfg Config, shot string, first bool) {
	t.Helper()
	rep, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Disagreements {
		if strings.HasPrefix(d, shot) && (strings.Contains(d, "[unflagged]") || first && strings.Contains(d, "): first contact ")) {
			t.Errorf("got %q; want it asked", d)
		}
	}
}
