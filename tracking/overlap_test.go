package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// 10-ball pot (bench seed 23, rendered, shot 6): ball 5 rests by the foot
// cushion 13 mm from the cue ball and is read, most frames before the
// stroke, 22 mm inward, overlapping the cue ball; found at its place again
// as the stroke is played, it was told the cue ball's first contact, a
// wrong-ball-first foul (overlap.go). The truth has the cue ball meet ball 3
// first and ball 5 never move: the shot must ask.
func TestOverlapAsksRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/overlap-10ball-s23-rendered.json.gz")
	rest5 := stillInTruth(t, fs, 5)
	var cue table.Point
	stroke := -1.0
	inward := 0
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 0 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			switch {
			case f.T == fs[0].T:
				cue = p
			case stroke < 0 && p.Dist(cue) > 1:
				stroke = f.T
			}
		}
		if stroke >= 0 {
			continue
		}
		for _, o := range f.Obs {
			if int(o[0]) == 5 && (table.Point{X: o[1], Y: o[2]}).Dist(cue) < 2*tab9.BallR-5 {
				inward++
			}
		}
	}
	if stroke < 0 || rest5.Dist(cue) < 2*tab9.BallR+5 || inward < 60 {
		t.Fatalf("testdata: stroke at %.3f s, ball 5 rests %.1f mm from the cue ball, read overlapping it in %d frames before the stroke; want a stroke, 5 mm or more of gap, and 60 or more such frames", stroke, rest5.Dist(cue)-2*tab9.BallR, inward)
	}
	shots := renderedShots(t, fs)
	for _, s := range shots {
		if *s.Start < stroke-0.2 || *s.Start > stroke+0.2 {
			continue
		}
		fi := firstOf(s)
		if fi >= 0 && s.Events[fi].A+s.Events[fi].B == 3 {
			return // told right: nothing to ask
		}
		if s.Review == nil || !strings.Contains(s.Review.Reason, "ball 5 (first contact)") {
			t.Fatalf("shot struck at %.3f s: first contact %v, review %+v; want ball 3 first, or the shot asking about ball 5", *s.Start, s.Events[max(fi, 0)], s.Review)
		}
		return
	}
	t.Fatalf("no shot told struck at %.3f s (told %d)", stroke, len(shots))
}

// TestStackDoubt: two object balls read at one place at the stroke (closer
// than a radius) leave a ball untracked, and the shot asks; balls racked
// touching, or the cue ball on top of one (overlapDoubt's), do not.
func TestStackDoubt(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	d := 2 * tab9.BallR
	for _, c := range []struct {
		name   string
		before shot.Positions
		ask    bool
	}{
		{"two on one ball", shot.Positions{0: {500, 600}, 1: {1905, 635}, 4: {2053.4, 607.7}, 5: {2054.2, 606.6}}, true},
		{"half a radius apart", shot.Positions{0: {500, 600}, 4: {2000, 600}, 5: {2000 + tab9.BallR/2, 600}}, true},
		{"racked, touching", shot.Positions{0: {500, 600}, 1: {1905, 635}, 2: {1905 + d*0.866, 635 + d/2}, 3: {1905 + d*0.866, 635 - d/2}}, false},
		{"a radius and more apart", shot.Positions{0: {500, 600}, 4: {2000, 600}, 5: {2000 + tab9.BallR + 1, 600}}, false},
		{"the cue ball on a ball", shot.Positions{0: {2000, 600}, 4: {2000.5, 600}}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			why := k.stackDoubt(&shot.Shot{Before: c.before})
			if got := why != ""; got != c.ask {
				t.Errorf("got %q; want asked %v", why, c.ask)
			}
		})
	}
}
