package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Contacts told late, from a ball at rest that moved or vanished without a
// path of its own to pair (a ball nudged a few millimetres, see nudged; one at
// a pocket's edge hit and gone at once, see passedBy; one frozen in a mouth
// pushed in, see pushedIn), are timed when told by a straight line through a
// few of the moving ball's detections: those may take in the frame after the
// contact, when the mover had slowed already, which puts the time a frame
// late (on the bench's rendered video, up to 12 ms). noteLate keeps the
// sides a paired contact has for such a contact, and retimeLate times it
// again at the end of the shot from the mover's whole way in, as a paired
// contact is (combineContact: approach, and the joint or stroke fit, which
// leave out the detections after the contact). The sides are lent to the
// event for that only: what else reads them (re-kisses, pushes through pressed
// balls) keeps to the contacts it was made for.

// lateContact is a contact told late (by its seq) and the sides it is timed
// again with.
type lateContact struct {
	seq   int
	sides [2]side
}

// noteLate notes contact e, told between track mover, on path pm about the
// contact, and track rest, resting at q, to be timed again at the end of the
// shot (retimeLate): the mover's way in from its detections since its last
// event, when it came fast enough (lateMinSpeed).
func (k *Tracker) noteLate(e *pevent, mover, rest int, pm path, q table.Point) {
	if e == nil || e.sides[0].tr >= 0 || e.sides[1].tr >= 0 {
		return
	}
	lc := lateContact{seq: e.seq}
	lc.sides[0] = side{tr: mover, in: pm, first: math.NaN()}
	lc.sides[1] = side{tr: rest, in: still(q, e.t), rest: true, first: math.NaN()}
	k.preFromHist(&lc.sides[0], e.t)
	x := &lc.sides[0]
	if x.nPre < 3 || fitLine(x.pre[:x.nPre]).b.Len() < lateMinSpeed {
		return // its way in times it no better than the time told
	}
	k.late = append(k.late, lc)
}

// lateMinSpeed (mm/s): a slower mover is not timed again. A millimetre of
// noise is then over 3 ms along its way, and a ball creeping into another
// (a nudge at 100 mm/s) was timed worse from its way in than by the touch
// told, on the no-render bench.
const lateMinSpeed = 300.0

// retimeLate times again the contacts noteLate noted (see above), once the
// shot is over.
func (k *Tracker) retimeLate() {
	for _, lc := range k.late {
		for i := range k.events {
			e := &k.events[i]
			if e.seq != lc.seq || e.kind != shot.Contact || e.cancel || e.refined || e.sides[0].tr >= 0 || e.sides[1].tr >= 0 {
				continue
			}
			t := e.t
			e.sides = lc.sides
			k.beforeNextEvent(e)
			k.combineContact(e)
			e.sides = [2]side{{tr: -1}, {tr: -1}}
			if k.trace != nil {
				k.trace("%.4f late contact balls %d %d: from %.5f to %.5f", k.lastT, e.ids[0], e.ids[1], t, e.t)
			}
		}
	}
	k.late = k.late[:0]
}

// beforeNextEvent times late contact e (its sides lent) by the mover's way in
// up to its next event, when one was told before the time told: a cushion
// hit or another contact after the last detection but one of the way in
// noteLate took. That way in took in the contact and that event both, and
// combineContact does not time a contact by a way in that holds another
// event; the detections before that event, when their path comes within 2R
// of the resting ball, time the contact. No-render seed 3, 14.1 shot 182:
// the cue ball, at 2 m/s, met the 4 in the head-right mouth, then the head
// cushion 19 ms later; the 4 was gone at once, and the contact, told at the
// cue ball's detection after the cushion (passedBy), stayed 19 ms late.
func (k *Tracker) beforeNextEvent(e *pevent) {
	mv, rs := &e.sides[0], &e.sides[1]
	if !rs.rest || mv.rest || mv.nPre < 3 {
		return
	}
	te := math.Inf(1)
	for j := range k.events {
		o := &k.events[j]
		if o == e || o.cancel || o.t >= e.t-1e-3 || o.t <= mv.pre[mv.nPre-1].t-k.dt || o.t >= te {
			continue
		}
		if o.hits(mv.tr) {
			te = o.t
		}
	}
	if math.IsInf(te, 1) {
		return
	}
	n := mv.nPre
	for n > 0 && mv.pre[n-1].t >= te-k.skip() {
		n--
	}
	if n < 3 {
		return
	}
	// At te its way in may be past the resting ball already (crossTime).
	back := math.Max(0, te-k.lastEventOf(mv.tr, te, e))
	ta, _, ok := approach(mv.pre[:n], rs.in.a, 2*k.R, te, back, k.dt, k.skip(), k.noise)
	if !ok || ta >= te {
		return
	}
	if k.trace != nil {
		k.trace("%.4f late contact balls %d %d: before track %d's event at %.5f, at %.5f", k.lastT, e.ids[0], e.ids[1], mv.tr, te, ta)
	}
	e.t, mv.nPre = ta, n
}
