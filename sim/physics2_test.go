package sim

import (
	"math"
	"math/rand"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Contact times agree with the closed forms of constant deceleration on straight
// paths.
func TestContactTimesAnalytic(t *testing.T) {
	p := DefaultParams()
	R := tb9.BallR / 1000
	D := 2 * R
	ar, as := p.MuRoll*p.Gravity, p.MuSlide*p.Gravity
	// time to cover s at speed v decelerating at a
	tt := func(s, v, a float64) float64 { return (v - math.Sqrt(v*v-2*a*s)) / a }
	cases := []struct {
		name  string
		l     Layout
		v     map[int]vec2
		w     map[int]vec3
		kind  string
		ball  int
		wantT float64
	}{
		{"rolling straight", Layout{0: {X: 500, Y: 635}, 1: {X: 1500, Y: 635}},
			map[int]vec2{0: {1.2, 0}}, map[int]vec3{0: rolling(vec2{1.2, 0}, R)},
			shot.Contact, 1, tt(1.0-D, 1.2, ar)},
		{"rolling cut b=40mm", Layout{0: {X: 500, Y: 635}, 1: {X: 1300, Y: 675}},
			map[int]vec2{0: {1.0, 0}}, map[int]vec3{0: rolling(vec2{1.0, 0}, R)},
			shot.Contact, 1, tt(0.8-math.Sqrt(D*D-0.04*0.04), 1.0, ar)},
		{"sliding straight", Layout{0: {X: 500, Y: 635}, 1: {X: 700, Y: 635}},
			map[int]vec2{0: {3, 0}}, nil,
			shot.Contact, 1, tt(0.2-D, 3, as)},
		{"two rolling head on", Layout{0: {X: 500, Y: 635}, 1: {X: 1700, Y: 635}},
			map[int]vec2{0: {1, 0}, 1: {-0.7, 0}}, map[int]vec3{0: rolling(vec2{1, 0}, R), 1: rolling(vec2{-0.7, 0}, R)},
			shot.Contact, 1, tt(1.2-D, 1.7, 2*ar)},
		{"rolling into the foot cushion", Layout{0: {X: 2000, Y: 400}},
			map[int]vec2{0: {0.9, 0}}, map[int]vec3{0: rolling(vec2{0.9, 0}, R)},
			shot.RailHit, 0, tt(2.540-R-2.0, 0.9, ar)},
		{"rolling diagonally into the right cushion", Layout{0: {X: 600, Y: 900}},
			map[int]vec2{0: {0.6, 0.8}}, map[int]vec3{0: rolling(vec2{0.6, 0.8}, R)},
			shot.RailHit, 0, tt((1.270-R-0.9)/0.8, 1.0, ar)},
	}
	for _, tc := range cases {
		m := runWith(t, tb9, p, tc.l, tc.v, tc.w)
		e, ok := firstEvent(m, tc.kind, tc.ball)
		if !ok {
			t.Fatalf("%s: no %s event", tc.name, tc.kind)
		}
		if d := math.Abs(e.T - tc.wantT); d > 1e-7 {
			t.Errorf("%s: %s at t=%.9f s, want %.9f (off by %.3g s)", tc.name, tc.kind, e.T, tc.wantT, d)
		}
		t.Logf("%-42s t=%.9f s, closed form %.9f s, |Δ| = %.2g s", tc.name, e.T, tc.wantT, math.Abs(e.T-tc.wantT))
	}
}

// A ball rolled up the long string into the foot cushion comes back a distance
// given in closed form by the cushion impulse (normal restitution e_c, friction
// μ_c at the nose height) followed by slide-to-roll and rolling.
func TestLongStringReturn(t *testing.T) {
	p := DefaultParams()
	R := tb9.BallR / 1000
	L := tb9.L / 1000
	m, g := p.BallMass, p.Gravity
	I := 0.4 * m * R * R
	sinT := (p.CushionHeight - R) / R
	cosT := math.Sqrt(1 - sinT*sinT)
	for _, v0 := range []float64{0.7, 0.85, 1.0} {
		x0 := L / 4
		l := Layout{0: {X: x0 * 1000, Y: tb9.W / 2}}
		mo := runWith(t, tb9, p, l, map[int]vec2{0: {v0, 0}}, map[int]vec3{0: rolling(vec2{v0, 0}, R)})
		// Arrival.
		v1 := math.Sqrt(v0*v0 - 2*p.MuRoll*g*(L-R-x0))
		// Impulse at the nose: contact point (R cosθ, 0, R sinθ) from the centre.
		// The contact point's velocity v1(1+sinθ) along (sinθ, 0, −cosθ) is resisted
		// by friction min(μ P, 2m|u|/7), P = m(1+e)v1/cosθ along the contact normal.
		P := m * (1 + p.ECushion) * v1 / cosT
		Jt := math.Min(p.MuCushion*P, 2*m*v1*(1+sinT)/7)
		vx := -p.ECushion*v1 - Jt*sinT/m
		wy := v1/R - R*Jt/I
		// Slide until rolling: slip u = vx − R wy, then roll at (5vx + 2R wy)/7.
		u := vx - R*wy
		ts := 2 * math.Abs(u) / (7 * p.MuSlide * g)
		xs := vx*ts - 0.5*math.Copysign(p.MuSlide*g, u)*ts*ts
		vf := (5*vx + 2*R*wy) / 7
		want := (L - R + xs - math.Copysign(vf*vf/(2*p.MuRoll*g), 1)) * 1000
		got := mo.After()[0].X
		if math.Abs(got-want) > 0.01 {
			t.Errorf("v0=%g m/s: came back to x=%.3f mm, want %.3f", v0, got, want)
		}
		if e, ok := firstEvent(mo, shot.RailHit, 0); !ok || e.Rail != "foot" {
			t.Errorf("v0=%g: first rail %+v, want the foot rail", v0, e)
		}
		t.Logf("long string at %.1f m/s: arrives at %.3f m/s, leaves at %.3f m/s, returns %.1f mm from the foot cushion (closed form %.1f)",
			v0, v1, -vx, L*1000-R*1000-got, L*1000-R*1000-want)
	}
}

// breakLayout is a 15-ball rack on the foot spot with the cue ball near the head
// string, the rack jittered by up to jit mm.
func breakLayout(tb table.Table, rng *rand.Rand, jit float64) Layout {
	l := Layout{0: {X: tb.L/4 - 50, Y: tb.W/2 + 150*(rng.Float64()*2-1)}}
	apex := tb.FootSpot()
	k := 1 + jit/tb.BallR // spread so that neighbours are 2·jit apart
	for i, q := range tb.Rack(5) {
		a := rng.Float64() * 2 * math.Pi
		r := 0.9 * jit * rng.Float64()
		q = apex.Add(q.Sub(apex).Scale(k))
		l[i+1] = table.Point{X: q.X + r*math.Cos(a), Y: q.Y + r*math.Sin(a)}
	}
	return l
}

// No ball passes through another or through a cushion at break speed: sampled every
// 0.1 ms, no two balls on the bed overlap (by more than 0.02 mm: balls pressed
// together may overlap restingOverlap = 0.01 mm) and no ball centre is behind a cushion
// nose except in a pocket's mouth.
func TestNoTunnellingAtBreakSpeed(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	tb := tb9
	R := tb.BallR
	pk := tb.Pockets()
	var buf []BallState
	maxSpeed := 0.0
	for k := 0; k < 12; k++ {
		l := breakLayout(tb, rng, 0.3)
		apex := l[1]
		cue := l[0]
		ang := math.Atan2(apex.Y-cue.Y, apex.X-cue.X) + (rng.Float64()*2-1)*0.01
		m, err := Simulate(tb, DefaultParams(), l, Stroke{Speed: 7 + rng.Float64(), Angle: ang}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for tt := 0.0; tt < math.Min(m.Duration(), 3); tt += 1e-4 {
			buf = m.State(tt, buf)
			for i, a := range buf {
				if !a.OnBed {
					continue
				}
				maxSpeed = math.Max(maxSpeed, a.Vel.Len()/1000)
				if a.Pos.X < R-0.01 || a.Pos.X > tb.L-R+0.01 || a.Pos.Y < R-0.01 || a.Pos.Y > tb.W-R+0.01 {
					near := false
					for _, q := range pk {
						near = near || a.Pos.Dist(q.Center) < q.Width/2+R
					}
					if !near {
						t.Fatalf("break %d t=%.4f: ball %d at %v is through a cushion", k, tt, a.Ball, a.Pos)
					}
				}
				for _, b := range buf[i+1:] {
					if b.OnBed && a.Pos.Dist(b.Pos) < 2*R-0.02 {
						t.Fatalf("break %d t=%.4f: balls %d and %d overlap by %.3f mm: %+v %+v", k, tt, a.Ball, b.Ball, 2*R-a.Pos.Dist(b.Pos), a, b)
					}
				}
			}
		}
	}
	if maxSpeed < 10 {
		t.Fatalf("fastest ball %.2f m/s, want the test to reach break speed ≥ 10 m/s", maxSpeed)
	}
	t.Logf("fastest ball %.2f m/s", maxSpeed)
}

func TestPockets(t *testing.T) {
	p := DefaultParams()
	R := tb9.BallR / 1000
	fr := tb9.Pocket(table.FR)
	sr := tb9.Pocket(table.SR)
	dir := func(from, to table.Point, v float64) vec2 {
		d := to.Sub(from)
		return vec2{d.X, d.Y}.unit().scale(v)
	}
	cases := []struct {
		name   string
		from   table.Point
		to     table.Point
		v      float64
		pocket string // "" for none
		jaw    bool   // a rail event on a jaw is expected, and no drop in near
		near   table.PocketID
	}{
		{"corner straight in", table.Point{X: 1800, Y: 700}, fr.Center, 1.5, "FR", false, ""},
		{"corner along the foot rail", table.Point{X: 2540 - 28.575 - 0.5, Y: 600}, table.Point{X: 2540 - 28.575 - 0.5, Y: 1270}, 1.0, "FR", false, ""},
		{"side straight in", table.Point{X: 1270, Y: 500}, sr.Center, 1.0, "SR", false, ""},
		{"corner jaw", table.Point{X: 1800, Y: 700}, fr.Jaws[0].Add(table.Point{X: 0, Y: -12}), 0.8, "", true, table.FR},
		{"side at a steep angle rattles", table.Point{X: 900, Y: 1100}, table.Point{X: 1270 - 64 + 10, Y: 1270}, 0.8, "", true, table.SR},
	}
	for _, tc := range cases {
		v := dir(tc.from, tc.to, tc.v)
		m := runWith(t, tb9, p, Layout{0: tc.from}, map[int]vec2{0: v}, map[int]vec3{0: rolling(v, R)})
		e, ok := firstEvent(m, shot.Pocketed, 0)
		got := ""
		if ok {
			got = e.Pocket
		}
		if tc.jaw {
			if got == string(tc.near) {
				t.Errorf("%s: dropped in %s, want a rattle off its jaw", tc.name, got)
			}
		} else if got != tc.pocket {
			t.Errorf("%s: pocketed in %q, want %q (events %v)", tc.name, got, tc.pocket, m.Events())
		}
		_, in := m.After()[0]
		if !tc.jaw && in == (tc.pocket != "") {
			t.Errorf("%s: ball on the bed after = %v, want %v", tc.name, in, tc.pocket == "")
		}
		if tc.jaw {
			r, ok := firstEvent(m, shot.RailHit, 0)
			if !ok || r.At == nil {
				t.Errorf("%s: no rail event with a contact point", tc.name)
			} else if q, d := tb9.NearestPocket(r.At.P()); d > q.Width || q.ID != tc.near {
				t.Errorf("%s: first rail hit at %v, %.0f mm from the nearest pocket, want a jaw", tc.name, r.At.P(), d)
			}
		}
		if ok && !tc.jaw {
			st, _ := m.Ball(0, e.T+0.03)
			end, _ := m.Ball(0, m.Duration()+1)
			if st.OnBed || st.Gone || !(st.Z < tb9.BallR) || !end.Gone {
				t.Errorf("%s: 30 ms after the drop OnBed=%v Gone=%v Z=%.1f, at the end Gone=%v; want dropping below R, then gone",
					tc.name, st.OnBed, st.Gone, st.Z, end.Gone)
			}
		}
	}
}

// With AirborneProb = 1 a hard hit towards a near rail throws the ball off the
// table: an off_table event, a flight above the bed, and the ball gone.
func TestOffTable(t *testing.T) {
	p := DefaultParams()
	p.AirborneProb = 1
	l := Layout{0: {X: 1100, Y: 635}, 1: {X: 1100, Y: 1150}}
	m, err := Simulate(tb9, p, l, Stroke{Speed: 4, Angle: math.Pi / 2}, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	e, ok := firstEvent(m, shot.OffTable, 1)
	if !ok {
		t.Fatalf("no off_table event: %v", m.Events())
	}
	c, _ := firstEvent(m, shot.Contact, 1)
	mid, _ := m.Ball(1, (c.T+e.T)/2)
	if mid.OnBed || mid.Gone || mid.Z <= tb9.BallR+5 {
		t.Errorf("in flight: OnBed=%v Gone=%v Z=%.1f mm, want airborne above %.1f", mid.OnBed, mid.Gone, mid.Z, tb9.BallR+5)
	}
	at, _ := m.Ball(1, e.T)
	if at.Pos.Y < tb9.W-tb9.BallR-1 {
		t.Errorf("off_table at y=%.1f, want the centre over the right rail's nose (≥ %.1f)", at.Pos.Y, tb9.W-tb9.BallR)
	}
	if _, on := m.After()[1]; on {
		t.Errorf("ball 1 is in after, want it gone")
	}
	end, _ := m.Ball(1, m.Duration()+1)
	if !end.Gone {
		t.Errorf("ball 1 not gone at the end")
	}
	// Without an rng nothing is thrown.
	m2, _ := Simulate(tb9, p, l, Stroke{Speed: 4, Angle: math.Pi / 2}, nil)
	if _, ok := firstEvent(m2, shot.OffTable, 1); ok {
		t.Errorf("off_table without an rng")
	}
}

// The orientation of a rolling ball is the rotation by distance/R about the axis
// across its path; orientation is a proper rotation and continuous in time.
func TestOrientation(t *testing.T) {
	p := DefaultParams()
	R := tb9.BallR / 1000
	v := 0.5
	m := runWith(t, tb9, p, Layout{0: {X: 300, Y: 400}}, map[int]vec2{0: {v, 0}}, map[int]vec3{0: rolling(vec2{v, 0}, R)})
	for _, tt := range []float64{0.3, 1, 2.5, 10} {
		st, _ := m.Ball(0, tt)
		ang := (st.Pos.X - 300) / tb9.BallR
		// Rotation about +y by ang: the top of the ball (0,0,1) moves to (sin, 0, cos).
		top := [3]float64{st.Orient[2], st.Orient[5], st.Orient[8]}
		want := [3]float64{math.Sin(ang), 0, math.Cos(ang)}
		for k := range 3 {
			if math.Abs(top[k]-want[k]) > 1e-9 {
				t.Fatalf("t=%g: top of the ball at %v, want %v (rolled %.4f rad)", tt, top, want, ang)
			}
		}
	}
	// Break: orthonormal, det +1, continuous.
	rng := rand.New(rand.NewSource(5))
	l := breakLayout(tb9, rng, 0.2)
	mb, err := Simulate(tb9, p, l, Stroke{Speed: 6, Angle: math.Atan2(l[1].Y-l[0].Y, l[1].X-l[0].X), Side: 0.2, Follow: 0.2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var prev, cur []BallState
	prev = mb.State(0, prev)
	dt := 2e-4
	for tt := dt; tt < mb.Duration(); tt += dt {
		cur = mb.State(tt, cur)
		for i, b := range cur {
			o := b.Orient
			det := o[0]*(o[4]*o[8]-o[5]*o[7]) - o[1]*(o[3]*o[8]-o[5]*o[6]) + o[2]*(o[3]*o[7]-o[4]*o[6])
			if math.Abs(det-1) > 1e-9 {
				t.Fatalf("t=%g ball %d: det %g", tt, b.Ball, det)
			}
			// Rotation angle between samples ≤ |ω|·dt (ω ≤ 600 rad/s) + slack.
			var tr float64
			for r := range 3 {
				for c := range 3 {
					tr += o[r*3+c] * prev[i].Orient[r*3+c]
				}
			}
			if a := math.Acos(math.Max(-1, math.Min(1, (tr-1)/2))); a > 600*dt+1e-6 {
				t.Fatalf("t=%g ball %d: orientation jumped %.3f rad in %g s", tt, b.Ball, a, dt)
			}
		}
		prev, cur = cur, prev
	}
}

// The same inputs and seed give identical motion.
func TestSimulateDeterministic(t *testing.T) {
	var first []shot.Event
	for k := 0; k < 3; k++ {
		rng := rand.New(rand.NewSource(11))
		l := breakLayout(tb9, rng, 0.3)
		m, err := Simulate(tb9, DefaultParams(), l, Stroke{Speed: 7.5, Angle: 0.01, Side: 0.1}, rng)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := m.Shot(nil).After.MarshalJSON()
		_ = b
		if k == 0 {
			first = m.Events()
			continue
		}
		ev := m.Events()
		if len(ev) != len(first) {
			t.Fatalf("run %d: %d events, first run %d", k, len(ev), len(first))
		}
		for i := range ev {
			a, _ := ev[i].MarshalJSON()
			b, _ := first[i].MarshalJSON()
			if string(a) != string(b) {
				t.Fatalf("run %d event %d: %s, first run %s", k, i, a, b)
			}
		}
	}
}

func TestSimulateRejectsBadInput(t *testing.T) {
	ok := Layout{0: {X: 500, Y: 500}, 1: {X: 1500, Y: 600}}
	cases := []struct {
		name string
		l    Layout
		s    Stroke
	}{
		{"no cue ball", Layout{1: {X: 500, Y: 500}}, Stroke{Speed: 1}},
		{"overlap", Layout{0: {X: 500, Y: 500}, 1: {X: 530, Y: 500}}, Stroke{Speed: 1}},
		{"off the bed", Layout{0: {X: -50, Y: 500}}, Stroke{Speed: 1}},
		{"not a ball", Layout{0: {X: 500, Y: 500}, 16: {X: 900, Y: 500}}, Stroke{Speed: 1}},
		{"zero speed", ok, Stroke{}},
		{"miscue", ok, Stroke{Speed: 1, Side: 0.5, Follow: 0.5}},
		{"NaN angle", ok, Stroke{Speed: 1, Angle: math.NaN()}},
	}
	bad := DefaultParams()
	bad.MuRoll = math.NaN()
	if _, err := Simulate(tb9, bad, ok, Stroke{Speed: 1}, nil); err == nil {
		t.Errorf("NaN rolling friction: no error")
	}
	bad = DefaultParams()
	bad.EBall = 1.2
	if _, err := Simulate(tb9, bad, ok, Stroke{Speed: 1}, nil); err == nil {
		t.Errorf("restitution 1.2: no error")
	}
	for _, tc := range cases {
		before := tc.l.Clone()
		if _, err := Simulate(tb9, DefaultParams(), tc.l, tc.s, nil); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
		if len(before) != len(tc.l) {
			t.Errorf("%s: layout changed", tc.name)
		}
	}
}

// BenchmarkBreak reports simulated seconds per wall-clock second for a 15-ball
// break at about 11 m/s.
func BenchmarkBreak(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	l := breakLayout(tb9, rng, 0.3)
	ang := math.Atan2(l[1].Y-l[0].Y, l[1].X-l[0].X)
	p := DefaultParams()
	var sim float64
	var events int
	b.ReportAllocs()
	for b.Loop() {
		m, err := Simulate(tb9, p, l, Stroke{Speed: 7.5, Angle: ang, Follow: 0.1}, nil)
		if err != nil {
			b.Fatal(err)
		}
		sim += m.Duration()
		events += len(m.Events())
	}
	b.ReportMetric(sim/b.Elapsed().Seconds(), "sim-s/s")
	b.ReportMetric(float64(events)/float64(b.N), "events/shot")
}

// BenchmarkState reports the cost of reading all balls' states at one instant.
func BenchmarkState(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	l := breakLayout(tb9, rng, 0.3)
	m, err := Simulate(tb9, DefaultParams(), l, Stroke{Speed: 7.5, Angle: math.Atan2(l[1].Y-l[0].Y, l[1].X-l[0].X)}, nil)
	if err != nil {
		b.Fatal(err)
	}
	buf := make([]BallState, 0, 16)
	i := 0
	for b.Loop() {
		buf = m.State(float64(i%1000)*m.Duration()/1000, buf)
		i++
	}
}
