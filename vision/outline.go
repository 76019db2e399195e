package vision

import (
	"math"

	"github.com/cueref/cueref/table"
)

// fitOutline refines the centre of a ball at rest on the frame itself, at
// full resolution: along 16 rays from px it finds the ball's outline (the
// strongest colour edge near the known radius, to a fraction of a pixel) and
// fits a circle of that radius to the edge points by least squares, dropping
// points far off it. The colour model's centroid is pulled inwards where
// light bounced off the cloth tints a ball's lower rim like the cloth, and
// outwards where a dark ball merges with its own shadow; the outline is not.
// The result weighs the two by how well the outline fits; fitOutline returns
// it and its variance (frame px²). Rays towards a neighbouring ball or off the
// bed are not used, except towards a cushion. dark says the ball is the black
// one, whose blob takes in its shadow; clothy that it is of the cloth's own
// colour (the green 6 and 14 on a green cloth), whose outline can be its
// white parts'.
func (d *Detector) fitOutline(fr []uint8, i int, px [2]float64, dark, clothy bool) ([2]float64, float64) {
	k := &d.cands[i]
	R := k.r / d.k
	// The local cloth colour, as a unit vector.
	bgb, sw := d.bgb, d.sw
	blk := 3 * (min(max(int(k.y)>>3, 0), d.sh-1)*sw + min(max(int(k.x)>>3, 0), sw-1))
	var clv [3]float64
	cn := 0.0
	for c := 0; c < 3; c++ {
		clv[c] = float64(bgb[blk+c])
		cn += clv[c] * clv[c]
	}
	cloth := clv
	var cl *[3]float64
	if cn > 0 {
		cn = math.Sqrt(cn)
		for c := range clv {
			clv[c] /= cn
		}
		cl = &clv
	}
	// By a cushion, the rays towards it see the ball against the cushion's
	// face or top, not the bed: they are used where the cushion is straight.
	t := d.c.Table
	p0 := d.c.BallToTable(px)
	cushion := d.alongCushion(p0, 1.6*t.BallR)
	across := false
	if cushion {
		px, across = d.acrossCushion(fr, i, px, p0, R, cl, dark)
	} else if d.alongCushion(p0, 2*t.BallR) {
		// A frozen ball's blob can end at the bed's edge 0.7 R short of
		// it, its centroid then up to 2 R from the nose: it is taken for
		// a cushion ball if its outline across puts it against the
		// cushion.
		if q, ok := d.acrossCushion(fr, i, px, p0, R, cl, dark); ok && d.frozenAt(q) {
			px, across, cushion = q, true, true
		}
	}
	// Towards a cushion close by, the blob can end short of the ball's
	// rim (its shade and the cushion's shadow are not foreground): the
	// outline may lie further from the blob's centroid that way.
	var toward [2]float64
	rays := cushion
	if d.alongCushion(p0, cushionReach*t.BallR) {
		rays = true
		q := d.c.BallToImage(p0.Add(cushionNormal(p0, t).Scale(t.BallR)))
		if l := math.Hypot(q[0]-px[0], q[1]-px[1]); l > 0 {
			toward = [2]float64{(q[0] - px[0]) / l, (q[1] - px[1]) / l}
		}
	}
	c, varFit, oneSided, used, ok := d.outlineFrom(fr, i, px, R, cl, rays, toward)
	if dark && used < darkRays {
		// The black ball's blob takes in its shadow, and by a cushion the
		// cushion's shade: its centroid can lie half a radius or more off
		// the ball, beyond the first pass's band on the ball's far side,
		// and its number's circle has edges as strong as its outline.
		// (Rendered 9-ball, seed 1064: the black 20 mm off a side cushion
		// was read 15-20 mm off; 10-ball, seed 2073: 9 mm off the foot
		// cushion, 15-20 mm off; 8-ball, seed 64: in the open, 9-25 mm
		// off, the fit round its number.) The outline is looked for from
		// half a radius round the centroid too, in eight directions. Fits
		// to the shadow's edge or the number's circle can be as tight as
		// the ball's, from as many rays, but their circles take in shadow,
		// cloth or a coloured neighbour: the fit whose rim inside is least
		// coloured is taken, if clearly less than the first fit's and grey
		// enough for a black ball (a green 6 read as the eight, 11 mm off
		// a side cushion, was otherwise moved onto it: 8-ball, seed 72).
		// (Not where the first fit's rim is grey already: it is on the
		// ball, and no fit would be taken over it but a greyer one, a
		// rarity for its cost.)
		p1 := px
		t0 := d.rimTint(fr, c, R)
		best := math.Inf(1)
		for a := 0; a < len(circle32) && (!ok || t0 >= darkTintMax-darkTint); a += 4 {
			u := circle32[a]
			s := [2]float64{p1[0] + 0.5*R*u[0], p1[1] + 0.5*R*u[1]}
			c2, v2, o2, u2, ok2 := d.outlineFrom(fr, i, s, R, cl, rays, toward)
			if !ok2 || u2 < darkMinRays {
				continue
			}
			t2 := d.rimTint(fr, c2, R)
			if t2 < best && t2 < darkTintMax && (!ok || t2 < t0-darkTint) {
				best = t2
				px, c, varFit, oneSided, used, ok = s, c2, v2, o2, u2, true
			}
		}
	}
	if toward != [2]float64{} && !across && (k.conf >= searchConf || d.cutByBed(i, toward)) {
		// The outline looked for from half a radius towards the cushion
		// too, as acrossCushion would have moved the centroid: beyond the
		// first pass's reach, the rays from the centroid can fit the ball's
		// shadow on the far side; taken if it fits as many rays, clearly
		// better, and puts the ball frozen or nearly to the cushion (for a
		// ball further off, a fit from there can end on its shadow); or,
		// further off, if it fits two rays more, at least searchRays, and
		// four times tighter than the first (a shadow's edge fits loosely).
		// (Rendered 14.1, seed 66: the orange 5 resting 12 mm off the foot
		// cushion, its centroid 0.55 R short of its centre in the
		// cushion's shade, the 9 rolling up to it: the fit from the
		// centroid found only the rays the 9 left free on one side, the fit
		// from here ten rays, tight, and the ball was read 10-18 mm off.)
		// (Not for a weak candidate, a ball of about the cloth's colour:
		// its outline is faint, the cushion's edges are not; unless its
		// blob is cut by the bed's edge towards the cushion, what makes
		// a ball of a clear colour weak there: seen from far off, a
		// frozen ball's far half lies beyond the bed's edge at cloth
		// height, and its blob, the near half, has a centroid or peak
		// up to 0.8 R from its centre.)
		// A fit more than half a radius from the centroid is taken only
		// for a blob the bed's edge cuts: a whole blob's centroid is not
		// that far off (see acrossCushion).
		s := [2]float64{px[0] + 0.5*R*toward[0], px[1] + 0.5*R*toward[1]}
		if c2, v2, o2, u2, ok2 := d.outlineFrom(fr, i, s, R, cl, rays, toward); ok2 && u2 >= used && (!ok || v2 < 0.5*varFit) &&
			(d.alongCushion(d.c.BallToTable(c2), cushionFrozen*t.BallR) || u2 >= used+2 && u2 >= searchRays && (!ok || v2 < 0.25*varFit)) &&
			(math.Hypot(c2[0]-px[0], c2[1]-px[1]) <= 0.5*R || d.cutByBed(i, toward)) {
			px, c, varFit, oneSided, used, ok = s, c2, v2, o2, u2, true
		}
	}
	// An outline found on most rays but not all can be round the wrong
	// centre too: a blob of a green stripe's white cap and number, whose
	// rays found those parts' edges (rendered 8-ball, seed 64: the 14,
	// 18 mm off the foot cushion, read 10 mm off one frame in two), or a
	// black ball's number circle. Where partialMiss or more of the rays
	// its neighbours leave free found no outline, and the ball is weak or
	// the black or its fit is loose (for its cost: it is the dearest step
	// of the fit), the circle is looked for then as well, and its fit
	// taken if it has more rays and is no looser (the black, whose shadow
	// side loosens a true fit, if it has more rays).
	partial := used >= searchRays && used < partialRays && (k.conf < searchConf || dark || varFit > partialVar) &&
		d.freeRays(i, c, R, rays)-used >= partialMiss
	if used < searchRays || partial {
		// The outline is not round the blob's centre: a weak candidate
		// whose ball is mostly the cloth's colour (a green stripe on
		// green), its blob the number's circle or the white; a ball
		// frozen to a cushion whose blob ends at the bed's edge; or a
		// ball of any colour near a cushion, its half towards it in the
		// cushion's shade and out of its blob, whose rays from the blob's
		// centre found only its edges above and below it, or none
		// (rendered 8-ball, seed 65: the 10 22 mm off the head cushion
		// was read 9–14 mm off it for a hundred seconds). The ball's
		// round outline is looked for by its edge all round, and taken
		// if the rays find it from there too (a white cap's circle or a
		// stripe's edge is not found all round).
		// Near the bed's edge (within the search's reach of 0.8 R past
		// the 1.6 R of a cushion ball) the ring round the circle is partly
		// the cushion's shadow or face, not cloth: not asked there.
		edge := math.Min(math.Min(p0.X, t.L-p0.X), math.Min(p0.Y, t.W-p0.Y)) < 2.4*t.BallR
		s, found := d.circleSearch(fr, i, px, R, &cloth, cushion, edge, dark)
		if found {
			// Fewer rays do where the blob is cut by the bed's edge
			// on the circle's side: the ball reaches past the edge,
			// over the cushion's face, where rays find no outline.
			c2, v2, o2, u2, ok2 := d.outlineFrom(fr, i, s, R, cl, rays, toward)
			if partial {
				if ok2 && u2 > used && (dark || v2 <= varFit) {
					px, c, varFit, oneSided, used, ok = s, c2, v2, o2, u2, true
				}
			} else if ok2 &&
				(u2 >= searchRays || u2 >= cutRays && d.cutByBed(i, unit(s[0]-px[0], s[1]-px[1]))) {
				px, c, varFit, oneSided, used, ok = s, c2, v2, o2, u2, true
			} else if used == 0 && u2 == 0 && k.conf < searchConf {
				// No colour edge from either: a ball of the cloth's own
				// colour, whose outline is only its shading and shadow.
				// The circle found all round is all there is to go by.
				// (Not a ball of a clear colour by a cushion, whose
				// first fit lost its rays in its second pass: a yellow
				// 4 frozen to the foot cushion was moved 21 mm off it
				// onto a circle of its shade.)
				px, ok = s, false
			}
		}
	}
	if dark && toward != [2]float64{} {
		// The black ball by a cushion: its outline across the cushion is
		// lost in shade and shadow; the rays along it place the ball, if
		// they put it near the cushion (further off, the outline across
		// is found, and the rays along it, nearer the shadow, do worse).
		start := px
		if ok {
			start = c
		}
		if c2, ok2 := d.darkBallByCushion(fr, i, start, R, toward); ok2 && d.alongCushion(d.c.BallToTable(c2), t.BallR+sideNear) {
			c, varFit, oneSided, ok = c2, outlineVarMin, false, true
		}
	}
	out, v := px, centroidVar
	if ok {
		// Weigh the outline's centre against the colour centroid by how
		// well the outline points agree with a circle: a clean outline all
		// round wins; a few scattered points (a cluster, a shadow) barely
		// move it.
		w := centroidVar / (centroidVar + varFit)
		if dx, dy := c[0]-px[0], c[1]-px[1]; !oneSided && dx*dx+dy*dy > 16*(centroidVar+varFit) {
			// They disagree far beyond their spreads: the centroid has
			// taken in a shadow or a neighbour's rim.
			w = 1
		}
		out = [2]float64{px[0] + w*(c[0]-px[0]), px[1] + w*(c[1]-px[1])}
		v = w*w*varFit + (1-w)*(1-w)*centroidVar
	}
	if ok && used < partialRays && clothy && k.conf >= searchConf && !d.crowded(i, out, R) {
		// A ball of the cloth's colour whose outline was found on part of
		// the rays only: a green stripe whose band lies on its limb shows
		// only its white cap, and the cap's edge, inside the ball, was
		// taken for its outline on that side (rendered 8-ball, seed 64:
		// the 14 at rest 19 mm off the foot cushion, read 10 mm off for a
		// hundred seconds). Its shading ring, the darker limb against
		// the cloth, goes all round the ball: where the ring fitted from
		// here is far deeper than round the outline's centre, the ball is
		// there. (Not for balls of other colours: stripes whose white
		// cap faces up fit the ring of their cap and band worse than
		// their outline, and 400 more of them were read 8 mm off on seeds
		// 64-67. Nor in a cluster, where the neighbours' rims make rings
		// of their own: the maroon 15 racked on a red cloth was moved
		// 7 mm.) A cap's edge is no more than ringShiftMax R in from the
		// limb: a ring further off is another edge's (the 14 resting 18 mm
		// off the foot cushion, its band across its top, was moved 18 mm
		// onto the cushion's shadow: 14.1, seed 73).
		if rc, _, rok := d.ringFit(fr, i, out, R); rok && math.Hypot(rc[0]-out[0], rc[1]-out[1]) <= ringShiftMax*R &&
			d.ringScoreAt(fr, i, rc, R) > d.ringScoreAt(fr, i, out, R)+ringGain {
			out, v = rc, ringVar
		}
	}
	if p := d.c.BallToTable(out); k.conf < searchConf {
		// A weak candidate by a pocket: a ball of about the cloth's colour
		// whose blob and outline run into the hole. Its dark rim is what
		// shows all round the free side. So too for one whose outline was
		// not found at all (its blob the number's circle): a green 6 at
		// rest 34 mm off the head cushion, so placed, was read up to 21 mm
		// off (rendered 8-ball, seed 67).
		if pk, _ := t.NearestPocket(p); used == 0 || p.Dist(pk.Center) < ringNear*t.BallR {
			if c, vv, ok := d.ringFit(fr, i, out, R); ok {
				out, v = c, vv
			}
		}
	}
	if rays && !dark {
		// Read against the cushion, maybe by its number's circle.
		out = d.offCushion(fr, i, out, R, toward)
	}
	if rays {
		// A ball cannot sink into a straight cushion: its centre is at
		// least a radius from the nose.
		p := d.c.BallToTable(out)
		if q := t.Clamp(p); q != p && d.alongCushion(q, 1.5*t.BallR) {
			out = d.c.BallToImage(q)
		}
	}
	return out, v
}

