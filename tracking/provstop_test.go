package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestProvStopRendered runs the tracker on the detector's view of two 9-ball
// shots (cueref bench --racks 2 --seed 6) in which a ball comes slowly into a
// cushion, under the 50 mm/s into it that cushionHit's significance asks of
// the path's detections:
//   - shot 27 (struck at 199.2807 s): ball 5 runs along the right cushion at
//     about 190 mm/s and comes into it at 37 mm/s, touching at 203.0745 s;
//   - shot 36 (struck at 266.2337 s): the cue ball rolls straight into the
//     foot cushion at about 35 mm/s, touching at 269.5858 s.
//
// The hit was first told when onCushion confirmed it, three to four frames
// late. It must be told (provisionally or confirmed), within the bench's match
// of the truth's time (50 ms), within two frames of the truth's time.
func TestProvStopRendered(t *testing.T) {
	for _, c := range []struct {
		file  string
		from  float64 // the stroke
		truth shot.Event
	}{
		{"testdata/slowrail-9ball-s6-rendered.json.gz", 199.2807, shot.Event{T: 203.0745, Kind: shot.RailHit, Ball: 5, Rail: "right"}},
		{"testdata/slowrailcue-9ball-s6-rendered.json.gz", 266.2337, shot.Event{T: 269.5858, Kind: shot.RailHit, Ball: 0, Rail: "foot"}},
	} {
		t.Run(c.file, func(t *testing.T) {
			checkToldInTwo(t, c.file, c.from, c.truth)
		})
	}
}

// checkToldInTwo runs a 9-foot table's tracker at 60 fps over the rendered
// frames of file and fails the test unless the cushion hit truth (of a shot
// struck at from) is told, provisionally or confirmed, with a time within the
// bench's match of the truth's (50 ms), within two frames of the truth's
// time. The fixture must be one where the confirmed hit comes later than
// that.
func checkToldInTwo(t *testing.T, file string, from float64, truth shot.Event) {
	t.Helper()
	first, confirmed := math.Inf(1), math.Inf(1)
	eachRenderedOutput(t, loadRendered(t, file), Config{Table: tab9, FPS: 60}, func(ft float64, o Output) {
		if o.Kind != OutProvisional && o.Kind != OutEvent || o.T < from || o.Event.Kind != truth.Kind || o.Event.Ball != truth.Ball || o.Event.Rail != truth.Rail {
			return
		}
		if math.Abs(o.T-truth.T) > 0.05 {
			return
		}
		first = math.Min(first, ft)
		if o.Kind == OutEvent {
			confirmed = math.Min(confirmed, ft)
		}
	})
	if want := truth.T + 2.0/60; confirmed <= want {
		t.Fatalf("testdata: hit confirmed at %.4f s, want after %.4f s (late)", confirmed, want)
	}
	if want := truth.T + 2.0/60 + 1e-6; first > want {
		t.Errorf("%s of ball %d on the %s cushion (truth %.4f s) first told at %.4f s, want by %.4f s (two frames)", truth.Kind, truth.Ball, truth.Rail, truth.T, first, want)
	}
}
