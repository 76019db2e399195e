package render

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"image"
	"math"
	"math/rand"
	"sort"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/table"
)

// ballSample is one ball at one instant, as drawn.
type ballSample struct {
	ball   int
	pos    table.Point
	z      float64
	vel    table.Point
	orient [9]float64 // body → table, including the ball's own starting turn
	onBed  bool
	gone   bool
}

// TruthBall is one ball's ground truth in one frame.
type TruthBall struct {
	Ball  int
	At    table.Point // centre on the table, mm
	Px    [2]float64  // where its centre is in the image (at its height Z)
	OnBed bool        // on the playing surface (false while dropping into a pocket)
	// Visible is the fraction of its disc not hidden by the arm or cue (or the
	// image border); a ball counts as visible when Visible ≥ 0.5.
	Visible float64
	Speed   float64 // mm/s
	Z       float64 // centre height above the cloth, mm
}

// FrameTruth is the ground truth of one frame.
type FrameTruth struct {
	Frame int
	T     float64 // seconds from the start of the video
	// Shot is the index into Match.Shots of the shot this frame belongs to (its
	// aiming, stroke, motion and the rest after it), −1 for none.
	Shot int
	// ShotT is the time from that shot's stroke (negative while aiming).
	ShotT float64
	Balls []TruthBall // balls not yet gone, lowest number first
}

// renderer draws frames for one camera; it owns its Mats and buffers.
type renderer struct {
	cfg Config
	sc  *scene
	cal *calibration.Calibration
	w   int
	h   int
	bg  gocv.Mat

	still    gocv.Mat // bg with the balls at rest
	stillKey uint64
	stillOK  bool

	noShadows bool // tests: draw the balls without their shadows

	noise    gocv.Mat   // signed noise field as two rectified halves
	noiseNeg gocv.Mat   // (pos, neg), larger than the frame
	noisePos []gocv.Mat // ROIs of the positive half
	noiseMin []gocv.Mat // ROIs of the negative half

	acc        []float32 // ball accumulation: premultiplied r, g, b, alpha
	shadow     []float32
	discs      []shadowDisc
	occ        layer     // occluders, averaged over the exposure
	occSub     layer     // one occluder sample
	shade      []float32 // the occluder's shadow on the cloth, 0–1
	shadeDirty image.Rectangle
	caps       []capsule
	draws      []ballDraw
	order      []int
	jpegBuf    []int
}

// layer is a full-frame premultiplied RGBA float image with a dirty rectangle.
type layer struct {
	px    []float32
	dirty image.Rectangle
}

func (l *layer) clear(w int) {
	r := l.dirty
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := l.px[(y*w+r.Min.X)*4 : (y*w+r.Max.X)*4]
		for i := range row {
			row[i] = 0
		}
	}
	l.dirty = image.Rectangle{}
}

const noisePad = 64

func newRenderer(t table.Table, cfg Config) (*renderer, error) {
	rng := rand.New(rand.NewSource(cfg.Seed))
	sc, err := newScene(t, cfg, rng)
	if err != nil {
		return nil, err
	}
	loadGlyphs()
	r := &renderer{cfg: cfg, sc: sc, cal: sc.cal, w: cfg.Size[0], h: cfg.Size[1]}
	r.bg = sc.background()
	r.still = gocv.NewMat()
	n := r.w * r.h * 4
	r.occ.px = make([]float32, n)
	r.occSub.px = make([]float32, n)
	if cfg.Noise {
		r.buildNoise(rng)
	}
	return r, nil
}

