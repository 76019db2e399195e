package trackbench

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"sort"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

var tab9 = table.MustNew("9ft")

// oneShot plays one stroke in the simulator from layout l, makes the camera's
// detections of it (DefaultCamera at fps, without occluders, noise from seed),
// runs a fresh tracker on them and returns the true events (times from the
// stroke), the tracked shot (times from its own stroke, which is then shifted to
// the true one), and how long after the last ball slowed below stillSpeed the
// tracker told the shot's record (s).
func oneShot(t *testing.T, l sim.Layout, s sim.Stroke, fps float64, seed int64) (truth []shot.Event, got *shot.Shot, lag float64) {
	t.Helper()
	return oneShotDrop(t, l, s, fps, seed, nil)
}

// oneShotDrop is oneShot with the detections edited: edit, if not nil, is given
// each frame's detections after the stroke with the time from it and the true
// states then, and returns them as the detector of the test sees them (one that
// misses a ball, say).
func oneShotDrop(t *testing.T, l sim.Layout, s sim.Stroke, fps float64, seed int64, edit func(tt float64, obs []tracking.Obs, st []sim.BallState) []tracking.Obs) (truth []shot.Event, got *shot.Shot, lag float64) {
	t.Helper()
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	cam := DefaultCamera(fps)
	cam.Occluders = false
	rng := rand.New(rand.NewSource(seed))
	cfg := tracking.Config{Table: tab9, FPS: fps}
	if os.Getenv("TRACKTRACE") != "" {
		cfg.Trace = func(f string, a ...any) { fmt.Printf(f+"\n", a...) }
	}
	k, err := tracking.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	const pre = 1.0
	dt := 1 / fps
	var sa, sm, sb []sim.BallState
	var obs []tracking.Obs
	var outs []tracking.Output
	told := math.NaN()
	for tf := 0.5 * dt; tf < pre+mo.Duration()+1.0; tf += dt {
		tt := tf - pre
		if tt < 0 {
			tt = 0 // before the stroke every ball stands where it starts
		}
		sa = mo.State(math.Max(0, tt-cam.Exposure/2), sa)
		sm = mo.State(tt, sm)
		sb = mo.State(math.Max(0, tt+cam.Exposure/2), sb)
		if tf < pre {
			sa, sb = append(sa[:0], sm...), append(sb[:0], sm...)
		}
		obs = cam.observe(obs[:0], sa, sm, sb, nil, rng)
		if edit != nil && tf >= pre {
			obs = edit(tt, obs, sm)
		}
		out, err := k.PushFrame(tracking.Frame{T: tf, Obs: obs})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			if o.Kind == tracking.OutShot && math.IsNaN(told) {
				told = tf
			}
		}
		outs = append(outs, out...)
	}
	outs = append(outs, k.Flush()...)
	for _, o := range outs {
		if o.Kind == tracking.OutShot && got == nil {
			got = o.Shot
		}
	}
	if got == nil {
		t.Fatalf("no shot tracked; true events %s", fmtEv(mo.Events()))
	}
	off := *got.Start - pre
	for i := range got.Events {
		got.Events[i].T += off
	}
	// The balls are still to the eye once none moves at stillSpeed or more.
	still := 0.0
	var st []sim.BallState
	for tt := mo.Duration(); tt > 0; tt -= 1e-3 {
		moving := false
		for _, b := range mo.State(tt, st) {
			if b.OnBed && !b.Gone && b.Vel.Len() >= stillSpeed {
				moving = true
			}
		}
		if moving {
			still = tt
			break
		}
	}
	return mo.Events(), got, told - (pre + still)
}

// stillSpeed (mm/s): slower than this a ball looks still to a camera (it moves
// less than the noise over the tracker's rest window).
const stillSpeed = 20.0

