package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestProvUnseenRendered runs the tracker on the detector's view of two
// 14.1 shots (cueref bench --racks 2 --seed 9) in which the cue ball comes
// into the right cushion at 150–500 mm/s and the detector loses it for
// several frames at the cushion:
//   - shot 40 (struck at 324.6698 s): it hits the cushion at 326.4154 s,
//     unseen from 326.40 s to 326.45 s;
//   - shot 4 (struck at 33.3349 s): it hits the cushion at 37.8623 s.
//
// The hit was first told on the first detection after the bounce, three
// frames or more late. It must be told within two frames of the truth's time
// (see checkToldInTwo).
func TestProvUnseenRendered(t *testing.T) {
	for _, c := range []struct {
		file  string
		from  float64 // the stroke
		truth shot.Event
	}{
		{"testdata/unseenrail-14.1-s9-rendered.json.gz", 324.6698, shot.Event{T: 326.4154, Kind: shot.RailHit, Ball: 0, Rail: "right"}},
		{"testdata/unseenrail2-14.1-s9-rendered.json.gz", 33.3349, shot.Event{T: 37.8623, Kind: shot.RailHit, Ball: 0, Rail: "right"}},
	} {
		t.Run(c.file, func(t *testing.T) {
			checkToldInTwo(t, c.file, c.from, c.truth)
		})
	}
}
