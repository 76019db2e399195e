package feed

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/cueref/cueref/shot"
)

// Topics under the prefix.
const (
	TopicStatus = "status"
	TopicState  = "state"
	TopicRuling = "ruling"
	TopicEvent  = "event"
	TopicShot   = "shot"
	TopicCmd    = "cmd"
	TopicResult = "cmd/result"
)

// Status values of the "state" field of the status topic.
const (
	Online  = "online"
	Offline = "offline"
)

// Status is the payload of the retained status topic.
type Status struct {
	State  string  `json:"state"`
	Camera string  `json:"camera"`
	FPS    float64 `json:"fps"`
	// Since is when the referee came online (the current connection), or went
	// offline on a clean shutdown. The last will, sent by the broker at a moment
	// nobody knows in advance, has none.
	Since *time.Time `json:"since,omitempty"`
}

// Result is the payload of cmd/result, the answer to one command.
type Result struct {
	// ID echoes the command's "id" (any JSON value up to 256 bytes) when the
	// command was JSON and had one.
	ID    json.RawMessage `json:"id,omitempty"`
	OK    bool            `json:"ok"`
	Error string          `json:"error,omitempty"`
	// Seq is the seq of the ruling the command produced, when it produced one.
	Seq int `json:"seq,omitempty"`
}

// CommandFunc handles the raw payload of one command from the cmd topic. It runs
// on the feed's command goroutine, one command at a time in arrival order, so it
// should return promptly. It returns the seq of the ruling the command produced
// (0 for none) or the error that rejects it; either becomes the command's result.
// A panic is recovered and answered as an error. The payload is the handler's to
// keep.
type CommandFunc func(ctx context.Context, payload []byte) (seq int, err error)

// Stats are the feed's counters, for /metrics.
type Stats struct {
	Connected         bool   // connected to the broker now
	Subscribed        bool   // connected, and subscribed to commands on this connection
	Connects          uint64 // successful connections, the first one included
	Reconnects        uint64 // successful connections after a lost one
	ConnectionsLost   uint64 // connections lost (not counting Close)
	QueueDepth        int    // records (rulings, shots) waiting for the broker's PUBACK
	QueueDropped      uint64 // records dropped because the queue was full
	Published         uint64 // queued records acknowledged by the broker
	EventsDropped     uint64 // live events dropped (disconnected, or the send buffer full)
	Commands          uint64 // commands received
	CommandsFailed    uint64 // commands answered ok:false (the oversized included)
	CommandsOversized uint64 // commands over MaxCmdBytes, answered without being read
	ResultsDropped    uint64 // command results not sent because the client was disconnected
}

// Feed is the referee's MQTT client. Create it with New, start it with Start, stop
// it with Close. Its methods are safe for concurrent use.
type Feed struct {
	cfg       Config
	log       *slog.Logger
	onCmd     CommandFunc
	tlsCfg    *tls.Config
	brokerURL string

	topic  map[string]string
	q      *queue
	store  *paho.MemoryStore
	client paho.Client
	broker *Broker

	events   chan []byte
	cmds     chan cmdItem
	statusCh chan struct{}
	lastConn atomic.Pointer[net.Conn]

	mu        sync.Mutex
	started   bool
	closed    bool
	cancel    context.CancelFunc
	ctx       context.Context // the feed's lifetime, set by Start
	ready     bool            // the first Connect has completed
	connected bool
	gen       uint64        // incremented on each successful connection
	subGen    uint64        // the gen whose command subscription the broker acknowledged
	changed   chan struct{} // closed and replaced whenever ready/connected/gen change
	since     time.Time
	camera    string
	fps       float64
	lastState []byte

	wg sync.WaitGroup

	connects, reconnects, lost, published         atomic.Uint64
	eventsDropped, commands, cmdFailed, oversized atomic.Uint64
	resultsDropped                                atomic.Uint64
}

type cmdItem struct {
	size    int
	payload []byte // nil when size > MaxCmdBytes
}

