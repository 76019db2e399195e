package rules

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// LagTie is how close (mm) two lag balls may stop to the head rail and still be a
// tie the referee cannot split (rule 1.5: re-lag).
const LagTie = 1.0

// lagFaults returns the rule 1.5 conditions a lag ball broke, as "(n) words".
func lagFaults(t table.Table, b shot.LagBall) []string {
	var out []string
	var foot, long, cross, pocket, off bool
	for _, e := range b.Events {
		switch e.Kind {
		case shot.Cross:
			cross = true
		case shot.RailHit:
			switch table.Rail(e.Rail) {
			case table.Foot:
				if foot {
					out = appendOnce(out, "(7) touched the foot rail more than once")
				}
				foot = true
			case table.Left, table.Right:
				long = true
			}
		case shot.Pocketed:
			pocket = true
		case shot.OffTable:
			off = true
		}
	}
	if cross {
		out = append(out, "(1) crossed into the opponent's half")
	}
	if !foot {
		out = append(out, "(2) did not reach the foot rail")
	}
	if pocket {
		out = append(out, "(3) fell into a pocket")
	}
	if off || (b.Rest == nil && !pocket) {
		out = append(out, "(4) left the table")
	}
	if long {
		out = append(out, "(5) touched a long rail")
	}
	if b.Rest != nil && t.InCornerJaws(b.Rest.P(), table.Head) {
		out = append(out, "(6) stopped in the jaws of a corner pocket beyond the head-rail nose")
	}
	sort.Strings(out)
	return out
}

func appendOnce(s []string, v string) []string {
	if containsStr(s, v) {
		return s
	}
	return append(s, v)
}

// applyLag judges a lag (rule 1.5): the ball that stops nearest the head rail wins
// unless it broke one of the seven conditions; both out, or a tie, is a re-lag.
func (c *core) applyLag(l *shot.Lag, r *shot.Ruling) error {
	st := &c.st
	if !st.LagDue {
		return reject("no lag is due: the match has started (rule 1.5 lags before the first break)")
	}
	for _, p := range st.Players {
		if _, ok := l.Balls[p]; !ok {
			names := make([]string, 0, len(l.Balls))
			for n := range l.Balls {
				names = append(names, n)
			}
			sort.Strings(names)
			return reject("lag balls are for %s, but the players are %s", strings.Join(names, " and "), strings.Join(st.Players, " and "))
		}
	}
	a, b := st.Players[0], st.Players[1]
	fa, fb := lagFaults(c.tbl, l.Balls[a]), lagFaults(c.tbl, l.Balls[b])
	var notes []string
	for _, p := range []struct {
		name string
		f    []string
	}{{a, fa}, {b, fb}} {
		if len(p.f) > 0 {
			notes = append(notes, fmt.Sprintf("%s's lag loses: %s", p.name, strings.Join(p.f, ", ")))
		}
	}
	winner := ""
	switch {
	case len(fa) > 0 && len(fb) > 0:
		notes = append(notes, "both lags lose: re-lag (rule 1.5)")
	case len(fa) > 0:
		winner = b
	case len(fb) > 0:
		winner = a
	default:
		ra, rb := l.Balls[a].Rest.P(), l.Balls[b].Rest.P()
		da, db := ra.X, rb.X
		notes = append(notes, fmt.Sprintf("%s stopped %.0f mm from the head rail, %s %.0f mm", a, math.Max(0, c.tbl.RailDistance(ra, table.Head)), b, math.Max(0, c.tbl.RailDistance(rb, table.Head))))
		switch {
		case math.Abs(da-db) <= LagTie:
			notes = append(notes, "the balls stopped equally close to the head rail: re-lag (rule 1.5)")
		case da < db:
			winner = a
		default:
			winner = b
		}
	}
	r.SetLagWinner(winner)
	r.Notes = notes
	if winner == "" {
		r.Text = "Lag: no winner — " + strings.Join(notes, "; ") + ". The players lag again (rule 1.5)."
		return nil
	}
	st.Next = winner
	st.Pending = []string{"break", "pass"}
	c.ctx = "lag"
	r.Text = fmt.Sprintf("Lag won by %s (rule 1.5). %s may break or pass the break to %s (rule 1.6).", winner, winner, st.Opponent(winner))
	if len(notes) > 0 {
		r.Text = fmt.Sprintf("Lag won by %s — %s (rule 1.5). %s may break or pass the break to %s (rule 1.6).", winner, strings.Join(notes, "; "), winner, st.Opponent(winner))
	}
	return nil
}

// decideLag applies the lag winner's break/pass choice (rule 1.6).
func (c *core) decideLag(choice string) error {
	st := &c.st
	breaker := st.Next
	if choice == "pass" {
		breaker = st.Opponent(st.Next)
	}
	c.ctx = ""
	st.Pending = nil
	c.newRack(breaker)
	return nil
}
