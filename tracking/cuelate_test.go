package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestCueLate: camera model at 30 fps, seed 26, 14.1 shot 332. The cue ball,
// 6.6 mm from the 8 in a cluster, was stunned into it; the cluster's contacts
// were told, but the cue ball's first contact told was the 2 coming back to
// it 1.6 s later. The cue ball met the 8 first, unseen, no later than the 8
// met the 13.
func TestCueLate(t *testing.T) {
	s := fixtureShot30(t, "testdata/cuelate-14.1-30fps-s26-norender.json.gz", 15, 2127.4735, 0.05)
	i := firstOf(s)
	if i < 0 || s.Events[i].A+s.Events[i].B != 8 {
		t.Fatalf("first contact %d; want the 8:%s", firstBall(s), fmtEvents(s.Events))
	}
	for _, e := range s.Events {
		if e.Kind == shot.Contact && (e.A == 8 || e.B == 8) && e.A != 0 && e.B != 0 && e.T < s.Events[i].T {
			t.Errorf("the 8 met ball %d at %.4f s, before the cue ball met it at %.4f s:%s", e.A+e.B-8, e.T, s.Events[i].T, fmtEvents(s.Events))
		}
	}
}
