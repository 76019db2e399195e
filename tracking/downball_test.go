package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestPocketedBallStaysDown runs the tracker on the detector's view of two
// stretches of an 8-ball match (cueref bench seed 2, rendered): 100 to 148 s,
// where ball 14 is pocketed at 145.13 s, and 212 to 217.5 s, shot 28 (a
// safety that sinks the 8). Before shot 28 the detector reads "14" at a
// confidence near 0.5, in a frame here and there, on a stray blob near (2271,
// 967) mm where the truth has no ball; unnamed detections then move from there
// into the foot-right pocket. Cause fixed: the first such read brought ball 14
// back, and the stray track, named 14, was told pocketed. Only the truth's
// pockets may be told in either shot, and ball 14 must not be on the table
// before shot 28.
func TestPocketedBallStaysDown(t *testing.T) {
	fs := loadRendered(t, "testdata/downball-8ball-rendered.json.gz")
	wantGoneInTruth(t, fs, 14, 212, "pocketed (at 145.13 s)")
	tests := []struct {
		start float64
		want  map[int]bool // balls the truth pockets in the shot
	}{
		{143.551, map[int]bool{14: true}},
		{214.244, map[int]bool{8: true}},
	}
	for _, tc := range tests {
		got := shotStruckAt(t, fs, tc.start)
		pocketed := map[int]bool{}
		for _, e := range absEvents(got) {
			if e.Kind != shot.Pocketed {
				continue
			}
			pocketed[e.Ball] = true
			if !tc.want[e.Ball] {
				t.Errorf("shot at %.2f s: ball %d told pocketed at %.4f s, want only %v", tc.start, e.Ball, e.T, tc.want)
			}
		}
		for b := range tc.want {
			if !pocketed[b] {
				t.Errorf("shot at %.2f s: ball %d not told pocketed, want it (truth)", tc.start, b)
			}
		}
		if p, ok := got.Before[14]; ok && tc.start > 200 {
			t.Errorf("shot at %.2f s: ball 14 on the table before it, at %v; want it pocketed", tc.start, p)
		}
	}
}
