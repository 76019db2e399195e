package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestWayPassesRestingBall runs the tracker on the detector's view of 100 to
// 110.5 s of a 10-ball match (cueref bench seed 18, rendered, 10-ball shot 13,
// stroke 102.369 s). The cue ball passes 0.06 mm clear of ball 5 at rest and
// strikes ball 10 by the left cushion (102.597 s); 10 comes off the cushion and
// strikes 5 (102.654 s). Cause fixed: the cue ball's way, as measured, overlapped
// ball 5 by a millimetre, and firstByPath moved the first contact from 10 to 5,
// though 5 was read at its rest point for 77 ms after the cue ball passed it:
// the wrong_ball_first foul (rule 5.5.1) went uncalled, unflagged. The first
// contact must be the 10, and 10 must be told to meet 5.
func TestWayPassesRestingBall(t *testing.T) {
	fs := loadRendered(t, "testdata/restfirst-10ball-s18-rendered.json.gz")
	// The fixture: ball 5 is where it rested at the stroke when the cue ball
	// meets ball 10 (it leaves only when 10 reaches it).
	var rest, at table.Point
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 5 {
				continue
			}
			switch {
			case math.Abs(f.T-102.35) < 0.005:
				rest = table.Point{X: x[1], Y: x[2]}
			case math.Abs(f.T-102.6) < 0.005:
				at = table.Point{X: x[1], Y: x[2]}
			}
		}
	}
	if rest == (table.Point{}) || at == (table.Point{}) || rest.Dist(at) > 0.5 {
		t.Fatalf("testdata: ball 5 at %v at 102.35 s and %v at 102.60 s, want it at rest", rest, at)
	}
	got := shotStruckAt(t, fs, 102.371)
	first, met := -1, false
	for _, e := range absEvents(got) {
		if e.Kind != shot.Contact {
			continue
		}
		if first < 0 && (e.A == 0 || e.B == 0) {
			first = e.A + e.B
		}
		if e.A == 10 && e.B == 5 || e.A == 5 && e.B == 10 {
			met = true
		}
	}
	if first != 10 {
		t.Errorf("first contact of the cue ball with ball %d, want 10 (truth); events:%s", first, fmtEvents(absEvents(got)))
	}
	if !met {
		t.Errorf("no contact of 10 with 5 told; events:%s", fmtEvents(absEvents(got)))
	}
	if got.Review != nil {
		t.Errorf("review %q, want none: the 5 stayed at rest", got.Review.Reason)
	}
}

