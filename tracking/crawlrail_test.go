package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCrawlRailRendered runs the tracker on the detector's view of a 10-ball
// table (bench seed 34, rendered, shot 30): ball 6, green on the green cloth,
// rolls at 0.1 m/s into the right cushion, read one frame in two, up to
// 20 mm off its way, and is not read again after it comes to rest 4 mm off
// the cushion. Its reads' scatter fitted two at a time made it "1.4 m/s into
// the cushion" as it was lost: it must not be told off the table.
func TestCrawlRailRendered(t *testing.T) {
	s := renderedShot(t, "testdata/crawlrail-10ball-s34-rendered.json.gz", 10, 230.0369)
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			t.Errorf("got %s of ball %d at %.3f s; want none (ball 6 stayed on the table)", e.Kind, e.Ball, e.T)
		}
	}
	wantStrokeFirst(t, s, 230.0369, 6)
}
