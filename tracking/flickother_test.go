package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// stillInTruth fails the test unless the fixture's truth keeps ball b within
// 1 mm of one point throughout, and returns that point.
func stillInTruth(t *testing.T, fs []renderedFrame, b int) table.Point {
	t.Helper()
	var at table.Point
	seen := false
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != b {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			if !seen {
				at, seen = p, true
			} else if p.Dist(at) > 1 {
				t.Fatalf("testdata: ball %d at %v at %.3f s, %.1f mm from %v; want it still", b, p, f.T, p.Dist(at), at)
			}
		}
	}
	if !seen {
		t.Fatalf("testdata: ball %d not in the truth", b)
	}
	return at
}

// TestFlickOtherNoRailRendered runs the tracker on the detector's view of an
// 8-ball pot (bench seed 21, rendered, shot 36): ball 15 rests 6 mm off the
// foot cushion throughout, and the detector, one frame in four, reads it
// instead as the eight 40 mm inward, while the eight, still throughout, is
// read clearly where it rests (flickother.go). Taken for ball 15's moves,
// those reads started it again and again and had it cross the foot cushion:
// eight rails of ball 15 were told in the shot. The truth keeps balls 15 and
// 8 still: no shot may tell an event of ball 15; the shot struck at the
// stroke must be told, with the cue ball's contact with ball 6 and ball 6's
// pocket (HL), as the truth has them.
func TestFlickOtherNoRailRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flickother-8ball-s21-rendered.json.gz")
	rest15 := stillInTruth(t, fs, 15)
	rest8 := stillInTruth(t, fs, 8)
	// The fixture is the one this test is about: the eight, read clearly
	// at its rest, in frames where ball 15 is read as the eight, 20 mm or
	// more off its rest, and not at its rest.
	misread := 0
	for _, f := range fs {
		at15, ghost, eight := false, false, false
		for _, o := range f.Obs {
			p := table.Point{X: o[1], Y: o[2]}
			switch {
			case p.Dist(rest15) < 5:
				at15 = true
			case int(o[0]) == 8 && p.Dist(rest15) > 20 && p.Dist(rest15) < 2*tab9.BallR:
				ghost = true
			case int(o[0]) == 8 && p.Dist(rest8) < 5 && o[3] >= ownReadConf:
				eight = true
			}
		}
		if ghost && eight && !at15 {
			misread++
		}
	}
	if misread < 20 {
		t.Fatalf("testdata: %d frames read ball 15 as the eight off its rest while the eight is read at its own; want 20 or more", misread)
	}
	// The stroke: the cue ball's first move after a rest of a second or more.
	var cue table.Point
	cueT, lastRest, from, moved := -1.0, -1.0, -1.0, -1.0
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 0 || moved >= 0 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			switch {
			case cueT < 0 || p.Dist(cue) > 1:
				if cueT >= 0 && lastRest-cueT >= 1 {
					from, moved = lastRest, f.T
				}
				cue, cueT, lastRest = p, f.T, f.T
			default:
				lastRest = f.T
			}
		}
	}
	if moved < 0 || moved-fs[0].T < 2 || fs[len(fs)-1].T-moved < 4 {
		t.Fatalf("testdata: the cue ball struck at %.3f s (fixture %.2f–%.2f s); want a stroke 2 s or more into it, 4 s or more before its end", moved, fs[0].T, fs[len(fs)-1].T)
	}
	shots := renderedShots(t, fs)
	var struck *shot.Shot
	for _, s := range shots {
		if *s.Start >= from-0.05 && *s.Start <= moved+0.05 {
			struck = s
		}
		for _, e := range absEvents(s) {
			if e.Kind == shot.Contact && (e.A == 15 || e.B == 15) || e.Kind != shot.Contact && e.Ball == 15 {
				t.Errorf("shot struck at %.4f s: %s of ball 15 told at %.4f s; want none (ball 15 rests at %v throughout, truth)", *s.Start, e.Kind, e.T, rest15)
			}
		}
	}
	if struck == nil {
		t.Fatalf("no shot told struck within 50 ms of the stroke (%.4f–%.4f s, truth); got %d shots", from, moved, len(shots))
	}
	wantCuePot(t, struck, 6, "HL")
}

