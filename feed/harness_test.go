package feed

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

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
	t    testing.TB
	bin  string
	dir  string
	conf string
	port int
	cmd  *exec.Cmd
	done chan struct{}
}

func mosquittoBin(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("mosquitto"); err == nil {
		return p
	}
	t.Fatalf("feed: the integration tests need the mosquitto broker (/usr/sbin/mosquitto), and it is not installed: run scripts/install-deps or apt-get install mosquitto")
	return ""
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startMosquitto starts mosquitto with `listener PORT 127.0.0.1`, anonymous
// access and no persistence, plus the extra configuration lines. It is stopped at
// the end of the test.
func startMosquitto(t testing.TB, extra ...string) *mosquitto {
	t.Helper()
	m := &mosquitto{t: t, bin: mosquittoBin(t), dir: t.TempDir(), port: freePort(t)}
	lines := []string{
		fmt.Sprintf("listener %d 127.0.0.1", m.port),
		"allow_anonymous true",
	}
	persistence := false
	for _, l := range extra {
		if strings.HasPrefix(l, "persistence ") {
			persistence = true
		}
	}
	if !persistence {
		lines = append(lines, "persistence false")
	}
	if os.Geteuid() == 0 {
		lines = append(lines, "user root") // do not drop to the mosquitto user: the temp dir is ours
	}
	lines = append(lines, "log_dest file "+filepath.Join(m.dir, "mosquitto.log"), "log_type error", "log_type warning", "log_type notice")
	lines = append(lines, extra...)
	m.conf = filepath.Join(m.dir, "mosquitto.conf")
	if err := os.WriteFile(m.conf, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	m.start()
	t.Cleanup(func() { m.stop() })
	return m
}

func (m *mosquitto) url() string { return fmt.Sprintf("tcp://127.0.0.1:%d", m.port) }

// start (re)starts the broker on its port and waits until it accepts connections.
func (m *mosquitto) start() {
	m.t.Helper()
	cmd := exec.Command(m.bin, "-c", m.conf)
	// stderr only says "should not be run as root"; the log file has the rest.
	if err := cmd.Start(); err != nil {
		m.t.Fatalf("starting mosquitto: %v", err)
	}
	m.cmd, m.done = cmd, make(chan struct{})
	done := m.done
	go func() { cmd.Wait(); close(done) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", m.port), 200*time.Millisecond)
		if err == nil {
			c.Close()
			return
		}
		select {
		case <-done:
			log, _ := os.ReadFile(filepath.Join(m.dir, "mosquitto.log"))
			m.t.Fatalf("mosquitto exited at start: %s", log)
		default:
		}
		if time.Now().After(deadline) {
			m.t.Fatalf("mosquitto does not accept connections on port %d: %v", m.port, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop stops the broker with SIGTERM (it saves its persistence file, if any).
func (m *mosquitto) stop() {
	if m.cmd == nil {
		return
	}
	m.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-m.done:
	case <-time.After(10 * time.Second):
		m.cmd.Process.Kill()
		<-m.done
	}
	m.cmd = nil
}

// msg is one message a test subscriber received.
type msg struct {
	topic    string
	payload  []byte
	retained bool
	qos      byte
	dup      bool
	at       time.Time
}

// collector is a paho subscriber that records what it receives.
type collector struct {
	client paho.Client
	mu     sync.Mutex
	msgs   []msg
	notify chan struct{}
}

// subscribe connects a test subscriber to topic (QoS 1). A persistent session
// (clean false) survives a restart of a broker with persistence.
func subscribe(t testing.TB, broker, id string, clean bool, topics ...string) *collector {
	t.Helper()
	c := &collector{notify: make(chan struct{}, 1)}
	h := func(_ paho.Client, m paho.Message) {
		c.mu.Lock()
		c.msgs = append(c.msgs, msg{topic: m.Topic(), payload: append([]byte(nil), m.Payload()...),
			retained: m.Retained(), qos: m.Qos(), dup: m.Duplicate(), at: time.Now()})
		c.mu.Unlock()
		select {
		case c.notify <- struct{}{}:
		default:
		}
	}
	o := paho.NewClientOptions().AddBroker(broker).SetClientID(id).SetCleanSession(clean).
		SetAutoReconnect(true).SetMaxReconnectInterval(500 * time.Millisecond).
		SetDefaultPublishHandler(h).SetOrderMatters(true)
	c.client = paho.NewClient(o)
	if tok := c.client.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("test subscriber %s cannot connect: %v", id, tok.Error())
	}
	filters := map[string]byte{}
	for _, tp := range topics {
		filters[tp] = 1
	}
	if tok := c.client.SubscribeMultiple(filters, h); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("test subscriber %s cannot subscribe: %v", id, tok.Error())
	}
	t.Cleanup(func() { c.client.Disconnect(100) })
	return c
}

// on returns the messages received on topic so far.
func (c *collector) on(topic string) []msg {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []msg
	for _, m := range c.msgs {
		if m.topic == topic {
			out = append(out, m)
		}
	}
	return out
}

// waitFor waits until cond holds for the messages on topic.
func (c *collector) waitFor(t testing.TB, topic string, timeout time.Duration, what string, cond func([]msg) bool) []msg {
	t.Helper()
	deadline := time.After(timeout)
	for {
		ms := c.on(topic)
		if cond(ms) {
			return ms
		}
		select {
		case <-c.notify:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("timed out after %v waiting for %s on %s: got %d messages", timeout, what, topic, len(ms))
		}
	}
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
// new seq or a QoS-1 redelivery of a recent one already received, and none is
// missing. It returns the number of redeliveries.
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
		case seen[s] && max-s < 21: // 20 = mosquitto's max_inflight_messages
			dups++
		default:
			t.Fatalf("message %d: got seq %d after seq %d, want %d or a redelivery of a recent one", i, s, max, max+1)
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

func waitConnected(t testing.TB, f *Feed) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !f.Stats().Connected {
		if time.Now().After(deadline) {
			t.Fatal("the feed did not connect within 15 s")
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
