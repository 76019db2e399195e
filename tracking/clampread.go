package tracking

import "math"

// The detector clamps a centre it fitted beyond a straight cushion's line back
// onto the line (a ball cannot sink into the cushion). Its fit goes beyond the
// line when the cushion's edge and shadow merge with the ball's outline: on the
// rendered bench that happens to a moving ball up to 20 mm off the cushion, in
// about one frame of twenty near it. Such a centre lies on the line to within
// the image round trip (a micrometre), which no honest reading does: it tells
// that the ball is by the cushion, not where. Taken as a reading, it puts the
// ball on the cushion line frames before it reaches it, and the cushion tests
// (veeTest, slowAt, onCushion, the provisional path-into-cushion test) tell a
// hit early, or a second hit of a ball that has left the cushion (rendered
// bench, 14.1 seed 2 shot 30: ball 10 crawling into the left cushion at
// 95 mm/s, its centres clamped onto the line short of it, was told hitting it
// 94 ms early; 9-ball seed 3 shot 34: ball 7 was told hitting the left cushion
// twice, 100 ms apart, for one true hit).
//
// So a clamped centre of a moving ball that its path puts clearly off the
// cushion is taken as cushionFlip takes a flip: the ball is seen, but the
// centre is kept off the path, the shot's log and the history. A clamped
// centre the path bears out (a ball rolling along the cushion, or at it) is
// kept, and so is one that comes more than clampRun after the last detection
// kept (three frames at 60 fps): in a longer run of them the path, fed by the
// rough centres around them, is no longer to be trusted over them (8-ball
// seed 1 shot 8: ball 8 driven into the foot cushion at 90 mm/s, eleven of
// the fourteen centres around the hit clamped, its path 8 mm short of the
// cushion).

const (
	// clampEps (mm): how near a cushion's line a centre must lie to be taken
	// for clamped onto it.
	clampEps = 1e-3
	// clampRun (s): the longest a path goes unfed through a run of clamped
	// centres.
	clampRun = 0.05
	// clampOff (mm): how far off the cushion the path must put the ball.
	clampOff = 1.0
)

// clampedRead reports whether detection s of moving track i is a centre the
// detector clamped onto a cushion line where the path puts the ball more than
// clampOff off that cushion (see above).
func (k *Tracker) clampedRead(i int, s sample) bool {
	tr := &k.tracks[i]
	if !tr.moving || !tr.confirmed || len(tr.seg) < 4 || s.t-tr.last.t > clampRun+0.5*k.dt {
		return false
	}
	rail, gap := k.tab.NearestRail(s.p)
	if math.Abs(gap) > clampEps {
		return false
	}
	off := k.tab.RailDistance(tr.fit.at(s.t), rail)
	if off <= clampOff {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f clamped centre track %d ball %d on the %s cushion line, path %.1f mm off it: kept off the path", s.t, i, tr.ball, rail, off)
	}
	return true
}