func fmtEv(es []shot.Event) string {
	s := ""
	for _, e := range es {
		switch e.Kind {
		case shot.Contact:
			s += fmt.Sprintf(" %.4f contact %d-%d;", e.T, e.A, e.B)
		case shot.RailHit:
			s += fmt.Sprintf(" %.4f rail %d %s", e.T, e.Ball, e.Rail)
			if e.At != nil {
				s += fmt.Sprintf(" at %v", e.At.P())
			}
			s += ";"
		case shot.Pocketed:
			s += fmt.Sprintf(" %.4f pocket %d %s;", e.T, e.Ball, e.Pocket)
		default:
			s += fmt.Sprintf(" %.4f %s %d;", e.T, e.Kind, e.Ball)
		}
	}
	return s
}

// find returns the event of es nearest in time to want that has its kind and
// balls (for rails: the ball, and the rail unless anyRail), and its time error.
func find(es []shot.Event, want shot.Event, anyRail bool) (shot.Event, float64, bool) {
	best, bd := shot.Event{}, math.Inf(1)
	for _, e := range es {
		if e.Kind != want.Kind {
			continue
		}
		switch want.Kind {
		case shot.Contact:
			if !(e.A == want.A && e.B == want.B || e.A == want.B && e.B == want.A) {
				continue
			}
		case shot.RailHit:
			if e.Ball != want.Ball || !anyRail && e.Rail != want.Rail {
				continue
			}
		}
		if d := math.Abs(e.T - want.T); d < bd {
			best, bd = e, d
		}
	}
	return best, bd, !math.IsInf(bd, 1)
}

// aimAt is the stroke angle that sends the cue ball at c to hit the ball at o
// full in the face, turned by cut (radians) off the line of centres at the
// ghost-ball point.
func aimAt(c, o table.Point, cut float64) float64 {
	a := math.Atan2(o.Y-c.Y, o.X-c.X)
	d := c.Dist(o)
	// The cue ball's line passes b = 2R·sin(cut) off the object ball's centre.
	return a + math.Asin(math.Min(1, 2*tab9.BallR*math.Sin(cut)/d))
}

// TestSlowContact plays soft shots, the cue ball reaching a resting object ball
// at a walking pace: the struck ball creeps off at a few centimetres a second,
// less than the noise between two frames. Cause fixed: a resting ball that never
// moved more than the noise between two detections was never started (its rest
// point followed it), so the contact was lost. The contact must be found, with
// its balls, within 30 ms of the truth.
func TestSlowContact(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name  string
		gap   float64 // centre to centre, mm
		speed float64 // cue speed, m/s
		cut   float64 // degrees
	}{
		{"head-on, 250 mm/s", 160, 0.22, 0},
		{"head-on, 150 mm/s", 110, 0.15, 0},
		{"cut 20°, 200 mm/s", 130, 0.2, 20},
		{"cut 35°, 300 mm/s", 220, 0.26, -35},
	} {
		t.Run(c.name, func(t *testing.T) {
			cue, obj := P(1000, 600), P(1000+c.gap, 640)
			l := sim.Layout{0: cue, 5: obj, 9: P(2200, 1000)}
			s := sim.Stroke{Speed: c.speed, Angle: aimAt(cue, obj, c.cut*math.Pi/180)}
			for seed := int64(1); seed <= 3; seed++ {
				truth, got, _ := oneShot(t, l, s, 60, seed)
				var want *shot.Event
				for i, e := range truth {
					if e.Kind == shot.Contact && want == nil {
						want = &truth[i]
					}
				}
				if want == nil {
					t.Fatalf("the simulator made no contact: %s", fmtEv(truth))
				}
				if e, d, ok := find(got.Events, *want, false); !ok || d > 0.030 {
					t.Errorf("seed %d: contact %d-%d at %.4f: nearest tracked %+v (%.0f ms off)\n truth:%s\n got:%s",
						seed, want.A, want.B, want.T, e, d*1000, fmtEv(truth), fmtEv(got.Events))
				}
				for _, e := range got.Events {
					if e.Kind == shot.Touch {
						t.Errorf("seed %d: a touch of ball %d: the truth has none", seed, e.Ball)
					}
				}
			}
		})
	}
}

