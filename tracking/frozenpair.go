package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Two balls frozen, or all but frozen, to the cue ball, both pushed by the
// stroke. Each contact is timed by its struck ball's way out (frozenStart,
// frozentime.go), extrapolated back to its rest point: a slow ball's way out
// is a few millimetres a frame, and its time is good to ten milliseconds or
// worse, so which of the two the cue ball met first is often left to noise.
// Rendered bench, 14.1 seed 38 shot 5: the cue ball rested 1.0 mm from ball 6
// on its left and 1.6 mm from ball 13 below it, at right angles; the stroke
// drove it into the 6 (met 0.7 ms after the stroke) and its slow drift down
// met the 13 8.5 ms after. The 6 left at 650 mm/s (passing most of the push
// on to ball 9, frozen to it), the 13 at 120 mm/s; the 13's contact, timed
// 1.8 ms before the 6's but ± 9 ms, made it the first ball.
//
// The balls' gaps and speeds out tell the order too. Equal balls, met along
// their line of centres: the struck ball leaves about as fast as the cue ball
// closed on it, so the cue ball took about gap/speed to close each gap (at
// right angles, exactly; otherwise the first contact changes how fast the
// cue ball closes on the second; a ball passing the push on to others
// leaves slower than it was met, and its gap/speed errs late). That is a
// second estimate of the time between the two contacts, with the error of
// the two gaps (each the difference of two rest points: Config.Sigma, the
// rest noise; over the 22 frozen pushes at strokes on rendered seeds 25–38
// the gaps read were 1.4 mm off the true ones, RMS, 3.6 mm at worst, most of
// them read narrower). frozenPair weighs it with the contacts' own times
// and, when the two together put the contacts in the other order than their
// times, swaps their times (each keeps a time its evidence gave; the ball met
// first takes the earlier). In the case above: 6 first by 3.9 ms. When the
// two readings differ in ruling and the contacts stay close, a person is
// still asked (review: two candidate first contacts).

// frozenPush is a contact of the cue ball, at the stroke, with a ball that
// rested all but frozen to it (frozenPair).
type frozenPush struct {
	e    *pevent
	ball int
	tau  float64 // gap/speed out: the time the cue ball took to close the gap (s)
	tsd  float64 // tau's standard error (s)
	sd   float64 // the standard error of the contact's own time (s; +Inf: none)
}

// frozenPairOut: the most detections of a pushed ball's way out its speed out
// is fitted to (before friction slows it much; a push slower than cascadeDV
// is not weighed).
const frozenPairOut = 4

// frozenPair orders the cue ball's contacts at the stroke with balls that
// rested all but frozen to it by their gaps and speeds out as well as their
// times (see above).
func (k *Tracker) frozenPair() {
	if k.phase != inShot || k.strikeTr < 0 {
		return
	}
	cue := k.strikeTr
	from, ok := k.before[cue]
	if !ok {
		return
	}
	var buf [4]frozenPush
	ps := buf[:0]
	for i := range k.events {
		e := &k.events[i]
		if e.kind != shot.Contact || e.cancel || (e.a != cue && e.b != cue) || math.Abs(e.t-k.strikeT) > frozenCueFrames*k.dt {
			continue
		}
		o, ball := e.b, e.ids[1]
		if o == cue {
			o, ball = e.a, e.ids[0]
		}
		q, ok := k.before[o]
		if !ok || o == cue || q.Dist(from) > 2*k.R+table.FrozenTolerance+2*k.cfg.Sigma {
			continue
		}
		var out []sample
		sd := math.Inf(1)
		for _, x := range e.sides {
			if x.tr != o || !x.rest {
				continue
			}
			out = x.post[:min(x.nPost, frozenPairOut)]
			if x.w > 0 {
				sd = 1 / math.Sqrt(x.w)
			} else if x.startSD > 0 {
				sd = x.startSD
			}
		}
		v, _, vok := velFit(out)
		if !vok || v.Len() < cascadeDV {
			continue
		}
		gap := math.Max(q.Dist(from)-2*k.R, 0)
		p := frozenPush{e: e, ball: ball, tau: gap / v.Len(), tsd: k.cfg.Sigma / v.Len(), sd: sd}
		if k.trace != nil {
			k.trace("%.4f frozen push ball %d: contact at %.5f ± %.2f ms, gap %.2f mm, speed out %.0f mm/s: %.2f ± %.2f ms after the stroke",
				k.lastT, ball, e.t, 1000*sd, gap, v.Len(), 1000*p.tau, 1000*p.tsd)
		}
		if len(ps) < cap(ps) {
			ps = append(ps, p)
		}
	}
	for i := range ps {
		for j := i + 1; j < len(ps); j++ {
			a, b := &ps[i], &ps[j]
			// b's contact after a's by d, from their times and from the gaps.
			d1, w1 := b.e.t-a.e.t, 1/(a.sd*a.sd+b.sd*b.sd)
			d2, w2 := b.tau-a.tau, 1/(a.tsd*a.tsd+b.tsd*b.tsd)
			d := (d1*w1 + d2*w2) / (w1 + w2)
			if d*d1 >= 0 {
				continue
			}
			if k.trace != nil {
				k.trace("%.4f frozen pair: balls %d and %d met %.2f ms apart by their times, %.2f ms by their gaps: %.2f ms, the other order", k.lastT, a.ball, b.ball, 1000*d1, 1000*d2, 1000*d)
			}
			a.e.t, b.e.t = b.e.t, a.e.t
		}
	}
}
