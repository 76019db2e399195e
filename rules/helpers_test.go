package rules

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

var t9 = table.MustNew("9ft")

// sb builds a shot record: events get increasing times in the order they are added.
type sb struct {
	s *shot.Shot
	t float64
}

func newShot() *sb {
	s := &sb{s: &shot.Shot{Before: shot.Positions{}, After: shot.Positions{}}}
	s.s.Events = append(s.s.Events, shot.Event{T: 0, Kind: shot.Strike, Ball: 0})
	return s
}

func (s *sb) add(e shot.Event) *sb {
	s.t += 0.1
	e.T = s.t
	s.s.Events = append(s.s.Events, e)
	return s
}

func pt(x, y float64) *shot.Point { p := shot.Point{x, y}; return &p }

func (s *sb) hit(a, b int) *sb { return s.add(shot.Event{Kind: shot.Contact, A: a, B: b}) }
func (s *sb) hitAt(a, b int, x, y float64) *sb {
	return s.add(shot.Event{Kind: shot.Contact, A: a, B: b, At: pt(x, y)})
}
func (s *sb) rail(b int, r string) *sb {
	return s.add(shot.Event{Kind: shot.RailHit, Ball: b, Rail: r})
}
func (s *sb) railAt(b int, r string, x, y float64) *sb {
	return s.add(shot.Event{Kind: shot.RailHit, Ball: b, Rail: r, At: pt(x, y)})
}
func (s *sb) pocket(b int, p string) *sb {
	return s.add(shot.Event{Kind: shot.Pocketed, Ball: b, Pocket: p})
}
func (s *sb) off(b int) *sb    { return s.add(shot.Event{Kind: shot.OffTable, Ball: b}) }
func (s *sb) touch(b int) *sb  { return s.add(shot.Event{Kind: shot.Touch, Ball: b}) }
func (s *sb) dbl() *sb         { return s.add(shot.Event{Kind: shot.DoubleHt}) }
func (s *sb) moving(b int) *sb { return s.add(shot.Event{Kind: shot.Moving, Ball: b}) }
func (s *sb) settle(b int, p string) *sb {
	return s.add(shot.Event{Kind: shot.SettleEv, Ball: b, Pocket: p})
}
func (s *sb) calls(b int, p string) *sb {
	s.s.Call = &shot.Call{Ball: &b, Pocket: p}
	return s
}
func (s *sb) safety() *sb  { s.s.Call = &shot.Call{Safety: true}; return s }
func (s *sb) pushOut() *sb { s.s.Call = &shot.Call{PushOut: true}; return s }
func (s *sb) noCall() *sb  { s.s.Call = &shot.Call{NoCall: true}; return s }
func (s *sb) from(b int, x, y float64) *sb {
	s.s.Before[b] = shot.Point{x, y}
	return s
}
func (s *sb) to(b int, x, y float64) *sb {
	s.s.After[b] = shot.Point{x, y}
	return s
}
func (s *sb) rec() *shot.Shot {
	s.add(shot.Event{Kind: shot.Stop})
	return s.s
}

// runRecs applies records and returns every ruling; it fails on an error ruling
// unless allowErr.
func runRecs(t *testing.T, e *Engine, recs ...shot.Record) []shot.Ruling {
	t.Helper()
	var out []shot.Ruling
	for i, r := range recs {
		ru := e.Apply(i+1, r)
		if ru.Kind == shot.KindError {
			t.Fatalf("record %d (%s): unexpected error ruling: %s", i+1, r.Type(), ru.Error)
		}
		out = append(out, ru)
	}
	return out
}

func last(t *testing.T, e *Engine, recs ...shot.Record) shot.Ruling {
	t.Helper()
	rs := runRecs(t, e, recs...)
	return rs[len(rs)-1]
}

func game(g string, opts ...string) *shot.Game {
	return &shot.Game{Game: g, Players: []string{"Anna", "Boris"}, Table: "9ft", Options: opts}
}

func codes(r shot.Ruling) []string {
	out := []string{}
	for _, f := range r.Fouls {
		c := f.Code
		if f.Entered != "" {
			c += ":" + f.Entered
		}
		out = append(out, c+"@"+f.Rule)
	}
	return out
}

func eqStrings(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

func eqInts(a, b []int) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

func winner(o *shot.Outcome) string {
	if o == nil {
		return "<none>"
	}
	if o.Winner == nil {
		return "null:" + o.Reason
	}
	return *o.Winner + ":" + o.Reason
}

func sortedKeysInt(m map[int]bool) []int {
	out := []int{}
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Standard openings used by many tests.

// break9 is a legal 9-ball break that pockets the 2: the breaker keeps the table.
func break9() *shot.Shot {
	return newShot().from(0, 400, 635).hit(0, 1).rail(3, "foot").pocket(2, "FL").to(0, 1500, 600).rec()
}

// break8 is a legal 8-ball break that pockets nothing and drives four balls to a rail.
func break8Miss() *shot.Shot {
	return newShot().from(0, 400, 635).hit(0, 1).rail(2, "foot").rail(3, "foot").rail(4, "left").rail(5, "right").rec()
}

// break141 is a legal 14.1 opening break: cue ball and two object balls to a rail.
func break141() *shot.Shot {
	return newShot().from(0, 400, 635).safety().hit(0, 15).rail(15, "foot").rail(11, "right").rail(0, "right").rail(0, "head").rec()
}

// plain is a legal shot hitting b first and driving it to a rail, pocketing nothing.
func plain(b int) *shot.Shot { return newShot().hit(0, b).rail(b, "foot").rec() }

// pot is a legal shot hitting b first and pocketing it in p.
func pot(b int, p string) *shot.Shot { return newShot().hit(0, b).pocket(b, p).rec() }

// callPot is pot with a call.
func callPot(b int, p string) *shot.Shot { return newShot().calls(b, p).hit(0, b).pocket(b, p).rec() }

// foulNoRail hits b first and nothing reaches a rail.
func foulNoRail(b int) *shot.Shot { return newShot().hit(0, b).rec() }

func scratch(b int) *shot.Shot { return newShot().hit(0, b).rail(b, "foot").pocket(0, "FR").rec() }
