package referee

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cueref/cueref/journal"
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// recorder is an Output that keeps everything.
type recorder struct {
	mu      sync.Mutex
	rulings []shot.Ruling
	shots   []*shot.Shot
	events  []shot.Event
	results []Result
}

func (r *recorder) Ruling(x shot.Ruling) {
	r.mu.Lock()
	r.rulings = append(r.rulings, x)
	r.mu.Unlock()
}
func (r *recorder) Shot(s *shot.Shot)  { r.mu.Lock(); r.shots = append(r.shots, s); r.mu.Unlock() }
func (r *recorder) Event(e shot.Event) { r.mu.Lock(); r.events = append(r.events, e); r.mu.Unlock() }
func (r *recorder) Result(id string, seq int, err error) {
	res := Result{ID: id, Seq: seq, OK: err == nil}
	if err != nil {
		res.Error = err.Error()
	}
	r.mu.Lock()
	r.results = append(r.results, res)
	r.mu.Unlock()
}

// started runs a referee over dir until the test ends (or stop is called).
func started(t *testing.T, dir string, outs ...Output) (ref *Referee, stop func()) {
	t.Helper()
	ref, err := New(Config{StateDir: dir, Outputs: outs, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ref.Run(ctx) }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("Run returned %v, want context.Canceled", err)
		}
	}
	t.Cleanup(stop)
	return ref, stop
}

// A shot builder: events get increasing times in the order added.
type sb struct {
	s *shot.Shot
	t float64
}

func newShot() *sb {
	return &sb{s: &shot.Shot{Before: shot.Positions{0: {400, 635}}, After: shot.Positions{},
		Events: []shot.Event{{T: 0, Kind: shot.Strike, Ball: 0}}}}
}
func (s *sb) add(e shot.Event) *sb {
	s.t += 0.25
	e.T = s.t
	s.s.Events = append(s.s.Events, e)
	return s
}
func (s *sb) hit(a, b int) *sb { return s.add(shot.Event{Kind: shot.Contact, A: a, B: b}) }
func (s *sb) rail(b int, r string) *sb {
	return s.add(shot.Event{Kind: shot.RailHit, Ball: b, Rail: r})
}
func (s *sb) pocket(b int, p string) *sb {
	return s.add(shot.Event{Kind: shot.Pocketed, Ball: b, Pocket: p})
}
func (s *sb) call(c *shot.Call) *sb { s.s.Call = c; return s }
func (s *sb) done() *shot.Shot {
	s.add(shot.Event{Kind: shot.Stop})
	return s.s
}

// input is one step of a match: a command (JSON) or a shot from the tracker.
type input struct {
	cmd  string
	shot *shot.Shot
	bad  bool // a malformed command: not journaled, not judged
}

// rack is a 9-ball rack with calls, a push-out, fouls, a referee foul, an undo,
// a decision, a settle and bad input mixed in.
func rack() []input {
	return []input{
		{cmd: `{"type":"game","game":"9ball","players":["Anna","Boris"],"table":"9ft","race":2,"id":"g1"}`},
		{cmd: `{"type":"decision","choice":"accept","id":"early"}`}, // no options yet: rejected by the rules
		{shot: newShot().hit(0, 1).rail(3, "foot").pocket(2, "FL").done()},
		{cmd: `{"type":"call","push_out":true,"id":"p1"}`},
		{shot: newShot().rail(0, "left").done()}, // the push-out: no contact needed
		{cmd: `{"type":"decision","choice":"pass","id":"d1"}`},
		{cmd: `{"type":"call","safety":true}`},
		{shot: newShot().hit(0, 1).rail(1, "foot").done()},
		{cmd: `{"type":"shot","before":{},"events":[],"after":{}}`, bad: true},
		{shot: newShot().hit(0, 1).done()}, // no rail: foul
		{cmd: `{"type":"foul","code":"feet_off_floor","id":"f1"}`},
		{cmd: `{"type":"call","ball":3,"pocket":"SR"}`},
		{shot: newShot().hit(0, 1).pocket(1, "FR").done()},
		{cmd: `{"type":"undo","id":"u1"}`},
		{cmd: `{"type":"settle","ball":4}`},
		{cmd: `{"type":"call","ball":3,"pocket":"SR"}`},
		{shot: newShot().call(&shot.Call{Ball: ptr(1), Pocket: "FL"}).hit(0, 1).pocket(1, "FL").done()}, // its own call wins
		{cmd: `{"type":"bogus"}`, bad: true},
		{shot: newShot().hit(0, 3).pocket(3, "SR").pocket(0, "HL").done()}, // wrong ball first and a scratch
		{cmd: `{"type":"call","safety":true}`},
	}
}

