package rules

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

// program turns fuzz bytes into a sequence of records: each record takes an op
// byte and as many parameter bytes as it needs.
type program struct {
	b []byte
	i int
}

func (p *program) next() int {
	if p.i >= len(p.b) {
		return 0
	}
	v := int(p.b[p.i])
	p.i++
	return v
}

func (p *program) done() bool { return p.i >= len(p.b) }

func (p *program) point() shot.Point {
	return shot.Point{float64(p.next()) * 10, float64(p.next()) * 5}
}

var (
	fzPockets = []string{"HL", "HR", "SL", "SR", "FL", "FR"}
	fzRails   = []string{"head", "foot", "left", "right"}
	fzKinds   = []string{shot.Contact, shot.Contact, shot.Contact, shot.RailHit, shot.RailHit, shot.Pocketed, shot.Pocketed, shot.OffTable, shot.Touch, shot.DoubleHt, shot.Moving, shot.SettleEv}
	fzGames   = []string{"8ball", "9ball", "10ball", "14.1"}
	fzOpts    = []string{"", OptEightBreakWins, OptKitchenBallInHand, OptNoThreeFoul, OptBreakLoser, "bogus"}
)

func (p *program) shotRec() *shot.Shot {
	s := &shot.Shot{Before: shot.Positions{}, After: shot.Positions{}}
	s.Events = []shot.Event{{Kind: shot.Strike}}
	n := p.next() % 10
	for i := 0; i < n; i++ {
		e := shot.Event{T: float64(i+1) * 0.1, Kind: fzKinds[p.next()%len(fzKinds)]}
		switch e.Kind {
		case shot.Contact:
			e.A = p.next() % 3 // mostly the cue ball
			e.B = 1 + p.next()%15
			if e.A == e.B {
				e.A = 0
			}
			if p.next()%2 == 0 {
				pt := p.point()
				e.At = &pt
			}
		case shot.RailHit:
			e.Ball = p.next() % 16
			e.Rail = fzRails[p.next()%4]
		case shot.Pocketed:
			e.Ball = p.next() % 16
			e.Pocket = fzPockets[p.next()%6]
		case shot.SettleEv:
			e.Ball = p.next() % 16
			if p.next()%2 == 0 {
				e.Pocket = fzPockets[p.next()%6]
			}
		case shot.OffTable, shot.Touch, shot.Moving:
			e.Ball = p.next() % 16
		}
		s.Events = append(s.Events, e)
	}
	for i, k := 0, p.next()%4; i < k; i++ {
		s.Before[p.next()%16] = p.point()
	}
	for i, k := 0, p.next()%4; i < k; i++ {
		s.After[p.next()%16] = p.point()
	}
	switch p.next() % 6 {
	case 1:
		b := 1 + p.next()%15
		s.Call = &shot.Call{Ball: &b, Pocket: fzPockets[p.next()%6]}
	case 2:
		s.Call = &shot.Call{Safety: true}
	case 3:
		s.Call = &shot.Call{PushOut: true}
	case 4:
		s.Call = &shot.Call{NoCall: true}
	}
	s.Events = append(s.Events, shot.Event{T: 5, Kind: shot.Stop})
	return s
}

func (p *program) record() shot.Record {
	switch p.next() % 10 {
	case 0:
		g := &shot.Game{Game: fzGames[p.next()%4], Players: []string{"A", "B"}, Race: p.next() % 3, Target: p.next() % 20}
		if o := fzOpts[p.next()%len(fzOpts)]; o != "" {
			g.Options = []string{o}
		}
		return g
	case 1, 2, 3, 4:
		return p.shotRec()
	case 5:
		names := []string{"A", "B", "C"}
		l := &shot.Lag{Balls: map[string]shot.LagBall{}}
		for i := 0; i < 2; i++ {
			var evs []shot.Event
			for j, k := 0, p.next()%4; j < k; j++ {
				evs = append(evs, shot.Event{Kind: []string{shot.RailHit, shot.Cross, shot.Pocketed, shot.OffTable}[p.next()%4], Rail: fzRails[p.next()%4]})
			}
			var rest *shot.Point
			if p.next()%4 != 0 {
				pt := p.point()
				rest = &pt
			}
			n := names[i]
			if p.next()%8 == 0 {
				n = names[2]
			}
			l.Balls[n] = shot.LagBall{Events: evs, Rest: rest}
		}
		return l
	case 6:
		return &shot.Decision{Choice: shot.Choices[p.next()%len(shot.Choices)]}
	case 7:
		s := &shot.Settle{Ball: p.next() % 16}
		if p.next()%2 == 0 {
			s.Pocket = fzPockets[p.next()%6]
			pt := p.point()
			s.From = &pt
		}
		return s
	case 8:
		if p.next()%2 == 0 {
			return &shot.Undo{}
		}
		codes := sortedNames(shot.RefereeCodes)
		return &shot.Foul{Code: codes[p.next()%len(codes)]}
	}
	b := 1 + p.next()%15
	return &shot.Call{Ball: &b, Pocket: fzPockets[p.next()%6]}
}

