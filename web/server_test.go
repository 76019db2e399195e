package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cueref/cueref/referee"
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The daemon adds a Server to the referee's outputs as it is.
var _ referee.Output = (*Server)(nil)

// judged is one input record with the ruling the rules engine gave it.
type judged struct {
	rec    shot.Record
	raw    []byte
	ruling shot.Ruling
}

// judge runs a shot log through a fresh rules engine, as the referee does.
func judge(t testing.TB, e *rules.Engine, log []byte, firstSeq int) []judged {
	t.Helper()
	var out []judged
	rd := shot.NewReader(bytes.NewReader(log))
	for {
		l, err := rd.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		if l.Err != nil {
			t.Fatalf("testdata line %d: %v", l.N, l.Err)
		}
		seq := firstSeq + len(out)
		out = append(out, judged{rec: l.Record, raw: l.Raw, ruling: e.Apply(seq, l.Record)})
	}
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// feed gives the server each record and its ruling, as the daemon does.
func feed(s *Server, js []judged) {
	for _, j := range js {
		s.Record(j.rec)
		s.Ruling(j.ruling)
	}
}

// sseEvent is one parsed Server-Sent Event.
type sseEvent struct {
	ID    int64
	Event string
	Data  []byte
}

// openEvents connects to /events and returns the parsed events.
func openEvents(t testing.TB, ctx context.Context, base string) <-chan sseEvent {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.Header.Get("Content-Type"); got != "text/event-stream" {
		t.Fatalf("/events Content-Type: got %q, want text/event-stream", got)
	}
	ch := make(chan sseEvent, 1024)
	go func() {
		defer resp.Body.Close()
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<22)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.Event != "" {
					ch <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				ev.ID, _ = strconv.ParseInt(line[4:], 10, 64)
			case strings.HasPrefix(line, "event: "):
				ev.Event = line[7:]
			case strings.HasPrefix(line, "data: "):
				ev.Data = append(ev.Data, line[6:]...)
			}
		}
	}()
	return ch
}

func next(t testing.TB, ch <-chan sseEvent, skip ...string) sseEvent {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatal("event stream ended")
			}
			skipped := false
			for _, s := range skip {
				skipped = skipped || ev.Event == s
			}
			if !skipped {
				return ev
			}
		case <-timeout:
			t.Fatal("no event within 5 s")
		}
	}
}

func newTestServer(t testing.TB, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s := NewServer(cfg)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { s.Close(); ts.Close() })
	return s, ts
}

func TestStateOnConnect(t *testing.T) {
	s, ts := newTestServer(t, Config{Table: "t1", Hall: "club"})
	js := judge(t, rules.New(), readTestdata(t, "ninegame.jsonl"), 1)
	feed(s, js)
	s.Status(true, 29.97)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev := next(t, openEvents(t, ctx, ts.URL))
	if ev.Event != "state" {
		t.Fatalf("first event: got %q, want state", ev.Event)
	}
	var st snapshot
	if err := json.Unmarshal(ev.Data, &st); err != nil {
		t.Fatal(err)
	}
	last := js[len(js)-1].ruling
	if st.Ruling == nil || st.Ruling.Seq != last.Seq {
		t.Fatalf("state ruling: got %+v, want seq %d", st.Ruling, last.Seq)
	}
	if got, want := st.Ruling.Racks["Boris"], 1; got != want {
		t.Errorf("racks[Boris]: got %d, want %d", got, want)
	}
	if st.Ruling.Text != last.Text || st.Ruling.Text == "" {
		t.Errorf("text: got %q, want %q", st.Ruling.Text, last.Text)
	}
	if st.Status == nil || !st.Status.CameraOK || st.Status.FPS != 29.97 {
		t.Errorf("status: got %+v, want camera ok at 29.97 fps", st.Status)
	}
	if len(st.History) != 1 || st.History[0].Winner != "Boris" || st.History[0].Reason != "nine_pocketed" {
		t.Errorf("history: got %+v, want one rack won by Boris (nine_pocketed)", st.History)
	}
	if st.Table != "t1" || st.Hall != "club" || st.Size.L != 2540 {
		t.Errorf("table: got %q/%q size %+v, want t1/club 9ft", st.Table, st.Hall, st.Size)
	}

	// /api/state says the same.
	resp, err := http.Get(ts.URL + "/api/state")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st2 snapshot
	if err := json.NewDecoder(resp.Body).Decode(&st2); err != nil {
		t.Fatal(err)
	}
	if st2.Ruling == nil || st2.Ruling.Seq != last.Seq {
		t.Errorf("/api/state ruling: got %+v, want seq %d", st2.Ruling, last.Seq)
	}
}

