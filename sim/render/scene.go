package render

import (
	"image"
	"math"
	"math/rand"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// lamp is one light over the table.
type lamp struct {
	x, y, h float64 // position, mm (h above the cloth)
	w       float64 // relative power
}

// pocketGeom is a pocket as drawn: the mouth, the jaw facings and the hole.
type pocketGeom struct {
	table.Pocket
	hole   table.Point // centre of the hole in the slate
	holeR  float64
	facing [2][2]table.Point // each jaw: nose point, back end of its facing
}

// quad is a convex quadrilateral in the table frame.
type quad [4]table.Point

func (q *quad) contains(p table.Point) bool {
	sign := 0.0
	for i := 0; i < 4; i++ {
		a, b := q[i], q[(i+1)%4]
		c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		if c == 0 {
			continue
		}
		if sign == 0 {
			sign = c
		} else if (c > 0) != (sign > 0) {
			return false
		}
	}
	return true
}

// scene is the static part of the picture: table, lights and camera.
type scene struct {
	t        table.Table
	cam      *Camera
	cal      *calibration.Calibration
	cloth    rgb
	wood     rgb
	floor    rgb
	lamps    []lamp
	vignette float64
	seed     uint32
	pockets  [6]pocketGeom
	cushions []quad // cushion footprints between the pockets
	camXY    table.Point
	lightMax float64
}

func newScene(t table.Table, cfg Config, rng *rand.Rand) (*scene, error) {
	u := func(a, b float64) float64 { return a + (b-a)*rng.Float64() }
	s := &scene{t: t, seed: rng.Uint32()}
	s.cam = newCamera(t, cfg.Size, cfg.Distortion, rng)
	base := clothes[cfg.Cloth]
	k := u(0.94, 1.06)
	s.cloth = rgb{base.r * k * u(0.97, 1.03), base.g * k * u(0.97, 1.03), base.b * k * u(0.97, 1.03)}
	woods := []rgb{{0.36, 0.16, 0.09}, {0.28, 0.13, 0.08}, {0.20, 0.10, 0.07}, {0.42, 0.24, 0.12}, {0.12, 0.11, 0.11}}
	s.wood = woods[rng.Intn(len(woods))]
	floors := []rgb{{0.22, 0.19, 0.16}, {0.15, 0.15, 0.17}, {0.30, 0.25, 0.19}, {0.10, 0.12, 0.16}}
	s.floor = floors[rng.Intn(len(floors))]
	n := 2 + rng.Intn(2)
	h := u(750, 1000)
	for i := 0; i < n; i++ {
		x := t.L * (float64(i) + 0.5) / float64(n)
		s.lamps = append(s.lamps, lamp{x: x + u(-60, 60), y: t.W/2 + u(-40, 40), h: h + u(-30, 30), w: u(0.85, 1.15)})
	}
	s.vignette = u(0.12, 0.3)
	cal, err := s.cam.Calibration(t, s.cloth)
	if err != nil {
		return nil, err
	}
	s.cal = cal
	s.camXY = table.Point{X: s.cam.Pos[0], Y: s.cam.Pos[1]}
	s.buildPockets()
	s.lightMax = 1
	s.lightMax = s.irradiance(t.CenterSpot())
	return s, nil
}

// buildPockets lays out the jaws and holes as the physics does (sim.DefaultParams).
func (s *scene) buildPockets() {
	p := sim.DefaultParams()
	t := s.t
	railNormal := func(q table.Point) table.Point {
		switch {
		case q.X == 0:
			return table.Point{X: 1}
		case q.X == t.L:
			return table.Point{X: -1}
		case q.Y == 0:
			return table.Point{Y: 1}
		}
		return table.Point{Y: -1}
	}
	for i, q := range t.Pockets() {
		facing, shelf, hr := p.CornerFacing, p.CornerShelf, p.CornerHole
		if !q.Corner {
			facing, shelf, hr = p.SideFacing, p.SideShelf, p.SideHole
		}
		g := pocketGeom{Pocket: q, holeR: hr * 1e3}
		g.hole = q.Center.Add(q.In.Scale((shelf + hr) * 1e3))
		phi := facing * math.Pi / 180
		for j, jp := range q.Jaws {
			n := railNormal(jp)
			uu := jp.Sub(q.Center)
			uu = uu.Sub(n.Scale(uu.Dot(n)))
			uu = uu.Scale(1 / uu.Len())
			d := uu.Scale(math.Cos(phi)).Add(n.Scale(-math.Sin(phi)))
			// Follow the facing to the back of the cushion.
			g.facing[j] = [2]table.Point{jp, jp.Add(d.Scale(cushionWidth / math.Sin(phi)))}
		}
		s.pockets[i] = g
	}
	// Cushion footprints: from one pocket's jaw to the next along each rail; of
	// a pocket's jaws on that rail, the one facing the other pocket.
	jaw := func(id, other table.PocketID, onRail func(table.Point) bool) [2]table.Point {
		var o table.Point
		for _, g := range s.pockets {
			if g.ID == other {
				o = g.Center
			}
		}
		var best [2]table.Point
		bd := math.Inf(1)
		for _, g := range s.pockets {
			if g.ID != id {
				continue
			}
			for _, f := range g.facing {
				if d := f[0].Dist(o); onRail(f[0]) && d < bd {
					best, bd = f, d
				}
			}
		}
		return best
	}
	head := func(q table.Point) bool { return q.X == 0 }
	foot := func(q table.Point) bool { return q.X == t.L }
	left := func(q table.Point) bool { return q.Y == 0 }
	right := func(q table.Point) bool { return q.Y == t.W }
	add := func(a, b table.PocketID, on func(table.Point) bool) {
		ja, jb := jaw(a, b, on), jaw(b, a, on)
		s.cushions = append(s.cushions, quad{ja[0], jb[0], jb[1], ja[1]})
	}
	add(table.HL, table.HR, head)
	add(table.FL, table.FR, foot)
	add(table.HL, table.SL, left)
	add(table.SL, table.FL, left)
	add(table.HR, table.SR, right)
	add(table.SR, table.FR, right)
}

// irradiance is the lamps' light falling on the cloth at p, relative to the
// centre of the table (≈1 there).
func (s *scene) irradiance(p table.Point) float64 {
	var e float64
	for _, l := range s.lamps {
		dx, dy := p.X-l.x, p.Y-l.y
		d2 := dx*dx + dy*dy + l.h*l.h
		e += l.w * l.h * l.h * l.h / (d2 * math.Sqrt(d2))
	}
	return 0.45 + 0.55*e/s.lightMax
}

// sheen is the broad reflection of the lamps in the cloth seen from the camera
// (the hot spots).
func (s *scene) sheen(p table.Point) float64 {
	var e float64
	H := s.cam.Pos[2]
	for _, l := range s.lamps {
		// Mirror point between the lamp and the camera.
		k := l.h / (l.h + H)
		mx := l.x + (s.camXY.X-l.x)*k
		my := l.y + (s.camXY.Y-l.y)*k
		dx, dy := p.X-mx, p.Y-my
		e += l.w * math.Exp(-(dx*dx+dy*dy)/(2*260*260))
	}
	return 0.10 * e
}

// vig is the lens vignetting at pixel (x, y).
func (s *scene) vig(x, y float64) float64 {
	w := float64(s.cam.Size[0])
	dx, dy := (x-s.cam.Principal[0])/(w/2), (y-s.cam.Principal[1])/(w/2)
	r2 := dx*dx + dy*dy
	return 1 - s.vignette*r2*(1-0.25*r2)
}

// at returns where the camera ray through the point p0 on the cloth is at height z.
func (s *scene) at(p0 table.Point, z float64) table.Point {
	H := s.cam.Pos[2]
	return s.camXY.Add(p0.Sub(s.camXY).Scale((H - z) / H))
}

// background renders the static scene into a new BGR Mat.
func (s *scene) background() gocv.Mat {
	w, h := s.cam.Size[0], s.cam.Size[1]
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	buf, err := m.DataPtrUint8()
	if err != nil {
		panic("render: " + err.Error())
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := s.pixel(float64(x), float64(y))
			i := (y*w + x) * 3
			buf[i], buf[i+1], buf[i+2] = to8(c.b), to8(c.g), to8(c.r)
		}
	}
	// Optics are never perfectly sharp; this also smooths the edges.
	gocv.GaussianBlur(m, &m, image.Point{}, 0.8, 0.8, gocv.BorderReflect101)
	return m
}