// acrossCushion moves the centre px (table point p) of a ball by a cushion
// along the cushion's normal, between the ball's two outline points on it:
// against the cushion and against the bed. The colour model's blob ends at
// the bed's edge, so its centroid can lie half a radius short of the cushion,
// too far for the outline fit's rays to find the outline there. dark says the
// ball is the black one.
func (d *Detector) acrossCushion(fr []uint8, i int, px [2]float64, p table.Point, R float64, cl *[3]float64, dark bool) ([2]float64, bool) {
	t := d.c.Table
	q := d.c.BallToImage(p.Add(cushionNormal(p, t).Scale(t.BallR)))
	ux, uy := q[0]-px[0], q[1]-px[1]
	l := math.Hypot(ux, uy)
	if !(l > 0) {
		return px, false
	}
	ux, uy = ux/l, uy/l
	so, ok1 := d.edgeAlong(fr, px[0], px[1], ux, uy, 0.3*R, 1.9*R, cl)
	si, ok2 := d.edgeAlong(fr, px[0], px[1], -ux, -uy, 0.3*R, 1.9*R, cl)
	if !ok1 || !ok2 || math.Abs(so+si-2*R) > 0.25*R {
		// Not a ball's width apart: one of them is something else.
		if !ok2 && !dark {
			// The edge against the bed may lie at the band's very start,
			// where no peak shows: looked for again from cutEdgeFrom R.
			si, ok2 = d.edgeAlong(fr, px[0], px[1], -ux, -uy, cutEdgeFrom*R, 0.5*R, cl)
			ok2 = ok2 && ok1 && so >= cutEdgeOut*R && d.noseGap([2]float64{px[0] + (R-si)*ux, px[1] + (R-si)*uy}) >= -cutSink*t.BallR
		}
		if dark || !ok2 || si > 0.5*R || si < 0.25*R {
			return px, false
		}
		// The edge towards the cushion can be lost where the camera sees
		// the ball's far side against the cushion's dark nose, and the blob
		// then ends at the bed's edge well short of the ball (its centroid
		// up to 0.7 R in): the edge against the bed is the ball's, and the
		// centre a radius from it, if that puts the ball against the
		// cushion (further off, its blob is whole and the centroid good).
		// Only for a blob that ends half a radius short or more: nearer, the
		// outline fit finds the centre, and a ball resting a few mm off the
		// cushion (the blue 2 in TestFrozenToCushionCentre) was put 4-5 mm
		// into it.
		// Not for the black ball: its edge against the bed is found on its
		// own dark rim and shadow, and its centroid is good.
		// Not for a ball in motion either: its blob is whole (it rolls
		// along the cushion frozen to it seldom), and the edge found a few
		// pixels in from its centroid is its number's or its highlight's
		// (rendered 10-ball, seed 2001, at 30.52 s: the blue 2, just
		// struck 25 mm off the cushion, put 17 mm onto it).
		// Nor for a blob the bed's edge does not cut towards the cushion:
		// whole, it does not end short of the ball, and the edge is again
		// its number's or its band's. (The green-striped 14 was put so
		// 10-20 mm onto the right cushion, at rest 10 mm off it for nine
		// seconds and rolling 20-25 mm off it at 235 mm/s: see
		// TestStripeOffCushionBlobWhole and TestMovingNearCushion.)
		c := [2]float64{px[0] + (R-si)*ux, px[1] + (R-si)*uy}
		if !d.frozenAt(c) || d.moved(&d.cands[i]) || !d.cutByBed(i, [2]float64{ux, uy}) {
			return px, false
		}
		return c, true
	}
	sh := (so - si) / 2
	c := [2]float64{px[0] + sh*ux, px[1] + sh*uy}
	if math.Abs(sh) > 0.75*R || math.Abs(sh) > 0.5*R && (dark || !d.frozenAt(c) || !d.cutByBed(i, [2]float64{ux, uy})) {
		// Further than a truncated blob's centroid can lie: the outline
		// found towards the cushion is its dark face or shadow beyond a
		// gap (a black ball a few cm off it), not the ball's. (The blob
		// of a ball frozen to the cushion, seen with its far side against
		// the nose, can end 0.7 R short of it; not the black ball's,
		// whose blob takes in its shadow; and only where the bed's edge
		// cuts the blob: the green 6 rolling 12 mm off a cushion, its
		// blob whole, was put 14 mm onto it on its shade's edge.)
		return px, false
	}
	return c, true
}

