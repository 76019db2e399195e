package systemd

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// listen opens a unixgram socket like systemd's notify socket.
func listen(t *testing.T, name string) *net.UnixConn {
	t.Helper()
	c, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func read(t *testing.T, c *net.UnixConn) string {
	t.Helper()
	buf := make([]byte, 256)
	c.SetReadDeadline(time.Now().Add(2 * time.Second))
	n, err := c.Read(buf)
	if err != nil {
		t.Fatal(err)
	}
	return string(buf[:n])
}

func TestNotify(t *testing.T) {
	tests := []struct {
		name, socket, listenAt string
	}{
		{"path", "", ""},
		{"abstract", "@cueref-test-" + strconv.Itoa(os.Getpid()), "\x00cueref-test-" + strconv.Itoa(os.Getpid())},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.socket == "" {
				tt.socket = filepath.Join(t.TempDir(), "notify.sock")
				tt.listenAt = tt.socket
			}
			c := listen(t, tt.listenAt)
			n := New(tt.socket)
			steps := []struct {
				send func() error
				want string
			}{
				{func() error { return n.Ready("refereeing") }, "READY=1\nSTATUS=refereeing"},
				{n.Watchdog, "WATCHDOG=1"},
				{n.Stopping, "STOPPING=1"},
			}
			for _, s := range steps {
				if err := s.send(); err != nil {
					t.Fatal(err)
				}
				if got := read(t, c); got != s.want {
					t.Errorf("got %q, want %q", got, s.want)
				}
			}
		})
	}
}

func TestNoSocketDoesNothing(t *testing.T) {
	n := New("")
	if n.Enabled() || n.Ready("x") != nil || n.Watchdog() != nil {
		t.Error("a Notifier without a socket should do nothing and succeed")
	}
	if err := New(filepath.Join(t.TempDir(), "absent.sock")).Watchdog(); err == nil {
		t.Error("notifying a missing socket: got nil, want an error")
	}
}

func TestWatchdogInterval(t *testing.T) {
	tests := []struct {
		usec, pid string
		want      time.Duration
	}{
		{"", "", 0},
		{"10000000", "", 5 * time.Second},
		{"10000000", strconv.Itoa(os.Getpid()), 5 * time.Second},
		{"10000000", "1", 0},
		{"junk", "", 0},
	}
	for _, tt := range tests {
		t.Setenv("WATCHDOG_USEC", tt.usec)
		t.Setenv("WATCHDOG_PID", tt.pid)
		if got := WatchdogInterval(); got != tt.want {
			t.Errorf("WATCHDOG_USEC=%q WATCHDOG_PID=%q: got %v, want %v", tt.usec, tt.pid, got, tt.want)
		}
	}
}
