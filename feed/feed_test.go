package feed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/cueref/cueref/shot"
)

const prefix = "cueref/hall1/t1/"

// TestRulingsInOrder sends 200 rulings (and a shot after every tenth) through
// mosquitto and checks they arrive in order at QoS 1, and that the retained state
// is the last ruling for a subscriber that comes late.
func TestRulingsInOrder(t *testing.T) {
	m := startMosquitto(t)
	sub := subscribe(t, m.url(), "sub-order", true, prefix+TopicRuling, prefix+TopicShot)
	f := newTestFeed(t, Config{Broker: m.url()}, nil)

	const n = 200
	for s := 1; s <= n; s++ {
		if err := f.Ruling(ruling(s)); err != nil {
			t.Fatalf("Ruling(%d): %v", s, err)
		}
		if s%10 == 0 {
			if err := f.Shot(&shot.Shot{Events: []shot.Event{{Kind: shot.Strike}, {T: float64(s), Kind: shot.Stop}}}); err != nil {
				t.Fatalf("Shot: %v", err)
			}
		}
	}
	ms := sub.waitFor(t, prefix+TopicRuling, 30*time.Second, "200 rulings", func(ms []msg) bool { return distinctSeqs(ms) == n })
	if dups := checkOrder(t, ms, n); dups != 0 {
		t.Errorf("got %d duplicates on an undisturbed connection, want 0", dups)
	}
	shots := sub.waitFor(t, prefix+TopicShot, 10*time.Second, "20 shots", func(ms []msg) bool { return len(ms) >= n/10 })
	for i, s := range shots {
		rec, err := shot.Decode(s.payload, i+1)
		if err != nil {
			t.Fatalf("shot %d: %v", i, err)
		}
		ev := rec.(*shot.Shot).Events
		if got, want := ev[len(ev)-1].T, float64(10*(i+1)); got != want {
			t.Fatalf("shot %d: got stop at t=%v, want %v (out of order)", i, got, want)
		}
	}
	if err := f.Flush(ctxTimeout(t, 10*time.Second)); err != nil {
		t.Fatal(err)
	}

	late := subscribe(t, m.url(), "sub-late", true, prefix+TopicState)
	st := late.waitFor(t, prefix+TopicState, 3*time.Second, "the retained state", func(ms []msg) bool { return len(ms) > 0 })
	if !st[0].retained || seqOf(st[0].payload) != n {
		t.Errorf("late subscriber: got retained=%v seq %d, want retained seq %d", st[0].retained, seqOf(st[0].payload), n)
	}
	var got shot.Ruling
	if err := json.Unmarshal(st[0].payload, &got); err != nil || got.Kind != "shot" || got.Rack != ruling(n).Rack {
		t.Errorf("state payload: got %+v (%v), want the ruling %d", got, err, n)
	}
	s := f.Stats()
	if s.Published != n+n/10 || s.QueueDepth != 0 || s.QueueDropped != 0 {
		t.Errorf("stats: got published %d depth %d dropped %d, want %d 0 0", s.Published, s.QueueDepth, s.QueueDropped, n+n/10)
	}
}

