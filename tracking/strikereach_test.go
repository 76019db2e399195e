package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestStrikeReachRendered runs the tracker on the detector's view of an
// 8-ball safety (bench seed 25, rendered, shot 30): the cue ball, rolling
// slowly, meets ball 8, resting 17 mm off the head cushion (the detector
// reads it now and then clamped on the cushion's line, 22 mm off its rest),
// and the 8 hits the head cushion 61 ms later. The clamped reads of the
// frames around the contact, with the cue ball next to the 8, were taken as
// the 8's: it was started before it was struck and told hitting the cushion
// before the contact, a no-rail foul. The 8 must be told struck first by the
// cue ball, and hitting the head cushion after it.
func TestStrikeReachRendered(t *testing.T) {
	s := renderedShot(t, "testdata/strikereach-8ball-s25-rendered.json.gz", 15, 229.6533)
	wantStrokeFirst(t, s, 229.6533, 8)
	contact := -1.0
	for _, e := range s.Events {
		switch {
		case e.Kind == shot.Contact && contact < 0:
			contact = e.T
		case e.Kind == shot.RailHit && contact < 0:
			t.Errorf("got a %s cushion hit of ball %d %.3f s into the shot, before any contact; want none (the 8 rested until the cue ball met it at 2.364 s)", e.Rail, e.Ball, e.T)
		}
	}
	rail := false
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == 8 && e.Rail == "head" && e.T > contact && e.T < contact+0.2 {
			rail = true
		}
	}
	if !rail {
		t.Errorf("got no head cushion hit of ball 8 within 0.2 s after the contact at %.3f s; want one (at 2.425 s in truth)", contact)
	}
}

// TestStrikeReachStartRendered runs the tracker on the detector's view of a
// 10-ball safety (bench seed 29, rendered, shot 63): the cue ball, rolling
// in at 760 mm/s, meets ball 8, resting 13 mm off the foot cushion, and the
// 8 hits the cushion 18 ms later. The detector reads the 8 11 mm off its
// place at rest, and on the cushion's line a frame before the contact; its
// start, found from a few rough reads, was put 82 ms before the contact,
// with the cue ball still 49 mm short of it, and a second contact of the
// two told then. The only contact of the 0 and the 8 told near there must
// be the true one (within 30 ms, as the bench matches them).
func TestStrikeReachStartRendered(t *testing.T) {
	s := renderedShot(t, "testdata/strikereach-10ball-s29-rendered.json.gz", 10, 535.7118)
	const contact = 537.8154
	n := 0
	for _, e := range s.Events {
		if e.Kind != shot.Contact || !(e.A == 0 && e.B == 8 || e.A == 8 && e.B == 0) {
			continue
		}
		at := *s.Start + e.T
		if at > contact+0.1 {
			continue // the second contact, 38 ms after the first in truth
		}
		n++
		if math.Abs(at-contact) > 0.03 {
			t.Errorf("got a contact of the 0 and the 8 at %.4f s; want it at %.4f s (within 30 ms)", at, contact)
		}
	}
	if n != 1 {
		t.Errorf("got %d contacts of the 0 and the 8 up to 0.1 s after the true one; want 1", n)
	}
}

// TestReachNotPastBend: camera model at 30 fps, seed 10, 10-ball shot 74.
// The cue ball, at 4 m/s, met the 10 at 504.5608 s and went off it into the
// foot cushion. Its read after the contact, 80 mm from the 10's place, was
// the closest of its reads and taken for one on its way in: the 10's start
// was put no earlier than 504.5875 s (reachStart), after the cue ball had
// left, and no contact was told (no_contact, unasked). A read past a step
// that could have reached the ball and come back out is no read on the way
// in: the cue ball's first contact is the 10.
func TestReachNotPastBend(t *testing.T) {
	wantFixtureFirst(t, "testdata/reachbend-10ball-30fps-s10-norender.json.gz", 10, 504.49, 10, 504.5608, 1, false)
}
