package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestShadeFallNoCushion: default bench at 120 fps, 8-ball shot 8 (see
// fallOutruns). The 8 rolls away from the foot cushion at 35 mm/s, 11 to
// 18 mm off it, and is read up to 7 mm towards it for a few frames from
// 73.82 s: no hit of the foot cushion by the 8 may be told (the truth has
// none in the shot).
func TestShadeFallNoCushion(t *testing.T) {
	eachRenderedEvent(t, "testdata/shadefall-8ball-120fps-rendered.json.gz", Config{Table: tab9, FPS: 120, Balls: gameBalls(15)}, func(ft float64, o Output) {
		if o.Event.Kind == shot.RailHit && o.Event.Ball == 8 && o.T > 73.5 {
			t.Errorf("%.4f: the 8's %s cushion hit at %.4f told; the truth has none", ft, o.Event.Rail, o.T)
		}
	})
}
