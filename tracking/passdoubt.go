package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/table"
)

// passDoubt is asked of a shot in which no contact of the cue ball was told.
// It returns why a person is needed, and the ball, when the cue ball's
// detections, joined frame to frame, passed within missGap of touching a
// ball where it rested at the stroke: a thin cut moves the object ball a
// millimetre or two and bends the cue ball's path by less than its noise
// (rendered bench, 9-ball seed 10 shot 11: ball 6 moved 1.6 mm and the cue
// ball, at 0.8 m/s, lost 24 mm/s across its path), which the camera cannot
// tell from a near miss (missDoubt asks the other way round). The no_contact
// foul (rule 1.16) then turns on what no frame shows.
func (k *Tracker) passDoubt() (string, int) {
	cue := k.strikeTr
	if cue < 0 || cue >= len(k.tracks) {
		return "", -1
	}
	best, gap := -1, k.missGap()
	for j, q := range k.before {
		if j == cue || k.ballAtStroke(j) == 0 {
			continue // the cue ball itself, on a second track (setdown.go)
		}
		d := k.cueWayDist(q, math.Inf(1))
		if g := d - 2*k.R; g < gap || g == gap && best >= 0 && j < best {
			best, gap = j, g
		}
	}
	if best < 0 {
		return "", -1
	}
	b := k.ballAtStroke(best)
	return fmt.Sprintf("no contact of the cue ball seen, but it passed %.0f mm from ball %d", math.Max(0, gap), b), b
}

// cueWayDist is how near the cue ball's detections in the shot, joined frame
// to frame, came to point q, up to the step that begins after end (shot's
// source time): across frames missed, where it went between is unseen.
func (k *Tracker) cueWayDist(q table.Point, end float64) float64 {
	log := k.tracks[k.strikeTr].slog
	d := math.Inf(1)
	for i := 1; i < len(log) && log[i-1].t <= end; i++ {
		a, b := log[i-1], log[i]
		if b.t-a.t > 2.5*k.dt || a.p == b.p {
			continue // not joined across frames missed
		}
		sd, _ := segDist(q, a.p, b.p) // jaws.go
		d = math.Min(d, sd)
	}
	return d
}
