package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// Rendered seed 54, 8-ball shot 23: the 8 crawled into the foot-left corner's
// mouth and stopped 2 mm off the foot cushion without touching it; the truth
// has no cushion after the first contact (a no-rail foul, rule 1.17). Two
// hits of the foot cushion were told 0.12 s apart, the crawl-rail doubt was
// raised for the later one only, and the judge found the ruling the same
// without it, the earlier one still standing: the foul was ruled a legal
// shot, unasked. Hits of one crawl are one doubt now (crawlrail.go).
func TestCrawlRailTwiceAsked(t *testing.T) {
	fs := loadRendered(t, "testdata/crawltwice-8ball-s54-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15), Judge: railJudge})
	s := shotNear(t, shots, 183.3069, 0.05)
	rails := 0
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 8 {
			rails++
		}
	}
	if rails > 0 && (s.Review == nil || !strings.HasPrefix(s.Review.Reason, "ball 8 crawled to the foot cushion")) {
		t.Errorf("got %d hits of the 8 and review %v; want none, or the 8's crawl to the foot cushion asked", rails, s.Review)
	}
}

// railJudge judges by rule 1.17 alone: a reading differs when it has a
// cushion hit or a pocketed ball after the first contact and the record has
// none, or the other way round.
var railJudge = keyJudge(func(s *shot.Shot) int {
	if railAfterFirst(s) {
		return 1
	}
	return 0
})

// railAfterFirst says whether s has a cushion hit or a pocketed ball after
// its first contact.
func railAfterFirst(s *shot.Shot) bool {
	first := -1.0
	for _, e := range s.Events {
		if e.Kind == shot.Contact && first < 0 {
			first = e.T
		}
		if first >= 0 && e.T >= first && (e.Kind == shot.RailHit || e.Kind == shot.Pocketed) {
			return true
		}
	}
	return false
}
