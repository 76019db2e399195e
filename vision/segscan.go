package vision

// #cgo CFLAGS: -O3
// #include "segscan.h"
import "C"

import "unsafe"

// segmentRows is segment's per-pixel work, in C. A player's arm and its
// shadow over the bed leave most of the blocks segment cannot skip as plain
// cloth, hundreds of thousands of pixels a frame, and the per-pixel rules
// (offCloth and offClothPixels, then the dark pixels' brightness gradient,
// written in Go) were 60 % of the slowest frames' cost: on the 90 of 4,119
// frames of bench --quick that cost the most instructions (callgrind), 19.1 M
// of 31.6 M a frame; on 90 median frames 11.2 M of 22.3 M. The same integer
// arithmetic in C, one call over all the rows, costs 13.5 M and 7.8 M (the
// whole frame 26.1 M and 19.0 M, -17 % and -15 %), with the same detections
// on all 4,119 frames. The rules' Go definition is kept with the tests
// (segmentGo), and TestSegmentRows checks this scan against it bit for bit.
//
// The scan was still 29 % of the detector's CPU time on bench --quick's
// 8-ball frames (pprof: 614 µs of 2.1 ms a frame): three of four blocks of
// the bed are not quiet on a rendered frame (the cloth's texture), some
// 85,000 pixels a frame, and branching per pixel on which rule applies (a
// coin toss of the noise near each threshold) mispredicted. segscan.c now
// works every pixel of a row's span in full without a branch (the local
// cloth colour's terms spread per pixel once per row of blocks, quiet blocks
// masked out), in 32-bit arithmetic, which the compiler does 8 pixels a step
// (AVX2 where the processor has it, else 4). The detector's time on those
// frames fell by 14 % (median of min-of-3 replays of the 2,097 frames, 1,848
// → 1,580 µs) with the same detections on every frame.
//
// It marks the foreground in fb and the dark pixels in d.dark over the ring
// mask's span of every row from y0, and lists the dark pixels on a brightness
// edge (index, gradient) in d.darkEdges, in raster order, for ringVote (whose
// float sums must be cast in that order). It stops before a row whose pixels
// might not all fit in d.darkEdges, and returns that row (d.wh when done)
// and how many pixels it listed.
func (d *Detector) segmentRows(wb, bm, fb []uint8, y0 int) (y, n int) {
	lit := 0
	if d.litMouth {
		lit = 1
	}
	if len(d.segPar) < 6*d.ww {
		// A detector made by hand (the tests').
		d.segPar = make([]int32, 6*d.ww)
	}
	r := C.cueref_vision_segment_rows(
		(*C.uint8_t)(unsafe.Pointer(&wb[0])), (*C.uint8_t)(unsafe.Pointer(&bm[0])),
		(*C.uint8_t)(unsafe.Pointer(&d.ringMask[0])), (*C.uint8_t)(unsafe.Pointer(&d.bgb[0])),
		(*C.uint8_t)(unsafe.Pointer(&d.skip[0])), (*C.uint8_t)(unsafe.Pointer(&d.offBed[0])),
		(*C.intptr_t)(unsafe.Pointer(&d.rspan[0])),
		C.int(d.ww), C.int(d.wh), C.int(d.sw), C.int(lit),
		(*C.uint8_t)(unsafe.Pointer(&fb[0])), (*C.uint8_t)(unsafe.Pointer(&d.dark[0])),
		(*C.int32_t)(unsafe.Pointer(&d.darkEdges[0])), C.int(len(d.darkEdges)/3), C.int(y0),
		darkAlpha, mouthLit, ringEdge, (*C.int32_t)(unsafe.Pointer(&d.segPar[0])))
	return int(r >> 32), int(r & 0xffffffff)
}

// segmentPixels marks the foreground in fb and the dark pixels in d.dark
// (segmentRows), and casts the ring votes of the dark pixels on an edge.
func (d *Detector) segmentPixels(wb, bm, fb []uint8) {
	ww := d.ww
	// The ring detector's votes are cast here, those of the dark pixels
	// segmentRows found on an edge, in raster order.
	for _, i := range d.touched {
		d.acc2[i], d.marked[i] = 0, 0
	}
	d.touched = d.touched[:0]
	if len(d.darkEdges) < 3*ww {
		// Room for a whole row's pixels at least (segmentRows stops
		// before a row that might not fit).
		d.darkEdges = make([]int32, 3*max(ww, 1<<14))
	}
	for y := 0; y < d.wh; {
		var n int
		y, n = d.segmentRows(wb, bm, fb, y)
		for e := d.darkEdges[:3*n]; len(e) >= 3; e = e[3:] {
			i, gx, gy := int(e[0]), e[1], e[2]
			yi := i / ww
			d.ringVote(i, i-yi*ww, yi, gx, gy, gx*gx+gy*gy)
		}
	}
}
