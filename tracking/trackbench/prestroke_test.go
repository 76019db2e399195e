package trackbench

import "testing"

// TestPreStrokeContactNotCueBall plays no-render seed 1's 9-ball match at 30
// fps to its break at shot 130: a jitter "contact" of the 9 and the 7 in the
// rack 13 ms before the stroke, the 7's track named the cue ball later in
// the break's scramble, made the 9 the cue ball's first contact: an illegal
// break told for a legal one, unflagged. Before the stroke only the struck
// track is the cue ball: the break's first contact must be the 1.
func TestPreStrokeContactNotCueBall(t *testing.T) {
	agreesIn(t, Config{Games: []string{"9ball"}, Racks: 7, Seed: 1, Camera: DefaultCamera(30)}, 131, shotIs("9ball shot 130 "), "the 1 first and the break legal")
}
