package vision

import (
	"math/bits"
	"math/rand"
	"slices"
	"testing"

	"github.com/cueref/cueref/internal/cpuclock"
)

// segmentGo is segment's per-pixel work as it was written in Go, block by
// block (offCloth, then offClothPixels on the pixels it found, then the
// dark pixels' votes): the definition segmentRows must keep to the bit. It
// writes fb, d.dark and the ring votes.
func (d *Detector) segmentGo(wb, bm, fb []uint8) {
	// The local cloth colour is read from the 1/8 image, one value per 8×8
	// block (it is smooth: a 7×7 mean of that image). Only the bed's span of
	// each row is looked at; the rest of fg2 stays zero.
	bgb := d.bgb
	dk := d.dark
	sw := d.sw
	rm := d.ringMask
	skip, offBed := d.skip, d.offBed
	ww := d.ww
	// The ring detector's votes are cast here, as dark pixels are found.
	for _, i := range d.touched {
		d.acc2[i], d.marked[i] = 0, 0
	}
	d.touched = d.touched[:0]
	for y := 0; y < d.wh; y++ {
		x0, x1 := d.rspan[2*y], d.rspan[2*y+1]
		if x0 >= x1 {
			continue
		}
		// The span is cleared at once and worked block by block: a quiet
		// block (plain cloth) is passed whole, and the others' cloth
		// colour is read once.
		row, base := (y>>3)*sw, y*d.ww
		clear(dk[base+x0 : base+x1])
		clear(fb[base+x0 : base+x1])
		inner := y >= 2 && y < d.wh-2
		for bx := x0 >> 3; bx<<3 < x1; bx++ {
			blk := row + bx
			if skip[blk] {
				continue
			}
			B, G, R := int64(bgb[3*blk])+1, int64(bgb[3*blk+1])+1, int64(bgb[3*blk+2])+1
			inv := (1 << 30) / (B*B + G*G + R*R)
			// The block's part of the row: its pixels that are not plainly
			// the cloth, found by offCloth, are worked by offClothPixels
			// (loops of their own, whose variables stay in registers).
			xa, xb := max(bx<<3, x0), min(bx<<3+8, x1)
			px := wb[3*(base+xa) : 3*(base+xb)]
			m := offCloth(rm[base+xa:base+xb], px, int32(B-1), int32(G-1), int32(R-1))
			if m == 0 {
				continue
			}
			// From here on the block's 8 pixels, from its first (the
			// view's width is a multiple of 8: they lie in the row even
			// where the span begins or ends inside the block, and m has
			// none outside it).
			x8 := bx << 3
			m8 := uint8(m) << (xa - x8)
			var mouth uint8
			if offBed[blk] {
				bmr := bm[base+x8 : base+x8+8]
				for mm := m8; mm != 0; mm &= mm - 1 {
					if k := bits.TrailingZeros8(mm) & 7; bmr[k] == 0 {
						mouth |= 1 << k
					}
				}
			}
			df := offClothPixels(m8, (*[24]uint8)(wb[3*(base+x8):3*(base+x8)+24]), B, G, R, inv, mouth, d.litMouth)
			fbr := fb[base+x8 : base+x8+8]
			for fm := df >> 8; fm != 0; fm &= fm - 1 {
				fbr[bits.TrailingZeros32(fm)&7] = 255
			}
			// The dark pixels are marked, and vote for the rings they may
			// lie on in the row's order (the votes are float sums).
			dkr := dk[base+x8 : base+x8+8]
			if dm := df & 0xff; dm != 0 && inner && x8 >= 8 && x8+16 <= ww {
				d.darkVotes(wb, dm, dkr, base+x8, x8, y)
				continue
			}
			for dm := df & 0xff; dm != 0; dm &= dm - 1 {
				k := bits.TrailingZeros32(dm) & 7
				dkr[k] = 1
				x := x8 + k
				if !inner || x < 2 || x >= ww-2 {
					continue
				}
				i := base + x
				// The brightness gradient (sum over B, G, R of the central
				// differences; the neighbours' pixels as short slices, one
				// bounds check each). Most dark pixels lie on no edge (the
				// inside of a shadow or a sleeve): the test is cheaper
				// than ringVote's call.
				h, u, v := wb[3*(i-1):3*(i+2)], wb[3*(i-ww):3*(i-ww)+3], wb[3*(i+ww):3*(i+ww)+3]
				gx := int32(h[6]) + int32(h[7]) + int32(h[8]) - int32(h[0]) - int32(h[1]) - int32(h[2])
				gy := int32(v[0]) + int32(v[1]) + int32(v[2]) - int32(u[0]) - int32(u[1]) - int32(u[2])
				if m2 := gx*gx + gy*gy; m2 >= ringEdge*ringEdge {
					d.ringVote(i, x, y, gx, gy, m2)
				}
			}
		}
	}
}

