package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Twin contacts: one contact of a pair told twice.
//
// The ways of finding a contact (explain's pairs, close passes, nudges,
// re-kisses) each time it their own way, and now and then two of them tell
// one contact of a pair 50–250 ms apart, beyond addEvent's sameEvent: a ball
// struck next to a cushion whose start is read off its path after the cushion
// hit (tens of milliseconds late), a bend of a ball (slide turning to roll)
// paired with the ball that meets it a few frames later, a close pass long
// after the contact. The detections tell them apart: at a contact the two
// centres are 2R apart, and at a time 50 ms off it a ball that moves at all is
// centimetres further. So when a contact comes within twinWin of one of the
// same pair, each one's gap is read off the detections (seenGap); one where
// the balls were well apart (more than twinOff, see seenGap) while at the other they
// touched (a gap at most twinRatio of it) is the same contact mistimed, and is
// dropped. Two that both touched are two contacts (a re-kiss), and a pair
// whose detections around either time are not all in is left as it is. The
// same holds within sameEvent, where addEvent used to keep the first told
// whatever its time (twinWorse).

// Settings of the twin contacts.
const (
	// twinWin (s): a contact of the same pair this near another may be it.
	twinWin = 0.25
	// twinOff (mm): a gap larger than this between the centres, less 2R, at
	// a contact's time is no contact: many times the noise of two
	// detections. To it is added the most a place interpolated across a
	// contact may be off (a quarter of what each ball moved between its two
	// detections: see seenGap).
	twinOff = 12.0
	// twinRatio: the other contact's gap must be at most this part of it.
	twinRatio = 1.0 / 3
)

// seenPos is track i's place at t from its detections: interpolated between
// the last one at or before t and the first after it, when they are at most
// two frames and a half apart (a detection missed at most).
func (k *Tracker) seenPos(i int, t float64) (p table.Point, step float64, ok bool) {
	tr := &k.tracks[i]
	n := min(tr.nh, len(tr.hist))
	var pre, post sample
	havePre, havePost := false, false
	for j := n - 1; j >= 0; j-- { // oldest first
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t <= t {
			pre, havePre = s, true
		} else {
			post, havePost = s, true
			break
		}
	}
	if !havePre || !havePost || post.t-pre.t > 2.5*k.dt {
		return table.Point{}, 0, false
	}
	u := (t - pre.t) / (post.t - pre.t)
	return pre.p.Add(post.p.Sub(pre.p).Scale(u)), pre.p.Dist(post.p), true
}

// seenGap is the distance between tracks a and b's centres at t, less 2R, from
// their detections, and the gap beyond which they did not touch then
// (twinOff and the interpolation's error: a ball that turned at t between
// two detections was up to a quarter of the way between them off the line
// joining them); NaN when either's detections around t are not in.
func (k *Tracker) seenGap(a, b int, t float64) (gap, off float64) {
	pa, sa, okA := k.seenPos(a, t)
	pb, sb, okB := k.seenPos(b, t)
	if !okA || !okB {
		return math.NaN(), math.NaN()
	}
	return math.Abs(pa.Dist(pb) - 2*k.R), twinOff + (sa+sb)/4
}

// twinWorse reports whether told contact x is a mistimed twin of new contact
// e of the same pair: at x's time the balls' detections were well apart, at
// e's they touched.
func (k *Tracker) twinWorse(x, e *pevent) bool {
	ge, _ := k.seenGap(e.a, e.b, e.t)
	gx, offX := k.seenGap(x.a, x.b, x.t)
	if k.trace != nil && !math.IsNaN(ge) && !math.IsNaN(gx) {
		k.trace("%.4f twin contact tracks %d %d within %.0f ms: told at %.4f gap %.1f mm (off %.1f), new at %.4f gap %.1f mm", k.lastT, e.a, e.b, 1000*math.Abs(e.t-x.t), x.t, gx, offX, e.t, ge)
	}
	if gx > offX && ge <= twinRatio*gx {
		return true
	}
	worseX, ok := k.loneTwin(x, e) // nothing between them (lonetwin.go)
	return ok && worseX
}

// twinContact looks at new contact e against those of the same pair told
// within twinWin of it: it reports whether e is a mistimed twin of one (to be
// dropped), and cancels any told that is a mistimed twin of e.
func (k *Tracker) twinContact(e *pevent) bool {
	if e.kind != shot.Contact {
		return false
	}
	ge, offE := math.NaN(), math.NaN()
	for i := range k.events {
		x := &k.events[i]
		if x.kind != shot.Contact || x.cancel || math.Abs(x.t-e.t) >= twinWin ||
			!(x.a == e.a && x.b == e.b || x.a == e.b && x.b == e.a) {
			continue
		}
		if math.IsNaN(ge) {
			if ge, offE = k.seenGap(e.a, e.b, e.t); math.IsNaN(ge) {
				return false
			}
		}
		gx, offX := k.seenGap(x.a, x.b, x.t)
		if math.IsNaN(gx) || k.rekissAfter(x, e) {
			continue // (or a re-kiss off a cushion after x: kissrail.go)
		}
		if k.trace != nil {
			k.trace("%.4f twin contact tracks %d %d: told at %.4f gap %.1f mm (off %.1f), new at %.4f gap %.1f mm (off %.1f)", k.lastT, e.a, e.b, x.t, gx, offX, e.t, ge, offE)
		}
		switch {
		case ge > offE && gx <= twinRatio*ge:
			return true
		case gx > offX && ge <= twinRatio*gx:
			x.cancel = true
		default:
			// Nothing between them: one contact told twice (lonetwin.go).
			if worseX, ok := k.loneTwin(x, e); ok && worseX {
				x.cancel = true
			} else if ok {
				return true
			}
		}
	}
	return false
}

// preFromHist fills in moving side x's way into a contact at tc from its
// track's detections when its current piece of path holds too few of them
// before tc: the path broke at the contact (kinkTest) before the contact was
// paired, and the piece that holds the way in is gone. Without them
// combineContact cannot time the contact by the way in (approach) and takes
// the struck ball's start, late when a cushion turned the ball at once. The
// detections taken are those since the ball's last event told before tc (or
// its start from rest).
func (k *Tracker) preFromHist(x *side, tc float64) {
	if x.rest || x.nPre >= 3 || x.tr < 0 {
		return
	}
	tr := &k.tracks[x.tr]
	lo := tr.startT
	for i := range k.events {
		o := &k.events[i]
		if !o.cancel && o.t < tc-sameTime && o.t > lo && (o.kind == shot.Contact || o.kind == shot.RailHit) && (o.a == x.tr || o.kind == shot.Contact && o.b == x.tr) {
			lo = o.t
		}
	}
	var buf [approachMax]sample
	n := 0
	for j := min(tr.nh, len(tr.hist)) - 1; j >= 0; j-- { // oldest first
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t <= lo+k.skip() || s.t >= tc+k.dt {
			continue
		}
		if n == len(buf) {
			copy(buf[:], buf[1:])
			n--
		}
		buf[n] = s
		n++
	}
	if n >= 3 {
		if k.trace != nil {
			k.trace("%.4f contact at %.4f: way in of track %d from its detections (%d, not %d)", k.lastT, tc, x.tr, n, x.nPre)
		}
		x.nPre = copy(x.pre[:], buf[:n])
	}
}
