package render

import (
	"image"
	"math"
	"math/rand"

	"github.com/cueref/cueref/table"
)

// capsule is a tapered cylinder with round ends: the building block of the arm,
// head, body and cue.
type capsule struct {
	a, b   [3]float64 // ends, mm in the table frame (x, y, height)
	ra, rb float64    // radii at the ends, mm
	ca, cb rgb        // colours at the ends
	gloss  float64
	tex    float64 // strength of the fabric or hair texture
}

// player is how a shooter looks.
type player struct {
	skin, sleeve, shirt, hair, glove rgb
	gloved, shortSleeves             bool
	hand                             float64 // +1 or −1: which side of the cue the bridge arm is on
	bridge                           float64 // bridge length, mm (hand to cue ball)
}

func newPlayer(rng *rand.Rand) *player {
	skins := []rgb{{0.86, 0.66, 0.54}, {0.76, 0.56, 0.42}, {0.55, 0.38, 0.27}, {0.36, 0.24, 0.17}, {0.92, 0.75, 0.64}}
	shirts := []rgb{{0.08, 0.08, 0.09}, {0.10, 0.14, 0.30}, {0.85, 0.85, 0.86}, {0.45, 0.46, 0.48}, {0.42, 0.08, 0.10},
		{0.12, 0.25, 0.18}, {0.55, 0.62, 0.75}}
	hairs := []rgb{{0.06, 0.05, 0.04}, {0.20, 0.13, 0.08}, {0.35, 0.25, 0.15}, {0.45, 0.42, 0.40}, {0.60, 0.48, 0.30}}
	p := &player{skin: skins[rng.Intn(len(skins))], shirt: shirts[rng.Intn(len(shirts))], hair: hairs[rng.Intn(len(hairs))]}
	p.sleeve = p.shirt
	p.shortSleeves = rng.Intn(3) == 0
	p.gloved = rng.Intn(3) == 0
	p.glove = rgb{0.06, 0.06, 0.07}
	p.hand = 1
	if rng.Intn(5) == 0 {
		p.hand = -1
	}
	p.bridge = 170 + 70*rng.Float64()
	return p
}

// pose is where the shooter's rig is at one instant.
type pose struct {
	cue   table.Point // the cue ball at the stroke
	dir   table.Point // unit direction of the stroke
	gap   float64     // from the cue tip to the ball's surface, mm (negative: past it)
	enter float64     // the whole rig drawn back along −dir, mm
	lift  float64     // and raised, mm
}

// cue-stick pieces: start and end distance from the tip (mm) and colours.
var cuePieces = []struct {
	d0, d1 float64
	c0, c1 rgb
	gloss  float64
}{
	{0, 4, rgb{0.22, 0.36, 0.62}, rgb{0.22, 0.36, 0.62}, 0},
	{4, 22, rgb{0.95, 0.95, 0.93}, rgb{0.95, 0.95, 0.93}, 0.3},
	{22, 735, rgb{0.90, 0.80, 0.60}, rgb{0.84, 0.70, 0.50}, 0.35},
	{735, 760, rgb{0.75, 0.75, 0.78}, rgb{0.75, 0.75, 0.78}, 0.6},
	{760, 1050, rgb{0.32, 0.13, 0.07}, rgb{0.28, 0.11, 0.06}, 0.5},
	{1050, 1300, rgb{0.07, 0.07, 0.08}, rgb{0.07, 0.07, 0.08}, 0.1},
	{1300, 1450, rgb{0.30, 0.12, 0.07}, rgb{0.30, 0.12, 0.07}, 0.5},
	{1450, 1470, rgb{0.05, 0.05, 0.05}, rgb{0.05, 0.05, 0.05}, 0.2},
}

