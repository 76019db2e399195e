package tracking

import (
	"strings"
	"testing"
)

// Rendered bench, 10-ball seed 26 shot 0 (the break): the cue ball met the 1
// at the apex and nothing else; the 2 behind it was read touching the cue ball
// 3.3 ms later. The cue ball's way reaches the 1 and the 2 only some 120 mm
// further on, or not at all: no person need be asked which came first
// (pairway.go).
func TestPairWayBreak10(t *testing.T) {
	fs := loadRendered(t, "testdata/breakcue-10ball-s26-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)})
	s := onlyShot(t, shots, "the break")
	wantStrokeFirst(t, s, 2.3131, 1)
	if s.Review != nil {
		t.Errorf("got review %q; want none", s.Review.Reason)
	}
}

// Rendered bench, 9-ball seed 38 shot 23 (the second rack's break): the cue
// ball met the 1 112.5 ms after the stroke; the 7 in the second row was read
// touching it 1.8 ms after its contact with the 1. Along the cue ball's way
// the 7 comes 47 mm after the 1 or more: the 1 came first, unasked. (The shot
// is still asked, for now, for another doubt the first one hid: "ball 3
// moved in the shot, not on the table at the stroke", ghost.go.)
func TestPairWayBreak9(t *testing.T) {
	fs := loadRendered(t, "testdata/pairway-9ball-s38-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	s := shotNear(t, shots, 176.526, 0.05)
	wantStrokeFirst(t, s, 176.526, 1)
	if s.Review != nil && strings.HasPrefix(s.Review.Reason, "two candidate first contacts") {
		t.Errorf("got review %q; want no doubt of the first contact", s.Review.Reason)
	}
}

// Rendered bench, 9-ball seed 25 shot 29: the cue ball met the 4, then the 5
// 2.0 ms later. Along the cue ball's way the 5 lies 4.5 mm past the 4, and at
// one side of the way's uncertainty before it: the way cannot order them, and
// a person is still asked.
func TestPairWayClose(t *testing.T) {
	fs := loadRendered(t, "testdata/pairway-9ball-s25-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(9)})
	s := shotNear(t, shots, 247.747, 0.05)
	wantStrokeFirst(t, s, 247.747, 4)
	if s.Review == nil || !strings.HasPrefix(s.Review.Reason, "two candidate first contacts") {
		t.Errorf("got review %v; want the two candidate first contacts", s.Review)
	}
}
