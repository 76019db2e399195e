package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestRestBackBeforeStroke: ball 8, at rest, goes unseen a second before the
// stroke (taken for lifted) and is read again at the same spot after it,
// before the cue ball meets it (as the black ball by a cushion on rendered
// seed 10 10-ball 18). It stood there at the stroke: the record places it
// there (the simulator's layout is the truth), and the shot is not asked
// about as a ball "not seen at the stroke, then met by the cue ball".
func TestRestBackBeforeStroke(t *testing.T) {
	ball := table.Point{X: 1800, Y: 640}
	cue := table.Point{X: 600, Y: 700}
	const (
		hide = 3.0 // 8 unseen from here
		at   = 4.0 // the stroke
		back = 4.4 // to here
	)
	l := sim.Layout{0: cue, 8: ball, 3: {X: 600, Y: 300}, 5: {X: 600, Y: 1000}}
	d := ball.Sub(cue)
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: 1.0, Angle: math.Atan2(d.Y, d.X)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ev := mo.Events()
	if got := firstContactOf(ev); got != 8 {
		t.Fatalf("sim: first contact %d, want 8: %s", got, fmtEvents(ev))
	}
	for _, e := range ev {
		if e.Kind == "contact" && e.T+at < back+0.5 {
			t.Fatalf("sim: contact at %.2f s, want it well after 8 is back (%.2f s)", e.T+at, back)
		}
	}
	for seed := int64(1); seed <= 4; seed++ {
		frames := simFrames(seed, at+mo.Duration()+1.5, []piece{{mo: mo, at: at}}, nil,
			func(b int, t, s float64) bool { return b == 8 && t >= hide && t < back })
		shots, _ := simShots(t, frames, 0, 3, 5, 8)
		s := shotStruckNear(t, shots, at, seed)
		p, on := s.Before[8]
		if !on {
			t.Errorf("seed %d: ball 8 has no place at the stroke, want (%.0f, %.0f)", seed, ball.X, ball.Y)
		} else if dd := p.P().Dist(ball); dd > 5 {
			t.Errorf("seed %d: ball 8 placed %.1f mm from where it rested, want within 5", seed, dd)
		}
		if s.Review != nil && strings.HasSuffix(s.Review.Reason, unseenMetSuffix) {
			t.Errorf("seed %d: got review %q, want none about an unseen ball", seed, s.Review.Reason)
		}
		if got := firstContactOf(s.Events); got != 8 {
			t.Errorf("seed %d: first contact %d, want 8 (truth): %s", seed, got, fmtEvents(s.Events))
		}
	}
}

// TestRestBackGuards: a ball taken for lifted before the stroke and back at
// rest in the shot gets its place at the stroke only when it came back where
// it went, nothing told of it meanwhile and no other ball came near; one by a
// cushion is weighed for a frozen-ball doubt (railRests).
func TestRestBackGuards(t *testing.T) {
	spot := table.Point{X: 1800, Y: 640}
	byRail := table.Point{X: tab9.L - table.BallRadius - 4, Y: 640}
	tests := []struct {
		name     string
		went     table.Point // where it rested when taken for lifted
		back     table.Point // where it rests now
		event    bool        // a cushion hit of it stands
		passer   []sample    // another ball's detections in the shot
		placed   bool
		railRest bool
	}{
		{"back at the same spot", spot, spot.Add(table.Point{X: 2, Y: -1.5}), false, nil, true, false},
		{"back 12 mm off", spot, spot.Add(table.Point{X: 12}), false, nil, false, false},
		{"an event of it stands", spot, spot, true, nil, false, false},
		{"another ball came near", spot, spot, false, []sample{{4.5, spot.Add(table.Point{X: -60})}}, false, false},
		{"another ball passed far off", spot, spot, false, []sample{{4.5, spot.Add(table.Point{X: -200})}}, true, false},
		{"by a cushion", byRail, byRail, false, nil, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &Tracker{tab: tab9, R: table.BallRadius, before: map[int]table.Point{}, beforeID: map[int]int{}}
			k.cfg.Sigma = 1.5
			k.phase, k.strikeT, k.strikeTr = inShot, 4, 0
			k.tracks = []track{
				{used: true, confirmed: true, ball: 0, rest: table.Point{X: 600, Y: 700}},
				{used: true, confirmed: true, ball: 8, rest: tt.back},
				{used: true, confirmed: true, ball: 3, rest: table.Point{X: 600, Y: 300}, slog: tt.passer},
			}
			k.before[0], k.before[2] = k.tracks[0].rest, k.tracks[2].rest
			k.tracks[1].probe.on = true
			k.tracks[1].probe.gone.lifted, k.tracks[1].probe.gone.t, k.tracks[1].probe.gone.rest = true, 3, tt.went
			if tt.event {
				k.events = append(k.events, pevent{t: 4.6, kind: shot.RailHit, a: 1})
			}
			k.restBack(1)
			p, on := k.before[1]
			if on != tt.placed {
				t.Fatalf("placed %v, want %v", on, tt.placed)
			}
			if on && p != tt.went {
				t.Errorf("placed at %v, want %v (where it went)", p, tt.went)
			}
			if got := len(k.railRests) == 1 && k.railRests[0].tr == 1; got != tt.railRest {
				t.Errorf("frozen doubt weighed %v, want %v", got, tt.railRest)
			}
		})
	}
}