// offCloth is the set (bit k for pixel k) of the pixels of px (BGR; at
// most 32) where the ring mask rm is set and the colour is not plainly the
// cloth's (b, g, r): differing from it by 12 or more (sum over B, G, R).
// Most of the bed is plainly the cloth.
func offCloth(rm, px []uint8, b, g, r int32) uint32 {
	var m uint32
	k := 0
	for j := 0; j < len(px)-2 && k < 32; j += 3 {
		if k < len(rm) && rm[k] != 0 {
			db, dg, dr := int32(px[j])-b, int32(px[j+1])-g, int32(px[j+2])-r
			// |v| without a branch: v ^ (v >> 31) − (v >> 31).
			db = db ^ db>>31 - db>>31
			dg = dg ^ dg>>31 - dg>>31
			dr = dr ^ dr>>31 - dr>>31
			if db+dg+dr >= 12 {
				m |= 1 << k
			}
		}
		k++
	}
	return m
}

// offClothPixels works the pixels m of px (8 BGR pixels; see offCloth),
// where (B, G, R) is the local cloth colour plus one and inv 2³⁰ over its
// squared size. It returns the dark ones (the brightness ratio α to the cloth
// below darkAlpha) in its low byte and in the next the foreground: those
// whose colour, with α·cloth taken out, is not the cloth's. On a pocket's
// mouth (the pixels mouth) only the darkness is wanted (but in a mouth's own
// view, with litMouth, what is lit there: see mouthLit).
func offClothPixels(m uint8, px *[24]uint8, B, G, R, inv int64, mouth uint8, litMouth bool) (darkFg uint32) {
	for ; m != 0; m &= m - 1 {
		k := bits.TrailingZeros8(m) & 7
		b, g, r := int64(px[3*k]), int64(px[3*k+1]), int64(px[3*k+2])
		// Brightness ratio α·1024 and the colour left after removing α·bg.
		a := ((b*B + g*G + r*R) << 10) * inv >> 30
		if a < darkAlpha {
			darkFg |= 1 << k
		}
		onMouth := mouth&(1<<k) != 0
		if onMouth && (!litMouth || a < mouthLit) {
			continue
		}
		db, dg, dr := (b<<10)-a*B, (g<<10)-a*G, (r<<10)-a*R
		// |v| without a branch, as in offCloth (fewer registers than the
		// compiler's conditional moves, which keep v and −v).
		db = db ^ db>>63 - db>>63
		dg = dg ^ dg>>63 - dg>>63
		dr = dr ^ dr>>63 - dr>>63
		if cd := (db + dg + dr) >> 10; cd > 20 || a > 1350 || a < 420 && !onMouth {
			darkFg |= 1 << (8 + k)
		}
	}
	return darkFg
}

// darkVotes marks the dark pixels dm (bit k: pixel k) of the block's row
// of 8 pixels from view index i (at x, y: the block lies at least two
// pixels inside the view) and casts the votes of those on a brightness edge
// (see segment), in the row's order.
func (d *Detector) darkVotes(wb []uint8, dm uint32, dkr []uint8, i, x, y int) {
	w := d.ww
	h := (*[30]uint8)(wb[3*(i-1) : 3*(i-1)+30])
	u := (*[24]uint8)(wb[3*(i-w) : 3*(i-w)+24])
	v := (*[24]uint8)(wb[3*(i+w) : 3*(i+w)+24])
	dk := (*[8]uint8)(dkr)
	for ; dm != 0; dm &= dm - 1 {
		k := bits.TrailingZeros32(dm) & 7
		dk[k] = 1
		// The brightness gradient: sums over B, G, R of the central
		// differences.
		gx := int32(h[3*k+6]) + int32(h[3*k+7]) + int32(h[3*k+8]) - int32(h[3*k]) - int32(h[3*k+1]) - int32(h[3*k+2])
		gy := int32(v[3*k]) + int32(v[3*k+1]) + int32(v[3*k+2]) - int32(u[3*k]) - int32(u[3*k+1]) - int32(u[3*k+2])
		if m2 := gx*gx + gy*gy; m2 >= ringEdge*ringEdge {
			d.ringVote(i+k, x+k, y, gx, gy, m2)
		}
	}
}

