package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// Rendered seed 49, 14.1 shot 18: the 14, at rest by the head cushion, was
// read 17 mm off its place on two frames just before the stroke (the arm's
// shadow on it) and back at once. It never moved; it was told moving at the
// stroke, a foul on a legal pot, unflagged.
func TestJumpAndBackNotMoving(t *testing.T) {
	s := renderedShot(t, "testdata/jumpback-141-s49-rendered.json.gz", 15, 138.4548)
	for _, e := range s.Events {
		if e.Kind == shot.Moving {
			t.Errorf("got ball %d moving at the stroke, want none (the 14 never moved)", e.Ball)
		}
		if e.Kind == shot.Touch {
			t.Errorf("got ball %d touched at %.3f s, want no touch", e.Ball, e.T)
		}
	}
}
