package trackbench

import (
	"math"
	"slices"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// railFound plays l and s in the simulator for each seed of the camera's noise
// and reports, for each seed, whether every true rail event of ball within
// [from, to] s of the stroke was tracked: the same ball and cushion within 50
// ms (the bench's tolerance).
func railFound(t *testing.T, l sim.Layout, s sim.Stroke, ball int, from, to float64, seeds int64) {
	t.Helper()
	for seed := int64(1); seed <= seeds; seed++ {
		truth, got, _ := oneShot(t, l, s, 60, seed)
		n := 0
		for _, want := range truth {
			if want.Kind != shot.RailHit || want.Ball != ball || want.T < from || want.T > to {
				continue
			}
			n++
			if e, d, ok := find(got.Events, want, false); !ok || d > 0.050 {
				t.Errorf("seed %d: rail %d %s at %.4f: nearest tracked %+v (%.0f ms off)\n truth:%s\n got:%s",
					seed, want.Ball, want.Rail, want.T, e, d*1000, fmtEv(truth), fmtEv(got.Events))
			}
		}
		if n == 0 {
			t.Fatalf("the simulator made no rail event of ball %d in [%.2f, %.2f] s: %s", ball, from, to, fmtEv(truth))
		}
	}
}

// TestSlowGlancingCushion rolls the cue ball alone into the left cushion at
// 60–130 mm/s along its normal, 65–72° from it, a second or more after the
// stroke. Its distance to the cushion falls and rises again by a few
// millimetres a frame, a V that a smooth curve of the distance fitted about as
// well. Cause fixed: nothing bounds that curve; a ball that has rolled for a
// while goes straight, its distance to a straight cushion changing at a
// steady rate, so that only a hit turns it back (curveBound). Each hit must be
// found within 50 ms with every seed of the noise.
func TestSlowGlancingCushion(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name  string
		deg   float64
		speed float64
	}{
		{"65° at 99 mm/s", -155, 0.30},
		{"65° at 131 mm/s", -155, 0.35},
		{"72° at 85 mm/s", -162, 0.35},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := sim.Layout{0: P(1800, 150), 4: P(600, 900)}
			railFound(t, l, sim.Stroke{Speed: c.speed, Angle: c.deg * math.Pi / 180}, 0, 0, 10, 6)
		})
	}
}

// TestCushionNearMouth rolls the cue ball slowly into the left cushion 22 and
// 40 mm from the mouth of the foot-left pocket. Cause fixed: the slow-bounce
// tests took anything within 2 ball radii of a pocket's mouth for its jaws;
// only a touch on the nose line in the mouth or within a few millimetres of a
// jaw point is (nearMouth).
func TestCushionNearMouth(t *testing.T) {
	cue := table.Point{X: 2150, Y: 300}
	for _, c := range []struct {
		name string
		x    float64 // where the path meets the cushion line
	}{
		{"40 mm off the mouth", 2410},
		{"22 mm off the mouth", 2430},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := sim.Layout{0: cue, 4: table.Point{X: 600, Y: 900}}
			s := sim.Stroke{Speed: 0.30, Angle: math.Atan2(tab9.BallR-cue.Y, c.x-cue.X)}
			railFound(t, l, s, 0, 0, 10, 6)
		})
	}
}

