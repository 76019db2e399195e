package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A cushion hit between a lost track and the one that carried it on. A ball
// read again just off a cushion, after a frame or two unseen at it, is read
// too far from where its track, predicted on through the cushion, looks for
// it; a new track takes it up and carriedOn hands it the ball. Neither track
// holds the bounce: the lost one's reads end before it, the other's begin
// after. The lost track's path ran on past the cushion's line by the other's
// first read (as provUnseenCushion asks: provCushDeep beyond, heading into
// it surely), and the ball was read back on the bed: it hit that cushion
// (cueref bench --racks 2 --seed 77, 8ball shot 12, a safety: the green 6
// driven into the foot cushion at 0.8 m/s, lost there for a frame and taken
// up by a nameless track 20 mm off it; no cushion was told after the first
// contact and the safety was called a foul, unflagged).

// carriedRail tells the cushion hit of moving track i, lost, between its
// last read and first, the first read of track o that carried it on (see
// above), unless either track told it.
func (k *Tracker) carriedRail(i, o int, first sample) {
	tr := &k.tracks[i]
	n := len(tr.seg)
	if k.phase != inShot || n < provPassN {
		return
	}
	f := tr.fit
	if tr.fitN != n {
		f = k.fitTail(tr.seg)
	}
	rail, gap := k.tab.NearestRail(f.at(first.t))
	if gap > -k.provDepth(provCushDeep) {
		return
	}
	u := railOut(rail)
	if k.tab.RailDistance(first.p, rail) < 0 {
		return // read beyond the cushion's line: not back on the bed
	}
	in := tr.seg[max(0, n-k.atRate(inWindow)):]
	if lin := fitLine(in).b.Dot(u); lin < math.Max(provCushMinV, provCushSig*k.cfg.SigmaMoving/math.Sqrt(spanVar(in))) {
		return
	}
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	lo := tr.seg[n-1].t - k.dt
	tc, ok := crossing(&f, g, lo, first.t)
	if !ok || tc <= lo || f.vel(tc).Dot(u) < provCushMinV {
		return
	}
	if k.inMouth(k.tab.Clamp(f.at(tc)).Add(u.Scale(k.R))) {
		return // a jaw or the pocket there, not the cushion
	}
	if k.railTold(i, o, rail, tc) {
		return
	}
	if k.trace != nil {
		k.trace("%.4f carried rail: track %d into the %s cushion at %.4f, track %d read back off it", k.lastT, i, rail, tc, o)
	}
	k.addEvent(pevent{t: tc, kind: shot.RailHit, a: o, rail: rail, at: railPoint(k.tab, f.at(tc), rail), hasAt: true})
}