// buildNoise makes the sensor-noise fields: a Gaussian field split into its
// positive and negative halves, with 8 random windows each; a frame adds one
// window of the first and subtracts one of the second.
func (r *renderer) buildNoise(rng *rand.Rand) {
	W, H := r.w+noisePad, r.h+noisePad
	sigma := 2.2 + 1.6*rng.Float64()
	r.noise = gocv.NewMatWithSize(H, W, gocv.MatTypeCV8UC3)
	r.noiseNeg = gocv.NewMatWithSize(H, W, gocv.MatTypeCV8UC3)
	pos, _ := r.noise.DataPtrUint8()
	neg, _ := r.noiseNeg.DataPtrUint8()
	for i := range pos {
		v := rng.NormFloat64() * sigma
		if v > 0 {
			pos[i] = uint8(math.Min(255, v+0.5))
		} else {
			neg[i] = uint8(math.Min(255, -v+0.5))
		}
	}
	for i := 0; i < 8; i++ {
		x, y := rng.Intn(noisePad), rng.Intn(noisePad)
		r.noisePos = append(r.noisePos, r.noise.Region(image.Rect(x, y, x+r.w, y+r.h)))
		x, y = rng.Intn(noisePad), rng.Intn(noisePad)
		r.noiseMin = append(r.noiseMin, r.noiseNeg.Region(image.Rect(x, y, x+r.w, y+r.h)))
	}
}

// Close frees the renderer's Mats.
func (r *renderer) Close() {
	for _, m := range r.noisePos {
		m.Close()
	}
	for _, m := range r.noiseMin {
		m.Close()
	}
	r.noisePos, r.noiseMin = nil, nil
	if r.cfg.Noise {
		r.noise.Close()
		r.noiseNeg.Close()
	}
	r.bg.Close()
	r.still.Close()
}

// frameSpec is what one frame shows.
type frameSpec struct {
	// samples[k] are the balls at the k-th instant of the exposure (one instant
	// without motion blur); at is the state at the frame's time.
	samples [][]ballSample
	at      []ballSample
	// rigs are the occluder's poses over the exposure (none: no occluder).
	rigs   []pose
	player *player
}

// draw renders spec into dst (resized as needed) and returns the balls' truth.
func (r *renderer) draw(dst *gocv.Mat, spec *frameSpec, truth []TruthBall) ([]TruthBall, error) {
	return r.drawFrame(dst, spec, truth, 0)
}

// drawFrame is draw for the given frame number (which picks the noise).
func (r *renderer) drawFrame(dst *gocv.Mat, spec *frameSpec, truth []TruthBall, frame int) ([]TruthBall, error) {
	if dst.Empty() || dst.Rows() != r.h || dst.Cols() != r.w || dst.Type() != gocv.MatTypeCV8UC3 {
		dst.Close()
		*dst = gocv.NewMatWithSize(r.h, r.w, gocv.MatTypeCV8UC3)
	}
	// The balls at rest are drawn once onto a copy of the background and kept
	// while they stay put; the moving ones are drawn on every frame.
	if key := stillKey(spec); !r.stillOK || key != r.stillKey {
		r.bg.CopyTo(&r.still)
		sb, err := r.still.DataPtrUint8()
		if err != nil {
			return nil, fmt.Errorf("render: %w", err)
		}
		r.drawBalls(sb, spec, true)
		r.stillKey, r.stillOK = key, true
	}
	r.still.CopyTo(dst)
	buf, err := dst.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("render: %w", err)
	}
	r.drawBalls(buf, spec, false)
	if len(spec.rigs) > 0 {
		r.drawOccluders(buf, spec)
	}
	truth = r.truth(spec, truth)
	r.occ.clear(r.w)
	if r.cfg.Noise {
		// The noise depends on the frame number only, so that seeking does not
		// change the picture.
		h := uint64(frame)*0x9e3779b97f4a7c15 ^ uint64(r.cfg.Seed)
		h ^= h >> 29
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 32
		i, j := int(h%uint64(len(r.noisePos))), int((h>>16)%uint64(len(r.noiseMin)))
		gocv.Add(*dst, r.noisePos[i], dst)
		gocv.Subtract(*dst, r.noiseMin[j], dst)
	}
	if r.cfg.JPEG > 0 {
		if err := r.jpeg(dst); err != nil {
			return nil, err
		}
	}
	return truth, nil
}