// TestFastCushionAfterContact replays shots of the bench (seed 1) where a
// ball leaves a contact at 2.5–6 m/s into a cushion a few frames later. At
// that speed the detections are noisy enough that the cut of the path at the
// contact's bend was moved back, so that the piece after it ran through the
// bounce, and neither its start nor its end was explained by the cushion.
// Cause fixed: fastVee finds the bounce in the detections around the change:
// the distance to the cushion falls steeply to about nothing and rises as
// steeply, the two lines meeting on the cushion line. Each such hit must be
// found within 50 ms with every seed of the noise.
func TestFastCushionAfterContact(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name string
		l    sim.Layout
		s    sim.Stroke
		ball int
		at   float64 // time of the rail event checked
	}{
		{"8-ball shot 188: cue ball at 5.3 m/s into the left cushion",
			sim.Layout{0: P(2034.82, 847.28), 3: P(436.8, 767.72), 4: P(1620.57, 644.64), 8: P(1864.53, 681.95)},
			sim.Stroke{Speed: 4.069031989971756, Angle: -2.1386663942663904, Side: -0.009544549865033064, Follow: -0.1750443270837629}, 0, 0.1536},
		{"10-ball shot 290: cue ball at 5.1 m/s into the left cushion",
			sim.Layout{0: P(1589.67, 55.77), 2: P(1854.09, 1219.37), 4: P(1981.86, 564.58), 5: P(480.74, 420.78), 6: P(675.95, 1129.94),
				7: P(887.51, 269.48), 8: P(319.16, 385.01), 9: P(1859.7, 716.52), 10: P(2463.23, 582.4)},
			sim.Stroke{Speed: 6.089198326040863, Angle: 1.3958824268119159, Side: -0.12698777718762494, Follow: -0.2913425775280894}, 0, 0.3691},
		{"10-ball shot 214: cue ball at 3.4 m/s into the right cushion",
			sim.Layout{0: P(2052.86, 734.83), 5: P(1982.68, 496.69), 6: P(348.9, 998.96), 7: P(2212.91, 809.41), 8: P(2083.31, 798.88),
				9: P(1348.08, 34.55), 10: P(2168.89, 505.65)},
			sim.Stroke{Speed: 4.542719259236555, Angle: -2.0804708242920595, Side: 0.09978666492343335, Follow: 0.30227321452405465}, 0, 0.4767},
		{"10-ball shot 246: ball 6 at 2.4 m/s into the left cushion",
			sim.Layout{0: P(2096.39, 407.04), 5: P(2028.1, 413.69), 6: P(1851.25, 812.93), 7: P(2187.26, 375.18), 8: P(2364.6, 1117.42),
				9: P(1440.19, 136.94), 10: P(2194.17, 1238.74)},
			sim.Stroke{Speed: 3.393028907788623, Angle: 2.176300642433754, Side: 0.06517600007384322, Follow: -0.015680431740045346}, 6, 0.5824},
	} {
		t.Run(c.name, func(t *testing.T) {
			railFound(t, c.l, c.s, c.ball, c.at-0.002, c.at+0.002, 8)
		})
	}
}

// TestSameSide checks the bench's split of cushion hits into rail and
// rail_jaw: a found hit a millimetre or two across the 5 mm line from the true
// one (same ball and cushion, within the time and place tolerances) takes the
// true one's kind and matches it; one of another ball, another cushion, too far
// away or too late keeps its own.
func TestSameSide(t *testing.T) {
	r := &run{cfg: Config{}, rep: &Report{}}
	r.cfg.fill()
	pt := func(x, y float64) *shot.Point { return &shot.Point{x, y} }
	// Points of the left cushion line d mm beyond half FL's mouth from its
	// centre: the bench's line between the kinds is at d = 5.
	fl := tab9.Pocket(table.FL)
	at := func(d float64) *shot.Point {
		r := fl.Width/2 + d
		return pt(fl.Center.X-math.Sqrt(r*r-fl.Center.Y*fl.Center.Y), 0)
	}
	truth := r.jaws([]shot.Event{{T: 1, Kind: shot.RailHit, Ball: 3, Rail: "left", At: at(6)}})
	if truth[0].Kind != shot.RailHit {
		t.Fatalf("true hit 6 mm off the mouth is %s, want rail", truth[0].Kind)
	}
	for _, c := range []struct {
		name string
		got  shot.Event
		want string
	}{
		{"across the line", shot.Event{T: 1.01, Kind: shot.RailHit, Ball: 3, Rail: "left", At: at(4)}, shot.RailHit},
		{"another ball", shot.Event{T: 1.01, Kind: shot.RailHit, Ball: 4, Rail: "left", At: at(4)}, railJaw},
		{"another cushion", shot.Event{T: 1.01, Kind: shot.RailHit, Ball: 3, Rail: "foot", At: at(4)}, railJaw},
		{"too far", shot.Event{T: 1.01, Kind: shot.RailHit, Ball: 3, Rail: "left", At: pt(fl.Center.X, 0)}, railJaw},
		{"too late", shot.Event{T: 1.2, Kind: shot.RailHit, Ball: 3, Rail: "left", At: at(4)}, railJaw},
	} {
		got := r.jaws([]shot.Event{c.got})
		if got[0].Kind != railJaw {
			t.Fatalf("%s: found hit is %s before sameSide, want %s", c.name, got[0].Kind, railJaw)
		}
		r.sameSide(truth, got)
		if got[0].Kind != c.want {
			t.Errorf("%s: got kind %s, want %s", c.name, got[0].Kind, c.want)
		}
		pairs, _ := matchEvents(truth, got)
		if matched := len(pairs) == 1; matched != (c.want == shot.RailHit) {
			t.Errorf("%s: matched %v, want %v", c.name, matched, c.want == shot.RailHit)
		}
	}
}

