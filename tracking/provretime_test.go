package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
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

// TestProvShortRetold runs the tracker on the detector's view of the default
// rendered bench's 8-ball shot 4 at 120 fps: the green 6, slowing along the
// left cushion at a slant, meets it at 38.4739 s (the simulator's log). A
// path fitted to 7 detections told the hit provisionally at 38.4018, and the
// 6 was then read 8.6, 7.2 and 3.3 mm off the cushion's line, still closing
// on it; the path that showed the hit on time was taken for that early one
// told again, and the hit was first told when confirmed, 7 frames late. It
// must be told, provisionally or confirmed, within 2 frames of the truth and
// 50 ms of it (provShort).
func TestProvShortRetold(t *testing.T) {
	const hit = 38.4739
	fs := loadRendered(t, "testdata/lateprov-8ball-120fps-rendered.json.gz")
	at := truthRailHit(t, fs, 6, table.Left, hit-0.05, hit+0.05)
	if math.Abs(at-hit) > 1.0/120 {
		t.Fatalf("testdata: the 6 nearest the left cushion at %.4f; want within a frame of %.4f", at, hit)
	}
	first := math.Inf(1)
	eachRenderedOutput(t, fs, Config{Table: tab9, FPS: 120, Balls: gameBalls(15)}, func(ft float64, o Output) {
		if (o.Kind == OutProvisional || o.Kind == OutEvent) && o.Event.Kind == shot.RailHit && o.Event.Ball == 6 &&
			o.Event.Rail == string(table.Left) && math.Abs(o.T-hit) <= 0.05 {
			first = math.Min(first, ft)
		}
	})
	if late := (first - hit) * 120; late > 2 {
		t.Errorf("the 6's hit of the left cushion first told at %.4f, %.2f frames after it; want 2 or fewer", first, late)
	}
}
