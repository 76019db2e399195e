package feed

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/hooks/auth"
	"github.com/mochi-mqtt/server/v2/listeners"
	"github.com/mochi-mqtt/server/v2/packets"
)

// Broker is the embedded MQTT broker (mochi-mqtt) of the no-configuration demo: a
// plain TCP listener for MQTT clients, a WebSocket listener for browser scoreboards
// (MQTT.js and the like, subprotocol "mqtt", any path), retained messages kept in
// memory for as long as it runs, and allow-all authentication unless users are
// configured.
type Broker struct {
	cfg EmbeddedConfig
	log *slog.Logger

	mu     sync.Mutex
	srv    *mqtt.Server
	tcp    *tcpListener
	ws     *wsListener
	closed bool
	done   chan struct{} // closed when Close is first called
	halted chan struct{} // closed when the server has stopped
}

// NewBroker returns a broker for cfg; empty addresses take the defaults
// (":1883", ":9001"). log may be nil.
func NewBroker(cfg EmbeddedConfig, log *slog.Logger) *Broker {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.TCPAddr == "" {
		cfg.TCPAddr = DefaultEmbeddedTCP
	}
	if cfg.WSAddr == "" {
		cfg.WSAddr = DefaultEmbeddedWS
	}
	return &Broker{cfg: cfg, log: log, done: make(chan struct{}), halted: make(chan struct{})}
}

// Start binds the listeners and starts serving. It returns once the listeners are
// bound (an address in use is an error). The broker stops when ctx is done or
// Close is called.
func (b *Broker) Start(ctx context.Context) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.srv != nil || b.closed {
		return errors.New("feed: broker already started")
	}
	caps := mqtt.NewDefaultServerCapabilities()
	// mochi drops retained messages older than this (a day by default): the
	// retained state and status must stay for as long as the broker runs.
	caps.MaximumMessageExpiryInterval = 0
	srv := mqtt.New(&mqtt.Options{
		Capabilities: caps,
		Logger:       b.log.With("component", "mochi"),
	})
	var hookErr error
	if len(b.cfg.Users) == 0 {
		hookErr = srv.AddHook(new(auth.AllowHook), nil)
	} else {
		users := auth.Users{}
		for u, p := range b.cfg.Users {
			users[u] = auth.UserRule{Username: auth.RString(u), Password: auth.RString(p)}
		}
		hookErr = srv.AddHook(new(auth.Hook), &auth.Options{Ledger: &auth.Ledger{
			Users: users,
			// One rule with no filters: every authenticated user may use every topic.
			ACL: auth.ACLRules{{}},
		}})
	}
	if hookErr != nil {
		return fmt.Errorf("feed: broker: %w", hookErr)
	}
	tcp := &tcpListener{boundListener{id: "tcp", addr: b.cfg.TCPAddr}}
	if err := srv.AddListener(tcp); err != nil {
		return fmt.Errorf("feed: broker: TCP listener on %s: %w", b.cfg.TCPAddr, err)
	}
	var ws *wsListener
	if b.cfg.WSAddr != "-" {
		ws = &wsListener{boundListener: boundListener{id: "ws", addr: b.cfg.WSAddr}}
		if err := srv.AddListener(ws); err != nil {
			tcp.Close(func(string) {})
			return fmt.Errorf("feed: broker: WebSocket listener on %s: %w", b.cfg.WSAddr, err)
		}
	}
	if err := srv.Serve(); err != nil {
		srv.Close()
		return fmt.Errorf("feed: broker: %w", err)
	}
	b.srv, b.tcp, b.ws = srv, tcp, ws
	b.log.Info("feed: embedded broker started", keyTCP, tcp.Address(), keyWS, b.wsAddrLocked())
	go func() {
		select {
		case <-ctx.Done():
			b.Close()
		case <-b.done:
		}
	}()
	return nil
}

// TCPAddr is the bound address of the TCP listener ("" before Start).
func (b *Broker) TCPAddr() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.tcp == nil {
		return ""
	}
	return b.tcp.Address()
}

// WSAddr is the bound address of the WebSocket listener ("" before Start or when
// disabled).
func (b *Broker) WSAddr() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.wsAddrLocked()
}

