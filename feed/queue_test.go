package feed

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func openTestQueue(t *testing.T, dir string, max int) *queue {
	t.Helper()
	q, err := openQueue(dir, max, testLogger(t))
	if err != nil {
		t.Fatalf("openQueue: %v", err)
	}
	return q
}

// contents lists the pending records as "kind:body".
func contents(q *queue) []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []string
	for _, e := range q.pending {
		out = append(out, string(e.kind)+":"+string(e.data))
	}
	return out
}

func pushAll(t *testing.T, q *queue, bodies ...string) {
	t.Helper()
	for _, b := range bodies {
		if err := q.push(kindRuling, []byte(b)); err != nil {
			t.Fatalf("push %q: %v", b, err)
		}
	}
}

func ack(q *queue, n int) {
	for i := 0; i < n; i++ {
		if e, ok := q.peek(); ok {
			q.remove(e.id)
		}
	}
}

func equal(a, b []string) bool { return strings.Join(a, "|") == strings.Join(b, "|") }

func TestQueueReopen(t *testing.T) {
	dir := t.TempDir()
	q := openTestQueue(t, dir, 100)
	pushAll(t, q, "1", "2", "3", "4", "5")
	if err := q.push(kindShot, []byte("s6")); err != nil {
		t.Fatal(err)
	}
	ack(q, 2)
	q.close()
	q = openTestQueue(t, dir, 100)
	defer q.close()
	if got, want := contents(q), []string{"r:3", "r:4", "r:5", "s:s6"}; !equal(got, want) {
		t.Errorf("after reopen: got %v, want %v", got, want)
	}
}

func TestQueueLocked(t *testing.T) {
	dir := t.TempDir()
	q := openTestQueue(t, dir, 10)
	if _, err := openQueue(dir, 10, testLogger(t)); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("second open: got %v, want an in-use error", err)
	}
	q.close()
	q2 := openTestQueue(t, dir, 10) // free again once closed
	q2.close()
}

// TestQueueDamage damages the log the ways a crash or a bad disk can, and checks
// that every record before the damage is kept and the queue works on.
func TestQueueDamage(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, log string, size int64)
		want   []string
	}{
		{"torn header", func(t *testing.T, log string, size int64) { appendBytes(t, log, []byte{9, 0, 0}) },
			[]string{"r:one", "r:two", "r:three"}},
		{"torn body", func(t *testing.T, log string, size int64) {
			appendBytes(t, log, encodeRecord(kindRuling, []byte("four"))[:11])
		}, []string{"r:one", "r:two", "r:three"}},
		{"flipped byte in the last record", func(t *testing.T, log string, size int64) { flipByte(t, log, size-2) },
			[]string{"r:one", "r:two"}},
		{"huge length", func(t *testing.T, log string, size int64) {
			appendBytes(t, log, []byte{0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0, 'r'})
		}, []string{"r:one", "r:two", "r:three"}},
		{"unknown kind", func(t *testing.T, log string, size int64) {
			appendBytes(t, log, encodeRecord('x', []byte("four")))
		}, []string{"r:one", "r:two", "r:three"}},
		{"garbage head", func(t *testing.T, log string, size int64) {
			os.WriteFile(filepath.Join(filepath.Dir(log), "head"), []byte("garbage garbage garbage"), 0o600)
		}, []string{"r:zero", "r:one", "r:two", "r:three"}}, // resent from the start: nothing lost
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			q := openTestQueue(t, dir, 100)
			pushAll(t, q, "zero", "one", "two", "three")
			ack(q, 1)
			log := filepath.Join(dir, logName(q.gen))
			size := q.size
			q.close()
			tt.damage(t, log, size)
			q = openTestQueue(t, dir, 100)
			if got := contents(q); !equal(got, tt.want) {
				t.Errorf("after damage: got %v, want %v", got, tt.want)
			}
			pushAll(t, q, "five")
			q.close()
			q = openTestQueue(t, dir, 100)
			defer q.close()
			if got, want := contents(q), append(append([]string{}, tt.want...), "r:five"); !equal(got, want) {
				t.Errorf("after a push and a reopen: got %v, want %v", got, want)
			}
		})
	}
}

func appendBytes(t *testing.T, path string, b []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.Write(b); err != nil {
		t.Fatal(err)
	}
}

func flipByte(t *testing.T, path string, off int64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[off] ^= 0x40
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestQueueBound(t *testing.T) {
	dir := t.TempDir()
	q := openTestQueue(t, dir, 3)
	pushAll(t, q, "1")
	inFlight, _ := q.peek()
	pushAll(t, q, "2", "3", "4", "5")
	// The ack of the record in flight, dropped meanwhile, removes nothing.
	q.remove(inFlight.id)
	if got, want := contents(q), []string{"r:3", "r:4", "r:5"}; !equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := q.dropped(); got != 2 {
		t.Errorf("dropped: got %d, want 2", got)
	}
	q.close()
	// A smaller bound on reopen drops the oldest too.
	q = openTestQueue(t, dir, 2)
	defer q.close()
	if got, want := contents(q), []string{"r:4", "r:5"}; !equal(got, want) {
		t.Errorf("reopened with max 2: got %v, want %v", got, want)
	}
}

// TestQueueModel drives the queue with random pushes, acks and reopens (with
// records of up to 20 KiB, so that it compacts many times) and compares it with a
// slice.
func TestQueueModel(t *testing.T) {
	dir := t.TempDir()
	q := openTestQueue(t, dir, 50)
	defer func() { q.close() }()
	rng := rand.New(rand.NewSource(7))
	var model []string
	gens := map[uint64]bool{}
	for i := 0; i < 1500; i++ {
		switch r := rng.Intn(100); {
		case r < 55:
			body := fmt.Sprintf("%d:%s", i, bytes.Repeat([]byte{byte('a' + i%26)}, rng.Intn(20<<10)))
			kind := []byte{kindRuling, kindShot, kindErrorRuling}[rng.Intn(3)]
			if err := q.push(kind, []byte(body)); err != nil {
				t.Fatal(err)
			}
			model = append(model, string(kind)+":"+body)
			if len(model) > 50 {
				model = model[1:]
			}
		case r < 97:
			ack(q, 1)
			if len(model) > 0 {
				model = model[1:]
			}
		default:
			q.close()
			q = openTestQueue(t, dir, 50)
		}
		gens[q.gen] = true
		if got := contents(q); !equal(got, model) {
			t.Fatalf("step %d: got %d records, want %d (first differs: %v)", i, len(got), len(model), firstDiff(got, model))
		}
	}
	if len(gens) < 5 {
		t.Errorf("the log was compacted %d times, want several", len(gens)-1)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "queue-*.log"))
	if len(logs) != 1 {
		t.Errorf("log files left: got %v, want one", logs)
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestQueueLaterState: the state is published only for the last ruling that
// updates it.
func TestQueueLaterState(t *testing.T) {
	q := openTestQueue(t, t.TempDir(), 10)
	defer q.close()
	q.push(kindRuling, []byte("1"))
	q.push(kindShot, []byte("2"))
	q.push(kindErrorRuling, []byte("3"))
	ids := []uint64{}
	for _, e := range q.pending {
		ids = append(ids, e.id)
	}
	tests := []struct {
		after uint64
		want  bool
	}{{0, true}, {ids[0], false}, {ids[1], false}}
	for _, tt := range tests {
		if got := q.laterState(tt.after); got != tt.want {
			t.Errorf("laterState(%d): got %v, want %v", tt.after, got, tt.want)
		}
	}
}
