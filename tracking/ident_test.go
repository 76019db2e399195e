package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// identFrames feeds n frames at 60 fps from t0, each with the detections
// obs(f) returns, and gives back the time of the last frame.
func identFrames(t *testing.T, k *Tracker, t0 float64, n int, obs func(f int) []Obs) float64 {
	t.Helper()
	tt := t0
	for f := 0; f < n; f++ {
		tt = t0 + float64(f)/60
		if _, err := k.Push(tt, obs(f)); err != nil {
			t.Fatal(err)
		}
	}
	return tt
}

// TestEliminate: a ball the detector never names (or always takes for another
// ball, one that plainly stands elsewhere) is named by elimination when it is
// the only ball of the game unaccounted for and the only track without a
// number, seen steadily; not when two are unknown, when the track comes and
// goes (a false detection on an arm), or when it stands where a known ball
// stands (no ball fits there). Once named it keeps the name against a few weak
// readings on a new track.
func TestEliminate(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	cue := Obs{Ball: 0, At: P(600, 600), Confidence: 0.9, Class: ClassCue}
	one := Obs{Ball: 1, At: P(1800, 900), Confidence: 0.9, Class: ClassSolid}
	at := P(1500, 300)
	for _, c := range []struct {
		name  string
		balls []int
		obs   func(f int) []Obs
		want  int         // the number of the track at `at` (−1 none; −2 no track there)
		at    table.Point // where to look (default at)
	}{
		{"never named, one ball left", []int{0, 1, 2}, func(f int) []Obs {
			return []Obs{cue, one, {Ball: -1, At: at, Confidence: 0.6}}
		}, 2, at},
		{"always taken for the cue ball", []int{0, 1, 2}, func(f int) []Obs {
			return []Obs{cue, one, {Ball: 0, At: at, Confidence: 0.7, Class: ClassCue}}
		}, 2, at},
		{"two balls left", []int{0, 1, 2, 3}, func(f int) []Obs {
			return []Obs{cue, one, {Ball: -1, At: at, Confidence: 0.6}}
		}, -1, at},
		{"seen now and then", []int{0, 1, 2}, func(f int) []Obs {
			if f%3 == 0 {
				return []Obs{cue, one, {Ball: -1, At: at, Confidence: 0.6}}
			}
			return []Obs{cue, one}
		}, -1, at},
		{"beside a known ball", []int{0, 1, 2}, func(f int) []Obs {
			return []Obs{cue, one, {Ball: -1, At: P(1840, 900), Confidence: 0.6}}
		}, -2, P(1840, 900)},
		{"a weak reading elsewhere later", []int{0, 1, 2}, func(f int) []Obs {
			obs := []Obs{cue, one, {Ball: -1, At: at, Confidence: 0.6}}
			switch {
			case f >= 60 && f < 62:
				obs = append(obs, Obs{Ball: -1, At: P(900, 1000), Confidence: 0.5})
			case f == 62:
				obs = append(obs, Obs{Ball: 2, At: P(900, 1000), Confidence: 0.4, Class: ClassSolid})
			}
			return obs
		}, 2, at},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: c.balls})
			if err != nil {
				t.Fatal(err)
			}
			identFrames(t, k, 0, 90, c.obs)
			got := -2
			for _, b := range k.Balls(nil) {
				if !b.Gone && b.At.Dist(c.at) < 5 {
					got = b.Ball
				}
			}
			if got != c.want {
				t.Errorf("the ball at %v is %d, want %d (−2: no track); balls %+v", c.at, got, c.want, k.Balls(nil))
			}
		})
	}
}

