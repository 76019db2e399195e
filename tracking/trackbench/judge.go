package trackbench

import (
	"math"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

// strokeMatch (s): a tracked shot whose stroke is this near a true one's is
// that shot.
const strokeMatch = 0.2

// judge is the tracker's tracking.Judge in the bench: the rules engine in the
// true match's state before the shot being tracked, as the live referee's
// engine would be had every ruling before it been right. It follows the
// match's records as the tracker finishes its shots (they come in order).
type judge struct {
	mr   *MatchRun
	e    *rules.Engine
	next int // the next of the match's records to apply
}

// Alike implements tracking.Judge: the shot, with the true call attached,
// gets the same ruling in the true state before it whichever way its doubt
// is read (rules.Engine.Alike). A shot that matches no true stroke, or one
// the engine is already past, is never alike: the doubt is asked.
func (j *judge) Alike(rec *shot.Shot, alts []*shot.Shot) bool {
	r := j.mr.r
	r.rep.DoubtsJudged++
	i := j.mr.strokeOf(rec)
	if i < 0 {
		return false
	}
	ss := j.mr.m.Shots[i]
	if ss.Index < j.next {
		return false
	}
	for ; j.next < ss.Index; j.next++ {
		j.e.Apply(j.next+1, j.mr.m.Records[j.next])
	}
	call := ss.Record.Call
	mine := withCall(rec, call)
	other := make([]*shot.Shot, len(alts))
	for k, a := range alts {
		other[k] = withCall(a, call)
	}
	if !j.e.Alike(mine, other) {
		return false
	}
	r.rep.DoubtsAlike++
	return true
}

// CueInHand implements tracking.HandJudge: whether the cue ball was in hand
// at t in the true match, its records applied up to the last shot struck
// before t (as the live referee's state would be, every ruling right).
func (j *judge) CueInHand(t float64) (inHand, known bool) {
	n := 0
	for i, ss := range j.mr.m.Shots {
		if j.mr.strikes[i] < t { // NaN (not reached yet) is not
			n = ss.Index + 1
		}
	}
	if n < j.next {
		return false, false // past it already
	}
	for ; j.next < n; j.next++ {
		j.e.Apply(j.next+1, j.mr.m.Records[j.next])
	}
	return j.e.CueInHand()
}

// withCall is a copy of s with call c, as the true shot was played.
func withCall(s *shot.Shot, c *shot.Call) *shot.Shot {
	cp := *s
	cp.Call = c
	return &cp
}

// strokeOf is the index of the true shot whose stroke matches rec's, or −1.
func (mr *MatchRun) strokeOf(rec *shot.Shot) int {
	if rec.Start == nil {
		return -1
	}
	best, bd := -1, strokeMatch
	for i, t0 := range mr.strikes {
		if d := math.Abs(*rec.Start - t0); d < bd {
			best, bd = i, d
		}
	}
	return best
}
