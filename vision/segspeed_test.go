package vision

import (
	"math/rand"
	"testing"
)

// TestOthersNear checks the pruned neighbour lists of refine's per-pixel
// tests against the tests over every candidate of the blob: nearerOther for
// the pixels of a candidate's disc of radius r+1, inOtherDisc for those of the
// ring round it (or round its streak), on random blobs with balls at rest and
// streaks, some candidates dropped or absorbed.
func TestOthersNear(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	// The tests as they were, over the whole blob.
	nearerAll := func(d *Detector, i int, x, y float64) bool {
		k := &d.cands[i]
		dk := (x-k.x)*(x-k.x) + (y-k.y)*(y-k.y)
		for j := range d.cands {
			o := &d.cands[j]
			if j != i && o.ok && !o.absorbed && (x-o.x)*(x-o.x)+(y-o.y)*(y-o.y) < dk {
				return true
			}
		}
		return false
	}
	inDiscAll := func(d *Detector, i int, x, y float64) bool {
		for j := range d.cands {
			o := &d.cands[j]
			if j == i || !o.ok || o.absorbed {
				continue
			}
			r := o.r + 1.5
			if o.moving && segDist2(x, y, o.x0, o.y0, o.x1, o.y1) < r*r || !o.moving && (x-o.x)*(x-o.x)+(y-o.y)*(y-o.y) < r*r {
				return true
			}
		}
		return false
	}
	checked, near := 0, 0
	for blob := 0; blob < 200; blob++ {
		d := &Detector{}
		n := 2 + rng.Intn(30)
		size := 20 + 200*rng.Float64()
		for j := 0; j < n; j++ {
			k := cand{x: size * rng.Float64(), y: size * rng.Float64(), r: 4 + 4*rng.Float64(), ok: rng.Intn(8) > 0, absorbed: rng.Intn(10) == 0}
			if rng.Intn(5) == 0 {
				k.moving = true
				k.x0, k.y0 = k.x+20*(rng.Float64()-0.5), k.y+20*(rng.Float64()-0.5)
				k.x1, k.y1 = 2*k.x-k.x0, 2*k.y-k.y0
			}
			d.cands = append(d.cands, k)
		}
		d.comps = []comp{{c0: 0, c1: n}}
		for i := range d.cands {
			k := &d.cands[i]
			if !k.ok || k.absorbed {
				continue
			}
			// refine's centroid pass: the disc of radius r+1.
			r1 := k.r + 1
			any := d.othersNear(i, k.x-r1, k.y-r1, k.x+r1, k.y+r1, r1+1, false)
			for s := 0; s < 300; s++ {
				x, y := k.x+r1*(2*rng.Float64()-1), k.y+r1*(2*rng.Float64()-1)
				if (x-k.x)*(x-k.x)+(y-k.y)*(y-k.y) > r1*r1 {
					continue
				}
				got, want := any && d.nearerOther(i, x, y), nearerAll(d, i, x, y)
				if got != want {
					t.Fatalf("blob %d cand %d (%.2f, %.2f): nearerOther got %v, want %v", blob, i, x, y, got, want)
				}
				checked++
				if want {
					near++
				}
			}
			// refine's scores: the ring from r+1.5 to r+3.5 round the ball
			// or its streak's segment, in the ring's box.
			ro, ri := k.r+3.5, k.r+1.5
			sx0, sy0, sx1, sy1 := k.x, k.y, k.x, k.y
			if k.moving {
				sx0, sy0, sx1, sy1 = k.x0, k.y0, k.x1, k.y1
			}
			any = d.othersNear(i, min(sx0, sx1)-ro, min(sy0, sy1)-ro, max(sx0, sx1)+ro+1, max(sy0, sy1)+ro+1, 1, true)
			for s := 0; s < 300; s++ {
				x := min(sx0, sx1) - ro + (max(sx0, sx1)-min(sx0, sx1)+2*ro+1)*rng.Float64()
				y := min(sy0, sy1) - ro + (max(sy0, sy1)-min(sy0, sy1)+2*ro+1)*rng.Float64()
				if r2 := segDist2(x, y, sx0, sy0, sx1, sy1); r2 > ro*ro || r2 < ri*ri {
					continue
				}
				got, want := any && d.inOtherDisc(x, y), inDiscAll(d, i, x, y)
				if got != want {
					t.Fatalf("blob %d cand %d (%.2f, %.2f): inOtherDisc got %v, want %v", blob, i, x, y, got, want)
				}
				checked++
				if want {
					near++
				}
			}
		}
	}
	// Both answers must have come up often, or the test says little.
	if near < checked/20 || near > checked-checked/20 {
		t.Errorf("%d of %d pixels had another candidate near: want both answers common", near, checked)
	}
}

// TestOffClothPixels checks offClothPixels's dark and foreground pixels
// against the per-pixel rule on random pixels, cloth colours and mouths, in
// the bed's view and in a mouth's own view.
func TestOffClothPixels(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var dark, fg int
	for n := 0; n < 200_000; n++ {
		var px [24]uint8
		for j := range px {
			px[j] = uint8(rng.Intn(256))
		}
		B, G, R := int64(rng.Intn(256))+1, int64(rng.Intn(256))+1, int64(rng.Intn(256))+1
		inv := (1 << 30) / (B*B + G*G + R*R)
		m, mouth := uint8(rng.Intn(256)), uint8(rng.Intn(256))
		if rng.Intn(2) == 0 {
			mouth = 0
		}
		lit := rng.Intn(2) == 0
		df := offClothPixels(m, &px, B, G, R, inv, mouth, lit)
		gotD, gotF := df&0xff, df>>8
		var wantD, wantF uint32
		for k := 0; k < 8; k++ {
			if m&(1<<k) == 0 {
				continue
			}
			b, g, r := int64(px[3*k]), int64(px[3*k+1]), int64(px[3*k+2])
			a := ((b*B + g*G + r*R) << 10) * inv >> 30
			if a < darkAlpha {
				wantD |= 1 << k
			}
			onMouth := mouth&(1<<k) != 0
			if onMouth && (!lit || a < mouthLit) {
				continue
			}
			abs := func(v int64) int64 { return max(v, -v) }
			cd := (abs((b<<10)-a*B) + abs((g<<10)-a*G) + abs((r<<10)-a*R)) >> 10
			if cd > 20 || a > 1350 || a < 420 && !onMouth {
				wantF |= 1 << k
			}
		}
		if gotD != wantD || gotF != wantF {
			t.Fatalf("pixels %v, cloth %d %d %d, m %08b mouth %08b lit %v: got dark %08b fg %08b, want %08b %08b", px, B-1, G-1, R-1, m, mouth, lit, gotD, gotF, wantD, wantF)
		}
		if wantD != 0 {
			dark++
		}
		if wantF != 0 {
			fg++
		}
	}
	if dark == 0 || fg == 0 {
		t.Errorf("dark %d, foreground %d cases: want both", dark, fg)
	}
}