const stateFile = "state.json"

// New checks cfg (after WithDefaults), opens the outgoing queue in cfg.QueueDir —
// records left there by an earlier run are sent once connected — and returns the
// feed, not yet connected. onCmd may be nil: commands are then answered with an
// error. log may be nil.
func New(cfg Config, log *slog.Logger, onCmd CommandFunc) (*Feed, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	f := &Feed{
		cfg:      cfg,
		log:      log,
		onCmd:    onCmd,
		events:   make(chan []byte, 256),
		cmds:     make(chan cmdItem, 1024),
		statusCh: make(chan struct{}, 1),
		changed:  make(chan struct{}),
		camera:   "unknown",
		topic:    map[string]string{},
	}
	for _, t := range []string{TopicStatus, TopicState, TopicRuling, TopicEvent, TopicShot, TopicCmd, TopicResult} {
		f.topic[t] = cfg.Prefix + t
	}
	tc, err := cfg.tlsConfig()
	if err != nil {
		return nil, err
	}
	f.tlsCfg = tc
	q, err := openQueue(cfg.QueueDir, cfg.MaxQueue, log)
	if err != nil {
		return nil, err
	}
	f.q = q
	if b, err := os.ReadFile(filepath.Join(cfg.QueueDir, stateFile)); err == nil && json.Valid(b) {
		f.lastState = b
	}
	return f, nil
}

// Topic returns the full topic name of one of the Topic constants.
func (f *Feed) Topic(name string) string { return f.cfg.Prefix + name }

// Broker returns the embedded broker once Start has started one (nil otherwise).
func (f *Feed) Broker() *Broker {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.broker
}

// Start starts the embedded broker when the configuration names none, and starts
// connecting to the broker in the background: Start does not wait for the
// connection, and a broker that is down is retried (with backoff) for as long as
// the feed runs. It returns an error only for what retrying cannot mend (the
// embedded broker's address in use). The feed stops when ctx is done or Close is
// called; either way call Close.
func (f *Feed) Start(ctx context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.started || f.closed {
		return errors.New("feed: Start called twice or after Close")
	}
	f.started = true
	parent := ctx
	ctx, f.cancel = context.WithCancel(ctx)
	f.ctx = ctx
	brokerURL := f.cfg.Broker
	if brokerURL == "" {
		// The broker stops with the parent context, or in Close after the offline
		// status has gone out.
		b := NewBroker(f.cfg.Embedded, f.log)
		if err := b.Start(parent); err != nil {
			f.cancel()
			return err
		}
		f.broker = b
		brokerURL = "tcp://" + loopback(b.TCPAddr())
	}
	f.brokerURL = brokerURL
	o := paho.NewClientOptions().
		AddBroker(brokerURL).
		SetClientID(f.cfg.ClientID).
		SetCleanSession(true). // a referee that was away must not get stale commands
		SetAutoReconnect(true).
		SetConnectRetry(false). // the first connection is retried by connectLoop
		SetMaxReconnectInterval(f.cfg.ReconnectMax).
		SetKeepAlive(f.cfg.KeepAlive).
		SetPingTimeout(min(f.cfg.KeepAlive, 10*time.Second)).
		SetConnectTimeout(f.cfg.ConnectTimeout).
		SetWriteTimeout(10*time.Second).
		SetOrderMatters(true).
		SetProtocolVersion(4).
		SetResumeSubs(false).
		SetBinaryWill(f.topic[TopicStatus], willPayload(), 1, true).
		SetOnConnectHandler(f.onConnect).
		SetConnectionLostHandler(f.onLost).
		SetCustomOpenConnectionFn(f.openConn)
	if f.cfg.Username != "" {
		o.SetUsername(f.cfg.Username).SetPassword(f.cfg.Password)
	}
	f.store = paho.NewMemoryStore()
	o.SetStore(f.store)
	f.client = paho.NewClient(o)
	f.log.Info("feed: starting", keyBroker, redact(brokerURL), keyClient, f.cfg.ClientID,
		keyTopic, f.cfg.Prefix, keyDepth, f.q.depth())

	f.wg.Add(5)
	go f.connectLoop(ctx)
	go f.sessionLoop(ctx)
	go f.queueLoop(ctx)
	go f.eventLoop(ctx)
	go f.cmdLoop(ctx)
	return nil
}