// rig returns the shooter's capsules at pose p, lowest first.
func (r *renderer) rig(p pose, pl *player, dst []capsule) []capsule {
	t := r.sc.t
	R := t.BallR
	u := p.dir
	s := table.Point{X: -u.Y, Y: u.X}.Scale(pl.hand)
	back := u.Scale(-p.enter)
	at := func(q table.Point, z float64) [3]float64 {
		q = q.Add(back)
		return [3]float64{q.X, q.Y, z + p.lift}
	}
	// The bridge: on the cloth, or on the rail when the cue ball is close to it.
	bd := pl.bridge
	bridge := p.cue.Sub(u.Scale(bd))
	bz := 0.0
	if bridge.X < 5 || bridge.Y < 5 || bridge.X > t.L-5 || bridge.Y > t.W-5 {
		bz = railHeight // a rail bridge
	}
	// The cue rests on the bridge bz+28 mm up and touches the ball's centre height.
	cueZ0 := R + 2
	elev := math.Atan2(math.Max(bz+30-cueZ0, 4), bd)
	tip := p.cue.Sub(u.Scale(R + p.gap))
	cuePt := func(d float64) [3]float64 {
		q := tip.Sub(u.Scale(d * math.Cos(elev)))
		return at(q, cueZ0+d*math.Sin(elev))
	}
	for _, pc := range cuePieces {
		ra := 6.5 + (pc.d0/1470)*8.5
		rb := 6.5 + (pc.d1/1470)*8.5
		dst = append(dst, capsule{a: cuePt(pc.d0), b: cuePt(pc.d1), ra: ra, rb: rb, ca: pc.c0, cb: pc.c1, gloss: pc.gloss})
	}
	hand := pl.skin
	if pl.gloved {
		hand = pl.glove
	}
	fore := pl.skin
	if !pl.shortSleeves {
		fore = pl.sleeve
	}
	P := func(along, side, z float64) [3]float64 {
		return at(bridge.Sub(u.Scale(along)).Add(s.Scale(side)), bz+z)
	}
	// Bridge hand: fingers spread forward, thumb under the cue, palm behind.
	for k, off := range []float64{-10, 14, 36, 56} {
		dst = append(dst, capsule{a: P(22, off*0.7, 12), b: P(-38+float64(k)*6, off*1.25+8, 6), ra: 9.5, rb: 8, ca: hand, cb: hand.scale(0.92)})
	}
	dst = append(dst, capsule{a: P(45, -22, 24), b: P(8, -10, 20), ra: 11, rb: 9, ca: hand, cb: hand})
	dst = append(dst, capsule{a: P(30, 14, 30), b: P(78, 26, 36), ra: 37, rb: 33, ca: hand, cb: hand.scale(0.95)})
	// Bridge arm: wrist → elbow → shoulder.
	sd := 560.0
	wrist := P(95, 32, 45)
	elbow := P(330, 215, 170)
	shL := P(sd, 175, 270)
	shR := P(sd+70, -170, 290)
	foreTex := 0.12
	if pl.shortSleeves {
		foreTex = 0.04
	}
	dst = append(dst, capsule{a: wrist, b: elbow, ra: 30, rb: 40, ca: fore, cb: fore.scale(0.95), tex: foreTex})
	dst = append(dst, capsule{a: elbow, b: shL, ra: 44, rb: 52, ca: pl.sleeve, cb: pl.sleeve, tex: 0.12})
	// Torso from the shoulders back to the hips, then the head over the cue.
	mid := [3]float64{(shL[0] + shR[0]) / 2, (shL[1] + shR[1]) / 2, (shL[2] + shR[2]) / 2}
	hips := P(sd+480, 0, 230)
	dst = append(dst, capsule{a: mid, b: hips, ra: 150, rb: 170, ca: pl.shirt, cb: pl.shirt.scale(0.9), tex: 0.14})
	dst = append(dst, capsule{a: shL, b: shR, ra: 62, rb: 62, ca: pl.shirt, cb: pl.shirt, tex: 0.14})
	// The stroking arm: from the right shoulder down to the grip on the butt.
	grip := cuePt(1180)
	elbowR := [3]float64{grip[0] - u.X*40 - s.X*30, grip[1] - u.Y*40 - s.Y*30, grip[2] + 290}
	dst = append(dst, capsule{a: shR, b: elbowR, ra: 50, rb: 44, ca: pl.sleeve, cb: pl.sleeve, tex: 0.12})
	dst = append(dst, capsule{a: elbowR, b: grip, ra: 40, rb: 34, ca: fore, cb: fore, tex: foreTex})
	dst = append(dst, capsule{a: [3]float64{grip[0], grip[1], grip[2] + 15}, b: [3]float64{grip[0] - u.X*30, grip[1] - u.Y*30, grip[2] + 20}, ra: 36, rb: 34, ca: hand, cb: hand})
	head := P(sd-70, 20, 300)
	dst = append(dst, capsule{a: head, b: P(sd-150, 20, 320), ra: 80, rb: 86, ca: pl.hair, cb: pl.hair, gloss: 0.2, tex: 0.45})
	return dst
}

