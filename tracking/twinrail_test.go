package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestTwinAcrossCushionRendered: rendered 9-ball, seed 64, shot 33 (stroke
// at 272.2095 s; see lonetwin.go). The cue ball struck the 2, lying 16 mm
// off the left cushion; the 2 bounced off the cushion and the cue ball met
// it again 73 ms after the first contact. The first contact, told late with
// the 2's cushion hit at its very time, must not be dropped as the second's
// twin: the shot must have a cushion hit after its first contact (rule 1.15,
// a legal safety) and the cue ball's first contact with the 2.
func TestTwinAcrossCushionRendered(t *testing.T) {
	const stroke = 272.2095
	s := renderedShot(t, "testdata/twinrail-9ball-s64-rendered.json.gz", 9, stroke)
	fi := firstOf(s)
	if fi < 0 || s.Events[fi].A+s.Events[fi].B != 2 {
		t.Fatalf("got first contact %d; want the cue ball and the 2; events:%s", fi, fmtEvents(absEvents(s)))
	}
	railAfter := false
	for _, e := range s.Events[fi+1:] {
		railAfter = railAfter || e.Kind == shot.RailHit
	}
	if !railAfter {
		t.Errorf("got no cushion hit after the first contact at %.3f s; want the 2's; events:%s", s.Events[fi].T, fmtEvents(absEvents(s)))
	}
}