// TestSlowCushion drives object balls resting a few millimetres off a cushion
// along it, or slowly into it: they reach the cushion with a normal speed of a
// few centimetres a second and roll along it or die against it, with no bend in
// their path. Cause fixed: no test saw a ball whose distance to a cushion falls
// to nothing and stays there; the shot was ruled no_rail (rule 3.9). The rail
// event must be found within 50 ms.
func TestSlowCushion(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	for _, c := range []struct {
		name  string
		obj   table.Point
		cue   table.Point
		speed float64
		cut   float64
	}{
		{"pushed along the left cushion", P(900, R+10), P(1150, R+40), 0.45, 0},
		{"crept into the right cushion", P(1400, tab9.W-R-25), P(1400, tab9.W-R-125), 0.16, 0},
		{"along the foot cushion", P(tab9.L-R-12, 500), P(tab9.L-R-60, 800), 0.5, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := sim.Layout{0: c.cue, 4: c.obj, 9: P(600, 900)}
			s := sim.Stroke{Speed: c.speed, Angle: aimAt(c.cue, c.obj, c.cut*math.Pi/180)}
			for seed := int64(1); seed <= 3; seed++ {
				truth, got, _ := oneShot(t, l, s, 60, seed)
				var want *shot.Event
				for i, e := range truth {
					if e.Kind == shot.RailHit && e.Ball == 4 && want == nil {
						want = &truth[i]
					}
				}
				if want == nil {
					t.Fatalf("the simulator made no rail event of ball 4: %s", fmtEv(truth))
				}
				if e, d, ok := find(got.Events, *want, false); !ok || d > 0.050 {
					t.Errorf("seed %d: rail %d %s at %.4f: nearest tracked %+v (%.0f ms off)\n truth:%s\n got:%s",
						seed, want.Ball, want.Rail, want.T, e, d*1000, fmtEv(truth), fmtEv(got.Events))
				}
			}
		})
	}
}

// TestJawHits sends object balls into pockets off centre, so that they glance
// off a jaw's facing on the way in (or rattle out). Cause fixed: the tracker did
// not know the jaws (table.Pocket's Jaws and the facings behind them), so the
// hit was missed or timed where the cushion line would have been. Each true jaw
// hit (a rail event in a pocket's mouth) must be found, as a rail event of that
// ball in the mouth, within 50 ms.
func TestJawHits(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name string
		pk   table.PocketID
		jaw  int     // which jaw it is sent at
		off  float64 // how far from the mouth's centre towards that jaw, mm
		from table.Point
	}{
		{"corner, head-side jaw", table.FR, 0, 42, P(2100, 900)},
		{"corner, other jaw", table.FR, 1, 42, P(2150, 1000)},
		{"side, head-side jaw", table.SR, 0, 48, P(1100, 900)},
		{"side, foot-side jaw", table.SR, 1, 48, P(1450, 950)},
		{"corner, deep 28", table.FR, 0, 28, P(2100, 900)},
		{"corner, deep 34", table.FR, 1, 34, P(2150, 1000)},
		{"side, deep 36", table.SR, 1, 36, P(1450, 950)},
	} {
		t.Run(c.name, func(t *testing.T) {
			pk := tab9.Pocket(c.pk)
			j := pk.Jaws[c.jaw].Sub(pk.Center)
			target := pk.Center.Add(j.Scale(c.off / j.Len())).Add(pk.In.Scale(15))
			u := target.Sub(c.from)
			u = u.Scale(1 / u.Len())
			ghost := c.from.Sub(u.Scale(2 * tab9.BallR))
			cue := ghost.Sub(u.Scale(300))
			l := sim.Layout{0: cue, 3: c.from, 9: P(500, 300)}
			s := sim.Stroke{Speed: 1.2, Angle: math.Atan2(u.Y, u.X)}
			jaws := 0
			for seed := int64(1); seed <= 3; seed++ {
				truth, got, _ := oneShot(t, l, s, 60, seed)
				for _, e := range truth {
					if e.Kind != shot.RailHit || e.At == nil {
						continue
					}
					if q, d := tab9.NearestPocket(e.At.P()); d > q.Width/2+5 {
						continue
					}
					jaws++
					best := math.Inf(1)
					for _, g := range got.Events {
						if g.Kind == shot.RailHit && g.Ball == e.Ball && g.At != nil {
							// In the mouth, or on the cushion's nose right by the jaw
							// point (the truth's jaw/cushion line is drawn at 5 mm).
							if q, d := tab9.NearestPocket(g.At.P()); d <= q.Width/2+10 {
								best = math.Min(best, math.Abs(g.T-e.T))
							}
						}
					}
					if best > 0.050 {
						t.Errorf("seed %d: jaw hit of ball %d at %.4f not found (nearest jaw event %.0f ms off)\n truth:%s\n got:%s",
							seed, e.Ball, e.T, best*1000, fmtEv(truth), fmtEv(got.Events))
					}
				}
			}
			if jaws == 0 {
				t.Fatalf("the layout made no jaw hit in the simulator; the test must be set up again")
			}
		})
	}
}