// TestPhantomGone: a track without a number (the detector saw something on an
// arm or the cue) vanishes over a cushion during a shot. With every ball of the
// game accounted for, it was no ball: no off_table event and no review for it.
// With a ball of the game not seen anywhere, it may have been that ball; and a
// track the detector named an object ball again and again is a ball whose
// number another track holds wrongly: the review stays.
func TestPhantomGone(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name       string
		balls      []int
		named      int     // the number the detector reads on it (−1 none)
		from       float64 // mm from the cushion where it is first seen
		wantReview bool
	}{
		{"every ball accounted for", []int{0, 1}, -1, 160, false},
		{"a ball not seen", []int{0, 1, 2}, -1, 160, true},
		{"named ball 1 again and again", []int{0, 1}, 1, 640, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: c.balls})
			if err != nil {
				t.Fatal(err)
			}
			var shots []*shot.Shot
			for f := 0; f < 60*6; f++ {
				tt := float64(f) / 60
				// The cue ball rests, then rolls from t=1 s at 800 mm/s,
				// slowing at 400 mm/s², and stops at t=3 s, far from ball 1.
				cx := 600.0
				if s := tt - 1; s > 0 {
					s = min(s, 2)
					cx += 800*s - 200*s*s
				}
				obs := []Obs{{Ball: 0, At: P(cx, 600), Confidence: 0.9, Class: ClassCue, Moving: tt > 1 && tt < 3},
					{Ball: 1, At: P(1800, 900), Confidence: 0.9, Class: ClassSolid}}
				// Something with no number crosses towards the left cushion
				// at 1.2 m/s and is gone over it.
				if s := tt - 1.3; s >= 0 && 1200*s < c.from-40 {
					o := Obs{Ball: c.named, At: P(1000, c.from-1200*s), Confidence: 0.5}
					if c.named >= 0 {
						o.Confidence, o.Class = 0.9, ClassSolid
					}
					obs = append(obs, o)
				}
				out, err := k.Push(tt, obs)
				if err != nil {
					t.Fatal(err)
				}
				shots = appendShots(shots, out)
			}
			shots = appendShots(shots, k.Flush())
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1", len(shots))
			}
			s := shots[0]
			for _, e := range s.Events {
				if e.Kind == shot.OffTable {
					t.Errorf("got an off_table event of ball %d, want none", e.Ball)
				}
			}
			review := s.Review != nil && strings.Contains(s.Review.Reason, "off_table event could not be identified")
			if review != c.wantReview {
				t.Errorf("review %+v, want one for the unidentified off_table: %v", s.Review, c.wantReview)
			}
		})
	}
}

// TestNamesHeld: a ball at rest is struck and its first detection lies 29 mm
// from where it rested, named after it, in a frame where a track without a
// number (one that follows an arm) misses its own detection. The detection is
// the ball's, not a jump of the nameless track's.
func TestNamesHeld(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 1, 2}})
	if err != nil {
		t.Fatal(err)
	}
	rest := P(1800, 900)
	hit := rest.Add(P(5, -29))
	base := func() []Obs {
		return []Obs{{Ball: 0, At: P(600, 600), Confidence: 0.9, Class: ClassCue},
			{Ball: 2, At: P(1500, 300), Confidence: 0.9, Class: ClassSolid}}
	}
	identFrames(t, k, 0, 60, func(f int) []Obs {
		obs := append(base(), Obs{Ball: 1, At: rest, Confidence: 0.9, Class: ClassSolid})
		if f >= 45 {
			// Something without a number moves towards ball 1 at 1.2 m/s.
			obs = append(obs, Obs{Ball: -1, At: P(1800-1200*float64(60-f)/60-150, 700), Confidence: 0.5, Moving: true})
		}
		return obs
	})
	if _, err := k.Push(1, append(base(), Obs{Ball: 1, At: hit, Confidence: 0.6, Class: ClassSolid})); err != nil {
		t.Fatal(err)
	}
	for _, b := range k.Balls(nil) {
		if b.Ball < 0 && !b.Gone && b.At.Dist(hit) < 40 {
			t.Errorf("a track without a number took ball 1's detection at %v: %+v", hit, b)
		}
	}
}