// wsAddrLocked is WSAddr with b.mu held.
func (b *Broker) wsAddrLocked() string {
	if b.ws == nil {
		return ""
	}
	return b.ws.Address()
}

// stopped reports whether the broker has been closed (false for a nil *Broker).
func (b *Broker) stopped() bool {
	if b == nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.closed
}

// Close disconnects every client and stops the listeners. It may be called more
// than once; every call returns once the server has stopped.
//
// The server is stopped without b.mu held: mochi's Close waits for each
// connection's goroutine, and one that was still being attached when the
// listeners closed ends only when its client disconnects. That client may be
// the Feed's own, whose Close asks stopped (b.mu) before it disconnects.
func (b *Broker) Close() error {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		<-b.halted
		return nil
	}
	b.closed = true
	close(b.done)
	srv := b.srv
	b.mu.Unlock()
	defer close(b.halted)
	if srv == nil {
		return nil
	}
	// The clients are told the server is going away here, not by mochi's
	// own sweep as each listener closes (see tcpListener.Close); a client
	// that reads nothing holds the telling up a second at most.
	for _, cl := range srv.Clients.GetAll() {
		if c := cl.Net.Conn; c != nil && !cl.Closed() {
			c.SetWriteDeadline(time.Now().Add(time.Second))
			srv.DisconnectClient(cl, packets.ErrServerShuttingDown)
		}
	}
	err := srv.Close()
	b.log.Info("feed: embedded broker stopped")
	return err
}

// connectWait is how long a new connection has to send CONNECT. mochi sets no
// deadline until then, and waits on Close for every connection it accepted: one
// that stays silent would hold the broker up.
var connectWait = 10 * time.Second

// connSet holds the connections a listener accepted and has not seen end, so
// that Close can end them all: mochi's own sweep on Close reaches only clients
// that had finished CONNECT.
//
// Close also waits for them to end (closeAll). mochi counts each connection's
// goroutine (ClientsWg) from inside it, after the listener has handed the
// connection over, and its Close waits on that count once the listeners are
// closed: a handover still in flight when the count fell to zero made that
// wait panic ("sync: WaitGroup is reused before previous Wait has returned";
// CI, 2026-12-06, a broker stopped as the feed's client reconnected). With
// every handed-over connection ended before mochi waits, none is in flight.
type connSet struct {
	mu     sync.Mutex
	m      map[net.Conn]struct{}
	closed bool
	ended  chan struct{} // closed when the last connection held at closeAll ends
}

// add holds c, or closes it and reports false once closeAll has run.
func (s *connSet) add(c net.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		c.Close()
		return false
	}
	if s.m == nil {
		s.m = map[net.Conn]struct{}{}
	}
	s.m[c] = struct{}{}
	return true
}

// remove lets go of c, whose handler has returned.
func (s *connSet) remove(c net.Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, c)
	if s.closed && len(s.m) == 0 && s.ended != nil {
		close(s.ended)
		s.ended = nil
	}
}

// closeAll closes every connection held, and every one added after, and waits
// up to wait for the handlers of those held to return (remove); it reports
// whether they did.
func (s *connSet) closeAll(wait time.Duration) bool {
	s.mu.Lock()
	s.closed = true
	for c := range s.m {
		c.Close()
	}
	var ended chan struct{}
	if len(s.m) > 0 {
		if s.ended == nil {
			s.ended = make(chan struct{})
		}
		ended = s.ended
	}
	s.mu.Unlock()
	if ended == nil {
		return true
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ended:
		return true
	case <-t.C:
		return false
	}
}

// closeWait bounds how long a listener's Close waits for the connections it
// closed to end: a handler returns as soon as its connection fails, so only
// a stuck one would take that long, and the broker then stops regardless.
var closeWait = 5 * time.Second

// closeConns is closeAll for listener l's Close, logging a wait cut short.
func (l *boundListener) closeConns() {
	if !l.conns.closeAll(closeWait) {
		l.mu.Lock()
		log := l.log
		l.mu.Unlock()
		if log != nil {
			log.Warn("feed: broker: connections still open after closing them", keyListener, l.id, keyWait, closeWait)
		}
	}
}

// boundListener is what both listeners share: the address bound in Init (so
// that Start reports an address in use and a ":0" address can be read back)
// and the connections accepted.
type boundListener struct {
	id    string
	addr  string
	conns connSet

	mu  sync.Mutex
	ln  net.Listener
	log *slog.Logger
}

