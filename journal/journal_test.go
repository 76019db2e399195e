package journal

import (
	"bytes"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cueref/cueref/shot"
)

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

func ball(n int) *int { return &n }

// records is a short match's input, one of each kind.
func records() []shot.Record {
	return []shot.Record{
		&shot.Game{Game: "9ball", Players: []string{"Anna", "Boris"}, Race: 3},
		&shot.Call{Safety: true, ID: "c1"},
		&shot.Shot{
			Call:   &shot.Call{Ball: ball(1), Pocket: "FR"},
			Before: shot.Positions{0: {635, 635}, 1: {1905, 635.25}},
			Events: []shot.Event{
				{T: 0, Kind: shot.Strike, Ball: 0},
				{T: 0.41, Kind: shot.Contact, A: 0, B: 1, At: &shot.Point{1850.12, 635}},
				{T: 1.02, Kind: shot.Pocketed, Ball: 1, Pocket: "FR"},
				{T: 3.5, Kind: shot.Stop},
			},
			After: shot.Positions{0: {1700, 640.5}},
		},
		&shot.Decision{Choice: "accept"},
		&shot.Foul{Code: "feet_off_floor"},
		&shot.Settle{Ball: 5, Pocket: "FR", From: &shot.Point{2490, 1240}},
		&shot.Undo{},
	}
}

func write(t *testing.T, dir string, recs []shot.Record) {
	t.Helper()
	j, _, err := Open(dir, quiet())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for i, r := range recs {
		n, _, err := j.Append(r)
		if err != nil {
			t.Fatal(err)
		}
		if n != i+1 {
			t.Fatalf("Append #%d: got line %d, want %d", i, n, i+1)
		}
	}
}

func encodeAll(t *testing.T, es []Entry) []string {
	t.Helper()
	var out []string
	for _, e := range es {
		b, err := shot.Encode(e.Record)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%d %s", e.Line, b))
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	recs := records()
	write(t, dir, recs)
	j, es, err := Open(dir, quiet())
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if len(es) != len(recs) || j.Lines() != len(recs) {
		t.Fatalf("got %d entries (%d lines), want %d", len(es), j.Lines(), len(recs))
	}
	for i, e := range es {
		want, _ := shot.Encode(recs[i])
		got, _ := shot.Encode(e.Record)
		if !bytes.Equal(got, want) || e.Line != i+1 {
			t.Errorf("entry %d: got line %d %s, want line %d %s", i, e.Line, got, i+1, want)
		}
	}
	// Appending after reopening continues the numbering.
	if n, _, err := j.Append(&shot.Undo{}); err != nil || n != len(recs)+1 {
		t.Errorf("Append after reopen: got line %d, %v; want %d", n, err, len(recs)+1)
	}
}

// A crash at any byte of the last write leaves the journal as it was before that
// record: kill -9 between write and fsync, at every offset.
func TestTornLastLine(t *testing.T) {
	src := t.TempDir()
	recs := records()
	write(t, src, recs)
	full, err := os.ReadFile(filepath.Join(src, FileName))
	if err != nil {
		t.Fatal(err)
	}
	lastStart := bytes.LastIndexByte(full[:len(full)-1], '\n') + 1
	before := t.TempDir()
	write(t, before, recs[:len(recs)-1])
	jb, wantEntries, err := Open(before, quiet())
	if err != nil {
		t.Fatal(err)
	}
	jb.Close()
	want := encodeAll(t, wantEntries)

	for cut := lastStart; cut < len(full); cut++ {
		dir := t.TempDir()
		path := filepath.Join(dir, FileName)
		if err := os.WriteFile(path, full[:cut], 0o640); err != nil {
			t.Fatal(err)
		}
		var logBuf bytes.Buffer
		j, es, err := Open(dir, slog.New(slog.NewTextHandler(&logBuf, nil)))
		if err != nil {
			t.Fatalf("cut at %d: Open: %v", cut, err)
		}
		if got := encodeAll(t, es); !reflect.DeepEqual(got, want) {
			t.Fatalf("cut at %d: got %v, want %v", cut, got, want)
		}
		torn := cut > lastStart
		if got := strings.Contains(logBuf.String(), "torn last line"); got != torn {
			t.Errorf("cut at %d: logged torn line %v, want %v (log %q)", cut, got, torn, logBuf.String())
		}
		// The file is cut back to whole lines and takes the record again.
		if n, _, err := j.Append(recs[len(recs)-1]); err != nil || n != len(recs) {
			t.Fatalf("cut at %d: Append: line %d, %v", cut, n, err)
		}
		j.Close()
		if got, _ := os.ReadFile(path); !bytes.Equal(got, full) {
			t.Fatalf("cut at %d: after re-append the file is\n%s\nwant\n%s", cut, got, full)
		}
	}
}

// Zeros after a crash (a filesystem that extended the file without its data) are
// a torn line too.
func TestTornZeros(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, records()[:2])
	path := filepath.Join(dir, FileName)
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.Write(make([]byte, 37))
	f.Close()
	j, es, err := Open(dir, quiet())
	if err != nil || len(es) != 2 {
		t.Fatalf("got %d entries, %v; want 2, nil", len(es), err)
	}
	j.Close()
}

