package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestShadeFallNoCushion: default bench at 120 fps, 8-ball shot 8 (see
// fallOutruns). The 8 rolls away from the foot cushion at 35 mm/s, 11 to
// 18 mm off it, and is read up to 7 mm towards it for a few frames from
// 73.82 s: no hit of the foot cushion by the 8 may be told (the truth has
// none in the shot).
func TestShadeFallNoCushion(t *testing.T) {
	eachRenderedEvent(t, "testdata/shadefall-8ball-120fps-rendered.json.gz", Config{Table: tab9, FPS: 120, Balls: gameBalls(15)}, func(ft float64, o Output) {
		if o.Event.Kind == shot.RailHit && o.Event.Ball == 8 && o.T > 73.5 {
			t.Errorf("%.4f: the 8's %s cushion hit at %.4f told; the truth has none", ft, o.Event.Rail, o.T)
		}
	})
}

// TestAlongCushionNoBounce: default bench at 120 fps, 9-ball shot 7 (see
// fallUnheralded). After its hit of the right cushion at 56.73 s, the 2 rolls
// along it at 315 mm/s, 4-6 mm off it, and is read on the cushion line in
// four frames of five from 57.575 s: no second hit of the right cushion may
// be told (the truth has none before 58.0 s).
func TestAlongCushionNoBounce(t *testing.T) {
	wantNoRailAfter(t, "testdata/alongcushion-9ball-120fps-rendered.json.gz", Config{Table: tab9, FPS: 120, Balls: gameBalls(9)}, 2, table.Right, 57.3, 3)
}

// TestCreepOffNoFastVee: default bench at 120 fps, 10-ball shot 2 (see
// fallFasterThanBall). After its hit of the right cushion at 27.196 s, the 2
// creeps off it at some 30 mm/s, 14-30 mm from it, and is read on the
// cushion line in a few frames: no second hit of the right cushion may be
// told (the truth has none).
func TestCreepOffNoFastVee(t *testing.T) {
	wantNoRailAfter(t, "testdata/creepoff-10ball-120fps-rendered.json.gz", Config{Table: tab9, FPS: 120, Balls: gameBalls(10)}, 2, table.Right, 27.4, 10)
}

// wantNoRailAfter runs a tracker made with cfg over the rendered frames in
// file and fails the test if it tells a hit of rail by ball b after the time
// after. It stops the test first unless the truth keeps the ball minGap mm
// or more off that cushion from then on: the fixture is not the one the test
// is about.
func wantNoRailAfter(t *testing.T, file string, cfg Config, b int, rail table.Rail, after, minGap float64) {
	t.Helper()
	fs := loadRendered(t, file)
	gap := math.Inf(1)
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == b && f.T > after {
				gap = math.Min(gap, tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, rail))
			}
		}
	}
	if gap < minGap || math.IsInf(gap, 1) {
		t.Fatalf("testdata: ball %d comes %.1f mm from the %s cushion after %.2f s (truth); want it %.0f mm or more off", b, gap, rail, after, minGap)
	}
	eachRenderedOutput(t, fs, cfg, func(ft float64, o Output) {
		if o.Kind == OutEvent && o.Event.Kind == shot.RailHit && o.Event.Ball == b && o.Event.Rail == string(rail) && o.T > after {
			t.Errorf("%.4f: ball %d's %s cushion hit at %.4f told; the truth has none after %.2f s", ft, b, rail, o.T, after)
		}
	})
}

// TestStruckOffCushionNoVee: rendered seed 64, 8-ball shot 24 (see vee). The
// black 8, resting 4 mm off the head cushion, is struck into it at 188.875 s
// and rolls off; read at the cushion again 0.14 s later and then 27 mm off
// it, it showed a fall of 279 mm/s and a rise of 1640 mm/s. No second hit of
// the head cushion may be told (the truth has one).
func TestStruckOffCushionNoVee(t *testing.T) {
	wantNoRailAfter(t, "testdata/blackrekiss-8ball-rendered.json.gz", Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, 8, table.Head, 188.95, 3)
}