// pixel is the colour of the static scene seen at pixel (x, y).
func (s *scene) pixel(x, y float64) rgb {
	t := s.t
	p0 := s.cal.ToTable([2]float64{x, y}, 0)
	v := s.vig(x, y)
	out := cushionWidth + railWidth
	// Rail top.
	pr := s.at(p0, railHeight)
	inner := pr.X >= -cushionWidth && pr.X <= t.L+cushionWidth && pr.Y >= -cushionWidth && pr.Y <= t.W+cushionWidth
	if !inner && inRounded(pr, -out, -out, t.L+out, t.W+out, 70) {
		return s.rail(pr).scale(v)
	}
	// Cushion top.
	pc := s.at(p0, calibration.DefaultNoseHeight+2)
	for i := range s.cushions {
		if s.cushions[i].contains(pc) {
			return s.cushionTop(pc, i).scale(v)
		}
	}
	// Cloth level: the bed, the cushions' faces under the nose, the pockets.
	if p0.X >= 0 && p0.X <= t.L && p0.Y >= 0 && p0.Y <= t.W {
		for i := range s.pockets {
			g := &s.pockets[i]
			if p0.Dist(g.hole) < g.holeR {
				return s.hole(p0, g).scale(v)
			}
		}
		return s.bed(p0).scale(v)
	}
	for i := range s.cushions {
		if s.cushions[i].contains(p0) {
			return s.cloth.scale(0.42 * s.irradiance(p0)).scale(v)
		}
	}
	if inner {
		for i := range s.pockets {
			g := &s.pockets[i]
			if p0.Dist(g.hole) < g.holeR {
				return s.hole(p0, g).scale(v)
			}
		}
		// The shelf between the jaws, or the liner around the hole.
		for i := range s.pockets {
			g := &s.pockets[i]
			d := p0.Sub(g.Center).Dot(g.In)
			lat := p0.Sub(g.Center)
			lat = lat.Sub(g.In.Scale(d))
			if d >= 0 && d < p0.Dist(g.hole)-g.holeR+8 && lat.Len() < g.Width/2 {
				return s.bed(p0).scale(0.8 * v)
			}
		}
		return rgb{0.05, 0.05, 0.05}.scale(v)
	}
	// Inside the rail's outline but below its top: the pocket liners.
	if inRounded(pr, -out, -out, t.L+out, t.W+out, 70) {
		return rgb{0.04, 0.04, 0.045}.scale(v)
	}
	pf := s.at(p0, -floorDepth)
	n := fbm(pf.X/400, pf.Y/400, 3, s.seed+11)
	grain := fbm(pf.X/900, pf.Y/25, 2, s.seed+12)
	return s.floor.scale((0.8 + 0.5*n + 0.15*grain) * 0.75 * v)
}

