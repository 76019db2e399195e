package tracking

import "github.com/cueref/cueref/shot"

// A chord across a bounce is no path. When a fast ball's path is cut a
// frame early at a cushion (the detection just before the bounce read a few
// millimetres off the path fitted before it), the new piece of path begins
// with that detection, still on the way in, and the next one, already on the
// way out: a line through the two is the chord of the V the ball ran, along
// the cushion, where the ball never went. The cushion hit that explained the
// first cut is told between them; the chord's bend at the third detection is
// that bounce seen again, not a new event.
//
// Rendered bench, 10-ball seed 49 shot 12: the cue ball, at 5 m/s, bounced
// off the left cushion 5 mm clear of ball 4, which rested 6 mm off that
// cushion and never moved, and went on to meet the 10. The chord of its
// two detections either side of the bounce (104.2667 and 104.2833 s, the
// bounce told at 104.2748 s) ran along the cushion straight through the 4;
// its bend was told a contact with the 4, held by the cushion (pairResting),
// the cue ball's first: the wrong_ball_first foul went uncalled and
// unflagged.
//
// A chord is no evidence of a contact, then: only the ball at rest can say
// whether it was hit. A contact pairResting tells for a bend whose way in
// spans a cushion hit told for the same ball (chordAcross) is checked at the
// end of the shot as one with a ball free to move (pevent.still), even when
// a cushion or a ball backs the ball at rest: dropped if that ball never left
// its place (unless struck home into its cushion, railhome.go), kept if it
// went (no-render bench seed 1 at 30 fps, 9-ball shot 49: the cue ball met
// the 8, 9 mm off the left cushion, 14 ms before it met that cushion, and
// the chord across the bounce was told a contact with the 8; the 8 was lost
// from view at once, rolling to the head-left pocket, and the contact is
// the shot's first).

// chordAcross reports whether the way in of change c was fitted to detections
// on both sides of a cushion hit told for its track.
func (k *Tracker) chordAcross(c *change) bool {
	if c.in.n < 2 || c.in.hi <= c.in.lo {
		return false
	}
	for i := range k.events {
		e := &k.events[i]
		if !e.cancel && e.kind == shot.RailHit && e.a == c.tr && e.t > c.in.lo && e.t < c.in.hi {
			return true
		}
	}
	return false
}
