package tracking

import (
	"math"
	"testing"
)

// TestHandJumpRendered runs the tracker on the detector's view of a table
// between two shots in which the cue ball was put down by hand, in view, read
// at its new place from the next frame on, or only read off its place for a
// moment. No stroke was played: no shot may be told about the move, and the
// next true stroke must be.
func TestHandJumpRendered(t *testing.T) {
	for _, tt := range []struct {
		name, file string
		balls      int
		hand, next float64 // when the hand put the ball down; the next stroke
	}{
		// Bench seed 31, 10-ball, after shot 15: the cue ball, at rest by
		// the left cushion, put down 36 mm away at 130.2 s.
		{"10ball-s31", "testdata/handjump-10ball-s31-rendered.json.gz", 10, 130.2, 132.2049},
		// Bench seed 33, 8-ball, after shot 14 (a foul): the cue ball in
		// hand put down 200 mm away by the left cushion at 133.2 s, its
		// one-frame jump fitted into a "hit" of that cushion timed after
		// the ball was already read where it stayed (handjump.go).
		{"8ball-s33", "testdata/handjumprail-8ball-s33-rendered.json.gz", 15, 133.2, 134.8795},
		// Bench seed 35, 8-ball, after shot 7: the cue ball, deep in the
		// head-right corner's mouth, its track taken at 61.73 s by a false
		// read 70 mm off and back at its place 0.5 s later, met "unseen"
		// by a nameless track on its own spot (nostroke.go: occluded).
		{"8ball-s35", "testdata/occludedstill-8ball-s35-rendered.json.gz", 15, 61.733, 64.1203},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fs := loadRendered(t, tt.file)
			shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(tt.balls)})
			shotNear(t, shots, tt.next, 0.05)
			for _, s := range shots {
				if math.Abs(*s.Start-tt.hand) < 0.5 {
					t.Errorf("got a shot struck at %.3f s with %d events; want none (the cue ball was moved by hand or not at all)", *s.Start, len(s.Events))
				}
			}
		})
	}
}