func willPayload() []byte {
	b, _ := json.Marshal(Status{State: Offline, Camera: "unknown"})
	return b
}

func loopback(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

func redact(u string) string {
	if p, err := url.Parse(u); err == nil && p.User != nil {
		p.User = nil
		return p.String()
	}
	return u
}

// Close stops the feed: it publishes the offline status (when connected),
// disconnects, stops the embedded broker and closes the queue. Records not yet
// acknowledged stay on disk and are sent by the next run. Safe to call twice.
func (f *Feed) Close() error {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return nil
	}
	f.closed = true
	started := f.started
	f.mu.Unlock()
	if started {
		f.cancel()
		f.wg.Wait()
	}
	if f.client != nil {
		if f.client.IsConnectionOpen() && !f.broker.stopped() {
			f.mu.Lock()
			now := time.Now().UTC()
			st := Status{State: Offline, Camera: f.camera, FPS: f.fps, Since: &now}
			f.mu.Unlock()
			b, _ := json.Marshal(st)
			t := f.client.Publish(f.topic[TopicStatus], 1, true, b)
			if !t.WaitTimeout(2*time.Second) || t.Error() != nil {
				f.log.Warn("feed: offline status not acknowledged", keyErr, t.Error())
			}
		}
		f.client.Disconnect(250)
	}
	if f.broker != nil {
		f.broker.Close()
	}
	err := f.q.close()
	f.log.Info("feed: closed")
	return err
}

func (f *Feed) onConnect(paho.Client) {
	f.mu.Lock()
	f.connected = true
	f.gen++
	f.since = time.Now().UTC()
	n := f.connects.Add(1)
	if n > 1 {
		f.reconnects.Add(1)
	}
	f.broadcast()
	f.mu.Unlock()
	f.log.Info("feed: connected", keyBroker, redact(f.brokerURL), keyConnects, n)
}

func (f *Feed) onLost(_ paho.Client, err error) {
	f.mu.Lock()
	f.connected = false
	f.lost.Add(1)
	f.broadcast()
	stopping := f.ctx.Err() != nil
	f.mu.Unlock()
	if stopping {
		// The embedded broker stops with the context, before Close: the
		// connection's end is the shutdown, not a fault to warn of.
		f.log.Info("feed: connection closed, stopping", keyErr, err)
		return
	}
	f.log.Warn("feed: connection lost, reconnecting", keyErr, err, keyDepth, f.q.depth())
}

// broadcast wakes everything waiting on a connection change. f.mu held.
func (f *Feed) broadcast() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// conn returns whether publishing is possible now, the connection's generation,
// and a channel closed at the next change.
func (f *Feed) conn() (usable bool, gen uint64, changed <-chan struct{}) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ready && f.connected, f.gen, f.changed
}

// connectLoop makes the first connection, retrying with backoff; after it paho's
// auto-reconnect takes over. (paho's own ConnectRetry is not used: with a clean
// session it resets its store when the first connection completes, which could
// lose a publish made in between.)
func (f *Feed) connectLoop(ctx context.Context) {
	defer f.wg.Done()
	wait := 500 * time.Millisecond
	for attempt := 1; ; attempt++ {
		t := f.client.Connect()
		<-t.Done() // bounded by ConnectTimeout
		if t.Error() == nil {
			f.mu.Lock()
			f.ready = true
			f.broadcast()
			f.mu.Unlock()
			return
		}
		if ctx.Err() != nil {
			return
		}
		if attempt == 1 || attempt%10 == 0 {
			f.log.Warn("feed: cannot connect to the broker, retrying", keyBroker, redact(f.brokerURL),
				keyErr, t.Error(), keyAttempt, attempt)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, f.cfg.ReconnectMax)
	}
}

