// Package systemd speaks the few lines of the sd_notify protocol cueref needs
// under systemd's Type=notify: READY=1 once the referee runs, WATCHDOG=1 pings,
// STOPPING=1 and STATUS= lines. It also holds the unit file (cueref.service).
//
// Why not github.com/coreos/go-systemd/v22/daemon: the protocol is one datagram
// to the unix socket named by $NOTIFY_SOCKET ("@" for the abstract namespace),
// about twenty lines of standard library code; the dependency would add a module
// for that and nothing else we use.
package systemd

import (
	"errors"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// Notifier sends state lines to systemd. The zero Notifier (no socket) does
// nothing, so the daemon runs the same outside systemd.
type Notifier struct {
	socket string
}

// FromEnv returns a Notifier for $NOTIFY_SOCKET.
func FromEnv() *Notifier { return &Notifier{socket: os.Getenv("NOTIFY_SOCKET")} }

// New returns a Notifier for socket ("" for none).
func New(socket string) *Notifier { return &Notifier{socket: socket} }

// Enabled reports whether there is a socket to notify.
func (n *Notifier) Enabled() bool { return n != nil && n.socket != "" }

// Notify sends state, e.g. "READY=1" or "STATUS=refereeing\nWATCHDOG=1".
func (n *Notifier) Notify(state string) error {
	if !n.Enabled() {
		return nil
	}
	name := n.socket
	if strings.HasPrefix(name, "@") {
		name = "\x00" + name[1:]
	}
	conn, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: name, Net: "unixgram"})
	if err != nil {
		return errors.New("systemd: notify: " + err.Error())
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(state)); err != nil {
		return errors.New("systemd: notify: " + err.Error())
	}
	return nil
}

// Ready says the service is up.
func (n *Notifier) Ready(status string) error {
	return n.Notify("READY=1\nSTATUS=" + status)
}

// Watchdog pings the watchdog.
func (n *Notifier) Watchdog() error { return n.Notify("WATCHDOG=1") }

// Stopping says the service is shutting down.
func (n *Notifier) Stopping() error { return n.Notify("STOPPING=1") }

// WatchdogInterval returns how often to ping: half of $WATCHDOG_USEC when it is
// set for this process ($WATCHDOG_PID absent or ours), else 0 (no watchdog).
func WatchdogInterval() time.Duration {
	usec, err := strconv.ParseInt(os.Getenv("WATCHDOG_USEC"), 10, 64)
	if err != nil || usec <= 0 {
		return 0
	}
	if pid := os.Getenv("WATCHDOG_PID"); pid != "" && pid != strconv.Itoa(os.Getpid()) {
		return 0
	}
	return time.Duration(usec) * time.Microsecond / 2
}
