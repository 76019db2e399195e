package sim

import (
	"math"
	"math/rand"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

var tb9 = table.MustNew("9ft")

// run simulates a layout whose balls start with the given velocities (m/s) and
// spins (rad/s), without a stroke.
func runWith(t *testing.T, tb table.Table, p Params, l Layout, v map[int]vec2, w map[int]vec3) *Motion {
	t.Helper()
	sm, err := newSimulator(tb, p, l, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range sm.ids {
		if v[id] != (vec2{}) || w[id] != (vec3{}) {
			sm.set(i, v[id], w[id])
		}
	}
	m, err := sm.run(tb, l)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func rolling(v vec2, R float64) vec3 { return vec3{-v.y / R, v.x / R, 0} }

func firstEvent(m *Motion, kind string, ball int) (shot.Event, bool) {
	for _, e := range m.Events() {
		if e.Kind != kind {
			continue
		}
		if kind == shot.Contact && e.A != ball && e.B != ball {
			continue
		}
		if kind != shot.Contact && e.Ball != ball {
			continue
		}
		return e, true
	}
	return shot.Event{}, false
}

func TestRollingStop(t *testing.T) {
	p := DefaultParams()
	R := tb9.BallR / 1000
	for _, v := range []float64{0.2, 0.45, 0.6} {
		l := Layout{0: {X: 300, Y: 400}}
		m := runWith(t, tb9, p, l, map[int]vec2{0: {v, 0}}, map[int]vec3{0: rolling(vec2{v, 0}, R)})
		want := v * v / (2 * p.MuRoll * p.Gravity) * 1000
		got := m.After()[0].X - 300
		if math.Abs(got-want) > 1e-6 {
			t.Errorf("v=%g: rolled %.6f mm, want v²/(2μr g) = %.6f mm", v, got, want)
		}
		if wt := v / (p.MuRoll * p.Gravity); math.Abs(m.Duration()-wt) > 1e-9 {
			t.Errorf("v=%g: stopped after %.9f s, want v/(μr g) = %.9f s", v, m.Duration(), wt)
		}
	}
}

// A sliding ball with no spin rolls after 2v/(7μs g) at 5v/7 and then rolls
// (5v/7)²/(2μr g) further.
func TestSlideThenRoll(t *testing.T) {
	p := DefaultParams()
	v := 0.8
	l := Layout{0: {X: 300, Y: 400}}
	m := runWith(t, tb9, p, l, map[int]vec2{0: {v, 0}}, nil)
	ts := 2 * v / (7 * p.MuSlide * p.Gravity)
	xs := v*ts - 0.5*p.MuSlide*p.Gravity*ts*ts
	vr := 5 * v / 7
	want := (xs + vr*vr/(2*p.MuRoll*p.Gravity)) * 1000
	if got := m.After()[0].X - 300; math.Abs(got-want) > 1e-6 {
		t.Errorf("travelled %.6f mm, want %.6f mm", got, want)
	}
	st, _ := m.Ball(0, ts+1e-9)
	if got := st.Vel.X / 1000; math.Abs(got-vr) > 1e-6 {
		t.Errorf("speed when rolling starts %.6f m/s, want 5v/7 = %.6f", got, vr)
	}
}

// A stun (no spin at contact) full hit stops the cue ball: it keeps (1−e)/2 of its
// speed, with no spin, and so creeps (slide, then roll) a few millimetres.
func TestStunFullHitStopsCueBall(t *testing.T) {
	p := DefaultParams()
	for _, speed := range []float64{0.8, 1.5, 3} {
		l := Layout{0: {X: 300, Y: 635}, 1: {X: 300 + 2*tb9.BallR + 0.5, Y: 635}}
		m, err := Simulate(tb9, p, l, Stroke{Speed: speed}, nil)
		if err != nil {
			t.Fatal(err)
		}
		c, ok := firstEvent(m, shot.Contact, 1)
		if !ok {
			t.Fatalf("speed %g: no contact", speed)
		}
		in, _ := m.Ball(0, c.T-1e-9)
		cue, _ := m.Ball(0, c.T)
		va := (1 - p.EBall) / 2 * in.Vel.X / 1000
		ts := 2 * va / (7 * p.MuSlide * p.Gravity)
		xs := va*ts - 0.5*p.MuSlide*p.Gravity*ts*ts
		vr := 5 * va / 7
		want := (xs + vr*vr/(2*p.MuRoll*p.Gravity)) * 1000
		// Where the cue ball is when it should have stopped (before the object ball
		// comes back from the foot rail).
		later, _ := m.Ball(0, c.T+ts+vr/(p.MuRoll*p.Gravity)+0.05)
		if moved := later.Pos.Dist(cue.Pos); math.Abs(moved-want) > 0.5 || later.Vel.Len() > 1e-9 {
			t.Errorf("speed %g: cue ball crept %.2f mm after a stun full hit at %.2f m/s, want %.2f", speed, moved, in.Vel.X/1000, want)
		}
		ob, _ := m.Ball(1, c.T+1e-6)
		if math.Abs(ob.Vel.Y) > 1e-6 {
			t.Errorf("speed %g: object ball thrown sideways %.3g mm/s on a full hit", speed, ob.Vel.Y)
		}
	}
}

// angleBetween returns the angle between two directions in degrees.
func angleBetween(a, b table.Point) float64 {
	return math.Abs(math.Remainder(math.Atan2(a.Y, a.X)-math.Atan2(b.Y, b.X), 2*math.Pi)) * 180 / math.Pi
}

// After a stun cut the cue ball leaves along the tangent line, 90° from the object
// ball's path. With e < 1 it keeps (1−e)/2 of its normal speed, which closes the
// angle by atan((1−e)/2·cot φ); friction (throw) closes it a little more.
func TestStunCutNinetyDegreeRule(t *testing.T) {
	R := tb9.BallR
	frictionless := DefaultParams()
	frictionless.ThrowA, frictionless.ThrowB = 0, 0
	elastic := frictionless
	elastic.EBall = 1
	cases := []struct {
		name  string
		p     Params
		tol   float64 // degrees either side of the closed form
		throw bool
	}{
		{"e=1 no friction", elastic, 1e-6, false},
		{"e=0.95 no friction", frictionless, 1e-6, false},
		{"default", DefaultParams(), 7, true},
	}
	for _, tc := range cases {
		for _, cut := range []float64{15, 30, 45, 60} {
			c := cut * math.Pi / 180
			ob := table.Point{X: 1300, Y: 635}
			cue := table.Point{X: ob.X - 2*R*math.Cos(c) - 3, Y: ob.Y - 2*R*math.Sin(c)}
			l := Layout{0: cue, 1: ob}
			m, err := Simulate(tb9, tc.p, l, Stroke{Speed: 1.5}, nil)
			if err != nil {
				t.Fatal(err)
			}
			e, ok := firstEvent(m, shot.Contact, 1)
			if !ok {
				t.Fatalf("%s cut %g: no contact", tc.name, cut)
			}
			a, _ := m.Ball(0, e.T+1e-7)
			b, _ := m.Ball(1, e.T+1e-7)
			got := angleBetween(a.Vel, b.Vel)
			want := 90 - math.Atan((1-tc.p.EBall)/2/math.Tan(c))*180/math.Pi
			if got > want+1e-6 || want-got > tc.tol {
				t.Errorf("%s, cut %g°: cue and object ball separate at %.4f°, want %.4f (−%g)", tc.name, cut, got, want, tc.tol)
			}
			throw := cut - math.Atan2(b.Vel.Y, b.Vel.X)*180/math.Pi
			if tc.throw && (throw < 0.5 || throw > 4) {
				t.Errorf("%s, cut %g°: cut-induced throw %.2f°, want 0.5–4° (Alciatore)", tc.name, cut, throw)
			}
			t.Logf("%-20s stun cut %2.0f°: separation %.2f° (e-only closed form %.2f°), throw %.2f°", tc.name, cut, got, want, throw)
		}
	}
}

// A rolling cue ball hitting half of the object ball is deflected by about 30°
// once it rolls again (Dr. Dave's 30° rule). Without ball–ball friction and with
// e = 1 the closed form is tan θ = sin φ cos φ / (sin² φ + 2/5) = 33.7° at φ = 30°;
// friction on the topspin's slip at the contact adds about a degree at slow speeds.
func TestRollingHalfBallThirtyDegreeRule(t *testing.T) {
	R := tb9.BallR
	ideal := DefaultParams()
	ideal.ThrowA, ideal.ThrowB, ideal.EBall = 0, 0, 1
	phi := math.Pi / 6
	closed := math.Atan(math.Sin(phi)*math.Cos(phi)/(math.Sin(phi)*math.Sin(phi)+0.4)) * 180 / math.Pi
	cases := []struct {
		name   string
		p      Params
		lo, hi float64
	}{
		{"ideal", ideal, closed - 1e-6, closed + 1e-6},
		{"default", DefaultParams(), 27, 35.5},
	}
	for _, tc := range cases {
		for _, v := range []float64{0.6, 1.0, 1.5, 2.0} {
			ob := table.Point{X: 1200, Y: 635}
			cue := table.Point{X: 500, Y: ob.Y - R} // half-ball: centre line offset by R
			l := Layout{0: cue, 1: ob}
			m := runWith(t, tb9, tc.p, l, map[int]vec2{0: {v, 0}}, map[int]vec3{0: rolling(vec2{v, 0}, R/1000)})
			e, ok := firstEvent(m, shot.Contact, 1)
			if !ok {
				t.Fatalf("v=%g: no contact", v)
			}
			// The cue ball rolls again at most 2v/(7 μs g) after the hit.
			after := e.T + 2*v/(7*tc.p.MuSlide*tc.p.Gravity) + 0.01
			if r, ok := firstEvent(m, shot.RailHit, 0); ok && r.T < after {
				t.Fatalf("v=%g: the cue ball reached a rail before it rolled", v)
			}
			st, _ := m.Ball(0, after)
			got := angleBetween(st.Vel, table.Point{X: 1})
			if got < tc.lo || got > tc.hi {
				t.Errorf("%s, v=%g m/s: rolling half-ball hit deflects the cue ball %.4f°, want %.4f–%.4f°", tc.name, v, got, tc.lo, tc.hi)
			}
			t.Logf("%-8s rolling half-ball hit at %.1f m/s: cue ball deflection %.2f° (closed form %.2f°)", tc.name, v, got, closed)
		}
	}
}

func energy(ph *phys, s state) float64 {
	return 0.5*ph.m*s.v.norm2() + 0.5*ph.I*s.w.dot(s.w)
}

// Ball–ball and ball–cushion impulses conserve momentum (ball–ball) and never
// create energy, for random velocities and spins.
func TestCollisionsConserveMomentumLoseEnergy(t *testing.T) {
	ph := newPhys(DefaultParams(), tb9.BallR/1000)
	rng := rand.New(rand.NewSource(7))
	rv := func(s float64) float64 { return (rng.Float64()*2 - 1) * s }
	for k := 0; k < 20000; k++ {
		ang := rng.Float64() * 2 * math.Pi
		a := state{v: vec2{rv(8), rv(8)}, w: vec3{rv(300), rv(300), rv(300)}}
		b := state{r: vec2{2 * ph.R * math.Cos(ang), 2 * ph.R * math.Sin(ang)}, v: vec2{rv(3), rv(3)}, w: vec3{rv(100), rv(100), rv(100)}}
		p0 := a.v.add(b.v)
		e0 := energy(ph, a) + energy(ph, b)
		ph.collideBalls(&a, &b)
		if p1 := a.v.add(b.v); p1.sub(p0).norm() > 1e-12 {
			t.Fatalf("case %d: momentum %v → %v", k, p0, p1)
		}
		if e1 := energy(ph, a) + energy(ph, b); e1 > e0*(1+1e-12) {
			t.Fatalf("case %d: ball–ball collision gained energy %g → %g J", k, e0, e1)
		}
		c := state{v: vec2{rv(8), rv(8)}, w: vec3{rv(300), rv(300), rv(300)}}
		n := vec2{math.Cos(ang), math.Sin(ang)}
		e0 = energy(ph, c)
		ph.collideCushion(&c, n)
		if e1 := energy(ph, c); e1 > e0*(1+1e-12) {
			t.Fatalf("case %d: cushion gained energy %g → %g J", k, e0, e1)
		}
		if c.v.dot(n) < -1e-12 {
			t.Fatalf("case %d: ball still heading into the cushion after it (v·n = %g)", k, c.v.dot(n))
		}
	}
}