// sessionLoop subscribes to cmd and publishes the status on every connection, and
// publishes the status again whenever SetStatus changes it.
func (f *Feed) sessionLoop(ctx context.Context) {
	defer f.wg.Done()
	var done uint64
	for {
		usable, gen, changed := f.conn()
		if usable && gen != done {
			done = gen
			t := f.client.Subscribe(f.topic[TopicCmd], 1, f.onCmdMessage)
			if err := f.wait(ctx, t); err != nil {
				if ctx.Err() == nil {
					f.log.Error("feed: cannot subscribe to commands", keyTopic, f.topic[TopicCmd], keyErr, err)
				}
			} else {
				f.mu.Lock()
				f.subGen = gen
				f.mu.Unlock()
			}
			f.publishStatus(ctx)
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-changed:
		case <-f.statusCh:
			if usable {
				f.publishStatus(ctx)
			}
		}
	}
}

func (f *Feed) publishStatus(ctx context.Context) {
	f.mu.Lock()
	since := f.since
	st := Status{State: Online, Camera: f.camera, FPS: f.fps, Since: &since}
	f.mu.Unlock()
	b, _ := json.Marshal(st)
	if err := f.publish(ctx, f.topic[TopicStatus], 1, true, b); err != nil && ctx.Err() == nil {
		f.log.Warn("feed: status not published", keyErr, err)
	}
}

// SetStatus sets the camera's state ("ok", "lost", …) and frame rate, published
// (retained) on the status topic now if connected and on every connection. Call
// it when the camera's state changes and every few seconds for the frame rate.
func (f *Feed) SetStatus(camera string, fps float64) {
	f.mu.Lock()
	f.camera, f.fps = camera, fps
	f.mu.Unlock()
	select {
	case f.statusCh <- struct{}{}:
	default:
	}
}

// wait waits for a token; nil when it completed without error.
func (f *Feed) wait(ctx context.Context, t paho.Token) error {
	select {
	case <-t.Done():
		return t.Error()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// publish publishes and waits for the broker's acknowledgement (QoS 1) or for the
// packet to be written (QoS 0).
func (f *Feed) publish(ctx context.Context, topic string, qos byte, retain bool, payload []byte) error {
	t := f.client.Publish(topic, qos, retain, payload)
	err := f.wait(ctx, t)
	if err != nil && !errors.Is(err, paho.ErrNotConnected) && ctx.Err() == nil {
		// A publish that failed before being written (a write timeout) is still in
		// paho's store and would be sent at the next reconnection, after the newer
		// records we send meanwhile: take it out, the caller retries it.
		if pt, ok := t.(*paho.PublishToken); ok && pt.MessageID() != 0 {
			f.store.Del(fmt.Sprintf("o.%d", pt.MessageID()))
		}
	}
	return err
}

// queueLoop publishes the queued records, strictly one at a time and in order,
// waiting for each PUBACK before removing the record from the queue.
func (f *Feed) queueLoop(ctx context.Context) {
	defer f.wg.Done()
	var gen uint64      // the connection on which the retained state was refreshed
	var rulingID uint64 // the record whose ruling is acknowledged but whose state is not
	for {
		usable, g, changed := f.conn()
		if !usable {
			select {
			case <-ctx.Done():
				return
			case <-changed:
			}
			continue
		}
		if g != gen {
			// The broker may have lost the retained state (a restart without
			// persistence): put it back, unless a newer one is queued.
			f.mu.Lock()
			st := f.lastState
			f.mu.Unlock()
			if st != nil && !f.q.laterState(0) {
				if err := f.publish(ctx, f.topic[TopicState], 1, true, st); err != nil {
					if !f.retryPause(ctx, changed) {
						return
					}
					continue
				}
			}
			gen = g
		}
		e, ok := f.q.peek()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-changed:
			case <-f.q.notify:
			}
			continue
		}
		topic := f.topic[TopicRuling]
		if e.kind == kindShot {
			topic = f.topic[TopicShot]
		}
		if rulingID != e.id {
			if err := f.publish(ctx, topic, 1, false, e.data); err != nil {
				if !f.retryPause(ctx, changed) {
					return
				}
				continue
			}
			rulingID = e.id
		}
		if e.kind == kindRuling && !f.q.laterState(e.id) {
			if err := f.publish(ctx, f.topic[TopicState], 1, true, e.data); err != nil {
				if !f.retryPause(ctx, changed) {
					return
				}
				continue
			}
			f.saveState(e.data)
		}
		f.q.remove(e.id)
		f.published.Add(1)
	}
}

