// Package vision finds the balls on the bed in a camera frame: their sub-pixel
// centres, table positions (through the calibration), class (cue, eight, solid,
// stripe), number when it can be told, and whether a ball is a motion streak.
//
// The detector works on a view of the bed's region of the frame, reduced so
// that a ball is about 6 px in radius (by a whole number where that is close
// enough, which OpenCV does with plain averages), against a local model of the
// cloth colour that follows uneven light and lamp hot spots; darker cloth of
// the cloth's chroma (a shadow) is not a ball. Blobs are cut into balls at the
// peaks of their distance transform and, for clusters and racks, by a circle
// Hough transform at the known radius. Every candidate must show a ball's round
// outline (arms, hands and cues do not; a cue across a ball of a clear colour
// may hide two arcs of it) and must not be the cloth's own colour (a lit
// cushion face) nor a dull one in a big blob (a hand, a sleeve). A ball the
// colour model cannot see — one of nearly the cloth's colour, or one hanging in
// a pocket's jaws over the dark hole — is found by its shading: a dark ring
// (its limb and contact shadow, or the hole) round a lit middle with a
// highlight, located by the votes of the ring's inner edge.
//
// What the reduced view loses is read from the frame itself: a resting ball's
// centre is fitted to its outline at full resolution, and its colours, which
// name it, are read there too. Positions go through Calibration.BallToTable,
// which handles lens distortion and parallax.
//
// A ball that moved since the last frame (a streak, or no ball found where
// it is then) is named by stricter tests, which only withhold its number: its
// roll smears its colours, and for a tracker a wrong number is worse than
// none.
package vision

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/table"
)

// Class is what kind of ball a detection is.
type Class int

// The classes.
const (
	Unknown Class = iota
	Cue
	Eight
	Solid
	Stripe
)

func (c Class) String() string {
	switch c {
	case Cue:
		return "cue"
	case Eight:
		return "eight"
	case Solid:
		return "solid"
	case Stripe:
		return "stripe"
	}
	return "unknown"
}

// MarshalText writes the class name.
func (c Class) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Detection is one ball seen in a frame.
type Detection struct {
	Ball       int         // 0 cue, 1–15, −1 unsure
	At         table.Point // table mm, via Calibration.BallToTable
	Px         [2]float64  // sub-pixel centre in the frame
	RPx        float64     // radius in pixels
	Confidence float64     // 0–1
	Class      Class       // cue, eight, solid, stripe (unknown only when nothing can be said)
	Moving     bool        // an elongated blob: a motion streak; Px is its mid-point
}

// Options tune a Detector. The zero value is a good default.
type Options struct {
	// RadiusPx is the ball radius the detector works at: frames with
	// bigger balls are scaled down to about it (never up), by a whole number
	// where that leaves it within 1.5 px; default 6.
	RadiusPx float64
	// ClothBGR overrides the cloth colour; by default it is taken from the
	// calibration or, failing that, learned from the first frame.
	ClothBGR *[3]float64
	// MinConfidence drops weaker detections (default 0.3).
	MinConfidence float64
}

// Detector finds balls in frames of one calibrated camera. It is not safe for
// concurrent use.
type Detector struct {
	c           *calibration.Calibration
	opts        Options
	k           float64         // view px per frame px (the smaller of kx, ky)
	kx, ky      float64         // view px per frame px along x and y
	roi         image.Rectangle // the frame region resampled into the view
	whole       int             // n if the view is roi reduced by exactly 1/n (n ≥ 2), else 0
	ox, oy      float64         // frame px of the view's origin
	rw          float64         // ball radius in view px at the centre spot
	rexp        []float32       // expected ball radius in view px, per view pixel
	acc         []float32       // circle Hough votes
	span        []int           // per view row, the bed's [x0, x1)
	rspan       []int           // per view row, the ring mask's [x0, x1)
	ringMask    []uint8         // the bed and the pockets' mouths
	dt          []float32       // distance to the background inside the blobs, px
	dark        []uint8         // 1 where the bed is darker than the local cloth (shadow, limb, hole)
	quiet, skip []bool          // per 8×8 block: plain cloth; plain cloth with its neighbours
	offBed      []bool          // per 8×8 block: some of its ring mask is off the bed (a pocket's mouth)
	acc2        []float32       // votes of the dark rings' inner edges
	touched     []int32         // acc2 indices with votes, to clear
	marked      []uint8         // 1 at the indices in touched
	chamfer     []int32         // scratch for dt
	darkEdges   []int32         // segmentRows's dark pixels on an edge: index, gx, gy
	segPar      []int32         // segmentRows's scratch: a row of blocks' terms per pixel
	ww, wh      int
	imgW, imgH  int
	cloth       [3]float64
	frame       []uint8      // the frame being detected (continuous BGR), during Detect
	ringVals    []float64    // litMiddle's scratch
	edgeG       [96]float64  // edgeAlong's scratch: colour change along a ray
	edgeGC      [96]float64  // and chroma change
	nearDiscs   [][3]float64 // highlight's scratch: found balls about a ring (x, y, r)
	jawHidden   [][3]float64 // darkInJaws' found balls in a blob (x, y, r²; see hideFound)
	clothH      float64      // hue (0–180) and saturation of the cloth colour
	clothS      float64
	clothV      float64
	haveCloth   bool
	warp        gocv.Mat // CV_8UC3
	small       gocv.Mat // CV_8UC3, 1/8
	smallW      gocv.Mat // CV_32FC1 weights
	smallF      gocv.Mat // CV_32FC3
	smallBlur   gocv.Mat
	smallWBlur  gocv.Mat
	bgSmall     gocv.Mat // CV_8UC3
	fg          gocv.Mat // CV_8U
	fg2         gocv.Mat // the foreground before its opening
	bedMask     gocv.Mat // CV_8U, 255 on the bed
	bm, fb, bgb []uint8  // the pixels of bedMask, fg and bgSmall (see views)
	sw, sh      int      // bgSmall's size
	labels      []int32  // connected-component label per view pixel (0: background)
	fgIdx       []int32  // the labelled pixels, to clear next frame
	parent      []int32  // union-find over provisional labels
	ccs         []ccStat // the components, numbered from 1 in lb
	remap       []int32  // scratch for label
	byComp      []int32  // the labelled pixels by component (see compPixels)
	compAt      []int32  // where each component's pixels begin in byComp (and the last end)
	compPos     []int32  // compPixels's scratch
	compKeep    []bool   // per component, whether distances fills it
	kern        gocv.Mat
	cands       []cand
	comps       []comp
	near        []int32       // nearerOther's and inOtherDisc's candidates (see othersNear)
	stats       []colourStats // per candidate found by the colour model, its colours if Detect judges it (see dropShadows)
	restVar     []float64     // per detection, the variance of a resting ball's centre (frame px²); 0 if moving
	// The view centres of the balls found in the last frame and in this
	// one, to tell a ball that moved since (see moved).
	seen, seenPrev [][2]float64
	// weakBlob's scratch: its window's mask and its fill's stack.
	weakMask  []uint8
	weakStack []int32

	mouthViews // the side pockets' mouths, looked at on their own (see mouthroom.go)
}

type cand struct {
	x, y, d  float64 // view px, distance-transform value
	r        float64 // expected radius here
	comp     int
	ok       bool
	moving   bool
	conf     float64
	fill     float64
	x0, y0   float64 // streak ends
	x1, y1   float64
	absorbed bool
	big      bool    // from a blob of several balls
	score    float64 // for ordering: distance-transform value or votes
	support  float64 // fraction of the outline with a radial edge
	weak     bool    // a blob's centroid, not a peak
	crossed  float64 // the confidence if a cue across it hides part of its outline
	jawHalf  bool    // half seen in a corner's jaws, its centre by halfInJaws
	// pairSup is circleSupport at (x, y) before the centroid refinement,
	// once pairSupDone (see pairSupport).
	pairSup     float64
	pairSupDone bool
}

type comp struct {
	x, y, w, h, area int
	cx, cy           float64
	r                float64 // expected ball radius at the centroid
	big              bool
	c0, c1           int // its candidates: d.cands[c0:c1]
}

// NewDetector prepares a detector for frames of the calibrated camera.
func NewDetector(c *calibration.Calibration, opts Options) (*Detector, error) {
	d, err := newDetector(c, opts, nil)
	if err != nil {
		return nil, err
	}
	d.addMouthViews()
	return d, nil
}

