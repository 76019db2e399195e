package tracking

import (
	"strings"
	"testing"
)

// TestFlitWeakRendered runs the tracker on the detector's view of a 10-ball
// table (bench seed 33, rendered, shots 1 and 2) where balls 3 and 6 lie
// 10 mm off the foot cushion, never moving, and are read now and then up to
// 18 mm off their rest points. Their reads' "starts" are no touch: neither
// shot may be asked about them (flithome.go drops a weak touch with the
// start it was raised at).
func TestFlitWeakRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/flitweak-10ball-s33-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(10)})
	for _, stroke := range []float64{13.795, 20.7468} {
		s := shotNear(t, shots, stroke, 0.05)
		if s.Review != nil && strings.Contains(s.Review.Reason, "a contact or a touch") {
			t.Errorf("shot struck at %.3f s: got review %q; want none of a touch (balls 3 and 6 never moved)", stroke, s.Review.Reason)
		}
	}
}
