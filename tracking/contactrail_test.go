package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestFastCutIntoCushion runs the tracker on camera model shots where the
// cue ball, struck fast, cut a ball near a cushion and met the cushion
// before any detection showed its way between. contactRail tells such a hit
// from the contact's model when the ball reaches the cushion within
// contactRailFrames of the contact; it stopped at 30 mm from the cushion (a
// frame at a crawl), and these hits went untold (the change was the
// contact's).
func TestFastCutIntoCushion(t *testing.T) {
	for _, tc := range []struct {
		fixture    string
		balls      int
		stroke, at float64 // s: the stroke, the truth's hit (no frame shows it)
		rail       table.Rail
	}{
		// Seed 6, 9-ball shot 86: struck at 6.2 m/s, the cue ball cut the
		// 9 15 ms after the stroke, 64 mm from the foot cushion, and met
		// it 10 ms later.
		{"testdata/cutrail-9ball-s6-norender.json.gz", 9, 586.7493, 586.7740, table.Foot},
		// Seed 2, 9-ball shot 167: at 4.2 m/s into the left cushion, the
		// cue ball cut the 6 and met the cushion 11 ms later, a frame and
		// a third's travel on.
		{"testdata/cutrail-9ball-s2-norender.json.gz", 9, 1162.6718, 1162.6979, table.Left},
	} {
		fs := loadRendered(t, tc.fixture)
		got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(tc.balls)}, tc.stroke)
		wantRailTold(t, got, 0, tc.rail, tc.at, 0.02)
	}
}

// TestFarCutRailRetimed: camera model seed 6, 8-ball shot 272, the cue ball
// cut the 10 at 4.4 m/s 60 mm from the foot cushion and met it 12.5 ms
// later; read once between, its path reached the cushion line 1 ms early,
// but the hit from the contact's model (8 ms late) was told first and
// kept. A path that reaches the line retimes a far model's hit.
func TestFarCutRailRetimed(t *testing.T) {
	fs := loadRendered(t, "testdata/cutrail-8ball-s6-norender.json.gz")
	const (
		stroke = 1830.3713
		at     = 1830.4953 // the truth's hit
	)
	got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, stroke)
	wantRailTold(t, got, 0, table.Foot, at, 0.004)
}
