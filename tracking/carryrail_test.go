package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCushionHitBetweenCarriedTracks: cueref bench --racks 2 --seed 77,
// 8-ball shot 12, a safety. The cue ball sent the green 6 into the foot
// cushion at 0.8 m/s; it hit it at 0.430 s, was not read for a frame, and
// was read again 20 mm off the cushion by a track of its own, which
// carriedOn then named the 6. No cushion was told after the first contact,
// and the safety was called a foul (no_rail), unflagged. The hit must be
// told, near its time.
func TestCushionHitBetweenCarriedTracks(t *testing.T) {
	s := renderedShot(t, "testdata/carryrail-8ball-s77-rendered.json.gz", 15, 105.8078)
	var got []float64
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 6 && e.Rail == "foot" {
			got = append(got, e.T)
		}
	}
	if len(got) != 1 || got[0] < 0.41 || got[0] > 0.45 {
		t.Errorf("got the 6's foot cushion hits at %v s; want one, at 0.430 s (0.41-0.45)\n%s", got, fmtEvents(s.Events))
	}
}