func ptr[T any](v T) *T { return &v }

// feed plays inputs into a running referee; it waits for each shot's ruling.
func feed(t *testing.T, ref *Referee, rec *recorder, ins []input) []Result {
	t.Helper()
	var results []Result
	for i, in := range ins {
		if in.shot != nil {
			rec.mu.Lock()
			n := len(rec.rulings)
			rec.mu.Unlock()
			ref.Shots() <- in.shot
			waitFor(t, func() bool { rec.mu.Lock(); defer rec.mu.Unlock(); return len(rec.rulings) > n })
			continue
		}
		res := ref.Do(context.Background(), "test", []byte(in.cmd))
		if in.bad && (res.OK || res.Seq != 0) {
			t.Fatalf("input %d %s: got %+v, want a refusal without a seq", i, in.cmd, res)
		}
		results = append(results, res)
	}
	return results
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(time.Millisecond)
	}
}

// The referee's rulings are the rules engine's, record for record: the engine
// fed the same records directly (commands decoded, shots as sent, its own
// handling of the live call) gives the same rulings.
func TestSameRulingsAsRules(t *testing.T) {
	var rec recorder
	ref, _ := started(t, t.TempDir(), &rec)
	ins := rack()
	results := feed(t, ref, &rec, ins)

	e := rules.New()
	var want []shot.Ruling
	seq := 0
	for _, in := range ins {
		if in.bad {
			continue
		}
		seq++
		var r shot.Record = in.shot
		if in.shot == nil {
			var err error
			if r, err = shot.Decode([]byte(in.cmd), seq); err != nil {
				t.Fatal(err)
			}
		}
		want = append(want, e.Apply(seq, r))
	}
	if len(rec.rulings) != len(want) {
		t.Fatalf("got %d rulings, want %d", len(rec.rulings), len(want))
	}
	kinds := map[string]int{}
	for i := range want {
		got, _ := json.Marshal(rec.rulings[i])
		w, _ := json.Marshal(want[i])
		if !bytes.Equal(got, w) {
			t.Errorf("ruling %d:\ngot  %s\nwant %s", i+1, got, w)
		}
		kinds[want[i].Kind]++
	}
	// The rack exercises what it says it does.
	if kinds["shot"] != 7 || kinds["error"] < 1 || kinds["foul"] != 1 || kinds["undo"] != 1 || kinds["decision"] != 1 || kinds["call"] < 3 {
		t.Errorf("rack's rulings by kind: %v", kinds)
	}
	st, _ := ref.Status(context.Background())
	if !reflect.DeepEqual(st.State, e.Snapshot()) {
		t.Errorf("state differs from the engine's:\ngot  %+v\nwant %+v", st.State, e.Snapshot())
	}
	// The held call went onto the next shot, but a shot's own call was kept.
	if c := rec.shots[2].Call; c == nil || !c.Safety {
		t.Errorf("shot after the safety call has call %+v, want safety", c)
	}
	if c := rec.shots[5].Call; c == nil || c.Ball == nil || *c.Ball != 1 {
		t.Errorf("shot with its own call has call %+v, want ball 1", c)
	}
	if st.Call == nil || !st.Call.Safety {
		t.Errorf("held call after the rack: got %+v, want safety", st.Call)
	}
	// Results: ids echoed, seqs those of the journal.
	for _, r := range results {
		if r.ID == "g1" && (!r.OK || r.Seq != 1) {
			t.Errorf("game command: got %+v, want ok seq 1", r)
		}
		if r.ID == "early" && (r.OK || r.Seq != 2 || !strings.HasPrefix(r.Error, "rules: ")) {
			t.Errorf("early decision: got %+v, want refused by the rules at seq 2", r)
		}
	}
}