// jpeg passes dst through JPEG compression at the configured quality.
func (r *renderer) jpeg(dst *gocv.Mat) error {
	nb, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, *dst, []int{gocv.IMWriteJpegQuality, r.cfg.JPEG})
	if err != nil {
		return fmt.Errorf("render: jpeg: %w", err)
	}
	defer nb.Close()
	m, err := gocv.IMDecode(nb.GetBytes(), gocv.IMReadColor)
	if err != nil {
		return fmt.Errorf("render: jpeg: %w", err)
	}
	defer m.Close()
	if m.Empty() {
		return fmt.Errorf("render: jpeg: decoding failed")
	}
	m.CopyTo(dst)
	return nil
}

// view prepares the shading of one ball sample.
func (r *renderer) view(b *ballSample, bv *ballView) bool {
	if b.gone {
		return false
	}
	sc := r.sc
	R := sc.t.BallR
	H := sc.cam.Pos[2]
	z := b.z
	if z > H-200 {
		z = H - 200
	}
	c := r.cal.ToImage(b.pos, z)
	rad := r.cal.BallRadiusPx(b.pos) * (H - R) / (H - z)
	bv.n = b.ball
	bv.cx, bv.cy, bv.r = c[0], c[1], rad
	// Directions on the table of the image's x and y at the ball (inverse Jacobian).
	const e = 1.0
	cx := r.cal.ToImage(b.pos.Add(table.Point{X: e}), z)
	cy := r.cal.ToImage(b.pos.Add(table.Point{Y: e}), z)
	j00, j10 := (cx[0]-c[0])/e, (cx[1]-c[1])/e
	j01, j11 := (cy[0]-c[0])/e, (cy[1]-c[1])/e
	det := j00*j11 - j01*j10
	w1 := [3]float64{j11 / det, -j10 / det, 0}
	w2 := [3]float64{-j01 / det, j00 / det, 0}
	v := norm3([3]float64{sc.cam.Pos[0] - b.pos.X, sc.cam.Pos[1] - b.pos.Y, H - z})
	bv.v = v
	bv.e1 = norm3(sub3(w1, scale3(v, dot3(w1, v))))
	t2 := sub3(w2, scale3(v, dot3(w2, v)))
	bv.e2 = norm3(sub3(t2, scale3(bv.e1, dot3(t2, bv.e1))))
	bv.orient = b.orient
	bv.lights = bv.lights[:0]
	bv.halves = bv.halves[:0]
	bv.lw = bv.lw[:0]
	var tot float64
	for _, l := range sc.lamps {
		tot += l.w
	}
	for _, l := range sc.lamps {
		d := norm3([3]float64{l.x - b.pos.X, l.y - b.pos.Y, l.h - z})
		bv.lights = append(bv.lights, d)
		bv.halves = append(bv.halves, norm3(add3(d, v)))
		bv.lw = append(bv.lw, 0.7*l.w/tot)
	}
	irr := sc.irradiance(b.pos)
	bv.level = irr * sc.vig(c[0], c[1])
	bv.bounce = sc.cloth.scale(irr)
	bv.depth = 1
	if z < R {
		bv.depth = math.Max(0.12, 1+(z-R)/(1.6*R))
	}
	return true
}

// ballDraw is one ball's samples as drawn in one frame.
type ballDraw struct {
	views   []ballView
	samples []*ballSample
	rect    image.Rectangle
}

