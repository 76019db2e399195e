package trackbench

import (
	"testing"

	"github.com/cueref/cueref/shot"
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