// segFrame makes a view of w×h pixels for segment's pixel pass: cloth of a
// colour varying by block, with shadows (the cloth darkened), bright and
// coloured patches (balls, a sleeve) and noise; random quiet blocks, blocks
// over a pocket's mouth, ring mask and spans (some empty, some beginning or
// ending inside a block). Scaled, every pixel is the cloth's colour at a
// brightness of its own (0.3–1.6 times), with little noise: pixels on either
// side of each of the rules' thresholds.
func segFrame(rng *rand.Rand, w, h int, small, scaled bool) (*Detector, []uint8) {
	sw, sh := w/8, (h+7)/8
	d := &Detector{ww: w, wh: h, sw: sw, sh: sh}
	d.litMouth = rng.Intn(2) == 0
	d.bgb = make([]uint8, 3*sw*sh)
	base := [3]int{40 + rng.Intn(60), 90 + rng.Intn(80), 20 + rng.Intn(60)}
	if scaled || rng.Intn(4) == 0 {
		base = [3]int{rng.Intn(256), rng.Intn(256), rng.Intn(256)}
	}
	for i := 0; i < sw*sh; i++ {
		for c := 0; c < 3; c++ {
			d.bgb[3*i+c] = uint8(max(0, min(255, base[c]+rng.Intn(9)-4)))
		}
	}
	d.skip = make([]bool, sw*sh)
	d.offBed = make([]bool, sw*sh)
	for i := range d.skip {
		d.skip[i] = rng.Intn(4) == 0
		d.offBed[i] = rng.Intn(5) == 0
	}
	type patch struct {
		x, y, r float64
		col     [3]float64
		shade   float64 // > 0: the cloth darkened by it
	}
	var ps []patch
	for n := rng.Intn(6); n >= 0; n-- {
		p := patch{x: float64(w) * rng.Float64(), y: float64(h) * rng.Float64(), r: 3 + 15*rng.Float64()}
		if rng.Intn(2) == 0 {
			p.shade = 0.3 + 0.6*rng.Float64()
		} else {
			p.col = [3]float64{255 * rng.Float64(), 255 * rng.Float64(), 255 * rng.Float64()}
		}
		ps = append(ps, p)
	}
	d.bm = make([]uint8, w*h)
	d.ringMask = make([]uint8, w*h)
	wb := make([]uint8, 3*w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			blk := (y/8)*sw + x/8
			col := [3]float64{float64(d.bgb[3*blk]), float64(d.bgb[3*blk+1]), float64(d.bgb[3*blk+2])}
			for _, p := range ps {
				if (float64(x)-p.x)*(float64(x)-p.x)+(float64(y)-p.y)*(float64(y)-p.y) < p.r*p.r {
					if p.shade > 0 {
						col = [3]float64{col[0] * p.shade, col[1] * p.shade, col[2] * p.shade}
					} else {
						col = p.col
					}
				}
			}
			noise := 13
			if scaled {
				// The cloth's colour scaled, every pixel by its own
				// brightness, round all the thresholds on it.
				a := 0.3 + 1.3*rng.Float64()
				col = [3]float64{a * col[0], a * col[1], a * col[2]}
				noise = 5
			}
			for c := 0; c < 3; c++ {
				wb[3*i+c] = uint8(max(0, min(255, int(col[c])+rng.Intn(noise)-noise/2)))
			}
			if !d.offBed[blk] || rng.Intn(3) > 0 {
				d.bm[i] = 255
			}
			if rng.Intn(10) > 0 {
				d.ringMask[i] = 1
			}
		}
	}
	d.rspan = make([]int, 2*h)
	for y := 0; y < h; y++ {
		d.rspan[2*y], d.rspan[2*y+1] = rng.Intn(20), w-rng.Intn(20)
		if rng.Intn(10) == 0 {
			d.rspan[2*y+1] = d.rspan[2*y]
		}
	}
	d.rexp = make([]float32, w*h)
	for i := range d.rexp {
		d.rexp[i] = 3 + 3*float32(i/w)/float32(h)
	}
	d.acc2 = make([]float32, w*h)
	d.marked = make([]uint8, w*h)
	d.touched = make([]int32, 0, 1<<15)
	d.dark = make([]uint8, w*h)
	if small {
		// The least room segmentRows works with: a row's pixels, so that
		// it stops and resumes.
		d.darkEdges = make([]int32, 3*w)
	}
	// What the last frame left outside the spans must stay.
	for i := range d.dark {
		d.dark[i] = uint8(rng.Intn(2))
	}
	return d, wb
}

