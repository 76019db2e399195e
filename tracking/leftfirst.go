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

// leftLead and contactLead (s): a frame and a half, two frames at 60 fps.
const (
	leftLead    = 0.025
	contactLead = 0.03
)

// leftFirst reports whether the first contact told, first, with ball told,
// stands against track best that the cue ball's way reaches first (see
// above).
func (k *Tracker) leftFirst(first *pevent, told, best int) bool {
	lt, okT := k.startedInShot(told)
	lb, okB := k.startedInShot(best)
	if !okT || !okB || lb-lt < leftLead {
		return false
	}
	cue := k.strikeTr
	for i := range k.events {
		e := &k.events[i]
		if e != first && e.kind == shot.Contact && !e.cancel && (e.a == cue && e.b == best || e.b == cue && e.a == best) && e.t-first.t >= contactLead {
			if k.trace != nil {
				k.trace("%.4f firstByPath: track %d started at %.4f, %.0f ms before track %d, met by the cue ball %.0f ms later: the contact told stands", k.lastT, told, lt, 1000*(lb-lt), best, 1000*(e.t-first.t))
			}
			return true
		}
	}
	return false
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
