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
	fs := loadRendered(t, "testdata/alongcushion-9ball-120fps-rendered.json.gz")
	gap := math.Inf(1)
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 2 && f.T > 57.3 {
				gap = math.Min(gap, tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Right))
			}
		}
	}
	if gap < 3 || math.IsInf(gap, 1) {
		t.Fatalf("testdata: the 2 comes %.1f mm from the right cushion after 57.3 s (truth); want it clear of it", gap)
	}
	eachRenderedEvent(t, "testdata/alongcushion-9ball-120fps-rendered.json.gz", Config{Table: tab9, FPS: 120, Balls: gameBalls(9)}, func(ft float64, o Output) {
		if o.Event.Kind == shot.RailHit && o.Event.Ball == 2 && o.T > 57.3 {
			t.Errorf("%.4f: the 2's %s cushion hit at %.4f told; the truth has none after 57.3 s", ft, o.Event.Rail, o.T)
		}
	})
}

// TestCreepOffNoFastVee: default bench at 120 fps, 10-ball shot 2 (see
// fallFasterThanBall). After its hit of the right cushion at 27.196 s, the 2
// creeps off it at some 30 mm/s, 14-30 mm from it, and is read on the
// cushion line in a few frames: no second hit of the right cushion may be
// told (the truth has none).
func TestCreepOffNoFastVee(t *testing.T) {
	fs := loadRendered(t, "testdata/creepoff-10ball-120fps-rendered.json.gz")
	gap := math.Inf(1)
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 2 && f.T > 27.4 {
				gap = math.Min(gap, tab9.RailDistance(table.Point{X: x[1], Y: x[2]}, table.Right))
			}
		}
	}
	if gap < 10 || math.IsInf(gap, 1) {
		t.Fatalf("testdata: the 2 comes %.1f mm from the right cushion after 27.4 s (truth); want it 10 mm or more off", gap)
	}
	eachRenderedEvent(t, "testdata/creepoff-10ball-120fps-rendered.json.gz", Config{Table: tab9, FPS: 120, Balls: gameBalls(10)}, func(ft float64, o Output) {
		if o.Event.Kind == shot.RailHit && o.Event.Ball == 2 && o.T > 27.4 {
			t.Errorf("%.4f: the 2's %s cushion hit at %.4f told; the truth has none after 27.2 s", ft, o.Event.Rail, o.T)
		}
	})
}
