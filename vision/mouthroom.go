package vision

import (
	"fmt"
	"math"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/table"
)

// mouthViews are the side pockets' mouths, each looked at by a detector of its
// own whose view is the frame round that mouth only. A ball resting in a side
// pocket's jaws or on its shelf lies on the bed's long edge, beyond the bed
// view's padding (which is round the bed's corners): the hole behind it, whose
// dark edge casts most of the votes for its centre, is cut off there, and the
// lit part of the ball past the mouth's line never counted as ball. Such balls
// were found in under half the bench's frames, and not at all on the shelf,
// and the tracker called them pocketed. Growing the bed's view over the mouths
// found them, but moved the view's origin and so resampled it everywhere
// (a third of the frames away from the side pockets changed); a view of
// their own leaves the bed's view, and every detection it makes, as it was,
// and costs only the mouths' few pixels.
type mouthViews struct {
	mouths  []*Detector // one per side pocket (none in a mouth's own detector)
	pockets []table.Pocket
	// litMouth: in a mouth's own view the lit pixels past the bed's edge
	// may be a ball's (see mouthLit).
	litMouth bool
	extra    []Detection // a mouth detector's detections, scratch
	gates    []mouthGate // one per mouth
}

// mouthGate tells whether a mouth's detector need look at a frame: while the
// bed view's blocks over a mouth stay as they were at its last search, what
// that search found (most often nothing) is still there. A ball gets into a
// mouth, or out of it, and a hand reaches in, across the bed in front of it or
// the mouth's near part, which the bed's view holds. Searching both mouths in
// every frame cost 0.35 ms a frame; most frames have an empty, unchanged
// mouth, and a ball at rest in one stays for seconds.
type mouthGate struct {
	x0, y0, x1, y1 int     // the bed view's 8×8 blocks over the mouth's view, in view px
	ref, cur       []int32 // the blocks' sums of B, G and R: at the last search, now
	valid          bool    // ref holds the blocks of the last search
	age            int     // frames since the last search
}

// addMouthViews prepares a detector for each side pocket whose mouth is in
// the frame (a mouth too little of which is in it is left to the bed's view).
func (d *Detector) addMouthViews() {
	for _, pk := range d.c.Table.Pockets() {
		if pk.Corner {
			// A corner's mouth is diagonal to the bed's corner, round
			// which the bed's view is padded already.
			continue
		}
		x0, y0, x1, y1 := d.mouthRegion(pk)
		if x1-x0 < 16 || y1-y0 < 16 {
			continue
		}
		m, err := newDetector(d.c, d.opts, &pk)
		if err != nil {
			continue
		}
		d.mouths = append(d.mouths, m)
		d.pockets = append(d.pockets, pk)
		d.gates = append(d.gates, d.newMouthGate(x0, y0, x1, y1))
	}
}

// newMouthGate makes the gate of the mouth whose view is the frame region
// (x0, y0)–(x1, y1): the bed view's whole blocks over that region.
func (d *Detector) newMouthGate(x0, y0, x1, y1 float64) mouthGate {
	vx0, vy0 := d.toView([2]float64{x0, y0})
	vx1, vy1 := d.toView([2]float64{x1, y1})
	g := mouthGate{
		x0: max(0, int(vx0)) &^ 7, y0: max(0, int(vy0)) &^ 7,
		x1: min(d.ww, (int(math.Ceil(vx1))+7)&^7), y1: min(d.wh, (int(math.Ceil(vy1))+7)&^7),
	}
	if g.x1 > g.x0 && g.y1 > g.y0 {
		n := 3 * (g.x1 - g.x0) / 8 * ((g.y1 - g.y0) / 8)
		g.ref, g.cur = make([]int32, n), make([]int32, n)
	}
	return g
}

