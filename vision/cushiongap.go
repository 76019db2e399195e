package vision

import (
	"math"
	"sort"

	"github.com/cueref/cueref/table"
)

// offCushion checks a ball read against a cushion (centre out, frame px;
// toward, the unit vector towards the cushion) by its outline on the bed
// side, and returns its centre.
//
// A ball a few cm off a cushion has its limb towards the cushion lost in the
// cushion's shade, and on the bed side the sharpest edge in reach of the
// outline fit can be its number's white circle: with the cushion's nose
// opposite, they make a circle a ball's width across that puts the ball on
// the cushion line. Rendered matches had coloured balls 10–25 mm off a
// cushion read on it (clamped) in a good share of frames, at rest and
// rolling along it, green on green the most; the tracker took the jumps for
// cushion hits.
//
// Two things tell that circle from a ball frozen to the cushion. Its rim
// on the bed side crosses the number's circle on a few rays only, where a
// ball's rim changes colour on all of them: offCushion goes on only where
// the weakest quarter of the rays' changes across the rim are under
// gapUniform of their mean. And the circle's rim lies inside the ball, not
// in its shadow: the circle where the outline on the bed side is (the
// strongest local peak of the change across the rim, moving the circle
// away from the cushion by gapShiftMin to gapMax mm) must have a rim darker
// than its inside and the cloth beyond (ringFit's score) by gapRimGain more.
func (d *Detector) offCushion(fr []uint8, i int, out [2]float64, R float64, toward [2]float64) [2]float64 {
	t := d.c.Table
	p := d.c.BallToTable(out)
	if g := math.Min(math.Min(p.X, t.L-p.X), math.Min(p.Y, t.W-p.Y)) - t.BallR; toward == [2]float64{} || g > gapFrozen || g < -gapDeep {
		// Off the cushion; or so far into it that the fit found
		// neither the ball nor that circle.
		return out
	}
	if n := cushionNormal(p, t); !d.besideNose(p, n, t.BallR+gapFrozen) {
		// By a pocket's jaw: the cushion's line is not the edge a ball
		// rests against there (see besideNose).
		return out
	}
	// The rays away from the cushion (over 17° past its line) not towards
	// another ball.
	var us [len(circle32)][2]float64
	n := 0
	for _, u := range circle32 {
		if u[0]*toward[0]+u[1]*toward[1] > -gapBedCos {
			continue
		}
		if _, byBall := d.rayBlocked(i, out[0]+1.3*R*u[0], out[1]+1.3*R*u[1], d.bm, true); byBall {
			continue
		}
		us[n] = u
		n++
	}
	if n < gapRays {
		return out
	}
	var ch [len(circle32)]float64
	edge := func(cx, cy float64) float64 {
		var s float64
		for k, u := range us[:n] {
			ch[k] = d.changeAcross(fr, cx, cy, R, u)
			s += ch[k]
		}
		return s / float64(n)
	}
	e0 := edge(out[0], out[1])
	sort.Float64s(ch[:n])
	if ch[n/4] >= gapUniform*e0 {
		// A rim all round the bed side: the ball's own.
		return out
	}
	// Away from the cushion to gapMax mm off its line, in half-pixel steps.
	q := d.c.BallToImage(t.Clamp(p).Sub(cushionNormal(p, t).Scale(gapMax)))
	ax, ay := q[0]-out[0], q[1]-out[1]
	l := math.Hypot(ax, ay)
	if !(l > 0) {
		return out
	}
	ax, ay = ax/l, ay/l
	var es [gapSteps + 1]float64
	m := min(int(2*l), gapSteps)
	for j := 1; j <= m; j++ {
		a := 0.5 * float64(j)
		es[j] = edge(out[0]+a*ax, out[1]+a*ay)
	}
	bj := -1
	for j := max(int(math.Ceil(2*gapShiftMin*l/gapMax)), 2); j < m; j++ {
		if es[j] >= es[j-1] && es[j] >= es[j+1] && (bj < 0 || es[j] > es[bj]) {
			bj = j
		}
	}
	if bj < 0 {
		return out
	}
	a := 0.5 * float64(bj)
	c := [2]float64{out[0] + a*ax, out[1] + a*ay}
	r0, ok0 := d.rimAlong(fr, out[0], out[1], R, us[:n])
	r1, ok1 := d.rimAlong(fr, c[0], c[1], R, us[:n])
	if !ok0 || !ok1 || r1-r0 < gapRimGain {
		return out
	}
	return c
}

