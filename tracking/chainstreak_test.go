package tracking

import "testing"

// TestChainStreakRendered runs the tracker on the detector's view of an
// 8-ball break (bench seed 29, rendered, shot 31): the cue ball, at 11 m/s,
// is missed in the first frame after the stroke and read in the next at two
// places 58 mm apart along its way (its streak split in two), then once a
// frame. The chain of its detections was refused for the two in one frame:
// the stroke was inferred from the rack's starts and no contact of the cue
// ball was told, the first ball on the record being the 3, inside the rack.
// The break must be struck when it was, the cue ball's first ball the 9.
func TestChainStreakRendered(t *testing.T) {
	s := renderedShot(t, "testdata/chainstreak-8ball-s29-rendered.json.gz", 15, 236.2357)
	wantStrokeFirst(t, s, 236.2357, 9)
}
