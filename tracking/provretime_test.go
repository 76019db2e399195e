package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestProvRetimeRendered runs the tracker on the detector's view of two
// 8-ball shots (cueref bench --racks 2 --seed 6). In each the event was told
// provisionally from one detection a few frames before it came, and the
// frames that then showed it on time were taken for the same event told
// again, so that the first time told near the truth's was the confirmed one,
// 3 and 6 frames late:
//   - shot 37 (struck at 293.7332 s): the cue ball comes onto ball 5, at rest
//     against the left cushion, at 295.7465 s; as it comes near, ball 5's
//     centre is read off its rest point, and the contact was told for
//     295.7083 s;
//   - shot 1 (struck at 14.8191 s): the cue ball hits the left cushion at
//     16.7164 s, slowly (153 mm/s into it); a detection off its path near
//     the cushion told the hit for 16.6583 s.
//
// The event must be told (provisionally or confirmed) with a time within the
// bench's match of the truth's (30 ms a contact, 50 ms a cushion hit) within
// two frames of the truth's time.
func TestProvRetimeRendered(t *testing.T) {
	for _, c := range []struct {
		file  string
		from  float64 // the stretch of the shot
		truth shot.Event
		tol   float64
	}{
		{"testdata/retime-8ball-s6-rendered.json.gz", 293.7, shot.Event{T: 295.7465, Kind: shot.Contact, A: 0, B: 5}, 0.03},
		{"testdata/retimerail-8ball-s6-rendered.json.gz", 14.8, shot.Event{T: 16.7164, Kind: shot.RailHit, Ball: 0, Rail: "left"}, 0.05},
	} {
		t.Run(c.file, func(t *testing.T) {
			first, early := math.Inf(1), 0
			eachRenderedOutput(t, loadRendered(t, c.file), Config{Table: tab9, FPS: 60}, func(ft float64, o Output) {
				if o.Kind != OutProvisional && o.Kind != OutEvent || o.T < c.from || o.Event.Kind != c.truth.Kind || !sameBalls(o.Event, c.truth) || o.Event.Rail != c.truth.Rail {
					return
				}
				switch d := o.T - c.truth.T; {
				case math.Abs(d) <= c.tol:
					first = math.Min(first, ft)
				case d < 0 && d > -0.2:
					early++
				}
			})
			// The fixture is the one the test is about: the event is
			// told early too.
			if early == 0 {
				t.Fatalf("testdata: no %s %v told early (more than %.0f ms before %.4f s)", c.truth.Kind, c.truth.Balls(), 1000*c.tol, c.truth.T)
			}
			if want := c.truth.T + 2.0/60 + 1e-6; first > want {
				t.Errorf("%s %v (truth %.4f s) first told near its time at %.4f s, want by %.4f s (two frames)", c.truth.Kind, c.truth.Balls(), c.truth.T, first, want)
			}
		})
	}
}
