package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A doubt is something the tracker could not see well in a shot, which needs a
// person only if it can change the ruling: a ball lost from view while it
// rolled, found again on the table after the shot's deciding events had been
// seen, or a ball that seemed to move at the stroke but never left its place,
// does not.
type doubt struct {
	lost bool    // lost from view while moving (else: maybe moving at the stroke)
	tr   int     // the track
	t    float64 // when it was last seen (lost), or the stroke
	why  string  // the review reason, when it matters
}

// doubtWhy returns the reason of the first doubt of shot rec that matters,
// or "". A ball that may have been moving at the stroke matters unless the
// judge finds the shot alike with it moving (movingReading).
func (k *Tracker) doubtWhy(rec *shot.Shot) string {
	for _, d := range k.doubts {
		tr := &k.tracks[d.tr]
		if k.trace != nil {
			at, ok := k.before[d.tr]
			k.trace("%.4f doubt %q: track %d used %v gone %v moving %v last %.4f (lost %.4f) decided %v; before %v %v rest %v", k.lastT, d.why, d.tr, tr.used, tr.gone, tr.moving, tr.last.t, d.t, k.decidedBy(d.t), ok, at, tr.rest)
		}
		if tr.used && k.phantom(d.tr) {
			continue // no ball of the game can it be: a false detection's track
		}
		if d.lost {
			if tr.used && !tr.gone && tr.last.t > d.t && k.decidedBy(d.t) {
				continue // found again, and the ruling's events were in before
			}
			return d.why
		}
		if at, ok := k.before[d.tr]; ok && tr.used && !tr.gone && !tr.moving && tr.rest.Dist(at) <= 3*k.cfg.Sigma+1 && k.stayedPut(d.tr, at) {
			continue // it never left where it stood at the stroke
		}
		if k.needless(d.why, rec, movingReading(rec, k.ballAtStroke(d.tr))) {
			continue
		}
		return d.why
	}
	return ""
}

// decidedBy reports whether the events a ruling turns on had all been seen
// before time t: the cue ball's first contact, and after it a cushion hit or a
// pocket. A ball that went out of view after that and was found again on the
// table cannot change them (it was not pocketed; what it met unseen comes
// after the first contact and the cushion).
func (k *Tracker) decidedBy(t float64) bool {
	first := -1.0
	for i := range k.events {
		e := &k.events[i]
		if !e.cancel && e.kind == shot.Contact && (e.a == k.strikeTr || e.b == k.strikeTr) && (first < 0 || e.t < first) {
			first = e.t
		}
	}
	if first < 0 || first >= t {
		return false
	}
	for i := range k.events {
		e := &k.events[i]
		if !e.cancel && (e.kind == shot.RailHit || e.kind == shot.Pocketed) && e.t > first && e.t < t {
			return true
		}
	}
	return false
}

// lostAtPocket handles moving track i, lost from view for a while with nothing
// hiding it, last seen rolling within half a mouth's width of a pocket's
// centre: a ball rattling in the jaws bounces off their facings (its path,
// fitted before, no longer leads in) and drops; it is pocketed. A ball leaving
// the table there would have to jump the jaws. It reports whether it did.
func (k *Tracker) lostAtPocket(i int) bool {
	tr := &k.tracks[i]
	pk, ok := k.rattling(tr)
	if !ok {
		return false
	}
	k.goneEvent(i, shot.Pocketed, tr.last.t, pk, false)
	return true
}

// rattling reports whether moving track tr was last seen rolling within half a
// mouth's width of a pocket's centre (see lostAtPocket), and which pocket.
func (k *Tracker) rattling(tr *track) (table.PocketID, bool) {
	pk, d := k.tab.NearestPocket(tr.last.p)
	if d >= pk.Width/2 || tr.fit.vel(tr.last.t).Len() < 300 {
		return "", false // (a slow ball stops by the jaws, seen or not)
	}
	return pk.ID, true
}
