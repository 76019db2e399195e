package web

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	mqtt "github.com/eclipse/paho.mqtt.golang"
)

// HallConfig configures a Hall.
type HallConfig struct {
	// Prefix is the topic prefix the tables publish under: "cueref/<hall>" for one
	// hall, "cueref/+" (the default) for every hall on the broker. A table is
	// discovered from its retained <prefix>/<table>/state and …/status topics.
	Prefix string
	// Logger logs broker connection changes. Default slog.Default().
	Logger *slog.Logger
}

// Hall is the scoreboard of every table of a hall, fed from the tables' MQTT
// topics. Create it with NewHall, feed it with Connect (or Message), serve Handler
// and stop it with Close.
type Hall struct {
	hubLoop[*hallHub]
	cfg HallConfig
	pat []string // prefix segments
	mux *http.ServeMux
	log *slog.Logger
}

// HallTable is one table as the hall page shows it. State, Status and Ruling are the
// payloads of the table's last state, status and ruling messages, as published.
type HallTable struct {
	Key     string          `json:"key"`    // the table's name under the prefix ("t1", or "club/t1" with a wildcard prefix)
	Online  *bool           `json:"online"` // from status; nil when unknown
	State   json.RawMessage `json:"state"`
	Status  json.RawMessage `json:"status"`
	Ruling  json.RawMessage `json:"ruling"`
	Updated int64           `json:"updated"` // Unix milliseconds of the last message
}

// NewHall returns a running Hall.
func NewHall(cfg HallConfig) (*Hall, error) {
	if cfg.Prefix == "" {
		cfg.Prefix = "cueref/+"
	}
	cfg.Prefix = strings.TrimSuffix(cfg.Prefix, "/")
	if strings.Contains(cfg.Prefix, "#") {
		return nil, fmt.Errorf("web: hall prefix %q: '#' is not allowed (use '+')", cfg.Prefix)
	}
	for _, seg := range strings.Split(cfg.Prefix, "/") {
		if seg == "" || (strings.Contains(seg, "+") && seg != "+") {
			return nil, fmt.Errorf("web: bad hall prefix %q", cfg.Prefix)
		}
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	h := &Hall{
		hubLoop: newHubLoop[*hallHub](),
		cfg:     cfg,
		pat:     strings.Split(cfg.Prefix, "/"),
		log:     cfg.Logger,
	}
	go h.run(&hallHub{prefix: cfg.Prefix, tables: map[string]*HallTable{}, clients: map[*client]struct{}{}})
	h.mux = h.routes()
	return h, nil
}

// Close stops the hall's goroutine and ends every open event stream.
func (h *Hall) Close() { h.close() }

// Handler serves the hall page (/), its event stream (/events), the tables as JSON
// (/api/tables) and the assets.
func (h *Hall) Handler() http.Handler { return h.mux }

// Topics are the subscriptions a Hall needs.
func (h *Hall) Topics() []string {
	return []string{h.cfg.Prefix + "/+/state", h.cfg.Prefix + "/+/status", h.cfg.Prefix + "/+/ruling"}
}

// Message feeds one MQTT message. Topics that are not a table's state, status or
// ruling under the prefix are ignored; an empty payload (a cleared retained
// message) forgets that part, and a table with nothing left is removed.
func (h *Hall) Message(topic string, payload []byte) {
	key, kind, ok := h.match(topic)
	if !ok {
		return
	}
	p := append([]byte(nil), payload...)
	at := time.Now().UnixMilli()
	h.do(func(hh *hallHub) { hh.message(key, kind, p, at) })
}

// match splits topic into the table key and the message kind.
func (h *Hall) match(topic string) (key, kind string, ok bool) {
	segs := strings.Split(topic, "/")
	if len(segs) != len(h.pat)+2 {
		return "", "", false
	}
	var keys []string
	for i, p := range h.pat {
		switch {
		case p == "+":
			keys = append(keys, segs[i])
		case p != segs[i]:
			return "", "", false
		}
	}
	kind = segs[len(segs)-1]
	if kind != "state" && kind != "status" && kind != "ruling" {
		return "", "", false
	}
	keys = append(keys, segs[len(segs)-2])
	return strings.Join(keys, "/"), kind, true
}

// Connect subscribes to the tables' topics on the broker (tcp://host:1883,
// ws://host:port/path, …) and feeds the hall until the returned disconnect is called.
// It returns at once: the client connects in the background, and reconnects and
// resubscribes by itself when the broker goes away; the page shows whether the
// broker is connected.
func (h *Hall) Connect(broker string) (disconnect func(), err error) {
	u, err := url.Parse(broker)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("web: hall: bad broker URL %q (want tcp://host:1883)", broker)
	}
	switch u.Scheme {
	case "tcp", "mqtt", "ssl", "tls", "mqtts", "ws", "wss":
	default:
		return nil, fmt.Errorf("web: hall: broker URL %q: unsupported scheme %q (want tcp, ssl, ws or wss)", broker, u.Scheme)
	}
	var rnd [4]byte
	rand.Read(rnd[:])
	opts := mqtt.NewClientOptions().
		AddBroker(broker).
		SetClientID("cueref-hall-" + hex.EncodeToString(rnd[:])).
		SetCleanSession(true).
		SetAutoReconnect(true).
		SetConnectRetry(true).
		SetConnectRetryInterval(2 * time.Second).
		SetMaxReconnectInterval(10 * time.Second).
		SetOrderMatters(true)
	opts.SetOnConnectHandler(func(c mqtt.Client) {
		filters := map[string]byte{}
		for _, t := range h.Topics() {
			filters[t] = 1
		}
		tok := c.SubscribeMultiple(filters, func(_ mqtt.Client, m mqtt.Message) { h.Message(m.Topic(), m.Payload()) })
		go func() {
			if tok.WaitTimeout(10*time.Second) && tok.Error() != nil {
				h.log.Error("web: hall subscribe", "err", tok.Error())
			}
		}()
		h.log.Info("web: hall connected", "broker", broker, "prefix", h.cfg.Prefix)
		h.do(func(hh *hallHub) { hh.setBroker(true) })
	})
	opts.SetConnectionLostHandler(func(_ mqtt.Client, err error) {
		h.log.Warn("web: hall lost the broker", "broker", broker, "err", err)
		h.do(func(hh *hallHub) { hh.setBroker(false) })
	})
	c := mqtt.NewClient(opts)
	c.Connect() // retries in the background until Disconnect
	return func() { c.Disconnect(250) }, nil
}

