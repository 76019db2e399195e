package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestNamedLateRendered: seed 43 9-ball, shot 25 (frames 185–201 s). A
// nameless track (the shooter's arm) settles on the head cushion 1.3 s
// before the stroke and is named ball 2, pocketed at 171.7 s; it "starts"
// 0.48 s after the stroke. The truth has no ball 2 on the table and no foul:
// if the record tells ball 2 touched, the shot must be asked (rule 3.8 does
// not decide a touch of no ball), not ruled a touched-ball foul unasked.
func TestNamedLateRendered(t *testing.T) {
	const stroke = 197.4111
	s := renderedShot(t, "testdata/namedlate-9ball-s43-rendered.json.gz", 9, stroke)
	wantStrokeFirst(t, s, stroke, 5)
	touched := false
	for _, e := range s.Events {
		touched = touched || e.Kind == shot.Touch && e.Ball == 2
	}
	if touched && (s.Review == nil || !strings.Contains(s.Review.Reason, "ball 2 touched")) {
		t.Errorf("got ball 2 touched with review %v; want the touch asked about", s.Review)
	}
}

// TestNamedAfterStrokeRendered: seed 59 14.1, shot 59 (see namedlate.go): a
// false detection read as the 14, not on the table, is named 48 ms after the
// stroke and "starts" 0.5 s later. The shot must not be ruled a touch foul
// unasked.
func TestNamedAfterStrokeRendered(t *testing.T) {
	const stroke = 448.3846
	s := renderedShot(t, "testdata/namedafter-141-s59-rendered.json.gz", 15, stroke)
	wantStrokeFirst(t, s, stroke, 1)
	touched := false
	for _, e := range s.Events {
		touched = touched || e.Kind == shot.Touch && e.Ball == 14
	}
	if touched && (s.Review == nil || !strings.Contains(s.Review.Reason, "ball 14 touched")) {
		t.Errorf("got ball 14 touched with review %v; want the touch asked about", s.Review)
	}
}
