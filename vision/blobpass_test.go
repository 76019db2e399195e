package vision

import (
	"math/rand"
	"testing"
)

// blobFrame draws random blobs (discs, bars, single pixels; some on the
// view's border, some touching) into d's foreground.
func blobFrame(d *Detector, rng *rand.Rand) {
	fb := d.fb
	clear(fb)
	w, h := d.ww, d.wh
	for n := 3 + rng.Intn(12); n > 0; n-- {
		cx, cy := rng.Float64()*float64(w), rng.Float64()*float64(h)
		switch rng.Intn(3) {
		case 0: // a disc
			r := 0.5 + 9*rng.Float64()
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if dx, dy := float64(x)-cx, float64(y)-cy; dx*dx+dy*dy <= r*r {
						fb[y*w+x] = 255
					}
				}
			}
		case 1: // a bar (an arm, a cue)
			ex, ey := rng.Float64()*float64(w), rng.Float64()*float64(h)
			hw := 0.5 + 4*rng.Float64()
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					if segDist2(float64(x), float64(y), cx, cy, ex, ey) <= hw*hw {
						fb[y*w+x] = 255
					}
				}
			}
		default: // speckle
			for k := 0; k < 20; k++ {
				fb[rng.Intn(w*h)] = 255
			}
		}
	}
}

// refLabels is the 8-connected labelling of fb by flood fill, numbered in
// the order of each component's first pixel in raster order, with each
// component's pixel count.
func refLabels(fb []uint8, w, h int) ([]int32, []int) {
	lb := make([]int32, w*h)
	var sizes []int
	var stack []int
	for s := range fb {
		if fb[s] == 0 || lb[s] != 0 {
			continue
		}
		sizes = append(sizes, 0)
		c := int32(len(sizes))
		lb[s] = c
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			sizes[c-1]++
			x, y := i%w, i/w
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					xx, yy := x+dx, y+dy
					if xx < 0 || yy < 0 || xx >= w || yy >= h {
						continue
					}
					if j := yy*w + xx; fb[j] != 0 && lb[j] == 0 {
						lb[j] = c
						stack = append(stack, j)
					}
				}
			}
		}
	}
	return lb, sizes
}

// chamferTo is the 3-4 chamfer distance between two pixels.
func chamferTo(x0, y0, x1, y1 int) int32 {
	dx, dy := absInt(x1-x0), absInt(y1-y0)
	return int32(4*min(dx, dy) + 3*(max(dx, dy)-min(dx, dy)))
}

// TestBlobPasses checks the labelling, the distance transform and its peaks
// against their definitions on random blobs, over several frames on one
// detector (each frame's maps must not keep the last one's): the labels
// (8-connected, numbered by first pixel) and each component's size; d.dt
// inside each blob large enough for a ball the 3-4 chamfer distance to the
// nearest pixel not in the blob (off the view counting as not in it), by
// brute force, and 0 everywhere else; the peaks those pixels of the blob off
// the view's border of at least 0.55 radii and no smaller than any neighbour,
// in raster order.
func TestBlobPasses(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	const w, h = 64, 40
	d := &Detector{ww: w, wh: h}
	d.fb = make([]uint8, w*h)
	d.labels = make([]int32, w*h)
	d.dt = make([]float32, w*h)
	d.chamfer = make([]int32, w*h)
	d.rexp = make([]float32, w*h)
	d.rspan = make([]int, 2*h)
	for y := 0; y < h; y++ {
		d.rspan[2*y], d.rspan[2*y+1] = 0, w
	}
	kept, peaks := 0, 0
	for frame := 0; frame < 300; frame++ {
		blobFrame(d, rng)
		r := float32(1 + 3*rng.Float64())
		for i := range d.rexp {
			d.rexp[i] = r
		}
		lb := d.label()
		want, sizes := refLabels(d.fb, w, h)
		for i := range want {
			if lb[i] != want[i] {
				t.Fatalf("frame %d pixel (%d, %d): got label %d, want %d", frame, i%w, i/w, lb[i], want[i])
			}
		}
		if len(d.ccs) != len(sizes) {
			t.Fatalf("frame %d: got %d components, want %d", frame, len(d.ccs), len(sizes))
		}
		d.comps = d.comps[:0]
		for c, cs := range d.ccs {
			if cs.n != sizes[c] {
				t.Fatalf("frame %d component %d: got %d pixels, want %d", frame, c+1, cs.n, sizes[c])
			}
			d.comps = append(d.comps, comp{x: cs.x0, y: cs.y0, w: cs.x1 - cs.x0 + 1, h: cs.y1 - cs.y0 + 1, area: cs.n, r: float64(r)})
		}
		d.compPixels(lb)
		d.distances(lb)
		for i := range d.dt {
			x, y := i%w, i/w
			var want float32
			if c := lb[i]; c != 0 && d.compKeep[c-1] {
				m := min(int32(3*(x+1)), int32(3*(w-x)), int32(3*(y+1)), int32(3*(h-y)))
				for j := range lb {
					if lb[j] != c {
						m = min(m, chamferTo(x, y, j%w, j/w))
					}
				}
				want = float32(m) / 3
				kept++
			}
			if d.dt[i] != want {
				t.Fatalf("frame %d pixel (%d, %d) of blob %d: got distance %v, want %v", frame, x, y, lb[i], d.dt[i], want)
			}
		}
		for ci := range d.comps {
			if !d.compKeep[ci] {
				continue
			}
			d.cands = d.cands[:0]
			d.dtPeaks(ci, 0.55)
			var wantPk [][2]int
			for y := 1; y < h-1; y++ {
				for x := 1; x < w-1; x++ {
					i := y*w + x
					v := d.dt[i]
					if lb[i] != int32(ci+1) || float64(v) < 0.55*float64(r) {
						continue
					}
					peak := true
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							if d.dt[i+dy*w+dx] > v {
								peak = false
							}
						}
					}
					if peak {
						wantPk = append(wantPk, [2]int{x, y})
					}
				}
			}
			if len(d.cands) != len(wantPk) {
				t.Fatalf("frame %d blob %d: got %d peaks, want %d", frame, ci+1, len(d.cands), len(wantPk))
			}
			for k, p := range wantPk {
				if c := d.cands[k]; c.x != float64(p[0]) || c.y != float64(p[1]) || c.comp != ci || c.d != float64(d.dt[p[1]*w+p[0]]) {
					t.Fatalf("frame %d blob %d peak %d: got (%v, %v) d %v, want (%d, %d)", frame, ci+1, k, c.x, c.y, c.d, p[0], p[1])
				}
			}
			peaks += len(wantPk)
		}
	}
	if kept == 0 || peaks == 0 {
		t.Errorf("%d blob pixels with a distance, %d peaks: want both", kept, peaks)
	}
}