// rail is the wooden rail top at p (rail height), with its sights and the pocket
// liners cut into it.
func (s *scene) rail(p table.Point) rgb {
	t := s.t
	// Pocket liners: black rings around the holes.
	for i := range s.pockets {
		g := &s.pockets[i]
		lr := g.holeR + 16
		if g.Corner {
			lr = g.holeR + 22
		}
		if d := p.Dist(g.hole); d < lr {
			if d < g.holeR+3 {
				return rgb{0.03, 0.03, 0.03}
			}
			f := (d - g.holeR) / (lr - g.holeR)
			return rgb{0.07, 0.07, 0.075}.scale(1 + 1.8*math.Exp(-math.Pow((f-0.55)/0.18, 2)))
		}
	}
	// Distance into the rail from the cushion's back, and position along it.
	var in, along float64
	dx := math.Max(-cushionWidth-p.X, p.X-t.L-cushionWidth)
	dy := math.Max(-cushionWidth-p.Y, p.Y-t.W-cushionWidth)
	if dx > dy {
		in, along = dx, p.Y
	} else {
		in, along = dy, p.X
	}
	// Grain runs along the rail, gently wavy.
	grain := 0.5 + 0.5*math.Sin(in*0.22+5*fbm(along/500, in/60, 3, s.seed+3))
	c := s.wood.scale(0.85 + 0.22*grain + 0.15*fbm(along/250, in/6, 2, s.seed+4))
	// Rounded edges: a highlight just inside each edge, dark at the very edge.
	c = c.scale(1 + 0.35*math.Exp(-math.Pow((in-12)/7, 2)) + 0.2*math.Exp(-math.Pow((in-railWidth+14)/8, 2)))
	c = c.scale(smoothstep(0, 4, in) * (0.35 + 0.65*smoothstep(railWidth, railWidth-7, in)))
	// Varnish: the lamps' reflection.
	c = c.add(rgb{1, 0.95, 0.85}.scale(0.5 * s.sheen(p)))
	// Sights.
	for _, d := range s.diamonds() {
		if e := p.Dist(d); e < 8 {
			return mix(c, rgb{0.92, 0.92, 0.86}, smoothstep(7.5, 5.5, e))
		}
	}
	return c.scale(s.irradiance(p) * 0.9)
}