// TestEventsInOrder checks that every ruling reaches a connected page, in the order
// the daemon gave them, even when they come from several goroutines in turn and
// are mixed with status updates.
func TestEventsInOrder(t *testing.T) {
	s, ts := newTestServer(t, Config{Table: "t1"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := openEvents(t, ctx, ts.URL)
	if ev := next(t, ch); ev.Event != "state" {
		t.Fatalf("first event: got %q, want state", ev.Event)
	}
	base := judge(t, rules.New(), readTestdata(t, "ninegame.jsonl"), 1)[1].ruling
	const n = 200 // within a client's buffer: a client that falls further behind is dropped and reconnects
	go func() {
		for i := 1; i <= n; i++ {
			r := base
			r.Seq = i
			s.Ruling(r)
			if i%7 == 0 {
				s.Status(i%2 == 0, float64(i))
			}
		}
	}()
	lastID, want := int64(0), 1
	for want <= n {
		ev := next(t, ch)
		if ev.ID <= lastID {
			t.Fatalf("event id %d after %d: ids must increase", ev.ID, lastID)
		}
		lastID = ev.ID
		if ev.Event != "ruling" {
			continue
		}
		var re rulingEvent
		if err := json.Unmarshal(ev.Data, &re); err != nil {
			t.Fatal(err)
		}
		if re.Ruling.Seq != want {
			t.Fatalf("ruling seq: got %d, want %d (out of order or lost)", re.Ruling.Seq, want)
		}
		want++
	}
}

func TestCmdToken(t *testing.T) {
	call := `{"type":"call","ball":3,"pocket":"FR"}`
	tests := []struct {
		name     string
		token    string // configured
		sink     bool
		refuse   bool
		auth     string
		body     string
		wantCode int
		wantSink bool
	}{
		{"no header", "s3cret", true, false, "", call, 401, false},
		{"wrong token", "s3cret", true, false, "Bearer nope", call, 401, false},
		{"token as basic", "s3cret", true, false, "Basic s3cret", call, 401, false},
		{"right token", "s3cret", true, false, "Bearer s3cret", call, 200, true},
		{"safety", "s3cret", true, false, "Bearer s3cret", `{"type":"call","safety":true}`, 200, true},
		{"push-out", "s3cret", true, false, "Bearer s3cret", `{"type":"call","push_out":true}`, 200, true},
		{"decision", "s3cret", true, false, "Bearer s3cret", `{"type":"decision","choice":"accept"}`, 200, true},
		{"undo", "s3cret", true, false, "Bearer s3cret", `{"type":"undo"}`, 200, true},
		{"game", "s3cret", true, false, "Bearer s3cret", `{"type":"game","game":"8ball","players":["A","B"]}`, 200, true},
		{"not json", "s3cret", true, false, "Bearer s3cret", `{"type":`, 400, false},
		{"breaks the contract", "s3cret", true, false, "Bearer s3cret", `{"type":"call","ball":3}`, 400, false},
		{"tracker record", "s3cret", true, false, "Bearer s3cret", `{"type":"shot","before":{},"events":[{"t":0,"kind":"strike","ball":0},{"t":1,"kind":"stop"}],"after":{}}`, 400, false},
		{"refused by referee", "s3cret", true, true, "Bearer s3cret", call, 422, true},
		{"no referee", "s3cret", false, false, "Bearer s3cret", call, 503, false},
		{"no token configured", "", true, false, "Bearer ", call, 403, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, ts := newTestServer(t, Config{Table: "t1", Token: tt.token})
			var mu sync.Mutex
			var got [][]byte
			if tt.sink {
				s.SetCommandSink(func(ctx context.Context, raw []byte) (bool, int, error) {
					mu.Lock()
					got = append(got, raw)
					mu.Unlock()
					if tt.refuse {
						return false, 9, errors.New("rules: no decision is due")
					}
					return true, 7, nil
				})
			}
			req, _ := http.NewRequest("POST", ts.URL+"/api/cmd", strings.NewReader(tt.body))
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var res CmdResult
			if err := json.NewDecoder(resp.Body).Decode(&res); err != nil {
				t.Fatalf("answer is not JSON: %v", err)
			}
			if resp.StatusCode != tt.wantCode {
				t.Fatalf("status: got %d (%s), want %d", resp.StatusCode, res.Error, tt.wantCode)
			}
			mu.Lock()
			defer mu.Unlock()
			if (len(got) > 0) != tt.wantSink {
				t.Fatalf("referee got %d commands, want called=%v", len(got), tt.wantSink)
			}
			if tt.wantSink && string(got[0]) != tt.body {
				t.Errorf("referee got %s, want %s", got[0], tt.body)
			}
			if tt.wantCode == 200 && (!res.OK || res.Seq != 7) {
				t.Errorf("result: got %+v, want ok with seq 7", res)
			}
			if tt.wantCode != 200 && (res.OK || res.Error == "") {
				t.Errorf("result: got %+v, want not ok with an error", res)
			}
		})
	}
}

// TestHistoryReplay plays two racks and an undo through the rules engine into the
// server, downloads each finished rack as a shot log and re-judges it with a fresh
// engine, as `cueref replay` does: the rulings must match the live ones.
func TestHistoryReplay(t *testing.T) {
	s, ts := newTestServer(t, Config{Table: "t 1"})
	e := rules.New()
	rack1 := judge(t, e, readTestdata(t, "ninegame.jsonl"), 1)
	feed(s, rack1)
	// Rack 2: a call, Boris's break that sinks the 9 (a win, rule 3.1), an undo of
	// it (the rack reopens), then the same break again.
	rack2 := judge(t, e, readTestdata(t, "ninegame-rack2.jsonl"), len(rack1)+1)
	feed(s, rack2)

	var list []rackSummary
	getJSON(t, ts.URL+"/api/history", &list)
	if len(list) != 2 {
		t.Fatalf("history: got %d racks, want 2: %+v", len(list), list)
	}
	for _, sum := range list {
		if sum.Winner != "Boris" || sum.Reason != "nine_pocketed" || !sum.Replayable {
			t.Errorf("rack %d: got winner %q reason %q replayable %v, want Boris, nine_pocketed, true", sum.N, sum.Winner, sum.Reason, sum.Replayable)
		}
	}
	live := map[int][]judged{1: rack1, 2: rack2}
	for n := 1; n <= 2; n++ {
		resp, err := http.Get(ts.URL + "/api/history/" + strconv.Itoa(n) + ".jsonl")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("rack %d: status %d: %s", n, resp.StatusCode, body)
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="t_1-rack-`+strconv.Itoa(n)+`.jsonl"`) {
			t.Errorf("rack %d: Content-Disposition %q", n, cd)
		}
		replayed := judge(t, rules.New(), body, 1)
		want := live[n]
		if n == 1 {
			// The first rack opened the match: its log is exactly what was judged.
			if len(replayed) != len(want) {
				t.Fatalf("rack 1: got %d records, want %d", len(replayed), len(want))
			}
			for i := range want {
				if !bytes.Equal(mustJSON(t, replayed[i].ruling), mustJSON(t, want[i].ruling)) {
					t.Errorf("rack 1 line %d:\n got %s\nwant %s", i+1, mustJSON(t, replayed[i].ruling), mustJSON(t, want[i].ruling))
				}
			}
			continue
		}
		// A later rack starts with a game record built for it (Boris breaks); the
		// racks won restart from zero. Every shot is judged the same; the records
		// before the break were judged live while the last rack's game_over still
		// stood, so for them only the kind is compared.
		g, ok := replayed[0].rec.(*shot.Game)
		if !ok || g.Breaker != "Boris" || g.Game != "9ball" || g.Race != 3 || !reflect.DeepEqual(g.Players, []string{"Anna", "Boris"}) {
			t.Fatalf("rack 2 header: got %+v, want a 9ball game, race 3, Anna v Boris, Boris breaking", replayed[0].rec)
		}
		replayed = replayed[1:]
		if len(replayed) != len(want) {
			t.Fatalf("rack 2: got %d records after the header, want %d", len(replayed), len(want))
		}
		for i := range want {
			a, b := replayed[i].ruling, want[i].ruling
			if a.Kind != b.Kind {
				t.Errorf("rack 2 record %d: got kind %q, want %q", i+1, a.Kind, b.Kind)
			}
			if b.Kind != "shot" {
				continue
			}
			if !reflect.DeepEqual(a.Fouls, b.Fouls) || !reflect.DeepEqual(a.Pocketed, b.Pocketed) ||
				!reflect.DeepEqual(a.Counted, b.Counted) || !reflect.DeepEqual(a.GameOver, b.GameOver) ||
				a.Shooter != b.Shooter || a.Turn != b.Turn || a.Next.Player != b.Next.Player {
				t.Errorf("rack 2 record %d:\n got %s\nwant %s", i+1, mustJSON(t, a), mustJSON(t, b))
			}
		}
	}

	var d rackDetail
	getJSON(t, ts.URL+"/api/history/1", &d)
	if len(d.Rulings) != len(rack1) || len(d.Records) != len(rack1) {
		t.Errorf("detail: got %d rulings, %d records, want %d each", len(d.Rulings), len(d.Records), len(rack1))
	}
	for _, path := range []string{"/api/history/3.jsonl", "/api/history/0", "/api/history/x.jsonl"} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 && resp.StatusCode != 400 {
			t.Errorf("GET %s: got %d, want 404 or 400", path, resp.StatusCode)
		}
	}
}

// TestHistoryFromDaemonOutputs feeds the server as referee.Output does — Shot
// before a shot's ruling, Ruling for every record, Result after a command — with a
// call POSTed from the panel: the rack's log is still complete and re-judges the
// same, with the game record rebuilt from its ruling and the call as POSTed.
func TestHistoryFromDaemonOutputs(t *testing.T) {
	s, ts := newTestServer(t, Config{Token: "tok"})
	e := rules.New()
	var mu sync.Mutex
	seq := 0
	apply := func(rec shot.Record) shot.Ruling {
		mu.Lock()
		defer mu.Unlock()
		seq++
		r := e.Apply(seq, rec)
		if sh, ok := rec.(*shot.Shot); ok {
			s.Shot(sh)
		}
		s.Ruling(r)
		return r
	}
	s.SetCommandSink(func(ctx context.Context, raw []byte) (bool, int, error) {
		rec, err := shot.Decode(raw, 0)
		if err != nil {
			return false, 0, err
		}
		r := apply(rec)
		s.Result("", r.Seq, nil)
		return r.Kind != shot.KindError, r.Seq, nil
	})
	js := judge(t, rules.New(), readTestdata(t, "ninegame.jsonl"), 1)
	apply(js[0].rec)
	apply(js[1].rec)
	req, _ := http.NewRequest("POST", ts.URL+"/api/cmd", strings.NewReader(`{"type":"call","ball":1,"pocket":"SL","id":"tablet-7"}`))
	req.Header.Set("Authorization", "Bearer tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("call: status %d", resp.StatusCode)
	}
	var live []shot.Ruling
	for _, j := range js[2:] {
		live = append(live, apply(j.rec))
	}
	var list []rackSummary
	getJSON(t, ts.URL+"/api/history", &list)
	if len(list) != 1 || !list[0].Replayable || list[0].Rebuilt != 1 {
		t.Fatalf("history: got %+v, want one replayable rack with 1 rebuilt record (the game)", list)
	}
	var d rackDetail
	getJSON(t, ts.URL+"/api/history/1", &d)
	if got, want := string(d.Records[2]), `{"type":"call","ball":1,"pocket":"SL","id":"tablet-7"}`; got != want {
		t.Errorf("the POSTed call in the log: got %s, want %s", got, want)
	}
	resp, err = http.Get(ts.URL + "/api/history/1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	replayed := judge(t, rules.New(), body, 1)
	if len(replayed) != len(d.Rulings) {
		t.Fatalf("replay: got %d rulings, want %d", len(replayed), len(d.Rulings))
	}
	for i := range replayed {
		if a, b := mustJSON(t, replayed[i].ruling), mustJSON(t, d.Rulings[i]); !bytes.Equal(a, b) {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, a, b)
		}
	}
	if last := d.Rulings[len(d.Rulings)-1]; !reflect.DeepEqual(last, live[len(live)-1]) {
		t.Errorf("last ruling in the history is not the live one")
	}
}

// TestHistoryWithoutRecords: rulings that come without their records still update
// the board; a shot cannot be rebuilt from its ruling, so the rack is listed but not
// offered as a shot log.
func TestHistoryWithoutRecords(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	for _, j := range judge(t, rules.New(), readTestdata(t, "ninegame.jsonl"), 1) {
		s.Ruling(j.ruling)
	}
	var list []rackSummary
	getJSON(t, ts.URL+"/api/history", &list)
	if len(list) != 1 || list[0].Replayable || list[0].JSONL != "" || list[0].Winner != "Boris" {
		t.Fatalf("history: got %+v, want one rack won by Boris, not replayable", list)
	}
}

func TestPositionsThrottled(t *testing.T) {
	s, ts := newTestServer(t, Config{PositionRate: 10})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := openEvents(t, ctx, ts.URL)
	next(t, ch)
	start := time.Now()
	var i int
	for time.Since(start) < 600*time.Millisecond {
		i++
		s.Positions(float64(i), map[int]table.Point{0: {X: float64(i), Y: 600}, 9: {X: 1905, Y: 635}, 16: {X: 1, Y: 1}})
		time.Sleep(time.Millisecond)
	}
	elapsed := time.Since(start)
	time.Sleep(250 * time.Millisecond) // the last tick
	var got []positions
	for {
		select {
		case ev := <-ch:
			if ev.Event == "positions" {
				var p positions
				json.Unmarshal(ev.Data, &p)
				got = append(got, p)
			}
			continue
		default:
		}
		break
	}
	max := int(elapsed.Seconds()*10) + 3
	if len(got) < 3 || len(got) > max {
		t.Fatalf("positions events: got %d for %d calls in %v, want 3…%d (10 Hz)", len(got), i, elapsed, max)
	}
	last := got[len(got)-1]
	if last.T != float64(i) || last.Balls["0"][0] != float64(i) {
		t.Errorf("last positions: got t=%v cue %v, want the latest call t=%d", last.T, last.Balls["0"], i)
	}
	if _, ok := last.Balls["16"]; ok {
		t.Error("ball 16 was passed on; want it dropped")
	}
}

func TestClips(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	path := t.TempDir() + "/c.mp4"
	os.WriteFile(path, []byte("not really a video"), 0o644)
	if err := s.AddClip("../etc", path, 3); err == nil {
		t.Error("AddClip accepted a name with a path in it")
	}
	if err := s.AddClip("rack1-shot3.mp4", path, 3); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(ts.URL + "/clips/rack1-shot3.mp4")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(b) != "not really a video" {
		t.Errorf("clip: got %d %q", resp.StatusCode, b)
	}
	var st snapshot
	getJSON(t, ts.URL+"/api/state", &st)
	if len(st.Clips) != 1 || st.Clips[0].Seq != 3 || st.Clips[0].URL != "clips/rack1-shot3.mp4" {
		t.Errorf("state clips: got %+v", st.Clips)
	}
}

// TestErrorRulingKeepsBoard: an error ruling is shown but does not replace the board.
func TestErrorRulingKeepsBoard(t *testing.T) {
	s, ts := newTestServer(t, Config{})
	e := rules.New()
	js := judge(t, e, readTestdata(t, "ninegame.jsonl"), 1)
	feed(s, js[:3])
	bad := e.Apply(4, &shot.Decision{Choice: "accept"})
	if bad.Kind != shot.KindError {
		t.Fatalf("engine: got kind %q for a decision nobody asked for, want error", bad.Kind)
	}
	s.Record(&shot.Decision{Choice: "accept"})
	s.Ruling(bad)
	var st snapshot
	getJSON(t, ts.URL+"/api/state", &st)
	if st.Ruling == nil || st.Ruling.Seq != 3 || st.LastError == nil || st.LastError.Seq != 4 {
		t.Fatalf("got ruling %+v last_error %+v, want ruling 3 and error 4", st.Ruling, st.LastError)
	}
}

func TestPages(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	total := 0
	for _, p := range []struct{ path, want string }{
		{"/", "Referee panel"}, {"/overlay", `data-view="overlay"`},
		{"/assets/app.js", "EventSource"}, {"/assets/common.js", "ballSVG"}, {"/assets/style.css", "body.overlay"},
	} {
		resp, err := http.Get(ts.URL + p.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), p.want) {
			t.Errorf("GET %s: got %d, want 200 with %q", p.path, resp.StatusCode, p.want)
		}
		if p.path != "/overlay" {
			total += len(b)
		}
	}
	if total > 100<<10 {
		t.Errorf("the table page ships %d bytes (HTML+JS+CSS), want < 100 KB", total)
	}
}

func getJSON(t testing.TB, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET %s: %d %s", url, resp.StatusCode, b)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSlowClientDropped: a page that stops reading is dropped once its buffer is
// full (it reconnects and gets a fresh state); the others get every event.
func TestSlowClientDropped(t *testing.T) {
	h := newHub(Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, table.MustNew("9ft"))
	slow, fast := h.subscribe(), h.subscribe()
	<-fast.ch // state
	got := 0
	for i := 0; i < clientBuffer+10; i++ {
		h.setStatus(status{CameraOK: true, FPS: float64(i)})
		<-fast.ch
		got++
	}
	if got != clientBuffer+10 {
		t.Errorf("fast page: got %d events, want %d", got, clientBuffer+10)
	}
	if _, ok := h.clients[slow]; ok {
		t.Fatal("slow page still subscribed")
	}
	n := 0
	for range slow.ch {
		n++
	}
	if n != clientBuffer {
		t.Errorf("slow page: got %d events before it was dropped, want %d (its buffer)", n, clientBuffer)
	}
}

// TestLiveEventProvisional checks that a live event reaches the page as the
// shot log's event, with "provisional": true only while the tracker is not
// sure of it.
func TestLiveEventProvisional(t *testing.T) {
	s, ts := newTestServer(t, Config{Table: "t1"})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := openEvents(t, ctx, ts.URL)
	if ev := next(t, ch); ev.Event != "state" {
		t.Fatalf("first event: got %q, want state", ev.Event)
	}
	s.Event(shot.Event{T: 0.02, Kind: shot.Contact, A: 0, B: 3, Provisional: true})
	s.Event(shot.Event{T: 0.018, Kind: shot.Contact, A: 0, B: 3})
	for i, want := range []any{true, nil} {
		ev := next(t, ch)
		for ev.Event != "event" {
			ev = next(t, ch)
		}
		var got map[string]any
		if err := json.Unmarshal(ev.Data, &got); err != nil {
			t.Fatalf("event %d %s: %v", i, ev.Data, err)
		}
		if got["kind"] != "contact" || got["b"] != 3.0 || got["provisional"] != want {
			t.Errorf("event %d: got %s, want a contact 0-3 with provisional %v", i, ev.Data, want)
		}
	}
}
