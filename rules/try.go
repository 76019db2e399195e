package rules

import (
	"maps"
	"slices"
	"strings"

	"github.com/cueref/cueref/shot"
)

// Try judges shot rec as Apply would in the current state, and leaves the
// state as it was: the ruling of a shot that may still be read another way
// (see Alike). It is Apply on an engine that shares the current state and is
// then thrown away; Apply never changes a state once it holds it, it makes a
// new one.
func (e *Engine) Try(seq int, rec *shot.Shot) shot.Ruling {
	f := e.Fork()
	return f.Apply(seq, rec)
}

// Fork returns an engine in the current state, without the history (undo and
// referee-entered fouls reach no further back than the fork). It shares no
// state that either engine changes, so another goroutine may judge with it
// while e goes on.
func (e *Engine) Fork() *Engine { return &Engine{cur: e.cur} }

// Alike reports whether every one of alts, judged in the current state, gets
// the same ruling as rec (SameRuling): whether the doubtful event that alts
// read otherwise can change the call. A record the engine refuses is alike to
// nothing. The state is left as it was.
func (e *Engine) Alike(rec *shot.Shot, alts []*shot.Shot) bool {
	want := e.Try(0, rec)
	if want.Kind == shot.KindError {
		return false
	}
	for _, a := range alts {
		if !SameRuling(want, e.Try(0, a)) {
			return false
		}
	}
	return true
}

// SameRuling reports whether two rulings of one record in one state decide the
// same: legality, the fouls (codes and rules, in any order), the balls
// pocketed, counted, spotted and restored, the turn, who plays next and how,
// groups, score, racks, fouls in a row, the warning and the game's and the
// match's end. Only the words differ (notes, text). An error ruling is the
// same as no other ruling.
func SameRuling(a, b shot.Ruling) bool {
	if a.Kind == shot.KindError || b.Kind == shot.KindError || a.Kind != b.Kind {
		return false
	}
	legal := func(p *bool) int {
		switch {
		case p == nil:
			return -1
		case *p:
			return 1
		}
		return 0
	}
	fouls := func(f []shot.FoulCall) []shot.FoulCall {
		s := slices.Clone(f)
		slices.SortFunc(s, func(x, y shot.FoulCall) int {
			switch {
			case x.Code != y.Code:
				return strings.Compare(x.Code, y.Code)
			case x.Rule != y.Rule:
				return strings.Compare(x.Rule, y.Rule)
			}
			return strings.Compare(x.Entered, y.Entered)
		})
		return s
	}
	return legal(a.Legal) == legal(b.Legal) &&
		slices.Equal(fouls(a.Fouls), fouls(b.Fouls)) &&
		slices.Equal(a.Pocketed, b.Pocketed) && slices.Equal(a.Counted, b.Counted) &&
		slices.Equal(a.Spot, b.Spot) && slices.Equal(a.Restore, b.Restore) && a.Replay == b.Replay &&
		a.Turn == b.Turn && a.Next.Player == b.Next.Player && a.Next.BallInHand == b.Next.BallInHand &&
		slices.Equal(a.Next.Options, b.Next.Options) &&
		maps.Equal(a.Groups, b.Groups) && maps.Equal(a.Score, b.Score) && maps.Equal(a.Racks, b.Racks) &&
		maps.Equal(a.FoulsInRow, b.FoulsInRow) && a.Warning == b.Warning &&
		sameOutcome(a.GameOver, b.GameOver) && sameOutcome(a.MatchOver, b.MatchOver) &&
		slices.Equal(a.OnTable, b.OnTable)
}

func sameOutcome(a, b *shot.Outcome) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Reason != b.Reason || (a.Winner == nil) != (b.Winner == nil) {
		return false
	}
	return a.Winner == nil || *a.Winner == *b.Winner
}

// CueInHand reports whether the player at the table has the cue ball in hand
// (after a foul, or behind the head string for a break), and whether that is
// settled: not while options are pending (a choice may give or take it).
func (e *Engine) CueInHand() (inHand, known bool) {
	st := &e.cur.st
	if len(st.Pending) > 0 {
		return false, false
	}
	return st.BallInHand != "" && st.BallInHand != shot.InHandNone, true
}