// drawOccluders renders the rig's poses over the exposure, averages them and
// composites the result onto the frame.
func (r *renderer) drawOccluders(buf []uint8, spec *frameSpec) {
	K := len(spec.rigs)
	for _, p := range spec.rigs {
		r.caps = r.rig(p, spec.player, r.caps[:0])
		target := &r.occ
		if K > 1 {
			target = &r.occSub
		}
		for i := range r.caps {
			r.drawCapsule(target, &r.caps[i])
		}
		if K > 1 {
			r.accumulate(&r.occSub, &r.occ, 1/float32(K))
		}
	}
	// The rig's shadow on the cloth (and the balls), from its middle pose.
	r.caps = r.rig(spec.rigs[K/2], spec.player, r.caps[:0])
	for i := range r.caps {
		r.drawCapsuleShadow(&r.caps[i])
	}
	r.applyShadow(buf)
	// Composite.
	d := r.occ.dirty
	for y := d.Min.Y; y < d.Max.Y; y++ {
		for x := d.Min.X; x < d.Max.X; x++ {
			j := (y*r.w + x) * 4
			a := r.occ.px[j+3]
			if a <= 0 {
				continue
			}
			if a > 1 {
				a = 1
			}
			i := (y*r.w + x) * 3
			buf[i] = to8(float64(float32(buf[i])/255*(1-a) + r.occ.px[j+2]))
			buf[i+1] = to8(float64(float32(buf[i+1])/255*(1-a) + r.occ.px[j+1]))
			buf[i+2] = to8(float64(float32(buf[i+2])/255*(1-a) + r.occ.px[j]))
		}
	}
}

// accumulate adds src·w to dst and clears src.
func (r *renderer) accumulate(src, dst *layer, w float32) {
	d := src.dirty
	for y := d.Min.Y; y < d.Max.Y; y++ {
		a := (y*r.w + d.Min.X) * 4
		b := (y*r.w + d.Max.X) * 4
		s, t := src.px[a:b], dst.px[a:b]
		for i := range s {
			t[i] += s[i] * w
			s[i] = 0
		}
	}
	dst.dirty = dst.dirty.Union(d)
	src.dirty = image.Rectangle{}
}

