package trackbench

import (
	"strings"
	"testing"
)

// TestCueBallPutDownUnseen plays no-render seed 1's 8-ball match at 30 fps
// past its shot 42, a foul: the cue ball in hand was lifted and put down
// 246 mm away, unseen for 0.27 s, then read at rest there. Timed from its
// last read at its old place to its first at the new one it needed 3.5 times
// the cloth's sliding deceleration to stop there, under the 10 asked of a
// ball seen on its way: a "shot" ruled a no-contact foul where none was
// played, unflagged. No shot may be told where none was played.
func TestCueBallPutDownUnseen(t *testing.T) {
	none := func(d string) bool { return strings.Contains(d, "where none was played") }
	agreesIn(t, Config{Games: []string{"8ball"}, Racks: 4, Seed: 1, Camera: DefaultCamera(30)}, 44, none, "no shot there")
}
