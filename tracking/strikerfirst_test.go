package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestStrikerFirst: 8-ball shot 0 of rendered seed 3. The 12 at the back of
// the rack read white side up when the rack was first seen and took the cue
// ball's name; the real cue ball, in the kitchen, stayed nameless. The break
// sent it at 12 m/s into the rack; the 12's track started 0.106 s later and the
// shot began there, with the cue ball's stroke position in the rack (called
// cue_ball_outside_kitchen) and the 12 driven off on the cue ball's name. The
// struck ball is the one that left first, straight at the named one: the names
// trade and the shot begins at its start. A ball that left slowly, away, or
// long before keeps its name.
func TestStrikerFirst(t *testing.T) {
	kitchen := table.Point{X: 614.0, Y: 549.2}
	back := table.Point{X: 2103.7, Y: 749.3} // the 12, named 0
	const stroke, cueStart = 2.3422, 2.4480
	tests := []struct {
		name    string
		speed   float64     // mm/s of the nameless ball's start
		toward  table.Point // where it heads
		left    float64     // when it left
		want    bool        // names traded, shot begun at its start
		wantCue int         // the nameless ball's track's name after
	}{
		{"break with crossed names", 11800, back, stroke, true, 0},
		{"a slow roll towards it", 1200, back, stroke, false, -1},
		{"fast, away from it", 11800, table.Point{X: 100, Y: 300}, stroke, false, -1},
		{"left long before", 11800, back, cueStart - 0.5, false, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60})
			if err != nil {
				t.Fatal(err)
			}
			k.tracks = []track{
				{used: true, confirmed: true, ball: -1, moving: true, rest: kitchen, restT: 0},
				{used: true, confirmed: true, ball: 0, moving: true, rest: back, restT: 0},
			}
			k.tracks[1].votes[0] = 2.7
			dir := tt.toward.Sub(kitchen)
			dir = dir.Scale(1 / dir.Len())
			// Detections of the nameless ball in flight, up to the named one's
			// start (the frames it was seen).
			for f := 1; ; f++ {
				at := tt.left + float64(f)/60
				if at > cueStart {
					break
				}
				k.tracks[0].pushTest(sample{at, kitchen.Add(dir.Scale(tt.speed * (at - tt.left)))})
			}
			k.tracks[1].pushTest(sample{cueStart + 0.01, back})
			k.chg = []change{
				{tr: 0, start: true, t: tt.left, in: still(kitchen, tt.left), partner: -1},
				{tr: 1, start: true, t: cueStart, in: still(back, cueStart), partner: -1},
			}
			got := k.strikerFirst(1)
			if got != tt.want {
				t.Fatalf("strikerFirst = %v, want %v", got, tt.want)
			}
			if b := k.tracks[0].ball; b != tt.wantCue {
				t.Errorf("struck track named %d, want %d", b, tt.wantCue)
			}
			if !tt.want {
				if k.tracks[1].ball != 0 {
					t.Errorf("named track now %d, want 0", k.tracks[1].ball)
				}
				return
			}
			if k.tracks[1].ball != -1 || k.tracks[0].votes[0] != 2.7 {
				t.Errorf("named track now %d, votes for 0 on the struck one %.1f; want -1 and 2.7", k.tracks[1].ball, k.tracks[0].votes[0])
			}
			if k.strikeTr != 0 || k.strikeT != stroke {
				t.Errorf("shot begun on track %d at %.4f, want track 0 at %.4f", k.strikeTr, k.strikeT, stroke)
			}
			if p := k.before[0]; p.Dist(kitchen) > 1e-9 {
				t.Errorf("cue ball's stroke position %v, want %v", p, kitchen)
			}
		})
	}
}

// pushTest adds detection s to the track's history ring.
func (tr *track) pushTest(s sample) {
	tr.hist[tr.nh%len(tr.hist)] = s
	tr.nh++
	tr.last = s
}
