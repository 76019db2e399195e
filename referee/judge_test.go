package referee

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// trackShot simulates a stroke (cue speed, m/s) of the cue ball at (635, 635) towards the foot
// rail into balls a and b, frozen side by side across its way so that it
// meets both at once, and feeds the camera's view of it (every ball seen,
// 60 fps) to a tracker with the given judge, as the daemon's track stage
// does. It returns the shot record the tracker wrote.
func trackShot(t *testing.T, judge tracking.Judge, a, b int, speed float64) *shot.Shot {
	t.Helper()
	tab := table.MustNew("9ft")
	r := tab.BallR
	l := sim.Layout{0: {X: 635, Y: 635}, a: {X: 1500, Y: 635 - r - 0.1}, b: {X: 1500, Y: 635 + r + 0.1}}
	m, err := sim.Simulate(tab, sim.DefaultParams(), l, sim.Stroke{Speed: speed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	k, err := tracking.New(tracking.Config{Table: tab, FPS: 60, Judge: judge})
	if err != nil {
		t.Fatal(err)
	}
	const pre, fps = 0.8, 60.0
	var (
		shots  []*shot.Shot
		states []sim.BallState
		obs    []tracking.Obs
	)
	for n := 0; float64(n)/fps < pre+m.Duration()+1.5; n++ {
		ft := float64(n) / fps
		obs = obs[:0]
		if st := ft - pre; st < 0 {
			for id, p := range l {
				obs = append(obs, tracking.Obs{Ball: id, At: p})
			}
		} else {
			states = m.State(st, states[:0])
			for _, s := range states {
				if s.OnBed {
					obs = append(obs, tracking.Obs{Ball: s.Ball, At: s.Pos, Moving: s.Vel.Len() > 500})
				}
			}
		}
		out, err := k.Push(ft, obs)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			if o.Kind == tracking.OutShot {
				shots = append(shots, o.Shot)
			}
		}
	}
	for _, o := range k.Flush() {
		if o.Kind == tracking.OutShot {
			shots = append(shots, o.Shot)
		}
	}
	if len(shots) != 1 {
		t.Fatalf("got %d shots, want 1", len(shots))
	}
	return shots[0]
}

// TestJudgeLive: the live path's tracker, judged by a running referee. The
// cue ball meets two balls at once, and the tracker cannot tell which came
// first. On an open 8-ball table either is a legal first ball: the ruling is
// the same, no review is asked. In 9-ball with the 1 on, the 1 or the 3
// first is a legal shot or a foul: the review stays; so it does when one of
// the two drops in 8-ball, scored only if hit first. Without a judge (and
// with a referee with no game) the doubt is always flagged.
func TestJudgeLive(t *testing.T) {
	legal8 := newShot().hit(0, 1).rail(2, "foot").rail(3, "foot").rail(4, "left").rail(5, "right").done()
	legal9 := newShot().hit(0, 1).rail(3, "foot").pocket(2, "FL").done()
	tests := []struct {
		name       string
		game       string // "" no game record; "-" no judge
		brk        *shot.Shot
		a, b       int
		speed      float64
		wantReview bool
	}{
		{"8-ball open table: both legal", "8ball", legal8, 6, 7, 0.7, false},
		// Harder, the 6 drops: it counts only if it was hit first (2.3).
		{"8-ball open table: which first decides a pot", "8ball", legal8, 6, 7, 1.1, true},
		{"9-ball: the 1 or the 3", "9ball", legal9, 1, 3, 0.7, true},
		{"9-ball: the 3 or the 5, both fouls alike", "9ball", legal9, 3, 5, 0.7, false},
		{"no game yet", "", nil, 6, 7, 0.7, true},
		{"no judge", "-", nil, 6, 7, 0.7, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec recorder
			ref, _ := started(t, t.TempDir(), &rec)
			var judge tracking.Judge = ref.Judge()
			switch tt.game {
			case "-":
				judge = nil
			case "":
			default:
				feed(t, ref, &rec, []input{
					{cmd: `{"type":"game","game":"` + tt.game + `","players":["Anna","Boris"],"table":"9ft"}`},
					{shot: tt.brk},
				})
				if last := rec.rulings[len(rec.rulings)-1]; last.Legal == nil || !*last.Legal {
					t.Fatalf("break ruling %+v: want a legal break", last)
				}
			}
			s := trackShot(t, judge, tt.a, tt.b, tt.speed)
			if got := s.Review != nil; got != tt.wantReview {
				t.Fatalf("review %+v: got flagged %v, want %v", s.Review, got, tt.wantReview)
			}
			if s.Review != nil && !strings.Contains(s.Review.Reason, "two candidate first contacts") {
				t.Errorf("review reason %q, want two candidate first contacts", s.Review.Reason)
			}
		})
	}
}

// TestJudgeCueInHand: the referee's judge says the cue ball is in hand for a
// break and after a foul, not after a legal shot (tracking.HandJudge).
func TestJudgeCueInHand(t *testing.T) {
	var rec recorder
	ref, _ := started(t, t.TempDir(), &rec)
	var judge tracking.HandJudge = ref.Judge()
	want := func(in bool) {
		t.Helper()
		got, known := judge.CueInHand(0)
		if !known || got != in {
			t.Errorf("CueInHand: got %v, %v; want %v, true", got, known, in)
		}
	}
	feed(t, ref, &rec, []input{{cmd: `{"type":"game","game":"9ball","players":["Anna","Boris"],"table":"9ft"}`}})
	want(true)
	feed(t, ref, &rec, []input{{shot: newShot().hit(0, 1).rail(3, "foot").pocket(2, "FL").done()}})
	want(false)
	feed(t, ref, &rec, []input{{shot: newShot().hit(0, 4).rail(4, "foot").done()}})
	want(true)
}
