package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestDepartsAlongRendered: cueref bench --racks 2 --seed 76, 8-ball shot 25
// (struck at 202.6713 s). The cue ball at 5 m/s passed the 9 clear, met the
// head cushion at 0.2610 s and came back into the 9 at 0.2674 s. Its path
// in, read within 2R of the 9, paired the 9's start with the pass at 0.2445
// s, before the cushion, though the 9 left 55° off that line of centres. The
// contact must be told after the cushion hit, at its time (202.9387 s, within
// 2 ms); the two meet again at 204.9703 s.
func TestDepartsAlongRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/departs-8ball-s76-rendered.json.gz")
	wantOnBedInTruth(t, fs, 9)
	var rail, hit []float64
	for _, s := range renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}) {
		for _, e := range absEvents(s) {
			switch {
			case e.Kind == shot.Contact && (e.A == 0 && e.B == 9 || e.A == 9 && e.B == 0):
				hit = append(hit, e.T)
			case e.Kind == shot.RailHit && e.Ball == 0 && e.Rail == "head":
				rail = append(rail, e.T)
			}
		}
	}
	if len(hit) != 2 || math.Abs(hit[0]-202.9387) > 0.002 || math.Abs(hit[1]-204.9703) > 0.005 {
		t.Errorf("got contacts of the cue ball and the 9 at %v s; want them at 202.9387 s (within 2 ms) and 204.9703 s", hit)
	}
	if len(rail) != 1 || len(hit) > 0 && rail[0] >= hit[0] {
		t.Errorf("got the cue ball's head cushion hits at %v s; want one, before its contact with the 9 (%v)", rail, hit)
	}
}

// TestDepartsTurnedNoRender: cueref bench --no-render --seed 2 (the camera
// model), 14.1 shot 270 (struck at 1737.4024 s). The 9 met the 2, resting 26
// mm from the head cushion, at 1738.4606 s; the 2 went to the cushion and
// back, was first read 16 mm from its rest point across the line of centres,
// and met the 9 again at 1738.4922 s. A way out the cushion may have turned
// says nothing of the direction the 2 left in: both contacts must be told, at
// their times.
func TestDepartsTurnedNoRender(t *testing.T) {
	fs := loadRendered(t, "testdata/departs-turned-14.1-s2-norender.json.gz")
	var hit []float64
	for _, s := range renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}) {
		for _, e := range absEvents(s) {
			if e.Kind == shot.Contact && (e.A == 2 && e.B == 9 || e.A == 9 && e.B == 2) {
				hit = append(hit, e.T)
			}
		}
	}
	if len(hit) != 2 || math.Abs(hit[0]-1738.4606) > 0.003 || math.Abs(hit[1]-1738.4922) > 0.005 {
		t.Errorf("got contacts of the 2 and the 9 at %v s; want them at 1738.4606 s (within 3 ms) and 1738.4922 s (within 5 ms)", hit)
	}
}

// TestHitOrderNoRender: cueref bench --no-render --seed 2 (the camera model),
// 8-ball shot 202 (struck at 1321.6462 s). The cue ball met the 6 at
// 1322.2453 s and, 13.5 ms later, the 2. The 2's start, found late, was
// paired with the cue ball's way in carried back to 13 ms before the 6: told
// 26 ms early, and the 2 taken for the first ball hit. The 6 must be the
// first ball hit, and the 2 met at its time.
func TestHitOrderNoRender(t *testing.T) {
	fs := loadRendered(t, "testdata/hitorder-8ball-s2-norender.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}), 1321.6462, 0.05)
	var first []int
	var hit []float64
	firstT := math.Inf(1)
	for _, e := range absEvents(s) {
		if e.Kind != shot.Contact {
			continue
		}
		if (e.A == 0 || e.B == 0) && e.T < firstT {
			first, firstT = []int{e.A, e.B}, e.T
		}
		if e.A == 0 && e.B == 2 || e.A == 2 && e.B == 0 {
			hit = append(hit, e.T)
		}
	}
	if len(first) != 2 || first[0]+first[1] != 6 {
		t.Errorf("got the cue ball's first contact %v; want the 6\n%s", first, fmtEvents(absEvents(s)))
	}
	if len(hit) != 1 || math.Abs(hit[0]-1322.2588) > 0.003 {
		t.Errorf("got contacts of the cue ball and the 2 at %v s; want one at 1322.2588 s (within 3 ms)", hit)
	}
}