// TestPhantomStart: during a shot a track without a number, at rest on the
// open bed, starts with no ball near it (a false detection on the bridge
// hand, say). With every ball of the game accounted for it is no ball, and its
// start no touch to review; with a ball of the game not seen anywhere it may
// be that ball, and the review stays.
func TestPhantomStart(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name       string
		balls      []int
		wantReview bool
	}{
		{"every ball accounted for", []int{0, 1}, false},
		{"a ball not seen", []int{0, 1, 2}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: c.balls})
			if err != nil {
				t.Fatal(err)
			}
			var shots []*shot.Shot
			ph := P(1200, 1000)
			for f := 0; f < 60*6; f++ {
				tt := float64(f) / 60
				cx := 600.0
				if s := tt - 1; s > 0 {
					s = min(s, 2)
					cx += 800*s - 200*s*s
				}
				obs := []Obs{{Ball: 0, At: P(cx, 600), Confidence: 0.9, Class: ClassCue, Moving: tt > 1 && tt < 3},
					{Ball: 1, At: P(1800, 300), Confidence: 0.9, Class: ClassSolid}}
				// Seen one frame in three (never steadily enough to be
				// named by elimination), still until t=1.5 s, then off at
				// 600 mm/s for a third of a second, then still again.
				if f%3 == 0 {
					s := min(max(tt-1.5, 0), 0.33)
					obs = append(obs, Obs{Ball: -1, At: ph.Add(P(600*s, 0)), Confidence: 0.4})
				}
				out, err := k.Push(tt, obs)
				if err != nil {
					t.Fatal(err)
				}
				shots = appendShots(shots, out)
			}
			shots = appendShots(shots, k.Flush())
			if len(shots) != 1 {
				t.Fatalf("got %d shots, want 1", len(shots))
			}
			s := shots[0]
			for _, e := range s.Events {
				if e.Kind == shot.Touch {
					t.Errorf("got a touch of ball %d, want none", e.Ball)
				}
			}
			review := s.Review != nil && strings.Contains(s.Review.Reason, "a ball started")
			if review != c.wantReview {
				t.Errorf("review %+v, want one for the start: %v", s.Review, c.wantReview)
			}
		})
	}
}

// TestTakeoverDropsGhostStarts: a track at rest in front of the cue ball (a
// false detection) starts at the stroke and takes the cue ball's first
// detections in flight while the cue ball is unseen; cueTakeover hands its
// path to the cue ball and drops it. The ghost's start must go with it (left
// waiting, it was paired at the stroke as a ball frozen to the cue ball: the
// cue ball against itself, an event no ball could be named for), and so must
// the cue ball's number that came to it with the swap.
func TestTakeoverDropsGhostStarts(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	cue, ghost := P(600, 600), P(680, 600)
	took := false
	for f := 0; f < 66 && !took; f++ {
		obs := []Obs{{Ball: 1, At: P(1800, 300), Confidence: 0.9, Class: ClassSolid}}
		if f < 60 {
			obs = append(obs, Obs{Ball: 0, At: cue, Confidence: 0.9, Class: ClassCue}, Obs{Ball: -1, At: ghost, Confidence: 0.4})
		} else {
			// The cue ball, struck at 6 m/s, unseen at rest; its first
			// detections in flight, unnamed.
			obs = append(obs, Obs{Ball: -1, At: P(700+100*float64(f-60), 600), Confidence: 0.4})
		}
		if _, err := k.Push(float64(f)/60, obs); err != nil {
			t.Fatal(err)
		}
		for _, b := range k.Balls(nil) {
			took = took || b.Ball == 0 && b.Moving
		}
	}
	if !took {
		t.Fatalf("the cue ball never moved: %+v", k.Balls(nil))
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if tr.used {
			continue
		}
		if tr.ball >= 0 {
			t.Errorf("dropped track %d keeps ball %d, want −1", i, tr.ball)
		}
		for _, c := range k.chg {
			if c.tr == i && !c.done {
				t.Errorf("dropped track %d has a start or break at %.4f still waiting to be explained", i, c.t)
			}
		}
	}
}

