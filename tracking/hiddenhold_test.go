package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestHiddenBallKeepsNumber runs the tracker on the detector's view of 10-ball
// shots 15 to 20 of the rendered bench (seed 16). From shot 15 on, a split of
// the 9's blob 55 mm from its centre is detected in about half the frames
// and read as the 8 (at 0.3 to 0.58); the 8 itself rests by the foot-left
// corner, 900 mm away. Between shots 17 and 18 the 8 is hidden for 1.7 s and
// its track taken for lifted: the ghost, on its 126 votes, took the 8's
// number, the 8 seen again got a nameless track, and shot 20's first
// contact, on the 8, went unnamed (a no_contact foul that was none, rule
// 1.16). The 8's number must stay with the ball (hiddenhold.go): no track
// resting where the ghost is holds it, and shot 20's first contact is the 8.
func TestHiddenBallKeepsNumber(t *testing.T) {
	const (
		stroke = 166.4667 // shot 20 as the tracker times it (truth: 166.4679)
		hidden = 151.0    // the 8 unseen (150.52 to 152.25 s), its track lifted
	)
	ghost := table.Point{X: 2354.6, Y: 1000.2}
	fs := loadRendered(t, "testdata/hidden-10ball-s16-rendered.json.gz")
	for _, f := range fs {
		if f.T < hidden {
			continue
		}
		for _, x := range f.Truth {
			if p := (table.Point{X: x[1], Y: x[2]}); p.Dist(ghost) < 2*57.15/2-5 {
				t.Fatalf("testdata: ball %d in the truth at %v at %.2f s, where the ghost is read", int(x[0]), p, f.T)
			}
		}
		break
	}
	cfg := Config{Table: tab9, FPS: 60, Balls: gameBalls(10)}
	for _, s := range renderedShotsOf(t, fs, cfg) {
		if *s.Start < hidden {
			continue
		}
		if p, ok := s.Before[8]; ok && p.P().Dist(ghost) < 30 {
			t.Errorf("shot at %.3f: ball 8 at the stroke at %v, where the ghost is read", *s.Start, p)
		}
	}
	s := shotAt(t, fs, cfg, stroke)
	fi := firstOf(s)
	if fi < 0 || s.Events[fi].A+s.Events[fi].B != 8 {
		t.Errorf("shot 20: first contact of the cue ball %v; want ball 8; events:%s", fi, fmtEvents(absEvents(s)))
	}
}

// TestHiddenTakeFromGone: a track pocketed before a lifted track holding its
// number was first seen may not take the number from it when the lifted
// track's reads named it surely: the ball came back (a re-rack) and is the
// lifted one. Camera model seed 1, 10-ball at 1823.94 s: the 4, hidden at
// rest for a moment, was taken for lifted, and its number went to the track
// of the 4 pocketed a rack before (at 1486 s, 347 votes to the lifted
// track's 162); the 4 seen again got a new track, not on the table at the
// stroke, and shot 263 was asked "ball 4 moved in the shot, not on the table
// at the stroke", needlessly.
func TestHiddenTakeFromGone(t *testing.T) {
	tests := []struct {
		name        string
		gone        track
		liftedVotes float64
		want        bool
	}{
		{"pocketed a rack before", track{gone: true, goneT: 1486}, 162, true},
		{"pocketed after the lifted track was seen", track{gone: true, goneT: 1700}, 162, false},
		{"the lifted track read as it a few times", track{gone: true, goneT: 1486}, 21, false},
		{"lifted too", track{gone: true, lifted: true, goneT: 1486}, 162, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &Tracker{tab: tab9, R: table.BallRadius}
			lifted := track{used: true, confirmed: true, ball: 4, gone: true, lifted: true, goneT: 1823.94, born: 1626,
				rest: table.Point{X: 2421.7, Y: 1010.9}, last: sample{1823.5, table.Point{X: 2421.7, Y: 1010.9}}}
			lifted.votes[4] = tt.liftedVotes
			lifted.votes[2] = 2
			old := tt.gone
			old.used, old.confirmed, old.ball = true, true, -1
			old.votes[4] = 347
			k.tracks = []track{lifted, old}
			lift := k.hiddenHeld()
			if got := k.hiddenTake(1, 4, &lift); got != tt.want {
				t.Errorf("hiddenTake: got %v, want %v", got, tt.want)
			}
		})
	}
}
