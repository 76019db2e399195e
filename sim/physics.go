package sim

import (
	"fmt"
	"math"
)

// Params are the physical constants of the simulation, in SI units. The ball radius
// comes from the table.
type Params struct {
	BallMass float64 // kg
	Gravity  float64 // m/s²

	MuSlide float64 // ball–cloth sliding friction
	MuRoll  float64 // ball–cloth rolling resistance
	MuSpin  float64 // ball–cloth spinning friction (decay of the spin about the vertical)

	EBall float64 // ball–ball coefficient of restitution
	// Ball–ball friction μ = ThrowA + ThrowB·exp(−ThrowC·v), v the relative surface
	// speed at the contact in m/s (Alciatore's fit); it makes cut-induced and
	// spin-induced throw.
	ThrowA, ThrowB, ThrowC float64

	ECushion      float64 // ball–cushion coefficient of restitution
	MuCushion     float64 // ball–cushion friction
	CushionHeight float64 // m, height of the cushion nose above the bed

	CueMass float64 // kg

	// Pocket jaws: the facing angle in degrees (between the nose line and the jaw
	// facing, measured inside the rubber), the depth in metres the facings reach
	// behind the mouth, the shelf (from the mouth line to the edge of the slate's
	// hole) and the radius of the hole circle a ball centre must enter to drop.
	CornerFacing, SideFacing float64
	CornerJaw, SideJaw       float64
	CornerShelf, SideShelf   float64
	CornerHole, SideHole     float64

	// A hard ball–ball hit (closing faster than AirborneSpeed, m/s, along the line
	// of centres) that leaves a ball faster than AirborneSpeed heading into a rail
	// no more than AirborneReach (m) away throws that ball over the rail with
	// probability AirborneProb (drawn from the rng given to Simulate; none without
	// one).
	AirborneProb  float64
	AirborneSpeed float64
	AirborneReach float64

	// MaxEvents bounds the events of one shot; a shot needing more is an error.
	MaxEvents int
}

// DefaultParams returns the constants of a standard pool table and balls.
func DefaultParams() Params {
	return Params{
		BallMass: 0.170,
		Gravity:  9.81,
		MuSlide:  0.2,
		MuRoll:   0.01,
		MuSpin:   0.0127,
		EBall:    0.95,
		ThrowA:   9.951e-3, ThrowB: 0.108, ThrowC: 1.088,
		ECushion:      0.85,
		MuCushion:     0.2,
		CushionHeight: 0.0365, // 63.9 % of the ball's diameter (WPA 62.5–64.5 %)
		CueMass:       0.54,
		CornerFacing:  142, SideFacing: 104,
		CornerJaw: 0.045, SideJaw: 0.030,
		CornerShelf: 0.025, SideShelf: 0.012,
		CornerHole: 0.052, SideHole: 0.057,
		AirborneProb:  0.45,
		AirborneSpeed: 2.5,
		AirborneReach: 0.30,
		MaxEvents:     100000,
	}
}