// cutEdgeFrom (radii): where acrossCushion looks again for a cut blob's edge
// against the bed when the first look, from 0.3 R, found none. The blob of a
// ball frozen to a cushion can end 0.7 R short of its centre, and its edge
// against the bed lies 0.3 R from the centroid, where a peak starting the
// band does not show as one (rendered 9-ball, seed 1001, on a blue cloth:
// the green 6 frozen to the foot cushion, its edge 0.31 R from the
// centroid, was read 15-18 mm off it for 70 seconds).
const cutEdgeFrom = 0.2

// cutEdgeOut, cutSink (radii): such an edge is taken only if the ball's
// outline towards the cushion was found cutEdgeOut R or more from the
// centroid, and the centre a radius from it does not sink into the cushion
// more than cutSink R. An edge found so near the centroid is more often its
// number's or its highlight's: balls resting or slowing 4-21 mm off a
// cushion were moved 2-12 mm past its nose and read up to 10 mm off (default
// bench, 9-ball at 3.93 s and 52.6-53.8 s, 10-ball at 27.55 and 77.23 s),
// their outline towards the cushion found 0.42-0.53 R from the centroid, or
// (the 10-ball's 4, 7 mm off) their centre so moved 12 mm past the nose. (The
// green 6 above: 0.86 R, and 0.8 mm past.)
const (
	cutEdgeOut = 0.6
	cutSink    = 0.1
)

