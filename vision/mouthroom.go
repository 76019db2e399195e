package vision

import (
	"math"

	"github.com/cueref/cueref/table"
)

// mouthRoom grows the view's frame region (minX, minY)–(maxX, maxY), padded
// round the bed's corners only, to take in what the ring detector looks at in
// the side pockets' mouths: a ball resting in a side pocket's jaws or on its shelf
// lies on the bed's long edge, beyond the corners' padding, and the hole
// behind it, whose dark edge casts most of the votes for its centre, fell off
// the view. Such balls were found in under half the bench's frames, and not
// at all on the shelf. The region grows by whole blocks of the 1/8 cloth
// image (8 view pixels, at the reduction d.k), so that the view's pixels and
// blocks elsewhere stay as they were.
func (d *Detector) mouthRoom(minX, minY, maxX, maxY float64) (float64, float64, float64, float64) {
	c, t := d.c, d.c.Table
	nx0, ny0, nx1, ny1 := minX, minY, maxX, maxY
	for _, pk := range t.Pockets() {
		if pk.Corner {
			// A corner's mouth is diagonal to the bed's corner, whose
			// padding covers most of it; growing the view there would
			// change it along whole cushions.
			continue
		}
		in := pk.In.Scale(mouthRoomRadii * t.BallR)
		for _, p := range [2]table.Point{pk.Jaws[0].Add(in), pk.Jaws[1].Add(in)} {
			q := c.BallToImage(p)
			nx0, nx1 = min(nx0, q[0]), max(nx1, q[0])
			ny0, ny1 = min(ny0, q[1]), max(ny1, q[1])
		}
	}
	blk := 8 / d.k
	grow := func(v, to float64, sign float64, limit float64) float64 {
		if (to-v)*sign <= 0 {
			return v
		}
		n := math.Ceil(math.Abs(to-v) / blk)
		for ; n > 0; n-- {
			if w := v + sign*n*blk; w*sign <= limit*sign {
				return w
			}
		}
		return v
	}
	x0, y0 := grow(minX, nx0, -1, 0), grow(minY, ny0, -1, 0)
	d.roomRows, d.roomCols = int(math.Round((minY-y0)*d.k)), int(math.Round((minX-x0)*d.k))
	return x0, y0, grow(maxX, nx1, 1, float64(d.imgW)), grow(maxY, ny1, 1, float64(d.imgH))
}

// clothPhase is where learnCloth's sample of every 7th view pixel starts: the
// pixels it took in the view without the mouths' room, whose rows lie lower
// in this one (the added rows hold no bed), so that the cloth colour learnt is
// the same. With columns added as well the rows' lengths differ: any phase.
func (d *Detector) clothPhase() int {
	if d.roomCols != 0 {
		return 0
	}
	return d.roomRows * d.ww % 7
}

// mouthRoomRadii is how far past a pocket's mouth line, in ball radii, the
// view must reach: a ball hanging 0.9 radius past it (see pastMouth), and the
// 2.5 radii of the ring detector's mask (see NewDetector).
const mouthRoomRadii = 3.4

// mouthLit is the brightness ratio to the local cloth (×1024) above which a
// pixel in a pocket's mouth, off the bed, may be part of a ball: the part of a
// ball at rest in the jaws or on the shelf that lies past the mouth's line,
// without which its blob was cut to a sliver and not taken for a ball. The
// hole and the jaws' shade are darker.
const mouthLit = 420