// TestStatus checks the retained status: online with the camera's state, offline
// with a time on Close, and offline by the last will when the publisher process
// dies without a word.
func TestStatus(t *testing.T) {
	m := startMosquitto(t)
	sub := subscribe(t, m.url(), "sub-status", true, prefix+TopicStatus)

	t.Run("close", func(t *testing.T) {
		cfg := Config{Broker: m.url(), ClientID: "status-close", QueueDir: filepath.Join(t.TempDir(), "q"),
			Prefix: prefix}
		f, err := New(cfg, testLogger(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		f.SetStatus("ok", 59.8)
		if err := f.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		sub.waitFor(t, prefix+TopicStatus, 10*time.Second, "online ok 59.8", func(ms []msg) bool {
			return len(ms) > 0 && statusOf(ms[len(ms)-1]) == (Status{State: Online, Camera: "ok", FPS: 59.8})
		})
		f.SetStatus("lost", 0)
		sub.waitFor(t, prefix+TopicStatus, 10*time.Second, "camera lost", func(ms []msg) bool {
			return statusOf(ms[len(ms)-1]) == (Status{State: Online, Camera: "lost"})
		})
		f.Close()
		ms := sub.waitFor(t, prefix+TopicStatus, 10*time.Second, "offline", func(ms []msg) bool {
			return statusOf(ms[len(ms)-1]).State == Offline
		})
		var st Status
		json.Unmarshal(ms[len(ms)-1].payload, &st)
		if st.Since == nil || time.Since(*st.Since) > time.Minute || st.Camera != "lost" {
			t.Errorf("offline status on Close: got %s, want camera lost and a recent since", ms[len(ms)-1].payload)
		}
	})

	t.Run("last will", func(t *testing.T) {
		h := startHelper(t, m.url(), filepath.Join(t.TempDir(), "q"), "status-will")
		sub.waitFor(t, prefix+TopicStatus, 10*time.Second, "online", func(ms []msg) bool {
			return len(ms) > 0 && statusOf(ms[len(ms)-1]) == (Status{State: Online, Camera: "ok", FPS: 30})
		})
		killed := time.Now()
		h.kill()
		ms := sub.waitFor(t, prefix+TopicStatus, 10*time.Second, "offline by last will", func(ms []msg) bool {
			return statusOf(ms[len(ms)-1]).State == Offline
		})
		last := ms[len(ms)-1]
		if got := statusOf(last); got != (Status{State: Offline, Camera: "unknown"}) || bytes.Contains(last.payload, []byte("since")) {
			t.Errorf("last will: got %s, want the offline will", last.payload)
		}
		t.Logf("last will arrived %v after the kill", last.at.Sub(killed))
		// And it is retained.
		late := subscribe(t, m.url(), "sub-status-late", true, prefix+TopicStatus)
		got := late.waitFor(t, prefix+TopicStatus, 3*time.Second, "retained status", func(ms []msg) bool { return len(ms) > 0 })
		if !got[0].retained || statusOf(got[0]).State != Offline {
			t.Errorf("late subscriber: got %s retained=%v, want the retained offline will", got[0].payload, got[0].retained)
		}
	})
}

func statusOf(m msg) Status {
	var s Status
	if json.Unmarshal(m.payload, &s) != nil {
		return Status{State: "unparsable"}
	}
	s.Since = nil
	return s
}

func ctxTimeout(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// persistentBroker is mosquitto that keeps its sessions across a restart, so that
// the test's subscriber (a persistent session) misses nothing published while it
// reconnects: what is tested is the feed, not a race between two reconnecting
// clients.
func persistentBroker(t *testing.T) *mosquitto {
	dir := t.TempDir()
	return startMosquitto(t, "persistence true", "persistence_location "+dir+"/", "autosave_interval 3600")
}

// TestBrokerRestart stops mosquitto in the middle of a sequence of rulings and
// starts it again: every ruling arrives, in order.
func TestBrokerRestart(t *testing.T) {
	m := persistentBroker(t)
	sub := subscribe(t, m.url(), "sub-restart", false, prefix+TopicRuling)
	f := newTestFeed(t, Config{Broker: m.url()}, nil)
	waitConnected(t, f)

	const n = 300
	errc := make(chan error, 1)
	var maxDepth atomic.Int64
	go func() {
		for s := 1; s <= n; s++ {
			if err := f.Ruling(ruling(s)); err != nil {
				errc <- err
				return
			}
			if d := int64(f.Stats().QueueDepth); d > maxDepth.Load() {
				maxDepth.Store(d)
			}
			time.Sleep(5 * time.Millisecond)
		}
		errc <- nil
	}()
	sub.waitFor(t, prefix+TopicRuling, 20*time.Second, "80 rulings", func(ms []msg) bool { return distinctSeqs(ms) >= 80 })
	m.stop()
	time.Sleep(1500 * time.Millisecond)
	if f.Stats().Connected {
		t.Error("the feed says it is connected while the broker is down")
	}
	m.start()
	if err := <-errc; err != nil {
		t.Fatalf("Ruling: %v", err)
	}
	ms := sub.waitFor(t, prefix+TopicRuling, 60*time.Second, "300 rulings", func(ms []msg) bool { return distinctSeqs(ms) == n })
	dups := checkOrder(t, ms, n)
	s := f.Stats()
	t.Logf("duplicates %d, queue depth peak %d, stats %+v", dups, maxDepth.Load(), s)
	if s.Reconnects < 1 || s.ConnectionsLost < 1 {
		t.Errorf("stats: got reconnects %d, lost %d, want at least 1 each", s.Reconnects, s.ConnectionsLost)
	}
	if maxDepth.Load() < 10 {
		t.Errorf("queue depth peaked at %d while the broker was down for 1.5 s, want at least 10", maxDepth.Load())
	}
	if err := f.Flush(ctxTimeout(t, 10*time.Second)); err != nil {
		t.Fatal(err)
	}
}

// TestProcessRestartWhileBrokerDown kills the publisher process while rulings wait
// in its queue for a broker that is down, starts a new process on the same queue,
// then the broker: every ruling arrives, in order.
func TestProcessRestartWhileBrokerDown(t *testing.T) {
	m := persistentBroker(t)
	sub := subscribe(t, m.url(), "sub-proc", false, prefix+TopicRuling)
	queue := filepath.Join(t.TempDir(), "queue")

	a := startHelper(t, m.url(), queue, "proc")
	a.send("rulings 1 50")
	a.expect("queued 50", 20*time.Second)
	a.send("flush")
	a.expect("flushed", 20*time.Second)
	m.stop()
	a.send("rulings 51 100")
	a.expect("queued 100", 20*time.Second) // fsync'd, not sent
	a.kill()

	b := startHelper(t, m.url(), queue, "proc")
	b.send("rulings 101 120")
	b.expect("queued 120", 20*time.Second)
	m.start()
	b.send("flush")
	b.expect("flushed", 60*time.Second)

	ms := sub.waitFor(t, prefix+TopicRuling, 30*time.Second, "120 rulings", func(ms []msg) bool { return distinctSeqs(ms) == 120 })
	dups := checkOrder(t, ms, 120)
	t.Logf("duplicates %d", dups)
	late := subscribe(t, m.url(), "sub-proc-late", true, prefix+TopicState)
	st := late.waitFor(t, prefix+TopicState, 3*time.Second, "retained state", func(ms []msg) bool { return len(ms) > 0 })
	if seqOf(st[0].payload) != 120 {
		t.Errorf("retained state: got seq %d, want 120", seqOf(st[0].payload))
	}
}

// TestCommandFlood sends 10,000 malformed and oversized commands: each gets an
// error result, oversized ones never reach the handler, and the feed stays
// connected and keeps publishing.
func TestCommandFlood(t *testing.T) {
	// mosquitto drops QoS-1 messages queued for a client beyond 1000 by default;
	// the flood would then test mosquitto's limit, not the feed.
	m := startMosquitto(t, "max_queued_messages 100000")
	var calls, tooBig atomic.Int64
	onCmd := func(_ context.Context, p []byte) (int, error) {
		calls.Add(1)
		if len(p) > DefaultMaxCmdBytes {
			tooBig.Add(1)
		}
		if !json.Valid(p) {
			return 0, errors.New("test: not JSON")
		}
		var c struct {
			Cmd string `json:"cmd"`
		}
		if err := json.Unmarshal(p, &c); err != nil {
			return 0, fmt.Errorf("test: %v", err)
		}
		if c.Cmd == "ping" {
			return 7, nil
		}
		return 0, fmt.Errorf("test: unknown command %q", c.Cmd)
	}
	f := newTestFeed(t, Config{Broker: m.url()}, onCmd)
	waitConnected(t, f)
	sub := subscribe(t, m.url(), "sub-flood", true, prefix+TopicResult, prefix+TopicRuling)

	pub := paho.NewClient(paho.NewClientOptions().AddBroker(m.url()).SetClientID("flooder"))
	if tok := pub.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("flooder: %v", tok.Error())
	}
	defer pub.Disconnect(100)

	const n = 10000
	rng := rand.New(rand.NewSource(1))
	wantIDs := map[string]bool{}
	oversized := 0
	var toks []paho.Token
	for i := 0; i < n; i++ {
		var p []byte
		switch {
		case i%10 == 0:
			oversized++
			p = []byte(fmt.Sprintf(`{"id":"big%d","cmd":"ping","pad":"%s"}`, i, strings.Repeat("x", DefaultMaxCmdBytes+rng.Intn(1000))))
		case i%4 == 1:
			p = make([]byte, rng.Intn(300))
			rng.Read(p) // binary garbage, invalid UTF-8 included
		case i%4 == 2:
			p = []byte(fmt.Sprintf(`{"id":"cut%d","cmd":`, i))[:rng.Intn(12)+1]
		case i%4 == 3:
			id := fmt.Sprintf("v%d", i)
			wantIDs[`"`+id+`"`] = true
			p = []byte(fmt.Sprintf(`{"id":%q,"cmd":"bogus%d"}`, id, i))
		default:
			p = []byte([]string{"", "null", "[]", "{}", `"str"`, strings.Repeat("[", 20000), "\xff\xfe"}[i/4%7])
		}
		toks = append(toks, pub.Publish(prefix+TopicCmd, 1, false, p))
		if len(toks) == 200 {
			for _, tok := range toks {
				if !tok.WaitTimeout(30*time.Second) || tok.Error() != nil {
					t.Fatalf("flooder publish: %v", tok.Error())
				}
			}
			toks = toks[:0]
		}
	}
	for _, tok := range toks {
		tok.WaitTimeout(30 * time.Second)
	}
	res := sub.waitFor(t, prefix+TopicResult, 120*time.Second, "10000 results", func(ms []msg) bool { return len(ms) >= n })
	gotIDs := map[string]bool{}
	big := 0
	for i, r := range res {
		var got Result
		if err := json.Unmarshal(r.payload, &got); err != nil {
			t.Fatalf("result %d: %v: %s", i, err, r.payload)
		}
		if got.OK || got.Error == "" {
			t.Fatalf("result %d: got %s, want an error", i, r.payload)
		}
		if strings.Contains(got.Error, "over the limit") {
			big++
			if got.ID != nil {
				t.Errorf("result %d of an oversized command echoes id %s: it was parsed", i, got.ID)
			}
		}
		if got.ID != nil {
			gotIDs[string(got.ID)] = true
		}
	}
	if len(res) != n {
		t.Errorf("got %d results, want %d", len(res), n)
	}
	if big != oversized {
		t.Errorf("got %d oversized results, want %d", big, oversized)
	}
	if len(gotIDs) != len(wantIDs) {
		t.Errorf("got %d echoed ids, want %d", len(gotIDs), len(wantIDs))
	}
	for id := range wantIDs {
		if !gotIDs[id] {
			t.Errorf("id %s not echoed", id)
			break
		}
	}
	if tooBig.Load() != 0 || calls.Load() != int64(n-oversized) {
		t.Errorf("handler: got %d calls (%d oversized), want %d calls and none oversized", calls.Load(), tooBig.Load(), n-oversized)
	}

	// Still connected, and still publishing and answering.
	s := f.Stats()
	if !s.Connected || s.ConnectionsLost != 0 || s.Commands != n || s.CommandsFailed != n || s.CommandsOversized != uint64(oversized) {
		t.Errorf("stats after the flood: got %+v", s)
	}
	if err := f.Ruling(ruling(1)); err != nil {
		t.Fatal(err)
	}
	pub.Publish(prefix+TopicCmd, 1, false, `{"id":42,"cmd":"ping"}`)
	sub.waitFor(t, prefix+TopicRuling, 10*time.Second, "a ruling after the flood", func(ms []msg) bool { return len(ms) == 1 })
	res = sub.waitFor(t, prefix+TopicResult, 10*time.Second, "the ping's result", func(ms []msg) bool { return len(ms) == n+1 })
	if got, want := string(res[n].payload), `{"id":42,"ok":true,"seq":7}`; got != want {
		t.Errorf("ping result: got %s, want %s", got, want)
	}
}

// TestEvents: live events arrive at QoS 0 while connected, and are dropped —
// without blocking — while the broker is down.
func TestEvents(t *testing.T) {
	m := startMosquitto(t)
	sub := subscribe(t, m.url(), "sub-events", true, prefix+TopicEvent)
	f := newTestFeed(t, Config{Broker: m.url()}, nil)
	waitConnected(t, f)
	for i := 0; i < 100; i++ {
		f.Event(shot.Event{T: float64(i) / 100, Kind: shot.Contact, A: 0, B: 3})
	}
	ms := sub.waitFor(t, prefix+TopicEvent, 10*time.Second, "100 events", func(ms []msg) bool { return len(ms) >= 100 })
	if got, want := string(ms[99].payload), `{"t":0.99,"kind":"contact","a":0,"b":3}`; got != want || ms[99].qos != 0 {
		t.Errorf("event 99: got %s at QoS %d, want %s at QoS 0", got, ms[99].qos, want)
	}
	m.stop()
	deadline := time.Now().Add(10 * time.Second)
	for f.Stats().Connected && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if s := f.Stats(); s.Connected || s.Subscribed {
		t.Errorf("broker stopped: got connected %v, subscribed %v, want false, false", s.Connected, s.Subscribed)
	}
	before := f.Stats().EventsDropped
	start := time.Now()
	for i := 0; i < 1000; i++ {
		f.Event(shot.Event{Kind: shot.Stop})
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("1000 events while disconnected took %v: Event blocks", d)
	}
	if got := f.Stats().EventsDropped - before; got != 1000 {
		t.Errorf("events dropped while disconnected: got %d, want 1000", got)
	}
}
