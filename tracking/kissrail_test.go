package tracking

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestKissRailTold runs the tracker on the detector's view of two 8-ball shots
// (bench seed 12, rendered, shots 2 and 25) where a contact and a cushion hit
// of the struck ball come within 150 ms of each other next to a cushion:
//   - shot 2: ball 11, rolling at 290 mm/s, meets ball 10, which rests 2 mm
//     off the left cushion; ball 10 is driven into it (121 mm/s) and back into
//     ball 11, and barely moves. Ball 11's path bends away from it.
//   - shot 25: the cue ball meets ball 6 30 mm off the foot cushion; ball 6
//     hits it 65 ms later and comes back into the cue ball 62 ms after that.
//
// Neither hit was told and both legal shots became unflagged no_rail fouls
// (rule 1.17). Each hit must be told within 30 ms of the truth frame nearest
// it (kissrail.go).
func TestKissRailTold(t *testing.T) {
	for _, c := range []struct {
		file   string
		stroke float64
		ball   int
		rail   table.Rail
		from   float64
	}{
		{"testdata/kissrail-8ball-s12-rendered.json.gz", 23.5051, 10, table.Left, 26.3},
		{"testdata/rekissrail-8ball-s12-rendered.json.gz", 187.5932, 6, table.Foot, 191.1},
	} {
		t.Run(c.file, func(t *testing.T) {
			fs := loadRendered(t, c.file)
			at := truthRailHit(t, fs, c.ball, c.rail, c.from, c.from+0.15)
			got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}, c.stroke)
			told := false
			for _, e := range absEvents(got) {
				if e.Kind == shot.RailHit && e.Ball == c.ball && e.Rail == string(c.rail) && math.Abs(e.T-at) <= 0.03 {
					told = true
				}
			}
			if !told {
				t.Errorf("no hit of ball %d on the %s cushion told within 30 ms of %.4f; want one; events:%s", c.ball, c.rail, at, fmtEvents(absEvents(got)))
			}
			// (shot 2 has a doubt of its own about ball 11's number, which
			// the bench's judge finds cannot change the call.)
			if got.Review != nil && strings.Contains(got.Review.Reason, "cushion") {
				t.Errorf("review %q; want none about a cushion (the hit is told)", got.Review.Reason)
			}
		})
	}
}

// TestBackedKiss: a ball resting 1.5 mm off the left cushion, cut by the
// cue ball rolling slowly (as rendered bench seed 12, 8-ball shot 2), the line
// of centres near the cushion's normal. Held by the cushion, the object ball
// moves a millimetre (below any start or nudge), and the cue ball bounces off
// it as off the cushion: its path bends by about its closing speed, a couple
// of hundred mm/s. The contact and the object ball's cushion hit (the
// simulator's truth) must be told, within the bench's tolerances (20 and 50
// ms), for nearly every noise seed (kissrail.go); a shot whose only cushion
// hit after the first contact is this one is otherwise called a no-cushion
// foul (rule 1.17).
func TestBackedKiss(t *testing.T) {
	R := tab9.BallR
	unit := func(deg float64) table.Point { // deg from the left cushion's normal (−y), towards +x
		a := deg * math.Pi / 180
		return table.Point{X: math.Sin(a), Y: -math.Cos(a)}
	}
	for _, c := range []struct {
		name     string
		deg, cut float64 // the line of centres' angle from the cushion's normal; the cue ball's way from it
		speed    float64 // m/s, the cue ball's at the stroke
	}{
		{"cut 55°, 0.35 m/s", 0, 55, 0.35},
		{"cut 60°, 0.45 m/s", -5, 60, 0.45},
	} {
		t.Run(c.name, func(t *testing.T) {
			obj := table.Point{X: 1700, Y: R + 1.5}
			n := unit(c.deg)
			u := unit(c.deg + c.cut)
			cue := obj.Sub(n.Scale(2 * R)).Sub(u.Scale(200))
			mo, tc, hit := struckRail(t, cue, obj, u, c.speed)
			if d := hit.T - tc; d > 0.03 || hit.Rail != string(table.Left) {
				t.Fatalf("the object ball met the %s cushion %.4f s after the contact, want the left one within 30 ms", hit.Rail, d)
			}
			const at = 1.0
			good := 0
			var got []string
			for seed := int64(1); seed <= 6; seed++ {
				shots, _ := simShots(t, simFrames(seed, at+mo.Duration()+1.5, []piece{{mo: mo, at: at}}, nil, nil))
				if len(shots) != 1 {
					t.Fatalf("seed %d: got %d shots, want 1", seed, len(shots))
				}
				near := toldNear(shots[0], 3, hit.Rail, at+hit.T)
				met := false
				for _, e := range absEvents(shots[0]) {
					if e.Kind == shot.Contact && e.A+e.B == 3 && math.Abs(e.T-at-tc) <= 0.02 {
						met = true
					}
				}
				if met && len(near) == 1 && math.Abs(near[0].T-at-hit.T) <= 0.05 {
					good++
				}
				got = append(got, fmtEvents(absEvents(shots[0])))
			}
			if good < 5 {
				t.Errorf("the contact at %.4f s and the hit at %.4f s told for %d of 6 seeds, want at least 5: %v", at+tc, at+hit.T, good, got)
			}
		})
	}
}

