package mosquittotest

import (
	"strings"
	"testing"
	"time"
)

func publish(t *testing.T, url, topic, payload string, retain bool) {
	t.Helper()
	c := Connect(t, url, "pub")
	defer c.Disconnect(100)
	if tok := c.Publish(topic, 1, retain, payload); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("publish: %v", tok.Error())
	}
}

// A retained message survives Stop and Restart of a broker with persistence, on
// the same address, and a subscriber with a clean session subscribes again when
// it reconnects.
func TestRestartWithPersistence(t *testing.T) {
	b := Start(t, Options{Persistence: true, Config: []string{"set_tcp_nodelay true"}})
	if got, want := b.URL(), "tcp://"+b.Addr(); got != want || !strings.HasPrefix(b.Addr(), "127.0.0.1:") {
		t.Fatalf("URL %q Addr %q: want tcp://127.0.0.1:PORT", b.URL(), b.Addr())
	}
	sub := Subscribe(t, b.URL(), "sub", true, "t/#")
	publish(t, b.URL(), "t/state", "one", true)
	sub.Wait(t, 5*time.Second, "the first message", func() bool { return len(sub.Messages("t/state")) == 1 })
	if m := sub.Messages("t/state")[0]; string(m.Payload) != "one" || m.QoS != 1 || m.Retained {
		t.Errorf("got %q QoS %d retained %v, want \"one\" QoS 1 not retained (live)", m.Payload, m.QoS, m.Retained)
	}

	b.Stop()
	b.Stop() // stopping a stopped broker does nothing
	b.Restart()
	// The subscriber reconnects, subscribes again and gets the retained message.
	sub.Wait(t, 10*time.Second, "the retained message after the restart", func() bool {
		ms := sub.Messages("t/state")
		return len(ms) == 2 && ms[1].Retained
	})
	if got := string(sub.Messages("t/state")[1].Payload); got != "one" {
		t.Errorf("retained after restart: got %q, want \"one\"", got)
	}
}

// Without persistence the broker forgets its retained messages on a restart.
func TestRestartWithoutPersistence(t *testing.T) {
	b := Start(t, Options{})
	publish(t, b.URL(), "t/state", "one", true)
	b.Stop()
	b.Restart()
	sub := Subscribe(t, b.URL(), "late", true, "t/state")
	time.Sleep(300 * time.Millisecond)
	if ms := sub.Messages("t/state"); len(ms) != 0 {
		t.Errorf("got %d retained messages after a restart without persistence, want 0", len(ms))
	}
}
