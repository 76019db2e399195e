package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestJawPastMouthBend: rendered seed 71, 9-ball shot 14 (see jawEvent). The
// 7, bound for the head-right corner pocket at 900 mm/s, crosses the head
// cushion's line 23 mm inside the mouth, where no cushion is, touches the
// pocket's facing at 105.0341 s (the simulator's event) and drops. The bend
// on the line is taken back as the ball's way in; the facing's touch must be
// told.
func TestJawPastMouthBend(t *testing.T) {
	fs := loadRendered(t, "testdata/deepmouth-9ball-rendered.json.gz")
	truthRailHit(t, fs, 7, table.Head, 104.9, 105.1) // it reaches the line
	cfg := Config{Table: tab9, FPS: 60, Balls: gameBalls(9)}
	wantRailTold(t, shotAt(t, fs, cfg, 104.4518), 7, table.Head, 105.0341, 0.02)
}