// noseGap (mm) is how far a ball centred at px (frame px) lies off the
// nearest cushion's nose line: negative when it would sink into it.
func (d *Detector) noseGap(px [2]float64) float64 {
	t := d.c.Table
	q := d.c.BallToTable(px)
	return math.Min(math.Min(q.X, t.L-q.X), math.Min(q.Y, t.W-q.Y)) - t.BallR
}

// cutByBed says whether candidate i's blob is cut by the bed's edge on the
// side u (a unit vector, frame px): whether at least cutPixels of its pixels
// within 1.5 radii of the candidate have the pixel two view px that way off
// the bed.
func (d *Detector) cutByBed(i int, u [2]float64) bool {
	k := &d.cands[i]
	if k.comp < 0 || u == [2]float64{} {
		return false
	}
	ox, oy := int(math.Round(2*u[0])), int(math.Round(2*u[1]))
	lim := 1.5 * k.r
	n := 0
	for _, p := range d.pixelsOf(k.comp) {
		x, y := int(p)%d.ww, int(p)/d.ww
		if math.Hypot(float64(x)-k.x, float64(y)-k.y) > lim {
			continue
		}
		qx, qy := x+ox, y+oy
		if qx < 0 || qy < 0 || qx >= d.ww || qy >= d.wh || d.bm[qy*d.ww+qx] == 0 {
			if n++; n >= cutPixels {
				return true
			}
		}
	}
	return false
}

// unit is (x, y) scaled to length 1, or zero.
func unit(x, y float64) [2]float64 {
	l := math.Hypot(x, y)
	if !(l > 0) {
		return [2]float64{}
	}
	return [2]float64{x / l, y / l}
}

// frozenAt says whether a ball centred at px (frame px) would lie against a
// cushion, within 0.4 R (11 mm) of frozen.
func (d *Detector) frozenAt(px [2]float64) bool {
	t := d.c.Table
	q := d.c.BallToTable(px)
	return math.Min(math.Min(q.X, t.L-q.X), math.Min(q.Y, t.W-q.Y)) <= 1.4*t.BallR
}

// outlineFrom fits the outline of candidate i (radius R frame px) starting
// from px, as fitOutline describes: it returns the fitted centre, its
// variance, whether the rays were on one side only for neighbouring balls,
// the number of rays its last pass used (0 if it found no outline), and false
// if no pass found the outline near px: within 0.45 R of it, or, along toward
// (a unit vector towards a cushion close by, or zero), within
// cushionShiftMax R.
func (d *Detector) outlineFrom(fr []uint8, i int, px [2]float64, R float64, cl *[3]float64, cushion bool, toward [2]float64) (c [2]float64, varFit float64, oneSided bool, used int, ok bool) {
	bm := d.bm
	cx, cy := px[0], px[1]
	var edge [16]float64
	var use [16]bool
	for it := 0; it < 2; it++ {
		// The first pass looks for the outline in a wide band, as the colour
		// centroid can be a third of a radius off (a dark ball merged with
		// its own shadow); the second starts near the outline.
		lo, hi := 0.8, 1.2
		if it == 0 {
			lo, hi = 0.6, 1.4
		}
		n, nBall := 0, 0
		for a := range edge {
			ux, uy := circle32[2*a][0], circle32[2*a][1]
			use[a] = false
			if blocked, byBall := d.rayBlocked(i, cx+1.3*R*ux, cy+1.3*R*uy, bm, cushion); blocked {
				if byBall {
					nBall++
				}
				continue
			}
			s, found := d.edgeAlong(fr, cx, cy, ux, uy, lo*R, hi*R, cl)
			if !found {
				continue
			}
			edge[a], use[a] = s-(R-outlineInset), true
			n++
		}
		dx, dy, fit := outlineShift(&edge, &use, n)
		if !fit {
			used = 0
			break
		}
		if it > 0 {
			// Drop outline points more than a pixel and a half off the fitted
			// circle (a neighbour's shadow, a chalk mark) and fit again.
			m := 0
			for a := range edge {
				if !use[a] {
					continue
				}
				u := circle32[2*a]
				if math.Abs(edge[a]-dx*u[0]-dy*u[1]) > 1.5 {
					use[a] = false
					continue
				}
				m++
			}
			if m < n {
				if dx, dy, fit = outlineShift(&edge, &use, m); !fit {
					used = 0
					break
				}
			}
		}
		// Residual spread of the outline points about the fitted circle.
		var ss float64
		m := 0
		for a := range edge {
			if use[a] {
				u := circle32[2*a]
				r := edge[a] - dx*u[0] - dy*u[1]
				ss += r * r
				m++
			}
		}
		// The variance of the fitted centre: the residuals' over the rays'
		// spread of directions; where neighbours leave rays on one side
		// only, a part for edges that are off all alike (a stripe's edge
		// taken for the outline), which shifts the centre unseen.
		q := raySpread(&use) * float64(m) / 2
		varFit = 2*ss/float64(m)/float64(m)*q + outlineVarMin
		oneSided = false
		if nBall > 0 {
			varFit += oneSidedVar * (q - 1)
			oneSided = q > oneSidedMax
		}
		nx, ny := cx+dx, cy+dy
		// Farther than 0.6 R from where it began, the outline found is
		// not the ball's but its shadow's or a neighbour's (but towards
		// a cushion close by). (0.45 R threw away a ball's true outline
		// 0.46 R off the centre of a blob cut by a cushion's shade:
		// rendered 8-ball, seed 65, the 10 22 mm off the head cushion.)
		if mx, my := nx-px[0], ny-px[1]; math.Hypot(mx, my) > 0.6*R {
			along := mx*toward[0] + my*toward[1]
			if along <= 0 || along > cushionShiftMax*R || math.Hypot(mx-along*toward[0], my-along*toward[1]) > 0.3*R {
				return px, 0, false, 0, false
			}
		}
		cx, cy, used, ok = nx, ny, m, true
		if math.Hypot(dx, dy) < 0.05 {
			// Converged: the rays from here would find the same edges.
			break
		}
	}
	return [2]float64{cx, cy}, varFit, oneSided, used, ok
}

