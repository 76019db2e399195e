package feed

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cueref/cueref/internal/mosquittotest"
	"github.com/cueref/cueref/shot"
)

// TestMain doubles as the helper process of the integration tests: with
// FEED_TEST_HELPER=publisher the test binary runs a feed driven by lines on stdin
// (see runHelper), so that a test can kill a real publisher process.
func TestMain(m *testing.M) {
	if os.Getenv("FEED_TEST_HELPER") == "publisher" {
		os.Exit(runHelper())
	}
	os.Exit(m.Run())
}

// mosquitto is a real broker started by a test on a free loopback port.
type mosquitto struct {
	*mosquittotest.Broker
	port int
}

// startMosquitto starts mosquitto with anonymous access and no persistence, plus
// the extra configuration lines; with a "persistence true" line among them it
// keeps its sessions in its own directory across stop and start. It is stopped at
// the end of the test.
func startMosquitto(t testing.TB, extra ...string) *mosquitto {
	t.Helper()
	var opts mosquittotest.Options
	for _, l := range extra {
		switch {
		case l == "persistence true":
			opts.Persistence = true
		case strings.HasPrefix(l, "persistence ") || strings.HasPrefix(l, "persistence_location "):
			// the broker keeps its persistence in its own directory
		default:
			opts.Config = append(opts.Config, l)
		}
	}
	b := mosquittotest.Start(t, opts)
	return &mosquitto{Broker: b, port: b.Port()}
}

func (m *mosquitto) url() string { return m.URL() }

// start starts the stopped broker again on its port.
func (m *mosquitto) start() { m.Restart() }

// stop stops the broker with SIGTERM (it saves its persistence file, if any).
func (m *mosquitto) stop() { m.Stop() }

// msg is one message a test subscriber received.
type msg struct {
	topic    string
	payload  []byte
	retained bool
	qos      byte
	dup      bool
	at       time.Time
}

// collector is a test subscriber that records what it receives.
type collector struct{ *mosquittotest.Subscriber }

// subscribe connects a test subscriber to topic (QoS 1). A persistent session
// (clean false) survives a restart of a broker with persistence.
func subscribe(t testing.TB, broker, id string, clean bool, topics ...string) *collector {
	t.Helper()
	return &collector{mosquittotest.Subscribe(t, broker, id, clean, topics...)}
}

// on returns the messages received on topic so far.
func (c *collector) on(topic string) []msg {
	var out []msg
	for _, m := range c.Messages(topic) {
		out = append(out, msg{topic: m.Topic, payload: m.Payload, retained: m.Retained, qos: m.QoS, dup: m.Dup, at: m.At})
	}
	return out
}

// waitFor waits until cond holds for the messages on topic.
func (c *collector) waitFor(t testing.TB, topic string, timeout time.Duration, what string, cond func([]msg) bool) []msg {
	t.Helper()
	var ms []msg
	c.Wait(t, timeout, what+" on "+topic, func() bool { ms = c.on(topic); return cond(ms) })
	return ms
}

// distinctSeqs counts the distinct ruling seqs among ms.
func distinctSeqs(ms []msg) int {
	seen := map[int]bool{}
	for _, m := range ms {
		seen[seqOf(m.payload)] = true
	}
	return len(seen)
}

func seqOf(p []byte) int {
	var r struct {
		Seq int `json:"seq"`
	}
	if json.Unmarshal(p, &r) != nil {
		return -1
	}
	return r.Seq
}

// checkOrder checks rulings 1..n arrived in order: every message is either the next
// new seq, a redelivery flagged DUP of one already received, or a QoS-1 resend of
// a recent one, and none is missing. It returns the number of redeliveries.
func checkOrder(t testing.TB, ms []msg, n int) int {
	t.Helper()
	seen := map[int]bool{}
	max, dups := 0, 0
	for i, m := range ms {
		s := seqOf(m.payload)
		switch {
		case s == max+1:
			max = s
			seen[s] = true
		case seen[s] && m.dup:
			// The broker resending, on the subscriber's resumed session, a message
			// whose PUBACK it had not processed when it went down (MQTT-4.4.0-1):
			// the subscriber acknowledges after its handler, so under load that can
			// be dozens of messages back.
			dups++
		case seen[s] && max-s < 21: // the feed's resend of its record in flight; 20 = mosquitto's max_inflight_messages
			dups++
		default:
			t.Fatalf("message %d: got seq %d (dup %v) after seq %d, want %d or a redelivery of a recent one; seqs around it: %v",
				i, s, m.dup, max, max+1, seqWindow(ms, i))
		}
		if m.qos != 1 {
			t.Fatalf("message %d (seq %d): got QoS %d, want 1", i, s, m.qos)
		}
	}
	if max != n {
		t.Fatalf("got rulings up to seq %d, want %d", max, n)
	}
	return dups
}

// seqWindow lists the seqs of the messages around index i, a "*" after each
// that came with the DUP flag.
func seqWindow(ms []msg, i int) []string {
	var out []string
	for j := max(0, i-5); j < min(len(ms), i+6); j++ {
		s := strconv.Itoa(seqOf(ms[j].payload))
		if ms[j].dup {
			s += "*"
		}
		out = append(out, s)
	}
	return out
}

