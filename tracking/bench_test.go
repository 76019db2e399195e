package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// BenchmarkPush measures the tracker's cost per frame on a full rack of sixteen
// balls, with the cue ball rolling through them (60 fps, camera noise).
func BenchmarkPush(b *testing.B) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	pos := map[int]table.Point{0: P(600, 640)}
	for i, p := range tab9.Rack(5) {
		pos[i+1] = p
	}
	w := newToy(tab9, pos)
	w.run(0.5)
	w.strike(0, P(6000, 0))
	w.settle()
	frames := defaultCamera(1).frames(w, 0.004, w.t)
	k, err := New(Config{Table: tab9})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	dt := 0.0
	for i := 0; i < b.N; i++ {
		f := frames[i%len(frames)]
		if i > 0 && i%len(frames) == 0 {
			dt += frames[len(frames)-1].T + 1
		}
		f.T += dt
		if _, err := k.PushFrame(f); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/frame")
}