// circleSearch finds the centre within 0.8 R of px (frame px) of the circle
// of radius R with the strongest colour change across it and cloth round at
// least three quarters of it, if that change is clearly stronger than across
// the circle round px (by the bed's edge, edge: cloth or not; round the black
// ball, dark, its shadow counts as cloth). It does not search in a cluster,
// nor, with cushion, into the cushion.
func (d *Detector) circleSearch(fr []uint8, i int, px [2]float64, R float64, cloth *[3]float64, cushion, edge, dark bool) ([2]float64, bool) {
	t := d.c.Table
	// Cloth is within a fifth of its own brightness (sum over B, G, R) of
	// the local colour: its shading and soft shadows, not a ball's colours.
	// (By the bed's edge the ring is partly a cushion's face and top or a
	// pocket, and is not asked.)
	clothTol := (cloth[0] + cloth[1] + cloth[2]) / 5
	// Round the black ball (dark), its shadow counts as cloth: the cloth's
	// colour, darker (on its colour line, at a third of its brightness or
	// more). (Not round other balls: it moved a green 6's circle onto its
	// shadow.)
	cn := math.Sqrt(cloth[0]*cloth[0] + cloth[1]*cloth[1] + cloth[2]*cloth[2])
	var clu [3]float64
	if cn > 0 {
		clu = [3]float64{cloth[0] / cn, cloth[1] / cn, cloth[2] / cn}
	}
	shade := func(c [3]float64) bool {
		a := c[0]*clu[0] + c[1]*clu[1] + c[2]*clu[2]
		return dark && cn > 0 && a >= cn/3 && a <= cn && offLine(c, &clu) < clothTol/2
	}
	if d.crowded(i, px, R) {
		// In a cluster the neighbours' outlines and the ball's own make
		// circles of their own: no search there.
		return px, false
	}
	// The balls found round it: the circle must not overlap them.
	var near [6][2]float64
	nn := 0
	for j := range d.cands {
		o := &d.cands[j]
		if j == i || !o.ok || o.absorbed || o.conf < d.opts.MinConfidence || nn == len(near) {
			continue
		}
		if q := d.toImage(o.x, o.y); math.Hypot(q[0]-px[0], q[1]-px[1]) < 3*R {
			near[nn] = q
			nn++
		}
	}
	score := func(x, y float64, step int) float64 {
		var sum float64
		n, out := 0, 0
		for a := 0; a < 32; a += step {
			ux, uy := circle32[a][0], circle32[a][1]
			c1, ok1 := d.sample(fr, x+(R+0.75)*ux, y+(R+0.75)*uy)
			c0, ok0 := d.sample(fr, x+(R-0.75)*ux, y+(R-0.75)*uy)
			c2, ok2 := d.sample(fr, x+(R+2.5)*ux, y+(R+2.5)*uy)
			if !ok0 || !ok1 || !ok2 {
				continue
			}
			n++
			if !edge && math.Abs(c2[0]-cloth[0])+math.Abs(c2[1]-cloth[1])+math.Abs(c2[2]-cloth[2]) > clothTol && !shade(c2) {
				// Not cloth just outside: not the ball's outline (a
				// stripe's edge with the ball beyond it).
				out++
				continue
			}
			sum += math.Abs(c1[0]-c0[0]) + math.Abs(c1[1]-c0[1]) + math.Abs(c1[2]-c0[2])
		}
		if 4*out > n {
			// A ball is ringed by cloth, but for its shadow.
			return 0
		}
		return sum / math.Max(float64(n), 1)
	}
	best, bs := px, -1.0
	lim := 0.8 * R
	for dy := -lim; dy <= lim; dy += 2 {
		for dx := -lim; dx <= lim; dx += 2 {
			if dx*dx+dy*dy > lim*lim {
				continue
			}
			clear := true
			for _, q := range near[:nn] {
				if math.Hypot(q[0]-px[0]-dx, q[1]-px[1]-dy) < 1.8*R {
					clear = false
					break
				}
			}
			if !clear {
				continue
			}
			if cushion {
				// Not into the cushion.
				if p := d.c.BallToTable([2]float64{px[0] + dx, px[1] + dy}); t.Clamp(p).Dist(p) > 2 {
					continue
				}
			}
			if v := score(px[0]+dx, px[1]+dy, 2); v > bs {
				best, bs = [2]float64{px[0] + dx, px[1] + dy}, v
			}
		}
	}
	c := best
	bs = -1
	for dy := -1.0; dy <= 1; dy += 0.5 {
		for dx := -1.0; dx <= 1; dx += 0.5 {
			if v := score(c[0]+dx, c[1]+dy, 1); v > bs {
				best, bs = [2]float64{c[0] + dx, c[1] + dy}, v
			}
		}
	}
	if bs <= 0 || bs < searchGain*score(px[0], px[1], 1) {
		return px, false
	}
	return best, true
}

// cushionReach is how far, in ball radii, from a cushion's nose the blob's
// centroid of a ball frozen to it can lie; cushionShiftMax how far, in ball
// radii, the outline's centre may then lie from the centroid towards the
// cushion. Rendered frames showed a ball frozen to a cushion whose centroid
// lay 0.53 R short of it: its outline fit, then limited to 0.45 R, kept the
// centroid in some frames and not in others, a 15 mm jump that the tracker
// took for cushion hits.
// A fit from nearer the cushion is taken only where it puts the ball within
// cushionFrozen radii of the nose, or fits clearly better (see fitOutline).
// The reach is 2.3 R, not 2: the centroid of a ball resting 10-15 mm off a
// cushion, its half towards it in the cushion's shade, lies up to 0.55 R
// short of its centre, 2.05 R from the nose (rendered 14.1, seed 66: the 5).
const (
	cushionReach    = 2.3
	cushionShiftMax = 0.75
	cushionFrozen   = 1.3
)