// besideNose says whether a ball centred at p, within dist of the cushion
// whose normal (out of the bed) is n, lies beside that cushion's straight
// nose along its whole width: both its ends along the cushion are (see
// alongCushion). In a pocket's jaws the nose bends away into the jaw's
// facing and the hole's dark fall-off is behind the ball, so neither the
// cushion's line nor the number's circle opposite it is what offCushion
// takes them for: a maroon 11 at rest in a corner pocket's jaws, read by its
// blob cut at the mouth 20 mm along the cushion from where it lay and on the
// cushion's line, was moved 10 mm off it in some frames and not in others,
// and the tracker told the flicks between them as cushion hits.
func (d *Detector) besideNose(p, n table.Point, dist float64) bool {
	along := table.Point{X: -n.Y, Y: n.X}.Scale(d.c.Table.BallR)
	return d.alongCushion(p.Add(along), dist) && d.alongCushion(p.Sub(along), dist)
}

// changeAcross is the colour change (sum over B, G, R) across the circle of
// radius R about (cx, cy) along the ray in direction u: between 0.75 px
// inside and outside it.
func (d *Detector) changeAcross(fr []uint8, cx, cy, R float64, u [2]float64) float64 {
	c0, ok0 := d.sample(fr, cx+(R-0.75)*u[0], cy+(R-0.75)*u[1])
	c1, ok1 := d.sample(fr, cx+(R+0.75)*u[0], cy+(R+0.75)*u[1])
	if !ok0 || !ok1 {
		return 0
	}
	return math.Abs(c1[0]-c0[0]) + math.Abs(c1[1]-c0[1]) + math.Abs(c1[2]-c0[2])
}

// rimAlong is ringFit's score of the circle of radius R about (cx, cy) over
// the rays us: by how much its rim is darker than its inside and the cloth
// beyond, on average. False if a ray leaves the frame.
func (d *Detector) rimAlong(fr []uint8, cx, cy, R float64, us [][2]float64) (float64, bool) {
	var s float64
	for _, u := range us {
		v, ok := d.rimDepth(fr, cx, cy, R, u)
		if !ok {
			return 0, false
		}
		s += v
	}
	return s / float64(len(us)), true
}

// rimDepth is how much darker (sum over B, G, R) the rim of the circle of
// radius R about (cx, cy) is, along the ray in direction u, than both the
// inside (ringIn R from the centre) and the outside (ringOut R); the rim is
// sampled ringOff px past the circle.
func (d *Detector) rimDepth(fr []uint8, cx, cy, R float64, u [2]float64) (float64, bool) {
	ci, ok1 := d.sample(fr, cx+ringIn*R*u[0], cy+ringIn*R*u[1])
	cr, ok2 := d.sample(fr, cx+(R+ringOff)*u[0], cy+(R+ringOff)*u[1])
	co, ok3 := d.sample(fr, cx+ringOut*R*u[0], cy+ringOut*R*u[1])
	if !ok1 || !ok2 || !ok3 {
		return 0, false
	}
	vi, vr, vo := ci[0]+ci[1]+ci[2], cr[0]+cr[1]+cr[2], co[0]+co[1]+co[2]
	return math.Min(vi-vr, vo-vr), true
}

// The check of offCushion: it runs for a ball read within gapFrozen mm of a
// cushion's nose or up to gapDeep mm into it (the number's circle and the
// nose make a circle on the cushion's line, within a few mm; a fit further
// in found something else), on the rays at least gapBedCos away from the
// cushion (at least gapRays of them); it looks from gapShiftMin mm from the
// read to gapMax mm off the cushion's line, in at most gapSteps half-pixel
// steps. gapUniform and gapRimGain are set on stills of coloured balls
// 0–22 mm off each cushion (three cloths, three renderer seeds): the balls
// 6–14 mm off read onto the cushion had a lower quartile 0.17–0.27 of the
// mean and a rim gain of 27–164; of the balls 0–3 mm off, those under 0.28
// had a gain of −97 to −27.
const (
	gapFrozen   = 3.0
	gapDeep     = 8.0
	gapBedCos   = 0.3
	gapRays     = 8
	gapMax      = 30.0
	gapSteps    = 40
	gapShiftMin = 4.0
	gapUniform  = 0.28
	gapRimGain  = 25.0
)
