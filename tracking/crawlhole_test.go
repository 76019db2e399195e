package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCrawlToHole: rendered 14.1, seed 71, shot 50 (see crawlDoubt): the cue
// ball crawled into the foot-right corner's mouth and was lost at the hole's
// edge; told pocketed, the shot must be asked.
func TestCrawlToHole(t *testing.T) {
	const stroke = 401.1374
	cuePotted := func(s *shot.Shot) int {
		for _, e := range s.Events {
			if e.Kind == shot.Pocketed && e.Ball == 0 {
				return 1
			}
		}
		return 0
	}
	fs := loadRendered(t, "testdata/crawlhole-14.1-s71-rendered.json.gz")
	// Judged on the cue ball's pocketing alone: the short fixture's other
	// doubts (a nameless track at its start) do not bear on it.
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15), Judge: keyJudge(cuePotted)}), stroke, 0.05)
	if cuePotted(s) == 1 && (s.Review == nil || !strings.Contains(s.Review.Reason, "ball 0 last seen crawling")) {
		t.Errorf("got the cue ball pocketed with review %v; want it asked; events:%s", s.Review, fmtEvents(absEvents(s)))
	}
}