// outlineInset is how far, frame px, inside a ball's silhouette the
// strongest colour change along a ray lies on average: the ball's darker
// limb, the pixels its rim only partly covers and the JPEG's blur all fall
// on the silhouette's inner side. A circle of the ball's radius fitted to a
// one-sided outline (its other side hidden by a neighbour or a cushion) would
// be drawn towards the hidden side by as much. Measured on the simulated
// frames of vision/simbench (0.2 to 0.45 px on balls in the open, by cloth).
const outlineInset = 0.2

// A resting ball whose outline fit ends with fewer than searchRays rays, or
// fewer than partialRays with partialMiss of its free rays (freeRays) short
// and a variance over partialVar (frame px², if not weak or the black), is
// looked for by circleSearch; searchConf is the confidence below which a
// candidate is weak (about the cloth's colour);
// searchGain is how much stronger the change across the circle found must be
// than across the one round the blob's centre. The black ball whose fit ends
// with fewer than darkRays rays is looked for from round its centroid too,
// by fits from at least darkMinRays rays, and such a fit is taken if its
// rim is darkTint less coloured (rimTint) than the first fit's and less than
// darkTintMax: the inside of a black ball, not a coloured one read as it.
const (
	searchConf  = 0.5
	searchGain  = 1.3
	searchRays  = 8
	partialRays = 12
	partialMiss = 3
	partialVar  = 0.1
	darkRays    = 12
	darkMinRays = 6
	darkTint    = 3
	darkTintMax = 12
)

// cutRays is how many rays the outline found round circleSearch's circle
// must fit where the blob is cut by the bed's edge on its side (cutByBed: at
// least cutPixels of its pixels there): rendered matches had balls frozen to
// or 8–14 mm off a cushion, seen from far off, found by the search with 7
// rays and kept 12–18 mm in from it.
const (
	cutRays   = 6
	cutPixels = 3
)

// oneSidedVar is the variance, frame px², an outline fit gains per unit of
// raySpread beyond an even spread, where neighbouring balls leave its rays on
// one side; beyond oneSidedMax it is not preferred to the centroid however
// far they disagree.
const (
	oneSidedVar = 0.5
	oneSidedMax = 1.25
)

// cushionNormal is the outward normal of the cushion nearest to p.
func cushionNormal(p table.Point, t table.Table) table.Point {
	n, m := table.Point{Y: -1}, p.Y
	if v := t.W - p.Y; v < m {
		n, m = table.Point{Y: 1}, v
	}
	if p.X < m {
		n, m = table.Point{X: -1}, p.X
	}
	if v := t.L - p.X; v < m {
		n = table.Point{X: 1}
	}
	return n
}

// alongCushion says whether the table point p is within dist of a cushion
// nose, beside its straight part (between the jaws of two pockets), where a
// ball's centre is at least a radius from the nose.
func (d *Detector) alongCushion(p table.Point, dist float64) bool {
	t := d.c.Table
	a := t.CornerMouth / math.Sqrt2
	h := t.SideMouth / 2
	switch {
	case p.Y < dist || p.Y > t.W-dist:
		if p.X < a || p.X > t.L-a || math.Abs(p.X-t.L/2) < h {
			return false
		}
		return p.X > dist && p.X < t.L-dist
	case p.X < dist || p.X > t.L-dist:
		return p.Y > a && p.Y < t.W-a
	}
	return false
}

// outlineShift is the least-squares move δ of a circle's centre so that, for
// every used ray a in direction u, δ·u equals e[a], the distance from the
// circle to the outline found along the ray. It fails when the n rays are too
// few or all on one side, where a fit along one direction would slide the
// centre along the other.
func outlineShift(e *[16]float64, use *[16]bool, n int) (dx, dy float64, ok bool) {
	if n < 5 {
		return 0, 0, false
	}
	var axx, axy, ayy, bx, by float64
	for a := range e {
		if !use[a] {
			continue
		}
		ux, uy := circle32[2*a][0], circle32[2*a][1]
		axx += ux * ux
		axy += ux * uy
		ayy += uy * uy
		bx += e[a] * ux
		by += e[a] * uy
	}
	det := axx*ayy - axy*axy
	if det < 0.15*float64(n*n) {
		return 0, 0, false
	}
	return (ayy*bx - axy*by) / det, (axx*by - axy*bx) / det, true
}

// raySpread is the largest eigenvalue of (Σ u uᵀ)⁻¹ over the used rays'
// directions u: 2/n for n rays evenly round, more where they bunch on one
// side. It is infinite for fewer than two directions.
func raySpread(use *[16]bool) float64 {
	var axx, axy, ayy float64
	for a := range use {
		if use[a] {
			u := circle32[2*a]
			axx += u[0] * u[0]
			axy += u[0] * u[1]
			ayy += u[1] * u[1]
		}
	}
	lmin := (axx+ayy)/2 - math.Sqrt((axx-ayy)*(axx-ayy)/4+axy*axy)
	if lmin <= 1e-9 {
		return math.Inf(1)
	}
	return 1 / lmin
}

// rayBlocked says whether the frame point (x, y) is off the bed or inside
// another ball found in this frame. With cushion, a point beyond the nose of a
// cushion's straight part is not off the bed.
func (d *Detector) rayBlocked(i int, x, y float64, bm []uint8, cushion bool) (blocked, byBall bool) {
	vx, vy := d.toView([2]float64{x, y})
	xi, yi := int(vx+0.5), int(vy+0.5)
	if xi < 0 || yi < 0 || xi >= d.ww || yi >= d.wh {
		return true, false
	}
	if bm[yi*d.ww+xi] == 0 {
		if !cushion {
			return true, false
		}
		q := d.c.BallToTable([2]float64{x, y})
		if q.X >= 0 && q.X <= d.c.Table.L && q.Y >= 0 && q.Y <= d.c.Table.W || !d.alongCushion(q, 2*d.c.Table.BallR) {
			return true, false
		}
	}
	for j := range d.cands {
		o := &d.cands[j]
		if j == i || !o.ok || o.absorbed || o.conf < d.opts.MinConfidence {
			continue
		}
		if (vx-o.x)*(vx-o.x)+(vy-o.y)*(vy-o.y) < 1.1*o.r*1.1*o.r {
			return true, true
		}
	}
	return false, false
}

// freeRays is how many of the outline fit's 16 rays from c (frame px) are
// not blocked by a neighbouring ball or the bed's edge (rayBlocked; with
// cushion, not by the bed's edge along a cushion).
func (d *Detector) freeRays(i int, c [2]float64, R float64, cushion bool) int {
	n := 0
	for a := 0; a < 16; a++ {
		u := circle32[2*a]
		if blocked, _ := d.rayBlocked(i, c[0]+1.3*R*u[0], c[1]+1.3*R*u[1], d.bm, cushion); !blocked {
			n++
		}
	}
	return n
}