// floodInputs are malformed or oversized commands of many kinds.
func floodInputs() [][]byte {
	big := append([]byte(`{"type":"undo","pad":"`), bytes.Repeat([]byte("x"), MaxCommand)...)
	big = append(big, `"}`...)
	deep := strings.Repeat("[", 5000) + strings.Repeat("]", 5000)
	return [][]byte{
		nil,
		[]byte(""),
		[]byte("   "),
		[]byte("{"),
		[]byte("null"),
		[]byte(`[1,2,3]`),
		[]byte(`"undo"`),
		[]byte(`{"type":"undo"`),
		[]byte(`{"type":42}`),
		[]byte(`{"type":"bogus","id":"x"}`),
		[]byte(`{"choice":"pass"}`),
		[]byte(`{"type":"decision","choice":"surrender"}`),
		[]byte(`{"type":"decision"}`),
		[]byte(`{"type":"foul","code":"sneezing"}`),
		[]byte(`{"type":"settle","ball":16}`),
		[]byte(`{"type":"settle","ball":-1}`),
		[]byte(`{"type":"settle","ball":3,"pocket":"XX","from":[1,2]}`),
		[]byte(`{"type":"call","ball":0,"pocket":"FR"}`),
		[]byte(`{"type":"call","ball":3}`),
		[]byte(`{"type":"call","safety":true,"push_out":true}`),
		[]byte(`{"type":"call"}`),
		[]byte(`{"type":"game","game":"snooker","players":["A","B"]}`),
		[]byte(`{"type":"game","game":"9ball","players":["A","A"]}`),
		[]byte(`{"type":"game","game":"9ball","players":["A"]}`),
		[]byte(`{"type":"shot","before":{"0":[1,2]},"events":[{"t":0,"kind":"strike","ball":0},{"t":1,"kind":"stop"}],"after":{}}`),
		[]byte(`{"type":"lag","balls":{}}`),
		[]byte("\x00\x01\x02\xff\xfe"),
		[]byte(deep),
		big,
		bytes.Repeat([]byte("A"), 1<<20),
	}
}

func TestFloodOfBadCommands(t *testing.T) {
	dir := t.TempDir()
	var rec recorder
	ref, _ := started(t, dir, &rec)
	feed(t, ref, &rec, rack()[:8]) // a match in progress
	before, _ := ref.Status(context.Background())
	path := filepath.Join(dir, journal.FileName)
	fileBefore, _ := os.ReadFile(path)
	nRulings := len(rec.rulings)

	bad := floodInputs()
	const n = 10000
	for i := 0; i < n; i++ {
		data := bad[i%len(bad)]
		res := ref.Do(context.Background(), "flood", data)
		if res.OK || res.Seq != 0 || !strings.HasPrefix(res.Error, "referee: ") {
			t.Fatalf("command %d (%.40q): got %+v, want a refusal with a referee: error and no seq", i, data, res)
		}
	}
	after, _ := ref.Status(context.Background())
	if !reflect.DeepEqual(before, after) {
		t.Errorf("state changed by the flood:\nbefore %+v\nafter  %+v", before, after)
	}
	if fileAfter, _ := os.ReadFile(path); !bytes.Equal(fileBefore, fileAfter) {
		t.Errorf("the flood changed the journal")
	}
	rec.mu.Lock()
	if len(rec.rulings) != nRulings {
		t.Errorf("the flood gave %d rulings, want none", len(rec.rulings)-nRulings)
	}
	refused := 0
	for _, r := range rec.results[len(rec.results)-n:] {
		if !r.OK && r.Error != "" {
			refused++
		}
	}
	rec.mu.Unlock()
	if refused != n {
		t.Errorf("outputs got %d refusals, want %d", refused, n)
	}
	// A few messages, word for word.
	for _, tt := range []struct{ in, want string }{
		{"{", "referee: bad command: not valid JSON"},
		{`{"type":"bogus","id":"x"}`, `referee: bad command: type: unknown record type "bogus" (want game, lag, shot, decision, settle, undo, foul or call)`},
		{`{"type":"lag","balls":{}}`, "referee: bad command: balls: want one ball per player (2), got 0"},
		{`{"type":"call"}`, "referee: an empty call declares nothing (want ball and pocket, safety, push_out or no_call)"},
	} {
		if got := ref.Do(context.Background(), "test", []byte(tt.in)); !strings.HasPrefix(got.Error, tt.want) {
			t.Errorf("%s: got %q, want %q", tt.in, got.Error, tt.want)
		}
	}
	if got := ref.Do(context.Background(), "test", bad[len(bad)-2]); got.Error != fmt.Sprintf("referee: command is %d bytes, more than the %d allowed", len(bad[len(bad)-2]), MaxCommand) {
		t.Errorf("oversized: got %q", got.Error)
	}
	if got := ref.Do(context.Background(), "test", []byte(`{"type":"shot","id":"s9","before":{"0":[1,2]},"events":[{"t":0,"kind":"strike","ball":0}],"after":{}}`)); got.ID != "s9" || !strings.Contains(got.Error, `a "shot" record is not a command`) {
		t.Errorf("shot as command: got %+v", got)
	}
}

