package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestSlowPushTimed plays a cue ball rolling at about 90–160 mm/s into a ball
// at rest off its line, so that it sends it off at 50–110 mm/s: the pushed ball
// creeps a millimetre a frame, and the first estimate of the contact (a nudge,
// or a start paired in its window) was two or three frames off in about half
// the noise seeds of the slowest. The simulator's contact is the truth: the
// tracker must tell the 0–1 contact within the bench's contact tolerance
// (30 ms) in all but a few of 12 noise seeds. Before retimePushes the first
// case was wrong in 6 seeds, the second in 6, the third in 1.
func TestSlowPushTimed(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for _, c := range []struct {
		name  string
		off   float64 // mm the object ball is off the cue ball's line
		speed float64 // cue, m/s
		most  int     // seeds of 12 the contact may be missed or mistimed in
	}{
		{"43 mm off at 0.22 m/s", 43, 0.22, 4},
		{"40 mm off at 0.22 m/s", 40, 0.22, 5},
		{"46 mm off at 0.25 m/s", 46, 0.25, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := slowContactMisses(t, sim.Layout{0: P(700, 635), 1: P(1000, 635+c.off)}, c.speed, 12)
			if bad > c.most {
				t.Errorf("got %d of 12 seeds with the contact missed or off by more than 30 ms, want at most %d", bad, c.most)
			}
		})
	}
}

// simOneContact simulates the cue ball struck at speed (m/s) in lay and
// returns the motion and its one contact; a simulation with more or fewer
// contacts fails the test.
func simOneContact(t *testing.T, lay sim.Layout, speed float64) (*sim.Motion, shot.Event) {
	t.Helper()
	mo, err := sim.Simulate(tab9, sim.DefaultParams(), lay, sim.Stroke{Speed: speed}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want []shot.Event
	for _, e := range mo.Events() {
		if e.Kind == shot.Contact {
			want = append(want, e)
		}
	}
	if len(want) != 1 {
		t.Fatalf("%v at %.2f m/s: %d contacts in the simulation, want 1: %s", lay, speed, len(want), fmtEvents(mo.Events()))
	}
	return mo, want[0]
}

// slowContactMisses plays the cue ball at speed (m/s) into the one object ball
// of lay over noise seeds 1..seeds and counts the seeds in which the 0–1
// contact is missed or told more than the bench's contact tolerance (30 ms)
// from the simulator's.
func slowContactMisses(t *testing.T, lay sim.Layout, speed float64, seeds int64) int {
	t.Helper()
	mo, want := simOneContact(t, lay, speed)
	bad := 0
	for seed := int64(1); seed <= seeds; seed++ {
		s, shift := playOne(t, "", mo, seed)
		off := math.Inf(1)
		for _, e := range s.Events {
			if e.Kind == shot.Contact && e.A+e.B == 1 {
				off = math.Min(off, math.Abs(e.T+shift-want.T))
			}
		}
		if off > 0.03 {
			bad++
			t.Logf("seed %d: contact 0-1 off by %.1f ms (true at %.4f s after the stroke): %s", seed, off*1000, want.T, fmtEvents(absEvents(s)))
		}
	}
	return bad
}

// TestPackPartners drives the cue ball into a full rack of fifteen, frozen, at
// 0.9–2 m/s and three lines: the balls of the pack start within a few frames
// of each other, and pairing each start with a ball that moved about then
// named a neighbour that never touched it about a third of the time. The
// simulator's contacts are the truth: counted over 4 noise seeds, the contacts
// told of a true pair (within the bench's 30 ms) must be at least 165, and
// those told of one ball of a true contact with the wrong partner at most 85.
// Before fixPartners they were 142 and 105.
func TestPackPartners(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	right, wrong := 0, 0
	for _, sp := range []float64{0.9, 1.3, 2.0} {
		for _, dy := range []float64{-20, 0, 25} {
			l := sim.Layout{0: P(1200, 635+dy)}
			for i, q := range tab9.Rack(5) {
				l[i+1] = q
			}
			d := l[1].Sub(l[0])
			mo, err := sim.Simulate(tab9, sim.DefaultParams(), l, sim.Stroke{Speed: sp, Angle: math.Atan2(d.Y, d.X)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			var truth []shot.Event
			for _, e := range mo.Events() {
				if e.Kind == shot.Contact {
					truth = append(truth, e)
				}
			}
			for seed := int64(1); seed <= 4; seed++ {
				const at = 0.5
				frames := simFrames(seed, at+mo.Duration()+1, []piece{{mo: mo, at: at}}, nil, nil)
				shots, _ := simShots(t, frames)
				for _, s := range shots {
					for _, e := range s.Events {
						if e.Kind != shot.Contact {
							continue
						}
						tt := *s.Start + e.T - at
						same, shared := false, false
						for _, w := range truth {
							if math.Abs(w.T-tt) > 0.03 {
								continue
							}
							if sameBalls(w, e) {
								same = true
							} else if w.A == e.A || w.A == e.B || w.B == e.A || w.B == e.B {
								shared = true
							}
						}
						switch {
						case same:
							right++
						case shared:
							wrong++
						}
					}
				}
			}
		}
	}
	// With fixPartners: 189 right, 89 wrong; without it: 151 right, 127 wrong
	// (measured on main with the pressed-group and cushion changes merged).
	if right < 170 || wrong > 100 {
		t.Errorf("got %d contacts of a true pair and %d with a wrong partner, want at least 170 and at most 100", right, wrong)
	}
}