// Validate reports whether the constants make sense: finite, masses, gravity and
// the frictions positive, restitutions in (0, 1], the cushion nose between the
// ball's centre and top.
func (p Params) Validate() error {
	named := []struct {
		name string
		v    float64
	}{
		{"BallMass", p.BallMass}, {"Gravity", p.Gravity}, {"MuSlide", p.MuSlide}, {"MuRoll", p.MuRoll},
		{"MuSpin", p.MuSpin}, {"EBall", p.EBall}, {"ECushion", p.ECushion}, {"CushionHeight", p.CushionHeight},
		{"CueMass", p.CueMass}, {"CornerFacing", p.CornerFacing}, {"SideFacing", p.SideFacing},
		{"CornerJaw", p.CornerJaw}, {"SideJaw", p.SideJaw}, {"CornerHole", p.CornerHole}, {"SideHole", p.SideHole},
	}
	for _, f := range named {
		if !(f.v > 0) || math.IsInf(f.v, 0) {
			return fmt.Errorf("sim: parameter %s = %g must be positive and finite", f.name, f.v)
		}
	}
	others := []struct {
		name string
		v    float64
	}{
		{"ThrowA", p.ThrowA}, {"ThrowB", p.ThrowB}, {"ThrowC", p.ThrowC}, {"MuCushion", p.MuCushion},
		{"CornerShelf", p.CornerShelf}, {"SideShelf", p.SideShelf}, {"AirborneProb", p.AirborneProb},
		{"AirborneSpeed", p.AirborneSpeed}, {"AirborneReach", p.AirborneReach},
	}
	for _, f := range others {
		if !(f.v >= 0) || math.IsInf(f.v, 0) {
			return fmt.Errorf("sim: parameter %s = %g must be zero or positive and finite", f.name, f.v)
		}
	}
	switch {
	case p.EBall > 1 || p.ECushion > 1:
		return fmt.Errorf("sim: restitutions %g (ball) and %g (cushion) must not exceed 1", p.EBall, p.ECushion)
	case p.CornerFacing >= 180 || p.SideFacing >= 180 || p.CornerFacing <= 90 || p.SideFacing <= 90:
		return fmt.Errorf("sim: facing angles %g° and %g° must be between 90° and 180°", p.CornerFacing, p.SideFacing)
	case p.MaxEvents < 1:
		return fmt.Errorf("sim: MaxEvents %d must be positive", p.MaxEvents)
	}
	return nil
}

// motionKind is a ball's state of motion during one segment.
type motionKind uint8

const (
	kStationary motionKind = iota
	kSpinning              // at rest on the spot, spinning about the vertical
	kRolling
	kSliding
	kDropping // falling into a pocket's hole
	kAirborne // thrown off the bed
	kGone     // in a pocket or off the table
)

func (k motionKind) onBed() bool  { return k <= kSliding }
func (k motionKind) moving() bool { return k == kRolling || k == kSliding }

// seg is one piece of a ball's motion: from t0 the ball moves by the closed form
// of its kind until end (when its own motion changes state), unless an event
// interrupts it first.
type seg struct {
	t0, end float64
	kind    motionKind
	r, v, a vec2 // position, velocity and (constant) acceleration at t0
	u       vec2 // sliding: unit slip direction
	w       vec3 // angular velocity at t0
	z, vz   float64
	dst     vec2 // dropping: where the ball ends in the hole
	o       [9]float64
}

// phys is Params with derived constants.
type phys struct {
	Params
	R, m, I float64
	kSpin   float64 // spin decay rate of ω_z, rad/s²
	kSlideW float64 // rate of change of ω_xy while sliding, rad/s² per unit slip
	sinT    float64 // cushion contact: sine of the angle of the contact below the nose
	cosT    float64
}

func newPhys(p Params, radius float64) *phys {
	ph := &phys{Params: p, R: radius, m: p.BallMass}
	ph.I = 0.4 * ph.m * radius * radius
	ph.kSpin = 5 * p.MuSpin * p.Gravity / (2 * radius)
	ph.kSlideW = 5 * p.MuSlide * p.Gravity / (2 * radius)
	s := (p.CushionHeight - radius) / radius
	s = math.Max(-0.9, math.Min(0.9, s))
	ph.sinT, ph.cosT = s, math.Sqrt(1-s*s)
	return ph
}

// spin returns ω_z after tau seconds of decay from wz, and its integral.
func (ph *phys) spin(wz, tau float64) (w, ang float64) {
	if wz == 0 || tau <= 0 {
		return wz, 0
	}
	a := math.Abs(wz)
	ts := a / ph.kSpin
	te := math.Min(tau, ts)
	ang = a*te - 0.5*ph.kSpin*te*te
	w = math.Max(0, a-ph.kSpin*tau)
	if wz < 0 {
		return -w, -ang
	}
	return w, ang
}

// state is a ball's full state at an instant.
type state struct {
	r, v vec2
	w    vec3
	z    float64
	o    [9]float64
}