func TestCorruptMiddleLine(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"not json", `{"type":"shot",`, "line 2: not valid JSON"},
		{"unknown type", `{"type":"bogus"}`, `line 2: type: unknown record type "bogus"`},
		{"bad ball", `{"type":"settle","ball":22}`, "line 2: ball: ball 22 is outside 0–15"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			write(t, dir, records()[:3])
			path := filepath.Join(dir, FileName)
			data, _ := os.ReadFile(path)
			lines := strings.SplitAfter(string(data), "\n")
			lines[1] = tt.line + "\n"
			os.WriteFile(path, []byte(strings.Join(lines, "")), 0o640)
			_, _, err := Open(dir, quiet())
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "journal: ") {
				t.Errorf("got %v, want an error containing %q", err, tt.want)
			}
			// Nothing was cut: the file is left for a person to look at.
			if got, _ := os.ReadFile(path); string(got) != strings.Join(lines, "") {
				t.Errorf("the corrupt journal was changed")
			}
		})
	}
}

func TestRotate(t *testing.T) {
	dir := t.TempDir()
	now := time.Date(2026, 11, 30, 10, 15, 0, 0, time.UTC)
	if name, err := Rotate(dir, now); name != "" || err != nil {
		t.Errorf("no journal: got %q, %v", name, err)
	}
	write(t, dir, records()[:2])
	name, err := Rotate(dir, now)
	if err != nil || filepath.Base(name) != "match-20261130T101500Z.jsonl" {
		t.Fatalf("got %q, %v", name, err)
	}
	write(t, dir, records()[:1])
	name2, err := Rotate(dir, now)
	if err != nil || filepath.Base(name2) != "match-20261130T101500Z-2.jsonl" {
		t.Fatalf("second rotate: got %q, %v", name2, err)
	}
	j, es, err := Open(dir, quiet())
	if err != nil || len(es) != 0 {
		t.Fatalf("after rotate: %d entries, %v", len(es), err)
	}
	j.Close()
	if _, es, _ := openFile(t, name); len(es) != 2 {
		t.Errorf("rotated journal has %d records, want 2", len(es))
	}
}

// openFile reads a rotated journal by copying it into a fresh directory.
func openFile(t *testing.T, path string) (*Journal, []Entry, error) {
	dir := t.TempDir()
	data, _ := os.ReadFile(path)
	os.WriteFile(filepath.Join(dir, FileName), data, 0o640)
	j, es, err := Open(dir, quiet())
	if j != nil {
		j.Close()
	}
	return j, es, err
}

func ExampleJournal_Append() {
	dir, _ := os.MkdirTemp("", "journal")
	defer os.RemoveAll(dir)
	j, _, _ := Open(dir, nil)
	seq, line, _ := j.Append(&shot.Decision{Choice: "pass"})
	j.Close()
	fmt.Println(seq, string(line))
	// Output: 1 {"type":"decision","choice":"pass"}
}
