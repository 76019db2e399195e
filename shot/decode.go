package shot

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/cueref/cueref/table"
)

// MaxLine is the longest input line accepted (1 MiB); longer lines are an error.
const MaxLine = 1 << 20

// Decode parses one input line into a Record. line is the 1-based line number used
// in errors (0 if unknown). Errors are *Error.
func Decode(data []byte, line int) (Record, error) {
	d := decoder{line: line}
	rec := d.record(data)
	if d.err != nil {
		return nil, d.err
	}
	return rec, nil
}

// Line is one line of a shot log: its number and either a record or an error.
type Line struct {
	N      int
	Record Record
	Err    error
	Raw    []byte
}

// Reader reads a shot log, one JSON object a line. Blank lines are skipped but
// counted, so line numbers match the file's. A line longer than MaxLine is
// skipped whole and reported as an error line; reading goes on after it.
type Reader struct {
	r   *bufio.Reader
	n   int
	buf []byte
}

// NewReader returns a Reader over r.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 64*1024)}
}

// Next returns the next non-blank line, or io.EOF. A line that is too long or
// breaks the contract comes back with Err set; reading can continue. Errors from
// the underlying reader are returned as the second value.
func (r *Reader) Next() (Line, error) {
	for {
		r.buf = r.buf[:0]
		tooLong := false
		for {
			chunk, isPrefix, err := r.r.ReadLine()
			if err != nil {
				if err == io.EOF && (len(r.buf) > 0 || tooLong) {
					break
				}
				return Line{}, err
			}
			if !tooLong {
				if len(r.buf)+len(chunk) > MaxLine {
					tooLong = true
					r.buf = r.buf[:0]
				} else {
					r.buf = append(r.buf, chunk...)
				}
			}
			if !isPrefix {
				break
			}
		}
		r.n++
		if tooLong {
			return Line{N: r.n, Err: &Error{Line: r.n, Msg: fmt.Sprintf("line longer than %d bytes", MaxLine)}}, nil
		}
		b := bytes.TrimSpace(r.buf)
		if len(b) == 0 {
			continue
		}
		raw := append([]byte(nil), b...)
		rec, err := Decode(raw, r.n)
		return Line{N: r.n, Record: rec, Err: err, Raw: raw}, nil
	}
}

type decoder struct {
	line int
	err  error
}