func (l *boundListener) ID() string { return l.id }

// establish hands c to mochi with the CONNECT deadline set, holding it in
// l.conns until it ends.
func (l *boundListener) establish(c net.Conn, fn listeners.EstablishFn) {
	if !l.conns.add(c) {
		return
	}
	defer l.conns.remove(c)
	c.SetDeadline(time.Now().Add(connectWait))
	l.mu.Lock()
	log := l.log
	l.mu.Unlock()
	if err := fn(l.id, c); err != nil && log != nil {
		log.Debug("feed: client ended", keyListener, l.id, keyErr, err)
	}
}

func (l *boundListener) Address() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ln != nil {
		return l.ln.Addr().String()
	}
	return l.addr
}

func (l *boundListener) Init(log *slog.Logger) error {
	ln, err := net.Listen("tcp", l.addr)
	if err != nil {
		return err
	}
	l.mu.Lock()
	l.ln, l.log = ln, log
	l.mu.Unlock()
	return nil
}

// tcpListener is the plain MQTT listener. Unlike mochi's, it ends on Close the
// connections that have not sent CONNECT yet.
type tcpListener struct{ boundListener }

func (l *tcpListener) Protocol() string { return "tcp" }

func (l *tcpListener) Serve(fn listeners.EstablishFn) {
	l.mu.Lock()
	ln := l.ln
	l.mu.Unlock()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go l.establish(c, fn)
	}
}

// Close stops accepting and ends every connection (closeConns). It does not
// call mochi's closeClients: that sweep (Clients.GetByListener in mochi
// v2.7.9) takes the clients' read lock twice, and a client connecting or
// leaving between the two deadlocks the broker for good, Close with it
// (mochi-mqtt/server issue 488, unfixed in the release; CI, 2026-12-06:
// Close did not return while clients kept connecting). Broker.Close tells
// the clients first, through a sweep that locks once.
func (l *tcpListener) Close(listeners.CloseFn) {
	l.mu.Lock()
	ln := l.ln
	l.mu.Unlock()
	if ln != nil {
		ln.Close()
	}
	l.closeConns()
}

// wsListener is mochi's WebSocket listener made to bind in Init.
type wsListener struct {
	boundListener
	srv *http.Server
}

var wsUpgrader = websocket.Upgrader{
	Subprotocols: []string{"mqtt"},
	// Scoreboards are served from other origins (a tablet, the web server).
	CheckOrigin: func(*http.Request) bool { return true },
}

func (l *wsListener) Protocol() string { return "ws" }

func (l *wsListener) Serve(fn listeners.EstablishFn) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		c, err := wsUpgrader.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		l.establish(&wsConn{Conn: c.UnderlyingConn(), c: c}, fn)
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	l.mu.Lock()
	l.srv = srv
	ln := l.ln
	l.mu.Unlock()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		l.log.Error("feed: websocket listener failed", keyErr, err)
	}
}

func (l *wsListener) Close(listeners.CloseFn) {
	l.mu.Lock()
	srv, ln := l.srv, l.ln
	l.mu.Unlock()
	if srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		srv.Shutdown(ctx)
		cancel()
	} else if ln != nil {
		ln.Close()
	}
	l.closeConns() // not closeClients: see tcpListener.Close
}

// wsConn carries the MQTT byte stream in binary WebSocket messages.
type wsConn struct {
	net.Conn
	c *websocket.Conn
	r io.Reader // the message being read, if any
}

func (ws *wsConn) Read(p []byte) (int, error) {
	for {
		if ws.r == nil {
			op, r, err := ws.c.NextReader()
			if err != nil {
				return 0, err
			}
			if op != websocket.BinaryMessage {
				return 0, errors.New("feed: websocket message is not binary")
			}
			ws.r = r
		}
		n, err := ws.r.Read(p)
		if errors.Is(err, io.EOF) {
			ws.r = nil
			if n == 0 {
				continue
			}
			return n, nil
		}
		return n, err
	}
}

func (ws *wsConn) Write(p []byte) (int, error) {
	if err := ws.c.WriteMessage(websocket.BinaryMessage, p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (ws *wsConn) Close() error { return ws.c.Close() }
