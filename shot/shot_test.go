package shot

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// The examples of shared/spec/shotlog.md, verbatim.
var specExamples = []string{
	`{"type":"game","game":"9ball","players":["Anna","Boris"],"breaker":"Anna","table":"9ft","race":7,"target":150,"rules":"standard"}`,
	`{"type":"lag","balls":{"Anna":{"events":[],"rest":[612.0,310.5]},"Boris":{"events":[],"rest":[540.2,951.0]}}}`,
	`{"type":"shot","call":{"ball":3,"pocket":"FR"},"before":{"0":[400.0,600.0],"3":[1900.5,1100.0]},"events":[{"t":0.000,"kind":"strike","ball":0},{"t":0.412,"kind":"contact","a":0,"b":3,"at":[1875.1,1079.9]},{"t":0.903,"kind":"rail","ball":0,"rail":"foot","at":[2511.4,900.0]},{"t":1.020,"kind":"pocket","ball":3,"pocket":"FR"},{"t":3.480,"kind":"stop"}],"after":{"0":[2300.0,880.2]}}`,
	`{"type":"decision","choice":"pass"}`,
	`{"type":"settle","ball":5,"pocket":"FR","from":[2490.0,1240.0]}`,
	`{"type":"undo"}`,
	`{"type":"foul","code":"feet_off_floor"}`,
	`{"type":"call","ball":3,"pocket":"FR"}`,
	`{"type":"call","safety":true}`,
	`{"type":"call","push_out":true}`,
}