// retryPause waits before a failed publish is retried: until the connection
// changes, or a second. It returns false when the feed is stopping.
func (f *Feed) retryPause(ctx context.Context, changed <-chan struct{}) bool {
	select {
	case <-ctx.Done():
		return false
	case <-changed:
	case <-time.After(time.Second):
	}
	return true
}

// saveState remembers the retained state, in memory and in the queue directory,
// to put it back on brokers that lost it.
func (f *Feed) saveState(b []byte) {
	f.mu.Lock()
	f.lastState = b
	f.mu.Unlock()
	tmp := filepath.Join(f.cfg.QueueDir, stateFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o600); err == nil {
		err = os.Rename(tmp, filepath.Join(f.cfg.QueueDir, stateFile))
		if err != nil {
			f.log.Warn("feed: state not saved", keyErr, err)
		}
	}
}

// Ruling queues a ruling for the ruling topic (QoS 1) and, unless its kind is
// "error", for the retained state topic. It returns once the ruling is on disk
// (fsync'd); from then on it is delivered even if the broker or this process goes
// down. It may be called before Start.
func (f *Feed) Ruling(r *shot.Ruling) error {
	if r == nil {
		return errors.New("feed: nil ruling")
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("feed: ruling %d: %w", r.Seq, err)
	}
	kind := kindRuling
	if r.Kind == "error" {
		kind = kindErrorRuling
	}
	return f.q.push(kind, b)
}

// Shot queues a shot record for the shot topic (QoS 1), like Ruling.
func (f *Feed) Shot(s *shot.Shot) error {
	if s == nil {
		return errors.New("feed: nil shot")
	}
	b, err := shot.Encode(s)
	if err != nil {
		return err
	}
	return f.q.push(kindShot, b)
}

// Event publishes a live tracker event on the event topic (QoS 0), best effort: it
// never blocks, and the event is dropped (and counted) when the client is
// disconnected or its send buffer is full.
func (f *Feed) Event(e shot.Event) {
	b, err := e.MarshalJSON()
	if err != nil {
		f.eventsDropped.Add(1)
		return
	}
	if !e.Captured.IsZero() {
		// An extra field of the live event: the capture time of its frame.
		b = append(b[:len(b)-1], `,"captured":"`...)
		b = e.Captured.UTC().AppendFormat(b, time.RFC3339Nano)
		b = append(b, `"}`...)
	}
	if e.Provisional {
		// An extra field: told before the tracker is sure (see shot.Event).
		b = append(b[:len(b)-1], `,"provisional":true}`...)
	}
	if usable, _, _ := f.conn(); !usable {
		f.eventsDropped.Add(1)
		return
	}
	select {
	case f.events <- b:
	default:
		f.eventsDropped.Add(1)
	}
}

func (f *Feed) eventLoop(ctx context.Context) {
	defer f.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case b := <-f.events:
			if usable, _, _ := f.conn(); !usable {
				f.eventsDropped.Add(1)
				continue
			}
			t := f.client.Publish(f.topic[TopicEvent], 0, false, b)
			if err := f.wait(ctx, t); err != nil {
				f.eventsDropped.Add(1)
			}
		}
	}
}