// offLine is colour c's distance (L1) off the line through black along the
// cloth's unit colour cl, or 0 when cl is nil: the colour left after taking
// out the cloth's at the same brightness.
func offLine(c [3]float64, cl *[3]float64) float64 {
	if cl == nil {
		return 0
	}
	a := c[0]*cl[0] + c[1]*cl[1] + c[2]*cl[2]
	return math.Abs(c[0]-a*cl[0]) + math.Abs(c[1]-a*cl[1]) + math.Abs(c[2]-a*cl[2])
}

// pickEdge is the edge along a ray from its steps' colour changes g and, when
// chroma, their changes off the cloth's colour line gc: the first clear
// chroma edge if there is one, else the first clear change of colour.
func pickEdge(g, gc []float64, s0, step float64, chroma bool) (float64, bool) {
	if chroma {
		if s, ok := peakAlong(gc, s0, step, chromaEdgeMin, true); ok {
			return s, true
		}
	}
	return peakAlong(g, s0, step, edgeMin, false)
}

// edgeAlong finds the outline along the ray from (cx, cy) in direction (ux,
// uy): the distance in [lo, hi] where the colour changes most, to a fraction
// of a pixel, if the change is an edge at all. With a cloth colour (unit
// vector cl) it first looks for the edge in the colour left after taking out
// the cloth's at the same brightness, which a ball's own shading and its
// shadow on the cloth do not change; a dark ball has too little colour for
// that, and is found by plain colour change.
func (d *Detector) edgeAlong(fr []uint8, cx, cy, ux, uy, lo, hi float64, cl *[3]float64) (float64, bool) {
	const step = 0.5
	var prev [3]float64
	var prevC float64
	// The changes along the ray: the detector's scratch, as a local array
	// would be cleared on each of its hundreds of calls a frame.
	g, gc := &d.edgeG, &d.edgeGC
	s0 := lo - step/2
	n := 0
	// sample's bilinear read, inlined: at half-pixel steps most samples
	// share their four pixels with the one before, whose values (as
	// float64, exactly) are kept, so the sums are sample's to the bit.
	w3 := 3 * d.imgW
	last := -1
	var p0, p1, p2, p3, p4, p5, q0, q1, q2, q3, q4, q5 float64
	for s := s0; s <= hi+step/2 && n < len(g)+1; s += step {
		x, y := cx+s*ux, cy+s*uy
		if !(x >= 0 && y >= 0) {
			return 0, false
		}
		xi, yi := int(x), int(y)
		if xi < 0 || yi < 0 || xi >= d.imgW-1 || yi >= d.imgH-1 {
			return 0, false
		}
		if j := yi*w3 + 3*xi; j != last {
			last = j
			p, q := fr[j:j+6], fr[j+w3:j+w3+6]
			p0, p1, p2, p3, p4, p5 = float64(p[0]), float64(p[1]), float64(p[2]), float64(p[3]), float64(p[4]), float64(p[5])
			q0, q1, q2, q3, q4, q5 = float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3]), float64(q[4]), float64(q[5])
		}
		fx, fy := x-float64(xi), y-float64(yi)
		gx, gy := 1-fx, 1-fy
		c := [3]float64{
			(p0*gx+p3*fx)*gy + (q0*gx+q3*fx)*fy,
			(p1*gx+p4*fx)*gy + (q1*gx+q4*fx)*fy,
			(p2*gx+p5*fx)*gy + (q2*gx+q5*fx)*fy,
		}
		cc := offLine(c, cl)
		if s > s0 {
			g[n-1] = math.Abs(c[0]-prev[0]) + math.Abs(c[1]-prev[1]) + math.Abs(c[2]-prev[2])
			gc[n-1] = math.Abs(cc - prevC)
		}
		prev, prevC = c, cc
		n++
	}
	return pickEdge(g[:n-1], gc[:n-1], s0, step, cl != nil)
}

// peakAlong finds the strongest change g[j] (between samples j and j+1 of a
// ray sampled every step from s0), to a fraction of a step, if it reaches
// least per pixel and is not at an end of the range. With outer, it takes
// the outermost peak of at least half the strongest instead: a ball's
// silhouette lies outside its number's circle and its stripe.
func peakAlong(g []float64, s0, step, least float64, outer bool) (float64, bool) {
	m := len(g)
	best := 0
	for j := 1; j < m; j++ {
		if g[j] > g[best] {
			best = j
		}
	}
	if outer {
		for j := m - 2; j > best; j-- {
			if g[j] >= 0.5*g[best] && g[j] >= g[j-1] && g[j] >= g[j+1] {
				best = j
				break
			}
		}
	}
	if g[best] < least*step || best == 0 || best == m-1 {
		// No edge, or the change is still growing at an end of the range:
		// the outline is not inside it.
		return 0, false
	}
	off := 0.0
	if den := g[best-1] - 2*g[best] + g[best+1]; den < 0 {
		off = 0.5 * (g[best-1] - g[best+1]) / den
	}
	// g[j] is the change between samples j and j+1: at s0 + (j+0.5)·step.
	return s0 + (float64(best)+0.5+off)*step, true
}

// sample reads the frame at (x, y) with bilinear interpolation.
func (d *Detector) sample(fr []uint8, x, y float64) ([3]float64, bool) {
	// Truncation is the floor from 0 up; below 0 (and NaN) is outside.
	if !(x >= 0 && y >= 0) {
		return [3]float64{}, false
	}
	xi, yi := int(x), int(y)
	if xi < 0 || yi < 0 || xi >= d.imgW-1 || yi >= d.imgH-1 {
		return [3]float64{}, false
	}
	fx, fy := x-float64(xi), y-float64(yi)
	gx, gy := 1-fx, 1-fy
	j := 3 * (yi*d.imgW + xi)
	// The two pixels of this row and of the next: one bounds check each.
	p, q := fr[j:j+6], fr[j+3*d.imgW:j+3*d.imgW+6]
	return [3]float64{
		(float64(p[0])*gx+float64(p[3])*fx)*gy + (float64(q[0])*gx+float64(q[3])*fx)*fy,
		(float64(p[1])*gx+float64(p[4])*fx)*gy + (float64(q[1])*gx+float64(q[4])*fx)*fy,
		(float64(p[2])*gx+float64(p[5])*fx)*gy + (float64(q[2])*gx+float64(q[5])*fx)*fy,
	}, true
}