// A new Referee over the same state directory resumes exactly, whether the old
// one stopped cleanly or died at any byte of its last write.
func TestRestartResumes(t *testing.T) {
	ins := rack()
	dir := t.TempDir()
	var rec recorder
	ref, stop := started(t, dir, &rec)
	feed(t, ref, &rec, ins)
	want, _ := ref.Status(context.Background())
	stop()

	again, err := New(Config{StateDir: dir, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := again.Status(context.Background())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after restart:\ngot  %+v\nwant %+v", got, want)
	}
	again.journal.Close()

	// kill -9 in the middle of the last record (the final call): every cut of
	// its line gives the state before it.
	full, _ := os.ReadFile(filepath.Join(dir, journal.FileName))
	lastStart := bytes.LastIndexByte(full[:len(full)-1], '\n') + 1
	var prevWant Status
	for cut := lastStart; cut <= len(full); cut++ {
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, journal.FileName), full[:cut], 0o640)
		r, err := New(Config{StateDir: d, Log: quiet()})
		if err != nil {
			t.Fatalf("cut at %d: %v", cut, err)
		}
		got, _ := r.Status(context.Background())
		r.journal.Close()
		if cut == lastStart {
			prevWant = got
			// That is the state the live referee had before the final call.
			if got.Seq != want.Seq-1 || got.Call != nil {
				t.Fatalf("cut at %d: seq %d call %+v; want seq %d and no call", cut, got.Seq, got.Call, want.Seq-1)
			}
			continue
		}
		w := prevWant
		if cut == len(full) {
			w = want
		}
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("cut at %d of %d: got %+v, want %+v", cut, len(full), got, w)
		}
	}
	if !reflect.DeepEqual(prevWant.State, want.State) || prevWant.Call != nil || want.Call == nil {
		t.Errorf("the final call should change only the held call")
	}
}

func TestLiveEventsReachOutputs(t *testing.T) {
	var rec recorder
	ref, _ := started(t, t.TempDir(), &rec)
	ref.Event(shot.Event{Kind: shot.Strike, Ball: 0})
	ref.Event(shot.Event{T: 0.4, Kind: shot.Contact, A: 0, B: 1})
	waitFor(t, func() bool { rec.mu.Lock(); defer rec.mu.Unlock(); return len(rec.events) == 2 })
	if rec.events[0].Kind != shot.Strike || rec.events[1].Kind != shot.Contact {
		t.Errorf("got %+v", rec.events)
	}
	if !ref.Alive(2 * time.Second) {
		t.Errorf("a running referee is not alive")
	}
}