func allowedDelta(game string, d int) bool {
	if game != "14.1" {
		return d == 0
	}
	return (d >= 0 && d <= 15) || d == -1 || d == -2 || d == -16
}

// FuzzEngine drives the engine with arbitrary record sequences: it must never
// panic, and the state must keep its invariants.
func FuzzEngine(f *testing.F) {
	f.Add([]byte{0, 1, 0, 0, 0, 1, 3, 0, 1, 5, 3, 1, 4, 0, 2})
	f.Add([]byte{0, 3, 0, 5, 0, 1, 2, 1, 0, 3, 3, 1, 4, 1, 2, 3, 6, 1})
	f.Add([]byte{0, 0, 1, 0, 0, 2, 9, 0, 1, 2, 5, 8, 1, 9, 4, 8, 0, 8, 1})
	f.Add([]byte{0, 2, 1, 3, 1, 5, 5, 1, 0, 0, 2, 200, 50, 6, 1, 8, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &program{b: data}
		e := New()
		var prev shot.Ruling
		started := false
		for seq := 1; !p.done() && seq < 200; seq++ {
			rec := p.record()
			before := e.Snapshot()
			bj, _ := json.Marshal(before)
			r := e.Apply(seq, rec)
			after := e.Snapshot()
			if r.Kind == shot.KindError {
				if strings.Contains(r.Error, "internal error") {
					t.Fatalf("record %d (%s): %s", seq, rec.Type(), r.Error)
				}
				if aj, _ := json.Marshal(after); string(aj) != string(bj) {
					t.Fatalf("record %d (%s): rejected record changed the state", seq, rec.Type())
				}
				continue
			}
			if r.Kind == "game" {
				started = true
				prev = r
				continue
			}
			if !started {
				t.Fatalf("record %d (%s) accepted before any game", seq, rec.Type())
			}
			// Exactly one next player, one of the players.
			if after.Next == "" || (after.Next != after.Players[0] && after.Next != after.Players[1]) || r.Next.Player != after.Next {
				t.Fatalf("record %d: next %q not a player of %v", seq, after.Next, after.Players)
			}
			if !sort.IntsAreSorted(after.OnTable) {
				t.Fatalf("on_table not sorted: %v", after.OnTable)
			}
			if r.Kind == "shot" {
				for _, pl := range after.Players {
					if d := r.Score[pl] - prev.Score[pl]; !allowedDelta(after.Game, d) {
						t.Fatalf("record %d: %s's score changed by %d in %s", seq, pl, d, after.Game)
					}
					if d := r.Racks[pl] - prev.Racks[pl]; d < 0 || d > 1 {
						t.Fatalf("record %d: racks changed by %d", seq, d)
					}
				}
				// A game over stays over until the next rack's break.
				if prev.GameOver != nil && r.GameOver == nil && r.Rack == prev.Rack {
					t.Fatalf("record %d: game over cleared without a new rack", seq)
				}
				if r.Legal == nil {
					t.Fatalf("record %d: shot ruling without legal", seq)
				}
			}
			if r.Kind != "undo" && prev.MatchOver != nil && r.MatchOver == nil {
				t.Fatalf("record %d (%s): match over cleared", seq, rec.Type())
			}
			prev = r
		}
	})
}
