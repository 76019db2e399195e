package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// offTables keys a shot by the balls it tells gone off the table: a judge
// for which only that changes a ruling.
var offTables = keyJudge(func(s *shot.Shot) int {
	m := 0
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			m |= 1 << e.Ball
		}
	}
	return m
})

// TestRackGone: camera model at 30 fps, seed 30, 9-ball shot 200 (rackgone.go).
// The 2, racked as soon as the last rack ended and read as the 4, was left
// nameless at the stroke in the whole run (from the fixture, the 1 is unseen
// at the stroke and the 2's track takes another number in the shot); the
// break sent it off the table. It is in neither Before nor After of the
// record, and the break is asked about it, the judge finding the reading
// with the 2 off the table rules otherwise.
func TestRackGone(t *testing.T) {
	fs := loadRendered(t, "testdata/rackgone-9ball-30fps-s30-norender.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(9), Judge: offTables}), 1425.185, 0.1)
	_, before := s.Before[2]
	_, after := s.After[2]
	if before || after {
		t.Fatalf("the 2 in Before %v, in After %v; the fixture no longer shows the case", before, after)
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 2 of the rack") {
		t.Errorf("review %+v; want one about ball 2 of the rack", s.Review)
	}
}