func ExampleReferee_Do() {
	dir, _ := os.MkdirTemp("", "referee")
	defer os.RemoveAll(dir)
	ref, _ := New(Config{StateDir: dir, Log: slog.New(slog.DiscardHandler)})
	ctx, cancel := context.WithCancel(context.Background())
	go ref.Run(ctx)
	fmt.Printf("%+v\n", ref.Do(ctx, "mqtt", []byte(`{"type":"game","game":"8ball","players":["Anna","Boris"],"id":"a1"}`)))
	fmt.Printf("%+v\n", ref.Do(ctx, "mqtt", []byte(`{"type":"undo","id":"a2"}`)))
	fmt.Printf("%+v\n", ref.Do(ctx, "mqtt", []byte(`{"type":"undo","id":"a3"`)))
	cancel()
	<-ref.Done()
	// Output:
	// {ID:a1 OK:true Error: Seq:1}
	// {ID:a2 OK:false Error:rules: nothing to undo (no shot, lag or decision since the game record) Seq:2}
	// {ID: OK:false Error:referee: bad command: not valid JSON: unexpected end of JSON input Seq:0}
}

// A tracker shot that breaks the contract is refused before the journal: an
// error ruling without a seq, nothing journaled, nothing changed.
func TestBadTrackerShot(t *testing.T) {
	dir := t.TempDir()
	var rec recorder
	ref, _ := started(t, dir, &rec)
	feed(t, ref, &rec, rack()[:3])
	before, _ := ref.Status(context.Background())
	path := filepath.Join(dir, journal.FileName)
	fileBefore, _ := os.ReadFile(path)
	bad := []*shot.Shot{
		{Before: shot.Positions{0: {1, 2}}, Events: []shot.Event{{T: 0, Kind: shot.Stop}}},                      // no strike
		{Before: shot.Positions{16: {1, 2}}, Events: []shot.Event{{T: 0, Kind: shot.Strike}}},                   // ball 16
		{Events: []shot.Event{{T: 1, Kind: shot.Strike}, {T: 0.5, Kind: shot.Contact, A: 0, B: 1}}},             // out of order
		{Events: []shot.Event{{T: 0, Kind: shot.Strike}, {T: 0.5, Kind: shot.Pocketed, Ball: 3, Pocket: "XX"}}}, // no such pocket
	}
	for i, s := range bad {
		n := len(rec.rulings)
		ref.Shots() <- s
		waitFor(t, func() bool { rec.mu.Lock(); defer rec.mu.Unlock(); return len(rec.rulings) > n })
		got := rec.rulings[n]
		if got.Kind != shot.KindError || got.Seq != 0 || !strings.Contains(got.Error, "shot record breaks the contract") {
			t.Errorf("bad shot %d: got %s seq %d %q, want an error ruling without a seq", i, got.Kind, got.Seq, got.Error)
		}
	}
	after, _ := ref.Status(context.Background())
	if !reflect.DeepEqual(before, after) {
		t.Errorf("bad shots changed the state")
	}
	if fileAfter, _ := os.ReadFile(path); !bytes.Equal(fileBefore, fileAfter) {
		t.Errorf("bad shots reached the journal")
	}
}

// A lag from the tracker is journaled and judged like a shot.
func TestLagFromTracker(t *testing.T) {
	var rec recorder
	ref, _ := started(t, t.TempDir(), &rec)
	if res := ref.Do(context.Background(), "test", []byte(`{"type":"game","game":"9ball","players":["Anna","Boris"]}`)); !res.OK {
		t.Fatal(res.Error)
	}
	lag := &shot.Lag{Balls: map[string]shot.LagBall{
		"Anna":  {Events: []shot.Event{{T: 1, Kind: shot.RailHit, Rail: "foot"}, {T: 3, Kind: shot.Stop}}, Rest: &shot.Point{300, 400}},
		"Boris": {Events: []shot.Event{{T: 1.1, Kind: shot.RailHit, Rail: "foot"}, {T: 3.2, Kind: shot.Stop}}, Rest: &shot.Point{600, 900}},
	}}
	ref.Lags() <- lag
	waitFor(t, func() bool { rec.mu.Lock(); defer rec.mu.Unlock(); return len(rec.rulings) == 2 })
	e := rules.New()
	e.Apply(1, &shot.Game{Game: "9ball", Players: []string{"Anna", "Boris"}})
	want, _ := json.Marshal(e.Apply(2, lag))
	got, _ := json.Marshal(rec.rulings[1])
	if !bytes.Equal(got, want) || rec.rulings[1].Kind != "lag" {
		t.Errorf("lag ruling:\ngot  %s\nwant %s", got, want)
	}
}