// TestRestToRecord checks that the shot's record (which the ruling follows)
// comes soon after the balls look still (none moving at 20 mm/s or more), at 30,
// 60 and 120 fps. Cause fixed: the rest test waited for 0.25 s worth of
// detections, counted rather than timed (a ball missed in some frames, as in a
// cluster, was watched longer still), before it let the shot end; it now judges
// rest on restWindow (0.15 s) of detections, 0.25 s only next to a cushion where
// a slow ball may be bouncing back.
func TestRestToRecord(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	cue, obj := P(700, 500), P(1300, 700)
	l := sim.Layout{0: cue, 2: obj, 7: P(2000, 300)}
	s := sim.Stroke{Speed: 1.5, Angle: aimAt(cue, obj, 0.3)}
	for _, fps := range []float64{30, 60, 120} {
		for seed := int64(1); seed <= 3; seed++ {
			_, _, lag := oneShot(t, l, s, fps, seed)
			if lag > 0.22 {
				t.Errorf("%g fps, seed %d: record told %.0f ms after the balls looked still, want ≤ 220 ms", fps, seed, lag*1000)
			}
		}
	}
}

// TestRailJustAfterContact plays balls driven into a cushion soon after a contact
// next to it (the struck ball at a shallow angle, the striker following), and a
// ball that grazes a cushion. It guards issue 5's third pass (contactRail,
// veeTest, rail events that follow their contact when it is retimed): each true
// rail event must be found within 50 ms, and no rail event may be told before
// the first contact (a no_rail foul, rule 3.9). These layouts also passed
// before that pass; the bench (cueref bench --no-render) measures the gain.
func TestRailJustAfterContact(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	W := tab9.W
	for _, c := range []struct {
		name  string
		cue   table.Point
		obj   table.Point
		speed float64
		cut   float64 // degrees
		ball  int     // the ball whose rail event is checked
	}{
		{"struck at a shallow angle into the cushion", P(500, W-R-90), P(800, W-R-14), 1.5, -40, 5},
		{"striker following into the cushion", P(500, W-R-200), P(800, W-R-6), 1.2, 10, 0},
		{"graze along the cushion", P(700, R+160), P(900, R+110), 1.0, 25, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := sim.Layout{0: c.cue, 5: c.obj, 9: P(2200, 640)}
			s := sim.Stroke{Speed: c.speed, Angle: aimAt(c.cue, c.obj, c.cut*math.Pi/180)}
			for seed := int64(1); seed <= 3; seed++ {
				truth, got, _ := oneShot(t, l, s, 60, seed)
				var want *shot.Event
				for i, e := range truth {
					if e.Kind == shot.RailHit && e.Ball == c.ball && want == nil {
						want = &truth[i]
					}
				}
				if want == nil {
					t.Fatalf("the simulator made no rail event of ball %d: %s", c.ball, fmtEv(truth))
				}
				if e, d, ok := find(got.Events, *want, false); !ok || d > 0.050 {
					t.Errorf("seed %d: rail %d %s at %.4f: nearest tracked %+v (%.0f ms off)\n truth:%s\n got:%s",
						seed, want.Ball, want.Rail, want.T, e, d*1000, fmtEv(truth), fmtEv(got.Events))
				}
				for _, e := range got.Events {
					if e.Kind == shot.Contact {
						break
					}
					if e.Kind == shot.RailHit {
						t.Errorf("seed %d: rail %d %s at %.4f told before the first contact\n got:%s", seed, e.Ball, e.Rail, e.T, fmtEv(got.Events))
					}
				}
			}
		})
	}
}

