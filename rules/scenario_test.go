package rules_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

// scenarioFloor is the share of expected rulings that must match in full. The suite
// in testdata/scenarios was written from the seed and the contract alone, by someone
// other than the engine's author (see testdata/scenarios/gen.py, which writes it).
const scenarioFloor = 1.0

// scenarioWant is one NAME.want.json.
type scenarioWant struct {
	Name    string                       `json:"name"`
	Rule    string                       `json:"rule"`
	Desc    string                       `json:"desc"`
	Rulings []map[string]json.RawMessage `json:"rulings"`
}

// TestScenarios replays every scenario through rules.New().Apply, checks the JSON
// round trip of each ruling and compares the fields each scenario expects. It prints
// the agreement (rulings fully matching / rulings with expectations) and asserts
// scenarioFloor.
func TestScenarios(t *testing.T) {
	logs, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.jsonl"))
	if err != nil || len(logs) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	total, ok := 0, 0
	for _, path := range logs {
		name := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		var want scenarioWant
		raw, err := os.ReadFile(strings.TrimSuffix(path, ".jsonl") + ".want.json")
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Errorf("%s: want file: %v", name, err)
			continue
		}
		rulings := runScenario(t, name, path)
		for _, w := range want.Rulings {
			var seq int
			_ = json.Unmarshal(w["seq"], &seq)
			var rule string
			_ = json.Unmarshal(w["rule"], &rule)
			total++
			got, found := rulings[seq]
			if !found {
				t.Errorf("%s (rule %s) seq %d: no ruling", name, rule, seq)
				continue
			}
			diffs := compareRuling(w, got)
			if len(diffs) == 0 {
				ok++
				continue
			}
			for _, d := range diffs {
				t.Errorf("%s (rule %s) seq %d: %s", name, rule, seq, d)
			}
		}
	}
	pct := float64(ok) / float64(total)
	t.Logf("scenario agreement: %d/%d rulings fully match (%.1f%%) in %d scenarios", ok, total, 100*pct, len(logs))
	if pct < scenarioFloor {
		t.Errorf("scenario agreement %.1f%%, want at least %.1f%%", 100*pct, 100*scenarioFloor)
	}
}

// runScenario replays one shot log and returns each ruling as its JSON object, by seq.
func runScenario(t *testing.T, name, path string) map[int]map[string]json.RawMessage {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	defer f.Close()
	e := rules.New()
	out := map[int]map[string]json.RawMessage{}
	rd := shot.NewReader(f)
	for {
		line, err := rd.Next()
		if err != nil {
			break
		}
		var r shot.Ruling
		if line.Err != nil {
			r = e.Reject(line.N, line.Err)
		} else {
			r = e.Apply(line.N, line.Record)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Errorf("%s seq %d: marshal: %v", name, line.N, err)
			continue
		}
		var back shot.Ruling
		if err := json.Unmarshal(b, &back); err != nil {
			t.Errorf("%s seq %d: ruling does not decode: %v", name, line.N, err)
			continue
		}
		b2, _ := json.Marshal(back)
		if !bytes.Equal(b, b2) {
			t.Errorf("%s seq %d: JSON round trip differs:\n got %s\nwant %s", name, line.N, b2, b)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Errorf("%s seq %d: %v", name, line.N, err)
			continue
		}
		out[line.N] = m
	}
	return out
}

