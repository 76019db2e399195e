package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRailAfterSlideAndNudge runs the tracker on the bench's own detections
// (cueref bench --no-render, seed 1: its camera model's noise) of two shots
// whose cushion hit was missed there:
//   - 8-ball shot 89: ball 14, at about 1 m/s, grazes the right cushion (85°
//     from its normal, 91 mm/s into it) 0.7 s after it left the head cushion.
//     The window slowVee fits began while the ball might still slide after
//     that first cushion, so the smooth paths without a hit were let curve as
//     a sliding ball's does all through it, and fitted the noisy V as well as
//     the V did: the hit was never made sure of (see rolledSure).
//   - 14.1 shot 95: the cue ball rests 6 mm off the left cushion; ball 5 nudges
//     it into the cushion (96 mm/s into it, 56 ms after the contact) and it
//     comes away at 140 mm/s. Its detections never left its rest point fast
//     enough to start it, so the contact was found by nudged, which told no
//     cushion hit for a ball driven into a cushion next to it (frozenRail).
//
// The true hit must be told, once, within the bench's 50 ms.
func TestRailAfterSlideAndNudge(t *testing.T) {
	cases := []struct {
		file   string
		stroke float64 // s, the tracked stroke
		ball   int
		rail   table.Rail
		hit    float64 // s, the true hit
	}{
		{"testdata/graze-8ball-norender.json.gz", 585.8705, 14, table.Right, 587.8654},
		{"testdata/nudgerail-14.1-norender.json.gz", 621.5014, 0, table.Left, 627.2233},
	}
	for _, c := range cases {
		fs := loadRendered(t, c.file)
		got := shotStruckAt(t, fs, c.stroke)
		var near []shot.Event
		for _, e := range absEvents(got) {
			if e.Kind == shot.RailHit && e.Ball == c.ball && e.Rail == string(c.rail) && math.Abs(e.T-c.hit) < 0.3 {
				near = append(near, e)
			}
		}
		if len(near) != 1 || math.Abs(near[0].T-c.hit) > 0.05 {
			t.Errorf("%s: ball %d's %s cushion hits within 0.3 s of %.4f s: %s; want one within 50 ms", c.file, c.ball, c.rail, c.hit, fmtEvents(near))
		}
	}
}

// TestRailAgainRendered runs the tracker on the detector's view (cueref bench,
// rendered, 9-ball, seeds 1 and 2) of two balls that leave a cushion after a
// true hit, their detections off it jumping by a centimetre or more from frame
// to frame (the detector's centres at speed by a cushion). The path broken by
// that noise within railSlack of the same cushion, a tenth or two of a second
// after the hit, was told as a second hit of it (the bench's "twice" false
// hits): there must be the one true hit of the ball on that cushion in the
// span, within the bench's 50 ms.
func TestRailAgainRendered(t *testing.T) {
	cases := []struct {
		file     string
		stroke   float64 // s, the true stroke
		ball     int
		rail     table.Rail
		hit      float64 // s from the stroke, the true hit
		from, to float64 // s from the stroke: the span with no other hit of it
	}{
		{"testdata/railagain-9ball-rendered.json.gz", 67.2125, 7, table.Head, 0.6302, 0.3, 0.9},
		{"testdata/railagain-9ball-s2-rendered.json.gz", 104.2919, 6, table.Right, 0.5936, 0.3, 0.75},
	}
	for _, c := range cases {
		fs := loadRendered(t, c.file)
		got := shotStruckAt(t, fs, c.stroke)
		var in []shot.Event
		for _, e := range absEvents(got) {
			if e.Kind == shot.RailHit && e.Ball == c.ball && e.Rail == string(c.rail) && e.T >= c.stroke+c.from && e.T <= c.stroke+c.to {
				in = append(in, e)
			}
		}
		if len(in) != 1 || math.Abs(in[0].T-c.stroke-c.hit) > 0.05 {
			t.Errorf("%s: ball %d's %s cushion hits %.2f–%.2f s after the stroke: %s; want the one at %.4f s", c.file, c.ball, c.rail, c.from, c.to, fmtEvents(in), c.stroke+c.hit)
		}
	}
}

// TestNoRailFromSwiftPath: camera model at 30 fps, seed 7, 14.1 shot 32, a
// safety into the rack: nothing reached a cushion after the contact (truth:
// no_rail). The 14's path, fitted across a swap, ran at 37 m/s, and the
// contact's model of it told a hit of the foot cushion 407 mm away. No ball
// goes that fast: no cushion hit may be told in the shot.
func TestNoRailFromSwiftPath(t *testing.T) {
	const stroke = 223.0642
	s := fixtureShot30(t, "testdata/rackrail-14.1-30fps-s7-norender.json.gz", 15, stroke, 0.05)
	for _, e := range absEvents(s) {
		if e.Kind == shot.RailHit {
			t.Errorf("ball %d meets the %s cushion at %.4f s; want no cushion hit", e.Ball, e.Rail, e.T)
		}
	}
}