// TestStrokeThroughFrozenBall strokes the cue ball into a ball frozen to it (rule
// 1.18): both start at once, the cue ball slowly, and neither path shows a bend
// to pair. Cause fixed: the frozen ball's start was paired with nothing or with a
// ball further on, and the shot was ruled no_contact. The first contact must be
// the cue ball's with the frozen ball.
func TestStrokeThroughFrozenBall(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	for _, c := range []struct {
		name  string
		angle float64 // degrees off the line of centres
		speed float64
	}{
		{"straight through", 0, 1.5},
		{"at an angle", 20, 2},
		{"soft", 5, 0.6},
	} {
		t.Run(c.name, func(t *testing.T) {
			cue, obj := P(1000, 600), P(1000+2*R, 600)
			// The frozen ball heads a cluster, as a 14.1 rack's corner ball.
			h := math.Sqrt(3) * R
			l := sim.Layout{0: cue, 5: obj, 9: P(2200, 1000), 2: P(obj.X+h, 600-R), 3: P(obj.X+h, 600+R),
				4: P(obj.X+2*h, 600-2*R), 6: P(obj.X+2*h, 600), 7: P(obj.X+2*h, 600+2*R)}
			s := sim.Stroke{Speed: c.speed, Angle: c.angle * math.Pi / 180}
			for seed := int64(1); seed <= 3; seed++ {
				truth, got, _ := oneShot(t, l, s, 60, seed)
				var first *shot.Event
				for i, e := range truth {
					if e.Kind == shot.Contact && first == nil {
						first = &truth[i]
					}
				}
				if first == nil || first.A+first.B != 5 || first.T > 0.01 {
					t.Fatalf("the simulator's first contact is not 0-5 at the stroke: %s", fmtEv(truth))
				}
				var g *shot.Event
				for i, e := range got.Events {
					if e.Kind == shot.Contact {
						g = &got.Events[i]
						break
					}
				}
				if g == nil || g.A+g.B != 5 || g.A*g.B != 0 {
					t.Errorf("seed %d: first tracked contact %+v, want 0-5\n truth:%s\n got:%s", seed, g, fmtEv(truth), fmtEv(got.Events))
				}
			}
		})
	}
}

