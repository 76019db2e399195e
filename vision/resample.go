package vision

import "encoding/binary"

// The view's resamplings that OpenCV does slower than plain Go on this
// geometry; each gives OpenCV's own result bit for bit (see
// TestBlockMeansResize, TestSubsampleResize), so the detections do not move.
// (blockMeans, the 1/8 one, is in C: blockmeans.go.)

// subsample writes into dst (dw × dh, BGR) every n-th pixel of the BGR image
// src (stride bytes a row), starting at ((n−1)/2, (n−1)/2): what a bilinear
// gocv.Resize by exactly 1/n gives for an odd n, whose sample points
// ((x+0.5)·n − 0.5) fall on whole pixels. OpenCV still interpolates between
// two rows and two columns (with a weight of 0); this reads one.
func subsample(src []uint8, stride, n, dw, dh int, dst []uint8) {
	h := (n - 1) / 2
	le := binary.LittleEndian
	for y := 0; y < dh; y++ {
		row := src[(n*y+h)*stride:]
		out := dst[3*dw*y : 3*dw*(y+1)]
		j := 3 * h
		// Four bytes at a time, the fourth overwritten by the next pixel
		// (the row's last pixel byte by byte: the fourth may be past the
		// row, or the image).
		x := 0
		for ; x < len(out)-3; x += 3 {
			le.PutUint32(out[x:x+4], le.Uint32(row[j:j+4]))
			j += 3 * n
		}
		p := row[j : j+3]
		out[x], out[x+1], out[x+2] = p[0], p[1], p[2]
	}
}