// compareRuling returns one line per field that does not match.
func compareRuling(w, got map[string]json.RawMessage) []string {
	var diffs []string
	keys := make([]string, 0, len(w))
	for k := range w {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var next struct {
		Player     string   `json:"player"`
		BallInHand string   `json:"ball_in_hand"`
		Options    []string `json:"options"`
	}
	_ = json.Unmarshal(got["next"], &next)
	for _, k := range keys {
		wv := w[k]
		var d string
		switch k {
		case "seq", "rule", "note":
			continue
		case "kind", "turn":
			d = cmpString(wv, got[k])
		case "player":
			d = cmpJSON(wv, mustJSON(next.Player))
		case "bih":
			d = cmpJSON(wv, mustJSON(next.BallInHand))
		case "options":
			d = cmpStringSet(wv, mustJSON(next.Options))
		case "legal", "replay":
			g := got[k]
			if g == nil {
				g = json.RawMessage("false")
				if k == "legal" {
					g = json.RawMessage("null")
				}
			}
			d = cmpJSON(wv, g)
		case "fouls":
			d = cmpFouls(wv, got["fouls"])
		case "pocketed", "counted":
			d = cmpIntSet(wv, got[k])
		case "spot", "restore":
			d = cmpPlacements(wv, got[k])
		case "groups", "game_over", "match_over":
			d = cmpJSON(wv, orNull(got[k]))
		case "score", "racks", "fouls_in_row":
			d = cmpCounts(wv, got[k])
		case "warning":
			var ws, gs string
			_ = json.Unmarshal(wv, &ws)
			_ = json.Unmarshal(got["warning"], &gs)
			if ws == "*" && gs == "" {
				d = "warning: got empty, want a warning"
			} else if ws == "" && gs != "" {
				d = fmt.Sprintf("warning: got %q, want none", gs)
			}
		case "review":
			d = cmpJSON(wv, orNull(got["review"]))
		case "lag_winner":
			d = cmpJSON(wv, orNull(got["winner"]))
		default:
			d = "unknown expectation key"
		}
		if d != "" {
			if !strings.HasPrefix(d, k) {
				d = k + ": " + d
			}
			diffs = append(diffs, d)
		}
	}
	return diffs
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

func orNull(r json.RawMessage) json.RawMessage {
	if r == nil {
		return json.RawMessage("null")
	}
	return r
}

func cmpString(w, g json.RawMessage) string {
	var ws, gs string
	_ = json.Unmarshal(w, &ws)
	_ = json.Unmarshal(g, &gs)
	if ws != gs {
		return fmt.Sprintf("got %q, want %q", gs, ws)
	}
	return ""
}

func cmpJSON(w, g json.RawMessage) string {
	var wv, gv any
	_ = json.Unmarshal(w, &wv)
	_ = json.Unmarshal(g, &gv)
	if !reflect.DeepEqual(wv, gv) {
		return fmt.Sprintf("got %s, want %s", compact(g), compact(w))
	}
	return ""
}

func compact(r json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, r) != nil {
		return string(r)
	}
	return b.String()
}

func cmpStringSet(w, g json.RawMessage) string {
	var ws, gs []string
	_ = json.Unmarshal(w, &ws)
	_ = json.Unmarshal(g, &gs)
	sort.Strings(ws)
	sort.Strings(gs)
	if strings.Join(ws, ",") != strings.Join(gs, ",") {
		return fmt.Sprintf("got %v, want %v", gs, ws)
	}
	return ""
}

func cmpIntSet(w, g json.RawMessage) string {
	var ws, gs []int
	_ = json.Unmarshal(w, &ws)
	_ = json.Unmarshal(g, &gs)
	sort.Ints(ws)
	sort.Ints(gs)
	if fmt.Sprint(ws) != fmt.Sprint(gs) {
		return fmt.Sprintf("got %v, want %v", gs, ws)
	}
	return ""
}

func cmpFouls(w, g json.RawMessage) string {
	var ws []string
	_ = json.Unmarshal(w, &ws)
	var gf []shot.FoulCall
	_ = json.Unmarshal(g, &gf)
	gs := make([]string, 0, len(gf))
	for _, f := range gf {
		gs = append(gs, f.Code+"@"+f.Rule)
	}
	sort.Strings(ws)
	sort.Strings(gs)
	if strings.Join(ws, " ") != strings.Join(gs, " ") {
		return fmt.Sprintf("got %v, want %v", gs, ws)
	}
	return ""
}

func cmpCounts(w, g json.RawMessage) string {
	var wm, gm map[string]int
	_ = json.Unmarshal(w, &wm)
	_ = json.Unmarshal(g, &gm)
	names := make([]string, 0, len(wm))
	for n := range wm {
		names = append(names, n)
	}
	sort.Strings(names)
	var bad []string
	for _, n := range names {
		if gm[n] != wm[n] {
			bad = append(bad, fmt.Sprintf("%s got %d, want %d", n, gm[n], wm[n]))
		}
	}
	return strings.Join(bad, "; ")
}

type wantPlacement struct {
	Ball int        `json:"ball"`
	At   [2]float64 `json:"at"`
	Tol  float64    `json:"tol"`
}

func cmpPlacements(w, g json.RawMessage) string {
	var ws, gs []wantPlacement
	_ = json.Unmarshal(w, &ws)
	_ = json.Unmarshal(g, &gs)
	byBall := map[int][2]float64{}
	for _, p := range gs {
		byBall[p.Ball] = p.At
	}
	var bad []string
	if len(ws) != len(gs) {
		bad = append(bad, fmt.Sprintf("got %d balls %s, want %d", len(gs), compact(orNull(g)), len(ws)))
	}
	for _, p := range ws {
		at, ok := byBall[p.Ball]
		tol := p.Tol
		if tol == 0 {
			tol = 1.0
		}
		switch {
		case !ok:
			bad = append(bad, fmt.Sprintf("ball %d missing, want at (%.2f, %.2f)", p.Ball, p.At[0], p.At[1]))
		case math.Hypot(at[0]-p.At[0], at[1]-p.At[1]) > tol:
			bad = append(bad, fmt.Sprintf("ball %d at (%.2f, %.2f), want (%.2f, %.2f) ±%g mm",
				p.Ball, at[0], at[1], p.At[0], p.At[1], tol))
		}
	}
	return strings.Join(bad, "; ")
}
