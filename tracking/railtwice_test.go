package tracking

import (
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
