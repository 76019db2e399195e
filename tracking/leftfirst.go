package tracking

import "github.com/cueref/cueref/shot"

// The ball the cue ball meets first starts first. firstByPath fits one
// straight way to the cue ball's detections up to (and a little past) the
// first contact told; a thin cut barely turns the cue ball, and the way
// fitted across it may pass the ball cut by a hair more than two radii off,
// and reach the next ball first. Rendered 9-ball, seed 27, shot 31: the cue
// ball cut the 8 (255.774) and met the 3 55 ms later; the way missed the 8
// by about 3 mm and the first contact was handed to the 3: a wrong-ball foul
// ruled legal.
//
// A ball the cue ball reaches later cannot start sooner than the one it met
// first, unless something else moved it. So when the ball told first started
// (its path's start, timed back to its place) at least leftLead before the
// one the way reaches first, and the cue ball's own contact with that one
// was told at least contactLead after the first contact told, the contact
// told stands. (How soon a slow ball is read off its place says little: the
// 8, cut thin, was read 5 mm off it 17 ms after the 3.)

//
// Likewise a ball told met first that was read off its place, and again at
// the next read, before the cue ball met the one its way reaches first, was
// met first, when no other ball rested near it to set it off
// (offPlaceInShot, aloneAtStroke): the contact told stands.

// leftLead and contactLead (s): a frame and a half, two frames at 60 fps.
// offLead (s): a read off its place this long before the cue ball's contact
// with the other ball is before it, the contact's time error allowed for.
const (
	leftLead    = 0.025
	contactLead = 0.03
	offLead     = 0.005
)

// leftFirst reports whether the first contact told, first, with ball told,
// stands against track best that the cue ball's way reaches first (see
// above).
func (k *Tracker) leftFirst(first *pevent, told, best int) bool {
	lt, okT := k.startedInShot(told)
	lb, okB := k.startedInShot(best)
	off, okOff := k.offPlaceInShot(told)
	cue := k.strikeTr
	for i := range k.events {
		e := &k.events[i]
		if e == first || e.kind != shot.Contact || e.cancel || !(e.a == cue && e.b == best || e.b == cue && e.a == best) || e.t-first.t < contactLead {
			continue
		}
		if okT && okB && lb-lt >= leftLead {
			if k.trace != nil {
				k.trace("%.4f firstByPath: track %d started at %.4f, %.0f ms before track %d, met by the cue ball %.0f ms later: the contact told stands", k.lastT, told, lt, 1000*(lb-lt), best, 1000*(e.t-first.t))
			}
			return true
		}
		if okOff && off < e.t-offLead && k.aloneAtStroke(told) && !(k.cst.strikeT == k.strikeT && k.cst.rack) {
			if k.trace != nil {
				k.trace("%.4f firstByPath: track %d read off its place at %.4f, before the cue ball met track %d at %.4f: the contact told stands", k.lastT, told, off, best, e.t)
			}
			return true
		}
	}
	return false
}

// offPlaceInShot is when track i, at rest at the stroke, was first read off
// its place in the shot, and again at its next read: no earlier than it was
// first met. A ball read off its place before the cue ball met best was met
// first (nothing else near it), however slowly it left and whatever met it
// since. Camera model at 30 fps, seed 10, 9-ball shot 63: the cue ball cut
// the 9 thin, its creep read 6.5 mm off its place 25 ms before the cue ball
// met the 8; the 9, met again a second later, had started twice, so
// startedInShot said nothing of its first start, and the first contact went
// to the 8 by the cue ball's way: a legal pot told for a wrong-ball foul,
// unasked (TestLeftFirstCreep).
func (k *Tracker) offPlaceInShot(i int) (float64, bool) {
	q, ok := k.before[i]
	if !ok {
		return 0, false
	}
	slog := k.tracks[i].slog
	for j := 0; j+1 < len(slog); j++ {
		if s := slog[j]; s.t > k.strikeT && s.p.Dist(q) > k.noStrokeStill() && slog[j+1].p.Dist(q) > k.noStrokeStill() {
			return s.t, true
		}
	}
	return 0, false
}

// aloneAtStroke reports whether no other ball rested within a diameter of
// touching track i at the stroke: none but the cue ball could set it off.
// (In a rack a ball behind the one met is read off its place as the rack
// gives: camera model at 30 fps, seed 5, a 10-ball break, TestBreakWayPastTold.
// Nor is it used in a break from a rack at all: seed 41, 9-ball break 134,
// a track of the scattering rack, named the 5, was read off the place it had
// at the stroke before the cue ball met the 1.)
func (k *Tracker) aloneAtStroke(i int) bool {
	q, ok := k.before[i]
	if !ok {
		return false
	}
	for j, p := range k.before {
		if j != i && j != k.strikeTr && p.Dist(q) < 4*k.R {
			return false
		}
	}
	return true
}

// startedInShot is when track i started from rest in the shot, if it did
// once only: its first read off its place at the stroke is its last start's.
func (k *Tracker) startedInShot(i int) (float64, bool) {
	tr := &k.tracks[i]
	q, ok := k.before[i]
	if !ok || !tr.fromRest || tr.startT <= k.strikeT || tr.from.Dist(q) > k.noStrokeStill() {
		return 0, false
	}
	for _, s := range tr.slog {
		if s.t > k.strikeT && s.p.Dist(q) > k.noStrokeStill() {
			return tr.startT, s.t >= tr.startT
		}
	}
	return 0, false
}