// TestBreakCueBallUnseenInFlight strikes the cue ball as at a break, at 11 m/s and
// more, into a ball 1.7 m away, its
// streak missed by the detector for the first frames after the stroke (as the
// renderer's motion blur does at 60 fps): the cue ball's track, at rest, sees
// nothing; its first detections in flight, 600 mm on, start a new track. Cause
// fixed: the cue ball's track gave up waiting for that track's path after four
// frames, and a new track's first detection was not in its history, so the path
// back to the cue ball's rest point was never fitted: no strike, the rack's balls
// were told as touches between shots and the break was lost. The shot must be
// tracked, with the cue ball's first contact.
func TestBreakCueBallUnseenInFlight(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	R := tab9.BallR
	apex := P(1905, 635)
	l := sim.Layout{0: P(300, 1100), 1: apex, 2: P(2300, 300), 3: P(1200, 200)}
	d := apex.Sub(l[0])
	for _, c := range []struct {
		name   string
		speed  float64 // the cue's, m/s (the cue ball leaves faster)
		unseen int     // frames after the stroke without a cue ball detection
	}{
		{"three frames unseen", 7, 3},
		{"four frames unseen", 8, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := sim.Stroke{Speed: c.speed, Angle: math.Atan2(d.Y, d.X)}
			for seed := int64(1); seed <= 3; seed++ {
				edit := func(tt float64, obs []tracking.Obs, st []sim.BallState) []tracking.Obs {
					var cue sim.BallState
					for _, b := range st {
						if b.Ball == 0 {
							cue = b
						}
					}
					n := 0
					for _, o := range obs {
						if o.At.Dist(cue.Pos) < 3*R+cue.Vel.Len()/60 {
							if tt <= float64(c.unseen)/60 {
								continue // its streak missed
							}
							// The detector tells a streak (cueref's does).
							o.Moving = cue.Vel.Len() > 1000
						}
						obs[n] = o
						n++
					}
					return obs[:n]
				}
				truth, got, _ := oneShotDrop(t, l, s, 60, seed, edit)
				cueFirst := func(es []shot.Event) *shot.Event {
					for i, e := range es {
						if e.Kind == shot.Contact && e.A*e.B == 0 {
							return &es[i]
						}
					}
					return nil
				}
				first := cueFirst(truth)
				if first == nil {
					t.Fatalf("the simulator has no contact of the cue ball: %s", fmtEv(truth))
				}
				if len(got.Events) == 0 || got.Events[0].Kind != shot.Strike || got.Events[0].Ball != 0 {
					t.Fatalf("seed %d: tracked shot does not begin with the cue ball's strike:%s", seed, fmtEv(got.Events))
				}
				g := cueFirst(got.Events)
				if g == nil || g.A+g.B != first.A+first.B || g.A*g.B != 0 {
					t.Errorf("seed %d: first tracked contact %+v, want %d-%d\n truth:%s\n got:%s", seed, g, first.A, first.B, fmtEv(truth), fmtEv(got.Events))
				}
			}
		})
	}
}

// TestBreakFirstContact breaks frozen racks (8-ball and 9-ball, racked as the
// simulator's player racks: gaps of up to 0.2 mm) from several places in the
// kitchen, hard, one after another as in a match: the bench's camera with its
// occluders, the rack set by hand out of view before each break. The cue ball
// sets the whole rack off within a frame; the pairing of starts and breaks gave
// the first contact to a ball behind the apex, or gave the apex's track, after
// the scramble, another ball's number. Cause fixed: the cue ball's straight way
// from its rest point tells which ball at rest it reached first (firstByPath),
// by the number that ball had at the stroke. The tracked first contact of the
// cue ball must be the simulator's in every break tracked but one at most (a
// break the tracker misses altogether, its cue ball's start unseen, is another
// fault: at most a quarter of them here).
func TestBreakFirstContact(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 48 breaks")
	}
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, rk := range []struct {
		game  string
		spots []table.Point
		balls []int
	}{
		{"8ball", tab9.Rack(5), []int{1, 9, 2, 10, 8, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15}},
		{"9ball", tab9.Diamond(), []int{1, 2, 3, 4, 9, 5, 6, 7, 8}},
	} {
		t.Run(rk.game, func(t *testing.T) {
			rng := rand.New(rand.NewSource(11))
			foot := tab9.FootSpot()
			m := &sim.Match{}
			for i := 0; i < 24; i++ {
				l := sim.Layout{}
				gap := 0.2 * rng.Float64()
				k := 1 + gap/(2*tab9.BallR)
				order := rk.balls
				for j, q := range rk.spots {
					q = foot.Add(q.Sub(foot).Scale(k))
					if j > 0 {
						a := rng.Float64() * 2 * math.Pi
						r := 0.45 * gap * rng.Float64()
						q = q.Add(P(r*math.Cos(a), r*math.Sin(a)))
					}
					l[order[j]] = P(math.Round(q.X*100)/100, math.Round(q.Y*100)/100)
				}
				cue := P(300+330*rng.Float64(), 200+870*rng.Float64())
				l[0] = cue
				apex := l[order[0]]
				d := apex.Sub(cue)
				// Aimed within 8 mm of the apex's centre, at 6–9 m/s of the cue.
				s := sim.Stroke{Speed: 6 + 3*rng.Float64(), Angle: math.Atan2(d.Y, d.X) + (16*rng.Float64()-8)/d.Len()}
				mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, s, nil)
				if err != nil {
					t.Fatal(err)
				}
				m.Shots = append(m.Shots, &sim.ShotSim{Before: l, Motion: mo, Stroke: s, Intent: "break", Record: mo.Shot(nil)})
			}
			cfg := Config{Seed: 5}
			if os.Getenv("TRACKTRACE") != "" {
				cfg.Trace = func(f string, a ...any) { fmt.Printf(f+"\n", a...) }
			}
			ru := NewRunner(cfg)
			if err := ru.r.match(ru, rk.game, m); err != nil {
				t.Fatal(err)
			}
			rep := ru.Report()
			t.Logf("%d of %d breaks tracked", rep.ShotsMatched, len(m.Shots))
			for _, d := range rep.Disagreements {
				t.Log(d)
			}
			// A break not tracked at all (the cue ball's start missed) is
			// another fault, counted apart here.
			right := int(math.Round(rep.FirstContactAll * float64(rep.FirstContactAllN)))
			// (Without firstByPath: 18 of 20 and 11 of 21.)
			if right < rep.ShotsMatched-1 {
				t.Errorf("first contact right in %d of the %d breaks tracked, want all but one at most", right, rep.ShotsMatched)
			}
			// Every break is a shot: a cue ball too fast for its detections
			// in flight to join one track is followed along them
			// (cueChain); before, about one break in six was no shot.
			if rep.ShotsMatched < len(m.Shots) {
				t.Errorf("only %d of %d breaks tracked", rep.ShotsMatched, len(m.Shots))
			}
		})
	}
}