// changed sums the blocks of the bed's view wb (ww px wide) into g.cur and
// says whether any differs from g.ref by more than mouthChange a pixel.
func (g *mouthGate) changed(wb []uint8, ww int) bool {
	clear(g.cur)
	nb := (g.x1 - g.x0) / 8
	for y := g.y0; y < g.y1; y++ {
		row := 3 * nb * ((y - g.y0) / 8)
		// The row's eight pixels of each block, summed per channel.
		src := wb[3*(y*ww+g.x0) : 3*(y*ww+g.x1)]
		cur := g.cur[row : row+3*nb]
		for len(src) >= 24 && len(cur) >= 3 {
			p := src[:24]
			var b, gr, r int32
			for k := 0; k < 24; k += 3 {
				b += int32(p[k])
				gr += int32(p[k+1])
				r += int32(p[k+2])
			}
			cur[0] += b
			cur[1] += gr
			cur[2] += r
			src, cur = src[24:], cur[3:]
		}
	}
	if !g.valid {
		return true
	}
	for b := 0; b < len(g.cur); b += 3 {
		dev := absInt(int(g.cur[b]-g.ref[b])) + absInt(int(g.cur[b+1]-g.ref[b+1])) + absInt(int(g.cur[b+2]-g.ref[b+2]))
		if dev > mouthChange*64 {
			return true
		}
	}
	return false
}

func (d *Detector) closeMouthViews() {
	for _, m := range d.mouths {
		m.Close()
	}
	d.mouths = nil
}

// mouthRegion is the frame region (minX, minY)–(maxX, maxY) a mouth's own
// view takes in: mouthAlong radii to each side of the jaws, mouthFront in
// front of the mouth's line and mouthRoomRadii past it.
func (d *Detector) mouthRegion(pk table.Pocket) (float64, float64, float64, float64) {
	c, t := d.c, d.c.Table
	along := pk.Jaws[1].Sub(pk.Jaws[0]).Scale(1 / max(pk.Width, 1))
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range [2]float64{-1, 1} {
		for _, depth := range [2]float64{-mouthFront, mouthRoomRadii} {
			p := pk.Center.Add(along.Scale(s * (pk.Width/2 + mouthAlong*t.BallR))).Add(pk.In.Scale(depth * t.BallR))
			q := c.BallToImage(p)
			minX, maxX = min(minX, q[0]), max(maxX, q[0])
			minY, maxY = min(minY, q[1]), max(maxY, q[1])
		}
	}
	minX, minY = max(0, math.Floor(minX)), max(0, math.Floor(minY))
	maxX, maxY = min(float64(d.imgW), math.Ceil(maxX)), min(float64(d.imgH), math.Ceil(maxY))
	return minX, minY, maxX, maxY
}

// detectMouths adds to dst the balls each side mouth's own detector finds in
// that mouth (see inMouth) that the bed's view did not (none of its detections
// within a ball's radius). The bed view's detections are left as they are.
func (d *Detector) detectMouths(frame gocv.Mat, dst []Detection) ([]Detection, error) {
	if len(d.mouths) == 0 {
		return dst, nil
	}
	n := len(dst)
	wb, err := d.warp.DataPtrUint8()
	if err != nil {
		return dst, fmt.Errorf("vision: %w", err)
	}
	for mi, m := range d.mouths {
		g := &d.gates[mi]
		if len(g.cur) == 0 || g.changed(wb, d.ww) || g.age >= mouthRefresh {
			// The bed's cloth colour: the mouth's view holds too little
			// cloth to learn it from.
			m.cloth, m.haveCloth = d.cloth, true
			var err error
			if m.extra, err = m.Detect(frame, m.extra); err != nil {
				g.valid = false
				return dst, err
			}
			g.age, g.valid = 0, len(g.cur) > 0
			copy(g.ref, g.cur)
		} else {
			// As it was: the last search's balls (if any) are where they were.
			g.age++
		}
		pk := d.pockets[mi]
		for _, x := range m.extra {
			if !d.inMouth(pk, x.At) {
				continue
			}
			if nearestDetection(dst[:n], x.At, d.c.Table.BallR) < 0 && !d.doubted(x.Px) {
				// The bed's view's own detection of a ball, where it has
				// one, is kept: the mouth's view puts some (by the jaws)
				// further off, others (cut by the bed's mask) nearer.
				dst = append(dst, x)
			}
		}
	}
	return dst, nil
}

