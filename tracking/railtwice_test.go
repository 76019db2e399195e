package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRailTwice tells a ball's hit of the left cushion, then the same hit
// again from another test 30 ms later (the bench's "twice" false hits, most
// of them at 120 fps, where three frames are only 25 ms). Whatever the frame
// rate it is one hit; a hit of a jaw next to the first one on the same rail is
// another.
func TestRailTwice(t *testing.T) {
	nose := table.Point{X: 1500, Y: 0}
	jaw := table.Point{X: 1205, Y: -10} // in the left side pocket's mouth
	for _, c := range []struct {
		name      string
		fps       float64
		second    table.Point
		dt        float64
		wantTotal int
	}{
		{"120 fps, same cushion, 30 ms later", 120, nose.Add(table.Point{X: 12}), 0.030, 1},
		{"60 fps, same cushion, 30 ms later", 60, nose.Add(table.Point{X: 12}), 0.030, 1},
		{"120 fps, same cushion, 80 ms later", 120, nose.Add(table.Point{X: 30}), 0.080, 2},
		{"120 fps, then a jaw 30 ms later", 120, jaw, 0.030, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: c.fps})
			if err != nil {
				t.Fatal(err)
			}
			k.phase = inShot
			k.tracks = append(k.tracks, track{used: true, ball: 3})
			k.addEvent(pevent{t: 1.0, kind: shot.RailHit, a: 0, rail: table.Left, at: nose, hasAt: true})
			k.addEvent(pevent{t: 1.0 + c.dt, kind: shot.RailHit, a: 0, rail: table.Left, at: c.second, hasAt: true})
			n := 0
			for _, e := range k.events {
				if e.kind == shot.RailHit && !e.cancel {
					n++
				}
			}
			if n != c.wantTotal {
				t.Errorf("got %d rail events, want %d", n, c.wantTotal)
			}
		})
	}
}

// TestShortHitStillClosing: rendered seed 66, 14.1 shot 8 (see railShortWin).
// The 10, slowing from 240 to 40 mm/s at a slant to the foot cushion, came
// within the cushion slack of its line 0.39 s before it met it, and its reads
// kept closing on it. The shot must tell one hit of the foot cushion by the
// 10, when it met it.
func TestShortHitStillClosing(t *testing.T) {
	fs := loadRendered(t, "testdata/shortslack-14.1-s66-rendered.json.gz")
	cfg := Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}
	at := truthRailHit(t, fs, 10, table.Foot, 71.2, 71.5)
	s := shotAt(t, fs, cfg, 63.729)
	wantRailTold(t, s, 10, table.Foot, at, 0.05)
	n := 0
	for _, e := range absEvents(s) {
		if e.Kind == shot.RailHit && e.Ball == 10 && e.Rail == string(table.Foot) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("got %d hits of the foot cushion by the 10 (%s); want 1, at %.4f", n, fmtEvents(absEvents(s)), at)
	}
}

// TestCornerNoseOnce runs the tracker on the detector's view of the default
// rendered bench's 8-ball shot 1 at 120 fps: the 14, at 340 mm/s, meets the
// head cushion 18 mm from the head-left corner's jaw point at 16.4474 s (the
// simulator's log) and comes off it. Its hit was told twice: at 16.4236 from
// a path that stopped short of the cushion line, placed within the jaw's
// margin, and at 16.4688 from the bounce, placed on the nose beside it; a jaw
// and a nose 45 ms apart were taken for two hits. One hit must be told,
// within 50 ms (the bench's tolerance).
func TestCornerNoseOnce(t *testing.T) {
	const stroke = 13.5327
	fs := loadRendered(t, "testdata/cornernose-8ball-120fps-rendered.json.gz")
	at := truthRailHit(t, fs, 14, table.Head, stroke+2.8, stroke+3.0)
	got := shotAt(t, fs, Config{Table: tab9, FPS: 120, Balls: gameBalls(15)}, stroke)
	wantRailTold(t, got, 14, table.Head, at, 0.05)
	n := 0
	for _, e := range absEvents(got) {
		if e.Kind == shot.RailHit && e.Ball == 14 && e.Rail == string(table.Head) && math.Abs(e.T-at) < 0.2 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d hits of the 14 on the head cushion told within 0.2 s of %.4f; want 1; events:%s", n, at, fmtEvents(absEvents(got)))
	}
}