// TestContactTimeFromRest times the cue ball's contact with an object ball at
// rest, straight and cut, soft to firm, against the simulator. Cause fixed: the
// struck ball's own estimate fitted a free path with its acceleration to its
// first eight detections and extrapolated it back to the rest point; it now
// fits the motion of a ball struck from rest, anchored at the rest point
// (restStart: sliding at μg, then rolling), to up to twelve, and stops at the
// ball's next event. The errors' 90th percentile and largest value must stay
// within the bounds.
func TestContactTimeFromRest(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	cue, obj := P(700, 500), P(1500, 700)
	var errs []float64
	for _, cut := range []float64{0, 15, 30, 45} {
		for _, speed := range []float64{0.8, 1.5, 2.5} {
			for seed := int64(1); seed <= 3; seed++ {
				l := sim.Layout{0: cue, 1: obj}
				s := sim.Stroke{Speed: speed, Angle: aimAt(cue, obj, cut*math.Pi/180)}
				truth, got, _ := oneShot(t, l, s, 60, seed)
				want, _, ok := find(truth, shot.Event{Kind: shot.Contact, A: 0, B: 1}, false)
				if !ok {
					t.Fatalf("cut %.0f° speed %.1f: the simulator has no contact:%s", cut, speed, fmtEv(truth))
				}
				g, d, ok := find(got.Events, want, false)
				if !ok || d > 0.03 {
					t.Errorf("cut %.0f° speed %.1f seed %d: contact not found near %.4f:%s", cut, speed, seed, want.T, fmtEv(got.Events))
					continue
				}
				errs = append(errs, 1000*math.Abs(g.T-want.T))
			}
		}
	}
	sort.Float64s(errs)
	p90, worst := errs[len(errs)*9/10-1], errs[len(errs)-1]
	t.Logf("contact time error over %d contacts: p50 %.2f ms, p90 %.2f ms, max %.2f ms", len(errs), errs[len(errs)/2], p90, worst)
	// (With the free path's estimate: p90 2.64 ms, max 3.76 ms.)
	if p90 > 2 || worst > 4 {
		t.Errorf("contact time error p90 %.2f ms, max %.2f ms; want ≤ 2 and ≤ 4 ms", p90, worst)
	}
}