// TestBackOnTable: a ball taken for pocketed in the shot while it could not be
// seen, whose number a track on the table has since taken (the detector reads
// it as that ball again and again), was not pocketed: its track lost it, and
// the pocket goes. So does one seen going when the track on the table started
// in the shot where the one that went was last seen, just before: it took the
// ball's detections. Otherwise one seen going stays, for a person to review
// (the track that went may have been another ball taken for this one); so
// does one whose number the track on the table holds on weak evidence
// (without a review), and one of the cue ball (false detections on an arm or
// the cue are read as it).
func TestBackOnTable(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name       string
		ball       int
		unseen     bool
		votes      float64     // the track on the table's evidence for the ball
		bornAt     table.Point // where the track on the table started, at t=1.95 (zero: before the shot)
		wantCancel bool
		wantReview bool
	}{
		{"unseen, read on the table", 1, true, 6, table.Point{}, true, false},
		{"seen going", 1, false, 6, table.Point{}, false, true},
		{"seen going, its detections taken", 1, false, 6, P(2420, 1180), true, false},
		{"seen going, a new track far off", 1, false, 6, P(1200, 600), false, true},
		{"weak reading", 1, true, 1, table.Point{}, false, false},
		{"the cue ball", 0, true, 6, table.Point{}, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 1, 2}})
			if err != nil {
				t.Fatal(err)
			}
			k.phase, k.strikeT, k.lastT = inShot, 1, 3
			gone := track{used: true, confirmed: true, gone: true, goneT: 2, ball: -1, last: sample{1.9, P(2450, 1200)}}
			gone.votes[c.ball] = 20
			on := track{used: true, confirmed: true, ball: c.ball}
			on.votes[c.ball] = c.votes
			if c.bornAt != (table.Point{}) {
				on.born, on.bornAt = 1.95, c.bornAt
			}
			k.tracks = append(k.tracks[:0], gone, on)
			k.events = append(k.events[:0], pevent{t: 2, kind: shot.Pocketed, a: 0, ids: [2]int{c.ball, -1}, unseen: c.unseen, still: -1})
			k.backOnTable()
			if got := k.events[0].cancel; got != c.wantCancel {
				t.Errorf("pocket withdrawn %v, want %v", got, c.wantCancel)
			}
			if got := k.reviewWhy != ""; got != c.wantReview {
				t.Errorf("review %q, want one: %v", k.reviewWhy, c.wantReview)
			}
		})
	}
}

// TestSelfContact: a contact found between a ball's track and a track without
// a number, which has the same number by the end of the shot, is the ball
// against its own new track (its old one lost it): no contact, and no review
// for a ball that could not be identified. A contact with a track that stays
// without a number, or that takes another number, is left as it was.
func TestSelfContact(t *testing.T) {
	for _, c := range []struct {
		name      string
		laterBall int // the number the second track has at the end
		want      bool
	}{
		{"same ball", 2, true},
		{"another ball", 1, false},
		{"still unknown", -1, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 1, 2, 3}})
			if err != nil {
				t.Fatal(err)
			}
			k.phase = inShot
			a := track{used: true, confirmed: true, gone: true, ball: -1}
			b := track{used: true, confirmed: true, ball: c.laterBall}
			b.votes[3] = 20 // read as a ball of the game: not a phantom
			k.tracks = append(k.tracks[:0], a, b,
				track{used: true, confirmed: true, ball: 0}, track{used: true, confirmed: true, ball: 1})
			e := pevent{kind: shot.Contact, a: 0, b: 1, ids: [2]int{2, -1}}
			if got := k.phantomEvent(&e); got != c.want {
				t.Errorf("dropped %v, want %v", got, c.want)
			}
		})
	}
}