func (h *Hall) run(hh *hallHub) {
	for {
		select {
		case f := <-h.in:
			f(hh)
		case <-h.done:
			for c := range hh.clients {
				hh.unsubscribe(c)
			}
			return
		}
	}
}

func (h *Hall) routes() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		b, err := fs.ReadFile(assets, "hall.html")
		if err != nil {
			http.Error(w, "web: "+err.Error(), http.StatusInternalServerError)
			return
		}
		pageHeaders(w)
		w.Write(b)
	})
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(assets)))
	mux.HandleFunc("GET /api/tables", func(w http.ResponseWriter, r *http.Request) {
		var b []byte
		if !h.ask(r.Context(), func(hh *hallHub) { b = hh.snapshotJSON() }) {
			http.Error(w, "web: hall closed", http.StatusServiceUnavailable)
			return
		}
		writeJSONBytes(w, http.StatusOK, b)
	})
	mux.HandleFunc("GET /events", h.serveEvents)
	return mux
}

// hallHub is the hall's state, owned by one goroutine.
type hallHub struct {
	prefix  string
	broker  bool
	tables  map[string]*HallTable
	clients map[*client]struct{}
	id      int64
}

type hallSnapshot struct {
	Prefix string       `json:"prefix"`
	Broker bool         `json:"broker"` // connected to the broker
	Tables []*HallTable `json:"tables"` // sorted by key
}

func (hh *hallHub) snapshotJSON() []byte {
	s := hallSnapshot{Prefix: hh.prefix, Broker: hh.broker, Tables: []*HallTable{}}
	for _, t := range hh.tables {
		s.Tables = append(s.Tables, t)
	}
	sort.Slice(s.Tables, func(i, j int) bool { return naturalLess(s.Tables[i].Key, s.Tables[j].Key) })
	b, _ := json.Marshal(s)
	return b
}

func (hh *hallHub) subscribe() *client {
	c := &client{ch: make(chan []byte, clientBuffer)}
	hh.clients[c] = struct{}{}
	hh.id++
	c.ch <- sseMessage(hh.id, "hall", hh.snapshotJSON())
	return c
}

func (hh *hallHub) unsubscribe(c *client) {
	if _, ok := hh.clients[c]; ok {
		delete(hh.clients, c)
		close(c.ch)
	}
}

func (hh *hallHub) broadcast(event string, b []byte) {
	hh.id++
	msg := sseMessage(hh.id, event, b)
	for c := range hh.clients {
		select {
		case c.ch <- msg:
		default:
			hh.unsubscribe(c)
		}
	}
}

func (hh *hallHub) setBroker(up bool) {
	hh.broker = up
	hh.broadcast("hall", hh.snapshotJSON())
}

func (hh *hallHub) message(key, kind string, payload []byte, at int64) {
	t := hh.tables[key]
	if t == nil {
		if len(bytes.TrimSpace(payload)) == 0 {
			return
		}
		t = &HallTable{Key: key}
		hh.tables[key] = t
	}
	var raw json.RawMessage
	if p := bytes.TrimSpace(payload); len(p) > 0 {
		if json.Valid(p) {
			raw = json.RawMessage(p)
		} else {
			// A plain-text payload ("online", "offline") travels as a JSON string.
			raw, _ = json.Marshal(string(p))
		}
	}
	switch kind {
	case "state":
		t.State = raw
	case "status":
		t.Status = raw
		t.Online = parseOnline(raw)
	case "ruling":
		t.Ruling = raw
	}
	t.Updated = at
	if t.State == nil && t.Status == nil && t.Ruling == nil {
		delete(hh.tables, key)
		b, _ := json.Marshal(map[string]string{"key": key})
		hh.broadcast("gone", b)
		return
	}
	b, _ := json.Marshal(t)
	hh.broadcast("table", b)
}

// parseOnline reads a status payload: "online"/"offline" (plain or a JSON string),
// or an object with "online": bool, or "status"/"state": "online"/"offline".
func parseOnline(raw json.RawMessage) *bool {
	yes, no := true, false
	word := func(s string) *bool {
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "online", "up", "ok", "running", "true":
			return &yes
		case "offline", "down", "lost", "stopped", "false", "gone":
			return &no
		}
		return nil
	}
	if len(raw) == 0 {
		return nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return word(s)
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return &b
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	if v, ok := m["online"]; ok {
		if json.Unmarshal(v, &b) == nil {
			return &b
		}
	}
	for _, k := range []string{"status", "state"} {
		if v, ok := m[k]; ok && json.Unmarshal(v, &s) == nil {
			if w := word(s); w != nil {
				return w
			}
		}
	}
	return nil
}

// naturalLess orders "t2" before "t10".
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
