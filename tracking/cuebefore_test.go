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

// TestCueBeforeNewTrack: camera model at 30 fps, seed 2, 10-ball shot 46, a
// break. The struck track ends it named the 7 and the cue ball is carried by
// a track made after the stroke; the 7 was placed where the cue ball rested
// (placesBefore, from the struck track). It rested where the track that held
// it at the stroke did; when none did, or another ball rests there, it was
// not placed at all.
func TestCueBeforeNewTrack(t *testing.T) {
	kitchen := table.Point{X: 582.5, Y: 592.8}
	rack := table.Point{X: 2053.2, Y: 606.1}
	for _, tt := range []struct {
		name      string
		heldSeven bool // a track held the 7 at the stroke
		stacked   bool // another ball is placed at that track's place
		want      table.Point
		wantSeen  bool
	}{
		{"the 7's track at the stroke", true, false, rack, true},
		{"no track held the 7", false, false, table.Point{}, false},
		{"another ball there", true, true, table.Point{}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 30})
			if err != nil {
				t.Fatal(err)
			}
			k.tracks = []track{
				{used: true, confirmed: true, ball: 7, moved: true},  // struck
				{used: true, confirmed: true, ball: -1, moved: true}, // the 7's at the stroke
				{used: true, confirmed: true, ball: 0, moved: true},  // made after the stroke
			}
			k.strikeTr = 0
			k.before[0], k.beforeID[0] = kitchen, 0
			if tt.heldSeven {
				k.before[1], k.beforeID[1] = rack, 7
			}
			rec := &shot.Shot{Before: shot.Positions{7: shot.FromP(kitchen)}}
			if tt.stacked {
				rec.Before[5] = shot.FromP(rack)
			}
			k.cueBefore(rec)
			if got := rec.Before[0].P(); got.Dist(kitchen) > 1e-9 {
				t.Errorf("cue ball before at %v, want %v", got, kitchen)
			}
			seven, ok := rec.Before[7]
			if ok != tt.wantSeen || ok && seven.P().Dist(tt.want) > 1e-9 {
				t.Errorf("ball 7 before at %v (given %v), want %v (given %v)", seven.P(), ok, tt.want, tt.wantSeen)
			}
		})
	}
}
