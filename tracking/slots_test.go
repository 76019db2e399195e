package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestStaleSlot fills the tracker's table of tracks with tracks gone from the
// table, as a long 14.1 match did (see slots.go), and shows it a new ball. It
// must get a track: the slot of the unnamed track gone longest before the
// shot in play, never one of a numbered ball (which may come back to it),
// one lifted by hand, or one gone in the shot in play.
func TestStaleSlot(t *testing.T) {
	tests := []struct {
		name  string
		setup func(i int, tr *track) // every slot is a gone track first
		want  int                    // the slot taken, −1 none
	}{
		{"oldest unnamed", func(i int, tr *track) {
			tr.ball = i % 16 // numbered, but for two
			if i == 7 || i == 30 {
				tr.ball = -1
			}
			tr.goneT = 100 - float64(i)
		}, 30},
		{"numbered only", func(i int, tr *track) { tr.ball = i % 16 }, -1},
		{"lifted or probed", func(i int, tr *track) {
			tr.lifted = i%2 == 0
			tr.probe.on = i%2 == 1
		}, -1},
		{"gone in the shot", func(i int, tr *track) { tr.goneT = 200 + float64(i) }, -1},
		{"unnamed, one in the shot", func(i int, tr *track) {
			tr.ball, tr.goneT = 15, 100
			switch i {
			case 3:
				tr.ball, tr.goneT = -1, 199
			case 47:
				tr.ball, tr.goneT = -1, 60 // gone before, but lifted
				tr.lifted = true
			case 20:
				tr.ball, tr.goneT = -1, 200
			}
		}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
			if err != nil {
				t.Fatal(err)
			}
			k.phase, k.strikeT = inShot, 199.5
			k.tracks = make([]track, maxTracks)
			for i := range k.tracks {
				tr := &k.tracks[i]
				*tr = track{used: true, confirmed: true, gone: true, ball: -1, goneT: 50}
				tt.setup(i, tr)
			}
			before := k.tracks[max(tt.want, 0)]
			at := table.Point{X: 1500, Y: 600}
			k.newTrack(201, &Obs{Ball: -1, At: at, Confidence: 0.9})
			if len(k.tracks) != maxTracks {
				t.Fatalf("got %d tracks; want at most %d", len(k.tracks), maxTracks)
			}
			got := -1
			for i := range k.tracks {
				if tr := &k.tracks[i]; tr.used && !tr.gone && tr.last.p == at {
					got = i
				}
			}
			if got != tt.want {
				t.Fatalf("new track in slot %d; want %d", got, tt.want)
			}
			if got < 0 {
				for i := range k.tracks {
					if !k.tracks[i].gone {
						t.Fatalf("slot %d no longer a gone track", i)
					}
				}
				return
			}
			if before.goneT == k.tracks[got].goneT && k.tracks[got].gone {
				t.Fatalf("slot %d unchanged", got)
			}
		})
	}
}
