//go:build linux

package feed

import (
	"net"
	"syscall"
	"testing"
)

func noDelay(t *testing.T, c net.Conn) int {
	t.Helper()
	tc, ok := c.(*net.TCPConn)
	if !ok {
		t.Fatalf("got a %T, want a *net.TCPConn", c)
	}
	raw, err := tc.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var v int
	var serr error
	if err := raw.Control(func(fd uintptr) {
		v, serr = syscall.GetsockoptInt(int(fd), syscall.IPPROTO_TCP, syscall.TCP_NODELAY)
	}); err != nil || serr != nil {
		t.Fatalf("getsockopt: %v %v", err, serr)
	}
	return v
}

// TestNoDelay reads TCP_NODELAY back from the socket the client connected with. It
// also pins down the fact the feed relies on besides: Go sets it on every TCP
// connection by default.
func TestNoDelay(t *testing.T) {
	f := newTestFeed(t, Config{Embedded: EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "-"}}, nil)
	waitConnected(t, f)
	c := f.lastConn.Load()
	if c == nil {
		t.Fatal("the feed did not go through its OpenConnectionFn")
	}
	if got := noDelay(t, *c); got == 0 {
		t.Errorf("the feed's connection: got TCP_NODELAY %d, want on", got)
	}
	plain, err := net.Dial("tcp", f.Broker().TCPAddr())
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if got := noDelay(t, plain); got == 0 {
		t.Errorf("a plain net.Dial connection: got TCP_NODELAY %d, want on (Go's default)", got)
	}
}
