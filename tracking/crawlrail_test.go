package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// Rendered seed 49, 14.1 shot 29: the 10 crawled along the left cushion into
// the foot-left mouth and stopped 7.8 mm off it; the truth has no cushion
// after the first contact (a no-rail foul, rule 1.17). Its reads there
// scattered ±8 mm and two hits on the left cushion were told, unasked. They
// are asked now (crawlrail.go).
func TestCrawlRailAsked(t *testing.T) {
	s := renderedShot(t, "testdata/crawlrail-141-s49-rendered.json.gz", 15, 231.9566)
	rails := 0
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 10 {
			rails++
		}
	}
	// No hit of the 10 told is the truth; hits told must be asked.
	if rails > 0 && (s.Review == nil || !strings.HasPrefix(s.Review.Reason, "ball 10 crawled to the left cushion")) {
		t.Errorf("got %d hits of the 10 and review %v; want none, or the 10's crawl to the left cushion asked", rails, s.Review)
	}
}
