package render

import (
	"io"
	"testing"

	"gocv.io/x/gocv"
)

// BenchmarkVideo renders frames at 1280×720 on one core (the renderer is
// single-threaded) and reports rendered frames per second: over a break and a
// second shot with every effect on (JPEG quality 85), the same without the JPEG
// round trip, and only the 1.5 s after the break (all balls moving, motion blur).
func BenchmarkVideo(b *testing.B) {
	ms := testMotions(b)
	for _, bc := range []struct {
		name   string
		jpeg   int
		moving bool
	}{{"all-effects", 85, false}, {"no-jpeg", 0, false}, {"break-no-jpeg", 0, true}} {
		b.Run(bc.name, func(b *testing.B) {
			cfg := DefaultConfig()
			cfg.Seed = 11
			cfg.JPEG = bc.jpeg
			v, err := newVideo(tb9, ms, cfg)
			if err != nil {
				b.Fatal(err)
			}
			defer v.Close()
			first, last := 0, v.Frames()
			if bc.moving {
				if first, err = v.FrameAt(0, 0); err != nil {
					b.Fatal(err)
				}
				if last, err = v.FrameAt(0, 1.5); err != nil {
					b.Fatal(err)
				}
			}
			m := gocv.NewMat()
			defer m.Close()
			b.ResetTimer()
			v.Seek(first)
			for i := 0; i < b.N; i++ {
				if v.next >= last {
					v.Seek(first)
				}
				if _, err := v.Next(&m); err == io.EOF {
					v.Seek(first)
				} else if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
		})
	}
}