func (d *decoder) fail(field, format string, args ...any) {
	if d.err == nil {
		d.err = &Error{Line: d.line, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// object parses raw as a JSON object.
func (d *decoder) object(raw json.RawMessage, path string) map[string]json.RawMessage {
	if d.err != nil {
		return nil
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		if path == "" {
			if !json.Valid(raw) {
				d.fail("", "not valid JSON")
			} else {
				d.fail("", "want a JSON object, got %s", kindOf(raw))
			}
		} else {
			d.fail(path, "want an object, got %s", kindOf(raw))
		}
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		if path == "" {
			d.fail("", "not valid JSON: %v", cleanErr(err))
		} else {
			d.fail(path, "%v", cleanErr(err))
		}
		return nil
	}
	return m
}

func cleanErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "json: ")
	return s
}

func kindOf(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// str reads a required (or optional) string field.
func (d *decoder) str(m map[string]json.RawMessage, key, path string, required bool) string {
	raw, ok := m[key]
	if d.err != nil || !ok || (!required && isNull(raw)) {
		if ok || !required {
			return ""
		}
		d.fail(join(path, key), "missing")
		return ""
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		d.fail(join(path, key), "want a string, got %s", kindOf(raw))
	}
	return s
}

func (d *decoder) boolean(m map[string]json.RawMessage, key, path string) bool {
	raw, ok := m[key]
	if d.err != nil || !ok || isNull(raw) {
		return false
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		d.fail(join(path, key), "want true or false, got %s", kindOf(raw))
	}
	return b
}

// num reads a number; present reports whether the key was there (and not null).
func (d *decoder) num(m map[string]json.RawMessage, key, path string, required bool) (v float64, present bool) {
	raw, ok := m[key]
	if d.err != nil {
		return 0, false
	}
	if !ok || isNull(raw) {
		if required {
			d.fail(join(path, key), "missing")
		}
		return 0, false
	}
	v, ok = d.number(raw, join(path, key))
	return v, ok
}

func (d *decoder) number(raw json.RawMessage, path string) (float64, bool) {
	var n json.Number
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || !(raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9')) {
		d.fail(path, "want a number, got %s", kindOf(raw))
		return 0, false
	}
	if err := json.Unmarshal(raw, &n); err != nil {
		d.fail(path, "want a number, got %s", kindOf(raw))
		return 0, false
	}
	v, err := n.Float64()
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		d.fail(path, "number %s out of range", n)
		return 0, false
	}
	return v, true
}

func (d *decoder) integer(m map[string]json.RawMessage, key, path string, required bool) (int, bool) {
	v, ok := d.num(m, key, path, required)
	if !ok {
		return 0, false
	}
	if v != math.Trunc(v) || math.Abs(v) > 1e9 {
		d.fail(join(path, key), "want a whole number, got %v", v)
		return 0, false
	}
	return int(v), true
}

func (d *decoder) ball(m map[string]json.RawMessage, key, path string, required bool) (int, bool) {
	n, ok := d.integer(m, key, path, required)
	if ok && !ValidBall(n) {
		d.fail(join(path, key), "ball %d is outside 0–15", n)
		return 0, false
	}
	return n, ok
}

func (d *decoder) point(raw json.RawMessage, path string) *Point {
	if d.err != nil {
		return nil
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(raw, &arr); err != nil {
		d.fail(path, "want [x,y], got %s", kindOf(raw))
		return nil
	}
	if len(arr) != 2 {
		d.fail(path, "want [x,y], got %d numbers", len(arr))
		return nil
	}
	var p Point
	for i := range arr {
		v, ok := d.number(arr[i], fmt.Sprintf("%s[%d]", path, i))
		if !ok {
			return nil
		}
		if math.Abs(v) > 1e5 {
			d.fail(path, "coordinate %v mm is not on any table", v)
			return nil
		}
		p[i] = v
	}
	return &p
}

func (d *decoder) optPoint(m map[string]json.RawMessage, key, path string) *Point {
	raw, ok := m[key]
	if !ok || isNull(raw) {
		return nil
	}
	return d.point(raw, join(path, key))
}

func (d *decoder) positions(m map[string]json.RawMessage, key, path string) Positions {
	raw, ok := m[key]
	p := join(path, key)
	if d.err != nil {
		return nil
	}
	if !ok {
		d.fail(p, "missing")
		return nil
	}
	obj := d.object(raw, p)
	if obj == nil {
		return nil
	}
	out := make(Positions, len(obj))
	for k, v := range obj {
		n, err := strconv.Atoi(k)
		if err != nil || strconv.Itoa(n) != k || !ValidBall(n) {
			d.fail(p, "key %q is not a ball number 0–15", k)
			return nil
		}
		pt := d.point(v, fmt.Sprintf("%s.%s", p, k))
		if pt == nil {
			return nil
		}
		out[n] = *pt
	}
	return out
}

func (d *decoder) events(m map[string]json.RawMessage, key, path string, specs map[string]kindSpec) []Event {
	raw, ok := m[key]
	p := join(path, key)
	if d.err != nil {
		return nil
	}
	if !ok {
		d.fail(p, "missing")
		return nil
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(raw, &arr); err != nil {
		d.fail(p, "want an array of events, got %s", kindOf(raw))
		return nil
	}
	out := make([]Event, 0, len(arr))
	for i, r := range arr {
		ep := fmt.Sprintf("%s[%d]", p, i)
		e, ok := d.event(r, ep, specs)
		if !ok {
			return nil
		}
		if i > 0 && e.T < out[i-1].T {
			d.fail(ep+".t", "events out of order: t=%v after t=%v", e.T, out[i-1].T)
			return nil
		}
		out = append(out, e)
	}
	return out
}

func (d *decoder) event(raw json.RawMessage, path string, specs map[string]kindSpec) (Event, bool) {
	m := d.object(raw, path)
	if m == nil {
		return Event{}, false
	}
	var e Event
	e.Kind = d.str(m, "kind", path, true)
	if d.err != nil {
		return e, false
	}
	spec, ok := specs[e.Kind]
	if !ok {
		d.fail(path+".kind", "unknown event kind %q (want one of %s)", e.Kind, strings.Join(sortedKeys(specs), ", "))
		return e, false
	}
	t, _ := d.num(m, "t", path, true)
	if d.err == nil && (t < 0 || t > 24*3600) {
		d.fail(path+".t", "time %v s is out of range", t)
	}
	e.T = t
	if spec.ball != '-' {
		e.Ball, _ = d.ball(m, "ball", path, spec.ball == 'r')
	}
	if spec.ab == 'r' {
		e.A, _ = d.ball(m, "a", path, true)
		e.B, _ = d.ball(m, "b", path, true)
		if d.err == nil && e.A == e.B {
			d.fail(path+".b", "a ball cannot touch itself (a = b = %d)", e.A)
		}
	}
	if spec.rail != '-' {
		e.Rail = d.str(m, "rail", path, spec.rail == 'r')
		if d.err == nil && (e.Rail != "" || spec.rail == 'r') && !table.ValidRail(e.Rail) {
			d.fail(path+".rail", "unknown rail %q (want head, foot, left or right)", e.Rail)
		}
	}
	if spec.pocket != '-' {
		e.Pocket = d.str(m, "pocket", path, spec.pocket == 'r')
		if d.err == nil && (e.Pocket != "" || spec.pocket == 'r') && !table.ValidPocket(e.Pocket) {
			d.fail(path+".pocket", "unknown pocket %q (want HL, HR, SL, SR, FL or FR)", e.Pocket)
		}
	}
	if spec.at != '-' {
		e.At = d.optPoint(m, "at", path)
	}
	return e, d.err == nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (d *decoder) record(data []byte) Record {
	m := d.object(data, "")
	if m == nil {
		return nil
	}
	typ := d.str(m, "type", "", true)
	if d.err != nil {
		return nil
	}
	switch typ {
	case "game":
		return d.game(m)
	case "lag":
		return d.lag(m)
	case "shot":
		return d.shot(m)
	case "decision":
		c := d.str(m, "choice", "", true)
		if d.err == nil && !contains(Choices, c) {
			d.fail("choice", "unknown choice %q (want one of %s)", c, strings.Join(Choices, ", "))
		}
		return &Decision{Choice: c}
	case "settle":
		s := &Settle{}
		s.Ball, _ = d.ball(m, "ball", "", true)
		s.Pocket = d.str(m, "pocket", "", false)
		if d.err == nil && s.Pocket != "" && !table.ValidPocket(s.Pocket) {
			d.fail("pocket", "unknown pocket %q (want HL, HR, SL, SR, FL or FR)", s.Pocket)
		}
		s.From = d.optPoint(m, "from", "")
		if d.err == nil && s.Pocket != "" && s.From == nil {
			d.fail("from", "missing: a ball that fell after hanging is put back at from (rule 1.25)")
		}
		return s
	case "undo":
		return &Undo{}
	case "foul":
		c := d.str(m, "code", "", true)
		if d.err == nil {
			if _, ok := RefereeCodes[c]; !ok {
				d.fail("code", "unknown foul code %q (want one of %s)", c, strings.Join(sortedKeys(RefereeCodes), ", "))
			}
		}
		return &Foul{Code: c}
	case "call":
		return d.call(m, "")
	}
	d.fail("type", "unknown record type %q (want game, lag, shot, decision, settle, undo, foul or call)", typ)
	return nil
}

func (d *decoder) game(m map[string]json.RawMessage) *Game {
	g := &Game{}
	g.Game = d.str(m, "game", "", true)
	if d.err == nil && !contains(Games, g.Game) {
		d.fail("game", "unknown game %q (want 8ball, 9ball, 10ball or 14.1)", g.Game)
	}
	if raw, ok := m["players"]; !ok {
		d.fail("players", "missing")
	} else if d.err == nil {
		if err := json.Unmarshal(raw, &g.Players); err != nil {
			d.fail("players", "want an array of two names, got %s", kindOf(raw))
		} else if len(g.Players) != 2 {
			d.fail("players", "want two players, got %d", len(g.Players))
		} else {
			for i, p := range g.Players {
				if strings.TrimSpace(p) == "" || len(p) > 64 {
					d.fail(fmt.Sprintf("players[%d]", i), "a name must be 1–64 characters")
				}
			}
			if d.err == nil && g.Players[0] == g.Players[1] {
				d.fail("players", "both players are named %q", g.Players[0])
			}
		}
	}
	g.Breaker = d.str(m, "breaker", "", false)
	if d.err == nil && g.Breaker != "" && !contains(g.Players, g.Breaker) {
		d.fail("breaker", "%q is not one of the players", g.Breaker)
	}
	g.Table = d.str(m, "table", "", false)
	if d.err == nil && g.Table != "" {
		if _, err := table.New(g.Table); err != nil {
			d.fail("table", "unknown table %q (want 7ft, 8ft or 9ft)", g.Table)
		}
	}
	var ok bool
	if g.Race, ok = d.integer(m, "race", "", false); ok && (g.Race < 0 || g.Race > 1000) {
		d.fail("race", "race %d is out of range 0–1000", g.Race)
	}
	if g.Target, ok = d.integer(m, "target", "", false); ok && (g.Target < 0 || g.Target > 10000) {
		d.fail("target", "target %d is out of range 0–10000", g.Target)
	}
	g.Rules = d.str(m, "rules", "", false)
	if raw, ok := m["options"]; ok && d.err == nil && !isNull(raw) {
		if err := json.Unmarshal(raw, &g.Options); err != nil {
			d.fail("options", "want an array of option names, got %s", kindOf(raw))
		}
	}
	return g
}

func (d *decoder) lag(m map[string]json.RawMessage) *Lag {
	raw, ok := m["balls"]
	if !ok {
		d.fail("balls", "missing")
		return nil
	}
	obj := d.object(raw, "balls")
	if obj == nil {
		return nil
	}
	if len(obj) != 2 {
		d.fail("balls", "want one ball per player (2), got %d", len(obj))
		return nil
	}
	l := &Lag{Balls: make(map[string]LagBall, 2)}
	for _, name := range sortedKeys(obj) {
		p := "balls." + name
		bm := d.object(obj[name], p)
		if bm == nil {
			return nil
		}
		var lb LagBall
		lb.Events = d.events(bm, "events", p, lagKinds)
		if _, ok := bm["rest"]; !ok && d.err == nil {
			d.fail(p+".rest", "missing (null when the ball did not come to rest on the bed)")
		}
		lb.Rest = d.optPoint(bm, "rest", p)
		l.Balls[name] = lb
	}
	return l
}

func (d *decoder) call(m map[string]json.RawMessage, path string) *Call {
	c := &Call{}
	if n, ok := d.ball(m, "ball", path, false); ok {
		if n == 0 {
			d.fail(join(path, "ball"), "the cue ball cannot be called")
		}
		c.Ball = &n
	}
	c.Pocket = d.str(m, "pocket", path, false)
	if d.err == nil && c.Pocket != "" && !table.ValidPocket(c.Pocket) {
		d.fail(join(path, "pocket"), "unknown pocket %q (want HL, HR, SL, SR, FL or FR)", c.Pocket)
	}
	c.Safety = d.boolean(m, "safety", path)
	c.PushOut = d.boolean(m, "push_out", path)
	c.NoCall = d.boolean(m, "no_call", path)
	c.ID = d.str(m, "id", path, false)
	if d.err != nil {
		return c
	}
	if c.Ball != nil && c.Pocket == "" {
		d.fail(join(path, "pocket"), "missing: a called ball needs a called pocket")
	}
	if c.Ball == nil && c.Pocket != "" {
		d.fail(join(path, "ball"), "missing: a called pocket needs a called ball")
	}
	n := 0
	for _, b := range []bool{c.Ball != nil, c.Safety, c.PushOut, c.NoCall} {
		if b {
			n++
		}
	}
	if n > 1 && d.err == nil {
		d.fail(path, "a call is one of: ball and pocket, safety, push_out or no_call")
	}
	return c
}

func (d *decoder) shot(m map[string]json.RawMessage) *Shot {
	s := &Shot{}
	if raw, ok := m["call"]; ok && !isNull(raw) {
		cm := d.object(raw, "call")
		if cm != nil {
			s.Call = d.call(cm, "call")
		}
	}
	if v, ok := d.num(m, "start", "", false); ok {
		s.Start = &v
	}
	s.Wall = d.str(m, "wall", "", false)
	if raw, ok := m["review"]; ok && !isNull(raw) && d.err == nil {
		rm := d.object(raw, "review")
		if rm != nil {
			s.Review = &Review{Reason: d.str(rm, "reason", "review", true)}
		}
	}
	s.Before = d.positions(m, "before", "")
	s.Events = d.events(m, "events", "", kinds)
	s.After = d.positions(m, "after", "")
	if d.err != nil {
		return s
	}
	strikes := 0
	for _, e := range s.Events {
		if e.Kind == Strike {
			strikes++
		}
	}
	if strikes == 0 {
		d.fail("events", "no strike event: every shot starts with the cue tip hitting the cue ball")
	}
	return s
}
