package vision

// #cgo CFLAGS: -O3
// #include "blockmeans.h"
import "C"

import "unsafe"

// blockMeans writes into dst (w/8 × h/8, BGR) the means of the 8×8 blocks of
// the BGR image src (w × h, both multiples of 8), rounded half to even: what
// gocv.Resize with InterpolationArea gives for an exact 1/8 reduction (the sum
// times 1/64 in float, then cvRound). OpenCV reads each block through a table
// of 64 offsets, one byte at a time.
//
// In C: the Go version (blockMeansGo, kept with the tests; a block's row as
// three 8-byte words whose even and odd bytes were summed as 16-bit lanes)
// cost 6 % of the detector's time on bench --quick's 8-ball frames (125 µs
// of 2.1 ms a frame, pprof); the C one's column sums are vectorised, and
// BenchmarkBlockMeans has it at 27 µs of CPU time a view of that size
// (512×264) against the Go one's 75. TestBlockMeansResize checks it against
// OpenCV and TestBlockMeansGo against the Go version, byte for byte.
func blockMeans(src []uint8, w, h int, dst []uint8) {
	if w < 8 || h < 8 {
		return
	}
	C.cueref_vision_block_means((*C.uint8_t)(unsafe.Pointer(&src[0])), C.int(w), C.int(h),
		(*C.uint8_t)(unsafe.Pointer(&dst[0])))
}