// drawCapsule rasterizes c over l (premultiplied "over"), split into short
// pieces so that a long diagonal cue does not scan a huge box.
func (r *renderer) drawCapsule(l *layer, c *capsule) {
	H := r.sc.cam.Pos[2]
	if c.a[2] > H-150 || c.b[2] > H-150 {
		return
	}
	pa := r.cal.ToImage(table.Point{X: c.a[0], Y: c.a[1]}, c.a[2])
	pb := r.cal.ToImage(table.Point{X: c.b[0], Y: c.b[1]}, c.b[2])
	scale := func(p [3]float64, q [2]float64) float64 {
		o := r.cal.ToImage(table.Point{X: p[0] + 10, Y: p[1]}, p[2])
		return math.Hypot(o[0]-q[0], o[1]-q[1]) / 10
	}
	ra := c.ra * scale(c.a, pa)
	rb := c.rb * scale(c.b, pb)
	length := math.Hypot(pb[0]-pa[0], pb[1]-pa[1])
	n := int(math.Ceil(length / 48))
	if n < 1 {
		n = 1
	}
	mid := table.Point{X: (c.a[0] + c.b[0]) / 2, Y: (c.a[1] + c.b[1]) / 2}
	light := 0.75*r.sc.irradiance(mid) + 0.1
	mx, my := (pa[0]+pb[0])/2, (pa[1]+pb[1])/2
	light *= r.sc.vig(mx, my)
	for i := 0; i < n; i++ {
		t0, t1 := float64(i)/float64(n), float64(i+1)/float64(n)
		r.piece(l, c, pa, pb, ra, rb, t0, t1, light)
	}
}

// piece draws the part t0…t1 of the capsule from pa to pb: the pixels whose
// nearest point on the whole axis lies in that part (so that the pieces join
// without seams).
func (r *renderer) piece(l *layer, c *capsule, pa, pb [2]float64, ra, rb, t0, t1, light float64) {
	ax, ay := pa[0]+(pb[0]-pa[0])*t0, pa[1]+(pb[1]-pa[1])*t0
	bx, by := pa[0]+(pb[0]-pa[0])*t1, pa[1]+(pb[1]-pa[1])*t1
	rm := ra
	if rb > rm {
		rm = rb
	}
	rm++
	rect := image.Rect(int(math.Floor(math.Min(ax, bx)-rm)), int(math.Floor(math.Min(ay, by)-rm)),
		int(math.Ceil(math.Max(ax, bx)+rm))+1, int(math.Ceil(math.Max(ay, by)+rm))+1).Intersect(image.Rect(0, 0, r.w, r.h))
	if rect.Empty() {
		return
	}
	l.dirty = l.dirty.Union(rect)
	dx, dy := pb[0]-pa[0], pb[1]-pa[1]
	L2 := dx*dx + dy*dy
	last := t1 >= 1
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			px, py := float64(x)-pa[0], float64(y)-pa[1]
			t := 0.0
			if L2 > 0 {
				t = clamp01((px*dx + py*dy) / L2)
			}
			if t < t0 || t > t1 || (t == t1 && !last) {
				continue
			}
			qx, qy := px-t*dx, py-t*dy
			d := math.Sqrt(qx*qx + qy*qy)
			rad := ra + (rb-ra)*t
			cov := rad - d + 0.5
			if cov <= 0 {
				continue
			}
			if cov > 1 {
				cov = 1
			}
			h2 := 1 - (d*d)/(rad*rad)
			if h2 < 0 {
				h2 = 0
			}
			h := math.Sqrt(h2)
			// The side away from the light is a little darker.
			if qx*(-dy)+qy*dx < 0 {
				h *= 0.93
			}
			k := light * (0.45 + 0.55*h)
			if c.tex > 0 {
				// Folds of fabric, strands of hair: noise stretched along the axis.
				u := (px*dx + py*dy) / math.Sqrt(L2+1e-9)
				v := (px*(-dy) + py*dx) / math.Sqrt(L2+1e-9)
				k *= 1 + c.tex*(fbm(u/9, v/2.5, 2, 77)+0.6*(valueNoise(u/2, v/1.2, 78)-0.5))
			}
			col := mix(c.ca, c.cb, t).scale(k)
			if c.gloss > 0 {
				h4 := h2 * h2
				col = col.add(rgb{1, 1, 1}.scale(c.gloss * 0.5 * h4 * h4 * h4))
			}
			j := (y*r.w + x) * 4
			p := l.px[j : j+4 : j+4]
			ic := float32(1 - cov)
			p[0] = p[0]*ic + float32(col.r*cov)
			p[1] = p[1]*ic + float32(col.g*cov)
			p[2] = p[2]*ic + float32(col.b*cov)
			p[3] = p[3]*ic + float32(cov)
		}
	}
}