// drawBalls draws the shadows, then the balls, each averaged over its samples.
func (r *renderer) drawBalls(buf []uint8, spec *frameSpec, static bool) {
	if len(spec.samples) == 0 {
		return
	}
	K := len(spec.samples)
	nb := len(spec.samples[0])
	// Draw far balls first: a ball nearer the camera's foot hides the rim of one
	// beyond it; balls dropping into pockets first of all.
	r.order = r.order[:0]
	for i := 0; i < nb; i++ {
		r.order = append(r.order, i)
	}
	cam := r.sc.camXY
	key := func(i int) float64 {
		b := &spec.samples[0][i]
		return b.z*1e4 - b.pos.Dist(cam)
	}
	sort.SliceStable(r.order, func(a, b int) bool { return key(r.order[a]) < key(r.order[b]) })
	for len(r.draws) < nb {
		r.draws = append(r.draws, ballDraw{})
	}
	bounds := image.Rect(0, 0, r.w, r.h)
	for i := 0; i < nb; i++ {
		d := &r.draws[i]
		d.views, d.samples = d.views[:0], d.samples[:0]
		d.rect = image.Rectangle{}
		still := isStill(spec, i)
		if still != static {
			continue
		}
		n := K
		if still {
			n = 1
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for k := 0; k < n; k++ {
			s := &spec.samples[k][i]
			d.views = append(d.views, ballView{})
			bv := &d.views[len(d.views)-1]
			if !r.view(s, bv) {
				d.views = d.views[:len(d.views)-1]
				continue
			}
			d.samples = append(d.samples, s)
			pad := bv.r*1.9 + 2
			x0, y0 = math.Min(x0, bv.cx-pad), math.Min(y0, bv.cy-pad)
			x1, y1 = math.Max(x1, bv.cx+pad), math.Max(y1, bv.cy+pad)
		}
		if len(d.views) > 0 && x1-x0 < 4*float64(r.w) {
			d.rect = image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1))+1, int(math.Ceil(y1))+1).Intersect(bounds)
		}
	}
	for _, i := range r.order {
		if d := &r.draws[i]; !d.rect.Empty() && !r.noShadows {
			r.drawShadow(buf, d)
		}
	}
	for _, i := range r.order {
		if d := &r.draws[i]; !d.rect.Empty() {
			r.drawBall(buf, d.views, d.rect)
		}
	}
}

// isStill reports whether ball i is at rest on the bed through the exposure.
func isStill(spec *frameSpec, i int) bool {
	s0 := &spec.samples[0][i]
	if !s0.onBed || s0.vel != (table.Point{}) {
		return false
	}
	for k := 1; k < len(spec.samples); k++ {
		s := &spec.samples[k][i]
		if s.pos != s0.pos || s.z != s0.z || s.orient != s0.orient || s.gone != s0.gone {
			return false
		}
	}
	return true
}

// stillKey hashes the balls at rest, to tell when the cached picture of them
// must be redrawn.
func stillKey(spec *frameSpec) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(v float64) {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(v))
		h.Write(b[:])
	}
	if len(spec.samples) == 0 {
		return 0
	}
	for i := range spec.samples[0] {
		if !isStill(spec, i) {
			continue
		}
		s := &spec.samples[0][i]
		put(float64(s.ball))
		put(s.pos.X)
		put(s.pos.Y)
		put(s.z)
		for _, o := range s.orient {
			put(o)
		}
	}
	return h.Sum64()
}

// shadowDisc is one soft round shadow in pixels: full strength s inside
// out−1/inv, none beyond out.
type shadowDisc struct{ x, y, out, out2, inv, s float64 }

