package referee

import (
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

// Judge tells the tracker whether a doubt in a shot can change the shot's
// ruling in the match as the referee holds it (tracking.Judge): the tracker
// then flags only the doubts that matter, and a person is not asked to
// confirm a call that cannot change. It is called on the tracker's
// goroutine, and judges with a fork of the rules engine taken after the
// last record (see keepView), never the loop's own engine.
type Judge struct{ r *Referee }

// Judge returns the referee's judge for the tracker.
func (r *Referee) Judge() Judge { return Judge{r: r} }

// judgeView is the match as the last record left it: a fork of the engine
// and the call held for the next shot.
type judgeView struct {
	engine *rules.Engine
	held   *shot.Call
}

// keepView publishes the state after a record for the judge.
func (r *Referee) keepView() {
	v := &judgeView{engine: r.engine.Fork()}
	if r.held != nil {
		c := *r.held
		v.held = &c
	}
	r.view.Store(v)
}

// Alike implements tracking.Judge: rec and each of alts, with the held call
// attached as handleShot would, get the same ruling in the current state
// (rules.Engine.Alike). While a shot or a command waits for the loop the
// state is not the one the shot will be judged in: the doubt is asked.
func (j Judge) Alike(rec *shot.Shot, alts []*shot.Shot) bool {
	v := j.r.view.Load()
	if v == nil || len(j.r.shots) > 0 || len(j.r.cmds) > 0 {
		return false
	}
	with := func(s *shot.Shot) *shot.Shot {
		if !s.Call.Empty() || v.held == nil {
			return s
		}
		cp := *s
		c := *v.held
		cp.Call = &c
		return &cp
	}
	other := make([]*shot.Shot, len(alts))
	for i, a := range alts {
		other[i] = with(a)
	}
	return v.engine.Alike(with(rec), other)
}

// CueInHand implements tracking.HandJudge: whether the player at the table
// has the cue ball in hand in the match as the last record left it. While a
// shot or a command waits for the loop that is not settled: it says it
// cannot tell. (The tracker asks between shots, when every shot struck
// before t has been handed over.)
func (j Judge) CueInHand(t float64) (inHand, known bool) {
	v := j.r.view.Load()
	if v == nil || len(j.r.shots) > 0 || len(j.r.cmds) > 0 {
		return false, false
	}
	return v.engine.CueInHand()
}