// doubted says whether the bed's view had a candidate within a ball's radius
// of the frame point px that it did not take for a ball: where it saw the
// ball whole and judged it, its judgement stands (a green ball by a side
// pocket's jaw on green cloth, which it misses in some frames, the mouth's
// view puts 6–8 mm off); the mouth's view is for the balls its mask and view
// cut away.
func (d *Detector) doubted(px [2]float64) bool {
	x, y := d.toView(px)
	for i := range d.cands {
		k := &d.cands[i]
		if k.ok && !k.absorbed && (k.x-x)*(k.x-x)+(k.y-y)*(k.y-y) < k.r*k.r {
			return true
		}
	}
	return false
}

// inMouth says whether a ball centred at p is in pk's mouth: between its jaws
// (a radius to spare) from half a radius in front of its line to as far past
// it as a ball can hang (see pastMouth), and a radius clear of the jaws up to
// mouthKeep radii in front of it.
func (d *Detector) inMouth(pk table.Pocket, p table.Point) bool {
	t := d.c.Table
	along := pk.Jaws[1].Sub(pk.Jaws[0]).Scale(1 / max(pk.Width, 1))
	v := p.Sub(pk.Center)
	depth := v.Dot(pk.In)
	if depth < -t.BallR/2 {
		// In front of the mouth, by a jaw: the bed's view sees such a
		// ball whole but for its far limb, and the mouth's view, which
		// holds too little of the cushion, put a green ball on green
		// cloth 6–8 mm off in frames the bed's view missed it.
		return math.Abs(v.Dot(along)) < pk.Width/2-t.BallR && depth >= -mouthKeep*t.BallR
	}
	return math.Abs(v.Dot(along)) < pk.Width/2+t.BallR && depth <= 0.9*t.BallR
}

// nearestDetection is the index of the detection of dets nearest to p within
// dist, or -1.
func nearestDetection(dets []Detection, p table.Point, dist float64) int {
	best := -1
	for i, x := range dets {
		if e := x.At.Dist(p); e < dist {
			best, dist = i, e
		}
	}
	return best
}

// The mouth's view, in ball radii: mouthRoomRadii past the mouth's line (a
// ball hanging 0.9 radius past it, see pastMouth, and the 2.5 radii of the
// ring detector's mask, see newDetector), mouthFront in front of it and
// mouthAlong beyond each jaw, so that a ball kept (mouthKeep in front of the
// line at most) and the cloth round it are whole in the view.
const (
	mouthRoomRadii = 3.4
	mouthFront     = 5
	mouthAlong     = 3.5
	mouthKeep      = 2.5
)

// mouthChange is the change of a block's mean (sum over B, G, R) above which
// a mouth's detector searches again; mouthRefresh is how many frames it may
// skip at most all the same (a ball that came to rest unseen, or that the
// last search took for more or less than it is, is looked at again within a
// quarter of a second at 60 fps).
const (
	mouthChange  = 6
	mouthRefresh = 15
)

// mouthFrontGap is how far in front of a pocket's mouth line (mm) the ring
// detector's mask of the mouth begins. The mouth's mask begins at the line
// seen at a ball centre's height, the bed's at the cushion noses seen at the
// cloth's and the noses' heights, less a pixel: seen from the camera a band
// between them, up to half a ball wide at a side pocket, was in neither, so
// that a ball resting 10–30 mm in front of the mouth had its middle cut out
// and fell apart into two slivers, never taken for a ball. In a mouth's own
// view the mask begins a radius in front of the line; in the bed's view (for
// the corner pockets) it is left as it was.
func (d *Detector) mouthFrontGap() float64 {
	if !d.litMouth {
		return 0
	}
	return mouthKeep * d.c.Table.BallR
}

// mouthLit is the brightness ratio to the local cloth (×1024) above which a
// pixel in a pocket's mouth, off the bed, may be part of a ball: the part of a
// ball at rest in the jaws or on the shelf that lies past the mouth's line,
// without which its blob was cut to a sliver and not taken for a ball. The
// hole and the jaws' shade are darker.
const mouthLit = 420
