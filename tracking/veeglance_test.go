package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestVeeGlanceFromRest: rendered default bench, 8-ball shot 4 (stroke at
// 37.519 s). The 6, at rest 8 mm off the foot cushion, is cut by the cue
// ball at 1.9 m/s 85° from the cushion's normal, glances off it 55 ms later
// at 155 mm/s into it and runs on along it. Its reads fall 6 mm to the
// cushion from its rest point in three frames and rise again: veeTest needs
// four detections before the nearest, and only the start from rest, where
// the ball was, makes the fourth; the contact's line of centres, 84.5° from
// the normal, times the hit too poorly to tell it confirmed (frozenDrive),
// but tells it provisionally (glanceDrive). The hit must be told within
// 50 ms of the truth, and first told (provisionally) within 2 frames of it.
// (The shot asks a person about the cue ball's cushion 5.5 ms after the
// contact, which the hit does not change.)
func TestVeeGlanceFromRest(t *testing.T) {
	fs := loadRendered(t, "testdata/glancerest-8ball-s1-rendered.json.gz")
	const stroke = 37.519
	at := truthRailHit(t, fs, 6, table.Foot, stroke+0.15, stroke+0.25)
	cfg := Config{Table: tab9, FPS: 60, Balls: gameBalls(15)}
	s := shotAt(t, fs, cfg, stroke)
	if !railTold(s, 6, table.Foot, at, 0.05) {
		t.Errorf("no hit of the 6 on the foot cushion told within 50 ms of %.4f; want one; events:%s", at, fmtEvents(absEvents(s)))
	}
	first := -1.0
	eachRenderedOutput(t, fs, cfg, func(ft float64, o Output) {
		if (o.Kind == OutEvent || o.Kind == OutProvisional) && o.Event.Kind == shot.RailHit && o.Event.Ball == 6 &&
			o.Event.Rail == string(table.Foot) && first < 0 && ft > stroke {
			first = ft
		}
	})
	if first < 0 || first > at+2.0/60+1e-3 {
		t.Errorf("hit of the 6 on the foot cushion first told in the frame at %.4f s; want it by %.4f (2 frames after the truth's %.4f)", first, at+2.0/60, at)
	}
}
