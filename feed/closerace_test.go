package feed

import (
	"context"
	"net"
	"sync"
	"testing"
	"time"
)

// TestEmbeddedBrokerCloseWhileConnecting closes the broker while clients
// connect, send CONNECT and hang up as fast as they can. mochi counts each
// connection's goroutine (ClientsWg) from inside it, after the listener has
// handed it over, and its Close waits on that count: a handover still in
// flight when the count fell to zero panicked "sync: WaitGroup is reused
// before previous Wait has returned" (CI, 2026-12-06: a broker stopped while
// the feed's client reconnected). Close must return, and not panic, every
// time.
var closeRounds = 40

func TestEmbeddedBrokerCloseWhileConnecting(t *testing.T) {
	connect := []byte{0x10, 0x0d, 0x00, 0x04, 'M', 'Q', 'T', 'T', 0x04, 0x02, 0x00, 0x3c, 0x00, 0x01, 'a'}
	for round := 0; round < closeRounds; round++ {
		b := NewBroker(EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "-"}, nil)
		if err := b.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		addr := b.TCPAddr()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for g := 0; g < 32; g++ {
			wg.Add(1)
			go func(g int) {
				defer wg.Done()
				pk := append([]byte(nil), connect...)
				pk[len(pk)-1] = byte('a' + g)
				for {
					select {
					case <-stop:
						return
					default:
					}
					c, err := net.DialTimeout("tcp", addr, time.Second)
					if err != nil {
						continue
					}
					c.Write(pk)
					if g%2 == 0 {
						c.SetReadDeadline(time.Now().Add(time.Millisecond))
						c.Read(make([]byte, 4)) // CONNACK
					}
					c.Close()
				}
			}(g)
		}
		time.Sleep(time.Duration(round%5) * 2 * time.Millisecond)
		closed := make(chan error, 1)
		go func() { closed <- b.Close() }()
		select {
		case err := <-closed:
			if err != nil {
				t.Errorf("round %d: Close: %v", round, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("round %d: Close did not return within 10 s", round)
		}
		close(stop)
		wg.Wait()
	}
}

// TestConnSetCloseAllWaits checks that closeAll returns only once the
// handlers of the connections it closed have let them go (see connSet), and
// that it refuses connections added after it.
func TestConnSetCloseAllWaits(t *testing.T) {
	var s connSet
	a, b := net.Pipe()
	defer b.Close()
	if !s.add(a) {
		t.Fatal("add before closeAll: refused")
	}
	released := make(chan struct{})
	go func() {
		// The handler: its read fails once closeAll closes the connection,
		// and it lets the connection go a little later.
		a.Read(make([]byte, 1))
		time.Sleep(50 * time.Millisecond)
		close(released)
		s.remove(a)
	}()
	if !s.closeAll(5 * time.Second) {
		t.Fatal("closeAll: got false, want the handler to have returned within 5 s")
	}
	select {
	case <-released:
	default:
		t.Fatal("closeAll returned before the handler let its connection go")
	}
	c, d := net.Pipe()
	defer d.Close()
	if s.add(c) {
		t.Error("add after closeAll: accepted, want refused")
	}
	// A handler that never returns: closeAll gives up after its wait.
	var s2 connSet
	e, f := net.Pipe()
	defer f.Close()
	s2.add(e)
	if s2.closeAll(20 * time.Millisecond) {
		t.Error("closeAll with a stuck handler: got true, want false after the wait")
	}
}