func TestDecodeSpecExamplesRoundTrip(t *testing.T) {
	for i, line := range specExamples {
		rec, err := Decode([]byte(line), i+1)
		if err != nil {
			t.Fatalf("Decode(%s): %v", line, err)
		}
		enc, err := Encode(rec)
		if err != nil {
			t.Fatalf("Encode: %v", err)
		}
		// Same JSON value as the spec's example (numbers compared as numbers).
		var want, got any
		json.Unmarshal([]byte(line), &want)
		json.Unmarshal(enc, &got)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("round trip of example %d:\n got %s\nwant %s", i+1, enc, line)
		}
		again, err := Decode(enc, i+1)
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if !reflect.DeepEqual(again, rec) {
			t.Errorf("re-decoded record differs: got %#v, want %#v", again, rec)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, line string
		field      string
		msg        string
	}{
		{"not json", `{"type":"shot",`, "", "not valid JSON"},
		{"array", `[1,2]`, "", "want a JSON object"},
		{"no type", `{"game":"9ball"}`, "type", "missing"},
		{"unknown type", `{"type":"break"}`, "type", `unknown record type "break"`},
		{"unknown game", `{"type":"game","game":"snooker","players":["A","B"]}`, "game", `unknown game "snooker"`},
		{"one player", `{"type":"game","game":"8ball","players":["A"]}`, "players", "want two players"},
		{"breaker not a player", `{"type":"game","game":"8ball","players":["A","B"],"breaker":"C"}`, "breaker", "not one of the players"},
		{"bad table", `{"type":"game","game":"8ball","players":["A","B"],"table":"12ft"}`, "table", "unknown table"},
		{"missing before", `{"type":"shot","events":[{"t":0,"kind":"strike","ball":0}],"after":{}}`, "before", "missing"},
		{"missing events", `{"type":"shot","before":{},"after":{}}`, "events", "missing"},
		{"unknown event kind", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":0.1,"kind":"kiss","a":0,"b":1}],"after":{}}`, "events[1].kind", `unknown event kind "kiss"`},
		{"ball 16", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":16}],"after":{}}`, "events[0].ball", "outside 0–15"},
		{"ball key 16", `{"type":"shot","before":{"16":[1,2]},"events":[{"t":0,"kind":"strike","ball":0}],"after":{}}`, "before", `key "16"`},
		{"negative ball", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":1,"kind":"contact","a":0,"b":-1}],"after":{}}`, "events[1].b", "outside 0–15"},
		{"fractional ball", `{"type":"settle","ball":2.5}`, "ball", "whole number"},
		{"contact missing b", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":1,"kind":"contact","a":0}],"after":{}}`, "events[1].b", "missing"},
		{"rail missing rail", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":1,"kind":"rail","ball":0}],"after":{}}`, "events[1].rail", "missing"},
		{"bad rail", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":1,"kind":"rail","ball":0,"rail":"top"}],"after":{}}`, "events[1].rail", `unknown rail "top"`},
		{"bad pocket", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":1,"kind":"pocket","ball":3,"pocket":"XX"}],"after":{}}`, "events[1].pocket", `unknown pocket "XX"`},
		{"missing t", `{"type":"shot","before":{},"events":[{"kind":"strike","ball":0}],"after":{}}`, "events[0].t", "missing"},
		{"out of order", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":2,"kind":"rail","ball":0,"rail":"foot"},{"t":1,"kind":"stop"}],"after":{}}`, "events[2].t", "out of order"},
		{"no strike", `{"type":"shot","before":{},"events":[{"t":0,"kind":"stop"}],"after":{}}`, "events", "no strike"},
		{"bad point", `{"type":"shot","before":{"0":[1]},"events":[{"t":0,"kind":"strike","ball":0}],"after":{}}`, "before.0", "want [x,y]"},
		{"string number", `{"type":"shot","before":{"0":["1","2"]},"events":[{"t":0,"kind":"strike","ball":0}],"after":{}}`, "before.0[0]", "want a number"},
		{"unknown choice", `{"type":"decision","choice":"maybe"}`, "choice", `unknown choice "maybe"`},
		{"unknown foul code", `{"type":"foul","code":"bad_breath"}`, "code", `unknown foul code "bad_breath"`},
		{"call ball without pocket", `{"type":"call","ball":3}`, "pocket", "needs a called pocket"},
		{"call cue ball", `{"type":"call","ball":0,"pocket":"FR"}`, "ball", "cue ball cannot be called"},
		{"call two things", `{"type":"call","safety":true,"push_out":true}`, "", "a call is one of"},
		{"shot call bad pocket", `{"type":"shot","call":{"ball":3,"pocket":"ZZ"},"before":{},"events":[{"t":0,"kind":"strike","ball":0}],"after":{}}`, "call.pocket", "unknown pocket"},
		{"settle hanging ball without from", `{"type":"settle","ball":5,"pocket":"FR"}`, "from", "missing"},
		{"lag one ball", `{"type":"lag","balls":{"A":{"events":[],"rest":null}}}`, "balls", "want one ball per player"},
		{"lag missing rest", `{"type":"lag","balls":{"A":{"events":[]},"B":{"events":[],"rest":null}}}`, "balls.A.rest", "missing"},
		{"lag contact event", `{"type":"lag","balls":{"A":{"events":[{"t":1,"kind":"contact","a":1,"b":2}],"rest":null},"B":{"events":[],"rest":null}}}`, "balls.A.events[0].kind", "unknown event kind"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, err := Decode([]byte(tt.line), 7)
			if err == nil {
				t.Fatalf("Decode(%s) = %#v, want an error", tt.line, rec)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is %T, want *Error", err, err)
			}
			if e.Line != 7 || e.Field != tt.field || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("got line %d field %q msg %q, want line 7 field %q msg containing %q", e.Line, e.Field, e.Msg, tt.field, tt.msg)
			}
			if !strings.HasPrefix(err.Error(), "line 7: ") {
				t.Errorf("error text %q does not start with the line", err)
			}
		})
	}
}

func TestDecodeIgnoresExtraFields(t *testing.T) {
	line := `{"type":"shot","camera":"cam1","before":{"0":[1,2]},"events":[{"t":0,"kind":"strike","ball":0,"speed":3.2}],"after":{"0":[5,6]},"future":{"x":1}}`
	rec, err := Decode([]byte(line), 1)
	if err != nil {
		t.Fatal(err)
	}
	s := rec.(*Shot)
	if got := s.After[0]; got != (Point{5, 6}) {
		t.Errorf("after[0] = %v, want [5 6]", got)
	}
}

func TestReaderKeepsGoingAfterBadLines(t *testing.T) {
	in := strings.Join([]string{
		`{"type":"game","game":"8ball","players":["A","B"]}`,
		``,
		`not json`,
		`{"type":"undo"}`,
	}, "\n")
	r := NewReader(strings.NewReader(in))
	var lines []Line
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want 3", len(lines))
	}
	if lines[0].N != 1 || lines[0].Err != nil || lines[1].N != 3 || lines[1].Err == nil || lines[2].N != 4 || lines[2].Err != nil {
		t.Errorf("got lines %+v", lines)
	}
}

func TestRulingGolden(t *testing.T) {
	legal := false
	anna := "Anna"
	r := Ruling{
		Seq: 4, Kind: "shot", Shooter: "Anna", Legal: &legal,
		Fouls:      []FoulCall{{Code: WrongBallFirst, Rule: "3.8"}},
		Pocketed:   []int{3},
		Spot:       []Placement{{Ball: 9, At: Point{1905, 635}}},
		Turn:       TurnPass,
		Next:       Next{Player: "Boris", BallInHand: InHandTable},
		Score:      map[string]int{"Anna": 0, "Boris": 0},
		Racks:      map[string]int{"Anna": 2, "Boris": 1},
		FoulsInRow: map[string]int{"Anna": 1, "Boris": 0},
		GameOver:   nil,
		MatchOver:  &Outcome{Winner: &anna, Reason: "race"},
		Notes:      []string{"ball 3 frozen to the foot rail at the stroke"},
	}
	got, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var lag Ruling
	lag.Seq, lag.Kind = 2, "lag"
	lag.SetLagWinner("")
	gotLag, _ := json.Marshal(lag)
	got = append(append(append(got, '\n'), gotLag...), '\n')
	golden := "testdata/ruling.golden"
	if *update {
		os.WriteFile(golden, got, 0o644)
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("ruling encoding:\n got %s\nwant %s", got, want)
	}
	// The contract's keys, in the contract's order.
	order := []string{`"seq"`, `"kind"`, `"shooter"`, `"legal"`, `"fouls"`, `"pocketed"`, `"counted"`, `"spot"`, `"turn"`, `"next"`, `"groups"`, `"score"`, `"racks"`, `"fouls_in_row"`, `"warning"`, `"game_over"`, `"match_over"`, `"notes"`}
	last := -1
	for _, k := range order {
		i := bytes.Index(got, []byte(k))
		if i < 0 || i < last {
			t.Errorf("key %s missing or out of order in %s", k, got)
		}
		last = i
	}
	if w, ok := lag.LagWinner(); ok || w != "" {
		t.Errorf("LagWinner() = %q, %v; want no winner", w, ok)
	}
}

func ExampleDecode() {
	rec, err := Decode([]byte(`{"type":"shot","before":{"0":[400,600]},"events":[{"t":0,"kind":"strike","ball":0},{"t":0.5,"kind":"rail","ball":0,"rail":"foot"}],"after":{"0":[2300,880.2]}}`), 1)
	if err != nil {
		panic(err)
	}
	s := rec.(*Shot)
	fmt.Println(s.Type(), len(s.Events), s.Events[1].Rail)
	_, err = Decode([]byte(`{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":17}],"after":{}}`), 2)
	fmt.Println(err)
	// Output:
	// shot 2 foot
	// line 2: events[0].ball: ball 17 is outside 0–15
}

// FuzzDecode: no input panics, and whatever decodes re-encodes to a line that
// decodes to the same record.
func FuzzDecode(f *testing.F) {
	for _, l := range specExamples {
		f.Add([]byte(l))
	}
	f.Add([]byte(`{"type":"shot","before":{"0":[1e308,2]},"events":[{"t":0,"kind":"strike","ball":0}],"after":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Decode(data, 1)
		if err != nil {
			return
		}
		enc, err := Encode(rec)
		if err != nil {
			t.Fatalf("Encode of a decoded record: %v", err)
		}
		again, err := Decode(enc, 1)
		if err != nil {
			t.Fatalf("re-decode of %s: %v", enc, err)
		}
		enc2, _ := Encode(again)
		if !bytes.Equal(enc, enc2) {
			t.Fatalf("encoding not stable:\n%s\n%s", enc, enc2)
		}
	})
}

func TestReaderSkipsOverlongLine(t *testing.T) {
	long := `{"type":"undo","pad":"` + strings.Repeat("x", MaxLine+10) + `"}`
	in := `{"type":"undo"}` + "\n" + long + "\n" + `{"type":"undo"}` + "\n" + `{"type":"undo"}`
	r := NewReader(strings.NewReader(in))
	var got []string
	for {
		l, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		s := "ok"
		if l.Err != nil {
			s = "err"
		}
		got = append(got, fmt.Sprintf("%d:%s", l.N, s))
	}
	want := []string{"1:ok", "2:err", "3:ok", "4:ok"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
