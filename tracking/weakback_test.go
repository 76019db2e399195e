package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestWeakTouchBack: ball 5 "started" at 0.25 s with the cue ball 150 mm away
// (a weak touch, not told) and came to rest again. When it rests where it
// stood as it started and its detections since stayed near, its start was
// the detector's centre jumping (seed 20 14.1: ball 14, frozen to the foot
// cushion, three times): the doubt is dropped, even though the ball is hit
// for real later in the shot. It is kept when the ball rests elsewhere, when
// a detection since went far off, or when a contact of it was told since.
func TestWeakTouchBack(t *testing.T) {
	spot := table.Point{X: 700, Y: 400}
	near := []sample{{t: 0.2, p: spot}, {t: 0.25, p: table.Point{X: 709, Y: 396}}, {t: 0.3, p: table.Point{X: 701, Y: 401}}, {t: 0.4, p: spot}}
	far := []sample{{t: 0.2, p: spot}, {t: 0.25, p: table.Point{X: 709, Y: 396}}, {t: 0.3, p: table.Point{X: 760, Y: 420}}, {t: 0.4, p: spot}}
	tests := []struct {
		name    string
		slog    []sample
		rest    table.Point
		contact bool
		want    bool // asked
	}{
		{"rests again where it stood", near, table.Point{X: 701, Y: 400}, false, false},
		{"rests 30 mm off", near, table.Point{X: 730, Y: 400}, false, true},
		{"a detection went 60 mm off", far, table.Point{X: 701, Y: 400}, false, true},
		{"a contact of it told since", near, table.Point{X: 701, Y: 400}, true, true},
	}
	rec := layout(newRec(), 0, 1, 5).hit(0, 1).rail(1, "foot").rec()
	why := "ball 5 started with ball 0 150 mm away: a contact or a touch"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := &Tracker{strikeTr: 1}
			k.cfg.Sigma = 1.5
			k.tracks = []track{{used: true, confirmed: true, moved: true, moving: true, ball: 5, rest: spot, slog: tt.slog}, {used: true, confirmed: true, moved: true, ball: 0}}
			if tt.contact {
				k.events = append(k.events, pevent{t: 0.35, kind: shot.Contact, a: 1, b: 0})
			}
			k.addWeak(&change{tr: 0, t: 0.25, in: path{a: spot}}, why, nil)
			k.tracks[0].moving, k.tracks[0].rest = false, tt.rest
			k.dropWeakBack(0)
			if got := k.weakWhy(rec) != ""; got != tt.want {
				t.Errorf("asked: got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWeakTouchesEach: two weak starts of ball 5, which ends the shot never
// having left its place, are each judged with their own readings (the ball
// never moved: the record as told) and neither is asked; once one was the
// shot's raised doubt the other hid behind it and both were asked (seed 16
// 10-ball, ball 6 by the foot cushion). Where the ball went somewhere, a
// touch (a foul) is a reading that changes the ruling: asked.
func TestWeakTouchesEach(t *testing.T) {
	spot := table.Point{X: 700, Y: 400}
	near := []sample{{t: 0.2, p: spot}, {t: 0.25, p: table.Point{X: 712, Y: 396}}, {t: 0.4, p: table.Point{X: 701, Y: 400}}, {t: 0.6, p: table.Point{X: 690, Y: 400}}, {t: 0.8, p: spot}}
	nine := []int{0, 1, 3, 4, 5, 6, 7, 8, 9}
	rec := layout(newRec(), nine...).hit(0, 1).rail(1, "foot").rec()
	for _, tt := range []struct {
		name string
		rest table.Point
		want bool
	}{
		{"it never left its place", table.Point{X: 701, Y: 400}, false},
		{"it rests elsewhere", table.Point{X: 760, Y: 420}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := engineAfter(t, nineUp())
			k := &Tracker{strikeTr: 1, before: map[int]table.Point{0: spot}}
			k.cfg.Judge, k.cfg.Sigma = e, 1.5
			k.tracks = []track{{used: true, confirmed: true, moved: true, ball: 5, rest: tt.rest, slog: near}, {used: true, confirmed: true, moved: true, ball: 0}}
			for _, ts := range []float64{0.25, 0.6} {
				why := "ball 5 started with ball 0 150 mm away: a contact or a touch"
				k.addWeak(&change{tr: 0, t: ts, in: path{a: table.Point{X: 712, Y: 396}}}, why, k.stillTouch(0, 5, touchReader(5, 0, ts)))
			}
			if got := k.weakWhy(rec) != ""; got != tt.want {
				t.Errorf("asked: got %v, want %v", got, tt.want)
			}
		})
	}
}
