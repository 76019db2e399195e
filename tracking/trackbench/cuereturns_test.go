package trackbench

import "testing"

// TestCueBallBackNearBall plays no-render seed 1's 9-ball match at 30 fps to
// its shot 41: after the cue ball's scratch the shooter put it down 104 mm
// from the 7, whose track jumped to the cue ball's first read and followed
// it from then on, its stroke told as a touch of the 7: shot 41 was never
// told, unflagged. The shot must be told and agree with the truth.
func TestCueBallBackNearBall(t *testing.T) {
	agreesIn(t, Config{Games: []string{"9ball"}, Racks: 3, Seed: 1, Camera: DefaultCamera(30)}, 42, shotIs("9ball shot 41 "), "shot 41 told as played")
}