// TestBackedGrazeAsked: the cue ball drives ball 1 along the left cushion,
// 55 mm off it, to graze ball 3, which rests 1 mm off the cushion; the line of
// centres points into the cushion. The graze takes a few tens of mm/s off ball
// 1, below anything its noise lets the tracker tell, yet it drives ball 3 into
// the cushion: the shot's only cushion hit after the first contact (the
// simulator's truth), so a shot told without it is a no-cushion foul (rule
// 1.17) that turns on what no frame shows. For every noise seed the hit must
// be told within 50 ms or the shot must ask a person about a cushion
// (kissrail.go: backedDoubt). Before, it did neither.
func TestBackedGrazeAsked(t *testing.T) {
	R := tab9.BallR
	for _, deg := range []float64{80, 85} { // the line of centres from ball 1's way
		t.Run(fmt.Sprintf("%.0f°", deg), func(t *testing.T) {
			obj := table.Point{X: 1700, Y: R + 1}
			y := obj.Y + 2*R*math.Sin(deg*math.Pi/180)
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: {X: 1450 - 2*R - 40, Y: y}, 1: {X: 1450, Y: y}, 3: obj}, sim.Stroke{Speed: 0.5}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var hit shot.Event
			met := false
			for _, e := range mo.Events() {
				switch {
				case e.Kind == shot.Contact && e.A+e.B == 4:
					met = true
				case e.Kind == shot.RailHit && (e.Ball != 3 || !met || hit.Kind != ""):
					t.Fatalf("testdata: %s rail hit of ball %d at %.4f; want only one, of ball 3 after it met ball 1: %s", e.Rail, e.Ball, e.T, fmtEvents(mo.Events()))
				case e.Kind == shot.RailHit:
					hit = e
				}
			}
			if hit.Kind == "" || hit.Rail != string(table.Left) {
				t.Fatalf("testdata: ball 3 met no left cushion: %s", fmtEvents(mo.Events()))
			}
			const at = 1.0
			for seed := int64(1); seed <= 4; seed++ {
				shots, _ := simShots(t, simFrames(seed, at+mo.Duration()+1.5, []piece{{mo: mo, at: at}}, nil, nil))
				if len(shots) != 1 {
					t.Fatalf("seed %d: got %d shots, want 1", seed, len(shots))
				}
				s := shots[0]
				near := toldNear(s, 3, hit.Rail, at+hit.T)
				told := len(near) == 1 && math.Abs(near[0].T-at-hit.T) <= 0.05
				asked := s.Review != nil && strings.Contains(s.Review.Reason, "cushion")
				if !told && !asked {
					t.Errorf("seed %d: the hit at %.4f s neither told nor asked about (review %v): %s", seed, at+hit.T, s.Review, fmtEvents(absEvents(s)))
				}
			}
		})
	}
}
