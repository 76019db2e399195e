package sim

import (
	"math"

	"github.com/cueref/cueref/table"
)

// cushion is a straight piece of cushion nose (a rail between pockets, or a pocket
// jaw's facing) as seen by a ball centre: the segment p0→p1 with the unit normal n
// pointing to the side the balls are on.
type cushion struct {
	p0, p1 vec2
	dir    vec2 // unit p0→p1
	length float64
	n      vec2
	rail   table.Rail
	jaw    bool
}

// tip is the convex end point of a jaw (where a rail's nose meets its facing).
type tip struct {
	p    vec2
	rail table.Rail
}

// hole is a pocket's point of no return: a ball whose centre enters the circle drops.
type hole struct {
	c      vec2
	r      float64
	id     table.PocketID
	in     vec2 // unit into the pocket
	corner bool
}

// geometry is a table's cushions, jaw tips and holes in metres.
type geometry struct {
	L, W    float64
	R       float64
	cushion []cushion
	tips    []tip
	holes   []hole
}

func newCushion(p0, p1, toward vec2, rail table.Rail, jaw bool) cushion {
	d := p1.sub(p0)
	l := d.norm()
	u := d.scale(1 / l)
	n := u.perp()
	if n.dot(toward.sub(p0)) < 0 {
		n = n.scale(-1)
	}
	return cushion{p0: p0, p1: p1, dir: u, length: l, n: n, rail: rail, jaw: jaw}
}

// newGeometry builds the cushions of t. Corner jaw facings leave the nose at
// p.CornerFacing degrees (measured inside the rubber from the nose line), side
// facings at p.SideFacing; each ends CornerJaw/SideJaw metres in, where the hole
// (the slate's cut) begins.
func newGeometry(t table.Table, p Params) *geometry {
	const mm = 1e-3
	g := &geometry{L: t.L * mm, W: t.W * mm, R: t.BallR * mm}
	centre := vec2{g.L / 2, g.W / 2}
	railOf := func(q table.Point) (table.Rail, vec2) {
		// The rail a jaw point lies on and that rail's inward normal.
		switch {
		case q.X == 0:
			return table.Head, vec2{1, 0}
		case q.X == t.L:
			return table.Foot, vec2{-1, 0}
		case q.Y == 0:
			return table.Left, vec2{0, 1}
		default:
			return table.Right, vec2{0, -1}
		}
	}
	pk := t.Pockets()
	// Rail noses between the jaw points.
	var hl, hr, sl, sr, fl, fr table.Pocket
	for _, q := range pk {
		switch q.ID {
		case table.HL:
			hl = q
		case table.HR:
			hr = q
		case table.SL:
			sl = q
		case table.SR:
			sr = q
		case table.FL:
			fl = q
		case table.FR:
			fr = q
		}
	}
	P := func(q table.Point) vec2 { return vec2{q.X * mm, q.Y * mm} }
	// jaw point of pocket q lying on rail r
	jawOn := func(q table.Pocket, r table.Rail) table.Point {
		for _, j := range q.Jaws {
			if rr, _ := railOf(j); rr == r {
				return j
			}
		}
		panic("sim: pocket without a jaw on rail " + string(r))
	}
	add := func(a, b table.Point, r table.Rail) {
		g.cushion = append(g.cushion, newCushion(P(a), P(b), centre, r, false))
	}
	add(jawOn(hl, table.Head), jawOn(hr, table.Head), table.Head)
	add(jawOn(fl, table.Foot), jawOn(fr, table.Foot), table.Foot)
	// A side pocket's jaws are both on its rail, Jaws[0] on the head side.
	add(jawOn(hl, table.Left), sl.Jaws[0], table.Left)
	add(sl.Jaws[1], jawOn(fl, table.Left), table.Left)
	add(jawOn(hr, table.Right), sr.Jaws[0], table.Right)
	add(sr.Jaws[1], jawOn(fr, table.Right), table.Right)
	for _, q := range pk {
		facing, depth := p.CornerFacing, p.CornerJaw
		shelf, hr := p.CornerShelf, p.CornerHole
		if !q.Corner {
			facing, depth = p.SideFacing, p.SideJaw
			shelf, hr = p.SideShelf, p.SideHole
		}
		phi := facing * math.Pi / 180
		mouth := P(q.Center)
		in := vec2{q.In.X, q.In.Y}
		for _, j := range q.Jaws {
			rail, n := railOf(j)
			jp := P(j)
			// u: along the nose, away from the mouth.
			u := jp.sub(mouth)
			u = u.sub(n.scale(u.dot(n))).unit()
			d := u.scale(math.Cos(phi)).add(n.scale(-math.Sin(phi)))
			end := jp.add(d.scale(depth / math.Max(d.dot(in), 0.2)))
			// The ball side of a facing is the pocket's centre-line side.
			c := newCushion(jp, end, mouth.add(in.scale(depth/2)), rail, true)
			g.cushion = append(g.cushion, c)
			g.tips = append(g.tips, tip{p: jp, rail: rail})
		}
		g.holes = append(g.holes, hole{c: mouth.add(in.scale(shelf + hr)), r: hr, id: q.ID, in: in, corner: q.Corner})
	}
	return g
}

// lipSlack is how far (m) a layout may put a ball's centre over a hole's edge
// and still be read as resting on the lip: a shot log keeps positions to 0.01 mm,
// so a ball that stopped a few µm short of the hole can be rounded over it (seed
// 85, 8-ball: the 13 stopped 1.1 µm from the foot-left hole and was rounded
// 4 µm inside it, and the next shot's layout was refused).
const lipSlack = 1e-5

// onLip returns r moved back onto the edge of the hole it is over by no more than
// lipSlack (the rounding of a ball resting on the lip), or r itself.
func (g *geometry) onLip(r vec2) vec2 {
	for _, h := range g.holes {
		d := r.sub(h.c)
		if n := d.norm(); n > 0 && n < h.r && n >= h.r-lipSlack {
			return h.c.add(d.scale(h.r * (1 + 1e-9) / n))
		}
	}
	return r
}

// fits reports whether a ball centre at r can stand on the table: on the bed, or in
// a pocket's mouth (hanging in the jaws), clear of every cushion and jaw by more
// than tol and not over a hole.
func (g *geometry) fits(r vec2, tol float64) bool {
	for _, h := range g.holes {
		if r.sub(h.c).norm() < h.r {
			return false
		}
	}
	R := g.R
	inside := r.x >= R-tol && r.x <= g.L-R+tol && r.y >= R-tol && r.y <= g.W-R+tol
	if !inside {
		mouth := false
		for _, h := range g.holes {
			// The mouth centre is shelf + r behind the hole centre; near enough.
			if r.sub(h.c).norm() < h.r+0.12 {
				mouth = true
			}
		}
		if !mouth || r.x < -0.15 || r.x > g.L+0.15 || r.y < -0.15 || r.y > g.W+0.15 {
			return false
		}
	}
	for k := range g.cushion {
		c := &g.cushion[k]
		d := r.sub(c.p0)
		x := d.dot(c.dir)
		if x < 0 || x > c.length {
			continue // the ends are the tips, checked below
		}
		side := d.dot(c.n)
		if side < R-tol && side > -R {
			return false
		}
	}
	for _, tp := range g.tips {
		if r.sub(tp.p).norm() < R-tol {
			return false
		}
	}
	return true
}
