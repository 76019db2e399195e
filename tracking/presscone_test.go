package tracking

import (
	"math"
	"slices"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestConePairs checks the cone's geometry on hand-made groups of pressed
// balls (rest points, ball 0 pushed along +x): a neighbour straight ahead or
// at 30° takes the push, one at 60° (cosine 0.5) or to the side does not, and
// a ball pushed on passes the push along its own line of centres.
func TestConePairs(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	d := 2*k.R + 0.1
	at := func(from table.Point, deg float64) table.Point {
		r := deg * math.Pi / 180
		return from.Add(table.Point{X: math.Cos(r), Y: math.Sin(r)}.Scale(d))
	}
	o := table.Point{X: 1400, Y: 635}
	for _, c := range []struct {
		name string
		ps   []table.Point
		want [][2]int
	}{
		{"straight chain", []table.Point{o, at(o, 0), at(at(o, 0), 0)}, [][2]int{{0, 1}, {1, 2}}},
		{"V at ±30°", []table.Point{o, at(o, 30), at(o, -30)}, [][2]int{{0, 1}, {0, 2}}},
		{"side and back", []table.Point{o, at(o, 90), at(o, 180), at(o, 60)}, nil},
		{"bent chain", []table.Point{o, at(o, 40), at(at(o, 40), 100), at(at(o, 40), 10)}, [][2]int{{0, 1}, {1, 3}}},
		{"gap too wide", []table.Point{o, o.Add(table.Point{X: 2*k.R + 5})}, nil},
	} {
		got := k.conePairs(c.ps, table.Point{X: 1})
		for _, p := range got {
			if !slices.Contains(c.want, p) {
				t.Errorf("%s: got pair %v, want only %v", c.name, p, c.want)
			}
		}
		for _, p := range c.want {
			if !slices.Contains(got, p) {
				t.Errorf("%s: pair %v not found, got %v", c.name, p, got)
			}
		}
	}
}

// rackLayout is a ten-ball rack (balls 1–10) at the foot spot with gaps of up
// to 0.2 mm as the simulator racks them, and the cue ball 700 mm before it,
// off the long axis by off mm.
func rackLayout(off float64) sim.Layout {
	l := sim.Layout{}
	ps := tab9.Rack(4)
	apex := ps[0]
	for i, q := range ps {
		// Spread from the apex by 0.1 mm per diameter, and a little jitter.
		q = apex.Add(q.Sub(apex).Scale(1 + 0.1/(2*tab9.BallR)))
		q = q.Add(table.Point{X: 0.03 * math.Cos(float64(i)), Y: 0.03 * math.Sin(float64(3*i))})
		l[i+1] = q
	}
	l[0] = table.Point{X: apex.X - 700, Y: apex.Y + off}
	return l
}

// TestConeRack plays the cue ball into a rack of ten pressed balls (more
// than cascadeGroup: no push is played through it) a little off centre. The
// truth's contacts between rack balls within 30 ms of the hit are what the
// bench scores; most noise seeds must tell at least four of them (within its
// 30 ms), and of the rack contacts told about then (every seed together) at
// least 80 % must be true ones. (Some told from the balls' paths, a pair
// that left together but did not meet, are older than the cone.)
func TestConeRack(t *testing.T) {
	l := rackLayout(6)
	apex := l[1]
	ang := math.Atan2(apex.Y-l[0].Y, apex.X-l[0].X)
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: 0.9, Angle: ang}, nil)
	if err != nil {
		t.Fatal(err)
	}
	hit, want := rackPushes(mo)
	if len(want) < 6 {
		t.Fatalf("the hit pushed through %d pairs of the rack, want at least 6: %s", len(want), fmtEvents(mo.Events()))
	}
	const at, seeds = 1.0, 6
	good, allRight, allWrong := 0, 0, 0
	for seed := int64(1); seed <= seeds; seed++ {
		shots, _ := simShots(t, simFrames(seed, at+mo.Duration()+1.5, []piece{{mo: mo, at: at}}, nil, nil))
		if len(shots) != 1 {
			t.Fatalf("noise seed %d: got %d shots, want 1", seed, len(shots))
		}
		right, bad := rackScore(shots[0], want, at+hit)
		wrong := len(bad)
		allRight, allWrong = allRight+right, allWrong+wrong
		if right >= 4 {
			good++
		} else {
			t.Logf("noise seed %d: %d rack contacts told right, %d wrong (truth %s): %s", seed, right, wrong, fmtEvents(want), fmtEvents(shots[0].Events))
		}
	}
	if good < 5 {
		t.Errorf("at least 4 rack contacts told for %d of %d noise seeds, want at least 5", good, seeds)
	}
	if p := float64(allRight) / float64(allRight+allWrong); allRight == 0 || p < 0.8 {
		t.Errorf("rack contacts told: %d right, %d wrong (precision %.2f), want a precision of at least 0.80", allRight, allWrong, p)
	}
}

