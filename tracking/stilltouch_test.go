package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestStillTouchJudged: ball 5 "started" with the cue ball passing 150 mm
// away (a weak touch, raised for a person). Judged by the rules after a
// 9-ball break, the doubt is asked when the ball went somewhere (a touch
// would be a foul), and not when it ends the shot never having left its
// place (its detections jumped and came back); it is still asked when the
// ball's own events, which that reading drops, decide the ruling.
func TestStillTouchJudged(t *testing.T) {
	nine := []int{0, 1, 3, 4, 5, 6, 7, 8, 9}
	spot := table.Point{X: 700, Y: 400} // 5's place (layout)
	legal := layout(newRec(), nine...).hit(0, 1).rail(1, "foot").rec()
	onlyRail := layout(newRec(), nine...).hit(0, 1).rail(5, "left").rec()
	near := []sample{{t: 0.2, p: spot}, {t: 0.25, p: table.Point{X: 712, Y: 396}}, {t: 0.4, p: table.Point{X: 701, Y: 400}}}
	far := append(near[:2:2], sample{t: 0.3, p: table.Point{X: 800, Y: 430}}, sample{t: 0.4, p: table.Point{X: 701, Y: 400}})
	tests := []struct {
		name string
		rec  *shot.Shot
		slog []sample
		rest table.Point
		want bool // asked
	}{
		{"it never left its place", legal, near, table.Point{X: 701, Y: 400}, false},
		{"its detections went 100 mm off", legal, far, table.Point{X: 701, Y: 400}, true},
		{"it rests elsewhere", legal, near, table.Point{X: 760, Y: 420}, true},
		{"never left, but its cushion decides the shot", onlyRail, near, table.Point{X: 701, Y: 400}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := engineAfter(t, nineUp())
			k := &Tracker{strikeTr: 1, before: map[int]table.Point{0: spot}}
			k.cfg.Judge, k.cfg.Sigma = e, 1.5
			k.tracks = []track{{used: true, confirmed: true, moved: true, ball: 5, rest: tt.rest, slog: tt.slog}, {used: true, confirmed: true, moved: true, ball: 0}}
			why := "ball 5 started with ball 0 150 mm away: a contact or a touch"
			k.raise(why, k.stillTouch(0, 5, touchReader(5, 0, 0.25)))
			if got := !k.needless(k.reviewWhy, tt.rec, k.whyReading(tt.rec)); got != tt.want {
				t.Errorf("asked: got %v, want %v", got, tt.want)
			}
		})
	}
}
