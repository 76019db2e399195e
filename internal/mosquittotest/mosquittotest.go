// Package mosquittotest runs a real mosquitto broker for integration tests: on a
// free loopback port, with its configuration, log and persistence in a temporary
// directory, stopped at the end of the test. It also has a paho subscriber that
// records what it receives. It is imported only by tests.
//
// A test that needs the broker fails (it does not skip) when mosquitto is not
// installed.
package mosquittotest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// Options is what a test may change in the broker's configuration.
type Options struct {
	// Persistence keeps sessions and retained messages in the broker's own
	// directory, so that they survive Stop and Restart as on a production broker.
	Persistence bool
	// Config lines are appended to the configuration after the defaults
	// (listener, anonymous access, persistence, log), e.g. "set_tcp_nodelay true"
	// or TLS settings for the listener. A later line overrides a default.
	Config []string
}

// Broker is a mosquitto process started by Start.
type Broker struct {
	t    testing.TB
	bin  string
	dir  string
	conf string
	port int
	cmd  *exec.Cmd
	done chan struct{}
}

// Start starts mosquitto on a free port of 127.0.0.1 with anonymous access and
// waits until it accepts connections. It is stopped at the end of the test. The
// test fails when mosquitto is not installed or does not start.
func Start(t testing.TB, opts Options) *Broker {
	t.Helper()
	b := &Broker{t: t, bin: binary(t), dir: t.TempDir(), port: freePort(t)}
	lines := []string{
		fmt.Sprintf("listener %d 127.0.0.1", b.port),
		"allow_anonymous true",
	}
	if opts.Persistence {
		lines = append(lines, "persistence true", "persistence_location "+b.dir+"/")
	} else {
		lines = append(lines, "persistence false")
	}
	if os.Geteuid() == 0 {
		lines = append(lines, "user root") // do not drop to the mosquitto user: the temp dir is ours
	}
	lines = append(lines, "log_dest file "+b.logPath(), "log_type error", "log_type warning", "log_type notice")
	lines = append(lines, opts.Config...)
	b.conf = filepath.Join(b.dir, "mosquitto.conf")
	if err := os.WriteFile(b.conf, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatalf("mosquittotest: %v", err)
	}
	b.start()
	t.Cleanup(b.Stop)
	return b
}