// TestStayedOnWay: the cue ball's straight way passes ball 1 at rest 1 mm
// inside touching distance and goes on to ball 2, the contact told. What ball 1
// did after the cue ball got to it decides (wayrest.go): leaving at once, it
// was hit first (firstByPath moves the first contact to it, as before); staying
// put until a contact with another ball sets it off, it was not (the contact
// told stands); staying put with nothing to set it off, or till the cue ball
// comes back to it (that may be the first contact told late), a person
// decides; frozen to a ball that moved, it may have passed a hit on without
// moving, and the way decides as before; from a slow cue ball, a thin hit may
// show that late, and the way decides as before.
func TestStayedOnWay(t *testing.T) {
	R := tab9.BallR
	const (
		fps = 60.0
		t0  = 10.0 // the stroke
	)
	cue := table.Point{X: 600, Y: 1000}
	u := table.Point{X: 0.6, Y: -0.8}
	n := table.Point{X: 0.8, Y: 0.6}
	// Ball 2 on the way, 900 mm along; ball 1 along it (600 mm, or about
	// where the cue ball meets ball 2), its centre 2R−1 mm off the way.
	b2 := cue.Add(u.Scale(900))
	tests := []struct {
		name   string
		speed  float64 // the cue ball's (mm/s)
		along  float64 // ball 1's place along the way (mm)
		leave  float64 // when ball 1 leaves its rest point, after t1 (s)
		kiss   int     // the track told to meet ball 1 when it leaves (−1: none)
		frozen bool    // ball 3 rests frozen to ball 1 and moves
		first  int     // the first contact's ball, want
		review bool    // want the two-candidate review
	}{
		{"leaves at once", 3000, 600, 0.005, -1, false, 1, false},
		{"stays put, set off by ball 2", 3000, 600, 0.08, 2, false, 2, false},
		{"stays put, nothing sets it off", 3000, 600, 0.08, -1, false, 2, true},
		{"stays put, then met by the cue ball", 3000, 600, 0.15, 0, false, 2, true},
		{"stays put, frozen to a ball that moved", 3000, 600, 0.08, -1, true, 1, false},
		{"slow cue ball, stays put, set off by ball 2", 300, 600, 0.08, 2, false, 1, false},
		// The way reaches ball 1 about when the cue ball meets ball 2:
		// either may have been first (wayVerdict), but for what ball 1 did.
		{"beside ball 2, leaves at once", 3000, 850, 0.005, -1, false, 2, true},
		{"beside ball 2, stays put, set off by ball 2", 3000, 850, 0.08, 2, false, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b1 := cue.Add(u.Scale(tt.along)).Add(n.Scale(2*R - 1))
			t1 := t0 + (tt.along-math.Sqrt(4*R*R-(2*R-1)*(2*R-1)))/tt.speed // the cue ball gets to ball 1
			tc := t0 + (900-2*R)/tt.speed                                   // and meets ball 2
			k, err := New(Config{Table: tab9, FPS: fps})
			if err != nil {
				t.Fatal(err)
			}
			k.tracks = make([]track, 4)
			k.before, k.beforeID = map[int]table.Point{}, map[int]int{}
			for i := range k.tracks {
				k.tracks[i] = track{used: true, confirmed: true, ball: i, moved: true}
			}
			k.strikeTr, k.strikeT = 0, t0
			k.before[0], k.before[1], k.before[2] = cue, b1, b2
			for i := 0; i < 3; i++ {
				k.beforeID[i] = i
			}
			if tt.frozen {
				k.before[3], k.beforeID[3] = b1.Add(n.Scale(2*R+1)), 3
			} else {
				k.tracks[3].used = false
			}
			for f := 1; t0+float64(f)/fps < tc; f++ {
				ts := t0 + float64(f)/fps
				k.cueIn = append(k.cueIn, sample{t: ts, p: cue.Add(u.Scale(tt.speed * (ts - t0)))})
			}
			// Ball 1's reads: at rest until it leaves, then off at 1 m/s.
			leave := t1 + tt.leave
			for f := 0; t0+float64(f)/fps < t1+0.5; f++ {
				ts := t0 + float64(f)/fps
				p := b1
				if ts > leave {
					p = b1.Add(n.Scale(1000 * (ts - leave)))
				}
				k.tracks[1].slog = append(k.tracks[1].slog, sample{t: ts, p: p})
			}
			// The contact told, with its point: a radius from ball 2 towards
			// the cue ball.
			at := b2.Sub(u.Scale(R))
			k.events = []pevent{{t: tc, kind: shot.Contact, a: 0, b: 2, ids: [2]int{0, 2}, still: -1, at: at, hasAt: true}}
			if tt.kiss >= 0 {
				k.events = append(k.events, pevent{t: leave, kind: shot.Contact, a: tt.kiss, b: 1, ids: [2]int{tt.kiss, 1}, still: -1})
			}
			k.firstByPath()
			if got := k.events[0].b; got != tt.first {
				t.Errorf("first contact with track %d, want %d", got, tt.first)
			}
			if review := k.reviewFirst[0] != 0; review != tt.review {
				t.Errorf("review %q (candidates %v), want review %v", k.reviewWhy, k.reviewFirst, tt.review)
			}
		})
	}
}
