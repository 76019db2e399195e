package tracking

import (
	"math"
	"math/rand"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// toyWorld is a small ground-truth physics for the tests: balls that roll with
// constant deceleration, collide elastically, bounce off cushions and drop into
// pockets when their centre crosses a pocket mouth. Events are exact to the 0.1 ms
// step. It is not the project's simulator (package sim); it only has to give true
// events for trajectories the tests design.
type toyWorld struct {
	tab    table.Table
	balls  []*toyBall
	t      float64
	decel  float64
	events []shot.Event    // absolute times
	speed  map[int]float64 // for contacts: the faster ball's speed before it, by event index
	snaps  []toySnap
	stopT  float64
}

type toyBall struct {
	id   int
	p, v table.Point
	on   bool
}

type toySnap struct {
	t  float64
	p  []table.Point
	on []bool
}

const toyStep = 1e-4

// toyDecel (mm/s²) is how fast every moving ball of the toy world slows.
const toyDecel = 250.0

func newToy(tab table.Table, pos map[int]table.Point) *toyWorld {
	w := &toyWorld{tab: tab, decel: toyDecel}
	ids := make([]int, 0, len(pos))
	for id := range pos {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		w.balls = append(w.balls, &toyBall{id: id, p: pos[id], on: true})
	}
	w.snap()
	return w
}

func (w *toyWorld) ball(id int) *toyBall {
	for _, b := range w.balls {
		if b.id == id {
			return b
		}
	}
	panic("no ball")
}

func (w *toyWorld) snap() {
	s := toySnap{t: w.t, p: make([]table.Point, len(w.balls)), on: make([]bool, len(w.balls))}
	for i, b := range w.balls {
		s.p[i], s.on[i] = b.p, b.on
	}
	w.snaps = append(w.snaps, s)
}

// strike gives ball id the velocity v (mm/s) now and logs the strike.
func (w *toyWorld) strike(id int, v table.Point) {
	w.ball(id).v = v
	w.events = append(w.events, shot.Event{T: w.t, Kind: shot.Strike, Ball: id})
}

// idle advances time with nothing moving (or lets things roll) for d seconds.
func (w *toyWorld) run(d float64) {
	end := w.t + d
	n := 0
	for w.t < end-1e-9 {
		moving := w.step()
		n++
		if n%5 == 0 {
			w.snap()
		}
		if moving {
			w.stopT = w.t
		}
	}
	w.snap()
}

// settle runs until every ball is at rest, then logs the stop and idles 0.5 s.
func (w *toyWorld) settle() {
	for i := 0; i < 400000; i++ {
		if !w.step() {
			break
		}
		if i%5 == 4 {
			w.snap()
		}
	}
	w.snap()
	w.events = append(w.events, shot.Event{T: w.t, Kind: shot.Stop})
	w.run(0.5)
}

func (w *toyWorld) step() bool {
	dt := toyStep
	R := w.tab.BallR
	any := false
	for _, b := range w.balls {
		if !b.on {
			continue
		}
		s := b.v.Len()
		if s == 0 {
			continue
		}
		any = true
		ns := math.Max(0, s-w.decel*dt)
		nv := b.v.Scale(ns / s)
		b.p = b.p.Add(b.v.Add(nv).Scale(dt / 2))
		b.v = nv
	}
	t0 := w.t
	w.t += dt
	// Ball–ball collisions, timed within the step.
	for i, a := range w.balls {
		for _, b := range w.balls[i+1:] {
			if !a.on || !b.on {
				continue
			}
			dp := b.p.Sub(a.p)
			if dp.Len() >= 2*R {
				continue
			}
			dv := b.v.Sub(a.v)
			if dp.Dot(dv) >= 0 {
				continue
			}
			// Back to the moment of contact: |dp − dv·τ| = 2R.
			A := dv.Dot(dv)
			B := -2 * dp.Dot(dv)
			C := dp.Dot(dp) - 4*R*R
			tau := 0.0
			if A > 0 {
				disc := B*B - 4*A*C
				if disc < 0 {
					disc = 0
				}
				tau = (-B + math.Sqrt(disc)) / (2 * A) // time back from now, ≥ 0
				tau = math.Max(0, math.Min(tau, dt*2))
			}
			if w.speed == nil {
				w.speed = map[int]float64{}
			}
			w.speed[len(w.events)] = math.Max(a.v.Len(), b.v.Len())
			pa, pb := a.p.Sub(a.v.Scale(tau)), b.p.Sub(b.v.Scale(tau))
			n := pb.Sub(pa).Scale(1 / pb.Sub(pa).Len())
			va, vb := a.v.Dot(n), b.v.Dot(n)
			a.v = a.v.Add(n.Scale(vb - va))
			b.v = b.v.Add(n.Scale(va - vb))
			a.p = pa.Add(a.v.Scale(tau))
			b.p = pb.Add(b.v.Scale(tau))
			first, second := a.id, b.id
			if math.Abs(vb) > math.Abs(va) {
				first, second = b.id, a.id
			}
			at := shot.FromP(pa.Add(pb).Scale(0.5))
			w.events = append(w.events, shot.Event{T: w.t - tau, Kind: shot.Contact, A: first, B: second, At: &at})
			any = true
		}
	}
	// Pockets, then cushions.
	for _, b := range w.balls {
		if !b.on {
			continue
		}
		for _, pk := range w.tab.Pockets() {
			q := b.p.Sub(pk.Center)
			g := q.Dot(pk.In)
			lat := q.Sub(pk.In.Scale(g)).Len()
			if g > 0 && lat < pk.Width/2 && b.v.Dot(pk.In) > 0 {
				tau := g / b.v.Dot(pk.In)
				w.events = append(w.events, shot.Event{T: w.t - math.Min(tau, dt), Kind: shot.Pocketed, Ball: b.id, Pocket: string(pk.ID)})
				b.on = false
				b.v = table.Point{}
				break
			}
		}
		if !b.on {
			continue
		}
		for _, r := range table.Rails {
			d := w.tab.RailDistance(b.p, r)
			if d >= 0 {
				continue
			}
			var n table.Point // inward normal
			switch r {
			case table.Head:
				n = table.Point{X: 1}
			case table.Foot:
				n = table.Point{X: -1}
			case table.Left:
				n = table.Point{Y: 1}
			case table.Right:
				n = table.Point{Y: -1}
			}
			vn := b.v.Dot(n)
			if vn >= 0 {
				continue
			}
			// In a pocket's mouth there is no cushion: let the ball go on.
			inMouth := false
			for _, pk := range w.tab.Pockets() {
				if b.p.Dist(pk.Center) < pk.Width/2+R {
					inMouth = true
				}
			}
			if inMouth {
				continue
			}
			tau := -d / -vn
			at := b.p.Add(n.Scale(-d))
			b.p = at
			b.v = b.v.Sub(n.Scale(vn)).Add(n.Scale(-0.8 * vn))
			b.p = b.p.Add(b.v.Scale(tau))
			ap := shot.FromP(at.Sub(b.v.Scale(0)))
			w.events = append(w.events, shot.Event{T: w.t - tau, Kind: shot.RailHit, Ball: b.id, Rail: string(r), At: &ap})
			any = true
		}
	}
	_ = t0
	return any
}

// at returns the balls' positions at time t by interpolating the snapshots.
func (w *toyWorld) at(t float64) ([]table.Point, []bool) {
	i := sort.Search(len(w.snaps), func(i int) bool { return w.snaps[i].t >= t })
	if i == 0 {
		return w.snaps[0].p, w.snaps[0].on
	}
	if i >= len(w.snaps) {
		s := w.snaps[len(w.snaps)-1]
		return s.p, s.on
	}
	a, b := w.snaps[i-1], w.snaps[i]
	f := (t - a.t) / (b.t - a.t)
	p := make([]table.Point, len(a.p))
	on := make([]bool, len(a.p))
	for j := range p {
		p[j] = a.p[j].Add(b.p[j].Sub(a.p[j]).Scale(f))
		on[j] = a.on[j] && b.on[j]
	}
	return p, on
}

// camera turns the true motion into detections as a camera would.
type camera struct {
	fps      float64
	exposure float64 // s; a moving ball's detected centre is its mean over the exposure
	sigma    float64 // mm, at rest
	sigmaMov float64 // mm, extra when moving
	dropout  float64 // probability a ball is not detected in a frame
	confuse  float64 // probability the number is wrong
	unsure   float64 // probability the number is −1
	occl     []timedRegion
	rng      *rand.Rand
}

type timedRegion struct {
	from, to float64
	r        Region
}

func defaultCamera(seed int64) *camera {
	return &camera{fps: 60, exposure: 1.0 / 250, sigma: 1.0, sigmaMov: 1.5, dropout: 0.01, confuse: 0.01, unsure: 0.05, rng: rand.New(rand.NewSource(seed))}
}

func (c *camera) frames(w *toyWorld, from, to float64) []Frame {
	var out []Frame
	for t := from; t <= to; t += 1 / c.fps {
		f := Frame{T: t}
		for _, o := range c.occl {
			if t >= o.from && t <= o.to {
				f.Occluded = append(f.Occluded, o.r)
			}
		}
		pa, on := w.at(t - c.exposure/2)
		pb, _ := w.at(t + c.exposure/2)
		pm, onm := w.at(t)
		for j, b := range w.balls {
			if !on[j] || !onm[j] {
				continue
			}
			if c.rng.Float64() < c.dropout {
				continue
			}
			hidden := false
			for _, r := range f.Occluded {
				if r.Contains(pm[j], 0) {
					hidden = true
				}
			}
			if hidden {
				continue
			}
			centre := pa[j].Add(pb[j]).Add(pm[j].Scale(2)).Scale(0.25)
			moving := pa[j].Dist(pb[j]) > 1
			s := c.sigma
			if moving {
				s += c.sigmaMov
			}
			centre = centre.Add(table.Point{X: c.rng.NormFloat64() * s, Y: c.rng.NormFloat64() * s})
			id := b.id
			switch u := c.rng.Float64(); {
			case u < c.confuse:
				id = (id + 1 + c.rng.Intn(15)) % 16
			case u < c.confuse+c.unsure:
				id = -1
			}
			f.Obs = append(f.Obs, Obs{Ball: id, At: centre, Confidence: 0.9, Moving: moving})
		}
		c.rng.Shuffle(len(f.Obs), func(i, j int) { f.Obs[i], f.Obs[j] = f.Obs[j], f.Obs[i] })
		out = append(out, f)
	}
	return out
}
