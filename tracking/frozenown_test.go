package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// frozenFoul keys a shot by whether a cushion was hit after the first
// contact by a ball other than the first one: the judge of rule 1.31 with
// the first ball frozen to its cushion, for which only that changes a
// ruling.
var frozenFoul = keyJudge(func(s *shot.Shot) int {
	i := firstOf(s)
	if i < 0 {
		return -1
	}
	first := s.Events[i].A + s.Events[i].B
	for _, e := range s.Events[i:] {
		if e.Kind == shot.RailHit && e.Ball != first {
			return 1
		}
	}
	return 0
})

// TestFrozenOwnRail: camera model at 30 fps, seed 50, 8-ball shot 189 (rail.go,
// railDoubt). The cue ball met the 11, frozen to the foot cushion, which hit
// that cushion at once; the cue ball crawled on at 60 mm/s into the right
// cushion and came to rest 3 mm off it, its slow hit untold. The 11's hit on
// its own cushion does not meet rule 1.31: the shot asks whether the cue
// ball reached the right cushion.
func TestFrozenOwnRail(t *testing.T) {
	fs := loadRendered(t, "testdata/frozenown-8ball-30fps-s50-norender.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(15), Judge: frozenFoul}), 1233.574, 0.1)
	if i := firstOf(s); i < 0 || s.Events[i].A+s.Events[i].B != 11 {
		t.Fatalf("events %s; want the cue ball's first contact on the 11", fmtEvents(s.Events))
	}
	if got := frozenFoul(s); got != 0 {
		t.Fatalf("a cushion hit by a ball other than the 11 told: %s; the fixture no longer shows the case", fmtEvents(s.Events))
	}
	if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 0 came within") {
		t.Errorf("review %+v; want one about the cue ball by a cushion", s.Review)
	}
}
