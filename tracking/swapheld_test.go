package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestSwapHeldRendered runs the tracker on the detector's view of a 14.1 pot
// and the safety after it (bench seed 31, rendered, shots 52 and 53): the cue
// ball pots the 9 frozen by the foot-right corner and stops 30 mm on, where
// it is read "9" frame after frame; the 9 is read "9" clearly on its way in.
// The cue ball's readings outnumbered the 9's and the two tracks were
// swapped: the cue ball told pocketed (a scratch, unasked) and the safety,
// struck with a cue ball taken for the 9, told as no shot. The pot must pocket
// the 9 and not the cue ball, and the safety be struck when it was, on the 15.
func TestSwapHeldRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/swapheld-14.1-s31-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	pot := shotNear(t, shots, 383.9735, 0.05)
	var potted []int
	for _, e := range pot.Events {
		if e.Kind == shot.Pocketed {
			potted = append(potted, e.Ball)
		}
	}
	if len(potted) != 1 || potted[0] != 9 {
		t.Errorf("got balls %v pocketed; want [9]", potted)
	}
	wantStrokeFirst(t, shotNear(t, shots, 387.1966, 0.05), 387.1966, 15)
}
