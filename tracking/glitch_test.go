package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestGlitchReadsNoCushion: rendered 9-ball, seed 69, shot 6 (see glitch.go).
// The 9 meets the 6, frozen to the foot cushion, at 47.24 s; the 6 rolls
// away from the cushion at 60 mm/s and is read 16 mm towards it in two
// frames in a row, twice. Neither pair may tell a cushion hit of the 6 or a
// contact of the 6 and the 9 after 47.3 s: the truth has none.
func TestGlitchReadsNoCushion(t *testing.T) {
	n := 0
	eachRenderedEvent(t, "testdata/glitch-9ball-s69-rendered.json.gz", Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}, func(ft float64, o Output) {
		e := o.Event
		if e.Kind == shot.Contact && (e.A == 9 && e.B == 6 || e.A == 6 && e.B == 9) {
			n++
		}
		if o.T < 47.3 {
			return
		}
		switch {
		case e.Kind == shot.RailHit && e.Ball == 6:
			t.Errorf("%.4f: cushion hit of the 6 at %.4f told; the truth has none after 47.3 s", ft, o.T)
		case e.Kind == shot.Contact && (e.A == 6 || e.B == 6):
			t.Errorf("%.4f: contact %d-%d at %.4f told; the truth has none of the 6 after 47.3 s", ft, e.A, e.B, o.T)
		}
	})
	if n == 0 {
		t.Errorf("the 9's contact with the 6 at 47.24 s not told")
	}
}

// TestGlitchIntoCushion: rendered 14.1, seed 3071, shot 36 (see intoGlitch).
// The black 8 rolls at 700 mm/s towards the right cushion at a shallow angle
// and meets it at 301.8805 s; at 301.75 and 301.7667 it is read 11 and 21 mm
// nearer the cushion than its path. The cushion hit must be told once, within
// 30 ms of 301.8805, and none of the 8 before.
func TestGlitchIntoCushion(t *testing.T) {
	const hit = 301.8805
	n := 0
	eachRenderedEvent(t, "testdata/intoglitch-14.1-s71-rendered.json.gz", Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, func(ft float64, o Output) {
		e := o.Event
		if e.Kind != shot.RailHit || e.Ball != 8 || o.T < hit-0.3 || o.T > hit+0.3 {
			return
		}
		if math.Abs(o.T-hit) > 0.03 {
			t.Errorf("%.4f: cushion hit of the 8 (%s) at %.4f told; want it at %.4f only", ft, e.Rail, o.T, hit)
			return
		}
		n++
	})
	if n != 1 {
		t.Errorf("cushion hit of the 8 at %.4f told %d times; want once", hit, n)
	}
}