// newDetector prepares a detector whose view is the bed's region or, for
// mouth, the region round that pocket's mouth (see mouthRegion).
func newDetector(c *calibration.Calibration, opts Options, mouth *table.Pocket) (*Detector, error) {
	if c == nil {
		return nil, errors.New("vision: nil calibration")
	}
	if opts.MinConfidence == 0 {
		opts.MinConfidence = 0.3
	}
	d := &Detector{c: c, opts: opts, imgW: c.File.ImageSize[0], imgH: c.File.ImageSize[1]}
	d.litMouth = mouth != nil
	t := c.Table
	native := sphereRadiusPx(c, t.CenterSpot())
	if !(native > 0) || math.IsNaN(native) {
		return nil, errors.New("vision: the calibration gives no ball radius in pixels")
	}
	// The view: the frame's region around the bed, scaled so that a ball's
	// radius is about 6 px (never enlarged).
	bed := [4]table.Point{{}, {Y: t.W}, {X: t.L, Y: t.W}, {X: t.L}}
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	var rmax float64
	for _, p := range bed {
		q := c.BallToImage(p)
		minX, maxX = min(minX, q[0]), max(maxX, q[0])
		minY, maxY = min(minY, q[1]), max(maxY, q[1])
		rmax = max(rmax, sphereRadiusPx(c, p))
	}
	want := opts.RadiusPx
	if want == 0 {
		want = 6
	}
	// A whole-number reduction 1/n where it leaves a ball's radius between
	// want − 1.5 and want + 1.5 px: OpenCV then resizes by plain n×n averages, three
	// times faster than a fractional bilinear resize.
	d.k = min(1, want/max(native, 1))
	if n := math.Floor(native / (want - 1.5)); n >= 2 && native/n <= want+1.5 {
		d.k = 1 / n
	}
	pad := 1.5 * rmax
	minX, minY = max(0, math.Floor(minX-pad)), max(0, math.Floor(minY-pad))
	maxX, maxY = min(float64(d.imgW), math.Ceil(maxX+pad)), min(float64(d.imgH), math.Ceil(maxY+pad))
	if mouth != nil {
		minX, minY, maxX, maxY = d.mouthRegion(*mouth)
	}
	if maxX-minX < 16 || maxY-minY < 16 {
		return nil, errors.New("vision: the bed is not in the frame")
	}
	// Multiples of 8: the 1/8 cloth image is then an exact block average.
	d.ww = (int(math.Ceil((maxX-minX)*d.k)) + 7) &^ 7
	d.wh = (int(math.Ceil((maxY-minY)*d.k)) + 7) &^ 7
	// The view resamples a whole-pixel region of the frame (a plain resize of
	// a sub-image: several times faster than a general affine warp); its
	// size in the frame is the view's over k, kept inside the frame.
	fit := func(lo float64, n, size int) (int, int, int) {
		src := int(math.Round(float64(n) / d.k))
		for src > size {
			n -= 8
			src = int(math.Round(float64(n) / d.k))
		}
		o := int(lo)
		if o+src > size {
			o = size - src
		}
		return o, src, n
	}
	var sw0, sh0, x0, y0 int
	x0, sw0, d.ww = fit(minX, d.ww, d.imgW)
	y0, sh0, d.wh = fit(minY, d.wh, d.imgH)
	d.roi = image.Rect(x0, y0, x0+sw0, y0+sh0)
	d.ox, d.oy = float64(x0), float64(y0)
	d.kx, d.ky = float64(d.ww)/float64(sw0), float64(d.wh)/float64(sh0)
	if n := sw0 / d.ww; n >= 2 && sw0 == n*d.ww && sh0 == n*d.wh {
		d.whole = n
	}
	d.k = min(d.kx, d.ky)
	d.rw = native * d.k
	if opts.ClothBGR != nil {
		d.cloth, d.haveCloth = *opts.ClothBGR, true
	} else if c.File.ClothBGR != nil {
		d.cloth, d.haveCloth = *c.File.ClothBGR, true
	}
	// Expected radius, on a 4-pixel grid.
	d.rexp = make([]float32, d.ww*d.wh)
	for j := 0; j < d.wh; j += 4 {
		for i := 0; i < d.ww; i += 4 {
			r := float32(sphereRadiusPx(c, c.BallToTable(d.toImage(float64(i)+2, float64(j)+2))) * d.k)
			if !(r > 1) || r > float32(4*d.rw) {
				r = float32(d.rw)
			}
			for y := j; y < j+4 && y < d.wh; y++ {
				for x := i; x < i+4 && x < d.ww; x++ {
					d.rexp[y*d.ww+x] = r
				}
			}
		}
	}
	d.warp = gocv.NewMatWithSize(d.wh, d.ww, gocv.MatTypeCV8UC3)
	sw, sh := (d.ww+7)/8, (d.wh+7)/8
	d.small = gocv.NewMatWithSize(sh, sw, gocv.MatTypeCV8UC3)
	d.smallW = gocv.NewMatWithSize(sh, sw, gocv.MatTypeCV32F)
	d.smallF = gocv.NewMatWithSize(sh, sw, gocv.MatTypeCV32FC3)
	d.smallBlur = gocv.NewMatWithSize(sh, sw, gocv.MatTypeCV32FC3)
	d.smallWBlur = gocv.NewMatWithSize(sh, sw, gocv.MatTypeCV32F)
	d.bgSmall = gocv.NewMatWithSize(sh, sw, gocv.MatTypeCV8UC3)
	d.quiet = make([]bool, sw*sh)
	d.skip = make([]bool, sw*sh)
	d.fg = gocv.NewMatWithSize(d.wh, d.ww, gocv.MatTypeCV8U)
	d.fg2 = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), d.wh, d.ww, gocv.MatTypeCV8U)

	d.dt = make([]float32, d.ww*d.wh)
	d.dark = make([]uint8, d.ww*d.wh)
	d.acc2 = make([]float32, d.ww*d.wh)
	d.touched = make([]int32, 0, 1<<15)
	d.darkEdges = make([]int32, 3*max(d.ww, 1<<14))
	d.segPar = make([]int32, 6*d.ww)
	d.marked = make([]uint8, d.ww*d.wh)
	d.chamfer = make([]int32, d.ww*d.wh)
	d.labels = make([]int32, d.ww*d.wh)
	d.fgIdx = make([]int32, 0, 1<<14)
	d.kern = gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	d.bedMask = gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), d.wh, d.ww, gocv.MatTypeCV8U)
	// The bed: the cushion-nose rectangle seen at ball-centre height, less the
	// corner pockets' openings behind their mouths (their dark holes are not
	// balls; a ball hanging there is still seen by its part on the bed).
	// Seen from an angle, a cushion's face shows between the cloth line (z = 0)
	// and the nose line (z = nose height): the bed is where both agree.
	tmp := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(0, 0, 0, 0), d.wh, d.ww, gocv.MatTypeCV8U)
	defer tmp.Close()
	for _, z := range [2]float64{0, c.NoseHeight()} {
		var poly []image.Point
		add := func(p table.Point) {
			x, y := d.toView(c.ToImage(p, z))
			poly = append(poly, image.Pt(int(math.Round(x)), int(math.Round(y))))
		}
		for _, id := range [4]table.PocketID{table.HL, table.HR, table.FR, table.FL} {
			pk := t.Pocket(id)
			// Jaws in order around the rectangle (HL→HR→FR→FL runs along y, then x…).
			j0, j1 := pk.Jaws[0], pk.Jaws[1]
			switch id {
			case table.HL, table.FR:
				add(j1)
				add(j0)
			default:
				add(j0)
				add(j1)
			}
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		tmp.SetTo(gocv.NewScalar(0, 0, 0, 0))
		gocv.FillPoly(&tmp, pv, color.RGBA{255, 255, 255, 0})
		pv.Close()
		if z == 0 {
			tmp.CopyTo(&d.bedMask)
		} else {
			gocv.BitwiseAnd(tmp, d.bedMask, &d.bedMask)
		}
	}
	gocv.Erode(d.bedMask, &d.bedMask, d.kern)
	// Where the ring detector looks: the bed and each pocket's mouth to 2.5
	// ball radii in, where a ball hangs in the jaws over the dark hole.
	tmp.SetTo(gocv.NewScalar(0, 0, 0, 0))
	for _, pk := range t.Pockets() {
		var poly []image.Point
		in, out := pk.In.Scale(2.5*t.BallR), pk.In.Scale(-d.mouthFrontGap())
		for _, p := range [4]table.Point{pk.Jaws[0].Add(out), pk.Jaws[1].Add(out), pk.Jaws[1].Add(in), pk.Jaws[0].Add(in)} {
			x, y := d.toView(c.BallToImage(p))
			poly = append(poly, image.Pt(int(math.Round(x)), int(math.Round(y))))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		gocv.FillPoly(&tmp, pv, color.RGBA{255, 255, 255, 0})
		pv.Close()
	}
	gocv.BitwiseOr(tmp, d.bedMask, &tmp)
	rb, _ := tmp.DataPtrUint8()
	d.ringMask = append([]uint8(nil), rb...)
	d.acc = make([]float32, d.ww*d.wh)
	// Each row's span of bed pixels.
	bm, _ := d.bedMask.DataPtrUint8()
	d.span = make([]int, 2*d.wh)
	d.rspan = make([]int, 2*d.wh)
	for y := 0; y < d.wh; y++ {
		x0, x1 := d.ww, 0
		for x := 0; x < d.ww; x++ {
			if bm[y*d.ww+x] != 0 {
				x0, x1 = min(x0, x), x+1
			}
		}
		if x1 < x0 {
			x0, x1 = 0, 0
		}
		d.span[2*y], d.span[2*y+1] = x0, x1
		for x := 0; x < d.ww; x++ {
			if d.ringMask[y*d.ww+x] != 0 {
				x0, x1 = min(x0, x), max(x1, x+1)
			}
		}
		d.rspan[2*y], d.rspan[2*y+1] = x0, x1
	}
	d.offBed = make([]bool, len(d.skip))
	for i, v := range d.ringMask {
		if v != 0 && bm[i] == 0 {
			x, y := i%d.ww, i/d.ww
			d.offBed[(y>>3)*((d.ww+7)/8)+x>>3] = true
		}
	}
	d.views()
	d.cands = make([]cand, 0, 64)
	d.seen, d.seenPrev = make([][2]float64, 0, 64), make([][2]float64, 0, 64)
	d.ringVals = make([]float64, 0, 64*int(d.rw+2)*int(d.rw+2))
	d.comps = make([]comp, 0, 64)
	return d, nil
}

// toImage maps view pixel coordinates to frame pixels.
func (d *Detector) toImage(x, y float64) [2]float64 {
	return [2]float64{d.ox + (x+0.5)/d.kx - 0.5, d.oy + (y+0.5)/d.ky - 0.5}
}

// toView maps frame pixels to view pixel coordinates.
func (d *Detector) toView(q [2]float64) (float64, float64) {
	return (q[0]-d.ox+0.5)*d.kx - 0.5, (q[1]-d.oy+0.5)*d.ky - 0.5
}

// RadiusPx is the ball radius in the detector's view at the centre spot.
func (d *Detector) RadiusPx() float64 { return d.rw }

// Close frees the detector's images.
func (d *Detector) Close() error {
	d.closeMouthViews()
	for _, m := range []*gocv.Mat{&d.warp, &d.small, &d.smallW, &d.smallF, &d.smallBlur, &d.smallWBlur, &d.bgSmall, &d.fg, &d.fg2, &d.bedMask, &d.kern} {
		if m.Ptr() != nil {
			m.Close()
		}
	}
	return nil
}

// Detect finds the balls in frame (8-bit BGR, the calibrated size) and appends
// them to dst[:0].
func (d *Detector) Detect(frame gocv.Mat, dst []Detection) ([]Detection, error) {
	dst = dst[:0]
	d.restVar = d.restVar[:0]
	if frame.Empty() || frame.Type() != gocv.MatTypeCV8UC3 {
		return dst, errors.New("vision: need a non-empty 8-bit BGR frame")
	}
	if frame.Cols() != d.imgW || frame.Rows() != d.imgH {
		return dst, fmt.Errorf("vision: frame is %dx%d, the calibration is for %dx%d", frame.Cols(), frame.Rows(), d.imgW, d.imgH)
	}
	// The view is the frame's bed region, scaled (a bilinear resize of the
	// sub-image, or a copy when no scaling is needed). Lens distortion is left
	// to the calibration, which maps the found centres.
	if frame.IsContinuous() {
		// The frame itself, for what a reduced view loses: a resting ball's
		// outline and colours, a small highlight.
		d.frame, _ = frame.DataPtrUint8()
		defer func() { d.frame = nil }()
	}
	wb, err := d.warp.DataPtrUint8()
	if err != nil {
		return dst, fmt.Errorf("vision: %w", err)
	}
	if d.whole%2 == 1 && d.frame != nil {
		// An odd whole reduction samples whole pixels: read only those.
		subsample(d.frame[3*(d.roi.Min.Y*d.imgW+d.roi.Min.X):], 3*d.imgW, d.whole, d.ww, d.wh, wb)
	} else {
		roi := frame.Region(d.roi)
		if d.ww == d.roi.Dx() && d.wh == d.roi.Dy() {
			roi.CopyTo(&d.warp)
		} else {
			gocv.Resize(roi, &d.warp, image.Pt(d.ww, d.wh), 0, 0, gocv.InterpolationLinear)
		}
		roi.Close()
	}
	d.views()
	bm := d.bm
	if !d.haveCloth {
		d.learnCloth(wb, bm)
	}
	d.clothH, d.clothS, d.clothV = hsv(d.cloth[0], d.cloth[1], d.cloth[2])
	d.localCloth(wb, bm)
	d.segment(wb, bm)
	d.findCandidates(wb)
	// The last frame's balls, for refine's streaks and for moved.
	d.seenPrev, d.seen = d.seen, d.seenPrev[:0]
	d.refine(wb)
	d.cutAtMouth()
	d.halfInJaws()
	d.dropShadows(wb)
	d.ringCandidates(wb)
	d.darkInJaws(wb)
	fr := d.frame
	for i := range d.cands {
		k := &d.cands[i]
		if !k.ok || k.absorbed {
			continue
		}
		crossed := k.conf < d.opts.MinConfidence
		if crossed && k.crossed < d.opts.MinConfidence {
			continue
		}
		var st colourStats
		if i < len(d.stats) {
			st = d.stats[i]
		} else {
			st = d.colours(wb, k)
		}
		if st.n > 0 && st.clothLike > 0.42*st.n && k.support < 0.95 && !d.clothBallWhole(&st, k) {
			// Mostly the cloth's own colour: a lit cushion face, a fold, a
			// reflection — not a ball.
			continue
		}
		det := Detection{Ball: -1, RPx: k.r / d.k, Confidence: k.conf, Moving: k.moving}
		det.Class, det.Ball = st.classify()
		if det.Class == Eight && !k.moving && st.shadowEight() {
			// A ball's contact shadow, or one against a cushion's, not
			// the eight. Rendered matches had such phantom eights beside
			// resting balls for thousands of frames. (Those the colour
			// model found dropShadows dropped; these are the ring
			// detector's.)
			continue
		}
		if det.Class == Eight && k.moving && (k.comp < 0 || d.comps[k.comp].big) && st.blackSat-st.blackCloth > sleeveBlack*st.black {
			// A "streak" of a dark colour, not the eight's neutral black
			// nor the cloth's: a dark sleeve's end (a navy one stood for
			// an eight for seconds at a cushion in a rendered match).
			continue
		}
		if (det.Class == Solid && st.col > 0.5*st.m || det.Class == Stripe && det.Ball < 0) && st.sat < dullSat &&
			(k.comp < 0 || d.comps[k.comp].big) {
			// A dull colour, found by its ring or in a big blob: a hand,
			// a sleeve. A ball's colours are saturated.
			continue
		}
		if big := k.comp < 0 || d.comps[k.comp].big; big && !k.moving && (det.Class == Cue && st.skin > 0.5*st.white ||
			det.Class == Stripe && st.skin > 0.5*st.white && d.armSized(k) ||
			det.Ball < 0 && st.col > 0.3*st.m && st.hue >= 4 && st.hue <= 22 && st.sat < skinSat) {
			// At rest in a big blob, white but the pale orange of skin,
			// or coloured the dull orange of skin and no ball's colour: a
			// hand. (A streak's un-mixed colours are too rough to say.)
			continue
		}
		if crossed {
			// Only a ball's own clear colour speaks for a ball whose
			// outline is broken: black, maroon and unsure are also a
			// glove's, a hand's, a sleeve's.
			if det.Ball <= 0 || det.Ball == 7 || det.Ball == 8 || det.Ball == 15 {
				continue
			}
			if st.val < crossedLit || st.black > 0.2*st.m {
				// Unlit, or half black: a dark sleeve by a glove. A
				// ball under the cue still shows its lit side.
				continue
			}
			det.Confidence = k.crossed
		}
		if k.moving || d.moved(k) {
			// Kept as a ball by its colours at rest; named by them moving.
			st.moving = true
			det.Class, det.Ball = st.classify()
		}
		var blob [2]float64
		placed := false
		if st.moving && !k.jawHalf && d.clothColoured(&st, &det) {
			// A rolling ball of the cloth's colour: its blob may be a
			// scrap of it (see weakBlob).
			blob[0], blob[1], placed = d.clothBlob(wb, k.x, k.y, k.r)
		} else if !st.moving && !k.jawHalf && d.clothBandAtRest(&st, &det) {
			// A stripe of the cloth's colour at rest: its outline may be
			// its white cap's (see clothBandAtRest).
			blob[0], blob[1], placed = d.farBlob(wb, k.x, k.y, k.r)
		}
		// The centre last, for the balls kept only: the outline fit is the
		// dearest step per ball.
		px := d.toImage(k.x, k.y)
		v := 0.0
		if k.jawHalf {
			// Half of it past the bed's edge: its centre is halfInJaws's
			// (the outline fit takes the jaw's shade for its edge).
			v = 1
		} else if !k.moving && fr != nil {
			// (Only a ball still where it was a frame ago: a rolling ball's
			// ring is smeared behind it by the shutter, and the ring fit put
			// a green 6 rolling into a cushion at 330 mm/s 7-8 mm behind
			// itself: rendered 9-ball, seed 67, at 165.13 s.)
			clothy := det.Class != Cue && det.Class != Eight && det.Ball != 0 && det.Ball != 8 && st.col > 0 && hueDist(st.hue, d.clothH) <= clothBallHue &&
				(len(d.seenPrev) == 0 || d.seenNear(k.x, k.y, stillFrac*k.r))
			px, v = d.fitOutline(fr, i, px, det.Class == Eight || det.Ball == 8, clothy)
			// A weak candidate's clean circle may be its cap's or its
			// number's: it gives way to surer neighbours.
			v /= math.Max(det.Confidence*det.Confidence, 0.01)
		}
		det.Px, det.At = px, d.c.BallToTable(px)
		if placed {
			// Where its outline and its faint blob disagree, the outline
			// is a scrap's.
			if q := d.toImage(blob[0], blob[1]); d.c.BallToTable(q).Dist(det.At) > clothBlobOff {
				det.Px, det.At, v = q, d.c.BallToTable(q), 0
				k.x, k.y = blob[0], blob[1]
			}
		}
		dst = append(dst, det)
		d.restVar = append(d.restVar, v)
		d.seen = append(d.seen, [2]float64{k.x, k.y})
	}
	dst = d.clothBalls(wb, dst)
	d.separate(dst)
	return d.detectMouths(frame, dst)
}

// dropShadows reads the colours of the candidates the colour model found,
// those Detect judges (into d.stats, for it), and drops the shadows read as
// the eight (see shadowEight) before the ring detector looks for balls: one
// dropped only by Detect kept the ring detector from the ball beside it
// (nearFound). A ball at rest by a cushion shows part of its disc beyond the
// bed's edge, where the colour model does not look, and its blob takes in
// its shadow and the cushion's shade, darker there than the cloth the model
// expects: the blob's peak can lie in the shadow, a radius inwards of the
// ball, and its disc there reads as the eight. On the rendered 8-ball match
// of seed 21 the 15, 6 mm off the foot cushion, was read so as the eight
// 40 mm inwards one frame in four, and the cue ball, 3 mm off, two frames in
// three 5–20 mm inwards; with the shadow gone the ring detector finds either
// ball at its place.
func (d *Detector) dropShadows(wb []uint8) {
	d.stats = d.stats[:0]
	for i := range d.cands {
		k := &d.cands[i]
		var st colourStats
		if k.ok && !k.absorbed && (k.conf >= d.opts.MinConfidence || k.crossed >= d.opts.MinConfidence) {
			st = d.colours(wb, k)
			if c, _ := st.classify(); c == Eight && !k.moving && st.shadowEight() {
				k.ok = false
			}
		}
		d.stats = append(d.stats, st)
	}
}

// separate moves resting balls found overlapping apart: two balls' centres
// are at least a ball's width apart, and a dark crease between touching
// balls, or a ball's cap or stripe taken for its outline, can pull a fitted
// centre into its neighbour. Each of a pair is moved along the line between
// them by its share of the overlap, the one less sure of its centre (the
// larger variance) the more. Pairs closer than a radius are left alone: one
// of them is not a ball. Moving balls (streaks) are not moved, nor move others.
func (d *Detector) separate(dst []Detection) {
	t := d.c.Table
	w := 2 * t.BallR
	moved := false
	for pass := 0; pass < separatePasses; pass++ {
		again := false
		for i := range dst {
			vi := d.restVar[i]
			if vi <= 0 {
				continue
			}
			for j := i + 1; j < len(dst); j++ {
				vj := d.restVar[j]
				if vj <= 0 {
					continue
				}
				u := dst[j].At.Sub(dst[i].At)
				l := u.Len()
				if l >= w || l < t.BallR {
					continue
				}
				u = u.Scale((w - l) / l / (vi + vj))
				dst[i].At = dst[i].At.Sub(u.Scale(vi))
				dst[j].At = dst[j].At.Add(u.Scale(vj))
				again, moved = true, true
			}
		}
		if !again {
			break
		}
	}
	if moved {
		for i := range dst {
			if d.restVar[i] <= 0 {
				continue
			}
			// Pushed by a neighbour, a ball by a cushion still cannot sink
			// into it.
			if q := t.Clamp(dst[i].At); q != dst[i].At && d.alongCushion(q, 1.5*t.BallR) {
				dst[i].At = q
			}
			dst[i].Px = d.c.BallToImage(dst[i].At)
		}
	}
}

// sleeveBlack is the share of a streak's black pixels above which, of a
// saturated colour not the cloth's, they are a dark sleeve: 0.93 on a navy
// one, 0.29–0.48 on the rendered eights (at rest and rolling), whose black
// is neutral but for noise.
const sleeveBlack = 0.75

// separatePasses is how many times separate goes over the pairs: in a rack
// moving one pair apart presses each into its other neighbours.
const separatePasses = 12

// learnCloth takes the cloth colour as the per-channel median of the bed.
func (d *Detector) learnCloth(wb, bm []uint8) {
	var hist [3][256]int
	n := 0
	for i := 0; i < len(bm); i += 7 {
		if bm[i] == 0 {
			continue
		}
		for k := 0; k < 3; k++ {
			hist[k][wb[3*i+k]]++
		}
		n++
	}
	for k := 0; k < 3; k++ {
		s := 0
		for v := 0; v < 256; v++ {
			s += hist[k][v]
			if 2*s >= n {
				d.cloth[k] = float64(v)
				break
			}
		}
	}
	d.haveCloth = true
}

// localCloth builds d.bgSmall: the cloth colour near each pixel, from the pixels of a
// 1/8 image close to the cloth colour (a normalized convolution), so that light
// falling off across the bed and lamp hot spots are part of the cloth.
func (d *Detector) localCloth(wb, bm []uint8) {
	// The 1/8 image: the view's 8×8 block means (as an exact INTER_AREA
	// resize, which costs OpenCV more).
	sb, _ := d.small.DataPtrUint8()
	blockMeans(wb, d.ww, d.wh, sb)
	sw, _ := d.smallW.DataPtrFloat32()
	sf, _ := d.smallF.DataPtrFloat32()
	cb, cg, cr := d.cloth[0], d.cloth[1], d.cloth[2]
	cn := math.Sqrt(cb*cb+cg*cg+cr*cr) + 1
	for i := range sw {
		b, g, r := float64(sb[3*i]), float64(sb[3*i+1]), float64(sb[3*i+2])
		// Chroma: angle between the colour and the cloth colour; brightness may vary.
		n := math.Sqrt(b*b+g*g+r*r) + 1
		cos := (b*cb + g*cg + r*cr) / (n * cn)
		a := n / cn
		w := float32(0)
		if cos > 0.985 && a > 0.55 && a < 1.6 {
			w = 1
		}
		sw[i] = w
	}
	// Cells next to a non-cloth cell hold some ball (or shadow): leave them out.
	gocv.Erode(d.smallW, &d.smallWBlur, d.kern)
	sw2, _ := d.smallWBlur.DataPtrFloat32()
	for i := range sw {
		w := sw2[i]
		sw[i] = w
		sf[3*i], sf[3*i+1], sf[3*i+2] = float32(sb[3*i])*w, float32(sb[3*i+1])*w, float32(sb[3*i+2])*w
	}
	gocv.Blur(d.smallF, &d.smallBlur, image.Pt(7, 7))
	gocv.Blur(d.smallW, &d.smallWBlur, image.Pt(7, 7))
	bf, _ := d.smallBlur.DataPtrFloat32()
	wf, _ := d.smallWBlur.DataPtrFloat32()
	bs, _ := d.bgSmall.DataPtrUint8()
	for i := range wf {
		if wf[i] > 0.02 {
			for k := 0; k < 3; k++ {
				bs[3*i+k] = uint8(min(255, float64(bf[3*i+k]/wf[i])+0.5))
			}
		} else {
			bs[3*i], bs[3*i+1], bs[3*i+2] = uint8(cb), uint8(cg), uint8(cr)
		}
	}
	// Quiet blocks: an 8×8 block whose mean, and its eight neighbours'
	// means, are the local cloth colour to a few levels holds no ball, no
	// ball's shadow or shading ring and no hole: segment skips it.
	sw0, sh0 := d.small.Cols(), d.small.Rows()
	q := d.quiet
	for i := range q {
		dev := absInt(int(sb[3*i])-int(bs[3*i])) + absInt(int(sb[3*i+1])-int(bs[3*i+1])) + absInt(int(sb[3*i+2])-int(bs[3*i+2]))
		q[i] = dev <= quietDev
	}
	for y := 0; y < sh0; y++ {
		for x := 0; x < sw0; x++ {
			ok := true
			for yy := max(y-1, 0); yy <= min(y+1, sh0-1) && ok; yy++ {
				for xx := max(x-1, 0); xx <= min(x+1, sw0-1); xx++ {
					if !q[yy*sw0+xx] {
						ok = false
						break
					}
				}
			}
			d.skip[y*sw0+x] = ok
		}
	}
}

// quietDev is the largest difference (sum over B, G, R) between an 8×8
// block's mean and the local cloth colour for the block to be plain cloth.
const quietDev = 6

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// segment marks ball pixels in d.fg: pixels on the bed whose colour is not the
// local cloth colour, where a darker pixel of the cloth's chroma (a shadow) does
// not count.
func (d *Detector) segment(wb, bm []uint8) {
	// The local cloth colour is read from the 1/8 image, one value per 8×8
	// block (it is smooth: a 7×7 mean of that image). Only the bed's span of
	// each row is looked at; the rest of fg2 stays zero. A quiet block
	// (plain cloth) is passed whole; the others' pixels are worked by
	// segmentRows (see segscan.go).
	fb, _ := d.fg2.DataPtrUint8()
	d.segmentPixels(wb, bm, fb)
	gocv.MorphologyEx(d.fg2, &d.fg, gocv.MorphOpen, d.kern)
	d.fb, _ = d.fg.DataPtrUint8()
}

// findCandidates labels the foreground and puts ball candidates at the peaks of
// its distance transform.
func (d *Detector) findCandidates(wb []uint8) {
	d.cands = d.cands[:0]
	d.comps = d.comps[:0]
	lb := d.label()
	for _, cs := range d.ccs {
		cp := comp{
			x: cs.x0, y: cs.y0, w: cs.x1 - cs.x0 + 1, h: cs.y1 - cs.y0 + 1,
			area: cs.n, cx: float64(cs.sx) / float64(cs.n), cy: float64(cs.sy) / float64(cs.n),
		}
		area := cs.n
		rc := float64(d.rexp[int(cp.cy)*d.ww+int(cp.cx)])
		cp.r = rc
		// Several balls in one blob (touching, a rack): split it along the
		// colour edges and dark crevices between them.
		cp.big = float64(area) > 1.8*math.Pi*rc*rc
		d.comps = append(d.comps, cp)
	}
	d.compPixels(lb)
	d.distances(lb)
	for ci := range d.comps {
		cp := d.comps[ci]
		rc := cp.r
		if float64(cp.area) < 0.3*math.Pi*rc*rc {
			continue
		}
		sep := 1.5
		start := len(d.cands)
		if cp.big {
			// Seen from an angle, balls in a cluster overlap in the image.
			sep = 1.15
			// Several balls in one blob (touching, a rack): their centres are
			// where the blob's edges vote at one ball radius. These come
			// first; the distance-transform peaks below fill in what they miss.
			d.houghSplit(wb, lb, ci)
		}
		// Local maxima of the distance transform inside the component.
		d.dtPeaks(ci, 0.55)
		if len(d.cands) == start && !cp.big && float64(cp.area) > 0.45*math.Pi*rc*rc &&
			float64(max(cp.w, cp.h)) < 2.6*rc {
			// A ball-sized blob without a clear centre (a ball of nearly the
			// cloth's colour, seen by its number, stripe and outline): its
			// centroid, to be judged by its outline.
			d.cands = append(d.cands, cand{x: cp.cx, y: cp.cy, d: 0.8 * rc, score: 0.5, r: rc, comp: ci, weak: true})
		}
		cs := d.cands[start:]
		// Strongest first (insertion sort: no allocation).
		for a := 1; a < len(cs); a++ {
			for b := a; b > 0 && cs[b].score > cs[b-1].score; b-- {
				cs[b], cs[b-1] = cs[b-1], cs[b]
			}
		}
		// Greedy suppression: a peak closer than sep·r to a stronger one is the
		// same ball (or part of a plateau); peaks far above a ball's radius are
		// not a ball (an arm, a hand) and take their surroundings with them.
		kept := start
		for a := range cs {
			k := cs[a]
			drop := false
			for b := start; b < kept; b++ {
				o := &d.cands[b]
				lim := sep * o.r
				if !o.big && o.d > 1.35*o.r {
					lim = o.d + 0.8*o.r
				}
				if dx, dy := k.x-o.x, k.y-o.y; dx*dx+dy*dy < lim*lim {
					drop = true
					break
				}
			}
			if !drop {
				d.cands[kept] = k
				kept++
			}
		}
		d.cands = d.cands[:kept]
		d.comps[ci].c0, d.comps[ci].c1 = start, kept
	}
}

// splitEdge is the colour gradient (sum over B, G, R of |∂x| + |∂y|, central
// differences) above which a pixel inside a blob of several balls is taken as a
// boundary between two of them.
const splitEdge = 90

// refine moves each candidate to the centroid of its own ball pixels, checks its
// shape against a ball's disc, merges motion streaks and scores it.
func (d *Detector) refine(wb []uint8) {
	df1 := d.dt
	fb, bm := d.fb, d.bm
	for i := range d.cands {
		k := &d.cands[i]
		k.ok = k.big || k.d <= 1.35*k.r
	}
	// Streaks: two peaks of one component joined by a ridge of the distance
	// transform (no waist between them) are one moving ball.
	for i := range d.cands {
		a := &d.cands[i]
		if !a.ok || a.absorbed {
			continue
		}
		a.x0, a.y0, a.x1, a.y1 = a.x, a.y, a.x, a.y
		for j := i + 1; j < len(d.cands); j++ {
			b := &d.cands[j]
			if !b.ok || b.absorbed || b.comp != a.comp {
				continue
			}
			if (a.big || b.big) && (d.pairSupport(wb, a) >= 0.85 || d.pairSupport(wb, b) >= 0.85 ||
				d.darkAlong(wb, a.x, a.y, b.x, b.y)) {
				// Two balls of a cluster, each with its round outline. A
				// fast streak is as large as a cluster, but not round; and
				// it is lighter than the cloth (the break's cue ball), where
				// a dark glove on the bridge hand is not a ball's streak.
				continue
			}
			df := df1
			dd := math.Hypot(b.x-a.x0, b.y-a.y0)
			de := math.Hypot(b.x-a.x1, b.y-a.y1)
			ex, ey := a.x1, a.y1
			if dd < de {
				ex, ey = a.x0, a.y0
			}
			if min(dd, de) > 3.2*a.r || min(a.d, b.d) < streakMinD*a.r {
				// Too far apart, or one of them narrower than a ball's
				// streak (a finger, a cue).
				continue
			}
			// Minimum of the distance transform along the segment.
			minv := math.Inf(1)
			steps := int(max(dd, de)) + 1
			for s := 0; s <= steps; s++ {
				t := float64(s) / float64(steps)
				x, y := int(ex+t*(b.x-ex)+0.5), int(ey+t*(b.y-ey)+0.5)
				minv = min(minv, float64(df[y*d.ww+x]))
			}
			if minv >= 0.72*min(a.d, b.d) {
				if d.shadowLike(wb, a.x, a.y, 0.5*a.r) != d.shadowLike(wb, b.x, b.y, 0.5*b.r) {
					// One end is the cloth in shade, the other is not: a
					// ball at rest and its shadow run into a cushion's,
					// not one ball's streak, whose ends are alike.
					continue
				}
				// A ball seen a frame ago about the middle of the two is
				// still there: they are two peaks of its blob (its
				// number's circle, its parts either side of an arm), not
				// a streak's ends, which come of a ball that moved twice
				// their distance since (the shutter is open half the
				// frame). It is fitted to its outline as a ball at rest
				// (see seenNear).
				fx, fy := a.x0+a.x1-ex, a.y0+a.y1-ey
				still := d.seenNear(0.5*(fx+b.x), 0.5*(fy+b.y), 0.5*math.Hypot(b.x-fx, b.y-fy))
				b.absorbed = true
				if ex == a.x0 && ey == a.y0 {
					a.x0, a.y0 = b.x, b.y
				} else {
					a.x1, a.y1 = b.x, b.y
				}
				a.moving = a.moving || !still
			}
		}
	}
	// Centroid refinement: the foreground within r+1 of the candidate that is
	// nearer to it than to any other candidate.
	for it := 0; it < 2; it++ {
		for i := range d.cands {
			k := &d.cands[i]
			if !k.ok || k.absorbed {
				continue
			}
			r1 := k.r + 1
			if k.moving {
				// A streak: its centre is the mid-point of its ends; its fill is
				// the foreground within a radius of the segment between them.
				k.x, k.y = (k.x0+k.x1)/2, (k.y0+k.y1)/2
				k.fill = d.streakFill(k)
				continue
			}
			var sx, sy, n, all, out float64
			// Alone in its blob, no other candidate can be nearer; nor can
			// one further than 2 (r+1) away (nor, by a margin of a pixel,
			// one at just that distance).
			others := d.comps[k.comp].c1-d.comps[k.comp].c0 > 1
			if others {
				others = d.othersNear(i, k.x-r1, k.y-r1, k.x+r1, k.y+r1, r1+1, false)
			}
			x0, x1 := int(k.x-r1), int(k.x+r1+1)
			y0, y1 := int(k.y-r1), int(k.y+r1+1)
			for y := y0; y <= y1; y++ {
				xa, xb, ok := discSpan(k.x, float64(y)-k.y, r1)
				if !ok {
					continue
				}
				for x := max(x0, xa); x <= min(x1, xb); x++ {
					if x < 0 || y < 0 || x >= d.ww || y >= d.wh {
						continue
					}
					fx, fy := float64(x)-k.x, float64(y)-k.y
					if fx*fx+fy*fy > r1*r1 {
						continue
					}
					if others && d.nearerOther(i, float64(x), float64(y)) {
						continue
					}
					j := y*d.ww + x
					if bm[j] == 0 {
						out++
						continue
					}
					all++
					if fb[j] != 0 {
						sx += float64(x)
						sy += float64(y)
						n++
					}
				}
			}
			if n == 0 {
				k.ok = false
				continue
			}
			if out < 0.1*(all+out) {
				// Fully on the bed: the centroid is the centre.
				k.x, k.y = sx/n, sy/n
			}
			k.fill = n / max(all, 1)
		}
	}
	// A ball's outline is an edge almost all round; a hand, an arm or a cue
	// shows edges only on some sides (a streak is not round: not asked).
	for i := range d.cands {
		if k := &d.cands[i]; k.ok && !k.absorbed && !k.moving {
			k.support = d.circleSupport(wb, k.x, k.y, k.r)
		}
	}
	// Scores: how well a disc of the ball's radius fits; the ring just outside
	// must be cloth or other balls, not an unexplained object (arm, cue).
	for i := range d.cands {
		k := &d.cands[i]
		if !k.ok || k.absorbed {
			continue
		}
		var ringN, ringFg float64
		rw := k.r
		ro, ri := rw+3.5, rw+1.5
		// The ring is round the ball, or round a streak's whole segment
		// (round its mid-point it would lie on the streak itself).
		sx0, sy0, sx1, sy1 := k.x, k.y, k.x, k.y
		if k.moving {
			sx0, sy0, sx1, sy1 = k.x0, k.y0, k.x1, k.y1
		}
		others := d.comps[k.comp].c1-d.comps[k.comp].c0 > 1
		if others {
			// The others whose discs can reach the ring's box.
			others = d.othersNear(i, min(sx0, sx1)-ro, min(sy0, sy1)-ro, max(sx0, sx1)+ro+1, max(sy0, sy1)+ro+1, 1, true)
		}
		for y := int(min(sy0, sy1) - ro); y <= int(max(sy0, sy1)+ro+1); y++ {
			xs, xe := int(min(sx0, sx1)-ro), int(max(sx0, sx1)+ro+1)
			if !k.moving {
				// Round a ball at rest, only the ring's outer chord.
				xa, xb, ok := discSpan(sx0, float64(y)-sy0, ro)
				if !ok {
					continue
				}
				xs, xe = max(xs, xa), min(xe, xb)
			}
			for x := xs; x <= xe; x++ {
				if x < 0 || y < 0 || x >= d.ww || y >= d.wh {
					continue
				}
				// Round a ball at rest its centre is the segment: the
				// plain distance, without a call per pixel.
				fx, fy := float64(x)-sx0, float64(y)-sy0
				r2 := fx*fx + fy*fy
				if k.moving {
					r2 = segDist2(float64(x), float64(y), sx0, sy0, sx1, sy1)
				}
				if r2 > ro*ro || r2 < ri*ri {
					continue
				}
				j := y*d.ww + x
				if bm[j] == 0 {
					continue
				}
				ringN++
				if others && d.inOtherDisc(float64(x), float64(y)) {
					continue
				}
				if fb[j] != 0 {
					ringFg++
				}
			}
		}
		ring := 0.0
		if ringN > 0 {
			ring = ringFg / ringN
		}
		size := min(k.d/rw, 1)
		if k.comp >= 0 {
			if cp := d.comps[k.comp]; !cp.big && cp.c1-cp.c0 == 1 {
				// The only ball of a ball-sized blob whose middle is ragged (a
				// ball of nearly the cloth's colour): its area speaks for it.
				size = max(size, 0.8*min(1, math.Sqrt(float64(cp.area)/(math.Pi*rw*rw))))
			}
		}
		if k.moving {
			// A ball's streak is as wide as the ball all along (blur runs
			// along the motion only); a cue and its shadow, or fingers,
			// are narrower.
			size = 0.5 + 0.3*clamp01((k.d/rw-streakMinD)/0.2)
			if k.comp >= 0 {
				// The streak must be most of its blob: a streak inside a
				// larger blob is a hand or an arm with a ball-wide part.
				cp := d.comps[k.comp]
				want := math.Pi*rw*rw + 2*rw*math.Hypot(k.x1-k.x0, k.y1-k.y0)
				if r := want / float64(cp.area); r < 0.7 {
					size = min(size, 0.5+0.3*clamp01((r-0.4)/0.3))
				}
			}
		}
		sup, crossed := 1.0, 0.0
		if !k.moving {
			sup = clamp01((k.support - 0.85) / 0.1)
			if k.d >= 0.95*rw && k.fill >= 0.85 {
				// A whole ball's width of foreground: a cue across it
				// may hide two arcs of its outline. Detect decides by
				// its colour (a palm is as wide).
				crossed = clamp01((k.support - 0.7) / 0.1)
			}
		}
		if !k.moving && k.comp >= 0 && k.d < 0.8*rw && d.handLike(i) {
			// Part of a ragged blob (a hand, an arm) with nothing round
			// in it, and narrower than a ball: a knuckle or a finger.
			size = min(size, 0.5)
		}
		if k.weak && k.support >= 0.95 {
			// A ball of nearly the cloth's colour shows as a ragged blob but
			// a sharp round outline: the outline speaks for it.
			size = 1
		}
		base := clamp01(k.fill) * (1 - clamp01((ring-0.15)/0.5)) * clamp01((size-0.5)/0.3)
		k.conf = base * sup
		k.crossed = base * crossed
	}
}

// pairSupport is k's circleSupport where the streak pass sees it (its
// centre does not move until the centroid refinement after it). The pass
// asks it of every pair of a blob's candidates, and an arm's blob holds
// dozens: each is worked out once.
func (d *Detector) pairSupport(wb []uint8, k *cand) float64 {
	if !k.pairSupDone {
		k.pairSup, k.pairSupDone = d.circleSupport(wb, k.x, k.y, k.r), true
	}
	return k.pairSup
}

// handLike says whether candidate i's blob is arm-sized, or big and none of
// its other candidates has a ball's round outline.
func (d *Detector) handLike(i int) bool {
	cp := d.comps[d.cands[i].comp]
	if !cp.big {
		return false
	}
	if float64(cp.area) > armBalls*math.Pi*cp.r*cp.r {
		return true
	}
	for j := cp.c0; j < cp.c1; j++ {
		o := &d.cands[j]
		if j != i && o.ok && !o.absorbed && (o.moving || o.support >= 0.85) {
			return false
		}
	}
	return true
}

// segDist2 is the squared distance from (x, y) to the segment from (x0, y0) to
// (x1, y1) (a point when they are equal): how far a pixel is from a streak.
func segDist2(x, y, x0, y0, x1, y1 float64) float64 {
	vx, vy := x1-x0, y1-y0
	t := 0.0
	if l2 := vx*vx + vy*vy; l2 > 0 {
		t = clamp01(((x-x0)*vx + (y-y0)*vy) / l2)
	}
	fx, fy := x-(x0+t*vx), y-(y0+t*vy)
	return fx*fx + fy*fy
}

func clamp01(v float64) float64 { return min(1, max(0, v)) }

// othersNear puts in d.near the other candidates of candidate i's blob
// (those nearerOther and inOtherDisc look at: kept, not absorbed) that can
// matter to a pixel in the box [x0, x1]×[y0, y1]: whose centre lies within
// pad of it or, with disc, whose disc (a streak's whole segment) of radius
// r + 1.5 reaches within pad of it. Both run for every pixel round a
// candidate, and a blob (an arm with its hand) can hold dozens of them. It
// says whether there is any.
func (d *Detector) othersNear(i int, x0, y0, x1, y1, pad float64, disc bool) bool {
	d.near = d.near[:0]
	cp := &d.comps[d.cands[i].comp]
	for j := cp.c0; j < cp.c1; j++ {
		o := &d.cands[j]
		if j == i || !o.ok || o.absorbed {
			continue
		}
		ox0, oy0, ox1, oy1, p := o.x, o.y, o.x, o.y, pad
		if disc {
			p += o.r + 1.5
			if o.moving {
				ox0, oy0, ox1, oy1 = min(o.x0, o.x1), min(o.y0, o.y1), max(o.x0, o.x1), max(o.y0, o.y1)
			}
		}
		if ox1 < x0-p || ox0 > x1+p || oy1 < y0-p || oy0 > y1+p {
			continue
		}
		d.near = append(d.near, int32(j))
	}
	return len(d.near) > 0
}

// nearerOther says whether a candidate in d.near (see othersNear) is nearer
// to (x, y) than candidate i.
func (d *Detector) nearerOther(i int, x, y float64) bool {
	k := &d.cands[i]
	dk := (x-k.x)*(x-k.x) + (y-k.y)*(y-k.y)
	for _, j := range d.near {
		o := &d.cands[j]
		if (x-o.x)*(x-o.x)+(y-o.y)*(y-o.y) < dk {
			return true
		}
	}
	return false
}

// inOtherDisc says whether (x, y) lies in the disc (a streak's, round its
// segment) of radius r + 1.5 of a candidate in d.near (see othersNear).
func (d *Detector) inOtherDisc(x, y float64) bool {
	for _, j := range d.near {
		o := &d.cands[j]
		r := o.r + 1.5
		if o.moving {
			if segDist2(x, y, o.x0, o.y0, o.x1, o.y1) < r*r {
				return true
			}
			continue
		}
		if (x-o.x)*(x-o.x)+(y-o.y)*(y-o.y) < r*r {
			return true
		}
	}
	return false
}

// sphereRadiusPx is the radius of a ball's outline at p: a sphere's outline is
// not foreshortened like the cloth under it, so it is the largest of the
// distances from its centre's image to the images of four points on its equator.
func sphereRadiusPx(c *calibration.Calibration, p table.Point) float64 {
	r := c.Table.BallR
	ctr := c.BallToImage(p)
	var m float64
	for _, dd := range [4]table.Point{{X: r}, {X: -r}, {Y: r}, {Y: -r}} {
		q := c.BallToImage(p.Add(dd))
		m = max(m, math.Hypot(q[0]-ctr[0], q[1]-ctr[1]))
	}
	return m
}

// streakFill is the fraction of the bed within a radius of a streak's segment
// that is foreground.
func (d *Detector) streakFill(k *cand) float64 {
	fb, bm := d.fb, d.bm
	r := k.r
	var n, all float64
	for y := int(min(k.y0, k.y1) - r); y <= int(max(k.y0, k.y1)+r+1); y++ {
		for x := int(min(k.x0, k.x1) - r); x <= int(max(k.x0, k.x1)+r+1); x++ {
			if x < 0 || y < 0 || x >= d.ww || y >= d.wh {
				continue
			}
			if segDist2(float64(x), float64(y), k.x0, k.y0, k.x1, k.y1) > r*r {
				continue
			}
			j := y*d.ww + x
			if bm[j] == 0 {
				continue
			}
			all++
			if fb[j] != 0 {
				n++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return n / all
}

// houghSplit finds the balls of a blob of several (touching balls, a rack) with a
// circle Hough transform at the known radius: every edge pixel of the blob (a
// colour edge against the cloth or a neighbouring ball, or the dark crevice
// between two) votes at one radius along its gradient, both ways; the ball
// centres collect the votes of their whole outline.
func (d *Detector) houghSplit(wb []uint8, lb []int32, ci int) {
	cp := d.comps[ci]
	c := int32(ci + 1)
	w := d.ww
	pad := int(cp.r) + 3
	x0, y0 := max(cp.x-pad, 1), max(cp.y-pad, 1)
	x1, y1 := min(cp.x+cp.w+pad, d.ww-1), min(cp.y+cp.h+pad, d.wh-1)
	acc := d.acc
	for y := y0; y < y1; y++ {
		clear(acc[y*w+x0 : y*w+x1])
	}
	vote := func(x, y float64) {
		xi, yi := int(x), int(y)
		if xi < x0 || yi < y0 || xi >= x1-1 || yi >= y1-1 {
			return
		}
		fx, fy := float32(x-float64(xi)), float32(y-float64(yi))
		i := yi*w + xi
		acc[i] += (1 - fx) * (1 - fy)
		acc[i+1] += fx * (1 - fy)
		acc[i+w] += (1 - fx) * fy
		acc[i+w+1] += fx * fy
	}
	xa, xb := max(cp.x-1, 1), min(cp.x+cp.w+1, w-1)
	for y := max(cp.y-1, 1); y < min(cp.y+cp.h+1, d.wh-1); y++ {
		// The rows above, at and below y over [xa−1, xb+1), as slices:
		// the arm's blob has thousands of pixels, each read with few
		// bounds checks.
		lu, lm, ld := lb[(y-1)*w+xa-1:(y-1)*w+xb+1], lb[y*w+xa-1:y*w+xb+1], lb[(y+1)*w+xa-1:(y+1)*w+xb+1]
		for x := xa; x < xb; x++ {
			k := x - xa + 1
			// The blob and its one-pixel rim.
			if lm[k] != c && lm[k-1] != c && lm[k+1] != c && lu[k] != c && ld[k] != c {
				continue
			}
			i := y*w + x
			// The largest over B, G, R of the gradient's squared size
			// (the first channel of the largest on a tie).
			h, u, v := wb[3*(i-1):3*(i-1)+9], wb[3*(i-w):3*(i-w)+3], wb[3*(i+w):3*(i+w)+3]
			bx, by := int32(h[6])-int32(h[0]), int32(v[0])-int32(u[0])
			best := bx*bx + by*by
			if gx, gy := int32(h[7])-int32(h[1]), int32(v[1])-int32(u[1]); gx*gx+gy*gy > best {
				best, bx, by = gx*gx+gy*gy, gx, gy
			}
			if gx, gy := int32(h[8])-int32(h[2]), int32(v[2])-int32(u[2]); gx*gx+gy*gy > best {
				best, bx, by = gx*gx+gy*gy, gx, gy
			}
			if best < houghEdge*houghEdge {
				continue
			}
			n := math.Sqrt(float64(best))
			r := float64(d.rexp[i])
			ux, uy := float64(bx)/n*r, float64(by)/n*r
			vote(float64(x)+ux, float64(y)+uy)
			vote(float64(x)-ux, float64(y)-uy)
		}
	}
	// Peaks of the 3×3 sums of votes, at the blob's pixels inside the box
	// less its border.
	df := d.dt
	for _, i32 := range d.pixelsOf(ci) {
		i := int(i32)
		// Too near the blob's edge to be a ball's centre (the cheapest test
		// first).
		r := float64(d.rexp[i])
		if float64(df[i]) < 0.5*r {
			continue
		}
		if i < 2*w+2 || i+2*w+2 >= len(acc) {
			// Within two rows of the view's top or bottom: outside the box.
			continue
		}
		v := sum9(acc, i, w)
		if float64(v) < 0.3*2*math.Pi*r {
			continue
		}
		if sum9(acc, i-1, w) > v || sum9(acc, i+1, w) > v || sum9(acc, i-w, w) > v || sum9(acc, i+w, w) > v ||
			sum9(acc, i-w-1, w) >= v || sum9(acc, i-w+1, w) >= v || sum9(acc, i+w-1, w) > v || sum9(acc, i+w+1, w) > v {
			continue
		}
		x, y := i%w, i/w
		if x <= x0 || y <= y0 || x >= x1-1 || y >= y1-1 {
			continue
		}
		d.cands = append(d.cands, cand{x: float64(x), y: float64(y), d: float64(df[i]), score: 10 + float64(v)/(2*math.Pi*r), r: r, comp: ci, big: true})
	}
}

// houghEdge is the colour gradient (the largest over B, G, R of the central
// difference's magnitude) of an edge pixel that votes.
const houghEdge = 24

func sum9(a []float32, i, w int) float32 {
	// Row by row, left to right (the order fixes the float sum), each row a
	// slice: three bounds checks, not nine.
	u, m, l := a[i-w-1:i-w+2], a[i-1:i+2], a[i+w-1:i+w+2]
	return u[0] + u[1] + u[2] + m[0] + m[1] + m[2] + l[0] + l[1] + l[2]
}

// circleSupport is the fraction of 32 points on the circle of radius r about
// (x, y) where the frame has an edge across the circle: a colour gradient of at
// least houghEdge/2 pointing within 45° of the radius. A ball's outline is such
// an edge almost all round (against the cloth or a neighbour); the side of an
// arm or a cue is one only on two opposite arcs.
func (d *Detector) circleSupport(wb []uint8, x, y, r float64) float64 {
	return d.circleSupportIn(wb, d.bm, x, y, r)
}

// circleSupportIn is circleSupport asking only the points where mask is set.
func (d *Detector) circleSupportIn(wb, bm []uint8, x, y, r float64) float64 {
	w := d.ww
	n, all := 0, 0
	for k := 0; k < 32; k++ {
		c, s := circle32[k][0], circle32[k][1]
		xi, yi := int(x+r*c+0.5), int(y+r*s+0.5)
		if xi < 1 || yi < 1 || xi >= d.ww-1 || yi >= d.wh-1 || bm[yi*w+xi] == 0 {
			// Off the bed (a ball in the jaws, frozen to a cushion): not asked.
			continue
		}
		all++
		// Is there an edge of at least houghEdge/2 in some channel, one pixel
		// in or out along the radius, within 45° of it (cos > 0.7)? In
		// squares: no square root per pixel.
		found := false
		for dd := -1; dd <= 1 && !found; dd++ {
			xj, yj := int(x+(r+float64(dd))*c+0.5), int(y+(r+float64(dd))*s+0.5)
			if xj < 1 || yj < 1 || xj >= d.ww-1 || yj >= d.wh-1 {
				continue
			}
			i := yj*w + xj
			for ch := 0; ch < 3; ch++ {
				gx := float64(int32(wb[3*(i+1)+ch]) - int32(wb[3*(i-1)+ch]))
				gy := float64(int32(wb[3*(i+w)+ch]) - int32(wb[3*(i-w)+ch]))
				m2 := gx*gx + gy*gy
				if m2 < houghEdge*houghEdge/4 {
					continue
				}
				if p := gx*c + gy*s; p*p > 0.49*m2 {
					found = true
					break
				}
			}
		}
		if found {
			n++
		}
	}
	if all < 12 {
		return 1
	}
	return float64(n) / float64(all)
}

var circle32 = func() (t [32][2]float64) {
	for k := range t {
		a := 2 * math.Pi * float64(k) / 32
		t[k] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return t
}()

// darkAlpha is the brightness ratio (×1024) to the local cloth below which a
// bed pixel is dark: a shadow, a ball's shaded limb, a pocket's hole.
const darkAlpha = 870

// armSized says whether candidate k lies in a blob of an arm's size.
func (d *Detector) armSized(k *cand) bool {
	if k.comp < 0 {
		return false
	}
	cp := &d.comps[k.comp]
	return float64(cp.area) > armBalls*math.Pi*cp.r*cp.r
}

// skinSat is the saturation under which an orange is skin's, not a ball's.
const skinSat = 145

// crossedLit is the least value (upper quartile of its coloured pixels) of a
// ball accepted with a cue across it: its lit side.
const crossedLit = 90

// armBalls is the size, in ball areas, from which a blob is an arm (with its
// hand and cue): a full rack with its shadows is some 26, an arm 50 or more.
const armBalls = 35

// dullSat is the median saturation (0–255) below which a colour is no ball's.
const dullSat = 120

// ringVote casts the vote of the dark pixel i at (x, y), which lies on an
// edge towards something brighter (segment found its brightness gradient
// (gx, gy), of squared size m2, at least ringEdge): at 0.85 radius along the
// gradient.
func (d *Detector) ringVote(i, x, y int, gx, gy, m2 int32) {
	w := d.ww
	n := math.Sqrt(float64(m2))
	r := 0.85 * float64(d.rexp[i])
	vx, vy := float64(x)+float64(gx)/n*r, float64(y)+float64(gy)/n*r
	xi, yi := int(vx), int(vy)
	if xi < 1 || yi < 1 || xi >= w-2 || yi >= d.wh-2 || len(d.touched)+4 > cap(d.touched) {
		return
	}
	fx, fy := float32(vx-float64(xi)), float32(vy-float64(yi))
	j := yi*w + xi
	// The four cells' marks and votes: this row's two and the next's, as
	// slices (one bounds check each pair).
	mk, tc := d.marked, d.touched
	m0, m1 := mk[j:j+2], mk[j+w:j+w+2]
	if m0[0] == 0 {
		m0[0] = 1
		tc = append(tc, int32(j))
	}
	if m0[1] == 0 {
		m0[1] = 1
		tc = append(tc, int32(j+1))
	}
	if m1[0] == 0 {
		m1[0] = 1
		tc = append(tc, int32(j+w))
	}
	if m1[1] == 0 {
		m1[1] = 1
		tc = append(tc, int32(j+w+1))
	}
	d.touched = tc
	a0, a1 := d.acc2[j:j+2], d.acc2[j+w:j+w+2]
	a0[0] += (1 - fx) * (1 - fy)
	a0[1] += fx * (1 - fy)
	a1[0] += (1 - fx) * fy
	a1[1] += fx * fy
}

// ringCandidates finds the balls the colour model cannot see: a ball of nearly
// the cloth's own colour (green on green, maroon on red) or one sitting in a
// pocket's mouth shows as a dark ring (its shaded limb and contact shadow, or
// the hole) round a lit middle. Every dark pixel on an edge towards something
// brighter votes at 0.85 radius along its gradient; the centres of such rings
// collect the votes of their whole inner edge, where a shadow's or a hole's
// edges (facing outwards, to the cloth) spread theirs. A peak becomes a ball
// when it is far from every ball already found, its middle is brighter than
// its ring, and the frame has a round edge there almost all round.
func (d *Detector) ringCandidates(wb []uint8) {
	w := d.ww
	acc := d.acc2
	base := len(d.cands)
	bm := d.bm
	for _, j32 := range d.touched {
		// Votes fall 1 px or more inside the view (see ringVote), so the
		// sum is safe to take before the border test; most sums are too
		// small, and the division for x and y is left for the others.
		i := int(j32)
		v := sum9(acc, i, w)
		r := float64(d.rexp[i])
		if float64(v) < ringShadeVotes*2*math.Pi*r {
			continue
		}
		x, y := i%w, i/w
		if x < 2 || y < 2 || x >= w-2 || y >= d.wh-2 {
			continue
		}
		if sum9(acc, i-1, w) > v || sum9(acc, i+1, w) > v || sum9(acc, i-w, w) > v || sum9(acc, i+w, w) > v ||
			sum9(acc, i-w-1, w) >= v || sum9(acc, i-w+1, w) >= v || sum9(acc, i+w-1, w) > v || sum9(acc, i+w+1, w) > v {
			continue
		}
		// Sub-pixel: the centroid of the 3×3 votes.
		var sx, sy float64
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				a := float64(acc[i+dy*w+dx])
				sx += a * float64(dx)
				sy += a * float64(dy)
			}
		}
		cx, cy := float64(x)+sx/float64(v), float64(y)+sy/float64(v)
		// A ring short of ringVotes is a ball only by a cushion, its ring
		// broken by the cushion's shade (ringShadeVotes).
		shaded := float64(v) < ringVotes*2*math.Pi*r
		if shaded && !d.byCushion(cx, cy) {
			continue
		}
		// Found already, unless only as a scrap: the colour model's
		// weak candidates at rest (see ringOverWeak) give way to a clear
		// ring.
		scrap := false
		if d.nearFound(cx, cy, 1.6*r, base) {
			if d.nearFoundBy(cx, cy, 1.6*r, base, ringOverWeak) {
				continue
			}
			scrap = true
		}
		if d.pastMouth(cx, cy) {
			continue
		}
		minConf := d.opts.MinConfidence // of the balls found about it
		if scrap {
			minConf = ringOverWeak
		}
		inCluster := d.nearFoundBy(cx, cy, 2.6*r, base, minConf)
		if !d.litMiddle(wb, cx, cy, r, inCluster) || !d.highlightBy(wb, cx, cy, r, minConf) {
			continue
		}
		if !inCluster && d.walledIn(cx, cy, r) {
			// A patch of cloth walled in by dark shapes (a player's body
			// and head over the table), not a ball ringed by its limb
			// and shadow with the cloth beyond.
			continue
		}
		if c := int(cy+0.5)*w + int(cx+0.5); bm[c] != 0 && d.labels[c] > 0 &&
			float64(d.ccs[d.labels[c]-1].n) > armBalls*math.Pi*r*r && d.fgFraction(cx, cy, 0.7*r) > 0.5 {
			// In the middle of an arm-sized blob the colour model sees
			// and did not take for a ball: a dark glove, a sleeve. A ball
			// of the cloth's colour is cloth to the colour model.
			continue
		}
		sup := d.circleSupport(wb, cx, cy, 0.85*r)
		offBed := bm[int(cy+0.5)*w+int(cx+0.5)] == 0
		mouth := offBed && d.overMouth(cx, cy)
		if offBed && !mouth && !d.frozenPlace(cx, cy) {
			// Off the bed beside a cushion, further than a ball frozen
			// to it: a cushion's face or its rail.
			continue
		}
		if mouth {
			// Centred off the bed, over a pocket's mouth: a ball hanging in
			// the jaws shows its outline against the hole all round, where a
			// cushion's lit face beside the hole does not.
			sup = d.circleSupportIn(wb, d.ringMask, cx, cy, 0.85*r)
		}
		if sup < ringSupport {
			continue
		}
		conf := clamp01(float64(v)/(2*math.Pi*r)/ringFullVotes) * clamp01((sup-0.7)/0.25)
		if shaded {
			if mouth || inCluster || sup < ringShadeSupport || !d.litMiddle(wb, cx, cy, r, false) {
				continue // (over a hole, or lit only as a cluster's ring)
			}
			conf = max(conf, ringShadeConf)
		}
		if mouth && conf < ringJawConf {
			// Over a pocket's mouth the rim of the hole and the cushions'
			// lit faces make rings too: only a clear one is a ball.
			continue
		}
		if scrap {
			if shaded || conf < ringOverScrap {
				continue
			}
			for j := range base {
				if k := &d.cands[j]; k.ok && !k.absorbed && !k.moving && k.conf < ringOverWeak &&
					(k.x-cx)*(k.x-cx)+(k.y-cy)*(k.y-cy) < 1.6*r*1.6*r {
					k.ok = false
				}
			}
		}
		d.cands = append(d.cands, cand{x: cx, y: cy, d: r, r: r, comp: -1, ok: true, conf: conf, fill: 1, support: sup, score: float64(v)})
	}
}

// byCushion says whether a ball centred at the view point (x, y) would rest
// less than one and a half diameters off a cushion, where the cushion's shade
// breaks a ball's dark ring, and clear of the pockets (whose jaws and holes
// make rings of their own).
func (d *Detector) byCushion(x, y float64) bool {
	t := d.c.Table
	p := d.c.BallToTable(d.toImage(x, y))
	if _, gap := t.NearestRail(p); gap >= 3*t.BallR {
		return false
	}
	pk, dist := t.NearestPocket(p)
	return dist > pk.Width/2+4*t.BallR
}

// The ring detector's thresholds: the brightness edge (sum over B, G, R of the
// central differences), the votes as a fraction of the ring's circumference,
// and the round edge's support.
const (
	// A ring by a cushion (byCushion) with ringShadeVotes or more, short
	// of ringVotes, a round edge all but all round (ringShadeSupport), a
	// lit middle and a highlight, alone, is a ball of nearly the cloth's
	// colour whose ring the cushion's shade broke: rendered seed 67,
	// 10-ball at 241 s, the 6 (green), resting 13 mm off the left
	// cushion, rings of 7 to 9 votes of the 11 needed, unseen for two
	// shots; on that seed the 6 by a cushion went unseen in 35 % of the
	// frames. It is kept at ringShadeConf.
	ringShadeVotes   = 0.16
	ringShadeSupport = 0.95
	ringShadeConf    = 0.35
	ringEdge         = 40
	ringVotes        = 0.28
	ringSupport      = 0.8
	ringJawConf      = 0.6
	// A candidate of the colour model at rest under ringOverWeak is a
	// scrap of a ball where a ring of ringOverScrap or more is its whole
	// outline: rendered 8-ball, seed 67, at 342 s, the green 6 resting
	// 34 mm off the head cushion was found by its ring (conf 0.9, 2-3 mm
	// off) in half the frames and in the others by a scrap of its shaded
	// half (a blob of half its area, conf 0.3-0.5), whose outline fit put
	// it 12-25 mm off either way, and two false cushion hits were told.
	// Seed 74, 8-ball, at 357.8 s: the orange 5 by the foot-right pocket,
	// its scrap at conf 0.58-0.69, read 13 mm off one frame in three; the
	// tracker took that place for its rest, and a contact was told 14 ms
	// early (ringOverWeak was 0.5).
	ringOverWeak  = 0.75
	ringOverScrap = 0.8
	// ringFullVotes is the share of a ring's circumference voting for its
	// centre that gives full confidence (a cloth-coloured ball's ring is
	// rarely complete: its highlight side is lit like the cloth).
	ringFullVotes = 0.8
)

// walledIn says whether most of the bed 1.6–2.2 radii from (x, y) is one
// or more blobs of several balls' size: what rings a lone ball of the cloth's
// colour is its own limb and shadow, with cloth beyond.
func (d *Detector) walledIn(x, y, r float64) bool {
	fb, bm := d.fb, d.bm
	ri, ro := 1.6*r, 2.2*r
	var n, in float64
	for yy := max(int(y-ro), 0); yy <= min(int(y+ro+1), d.wh-1); yy++ {
		for xx := max(int(x-ro), 0); xx <= min(int(x+ro+1), d.ww-1); xx++ {
			fx, fy := float64(xx)-x, float64(yy)-y
			r2 := fx*fx + fy*fy
			j := yy*d.ww + xx
			if r2 < ri*ri || r2 > ro*ro || bm[j] == 0 {
				continue
			}
			n++
			if l := d.labels[j]; fb[j] != 0 && l > 0 && float64(d.ccs[l-1].n) > wallBalls*math.Pi*r*r {
				in++
			}
		}
	}
	return n > 0 && in > 0.6*n
}

// wallBalls is the size, in ball areas, of a blob that walls a patch of
// cloth in (a player's head, body or arm).
const wallBalls = 8

// fgFraction is the fraction of the view's foreground within radius r of
// (x, y).
func (d *Detector) fgFraction(x, y, r float64) float64 {
	fb := d.fb
	var n, in float64
	for yy := max(int(y-r), 0); yy <= min(int(y+r+1), d.wh-1); yy++ {
		for xx := max(int(x-r), 0); xx <= min(int(x+r+1), d.ww-1); xx++ {
			if fx, fy := float64(xx)-x, float64(yy)-y; fx*fx+fy*fy <= r*r {
				n++
				if fb[yy*d.ww+xx] != 0 {
					in++
				}
			}
		}
	}
	if n == 0 {
		return 0
	}
	return in / n
}

// nearFound says whether a ball already found (or a ring candidate from index
// base on) lies within dist of (x, y).
func (d *Detector) nearFound(x, y, dist float64, base int) bool {
	return d.nearFoundBy(x, y, dist, base, d.opts.MinConfidence)
}

// nearFoundBy is nearFound counting only the candidates before base (the
// colour model's) of confidence minConf or more, or moving.
func (d *Detector) nearFoundBy(x, y, dist float64, base int, minConf float64) bool {
	for i := range d.cands {
		k := &d.cands[i]
		if !k.ok || k.absorbed || (i < base && k.conf < minConf && (!k.moving || k.conf < d.opts.MinConfidence)) {
			continue
		}
		if k.moving {
			if segDist2(x, y, k.x0, k.y0, k.x1, k.y1) < dist*dist {
				return true
			}
			continue
		}
		if (x-k.x)*(x-k.x)+(y-k.y)*(y-k.y) < dist*dist {
			return true
		}
	}
	return false
}

// litMiddle says whether the disc within 0.5 radius of (x, y) is brighter
// than the ring between 0.9 and 1.2 radii: a ball lit from above, not a hole
// or a shadow. In a cluster (inCluster) the ring's darker part will do.
func (d *Detector) litMiddle(wb []uint8, x, y, r float64, inCluster bool) bool {
	var in, nin float64
	ring := d.ringVals[:0]
	ro := 1.2 * r
	for yy := int(y - ro); yy <= int(y+ro+1); yy++ {
		xa, xb, ok := discSpan(x, float64(yy)-y, ro)
		if !ok {
			continue
		}
		for xx := max(int(x-ro), xa); xx <= min(int(x+ro+1), xb); xx++ {
			if xx < 0 || yy < 0 || xx >= d.ww || yy >= d.wh {
				continue
			}
			fx, fy := float64(xx)-x, float64(yy)-y
			r2 := fx*fx + fy*fy
			// The pixel's brightness, read only where it counts.
			val := func() float64 {
				p := wb[3*(yy*d.ww+xx):]
				return float64(p[0]) + float64(p[1]) + float64(p[2])
			}
			switch {
			case r2 < 0.25*r*r:
				in += val()
				nin++
			case r2 > 0.81*r*r && r2 < ro*ro:
				ring = append(ring, val())
			}
		}
	}
	d.ringVals = ring
	if nin == 0 || len(ring) == 0 {
		return false
	}
	var sum float64
	for _, v := range ring {
		sum += v
	}
	if in/nin > 1.15*sum/float64(len(ring)) {
		return true
	}
	if !inCluster {
		return false
	}
	// The ring's darker quarter: in a rack most of the ring is the
	// neighbours' lit sides, and only the gaps between them show the limb
	// and the shadow.
	slices.Sort(ring)
	return in/nin > 1.15*ring[len(ring)/4]
}

// highlight says whether the middle of the disc at (x, y) holds a whitish
// pixel: a lamp's reflection or a number circle, which every ball shows from
// above and a cushion's lit face or a fold of the cloth does not.
func (d *Detector) highlight(wb []uint8, x, y, r float64) bool {
	return d.highlightBy(wb, x, y, r, d.opts.MinConfidence)
}

// highlightBy is highlight taking for found balls only those of confidence
// minConf or more (a scrap's disc may cover the highlight of the ball it is a
// scrap of).
func (d *Detector) highlightBy(wb []uint8, x, y, r, minConf float64) bool {
	bgb, sw := d.bgb, d.sw
	blk := min(max(int(y)>>3, 0), d.sh-1)*sw + min(max(int(x)>>3, 0), sw-1)
	floor := int(min(bgb[3*blk], bgb[3*blk+1], bgb[3*blk+2])) + highlightLift
	img, w, h := wb, d.ww, d.wh
	inFrame := d.frame != nil && d.k < 0.75
	if inFrame {
		// A reduced view averages a small highlight away: look in the frame.
		p := d.toImage(x, y)
		img, w, h = d.frame, d.imgW, d.imgH
		x, y, r = p[0], p[1], r/d.k
	}
	ro := 0.9 * r
	// The balls already found about it, in img's pixels: their lit sides are
	// theirs, not this one's (a gap between the balls of a broken rack).
	near := d.nearDiscs[:0]
	for i := range d.cands {
		k := &d.cands[i]
		if !k.ok || k.absorbed || k.conf < minConf || k.moving {
			continue
		}
		q, kr := [2]float64{k.x, k.y}, k.r
		if inFrame {
			q, kr = d.toImage(k.x, k.y), k.r/d.k
		}
		kr += 1.5 // and its blur into the cloth
		if dx, dy := q[0]-x, q[1]-y; dx*dx+dy*dy < (ro+kr)*(ro+kr) {
			near = append(near, [3]float64{q[0], q[1], kr})
		}
	}
	d.nearDiscs = near
	for yy := max(int(y-ro), 0); yy <= min(int(y+ro+1), h-1); yy++ {
		xa, xb, ok := discSpan(x, float64(yy)-y, ro)
		if !ok {
			continue
		}
	px:
		for xx := max(int(x-ro), xa, 0); xx <= min(int(x+ro+1), xb, w-1); xx++ {
			fx, fy := float64(xx)-x, float64(yy)-y
			if fx*fx+fy*fy > ro*ro {
				continue
			}
			for _, o := range near {
				if dx, dy := float64(xx)-o[0], float64(yy)-o[1]; dx*dx+dy*dy < o[2]*o[2] {
					continue px
				}
			}
			j := 3 * (yy*w + xx)
			if p := img[j : j+3]; int(min(p[0], p[1], p[2])) >= floor {
				return true
			}
		}
	}
	return false
}

// highlightLift is how far above the cloth's darkest channel all three
// channels of a highlight are.
const highlightLift = 35

// centroidVar is the variance, frame px², assumed for a resting ball's colour
// centroid, and outlineVarMin the least for its fitted outline (the edges'
// own bias); fitOutline weighs the two by them, and separate moves
// overlapping balls by them. Tuned on the simulated frames of vision/simbench.
const (
	centroidVar   = 0.3
	outlineVarMin = 0.01
)

// chromaEdgeMin is the least change per frame pixel of the colour left after
// taking out the cloth's (sum over B, G, R) for an outline found by it.
const chromaEdgeMin = 16

// edgeMin is the least colour change per frame pixel (sum over B, G, R) of
// an outline.
const edgeMin = 24

// streakMinD is the least half-width, in ball radii, of a ball's motion streak.
const streakMinD = 0.6

// ccStat is one connected component of the foreground: its bounding box
// (inclusive), pixel count and coordinate sums.
type ccStat struct {
	x0, y0, x1, y1, n int
	sx, sy            int
}

// label finds the 8-connected components of d.fg and returns the label image
// (1-based, 0 for background), filling d.ccs. The foreground is sparse, so
// only its pixels are touched beyond one byte read per bed pixel (OpenCV's
// labelling visits every pixel several times).
func (d *Detector) label() []int32 {
	lb := d.labels
	for _, i := range d.fgIdx {
		// distances leaves its maps nonzero only on the foreground.
		lb[i], d.dt[i], d.chamfer[i] = 0, 0, 0
	}
	d.fgIdx = d.fgIdx[:0]
	d.parent = append(d.parent[:0], 0)
	fb := d.fb
	w := d.ww
	find := func(l int32) int32 {
		for d.parent[l] != l {
			d.parent[l] = d.parent[d.parent[l]]
			l = d.parent[l]
		}
		return l
	}
	union := func(a, b int32) int32 {
		a, b = find(a), find(b)
		if a == b {
			return a
		}
		if a < b {
			d.parent[b] = a
			return a
		}
		d.parent[a] = b
		return b
	}
	for y := 0; y < d.wh; y++ {
		// The opening may grow the foreground one pixel past the spans.
		x0, x1 := max(d.rspan[2*y]-1, 0), min(d.rspan[2*y+1]+1, w)
		row := fb[y*w : y*w+w]
		for x := x0; x < x1; x++ {
			if row[x] == 0 {
				// Most of the bed is background: pass it eight pixels
				// at a time.
				for x+8 <= x1 && binary.LittleEndian.Uint64(row[x:]) == 0 {
					x += 8
				}
				if x >= x1 || row[x] == 0 {
					continue
				}
			}
			// A run of foreground [x, xe): one label, joined to the labels
			// of the row above from xe's column back to x−1's (8-connected;
			// the labels the pixels would get one by one, but for their
			// provisional numbers).
			xe := x + 1
			for xe < x1 && row[xe] != 0 {
				xe++
			}
			// (Its left neighbour is background, or outside the spans and
			// not labelled.)
			i := y*w + x
			var l int32
			if y > 0 {
				up := lb[(y-1)*w+max(x-1, 0) : (y-1)*w+min(xe+1, w)]
				for _, m := range up {
					if m != 0 && m != l {
						if l == 0 {
							l = m
						} else {
							l = union(l, m)
						}
					}
				}
			}
			if l == 0 {
				l = int32(len(d.parent))
				d.parent = append(d.parent, l)
			}
			run := lb[i : i+xe-x]
			for k := range run {
				run[k] = l
				d.fgIdx = append(d.fgIdx, int32(i+k))
			}
			x = xe
		}
	}
	// Compact the roots to 1…n in order of first pixel, and gather stats.
	remap := d.remap[:0]
	for range d.parent {
		remap = append(remap, 0)
	}
	d.remap = remap
	d.ccs = d.ccs[:0]
	// The pixels come in rows, and in runs of one provisional label: the
	// row and the label's component are carried along.
	y, rowEnd := -1, 0
	prev, c := int32(0), int32(0)
	for _, i32 := range d.fgIdx {
		i := int(i32)
		for i >= rowEnd {
			y++
			rowEnd += w
		}
		if l := lb[i]; l != prev {
			prev = l
			r := find(l)
			c = remap[r]
			if c == 0 {
				d.ccs = append(d.ccs, ccStat{x0: w, y0: d.wh, x1: -1, y1: -1})
				c = int32(len(d.ccs))
				remap[r] = c
			}
		}
		lb[i] = c
		x := i - (rowEnd - w)
		cs := &d.ccs[c-1]
		cs.x0, cs.x1 = min(cs.x0, x), max(cs.x1, x)
		cs.y0, cs.y1 = min(cs.y0, y), max(cs.y1, y)
		cs.n++
		cs.sx += x
		cs.sy += y
	}
	return lb
}

// pastMouth says whether a ball centred at view pixel (x, y) would be further
// into a pocket than a ball can hang: its centre more than 0.9 radius past the
// mouth's line (it would have dropped). There the ring detector sees the
// hole's rim and the cushions' lit faces, not balls.
func (d *Detector) pastMouth(x, y float64) bool {
	t := d.c.Table
	p := d.c.BallToTable(d.toImage(x, y))
	if p.X > 2*t.BallR && p.X < t.L-2*t.BallR && p.Y > 2*t.BallR && p.Y < t.W-2*t.BallR {
		return false
	}
	pk, _ := t.NearestPocket(p)
	return p.Sub(pk.Center).Dot(pk.In) > 0.9*t.BallR
}

// overMouth says whether the view point (x, y) lies over a pocket's mouth: off
// the bed between its jaws, not beside a cushion, where a ball frozen to the
// cushion has its centre just off the (eroded) bed.
func (d *Detector) overMouth(x, y float64) bool {
	t := d.c.Table
	p := d.c.BallToTable(d.toImage(x, y))
	pk, _ := t.NearestPocket(p)
	along := pk.Jaws[1].Sub(pk.Jaws[0]).Scale(1 / max(pk.Width, 1))
	v := p.Sub(pk.Center)
	return math.Abs(v.Dot(along)) < pk.Width/2+0.5*t.BallR && v.Dot(pk.In) > -2*t.BallR
}

// frozenPlace says whether a ball centred at the view point (x, y) would be on
// the bed: at least a radius, less 10 mm, from every cushion nose.
func (d *Detector) frozenPlace(x, y float64) bool {
	t := d.c.Table
	p := d.c.BallToTable(d.toImage(x, y))
	m := t.BallR - 10
	return p.X >= m && p.X <= t.L-m && p.Y >= m && p.Y <= t.W-m
}

// darkAlong says whether the view is darker than the local cloth, on average,
// along the segment from (x0, y0) to (x1, y1).
func (d *Detector) darkAlong(wb []uint8, x0, y0, x1, y1 float64) bool {
	bgb, sw := d.bgb, d.sw
	n := int(math.Hypot(x1-x0, y1-y0)) + 1
	var sum, cloth float64
	for s := 0; s <= n; s++ {
		t := float64(s) / float64(n)
		x, y := int(x0+t*(x1-x0)+0.5), int(y0+t*(y1-y0)+0.5)
		j := 3 * (y*d.ww + x)
		sum += float64(wb[j]) + float64(wb[j+1]) + float64(wb[j+2])
		b := 3 * (min(y>>3, d.sh-1)*sw + min(x>>3, sw-1))
		cloth += float64(bgb[b]) + float64(bgb[b+1]) + float64(bgb[b+2])
	}
	return sum < cloth
}

// shadowLike says whether the disc of radius r about (x, y) in the view wb is
// the cloth in shade: its mean colour is the local cloth's scaled down to
// under half, with no colour of its own.
func (d *Detector) shadowLike(wb []uint8, x, y, r float64) bool {
	var c [3]float64
	n := 0.0
	for yy := max(int(y-r), 0); yy <= min(int(y+r+1), d.wh-1); yy++ {
		for xx := max(int(x-r), 0); xx <= min(int(x+r+1), d.ww-1); xx++ {
			if dx, dy := float64(xx)-x, float64(yy)-y; dx*dx+dy*dy > r*r {
				continue
			}
			i := 3 * (yy*d.ww + xx)
			c[0] += float64(wb[i])
			c[1] += float64(wb[i+1])
			c[2] += float64(wb[i+2])
			n++
		}
	}
	if n == 0 {
		return false
	}
	bs, sw, sh := d.bgb, d.sw, d.sh
	blk := 3 * (min(max(int(y)>>3, 0), sh-1)*sw + min(max(int(x)>>3, 0), sw-1))
	cl := [3]float64{float64(bs[blk]), float64(bs[blk+1]), float64(bs[blk+2])}
	var dot, nn float64
	for ch := range c {
		c[ch] /= n
		dot += c[ch] * cl[ch]
		nn += cl[ch] * cl[ch]
	}
	if nn == 0 {
		return false
	}
	alpha := dot / nn
	var res float64
	for ch := range c {
		e := c[ch] - alpha*cl[ch]
		res += e * e
	}
	return alpha < 0.5 && math.Sqrt(res) < 0.25*alpha*math.Sqrt(nn)+6
}