// diamonds returns the centres of the sights.
func (s *scene) diamonds() []table.Point {
	t := s.t
	var out []table.Point
	off := diamondInset + 0.0
	for i := 1; i < 8; i++ {
		if i == 4 {
			continue
		}
		x := t.L * float64(i) / 8
		out = append(out, table.Point{X: x, Y: -off}, table.Point{X: x, Y: t.W + off})
	}
	for j := 1; j < 4; j++ {
		y := t.W * float64(j) / 4
		out = append(out, table.Point{X: -off, Y: y}, table.Point{X: t.L + off, Y: y})
	}
	return out
}

// cushionTop is the cloth on the cushion i at p.
func (s *scene) cushionTop(p table.Point, i int) rgb {
	t := s.t
	// Distance out from the nose line.
	d := math.Max(math.Max(-p.X, p.X-t.L), math.Max(-p.Y, p.Y-t.W))
	k := 0.8 + 0.14*math.Exp(-math.Pow((d-5)/5, 2)) - 0.1*smoothstep(30, cushionWidth, d)
	k *= 1 + 0.03*fbm(p.X/3, p.Y/3, 1, s.seed+5)
	return s.cloth.scale(k * s.irradiance(p)).add(rgb{1, 1, 1}.scale(0.4 * s.sheen(p)))
}

// bed is the cloth on the playing surface at p.
func (s *scene) bed(p table.Point) rgb {
	t := s.t
	// Blotches and the nap; the finer weave is below a pixel (sensor noise does
	// the rest).
	n := 0.035*fbm(p.X/500, p.Y/500, 3, s.seed+1) + 0.02*fbm(p.X/40, p.Y/40, 2, s.seed+2)
	// The cushions shade the cloth next to them.
	d := math.Min(math.Min(p.X, t.L-p.X), math.Min(p.Y, t.W-p.Y))
	shade := 1 - 0.28*math.Exp(-d/9) - 0.06*math.Exp(-d/60)
	c := s.cloth.scale((1 + n) * shade * s.irradiance(p))
	return c.add(mix(s.cloth, rgb{1, 1, 1}, 0.5).scale(s.sheen(p)))
}

// hole is the inside of a pocket seen at p on the cloth plane.
func (s *scene) hole(p table.Point, g *pocketGeom) rgb {
	f := p.Dist(g.hole) / g.holeR
	return rgb{0.02, 0.02, 0.02}.add(rgb{0.05, 0.05, 0.05}.scale(f * f))
}

// inRounded reports whether p is inside the rectangle with rounded corners.
func inRounded(p table.Point, x0, y0, x1, y1, r float64) bool {
	if p.X < x0 || p.X > x1 || p.Y < y0 || p.Y > y1 {
		return false
	}
	cx := math.Max(x0+r, math.Min(x1-r, p.X))
	cy := math.Max(y0+r, math.Min(y1-r, p.Y))
	return math.Hypot(p.X-cx, p.Y-cy) <= r
}
