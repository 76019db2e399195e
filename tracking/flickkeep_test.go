package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestFlickKeepNoTouchRendered runs the tracker on the detector's view of a
// 9-ball pot (bench seed 7, rendered, shot 3): ball 8 rests by the HL
// pocket's jaw throughout, and the detector reads it, one frame in two or
// three at a low confidence, at three places 7–27 mm off it (flickkeep.go).
// Pairs of such reads started it again and again, and the places flickRead
// had learned were lost at each new rest; the shot ended while the ball was
// told resting on one of them, and its touch was told: a legal pot ruled a
// foul (rule 1.19). The truth keeps ball 8 still: no shot may tell an event
// of it; the shot struck at the stroke must be told, with the cue ball's
// contact with ball 2 and ball 2's pocket (FL), as the truth has them.
func TestFlickKeepNoTouchRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flickkeep-9ball-s7-rendered.json.gz")
	// The truth: ball 8 still throughout; the stroke, the cue ball's last
	// start from a rest of a second or more (it is placed by hand before it),
	// between the last frame that shows it at rest and the first that does
	// not.
	var rest8, cue table.Point
	have8 := false
	cueT, lastRest, from, moved := -1.0, -1.0, -1.0, -1.0
	for _, f := range fs {
		for _, x := range f.Truth {
			p := table.Point{X: x[1], Y: x[2]}
			switch int(x[0]) {
			case 8:
				if !have8 {
					rest8, have8 = p, true
				} else if p.Dist(rest8) > 1 {
					t.Fatalf("testdata: ball 8 at %v at %.3f s, %.1f mm from %v; want it still", p, f.T, p.Dist(rest8), rest8)
				}
			case 0:
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
	}
	if !have8 || moved < 0 || moved-fs[0].T < 2 || fs[len(fs)-1].T-moved < 3 {
		t.Fatalf("testdata: ball 8 seen %v, the cue ball struck at %.3f s (fixture %.2f–%.2f s); want a stroke 2 s or more into it, 3 s or more before its end", have8, moved, fs[0].T, fs[len(fs)-1].T)
	}
	shots := renderedShots(t, fs)
	var struck *shot.Shot
	for _, s := range shots {
		if *s.Start >= from-0.05 && *s.Start <= moved+0.05 {
			struck = s
		}
		for _, e := range absEvents(s) {
			if e.Kind == shot.Contact && (e.A == 8 || e.B == 8) || e.Kind != shot.Contact && e.Ball == 8 {
				t.Errorf("shot struck at %.4f s: %s of ball 8 told at %.4f s; want none (ball 8 rests at %v throughout, truth); events:%s", *s.Start, e.Kind, e.T, rest8, fmtEvents(absEvents(s)))
			}
		}
	}
	if struck == nil {
		t.Fatalf("no shot told struck within 50 ms of the stroke (%.4f–%.4f s, truth); got %d shots", from, moved, len(shots))
	}
	wantCuePot(t, struck, 2, "FL")
}

// TestFlickUnsure checks the confidence test of flickRead against the
// detector's reads of a resting ball: a flip must fall short of its sure
// reads at the rest point, whatever share of misreads lands there too.
func TestFlickUnsure(t *testing.T) {
	mix := func(hi, lo float64, nhi, nlo int) []float64 {
		var cs []float64
		n := nhi + nlo
		for j := 0; j < n; j++ {
			// The misreads spread among the sure ones, as the detector
			// gives them.
			if j*nlo/n != (j+1)*nlo/n {
				cs = append(cs, lo)
			} else {
				cs = append(cs, hi)
			}
		}
		return cs
	}
	tests := []struct {
		name string
		rest []float64 // confidences of the reads at the rest point, oldest first
		c    float64
		want bool
	}{
		// Ball 8 of 9-ball seed 7 (flickkeep.go): a third of its reads at
		// rest are misreads at 0.49; its flips, at 0.49, are unsure.
		{"sure reads and misreads at rest", mix(0.75, 0.49, 11, 5), 0.49, true},
		{"sure reads only", mix(0.95, 0.95, 16, 0), 0.5, true},
		// Read poorly throughout (8-ball seed 1 shot 64): nothing is a flip.
		{"poor throughout", []float64{0.4, 0.6, 0.45, 0.55, 0.5, 0.42, 0.58, 0.5}, 0.42, false},
		{"as sure as at rest", mix(0.75, 0.49, 11, 5), 0.7, false},
		{"too few at rest", []float64{0.9, 0.9, 0.9}, 0.3, false},
		// The latest reads count: an old run of sure ones is forgotten.
		{"latest only", append(mix(0.95, 0.95, 20, 0), mix(0.5, 0.5, 16, 0)...), 0.4, false},
	}
	for _, tc := range tests {
		var f flickPlaces
		for _, c := range tc.rest {
			f.conf[f.nconf%len(f.conf)] = c
			f.nconf++
		}
		if got := f.unsure(tc.c); got != tc.want {
			t.Errorf("%s: unsure(%.2f) = %v; want %v (reads at rest %v)", tc.name, tc.c, got, tc.want, tc.rest)
		}
	}
}

// TestFlickPlacesKept checks that the places a resting ball's centre flips
// to survive new rests at the same point, a rest on one of them, and the
// detector's one-off odd centres.
func TestFlickPlacesKept(t *testing.T) {
	var tr track
	const gate, tol = 4.5, 3.0
	home := table.Point{X: 78.4, Y: 98.6}
	flip := table.Point{X: 63.8, Y: 77.5}
	rest := func(t0 float64, p table.Point) *flickPlaces {
		tr.rest, tr.restT = p, t0
		return tr.flickAt(gate)
	}
	f := rest(1, home)
	// Odd centres, each seen once, before the place is first come back from,
	// in between and after, more than there are slots.
	odd := func(j int) {
		f.learn(table.Point{X: 100 + 10*float64(j), Y: 200}, 1+0.01*float64(j), tol)
	}
	for j := 0; j < flickPlacesMax; j++ {
		odd(j)
	}
	f.learn(flip, 1.2, tol)
	odd(30)
	f.learn(flip, 1.4, tol)
	for j := 40; j < 40+2*flickPlacesMax; j++ {
		odd(j)
	}
	if !f.known(flip, tol) {
		t.Fatalf("among %d odd centres: place %v not known; want it known (come back from twice)", 3*flickPlacesMax+1, flip)
	}
	f.nout = 2
	steps := []struct {
		name string
		t    float64
		at   table.Point
		want bool
	}{
		{"a new rest where it stood", 2, table.Point{X: 79.0, Y: 98.9}, true},
		{"a rest on its wrong place", 3, flip, false},
		{"back where it stood", 4, home, true},
		{"a rest elsewhere", 5, table.Point{X: 500, Y: 500}, false},
		{"and a third place", 6, table.Point{X: 900, Y: 500}, false},
		{"back where it first stood, two rests on", 7, home, false},
	}
	for _, st := range steps {
		f := rest(st.t, st.at)
		if got := f.known(flip, tol); got != st.want {
			t.Errorf("%s (%v at %.0f s): place %v known %v; want %v", st.name, st.at, st.t, flip, got, st.want)
		}
		if f.nout != 0 {
			t.Errorf("%s: a run of %d away from the rest before kept; want none", st.name, f.nout)
		}
	}
}

// TestFlickHop checks when a run of detections away from the rest point,
// longer than flickBack, is still taken for flips: while it hops between
// places the ball was read at and came back from (ball 8's three, 9-ball
// seed 7), not while it stays at one, nor for longer than flickHopMax.
func TestFlickHop(t *testing.T) {
	const tol = 3.0
	a, b, c := table.Point{X: 63.8, Y: 77.5}, table.Point{X: 55.3, Y: 85.1}, table.Point{X: 72.0, Y: 95.2}
	odd := table.Point{X: 40, Y: 60}
	frames := func(t0 float64, ps ...table.Point) []sample {
		var ss []sample
		for j, p := range ps {
			ss = append(ss, sample{t0 + float64(j)/60, p})
		}
		return ss
	}
	many := func(n int, ps ...table.Point) []table.Point {
		var x []table.Point
		for j := 0; j < n; j++ {
			x = append(x, ps[j%len(ps)])
		}
		return x
	}
	tests := []struct {
		name string
		run  []sample
		want bool // the last detection is taken for a flip (brief)
	}{
		// 25.53–25.70 s: A A C C B B A, two frames missed before the sixth.
		{"hops between places", []sample{{25.5333, a}, {25.5667, a}, {25.5833, c}, {25.6, c}, {25.6167, b}, {25.6667, b}, {25.7, a}}, true},
		{"one place on end", frames(10, many(10, a)...), false},
		{"one place, its centres 2 mm apart", frames(10, many(10, a, a.Add(table.Point{X: 2}))...), false},
		{"hopping, then one place on end", frames(10, append(many(4, a, b), many(8, b)...)...), false},
		{"hops for longer than flickHopMax", frames(10, many(int(flickHopMax*60)+4, a, b)...), false},
		{"hops, the last to no known place", frames(10, append(many(8, a, b), odd)...), false},
	}
	for _, tc := range tests {
		var f flickPlaces
		for _, p := range []table.Point{a, b, c} {
			f.learn(p, 1, tol)
			f.learn(p, 2, tol)
		}
		var brief bool
		for _, s := range tc.run {
			brief = f.nout == 0 || s.t-f.out[0].t <= flickBack
			if f.hop(s, tol) {
				brief = true
			}
			f.note(s)
		}
		if last := tc.run[len(tc.run)-1]; brief != tc.want {
			t.Errorf("%s: detection at %v, %.3f s into the run, taken for a flip %v; want %v", tc.name, last.p, last.t-tc.run[0].t, brief, tc.want)
		}
	}
}

// wantCuePot fails the test unless shot s tells the cue ball's contact with
// ball b and ball b's pocket in pocket (as the truth has them).
func wantCuePot(t *testing.T, s *shot.Shot, b int, pocket string) {
	t.Helper()
	contact, pocketed := false, false
	for _, e := range absEvents(s) {
		contact = contact || e.Kind == shot.Contact && e.A+e.B == b && e.A*e.B == 0
		pocketed = pocketed || e.Kind == shot.Pocketed && e.Ball == b && string(e.Pocket) == pocket
	}
	if !contact || !pocketed {
		t.Errorf("shot struck at %.4f s: contact 0-%d told %v, pocket of %d in %s told %v; want both (truth); events:%s", *s.Start, b, contact, b, pocket, pocketed, fmtEvents(absEvents(s)))
	}
}
