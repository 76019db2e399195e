package tracking

import "testing"

// TestDrivenRailAsked: camera model at 30 fps. Seed 29, 14.1 shot 396, a
// safety: the cue ball met the 13, resting 15.8 mm off the right cushion,
// straight into it; the 13 met the cushion and came back into the cue ball.
// Seed 41, 8-ball shot 61, a safety: the 2 drove the 3, 24.6 mm off the
// right cushion, into it. Seed 8, 9-ball shot 57, a safety: the 6, 57 mm
// off the foot cushion, struck straight at it. Seed 48, 8-ball shot 165: the
// 5, frozen to the right cushion, met 64° off its normal. No cushion was
// told in any, and no_rail was called, unasked (see drivenrail.go). Each must
// be asked about, the driven ball named. (The 5 is asked about as a ball
// come near a cushion after the first contact too, railGapAfter.)
func TestDrivenRailAsked(t *testing.T) {
	wantEachAsked(t, []askedCase{
		{"testdata/drivenrail-14.1-30fps-s29-norender.json.gz", 15, 2558.5472, "ball 13 was met"},
		{"testdata/drivenrail-8ball-30fps-s41-norender.json.gz", 15, 389.5980, "ball 3 was met"},
		{"testdata/drivenrail-9ball-30fps-s8-norender.json.gz", 9, 393.4202, "ball 6 was met"},
		{"testdata/drivenrail-8ball-30fps-s48-norender.json.gz", 15, 1058.2827, "ball 5 "},
	})
}
