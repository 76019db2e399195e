package tracking

import "testing"

// TestRestNotCueRendered: seed 41 8-ball (frames 160–227 s). Ball 10 rests by
// the foot cushion, read as the cue ball most of the time (its stripe turned
// away); after shot 27 the cue ball in hand is moved 420 mm. Ball 10 does
// not become the cue ball: shot 28 is struck on the cue ball at 223.544 s,
// its first contact ball 4 (rule 3.8).
func TestRestNotCueRendered(t *testing.T) {
	const stroke = 223.5438
	s := renderedShot(t, "testdata/restnotcue-8ball-s41-rendered.json.gz", 15, stroke)
	wantStrokeFirst(t, s, stroke, 4)
}
