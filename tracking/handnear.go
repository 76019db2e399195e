package tracking

import (
	"strings"

	"github.com/cueref/cueref/shot"
)

// A cue ball in hand put down away from a ball it rested by. noStroke drops a
// record whose struck ball met nothing and stopped faster than the cloth can
// stop it (moved by hand), but not a record asked of a person: the person may
// see what the camera could not. One such question is whether a cue ball that
// met nothing touched, unseen, a ball it rested within contactDoubtGap of or
// passed near (contactDoubt, passDoubt: a cue ball nearly frozen to a ball
// pushes it a few millimetres at a crawl). The question means nothing for a
// cue ball that covered more than noStrokeNudge and stopped too fast for any
// stroke (noStroke's moved-by-hand test): whatever it touched as it went,
// the hand moved it; and the ball it rested by ended where it began
// (noStroke's own test of every other ball). Such a record is judged as
// unasked ones are.
//
// Rendered bench seed 36, 9-ball: shot 16, a foul (the 6 met first, the 4 the
// lowest), left the cue ball at (2109, 483), 7 mm from the 8; at 140.50 s
// the cue ball in hand was put down at (1898, 593), 238 mm away, read there
// from that frame on and at rest from the next. Its track's two reads were
// fitted into a path through the 8, a contact was told and then dropped (no
// way out of the struck ball), but the contact had marked the 8 moved: the
// "shot" was asked ("no contact of the cue ball seen, but it rested 7 mm
// from ball 8, which moved") and ruled a no-contact foul on nothing; the
// shot struck at 141.79 s was played. Now it is no stroke (the cue ball
// needed 24 times SlideDecel to stop).

// nearDoubtWhy begins the reasons of contactDoubt and passDoubt (rail.go,
// passdoubt.go).
const nearDoubtWhy = "no contact of the cue ball seen, but it "

// handNear reports whether rec, asked with reason why, is a record noStroke
// may judge (see above): asked whether the cue ball touched a ball near it,
// while struck ball, which met nothing and hit no cushion, went d (more than
// nudge) and stopped at stop (from the stroke) too fast for a stroke.
func (k *Tracker) handNear(rec *shot.Shot, why string, ball, n int, d, nudge, stop float64) bool {
	if ball != 0 || !strings.HasPrefix(why, nearDoubtWhy) || n > 0 || d <= nudge {
		return false
	}
	q := rec.After[ball].P()
	return stop <= 0 || 2*d/(stop*stop) > noStrokeDecel*k.cfg.SlideDecel || k.handJumped(rec, ball, q, d)
}
