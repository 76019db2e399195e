package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestFlitHomeRendered runs the tracker on the detector's view of an 8-ball
// safety and the pot after it (bench seed 27, rendered, shots 51 and 52):
// ball 15, nudged into the foot-left jaws 8 mm from the resting cue ball, is
// read at its place and 7–18 mm towards the cue ball in turn for seconds.
// Started by those reads, it never came to rest: the safety ran on past the
// pot's stroke, which went untold; and a flit 0.13 s before that stroke had
// the stroke backdated to it, with the 15 for the first ball. The pot must
// be told, struck when it was, on the 9.
func TestFlitHomeRendered(t *testing.T) {
	s := renderedShot(t, "testdata/flithome-8ball-s27-rendered.json.gz", 15, 409.3033)
	wantStrokeFirst(t, s, 409.3033, 9)
}

// TestFlitHomeRailsRendered: ball 2, frozen to the foot cushion 9 mm from
// the 10 (bench seed 28, 8-ball shot 14, as in TestMovingBackRendered), is
// read hopping between its place, the cushion and the 10 all through the
// shot; started by the hops, it was told hitting the foot cushion nine
// times. It never moved: no cushion hit or contact of it may be told.
func TestFlitHomeRailsRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/movejit-8ball-s28-rendered.json.gz")
	stillInTruth(t, fs, 2)
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 117.8126, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 2 || e.Kind == shot.Contact && (e.A == 2 || e.B == 2) {
			t.Errorf("got %s of ball 2 at %.3f s into the shot; want none (it never moved)", e.Kind, e.T)
		}
	}
}