// drawCapsuleShadow adds the soft shadow capsule c casts from its nearest lamp
// onto the cloth to the shadow mask.
func (r *renderer) drawCapsuleShadow(c *capsule) {
	sc := r.sc
	mid := table.Point{X: (c.a[0] + c.b[0]) / 2, Y: (c.a[1] + c.b[1]) / 2}
	l := sc.lamps[0]
	for _, q := range sc.lamps {
		if math.Hypot(q.x-mid.X, q.y-mid.Y) < math.Hypot(l.x-mid.X, l.y-mid.Y) {
			l = q
		}
	}
	onCloth := func(p [3]float64) (table.Point, float64) {
		z := math.Min(p[2], l.h-100)
		f := l.h / (l.h - z)
		return table.Point{X: l.x + (p[0]-l.x)*f, Y: l.y + (p[1]-l.y)*f}, f
	}
	sa, fa := onCloth(c.a)
	sb, fb := onCloth(c.b)
	pa := r.cal.ToImage(sa, 0)
	pb := r.cal.ToImage(sb, 0)
	o := r.cal.ToImage(sa.Add(table.Point{X: 10}), 0)
	pxmm := math.Hypot(o[0]-pa[0], o[1]-pa[1]) / 10
	za, zb := math.Max(c.a[2], 0), math.Max(c.b[2], 0)
	// A lamp some 250 mm across gives a penumbra growing with the height.
	ra, rb := c.ra*fa*pxmm, c.rb*fb*pxmm
	sa2, sb2 := (3+za*300/l.h)*pxmm, (3+zb*300/l.h)*pxmm
	dark := 0.5 * (1 - 0.5*math.Min(1, (za+zb)/2/600))
	rm := math.Max(ra+sa2, rb+sb2) + 1
	rect := image.Rect(int(math.Floor(math.Min(pa[0], pb[0])-rm)), int(math.Floor(math.Min(pa[1], pb[1])-rm)),
		int(math.Ceil(math.Max(pa[0], pb[0])+rm))+1, int(math.Ceil(math.Max(pa[1], pb[1])+rm))+1).Intersect(image.Rect(0, 0, r.w, r.h))
	if rect.Empty() {
		return
	}
	if r.shade == nil {
		r.shade = make([]float32, r.w*r.h)
	}
	r.shadeDirty = r.shadeDirty.Union(rect)
	dx, dy := pb[0]-pa[0], pb[1]-pa[1]
	L2 := dx*dx + dy*dy
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			px, py := float64(x)-pa[0], float64(y)-pa[1]
			t := 0.0
			if L2 > 0 {
				t = clamp01((px*dx + py*dy) / L2)
			}
			qx, qy := px-t*dx, py-t*dy
			d := math.Sqrt(qx*qx + qy*qy)
			rad := ra + (rb-ra)*t
			soft := sa2 + (sb2-sa2)*t
			if d >= rad+soft {
				continue
			}
			s := float32(dark * smoothstep(rad+soft, rad-soft, d))
			if j := y*r.w + x; s > r.shade[j] {
				r.shade[j] = s
			}
		}
	}
}

// applyShadow darkens the frame by the shadow mask and clears it.
func (r *renderer) applyShadow(buf []uint8) {
	d := r.shadeDirty
	for y := d.Min.Y; y < d.Max.Y; y++ {
		for x := d.Min.X; x < d.Max.X; x++ {
			j := y*r.w + x
			s := r.shade[j]
			if s <= 0 {
				continue
			}
			r.shade[j] = 0
			k := 1 - s
			i := j * 3
			buf[i] = uint8(float32(buf[i])*k + 0.5)
			buf[i+1] = uint8(float32(buf[i+1])*k + 0.5)
			buf[i+2] = uint8(float32(buf[i+2])*k + 0.5)
		}
	}
	r.shadeDirty = image.Rectangle{}
}
