package shot

import (
	"bytes"
	"encoding/json"
	"math"
	"sort"
	"strconv"
)

func appendFloat(b []byte, v float64, digits int) []byte {
	p := math.Pow10(digits)
	r := math.Round(v*p) / p
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.AppendFloat(b, r, 'f', -1, 64)
}

// MarshalJSON writes [x,y] to 0.01 mm.
func (p Point) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 24)
	b = append(b, '[')
	b = appendFloat(b, p[0], 2)
	b = append(b, ',')
	b = appendFloat(b, p[1], 2)
	return append(b, ']'), nil
}

// MarshalJSON writes the balls in numeric order with decimal-string keys.
func (ps Positions) MarshalJSON() ([]byte, error) {
	if ps == nil {
		return []byte("{}"), nil
	}
	keys := make([]int, 0, len(ps))
	for k := range ps {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(strconv.Itoa(k))
		b.WriteString(`":`)
		pb, _ := ps[k].MarshalJSON()
		b.Write(pb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON is strict, as Decode.
func (ps *Positions) UnmarshalJSON(data []byte) error {
	d := decoder{}
	wrapped := map[string]json.RawMessage{"p": data}
	out := d.positions(wrapped, "p", "")
	if d.err != nil {
		return d.err
	}
	*ps = out
	return nil
}

// MarshalJSON writes t, kind and the fields of the kind, in the contract's order.
func (e Event) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 80)
	b = append(b, `{"t":`...)
	b = appendFloat(b, e.T, 6)
	b = append(b, `,"kind":`...)
	b = strconv.AppendQuote(b, e.Kind)
	spec, ok := kinds[e.Kind]
	if !ok {
		spec = lagKinds[e.Kind]
	}
	if spec.ball == 'r' || (spec.ball == 'o' && e.Kind != Stop && e.Ball != 0) {
		b = append(b, `,"ball":`...)
		b = strconv.AppendInt(b, int64(e.Ball), 10)
	}
	if spec.ab == 'r' {
		b = append(b, `,"a":`...)
		b = strconv.AppendInt(b, int64(e.A), 10)
		b = append(b, `,"b":`...)
		b = strconv.AppendInt(b, int64(e.B), 10)
	}
	if spec.rail != '-' && e.Rail != "" {
		b = append(b, `,"rail":`...)
		b = strconv.AppendQuote(b, e.Rail)
	}
	if spec.pocket != '-' && e.Pocket != "" {
		b = append(b, `,"pocket":`...)
		b = strconv.AppendQuote(b, e.Pocket)
	}
	if spec.at != '-' && e.At != nil {
		b = append(b, `,"at":`...)
		pb, _ := e.At.MarshalJSON()
		b = append(b, pb...)
	}
	return append(b, '}'), nil
}

// Encode writes a record as one JSON object (no newline), "type" first.
func Encode(r Record) ([]byte, error) {
	var body any
	switch r := r.(type) {
	case *Game:
		body = struct {
			T string `json:"type"`
			*Game
		}{r.Type(), r}
	case *Lag:
		body = struct {
			T string `json:"type"`
			*Lag
		}{r.Type(), r}
	case *Shot:
		body = struct {
			T string `json:"type"`
			*Shot
		}{r.Type(), r}
	case *Decision:
		body = struct {
			T string `json:"type"`
			*Decision
		}{r.Type(), r}
	case *Settle:
		body = struct {
			T string `json:"type"`
			*Settle
		}{r.Type(), r}
	case *Undo:
		body = struct {
			T string `json:"type"`
		}{r.Type()}
	case *Foul:
		body = struct {
			T string `json:"type"`
			*Foul
		}{r.Type(), r}
	case *Call:
		body = struct {
			T string `json:"type"`
			*Call
		}{r.Type(), r}
	default:
		return nil, &Error{Msg: "shot: cannot encode a nil or unknown record"}
	}
	return json.Marshal(body)
}