// ruling returns a realistic ruling numbered seq.
func ruling(seq int) *shot.Ruling {
	legal := seq%5 != 0
	r := &shot.Ruling{
		Seq: seq, Kind: "shot", Shooter: "Anna", Legal: &legal,
		Pocketed: []int{seq%9 + 1}, Counted: []int{seq%9 + 1}, Turn: shot.TurnKeep,
		Next:  shot.Next{Player: "Anna", BallInHand: shot.InHandNone},
		Score: map[string]int{"Anna": 0, "Boris": 0}, Racks: map[string]int{"Anna": seq / 10, "Boris": 1},
		FoulsInRow: map[string]int{"Anna": 0, "Boris": 0},
		Game:       "9ball", Rules: "standard", Players: []string{"Anna", "Boris"}, Race: 7, Rack: 1 + seq/10,
		OnTable: []int{2, 3, 4, 5, 6, 7, 8, 9},
		Text:    "Anna pockets a ball and stays at the table (rule 1.16)",
	}
	if !legal {
		r.Fouls = []shot.FoulCall{{Code: "wrong_ball_first", Rule: "3.8"}}
		r.Turn, r.Next = shot.TurnPass, shot.Next{Player: "Boris", BallInHand: shot.InHandTable}
	}
	return r
}

func testLogger(t testing.TB) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}

// newTestFeed starts a feed on broker (or the embedded one if "") and closes it at
// the end of the test.
func newTestFeed(t testing.TB, cfg Config, onCmd CommandFunc) *Feed {
	t.Helper()
	if cfg.Prefix == "" {
		cfg.Prefix = TopicPrefix("hall1", "t1")
	}
	if cfg.ClientID == "" {
		cfg.ClientID = "cueref-test"
	}
	if cfg.QueueDir == "" {
		cfg.QueueDir = filepath.Join(t.TempDir(), "queue")
	}
	cfg.ReconnectMax = time.Second
	f, err := New(cfg, testLogger(t), onCmd)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() { cancel(); f.Close() })
	if err := f.Start(ctx); err != nil {
		t.Fatalf("Start: %v", err)
	}
	return f
}

// waitConnected waits until the feed is connected and subscribed to commands:
// a command published before the broker acknowledged the subscription is lost
// (a clean session), so tests that send commands must not start before it.
func waitConnected(t testing.TB, f *Feed) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !f.Stats().Subscribed {
		if time.Now().After(deadline) {
			t.Fatal("the feed did not connect and subscribe to commands within 15 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// helper is a publisher child process (the test binary with FEED_TEST_HELPER set).
type helper struct {
	t     testing.TB
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startHelper(t testing.TB, broker, queueDir, clientID string) *helper {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "FEED_TEST_HELPER=publisher", "FEED_BROKER="+broker,
		"FEED_QUEUE="+queueDir, "FEED_CLIENT="+clientID, "FEED_PREFIX="+TopicPrefix("hall1", "t1"))
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting the helper process: %v", err)
	}
	h := &helper{t: t, cmd: cmd, in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(h.kill)
	h.expect("started", 10*time.Second)
	return h
}

func (h *helper) send(line string) {
	h.t.Helper()
	if _, err := fmt.Fprintln(h.in, line); err != nil {
		h.t.Fatalf("helper: %v", err)
	}
}

func (h *helper) expect(want string, timeout time.Duration) {
	h.t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				h.t.Fatalf("helper exited while the test waited for %q", want)
			}
			if l == want {
				return
			}
			if strings.HasPrefix(l, "error") {
				h.t.Fatalf("helper: %s", l)
			}
		case <-deadline:
			h.t.Fatalf("helper: timed out waiting for %q", want)
		}
	}
}

// kill kills the helper abruptly (SIGKILL): no DISCONNECT, no Close.
func (h *helper) kill() {
	if h.cmd.ProcessState == nil {
		h.cmd.Process.Kill()
		h.cmd.Wait()
	}
}

// runHelper runs a feed in the helper process. Commands on stdin:
//
//	rulings A B   queue rulings A..B, then print "queued B"
//	flush         wait until the queue is empty, then print "flushed"
func runHelper() int {
	cfg := Config{
		Broker: os.Getenv("FEED_BROKER"), Prefix: os.Getenv("FEED_PREFIX"), ClientID: os.Getenv("FEED_CLIENT"),
		QueueDir: os.Getenv("FEED_QUEUE"), ReconnectMax: time.Second,
	}
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	f, err := New(cfg, log, nil)
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	if err := f.Start(context.Background()); err != nil {
		fmt.Println("error", err)
		return 1
	}
	f.SetStatus("ok", 30)
	fmt.Println("started")
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 3 && fields[0] == "rulings":
			a, _ := strconv.Atoi(fields[1])
			b, _ := strconv.Atoi(fields[2])
			for s := a; s <= b; s++ {
				if err := f.Ruling(ruling(s)); err != nil {
					fmt.Println("error", err)
					return 1
				}
			}
			fmt.Println("queued", b)
		case len(fields) == 1 && fields[0] == "flush":
			if err := f.Flush(context.Background()); err != nil {
				fmt.Println("error", err)
				return 1
			}
			fmt.Println("flushed")
		default:
			fmt.Println("error unknown command", sc.Text())
		}
	}
	select {} // stdin closed: keep running until killed
}