// eval returns the state of segment s at absolute time t (t ≥ s.t0).
func (ph *phys) eval(s *seg, t float64, orient bool) state {
	tau := t - s.t0
	if tau < 0 {
		tau = 0
	}
	st := state{r: s.r, z: ph.R}
	var th vec3
	switch s.kind {
	case kStationary:
	case kSpinning:
		wz, ang := ph.spin(s.w.z, tau)
		st.w = vec3{0, 0, wz}
		th = vec3{0, 0, ang}
	case kRolling, kSliding:
		st.r = s.r.add(s.v.scale(tau)).add(s.a.scale(0.5 * tau * tau))
		st.v = s.v.add(s.a.scale(tau))
		wz, ang := ph.spin(s.w.z, tau)
		if s.kind == kRolling {
			st.w = vec3{-st.v.y / ph.R, st.v.x / ph.R, wz}
			d := st.r.sub(s.r)
			th = vec3{-d.y / ph.R, d.x / ph.R, ang}
		} else {
			al := vec2{-s.u.y, s.u.x}.scale(ph.kSlideW)
			st.w = vec3{s.w.x + al.x*tau, s.w.y + al.y*tau, wz}
			th = vec3{s.w.x*tau + 0.5*al.x*tau*tau, s.w.y*tau + 0.5*al.y*tau*tau, ang}
		}
	case kDropping:
		T := s.end - s.t0
		f := 1.0
		if T > 0 && tau < T {
			f = tau / T
		}
		st.r = s.r.add(s.dst.sub(s.r).scale(f))
		st.v = s.dst.sub(s.r).scale(1 / math.Max(T, 1e-9))
		st.z = s.z - 0.5*ph.Gravity*tau*tau
		st.w = s.w
		th = s.w.scale(tau)
	case kAirborne:
		st.r = s.r.add(s.v.scale(tau))
		st.v = s.v
		st.z = s.z + s.vz*tau - 0.5*ph.Gravity*tau*tau
		st.w = s.w
		th = s.w.scale(tau)
	case kGone:
		st.z = s.z
	}
	if orient {
		st.o = rotate(s.o, th)
	}
	return st
}

// newSeg builds the on-bed segment starting at t from a state, classifying it as
// sliding, rolling, spinning or stationary and computing when that ends.
func (ph *phys) newSeg(t float64, st state) seg {
	const epsV = 1e-6 // m/s
	s := seg{t0: t, r: st.r, v: st.v, w: st.w, z: ph.R, o: st.o, end: math.Inf(1)}
	if st.v.norm() < epsV {
		s.v = vec2{}
	}
	// Slip of the contact point with the cloth: u = v + ω × (−R ẑ).
	u := vec2{s.v.x - ph.R*s.w.y, s.v.y + ph.R*s.w.x}
	us := u.norm()
	switch {
	case us >= epsV:
		s.kind = kSliding
		s.u = u.scale(1 / us)
		s.a = s.u.scale(-ph.MuSlide * ph.Gravity)
		s.end = t + 2*us/(7*ph.MuSlide*ph.Gravity)
	case s.v != (vec2{}):
		s.kind = kRolling
		s.w.x, s.w.y = -s.v.y/ph.R, s.v.x/ph.R
		sp := s.v.norm()
		s.a = s.v.scale(-ph.MuRoll * ph.Gravity / sp)
		s.end = t + sp/(ph.MuRoll*ph.Gravity)
	case math.Abs(s.w.z) >= epsV/ph.R:
		s.kind = kSpinning
		s.w.x, s.w.y = 0, 0
		s.end = t + math.Abs(s.w.z)/ph.kSpin
	default:
		s.kind = kStationary
		s.w = vec3{}
	}
	return s
}

