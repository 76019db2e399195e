package tracking

import "testing"

// TestShelfWayRendered: rendered 14.1, seed 71, shot 50 (stroke 401.1374 s):
// the cue ball crawled into the foot-right corner's jaws off the centre line
// and stopped on the shelf 1 mm short of the hole's edge. Last read 24 mm
// past the mouth line at 10 mm/s, 21 mm off the centre line, it was told
// pocketed: the shelf's edge on the centre line was 1 mm ahead, the hole's
// edge on its way 5 mm. It rests on the shelf (shelf.go).
func TestShelfWayRendered(t *testing.T) {
	const stroke = 401.1374
	s := renderedShot(t, "testdata/shelfway-14.1-s71-rendered.json.gz", 15, stroke)
	noPocket(t, s, 0, "on the shelf")
}
