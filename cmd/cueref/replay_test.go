package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReplayGoldens replays the rules package's golden logs through the command
// and expects exactly the golden rulings, one JSON object a line.
func TestReplayGoldens(t *testing.T) {
	files, _ := filepath.Glob("../../rules/testdata/*.jsonl")
	if len(files) == 0 {
		t.Fatal("no shot logs in rules/testdata")
	}
	for _, f := range files {
		var out, errb bytes.Buffer
		if code := runMain(context.Background(), []string{"replay", f}, nil, &out, &errb); code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, errb.String())
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".jsonl") + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != string(want) {
			t.Errorf("%s: output differs from the golden rulings", f)
		}
	}
}

func TestReplayStdinBadLinesAndExplain(t *testing.T) {
	in := strings.Join([]string{
		`{"type":"game","game":"9ball","players":["Anna","Boris"]}`,
		`{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":0.2,"kind":"contact","a":0,"b":1},{"t":0.5,"kind":"pocket","ball":4,"pocket":"FL"},{"t":2,"kind":"stop"}],"after":{}}`,
		`{"type":"shot","events":[]}`,
		``,
		`{"type":"decision","choice":"pass"}`,
		`{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":0.2,"kind":"contact","a":0,"b":3},{"t":0.5,"kind":"rail","ball":3,"rail":"foot"},{"t":2,"kind":"stop"}],"after":{}}`,
	}, "\n")
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"replay", "-"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("got %d rulings, want 5 (one per non-blank line):\n%s", len(lines), out.String())
	}
	wantSeq := []int{1, 2, 3, 5, 6}
	wantKind := []string{"game", "shot", "error", "error", "shot"}
	for i, l := range lines {
		var r struct {
			Seq   int    `json:"seq"`
			Kind  string `json:"kind"`
			Error string `json:"error"`
			Fouls []struct {
				Code string `json:"code"`
			} `json:"fouls"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if r.Seq != wantSeq[i] || r.Kind != wantKind[i] {
			t.Errorf("ruling %d: got seq %d kind %q, want %d %q (%s)", i, r.Seq, r.Kind, wantSeq[i], wantKind[i], r.Error)
		}
		if i == 4 && (len(r.Fouls) != 1 || r.Fouls[0].Code != "wrong_ball_first") {
			t.Errorf("last shot: got fouls %+v, want wrong_ball_first (the rest is still judged)", r.Fouls)
		}
	}
	out.Reset()
	if code := runMain(context.Background(), []string{"replay", "-", "--explain"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("--explain: exit %d", code)
	}
	if !strings.Contains(out.String(), "lowest ball first (rule 3.8)") || !strings.Contains(out.String(), "ERROR") {
		t.Errorf("--explain output lacks the rule text:\n%s", out.String())
	}
}

func TestReplayUnreadableFile(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"replay", filepath.Join(t.TempDir(), "missing.jsonl")}, nil, &out, &errb); code != 1 {
		t.Fatalf("got exit %d, want 1 for a file that cannot be read", code)
	}
	if code := runMain(context.Background(), []string{"replay", "a", "b"}, nil, &out, &errb); code != 2 {
		t.Fatalf("got exit %d, want 2 for two files", code)
	}
}

func TestReplayOverlongLineDoesNotStopTheRest(t *testing.T) {
	in := `{"type":"game","game":"9ball","players":["A","B"]}` + "\n" +
		`{"type":"undo","pad":"` + strings.Repeat("x", 1<<20+10) + `"}` + "\r\n" +
		`{"type":"decision","choice":"pass"}`
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"replay"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], "longer than") || !strings.Contains(lines[2], `"seq":3`) {
		t.Fatalf("got %d rulings:\n%.300s", len(lines), out.String())
	}
}