// onCmdMessage runs on paho's router goroutine: it only copies the payload (or
// notes the size of an oversized one) and hands it to cmdLoop. When cmdLoop is
// behind by 1024 commands it blocks, which stops reading from the broker: the
// flood waits at the broker instead of in our memory.
func (f *Feed) onCmdMessage(_ paho.Client, m paho.Message) {
	p := m.Payload()
	it := cmdItem{size: len(p)}
	if len(p) <= f.cfg.MaxCmdBytes {
		it.payload = append([]byte{}, p...)
	}
	f.mu.Lock()
	ctx := f.ctx
	f.mu.Unlock()
	select {
	case f.cmds <- it:
	case <-ctx.Done():
	case <-time.After(time.Minute):
		f.resultsDropped.Add(1)
		f.log.Error("feed: command handler stuck for a minute, command dropped", keyBytes, it.size)
	}
}

func (f *Feed) cmdLoop(ctx context.Context) {
	defer f.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case it := <-f.cmds:
			res := f.handle(ctx, it)
			b, _ := json.Marshal(res)
			if usable, _, _ := f.conn(); !usable {
				f.resultsDropped.Add(1)
				continue
			}
			t := f.client.Publish(f.topic[TopicResult], 1, false, b)
			select {
			case <-t.Done():
				if t.Error() != nil {
					f.resultsDropped.Add(1)
				}
			default: // in flight; paho delivers it
			}
		}
	}
}

func (f *Feed) handle(ctx context.Context, it cmdItem) (res Result) {
	f.commands.Add(1)
	defer func() {
		if !res.OK {
			f.cmdFailed.Add(1)
		}
	}()
	if it.payload == nil && it.size > f.cfg.MaxCmdBytes {
		f.oversized.Add(1)
		return Result{Error: fmt.Sprintf("feed: command of %d bytes is over the limit of %d bytes; not read", it.size, f.cfg.MaxCmdBytes)}
	}
	res.ID = commandID(it.payload)
	if f.onCmd == nil {
		res.Error = "feed: this referee takes no commands"
		return res
	}
	seq, err := f.callCmd(ctx, it.payload)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	res.OK, res.Seq = true, seq
	return res
}

func (f *Feed) callCmd(ctx context.Context, p []byte) (seq int, err error) {
	defer func() {
		if v := recover(); v != nil {
			f.log.Error("feed: command handler panicked", keyErr, v, keyBytes, len(p))
			seq, err = 0, fmt.Errorf("feed: internal error handling the command")
		}
	}()
	return f.onCmd(ctx, p)
}

// commandID returns the "id" of a JSON object command, if it has a short one.
func commandID(p []byte) json.RawMessage {
	if !json.Valid(p) {
		return nil
	}
	var v struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(p, &v) != nil || len(v.ID) == 0 || len(v.ID) > 256 || string(v.ID) == "null" {
		return nil
	}
	return v.ID
}

// Flush waits until every queued record has been acknowledged by the broker, or
// ctx is done.
func (f *Feed) Flush(ctx context.Context) error {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for f.q.depth() > 0 {
		select {
		case <-ctx.Done():
			return fmt.Errorf("feed: flush: %d records still queued: %w", f.q.depth(), ctx.Err())
		case <-tick.C:
		}
	}
	return nil
}

// Stats returns the feed's counters.
func (f *Feed) Stats() Stats {
	f.mu.Lock()
	connected := f.ready && f.connected
	subscribed := connected && f.subGen == f.gen
	f.mu.Unlock()
	return Stats{
		Connected:         connected,
		Subscribed:        subscribed,
		Connects:          f.connects.Load(),
		Reconnects:        f.reconnects.Load(),
		ConnectionsLost:   f.lost.Load(),
		QueueDepth:        f.q.depth(),
		QueueDropped:      f.q.dropped(),
		Published:         f.published.Load(),
		EventsDropped:     f.eventsDropped.Load(),
		Commands:          f.commands.Load(),
		CommandsFailed:    f.cmdFailed.Load(),
		CommandsOversized: f.oversized.Load(),
		ResultsDropped:    f.resultsDropped.Load(),
	}
}