// drawShadow darkens the cloth under and beside a ball (contact shadow and one
// soft shadow per lamp), averaged over the samples.
func (r *renderer) drawShadow(buf []uint8, d *ballDraw) {
	views := d.views
	mk := func(x, y, r, soft, s float64) shadowDisc {
		o := r + soft
		return shadowDisc{x: x, y: y, out: o, out2: o * o, inv: 1 / (2 * soft), s: s}
	}
	sc := r.sc
	R := sc.t.BallR
	var tot float64
	for _, l := range sc.lamps {
		tot += l.w
	}
	// Shadows are soft: four instants are plenty. Each instant has a contact
	// shadow and one shadow per lamp.
	step := 1
	if len(views) > 4 {
		step = (len(views) + 3) / 4
	}
	per := 1 + len(sc.lamps)
	discs := r.discs[:0]
	var rect image.Rectangle
	for k := 0; k < len(views); k += step {
		bv := &views[k]
		b := d.samples[k]
		fade := clamp01(b.z / R) // a dropping ball's shadow falls into the hole
		c := r.cal.ToImage(b.pos, 0)
		discs = append(discs, mk(c[0], c[1], bv.r*0.92, bv.r*0.4, 0.6*fade))
		for _, l := range sc.lamps {
			f := l.h / (l.h - b.z)
			p := table.Point{X: l.x + (b.pos.X-l.x)*f, Y: l.y + (b.pos.Y-l.y)*f}
			q := r.cal.ToImage(p, 0)
			discs = append(discs, mk(q[0], q[1], bv.r*0.95, bv.r*0.75, 1.1*l.w/tot*fade))
		}
		for _, ds := range discs[len(discs)-per:] {
			rect = rect.Union(image.Rect(int(math.Floor(ds.x-ds.out)), int(math.Floor(ds.y-ds.out)),
				int(math.Ceil(ds.x+ds.out))+1, int(math.Ceil(ds.y+ds.out))+1))
		}
	}
	r.discs = discs
	rect = rect.Intersect(image.Rect(0, 0, r.w, r.h))
	n := len(discs) / per
	if rect.Empty() || n == 0 || rect.Dx() > 4*r.w {
		return
	}
	bw, bh := rect.Dx(), rect.Dy()
	if cap(r.shadow) < bw*bh {
		r.shadow = make([]float32, bw*bh)
	}
	sh := r.shadow[:bw*bh]
	for j := range sh {
		sh[j] = 0
	}
	inv := 1 / float64(n)
	for k := 0; k < n; k++ {
		ks := discs[k*per : (k+1)*per]
		for y := 0; y < bh; y++ {
			py := float64(rect.Min.Y + y)
			for x := 0; x < bw; x++ {
				px := float64(rect.Min.X + x)
				keep := 1.0
				for q := range ks {
					ds := &ks[q]
					dx, dy := px-ds.x, py-ds.y
					d2 := dx*dx + dy*dy
					if d2 >= ds.out2 || ds.s <= 0 {
						continue
					}
					// smoothstep from the outer to the inner radius
					t := (ds.out - math.Sqrt(d2)) * ds.inv
					if t > 1 {
						t = 1
					}
					keep *= 1 - ds.s*t*t*(3-2*t)
				}
				sh[y*bw+x] += float32((1 - keep) * inv)
			}
		}
	}
	for y := 0; y < bh; y++ {
		row := ((rect.Min.Y+y)*r.w + rect.Min.X) * 3
		for x := 0; x < bw; x++ {
			s := sh[y*bw+x]
			if s <= 0 {
				continue
			}
			k := 1 - s
			j := row + x*3
			buf[j] = uint8(float32(buf[j])*k + 0.5)
			buf[j+1] = uint8(float32(buf[j+1])*k + 0.5)
			buf[j+2] = uint8(float32(buf[j+2])*k + 0.5)
		}
	}
}