// TestConeSideStill: the cue ball hits ball 1 straight on, with ball 2
// pressed against 1 square to the cue ball's way, ball 3 pressed against 1
// straight ahead and 4 against 3 further on (a group of four, the cone's).
// 1 goes off along the way, away from 2, which stays put: the truth has no
// contact 1–2, and none may be told; 1–3 is.
func TestConeSideStill(t *testing.T) {
	l := frozenLayout([]int{1, 1, 3}, []float64{90, 0, 0}, []float64{0.05, 0.05, 0.05})
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: 0.9}, nil)
	if err != nil {
		t.Fatal(err)
	}
	side, ahead := shot.Event{Kind: shot.Contact, A: 1, B: 2}, shot.Event{Kind: shot.Contact, A: 1, B: 3}
	var aheadT float64 = -1
	for _, e := range mo.Events() {
		if e.Kind == shot.Contact && sameBalls(e, side) {
			t.Fatalf("the truth has a contact 1–2 at %.4f: %s", e.T, fmtEvents(mo.Events()))
		}
		if e.Kind == shot.Contact && sameBalls(e, ahead) && aheadT < 0 {
			aheadT = e.T
		}
	}
	if aheadT < 0 {
		t.Fatalf("the truth has no contact 1–3: %s", fmtEvents(mo.Events()))
	}
	const at, seeds = 1.0, 6
	good := 0
	for seed := int64(1); seed <= seeds; seed++ {
		shots, _ := simShots(t, simFrames(seed, at+mo.Duration()+1.5, []piece{{mo: mo, at: at}}, nil, nil))
		if len(shots) != 1 {
			t.Fatalf("noise seed %d: got %d shots, want 1", seed, len(shots))
		}
		nSide, nAhead := 0, 0
		for _, e := range absEvents(shots[0]) {
			if e.Kind != shot.Contact {
				continue
			}
			if sameBalls(e, side) {
				nSide++
			}
			if sameBalls(e, ahead) && math.Abs(e.T-at-aheadT) <= 0.03 {
				nAhead++
			}
		}
		if nSide > 0 {
			t.Errorf("noise seed %d: got %d contacts 1–2, want none: %s", seed, nSide, fmtEvents(shots[0].Events))
		}
		if nAhead == 1 {
			good++
		} else {
			t.Logf("noise seed %d: got %d contacts 1–3 within 30 ms of %.4f, want 1: %s", seed, nAhead, at+aheadT, fmtEvents(shots[0].Events))
		}
	}
	if good < 5 {
		t.Errorf("contact 1–3 told in time for %d of %d noise seeds, want at least 5", good, seeds)
	}
}

// rackPushes returns the time of the cue ball's first contact in mo and the
// contacts between object balls within 30 ms after it: the push of the hit
// through a rack.
func rackPushes(mo *sim.Motion) (hit float64, pushes []shot.Event) {
	hit = -1
	for _, e := range mo.Events() {
		if e.Kind != shot.Contact {
			continue
		}
		if hit < 0 && (e.A == 0 || e.B == 0) {
			hit = e.T
		}
		if e.A != 0 && e.B != 0 && hit >= 0 && e.T < hit+0.03 {
			pushes = append(pushes, e)
		}
	}
	return hit, pushes
}

// rackScore counts the contacts between object balls that rec tells within
// 30 ms of the hit at t (absolute) and that want has, and returns the others.
func rackScore(rec *shot.Shot, want []shot.Event, t float64) (right int, wrong []shot.Event) {
	for _, e := range absEvents(rec) {
		if e.Kind != shot.Contact || e.A == 0 || e.B == 0 || math.Abs(e.T-t) > 0.03 {
			continue
		}
		if slices.ContainsFunc(want, func(w shot.Event) bool { return sameBalls(w, e) }) {
			right++
		} else {
			wrong = append(wrong, e)
		}
	}
	return right, wrong
}
