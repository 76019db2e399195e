package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestCueBefore: 9-ball shot 0 of the 30 fps bench (seed 1). The cue ball
// breaks from the kitchen; one frame later a rack ball's track (the 5, second
// row) takes the cue ball's detection as it comes back off the head ball and
// ends the shot numbered 0, while the struck track ends as the 5. The record
// put the cue ball where the 5 rested, in the rack, and the rules called
// cue_ball_outside_kitchen (rule 1.7). The struck track's stroke position is
// the cue ball's; the swapped track's is the 5's. Without a swap nothing moves.
func TestCueBefore(t *testing.T) {
	kitchen := table.Point{X: 542, Y: 547}
	rack := table.Point{X: 1954.8, Y: 663.8}
	tests := []struct {
		name         string
		struckEnd    int // the struck track's number at the end of the shot
		otherEnd     int // the rack ball's track's number at the end
		wantCue      table.Point
		wantFive     table.Point
		wantFiveSeen bool
	}{
		{"swapped in the scramble", 5, 0, kitchen, rack, true},
		{"no swap", 0, 5, kitchen, rack, true},
		{"struck track unread at the end", -1, 0, kitchen, table.Point{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 30})
			if err != nil {
				t.Fatal(err)
			}
			k.tracks = []track{
				{used: true, confirmed: true, ball: tt.struckEnd, moved: true},
				{used: true, confirmed: true, ball: tt.otherEnd, moved: true},
			}
			k.strikeTr = 0
			k.before[0], k.beforeID[0] = kitchen, 0
			k.before[1], k.beforeID[1] = rack, 5
			rec := &shot.Shot{Before: shot.Positions{}}
			for i, p := range k.before {
				if b := k.tracks[i].ball; b >= 0 {
					rec.Before[b] = shot.FromP(p)
				}
			}
			k.cueBefore(rec)
			if got := rec.Before[0].P(); got.Dist(tt.wantCue) > 1e-9 {
				t.Errorf("cue ball before at %v, want %v", got, tt.wantCue)
			}
			five, ok := rec.Before[5]
			if ok != tt.wantFiveSeen || ok && five.P().Dist(tt.wantFive) > 1e-9 {
				t.Errorf("ball 5 before at %v (given %v), want %v (given %v)", five.P(), ok, tt.wantFive, tt.wantFiveSeen)
			}
		})
	}
}
