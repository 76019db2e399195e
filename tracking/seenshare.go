package tracking

import "math"

// A moving ball lost on the open bed, nothing hiding it, is told pocketed
// when it was rolling into a pocket (rollsInto: an arm hid the pocket and the
// ball as it dropped), off the table when it was too fast to have stopped
// unseen, and asked about when it was lost fast: each asks the track to be a
// ball's. A ball rolling in the open is read in nearly every frame (97-100 %
// by ball on the rendered bench); a track read in few of its frames is the
// detector's reads of something else (a hand, the cue), and its loss says
// nothing of the ball its number names.
//
// Rendered 14.1, seed 67, shot 33: a track named 10 (the 10 was pocketed
// earlier in the rack) rested on faint reads at (704, 686) seen 7 times in
// 1.2 s, then was carried along on reads 40 mm apart every fifth frame, at
// 1.3 m/s; lost 536 mm short of the right side pocket, it was told pocketed:
// a point the player never made, unflagged. Rendered 8-ball, seed 66, shot
// 10: a track named 10 (not on the table) was read in 3 of 25 frames as it
// crossed the bed at 2 m/s, and was told off the table when lost. Such a track
// now rests where it was last read, as a ball lost on the bed does, and is
// lifted when it is not read there.

// seenShareMin is the least share of its frames since it started that a
// lost moving track must have been read in to be pocketed, sent off the
// table or asked about.
const seenShareMin = 0.5

// seenEnough reports whether moving track i was read in seenShareMin of the
// frames from its start to its last detection.
func (k *Tracker) seenEnough(i int) bool {
	return k.seenShare(&k.tracks[i]) >= seenShareMin
}

// seenShare returns the share of the frames from moving track tr's start to
// its last detection in which it was read (over the frames hist spans when it
// holds reads since the start only).
func (k *Tracker) seenShare(tr *track) float64 {
	lo, n := tr.startT, 0
	for j := 0; j < len(tr.hist) && j < tr.nh; j++ {
		x := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if x.t < tr.startT-k.dt/2 {
			break
		}
		n++
		if n == len(tr.hist) {
			lo = x.t
		}
	}
	frames := (tr.last.t-lo)/k.dt + 1
	if frames < 1 || n == 0 {
		return 1
	}
	return math.Min(1, float64(n)/frames)
}