// drawBall composites one ball, averaged over its samples (a streak when it moves).
func (r *renderer) drawBall(buf []uint8, views []ballView, rect image.Rectangle) {
	bw, bh := rect.Dx(), rect.Dy()
	if cap(r.acc) < bw*bh*4 {
		r.acc = make([]float32, bw*bh*4)
	}
	acc := r.acc[:bw*bh*4]
	for j := range acc {
		acc[j] = 0
	}
	inv := 1 / float64(len(views))
	for k := range views {
		bv := &views[k]
		x0 := max(rect.Min.X, int(math.Floor(bv.cx-bv.r-1)))
		x1 := min(rect.Max.X, int(math.Ceil(bv.cx+bv.r+2)))
		y0 := max(rect.Min.Y, int(math.Floor(bv.cy-bv.r-1)))
		y1 := min(rect.Max.Y, int(math.Ceil(bv.cy+bv.r+2)))
		ir := 1 / bv.r
		for y := y0; y < y1; y++ {
			dy := float64(y) - bv.cy
			for x := x0; x < x1; x++ {
				dx := float64(x) - bv.cx
				dist := math.Sqrt(dx*dx + dy*dy)
				cov := bv.r - dist + 0.5
				if cov <= 0 {
					continue
				}
				if cov > 1 {
					cov = 1
				}
				a, b := dx*ir, dy*ir
				if dist > bv.r*0.995 {
					s := 0.995 * bv.r / dist
					a, b = a*s, b*s
				}
				c := bv.shade(a, b)
				w := cov * inv
				j := ((y-rect.Min.Y)*bw + x - rect.Min.X) * 4
				acc[j] += float32(c.r * w)
				acc[j+1] += float32(c.g * w)
				acc[j+2] += float32(c.b * w)
				acc[j+3] += float32(w)
			}
		}
	}
	for y := 0; y < bh; y++ {
		row := ((rect.Min.Y+y)*r.w + rect.Min.X) * 3
		for x := 0; x < bw; x++ {
			j := (y*bw + x) * 4
			a := acc[j+3]
			if a <= 0 {
				continue
			}
			if a > 1 {
				a = 1
			}
			k := row + x*3
			buf[k] = to8(float64(float32(buf[k])/255*(1-a) + acc[j+2]))
			buf[k+1] = to8(float64(float32(buf[k+1])/255*(1-a) + acc[j+1]))
			buf[k+2] = to8(float64(float32(buf[k+2])/255*(1-a) + acc[j]))
		}
	}
}

// truth fills in the ground truth of the frame's balls.
func (r *renderer) truth(spec *frameSpec, dst []TruthBall) []TruthBall {
	dst = dst[:0]
	for i := range spec.at {
		b := &spec.at[i]
		if b.gone {
			continue
		}
		var bv ballView
		r.view(b, &bv)
		tb := TruthBall{Ball: b.ball, At: b.pos, Px: r.cal.ToImage(b.pos, b.z), OnBed: b.onBed,
			Speed: b.vel.Len(), Z: b.z}
		tb.Visible = r.visible(bv.cx, bv.cy, bv.r)
		dst = append(dst, tb)
	}
	sort.Slice(dst, func(a, b int) bool { return dst[a].Ball < dst[b].Ball })
	return dst
}

// visible is the fraction of the disc inside the image and not under an occluder
// (occluder opacity below one half).
func (r *renderer) visible(cx, cy, rad float64) float64 {
	var tot, seen int
	x0, x1 := int(math.Floor(cx-rad)), int(math.Ceil(cx+rad))
	y0, y1 := int(math.Floor(cy-rad)), int(math.Ceil(cy+rad))
	occ := r.occ.dirty
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			dx, dy := float64(x)-cx, float64(y)-cy
			if dx*dx+dy*dy > rad*rad {
				continue
			}
			tot++
			if x < 0 || y < 0 || x >= r.w || y >= r.h {
				continue
			}
			if image.Pt(x, y).In(occ) && r.occ.px[(y*r.w+x)*4+3] >= 0.5 {
				continue
			}
			seen++
		}
	}
	if tot == 0 {
		return 0
	}
	return float64(seen) / float64(tot)
}

func add3(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func sub3(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func scale3(a [3]float64, k float64) [3]float64 {
	return [3]float64{a[0] * k, a[1] * k, a[2] * k}
}
func dot3(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func norm3(a [3]float64) [3]float64 {
	n := math.Sqrt(dot3(a, a))
	if n == 0 {
		return a
	}
	return scale3(a, 1/n)
}
