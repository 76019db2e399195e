package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestAlongAfterHit: camera model at 30 fps, seed 26, 10-ball shot 48 (see
// awayAfterHit in offrail.go). The 10, hit at 6 m/s, was read once running
// along the foot cushion into the foot-left corner and dropped there; it
// was told off the table, unasked. It must be told pocketed in FL (unseen:
// the shot may ask), not off the table.
func TestAlongAfterHit(t *testing.T) {
	s := fixtureShot30(t, "testdata/alongafterhit-10ball-30fps-s26-norender.json.gz", 10, 333.5774, 0.05)
	var got []string
	for _, e := range s.Events {
		if (e.Kind == shot.Pocketed || e.Kind == shot.OffTable) && e.Ball == 10 {
			got = append(got, e.Kind+" "+e.Pocket)
		}
	}
	if len(got) != 1 || got[0] != shot.Pocketed+" FL" {
		t.Errorf("the 10 gone: got %q; want one pocket FL", got)
	}
}
