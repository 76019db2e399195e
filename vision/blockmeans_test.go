package vision

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/cueref/cueref/internal/cpuclock"
)

// blockMeansGo is blockMeans as it was written in Go (see blockmeans.go): it
// writes into dst (w/8 × h/8, BGR) the means of the 8×8 blocks of
// the BGR image src (w × h, both multiples of 8), rounded half to even: what
// gocv.Resize with InterpolationArea gives for an exact 1/8 reduction (the sum
// times 1/64 in float, then cvRound). OpenCV reads each block through a table
// of 64 offsets, one byte at a time; here a block's row is three 8-byte words
// whose even and odd bytes are summed as 16-bit lanes (eight rows of 255 fit).
func blockMeansGo(src []uint8, w, h int, dst []uint8) {
	const m = 0x00ff00ff00ff00ff
	sw := w / 8
	stride := 3 * w
	le := binary.LittleEndian
	for by := 0; by < h/8; by++ {
		rows := src[8*by*stride : (8*by+8)*stride]
		out := dst[3*sw*by : 3*sw*(by+1)]
		for bx := 0; bx < sw; bx++ {
			var e0, e1, e2, o0, o1, o2 uint64
			for r := 0; r < 8; r++ {
				p := rows[r*stride+24*bx : r*stride+24*bx+24]
				v0, v1, v2 := le.Uint64(p[0:8]), le.Uint64(p[8:16]), le.Uint64(p[16:24])
				e0 += v0 & m
				o0 += v0 >> 8 & m
				e1 += v1 & m
				o1 += v1 >> 8 & m
				e2 += v2 & m
				o2 += v2 >> 8 & m
			}
			// Byte j of the block's row is channel j mod 3; word k's even
			// lane l (16 bits) is byte 8k+2l, its odd lane byte 8k+2l+1.
			// Channel 0: bytes 0, 3, 6, 9, 12, 15, 18, 21.
			c0 := lane(e0, 0) + lane(o0, 1) + lane(e0, 3) + lane(o1, 0) + lane(e1, 2) + lane(o1, 3) + lane(e2, 1) + lane(o2, 2)
			// Channel 1: bytes 1, 4, 7, 10, 13, 16, 19, 22.
			c1 := lane(o0, 0) + lane(e0, 2) + lane(o0, 3) + lane(e1, 1) + lane(o1, 2) + lane(e2, 0) + lane(o2, 1) + lane(e2, 3)
			// Channel 2: bytes 2, 5, 8, 11, 14, 17, 20, 23.
			c2 := lane(e0, 1) + lane(o0, 2) + lane(e1, 0) + lane(o1, 1) + lane(e1, 3) + lane(o2, 0) + lane(e2, 2) + lane(o2, 3)
			q := out[3*bx : 3*bx+3]
			q[0], q[1], q[2] = roundHalfEven64(c0), roundHalfEven64(c1), roundHalfEven64(c2)
		}
	}
}

// lane is 16-bit lane l of v.
func lane(v uint64, l uint) uint64 { return v >> (16 * l) & 0xffff }

// roundHalfEven64 is sum/64 rounded to the nearest integer, ties to even,
// for sums of 64 bytes.
func roundHalfEven64(sum uint64) uint8 {
	q, rem := sum>>6, sum&63
	if rem > 32 || rem == 32 && q&1 == 1 {
		q++
	}
	return uint8(q)
}

// TestBlockMeansGo checks blockMeans (in C) against blockMeansGo byte for
// byte on random images of the view's sizes, some of few levels (many ties
// to round).
func TestBlockMeansGo(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, sz := range [][2]int{{8, 8}, {16, 8}, {456, 240}, {512, 264}, {1272, 712}, {2040, 1080}} {
		for _, levels := range []int{256, 2, 3} {
			src := make([]uint8, 3*sz[0]*sz[1])
			for i := range src {
				src[i] = uint8(rng.Intn(levels) * (255 / (levels - 1)))
			}
			n := 3 * (sz[0] / 8) * (sz[1] / 8)
			got, want := make([]uint8, n), make([]uint8, n)
			blockMeans(src, sz[0], sz[1], got)
			blockMeansGo(src, sz[0], sz[1], want)
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%dx%d, %d levels: byte %d: got %d, want %d", sz[0], sz[1], levels, i, got[i], want[i])
				}
			}
		}
	}
}

// BenchmarkBlockMeans measures blockMeans (C) and blockMeansGo on a view of
// bench --quick's size (512×264), in the thread's CPU time.
func BenchmarkBlockMeans(b *testing.B) {
	rng := rand.New(rand.NewSource(6))
	w, h := 512, 264
	src := make([]uint8, 3*w*h)
	for i := range src {
		src[i] = uint8(rng.Intn(256))
	}
	dst := make([]uint8, 3*(w/8)*(h/8))
	for _, c := range []struct {
		name string
		f    func(src []uint8, w, h int, dst []uint8)
	}{{"c", blockMeans}, {"go", blockMeansGo}} {
		b.Run(c.name, func(b *testing.B) {
			lap := cpuclock.Start()
			for n := 0; n < b.N; n++ {
				c.f(src, w, h, dst)
			}
			cpu, _ := lap.Stop()
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