// TestSegmentRows checks segment's pixel pass (segmentRows, in C, and the
// votes cast from its list) against segmentGo bit for bit on random views:
// the foreground, the dark pixels and the ring votes (the touched cells in
// order and their sums), also when the list of dark edge pixels is too
// short for the frame and segmentRows resumes.
func TestSegmentRows(t *testing.T) {
	var fg, dark, votes int
	for trial := 0; trial < 600; trial++ {
		w, h := 8*(3+trial%13), 20+trial%37
		small, scaled := trial%2 == 1, trial%3 == 2
		dGo, wb := segFrame(rand.New(rand.NewSource(int64(trial))), w, h, small, scaled)
		dC, _ := segFrame(rand.New(rand.NewSource(int64(trial))), w, h, small, scaled)
		fbGo, fbC := make([]uint8, w*h), make([]uint8, w*h)
		for i := range fbGo {
			fbGo[i], fbC[i] = uint8(i), uint8(i)
		}
		dGo.segmentGo(wb, dGo.bm, fbGo)
		dC.segmentPixels(wb, dC.bm, fbC)
		for i := range fbGo {
			if fbGo[i] != fbC[i] || dGo.dark[i] != dC.dark[i] {
				t.Fatalf("trial %d pixel (%d, %d): got fg %d dark %d, want %d %d", trial, i%w, i/w, fbC[i], dC.dark[i], fbGo[i], dGo.dark[i])
			}
			if fbGo[i] == 255 {
				fg++
			}
			if dGo.dark[i] == 1 {
				dark++
			}
		}
		if !slices.Equal(dGo.touched, dC.touched) || !slices.Equal(dGo.acc2, dC.acc2) {
			t.Fatalf("trial %d: the ring votes differ: %d cells touched, want %d", trial, len(dC.touched), len(dGo.touched))
		}
		votes += len(dGo.touched)
	}
	// Each rule must have come up, or the test says little.
	if fg < 10000 || dark < 10000 || votes < 10000 {
		t.Errorf("%d foreground, %d dark pixels, %d cells voted for: want at least 10,000 each", fg, dark, votes)
	}
}

// BenchmarkSegmentPixels measures segment's pixel pass (segmentRows and the
// ring votes) alone on the labelled game1 frames resampled to 1280×720, each
// detected once first for its local cloth colour and quiet blocks.
func BenchmarkSegmentPixels(b *testing.B) {
	cases := scaledCases(b, 1280, 720)
	ds := make([]*Detector, len(cases))
	for i, c := range cases {
		d, err := NewDetector(c.calib, Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer d.Close()
		if _, err := d.Detect(c.img, nil); err != nil {
			b.Fatal(err)
		}
		ds[i] = d
	}
	b.ResetTimer()
	lap := cpuclock.Start()
	for n := 0; n < b.N; n++ {
		d := ds[n%len(ds)]
		wb, _ := d.warp.DataPtrUint8()
		fb, _ := d.fg2.DataPtrUint8()
		d.segmentPixels(wb, d.bm, fb)
	}
	cpu, _ := lap.Stop()
	// The thread's CPU time: wall-clock time is noisy on a busy machine.
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// TestBrightness32 checks the 32-bit form of a pixel's brightness against
// the local cloth colour that segscan.c's rowMarks uses,
// (p·C·ih + (p·C·il >> 14)) >> 6, against the 64-bit one it replaced,
// (p·C << 10)·inv >> 30, for cloth colours on a grid with both ends of each
// channel and pixels at the corners of the colour cube and at random: the
// bound that keeps the first in 32 bits (p·C·ih < 2^25) is tightest for the
// darkest cloth and the brightest pixel.
func TestBrightness32(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var levels []int64
	for v := int64(0); v < 256; v += 15 {
		levels = append(levels, v)
	}
	levels = append(levels, 1, 2, 254, 255)
	var px [][3]int64
	for _, b := range []int64{0, 255} {
		for _, g := range []int64{0, 255} {
			for _, r := range []int64{0, 255} {
				px = append(px, [3]int64{b, g, r})
			}
		}
	}
	for n := 0; n < 60; n++ {
		px = append(px, [3]int64{rng.Int63n(256), rng.Int63n(256), rng.Int63n(256)})
	}
	checked := 0
	for _, cb := range levels {
		for _, cg := range levels {
			for _, cr := range levels {
				B, G, R := cb+1, cg+1, cr+1
				inv := (int64(1) << 30) / (B*B + G*G + R*R)
				ih, il := uint32(inv>>14), uint32(inv&0x3fff)
				for _, p := range px {
					want := ((p[0]*B + p[1]*G + p[2]*R) << 10) * inv >> 30
					dot := uint32(p[0]*B + p[1]*G + p[2]*R)
					if hi := uint64(dot) * uint64(ih); hi >= 1<<25 {
						t.Fatalf("cloth %d,%d,%d pixel %v: p·C·ih = %d, not below 2^25", cb, cg, cr, p, hi)
					}
					if got := int64((dot*ih + (dot*il)>>14) >> 6); got != want {
						t.Fatalf("cloth %d,%d,%d pixel %v: got a = %d, want %d", cb, cg, cr, p, got, want)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d colour pairs", checked)
}
