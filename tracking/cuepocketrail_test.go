package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestRailDoubtCuePocketed runs the tracker on the detector's view of an 8-ball
// shot (cueref bench --racks 2 --seed 2, 8-ball shot 37, struck at 284.65 s).
// The cue ball drives ball 15, resting 15 mm off the head cushion (the detector
// reads it 8 mm off), into that cushion and straight back out, then falls in a
// pocket. The cushion hit is too brief to see in the path (bouncedOff tells it
// from the drive and the way back, see TestBouncedOffRendered): if it is not
// told, the tracker calls no_rail where the truth does not, and must then ask
// for review: a pocketed cue ball does not meet rule 1.17, so it must not
// settle the cushion question, and ball 15 left rest near a cushion though its
// moving detections all lie clear of it.
func TestRailDoubtCuePocketed(t *testing.T) {
	fs := loadRendered(t, "testdata/cuepocket-rail-8ball-s2-rendered.json.gz")
	// The fixture: the truth has ball 15 touch the head cushion (x = 0).
	touched := false
	for _, f := range fs {
		for _, x := range f.Truth {
			if x[0] == 15 && x[1] <= tab9.BallR+1 {
				touched = true
			}
		}
	}
	if !touched {
		t.Fatalf("testdata: ball 15 never within 1 mm of the head cushion in the truth, want it touching")
	}
	got := shotStruckAt(t, fs, 284.65)
	var firstT float64
	cue, railAfter := false, false
	for _, e := range absEvents(got) {
		switch {
		case e.Kind == shot.Contact && firstT == 0:
			firstT = e.T
		case e.Kind == shot.Pocketed && e.Ball == 0:
			cue = true
		case e.Kind == shot.Pocketed || e.Kind == shot.OffTable:
			t.Fatalf("ball %d told %s at %.4f s, want only the cue ball pocketed", e.Ball, e.Kind, e.T)
		case e.Kind == shot.RailHit && firstT > 0:
			railAfter = true
		}
	}
	if firstT == 0 || !cue {
		t.Fatalf("first contact at %.4f s, cue ball pocketed %v; want a contact and the cue ball pocketed", firstT, cue)
	}
	if railAfter {
		return // the cushion was seen: no no_rail call to doubt
	}
	want := "no cushion seen after the first contact, but ball 15"
	if got.Review == nil || !strings.HasPrefix(got.Review.Reason, want) {
		t.Errorf("no cushion told after the first contact; review %+v, want a reason starting %q", got.Review, want)
	}
}
