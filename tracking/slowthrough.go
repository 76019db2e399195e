package tracking

import "math"

// A slow start of the cue ball is a stroke when a ball next to it started
// about when it did (advance: the cue ball pushed it); alone, it had not
// quite stopped, and is let go. The neighbour's start shows frames after the
// cue ball's (a ball pushed at a few tens of mm/s leaves its rest point
// slowly, and its start is told once it is clear of the noise), so the cue
// ball's slow start waits for it: as long as the neighbour may have started
// after it (0.3 s) and a few frames for that start to be told. Let go at
// once, the cue ball's start was gone when the neighbour's came, and
// strikeThrough began the shot 40 frames later, when both balls rested
// where the push left them: the record had them there at the stroke, and
// noStroke found nothing moved. Camera model at 30 fps, seed 7, 14.1 shot
// 57: the cue ball, pushed 13 mm into the 8 at 70 mm/s, sent it 32 mm; the
// shot was not sent (no_rail, a foul, unruled).

// slowThroughFrames is how many frames a slow start of the cue ball waits
// for a neighbour's (see above).
func (k *Tracker) slowThroughFrames() int {
	return int(math.Ceil(0.3/k.dt)) + 4
}