// binary is the path of the mosquitto executable.
func binary(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("mosquitto"); err == nil {
		return p
	}
	t.Fatalf("mosquittotest: this test needs the mosquitto broker (/usr/sbin/mosquitto), and it is not installed: run scripts/install-deps or apt-get install mosquitto")
	return ""
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("mosquittotest: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// URL is the broker's address for an MQTT client: tcp://127.0.0.1:PORT.
func (b *Broker) URL() string { return "tcp://" + b.Addr() }

// Addr is the broker's host:port.
func (b *Broker) Addr() string { return fmt.Sprintf("127.0.0.1:%d", b.port) }

// Port is the broker's port on 127.0.0.1.
func (b *Broker) Port() int { return b.port }

func (b *Broker) logPath() string { return filepath.Join(b.dir, "mosquitto.log") }

// Restart starts a stopped broker again, on the same port and with the same
// configuration (and, with persistence, the sessions and retained messages it
// saved), and waits until it accepts connections.
func (b *Broker) Restart() {
	b.t.Helper()
	if b.cmd != nil {
		b.t.Fatalf("mosquittotest: Restart of a broker that is running")
	}
	b.start()
}

func (b *Broker) start() {
	b.t.Helper()
	cmd := exec.Command(b.bin, "-c", b.conf)
	// stderr only says "should not be run as root"; the log file has the rest.
	if err := cmd.Start(); err != nil {
		b.t.Fatalf("mosquittotest: starting mosquitto: %v", err)
	}
	done := make(chan struct{})
	b.cmd, b.done = cmd, done
	go func() { cmd.Wait(); close(done) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", b.Addr(), 200*time.Millisecond)
		if err == nil {
			c.Close()
			return
		}
		select {
		case <-done:
			b.cmd = nil
			log, _ := os.ReadFile(b.logPath())
			b.t.Fatalf("mosquittotest: mosquitto exited at start:\n%s", log)
		default:
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("mosquittotest: mosquitto does not accept connections on %s: %v", b.Addr(), err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop stops the broker with SIGTERM (it saves its persistence file, if any) and
// waits for it to exit. Stopping a stopped broker does nothing.
func (b *Broker) Stop() {
	if b.cmd == nil {
		return
	}
	b.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-b.done:
	case <-time.After(10 * time.Second):
		b.cmd.Process.Kill()
		<-b.done
	}
	b.cmd = nil
}

// Connect connects a paho client with the client id (a clean session) to the
// broker at url, for a test to publish or subscribe with; it disconnects at the
// end of the test.
func Connect(t testing.TB, url, id string) paho.Client {
	t.Helper()
	c := paho.NewClient(paho.NewClientOptions().AddBroker(url).SetClientID(id).SetCleanSession(true))
	if tok := c.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("mosquittotest: client %s cannot connect: %v", id, tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(100) })
	return c
}

// Message is one message a Subscriber received.
type Message struct {
	Topic    string
	Payload  []byte
	Retained bool
	QoS      byte
	Dup      bool
	At       time.Time // when it arrived
}

// Subscriber is a paho client subscribed at QoS 1 that records every message it
// receives, as a scoreboard would get them.
type Subscriber struct {
	client paho.Client
	mu     sync.Mutex
	msgs   []Message
	notify chan struct{}
}

// Subscribe connects a subscriber with the client id to the broker at url and
// subscribes it to the topic filters at QoS 1; it disconnects at the end of the
// test. A persistent session (clean false) survives a restart of a broker with
// persistence; the subscriber subscribes again whenever it reconnects.
func Subscribe(t testing.TB, url, id string, clean bool, filters ...string) *Subscriber {
	t.Helper()
	s := &Subscriber{notify: make(chan struct{}, 1)}
	h := func(_ paho.Client, m paho.Message) {
		s.mu.Lock()
		s.msgs = append(s.msgs, Message{Topic: m.Topic(), Payload: append([]byte(nil), m.Payload()...),
			Retained: m.Retained(), QoS: m.Qos(), Dup: m.Duplicate(), At: time.Now()})
		s.mu.Unlock()
		select {
		case s.notify <- struct{}{}:
		default:
		}
	}
	subs := map[string]byte{}
	for _, f := range filters {
		subs[f] = 1
	}
	var connected atomic.Bool // the first connection subscribes below, and waits for the SUBACK
	o := paho.NewClientOptions().AddBroker(url).SetClientID(id).SetCleanSession(clean).
		SetAutoReconnect(true).SetMaxReconnectInterval(250 * time.Millisecond).SetConnectRetry(true).
		SetConnectRetryInterval(250 * time.Millisecond).SetOrderMatters(true).
		SetDefaultPublishHandler(h).
		SetOnConnectHandler(func(c paho.Client) {
			if connected.Swap(true) {
				c.SubscribeMultiple(subs, h)
			}
		})
	s.client = paho.NewClient(o)
	if tok := s.client.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("mosquittotest: subscriber %s cannot connect: %v", id, tok.Error())
	}
	if tok := s.client.SubscribeMultiple(subs, h); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		t.Fatalf("mosquittotest: subscriber %s cannot subscribe: %v", id, tok.Error())
	}
	t.Cleanup(func() { s.client.Disconnect(100) })
	return s
}

// Messages returns the messages received on topic so far, in arrival order.
func (s *Subscriber) Messages(topic string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.msgs {
		if m.Topic == topic {
			out = append(out, m)
		}
	}
	return out
}

// Wait waits until cond holds, checking it whenever a message arrives (and every
// 50 ms), and fails the test after timeout; what names the wait in the failure.
func (s *Subscriber) Wait(t testing.TB, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for !cond() {
		select {
		case <-s.notify:
		case <-time.After(50 * time.Millisecond):
		case <-deadline.C:
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
	}
}
