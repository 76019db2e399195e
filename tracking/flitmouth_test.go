package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestFlitMouthRendered: ball 6, come to rest frozen to the foot cushion in
// the foot-left mouth at the end of shot 14 (bench seed 29, rendered 10-ball),
// is read hopping among five places up to 45 mm apart through shot 15, in
// which the cue ball meets the 7 (the wrong ball: the 6 is the lowest) and no
// ball reaches a cushion after. Started by the hops, the 6 was told hitting
// the foot cushion dozens of times, one after the contact: the no-rail foul
// went untold. No cushion hit of the 6 may be told in shot 15.
func TestFlitMouthRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flitmouth-10ball-s29-rendered.json.gz")
	var late []renderedFrame
	for _, f := range fs {
		if f.T > 121.0 {
			late = append(late, f)
		}
	}
	stillInTruth(t, late, 6)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}), 122.5606, 0.05)
	wantStrokeFirst(t, s, 122.5606, 7)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 6 {
			t.Errorf("got a cushion hit of ball 6 at %.3f s into the shot; want none (it never moved)", e.T)
		}
	}
}
