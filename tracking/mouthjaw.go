package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A ball last seen short of a pocket's hole heading into the opening between
// the jaw points, but off the way to the hole, meets a jaw's facing before it
// is over the hole: it comes back off the facing, as off the cushion beside
// the mouth (mouthbounce.go), much slowed, and may rest in the mouth, where
// the detector does not see it. Funnelled in by the facings it drops only if
// it kept speed enough to roll on from there (rendered seed 11, 14.1 shot 51:
// the 8, lost 45 mm short of the head-left hole at about 200 mm/s, its path
// crossing the mouth line 32 mm off centre, struck the head jaw's facing
// unseen and crept back out onto the shelf; it was taken for pocketed,
// unflagged, and the shooter played on). Off the facing it runs on along it,
// into the pocket, at the part of its speed that way, and keeps at most about
// half of that, as off a cushion (mouthOutFactor). So shortOfHole doubts its
// pocket when that part is under mouthOutFactor times the speed it needs from
// the facing to the hole, and the ball was slow enough to stay out off a
// cushion: the way read from detections in the jaws is rough, and balls
// glancing a facing fast, or read onto one at 480 mm/s, dropped (seed 11
// 10-ball shot 19, seed 4 10-ball shot 41).

// facingFirst looks along the straight way of a ball centre at p, rolling on
// at v, for a facing of pocket q's jaws that it touches before it is over the
// hole (within run mm of p: its way to the hole's edge, or, heading past the
// hole, to where it is level with the hole's centre). It returns the ball's
// speed along the facing, into the pocket, when it touches it (what is left
// after rolling there, the part across the facing lost in the rubber), the
// speed it needs from there to roll on to the hole, and whether it touches
// one. A ball already against a facing where it was last seen is not judged:
// it was seen there, running along it.
func (k *Tracker) facingFirst(q table.Pocket, c table.Point, r float64, p, v table.Point, run float64) (along, need float64, ok bool) {
	sp := v.Len()
	if sp == 0 {
		return 0, 0, false
	}
	u := v.Scale(1 / sp)
	touched := func(x table.Point) *facing {
		for j := range k.jaws {
			f := &k.jaws[j]
			if f.pk != q.ID {
				continue
			}
			if d, _ := segDist(x, f.a, f.b); d <= k.R+jawTol {
				return f
			}
		}
		return nil
	}
	if touched(p) != nil {
		return 0, 0, false
	}
	for s := facingStep; s <= run; s += facingStep {
		x := p.Add(u.Scale(s))
		f := touched(x)
		if f == nil {
			continue
		}
		d := f.b.Sub(f.a)
		d = d.Scale(1 / d.Len()) // along the facing, into the pocket
		left := math.Sqrt(math.Max(sp*sp-2*rollDecel*s, 0))
		along = math.Max(u.Dot(d), 0) * left
		need = math.Sqrt(2 * rollDecel * math.Max(x.Dist(c)-r, 0))
		return along, need, true
	}
	return 0, 0, false
}

// facingStep (mm): the step along a ball's straight way at which facingFirst
// looks for a facing (a facing is touched within a ball's radius and jawTol
// of it, so a finer step changes nothing).
const facingStep = 1.0

// mouthRun returns how far a ball centre at p, rolling straight along v, goes
// before it is over a pocket's hole (centre c, radius r: see hole), and whether its way
// enters the hole at all; heading past the hole, the run to where it is level
// with the hole's centre.
func mouthRun(c table.Point, r float64, p, v table.Point) (float64, bool) {
	sp := v.Len()
	if sp == 0 {
		return 0, false
	}
	u := v.Scale(1 / sp)
	w := p.Sub(c)
	b := w.Dot(u)
	if disc := b*b - (w.Dot(w) - r*r); b < 0 && disc >= 0 {
		return -b - math.Sqrt(disc), true
	}
	return math.Max(-b, 0), false
}
