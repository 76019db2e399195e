package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestJawsNamelessRendered runs the tracker on the detector's view of two
// 14.1 pots (bench seed 51, rendered, shots 15 and 16; see jawsname.go): the
// 11, sent into the foot-right corner at 116.17 s, rattled between the jaws'
// facings, was lost there (taken for pocketed) and rolled back out onto the
// bed 50 ms later, picked up by a new track that read it as no number of
// its own. In the bench, every ball of the game but the 13 (pocketed in
// shot 8, its gone track since nameless) was held by a track on the table or
// a gone one, and eliminate named the new track 13; here the balls in play
// are those on the table and the 13, as that left them. The 11 stayed on
// the table: its pocket may not be told, and the next shot's cue ball met
// it first.
func TestJawsNamelessRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/jawsname-14.1-s51-rendered.json.gz")
	wantOnBedInTruth(t, fs, 11)
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: []int{0, 1, 2, 7, 8, 9, 11, 13, 15}})
	s := shotNear(t, shots, 116.1663, 0.05)
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed {
			t.Errorf("got ball %d pocketed at %.3f s into the shot; want no pocket (the 11 rattled out)", e.Ball, e.T)
		}
	}
	if _, ok := s.After[11]; !ok {
		t.Errorf("ball 11 not on the table after the shot; want it there (after: %v)", s.After)
	}
	wantStrokeFirst(t, shotNear(t, shots, 124.4646, 0.05), 124.4646, 11)
}