// TestFaintHit checks the bench's faint and dead cushion hits against the
// simulator: a ball 1 mm from the left cushion nudged into it at a few
// centimetres a second stays within 3 mm of it (faint); one rolled into it from
// afar at a crawl, 20° off its normal, dies against it (not faint, but its
// rebound is under 3 mm); one rolled in at 1 m/s is neither.
func TestFaintHit(t *testing.T) {
	r := &run{cfg: Config{}, rep: &Report{}}
	r.cfg.fill()
	R := tab9.BallR
	for _, c := range []struct {
		name        string
		cue         table.Point
		speed, deg  float64
		faint, dead bool
	}{
		{"nudged from 1 mm", table.Point{X: 1200, Y: R + 1}, 0.02, -90, true, true},
		{"rolled in at a crawl", table.Point{X: 1200, Y: R + 200}, 0.185, -110, false, true},
		{"rolled in at 1 m/s", table.Point{X: 1200, Y: R + 400}, 0.9, -110, false, false},
	} {
		mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: c.cue}, sim.Stroke{Speed: c.speed, Angle: c.deg * math.Pi / 180}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var hit *shot.Event
		for i, e := range mo.Events() {
			if e.Kind == shot.RailHit && hit == nil {
				hit = &mo.Events()[i]
			}
		}
		if hit == nil {
			t.Fatalf("%s: no rail event: %s", c.name, fmtEv(mo.Events()))
		}
		vn, _, _ := incidence(mo, *hit)
		if got := r.faint(mo, *hit); got != c.faint {
			t.Errorf("%s (%.0f mm/s into it): faint %v, want %v", c.name, vn, got, c.faint)
		}
		if got := r.rebound(mo, *hit) <= faintMM; got != c.dead {
			t.Errorf("%s (%.0f mm/s into it): rebound %.1f mm, dead %v, want %v", c.name, vn, r.rebound(mo, *hit), got, c.dead)
		}
	}
}

// TestRailBreakdownAddsUp runs a short bench and checks the cushion breakdown
// against the event scores: every true cushion hit is under one cause, every
// miss and every false hit is counted once.
func TestRailBreakdownAddsUp(t *testing.T) {
	rep, err := Run(Config{Games: []string{"9ball"}, Racks: 1, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	b := rep.Rails
	if b == nil {
		t.Fatal("no cushion breakdown in the report")
	}
	var rails, railMiss, jaws, jawMiss, falseRail, falseJaw, as int
	for _, c := range b.Missed {
		rails += c.Rail
		railMiss += c.RailMissed
		jaws += c.Jaw
		jawMiss += c.JawMissed
		for _, n := range c.MissedAs {
			as += n
		}
	}
	for _, c := range b.False {
		falseRail += c.FalseRail
		falseJaw += c.FalseJaw
	}
	rs, js := rep.EventsNoBreak[shot.RailHit], rep.EventsNoBreak[railJaw]
	if rs == nil || js == nil {
		t.Fatalf("no rail or rail_jaw scores: %v", rep.EventsNoBreak)
	}
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"true rails", rails, rs.True},
		{"missed rails", railMiss, rs.True - rs.Matched},
		{"false rails", falseRail, rs.Found - rs.Matched},
		{"true jaws", jaws, js.True},
		{"missed jaws", jawMiss, js.True - js.Matched},
		{"false jaws", falseJaw, js.Found - js.Matched},
		{"misses by how", as, railMiss + jawMiss},
	} {
		if c.got != c.want {
			t.Errorf("%s: breakdown %d, scores %d", c.name, c.got, c.want)
		}
	}
	if rails == 0 {
		t.Error("no true rails in the run")
	}
	// The observable figures leave out the faint hits (and jaw hits gone a
	// frame after), and nothing else.
	var faintRail, faintJaw, faintRailMiss, faintJawMiss int
	for _, c := range b.Missed {
		switch c.Cause {
		case "faint":
			faintRail, faintRailMiss = c.Rail, c.RailMissed
			faintJaw, faintJawMiss = faintJaw+c.Jaw, faintJawMiss+c.JawMissed
		case "gone":
			faintJaw, faintJawMiss = faintJaw+c.Jaw, faintJawMiss+c.JawMissed
		}
	}
	if b.ObservableTrue != rails-faintRail || b.ObservableFound != rails-railMiss-(faintRail-faintRailMiss) {
		t.Errorf("observable rails %d of %d, want %d of %d", b.ObservableFound, b.ObservableTrue, rails-railMiss-(faintRail-faintRailMiss), rails-faintRail)
	}
	if b.ObservableJawTrue != jaws-faintJaw || b.ObservableJawFound != jaws-jawMiss-(faintJaw-faintJawMiss) {
		t.Errorf("observable jaws %d of %d, want %d of %d", b.ObservableJawFound, b.ObservableJawTrue, jaws-jawMiss-(faintJaw-faintJawMiss), jaws-faintJaw)
	}
}