// ringFit finds the centre of a ball of about the cloth's colour by its dark
// rim: its limb, shaded away from the lamp and sunk in its own shadow, is
// darker than both its middle and the cloth round it, where its colour edge
// is too faint to find and the strongest change lies pixels inside or outside
// the outline. Over the rays from px that are free (not off the bed, so not
// into a pocket's hole, nor into another ball) it scores a circle of radius R
// by how much darker its rim is than the points ringIn R and ringOut R from
// its centre, the lesser of the two, averaged; it takes the best circle
// within ringFar R of px (a pixel grid, then a quarter-pixel one), less
// ringPen per px² of distance from px (the shading of the cloth round a ball
// shows fainter rims further off). It returns the centre and its variance, or
// false if no rim is clearly dark.
func (d *Detector) ringFit(fr []uint8, i int, px [2]float64, R float64) ([2]float64, float64, bool) {
	bm := d.bm
	var free [16]bool
	n := 0
	for a := range free {
		u := circle32[2*a]
		if blocked, _ := d.rayBlocked(i, px[0]+1.4*R*u[0], px[1]+1.4*R*u[1], bm, false); !blocked {
			free[a] = true
			n++
		}
	}
	if n < ringRays {
		return px, 0, false
	}
	score := func(cx, cy float64) float64 {
		var s float64
		for a := range free {
			if !free[a] {
				continue
			}
			v, ok := d.rimDepth(fr, cx, cy, R, circle32[2*a])
			if !ok {
				return math.Inf(-1)
			}
			s += v
		}
		return s / float64(n)
	}
	// rated is the score less the penalty for the distance from px.
	rated := func(cx, cy float64) float64 {
		dx, dy := cx-px[0], cy-px[1]
		return score(cx, cy) - ringPen*(dx*dx+dy*dy)
	}
	best, bx, by := math.Inf(-1), px[0], px[1]
	h := ringFar * R
	for y := -h; y <= h; y++ {
		for x := -h; x <= h; x++ {
			if x*x+y*y > h*h {
				continue
			}
			if s := rated(px[0]+x, px[1]+y); s > best {
				best, bx, by = s, px[0]+x, px[1]+y
			}
		}
	}
	cx, cy := bx, by
	for y := -0.75; y <= 0.75; y += 0.25 {
		for x := -0.75; x <= 0.75; x += 0.25 {
			if s := rated(bx+x, by+y); s > best {
				best, cx, cy = s, bx+x, by+y
			}
		}
	}
	if best < ringMin {
		return px, 0, false
	}
	return [2]float64{cx, cy}, ringVar, true
}

// The dark-rim fit of ringFit: the least number of free rays; where the
// inside, the rim (past the outline by ringOff px) and the outside are
// sampled; the least mean rim depth (sum of B, G, R); the search's reach; the
// distance penalty; the variance given to its centre (frame px²), as
// separate weighs it; and the reach from a pocket's mouth centre (in ball
// radii) within which fitOutline uses it.
const (
	ringRays = 5
	ringIn   = 0.7
	ringOff  = 0.5
	ringOut  = 1.3
	ringMin  = 8
	ringFar  = 0.7
	ringPen  = 0.2
	ringVar  = 0.3
	ringNear = 3
	// ringGain: how much deeper (mean rim depth, sum of B, G, R) the ring
	// round a ball of the cloth's colour must be than round its partial
	// outline's centre to move it there (see fitOutline).
	ringGain = 40
	// ringShiftMax (ball radii): the farthest that ring moves such a ball.
	ringShiftMax = 0.45
)

// ringChange is the mean colour change across the circle of radius R round c
// (frame px): between 0.75 px inside and outside it, over 32 directions.
func (d *Detector) ringChange(fr []uint8, c [2]float64, R float64) float64 {
	var sum float64
	n := 0
	for _, u := range circle32 {
		c1, ok1 := d.sample(fr, c[0]+(R+0.75)*u[0], c[1]+(R+0.75)*u[1])
		c0, ok0 := d.sample(fr, c[0]+(R-0.75)*u[0], c[1]+(R-0.75)*u[1])
		if !ok0 || !ok1 {
			continue
		}
		n++
		sum += math.Abs(c1[0]-c0[0]) + math.Abs(c1[1]-c0[1]) + math.Abs(c1[2]-c0[2])
	}
	return sum / math.Max(float64(n), 1)
}

// rimTint is how coloured the frame is just inside the circle of radius R
// round c, frame px: the mean, over 32 points at 0.8 R, of their colour's
// distance from grey (L1, over B, G, R). Inside the black ball's outline it
// is 6-9 on a green cloth (grey, but for its reflections); a circle that
// takes in its shadow, the cloth or a coloured neighbour reads 15-40.
func (d *Detector) rimTint(fr []uint8, c [2]float64, R float64) float64 {
	var sum float64
	n := 0
	for _, u := range circle32 {
		x, ok := d.sample(fr, c[0]+0.8*R*u[0], c[1]+0.8*R*u[1])
		if !ok {
			continue
		}
		n++
		g := (x[0] + x[1] + x[2]) / 3
		sum += math.Abs(x[0]-g) + math.Abs(x[1]-g) + math.Abs(x[2]-g)
	}
	return sum / math.Max(float64(n), 1)
}

// ringScoreAt is the mean rim depth (rimDepth) round c (frame px) over the
// rays no neighbour blocks, −Inf if none.
func (d *Detector) ringScoreAt(fr []uint8, i int, c [2]float64, R float64) float64 {
	var s float64
	n := 0
	for a := 0; a < 16; a++ {
		u := circle32[2*a]
		if blocked, _ := d.rayBlocked(i, c[0]+1.4*R*u[0], c[1]+1.4*R*u[1], d.bm, false); blocked {
			continue
		}
		v, ok := d.rimDepth(fr, c[0], c[1], R, u)
		if !ok {
			continue
		}
		s += v
		n++
	}
	if n == 0 {
		return math.Inf(-1)
	}
	return s / float64(n)
}

// crowded reports whether another ball's candidate lies within 2.6 R of px
// (frame px, R the radius there): a cluster, as circleSearch has it.
func (d *Detector) crowded(i int, px [2]float64, R float64) bool {
	for j := range d.cands {
		o := &d.cands[j]
		if j == i || !o.ok || o.absorbed || o.conf < d.opts.MinConfidence {
			continue
		}
		if q := d.toImage(o.x, o.y); math.Hypot(q[0]-px[0], q[1]-px[1]) < 2.6*R {
			return true
		}
	}
	return false
}
