package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// Jumps that stand still. The detector's centre for a resting ball it reads
// poorly may move in one frame to a place two centimetres off and stay there
// for frames on end (rendered bench, 8-ball seed 29 shot 0, a break: ball 3
// came to rest 11 mm off the right cushion and was read, at 0.3–0.4
// confidence, at its place and then 21 mm along the cushion five frames in
// a row, and from then on at four places up to 22 mm round it, seldom at its
// own). Two reads in a row that far off start the ball (startFar), and with
// nothing near it the start was told as a touch: the legal break was ruled
// touched_ball, asked only for another reason.
//
// A ball is not seen to jump and stand. To be read 21 mm off in the frame
// after it was read at rest it moved at 1.3 m/s or more (0.6 m/s at 30 fps
// for the same reads a frame apart); to be read at that same place the
// frames after, it lost all of that speed in a frame, which the cloth cannot
// do (sliding friction takes off some 2 m/s per second, 33 mm/s a frame at
// 60 fps): only a ball or a cushion in its way stops it so. So when a
// start's first read off the rest point lies beyond startFar of it, a frame
// after the last read there, and it and the jumpStillN reads after it (a
// frame apart, none missed) lie within noStrokeStill of one another, with no
// other ball within reach of the way or of the place it landed, and no
// cushion met on the way, the ball did not leave: its start is not told as a
// touch (the detector's centre moved, not the ball). A ball truly touched
// makes its way over frames; one truly struck goes on.

// jumpStillN: how many reads after the first one off the rest point must
// stand on it (the start is judged holdFrames after it is found, itself a
// frame after the first read: four reads after it at any frame rate).
const jumpStillN = 3

// jumpStill reports whether start c is the detector's centre jumping to a
// place and standing there (see above).
func (k *Tracker) jumpStill(c *change) bool {
	tr := &k.tracks[c.tr]
	if !c.start || !tr.moving || !tr.fromRest || c.gap {
		return false
	}
	from, first := tr.from, c.first
	jump := first.p.Dist(from)
	if jump <= startFar || first.t-c.lastIn > 1.5*k.dt {
		return false // crept off, or unseen while it went
	}
	tol := k.noStrokeStill()
	n, last := 0, first.t
	for j := 0; j < len(tr.hist) && j < tr.nh; j++ {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t < first.t {
			break
		}
		if s.p.Dist(first.p) > tol {
			return false // on its way
		}
		if s.t > first.t {
			n++
			last = math.Max(last, s.t)
		}
	}
	// Read in a row, none missed, up to now.
	if n < jumpStillN || last-first.t > (float64(n)+0.5)*k.dt || k.lastT-last > 1.5*k.dt {
		return false
	}
	// Nothing that could have stopped it: no ball within reach of the way
	// or of where it stands, no cushion it went into.
	for j := range k.tracks {
		o := &k.tracks[j]
		if j == c.tr || !o.used || !o.confirmed || o.gone {
			continue
		}
		p := o.rest
		if o.moving {
			p = o.last.p
		}
		if d, _ := segDist(p, from, first.p); d < 2*k.R+k.backTol() {
			return false
		}
	}
	u := first.p.Sub(from).Scale(1 / jump)
	for _, rail := range table.Rails {
		if k.tab.RailDistance(first.p, rail) <= k.backTol() && u.Dot(railOut(rail)) > 0.5 {
			return false
		}
	}
	if k.trace != nil {
		k.trace("%.4f jump still track %d ball %d at %.4f: read %.1f mm off its rest %v a frame after it, and %d reads standing there: it never left", k.lastT, c.tr, tr.ball, c.t, jump, from, n)
	}
	return true
}