// TestStruckIntoNearCushion replays shots of the bench (seed 1) where a ball
// at rest 13–20 mm from a cushion is struck into it at 300–500 mm/s: it meets
// the cushion 40–60 ms after the contact and is back where it rested before two
// detections showed it away, so that its path never shows the bounce (it is
// taken for a ball that did not move, or moved by the second contact).
// Cause fixed: frozenRail told the hit only when it came within 3 frames of
// the contact, as a ball whose path is watched would show a later one; a ball
// not seen to move shows nothing (frozenUnseen). The hit must be found within
// 50 ms with every seed of the noise.
func TestStruckIntoNearCushion(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name string
		l    sim.Layout
		s    sim.Stroke
		ball int
		at   float64
	}{
		{"10-ball shot 59: ball 5, 20 mm off the foot cushion",
			sim.Layout{0: P(1039.77, 190.8), 3: P(2257.61, 855.03), 4: P(533.05, 342.34), 5: P(2491.56, 1033.37), 6: P(558.44, 673.8),
				7: P(2436.2, 602.81), 8: P(1977.23, 574.53), 9: P(656.35, 196.94), 10: P(2119.43, 1010.83)},
			sim.Stroke{Speed: 1.261294800495606, Angle: 0.48613052003675566, Side: 0.06007146096846508, Follow: -0.004885247321942165}, 5, 1.2446},
		{"8-ball shot 286: ball 11, 13 mm off the left cushion",
			sim.Layout{0: P(1666.36, 881.06), 4: P(2071.81, 607.12), 5: P(52.29, 611.63), 7: P(2071.78, 760.91), 8: P(2143.46, 669.76), 11: P(1839.76, 42)},
			sim.Stroke{Speed: 0.71436131424896, Angle: -1.3461550401488331, Follow: -0.2886747745638229}, 11, 1.5980},
	} {
		t.Run(c.name, func(t *testing.T) {
			railFound(t, c.l, c.s, c.ball, c.at-0.002, c.at+0.002, 8)
		})
	}
}

// TestSlowHitRetimed replays a shot of the bench (10-ball, seed 1, shot 319)
// whose cue ball meets the left cushion at 119 mm/s along its normal, 76°
// from it, after a contact. The bend in its path is told from the break,
// timed where the path came within 10 mm of the cushion line: 80 ms before
// the touch. Cause fixed: the V of its distance to the cushion, once clear of
// the noise, shows the touch; it retimes the hit told from the break (veeTest).
// The hit must be found within 50 ms with every seed of the noise.
func TestSlowHitRetimed(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	l := sim.Layout{0: P(310.25, 343.8), 3: P(1353.65, 54.23), 4: P(2376.53, 811.01), 6: P(2431.05, 1236.33), 7: P(2145.24, 520.06),
		8: P(1970.24, 583.3), 9: P(2006.2, 469.41), 10: P(2412.04, 659.83)}
	s := sim.Stroke{Speed: 1.389269064477013, Angle: -0.26984982756845577, Side: -0.11719424518924551, Follow: 0.27973796819872765}
	railFound(t, l, s, 0, 1.0298-0.002, 1.0298+0.002, 8)
}

// TestBallsOfJaw checks that a cushion hit renamed rail_jaw keeps its ball
// for the report's lists (misses, latency, the contact situations): they
// showed jaw hits with no ball and at 0 mm/s.
func TestBallsOfJaw(t *testing.T) {
	r := &run{cfg: Config{}, rep: &Report{}}
	r.cfg.fill()
	fl := tab9.Pocket(table.FL)
	ev := r.jaws([]shot.Event{{T: 1, Kind: shot.RailHit, Ball: 3, Rail: "left", At: &shot.Point{fl.Center.X, fl.Center.Y}}})
	if ev[0].Kind != railJaw {
		t.Fatalf("hit in the mouth: got kind %s, want %s", ev[0].Kind, railJaw)
	}
	if got := ballsOf(ev[0]); !slices.Equal(got, []int{3}) {
		t.Errorf("ballsOf(jaw hit of the 3): got %v, want [3]", got)
	}
	c := shot.Event{Kind: shot.Contact, A: 0, B: 5}
	if got := ballsOf(c); !slices.Equal(got, []int{0, 5}) {
		t.Errorf("ballsOf(contact 0-5): got %v, want [0 5]", got)
	}
}
