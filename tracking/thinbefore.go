package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// The cue ball's way from its rest point reaching first the ball told first
// is not the end of it: a ball that moved in the shot and lies just off the
// way, short of the told ball, may have been cut thinly first, within the
// way's uncertainty. Camera model at 30 fps, seed 12, 10-ball shot 176: the
// cue ball, read twice on its way, cut the 2 thinly and met the 8 7 ms
// later; the way from the two reads passed the 2 5 mm clear, within its
// uncertainty (7 mm there), and the 8's contact, told first, stood: a
// wrong-ball foul, unasked. When a way turned by up to its uncertainty
// reaches such a ball first, and that ball left its rest point about when
// the told contact was (within thinStart: a ball that moved later was set
// off by another), the two are candidates for the first contact and the
// judge asks a person if they rule differently (firstDoubt). (Any ball that
// moved in the shot: 45 needless reviews more over the camera-model seeds,
// one shot more ruled right.)

// thinBefore raises the two-candidate doubt between told, the ball the cue
// ball's way reaches first, and a ball the way turned by up to its
// uncertainty reaches first (see above).
func (k *Tracker) thinBefore(way cueWay, told int, toldT float64) {
	for _, f := range [...]float64{-1, -0.5, 0.5, 1} {
		a := f * way.delta
		u := table.Point{X: way.u.X*math.Cos(a) - way.u.Y*math.Sin(a), Y: way.u.X*math.Sin(a) + way.u.Y*math.Cos(a)}
		if b, s, toldS := k.firstOnWay(u, told); b >= 0 && b != told && toldS-s >= firstMargin && k.startedNear(b, toldT) {
			if k.trace != nil {
				k.trace("%.4f firstByPath: track %d first on the way, track %d on it turned %.4f rad", k.lastT, told, b, a)
			}
			k.firstDoubt(b, told)
			return
		}
	}
}

// thinStart (frames): how near the told first contact's time a ball the way
// may have cut first left its rest point.
const thinStart = 2.0

// startedNear reports whether track b left its rest point in the shot within
// thinStart frames of t.
func (k *Tracker) startedNear(b int, t float64) bool {
	tr := &k.tracks[b]
	return tr.moved && tr.startT >= k.strikeT && math.Abs(tr.startT-t) <= thinStart*k.dt
}
