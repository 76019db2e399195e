package trackbench

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// TestUnseenAt checks which true events count as not shown by the camera: a
// ball of the event hidden or undetected within two frames of it.
func TestUnseenAt(t *testing.T) {
	r := &run{cfg: Config{Camera: DefaultCamera(60)}, unseen: map[[2]int]*unseen{
		{3, 7}: {hidden: []float64{1.000}},
		{3, 2}: {undetected: []float64{2.000}},
	}}
	contact := func(tm float64, a, b int) shot.Event {
		return shot.Event{Kind: shot.Contact, T: tm, A: a, B: b}
	}
	rail := func(tm float64, b int) shot.Event {
		return shot.Event{Kind: shot.RailHit, T: tm, Ball: b}
	}
	for _, c := range []struct {
		name string
		si   int
		ev   shot.Event
		want bool
	}{
		{"hidden ball of a contact, same frame", 3, contact(1.000, 0, 7), true},
		{"hidden ball of a contact, two frames after", 3, contact(1.0-2.0/60, 7, 0), true},
		{"hidden three frames before", 3, contact(1.0+3.0/60, 0, 7), false},
		{"undetected ball of a rail hit", 3, rail(2.0+1.0/60, 2), true},
		{"another ball", 3, rail(2.0, 5), false},
		{"another shot", 4, contact(1.0, 0, 7), false},
	} {
		if got := r.unseenAt(c.si, c.ev); got != c.want {
			t.Errorf("%s: unseenAt = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestShownAt checks the frame that shows a true event: a fast cue ball's
// strike shows in the first frame after it, a soft one only once the ball has
// gone showDist; a contact shows once both balls are off their ways in; a
// ball out of view does not show it.
func TestShownAt(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	cue, obj := P(1000, 600), P(1300, 600)
	play := func(speed float64) *sim.ShotSim {
		mo, err := sim.Simulate(tab9, sim.DefaultParams(), sim.Layout{0: cue, 5: obj}, sim.Stroke{Speed: speed, Angle: 0}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return &sim.ShotSim{Motion: mo}
	}
	first := func(ss *sim.ShotSim, kind string) shot.Event {
		for _, e := range ss.Motion.Events() {
			if e.Kind == kind {
				return e
			}
		}
		t.Fatalf("the simulator told no %s", kind)
		return shot.Event{}
	}
	const fps = 60
	r := &run{cfg: Config{Camera: DefaultCamera(fps)}}
	// Stroke at source time 10.005: frames at 10.0167, 10.0333, ...
	const stroke = 10.005
	frameAfter := func(tt float64) float64 { return math.Ceil((stroke+tt)*fps-1e-9)/fps - stroke }

	fast := play(3)
	st := first(fast, shot.Strike)
	if got, ok := r.shownAt(fast, 0, st, stroke); !ok || math.Abs(got-frameAfter(st.T)) > 1e-9 {
		t.Errorf("strike at 3 m/s: shown at %.4f (%v), want the first frame after it, %.4f", got, ok, frameAfter(st.T))
	}
	// At 0.2 m/s the cue ball needs 25 ms to go 5 mm: two frames.
	slow := play(0.2)
	st = first(slow, shot.Strike)
	got, ok := r.shownAt(slow, 0, st, stroke)
	if b, _ := slow.Motion.Ball(0, got); !ok || b.Pos.Dist(cue) < showDist {
		t.Errorf("strike at 0.2 m/s: shown at %.4f (%v), the ball %.1f mm from its spot; want ≥ %d mm", got, ok, b.Pos.Dist(cue), showDist)
	}
	if b, _ := slow.Motion.Ball(0, got-1.0/fps); b.Pos.Dist(cue) >= showDist {
		t.Errorf("strike at 0.2 m/s: shown at %.4f, but the frame before already had the ball %.1f mm off", got, b.Pos.Dist(cue))
	}
	c := first(fast, shot.Contact)
	got, ok = r.shownAt(fast, 0, c, stroke)
	if !ok || got < c.T || got > c.T+2.0/fps {
		t.Errorf("contact at 3 m/s at %.4f: shown at %.4f (%v), want within two frames", c.T, got, ok)
	}
	// The struck ball out of view in the frames after the contact: not shown
	// until it is seen.
	var hid []float64
	for i := 0; i < 3; i++ {
		hid = append(hid, frameAfter(c.T)+float64(i)/fps)
	}
	r.unseen = map[[2]int]*unseen{{0, 5}: {hidden: hid}}
	got, ok = r.shownAt(fast, 0, c, stroke)
	if want := hid[2] + 1.0/fps; !ok || math.Abs(got-want) > 1e-9 {
		t.Errorf("contact with the struck ball hidden 3 frames: shown at %.4f (%v), want %.4f", got, ok, want)
	}
}
