package tracking

// Lifted and read back away from home. Between shots the shooter's arm lies
// over a ball at rest behind the cue ball and hides it; with nothing marked as
// hiding it the ball is taken for lifted (by hand), and a lifted ball comes
// back at once on any read of its number (readBack): here a weak read of the
// arm or cue itself, away from the ball. The track then rests there, wrong,
// until the arm goes after the stroke and the ball is seen again at its place:
// a ball moving with no contact to explain it, a touch (rule 1.19), where
// nothing was touched. Rendered bench seed 18, 9-ball shot 5: ball 8 at
// (1262, 743) hidden from 0.3 s before it was taken for lifted (46.43 s) until
// 0.74 s after the stroke; 0.07 s after the lift a read of "8" at 0.33 on the
// cue's line 210 mm away brought it back there (the arm was read as an 8 at
// 0.32 to 0.62 now and then, never in 5 frames in a row); at the stroke it
// was 208 mm from its place, "moved" 0.5 s into the shot and came to rest
// 0.1 mm from where it had gone: "touched_ball" on a legal pot, unasked.
//
// Its place when it was lifted between shots is a home like that of a ball
// whose track started untouched between shots (wanderhome.go), and the same
// end-of-shot test judges it: a ball truly lifted by hand and put elsewhere
// does not then move, meeting no ball, back to within the detector's noise
// of the spot it was lifted from. A home is kept, too, when the track is
// read back from a lift (backHand), where it used to be forgotten: a track
// that followed the arm away may be lost where the arm leaves it and read
// back at the ball (same seed, 10-ball shot 14: ball 6 at (1480, 266)
// followed the arm, read as a "10", 300 mm before the stroke, was taken for
// lifted there 0.76 s after it and read back at its place: at the stroke
// 300 mm off). Only a ball gone down a pocket or off the table has no home.
// (Over the no-render bench, seeds 1 and 2, and rendered seeds 15 to 17, no
// ball came home so, and their figures did not change, at 120 fps either;
// in rendered seed 18 these two.)

// liftHome notes, as track i is taken for lifted, where it rested as its home
// when that is between shots (and it has none yet since the last shot).
func (k *Tracker) liftHome(i int) {
	tr := &k.tracks[i]
	if k.phase == idle && !tr.homeOK {
		tr.home, tr.homeOK = tr.rest, true
	}
}