// TestFlickOtherCueRestRendered runs the tracker on the detector's view of
// the cue ball at rest 3 mm off the foot cushion before its stroke (8-ball
// seed 21, rendered, shot 44): read at 0.5–0.6 at its rest one frame in three,
// and the rest of the time as the eight, at 0.6–0.98, at places 5–20 mm
// inward, the eight itself read clearly where it rests (flickother.go). Those
// reads started the cue ball from rest three times before its stroke: three
// shots where none was played, the last of them running on into the true
// stroke, which was told in it and so not at all. The truth has the cue
// ball still until its stroke: the only shot told must be the one struck
// then, with the cue ball's contact with ball 10 (the first contact, as the
// truth has it).
func TestFlickOtherCueRestRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flickother-cue-8ball-s21-rendered.json.gz")
	stillInTruth(t, fs, 8)
	var rest table.Point
	stroke := -1.0
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 0 || stroke >= 0 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			switch {
			case f.T == fs[0].T:
				rest = p
			case p.Dist(rest) > 1:
				stroke = f.T
			}
		}
	}
	if stroke < 0 || stroke-fs[0].T < 2 || fs[len(fs)-1].T-stroke < 2 {
		t.Fatalf("testdata: the cue ball struck at %.3f s (fixture %.2f–%.2f s); want it at rest for 2 s or more, and 2 s or more of the shot", stroke, fs[0].T, fs[len(fs)-1].T)
	}
	if gap := tab9.L - tab9.BallR - rest.X; gap > 5 {
		t.Fatalf("testdata: the cue ball rests %.1f mm off the foot cushion; want 5 mm or less", gap)
	}
	shots := renderedShots(t, fs)
	for _, s := range shots {
		if *s.Start < stroke-0.05 || *s.Start > stroke+0.05 {
			t.Errorf("shot told struck at %.4f s, the cue ball at rest at %v until %.4f s (truth); events:%s", *s.Start, rest, stroke, fmtEvents(absEvents(s)))
			continue
		}
		contact := false
		for _, e := range absEvents(s) {
			contact = contact || e.Kind == shot.Contact && e.A+e.B == 10 && e.A*e.B == 0
		}
		if !contact {
			t.Errorf("shot struck at %.4f s: no contact 0-10 told; want it (truth); events:%s", *s.Start, fmtEvents(absEvents(s)))
		}
	}
	if len(shots) == 0 {
		t.Errorf("no shot told; want one struck at %.4f s (truth)", stroke)
	}
}

// TestFlickOtherFrameRate: the same ghost read (ball 8's number and colour,
// 40 mm off resting ball 15, while ball 8 is read clearly at its own rest)
// is taken for a flip at 60 fps and not at 30 fps, where a ball struck
// between two reads is not seen coming (flickOtherDt).
func TestFlickOtherFrameRate(t *testing.T) {
	for _, tc := range []struct {
		fps  float64
		want bool
	}{{60, true}, {30, false}} {
		k, err := New(Config{Table: tab9, FPS: tc.fps})
		if err != nil {
			t.Fatal(err)
		}
		at15, at8 := table.Point{X: 2505, Y: 879}, table.Point{X: 2350, Y: 806}
		k.tracks = []track{
			{used: true, confirmed: true, ball: 15, rest: at15},
			{used: true, confirmed: true, ball: 8, rest: at8},
		}
		k.holder[15], k.holder[8] = 1, 2
		ghost := Obs{Ball: 8, At: table.Point{X: 2473, Y: 856}, Confidence: 0.6, Class: ClassEight}
		k.fobs = []Obs{ghost, {Ball: 8, At: at8, Confidence: 0.9, Class: ClassEight}}
		if got := k.otherRest(0, &k.fobs[0]); got != tc.want {
			t.Errorf("%g fps: otherRest = %v, want %v", tc.fps, got, tc.want)
		}
	}
}