// strike returns the cue ball's velocity and angular velocity after the cue tip
// hits it: cue speed V (m/s) along direction angle phi, tip offset side·R to the
// shooter's right and follow·R above centre, cue elevation elev (rad). It is the
// impulse of an elastic collision between a cue of mass M and the ball hit off
// centre (pooltool's cue_strike; Alciatore, TP A.30).
func (ph *phys) strike(V, phi, side, follow, elev float64) (vec2, vec3) {
	R, m, M := ph.R, ph.m, ph.CueMass
	a, b := side*R, follow*R
	c := math.Sqrt(math.Max(0, R*R-a*a-b*b))
	sT, cT := math.Sincos(elev)
	temp := a*a + (b*cT)*(b*cT) + (c*sT)*(c*sT) - 2*b*c*cT*sT
	J := 2 * M * V / (1 + M/m + 5/(2*R*R)*temp)
	sp, cp := math.Sincos(phi)
	d := vec3{cp, sp, 0}
	right := vec3{-sp, cp, 0} // the shooter's right in the table frame (+y is right of +x)
	z := vec3{0, 0, 1}
	r := d.scale(-c).add(right.scale(a)).add(z.scale(b))
	e := d.scale(cT).sub(z.scale(sT))
	w := r.cross(e.scale(J / ph.I))
	v := vec2{cp, sp}.scale(J * cT / m)
	return v, w
}

// collideBalls applies the impulses of a ball–ball collision (restitution in the
// normal direction, Coulomb friction at the contact capped at rolling without
// slip) to a and b, whose centres are one diameter apart.
func (ph *phys) collideBalls(a, b *state) {
	n := b.r.sub(a.r).unit()
	vn := a.v.sub(b.v).dot(n)
	if vn <= 0 {
		return
	}
	m := ph.m
	Jn := m * (1 + ph.EBall) / 2 * vn
	a.v = a.v.madd(n, -Jn/m)
	b.v = b.v.madd(n, Jn/m)
	n3 := v3(n, 0)
	rc := n3.scale(ph.R)
	ua := v3(a.v, 0).add(a.w.cross(rc))
	ub := v3(b.v, 0).add(b.w.cross(rc.scale(-1)))
	u := ua.sub(ub)
	ut := u.sub(n3.scale(u.dot(n3)))
	us := ut.norm()
	if us < 1e-12 {
		return
	}
	mu := ph.ThrowA + ph.ThrowB*math.Exp(-ph.ThrowC*us)
	Jt := math.Min(mu*Jn, m*us/7)
	P := ut.scale(-Jt / us) // impulse on a; b gets −P
	a.v = a.v.add(P.xy().scale(1 / m))
	b.v = b.v.sub(P.xy().scale(1 / m))
	dw := rc.cross(P).scale(1 / ph.I)
	a.w = a.w.add(dw)
	b.w = b.w.add(dw)
}

// collideCushion applies a cushion impulse to a ball touching a cushion whose
// inward (towards the ball) unit normal is n. The nose touches the ball above its
// equator; the normal impulse reverses the normal velocity with ECushion, friction
// at the contact (MuCushion, capped at stopping the slip) changes the spin and the
// tangential velocity. The vertical part of the impulses goes into the bed.
func (ph *phys) collideCushion(b *state, n vec2) {
	vn := b.v.dot(n)
	if vn >= 0 {
		return
	}
	m := ph.m
	Pxy := -m * (1 + ph.ECushion) * vn // normal impulse in the plane
	Pn := Pxy / ph.cosT                // along the contact normal
	v0 := b.v
	b.v = b.v.madd(n, Pxy/m)
	// Contact point relative to the centre, and the contact normal (into the ball).
	rc := v3(n.scale(-ph.R*ph.cosT), ph.R*ph.sinT)
	N := rc.scale(-1 / ph.R)
	u := v3(v0, 0).add(b.w.cross(rc)) // velocity of the contact point at impact
	ut := u.sub(N.scale(u.dot(N)))
	us := ut.norm()
	if us < 1e-12 {
		return
	}
	Jt := math.Min(ph.MuCushion*Pn, 2*m*us/7)
	P := ut.scale(-Jt / us)
	b.v = b.v.add(P.xy().scale(1 / m))
	b.w = b.w.add(rc.cross(P).scale(1 / ph.I))
}
