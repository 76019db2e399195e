package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestHeldTouchTold checks what becomes of a live touch held while a stroke
// told provisionally waits to be confirmed: told cueWait frames after it was
// due if no shot began; as a shot begins, dropped if the ball started after
// the stroke (or preStroke before it), told if it started earlier.
func TestHeldTouchTold(t *testing.T) {
	touch := func(at float64) heldTouch {
		return heldTouch{frame: 100, out: Output{Kind: OutEvent, T: at, Event: shot.Event{Kind: shot.Touch, Ball: 5}}}
	}
	for _, tc := range []struct {
		name  string
		frame int     // the frame it runs at
		shot  float64 // a shot begins with its stroke at this time (0: none)
		at    float64 // the held touch's time
		told  bool
	}{
		{"between shots, not due", 100 + cueWait - 1, 0, 10.0, false},
		{"between shots, due", 100 + cueWait, 0, 10.0, true},
		{"shot begins, started after the stroke", 110, 9.95, 10.0, false},
		{"shot begins, started about the stroke", 110, 10.0 + preStroke/2, 10.0, false},
		{"shot begins, started well before the stroke", 110, 10.2, 10.0, true},
		{"input ends between shots", 110, math.Inf(1), 10.0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60})
			if err != nil {
				t.Fatal(err)
			}
			k.heldTouches = []heldTouch{touch(tc.at)}
			k.frame = tc.frame
			if tc.shot > 0 {
				k.releaseHeld(tc.shot)
			} else {
				k.tellHeld()
			}
			if told := len(k.out) == 1 && k.out[0].Event.Kind == shot.Touch; told != tc.told {
				t.Errorf("touch told %v (out %+v); want %v", told, k.out, tc.told)
			}
			if tc.shot > 0 && len(k.heldTouches) != 0 {
				t.Errorf("%d touches still held after the shot began; want none", len(k.heldTouches))
			}
		})
	}
}
