// Package web is the live scoreboard of one table and of a whole hall: embedded HTML,
// JS, CSS and SVG pages (table view with a live 2-D top view, a transparent overlay for
// a 1920×1080 stream, a touch-friendly referee panel, the hall grid) and the HTTP
// server behind them, which pushes state with Server-Sent Events, takes referee
// commands (POST /api/cmd, token-protected) and keeps the history of finished racks as
// shot logs that `cueref replay` can re-judge.
//
// The referee daemon feeds a Server with its outputs — Record/Shot and Ruling for every
// judged input, Positions for the tracker's live ball centres, Status for camera
// health — and mounts Handler. Every method is safe for concurrent use: one goroutine
// owns the server's state and applies the calls in the order they were made.
package web

import (
	"context"
	"crypto/subtle"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

//go:embed assets
var assetFS embed.FS

// assets is the assets directory itself.
var assets = func() fs.FS {
	sub, err := fs.Sub(assetFS, "assets")
	if err != nil {
		panic(err)
	}
	return sub
}()

// CommandSink takes a referee command (the JSON of an MQTT cmd message, already
// checked against the contract) and hands it to the referee. ok is false when the
// referee refused it (err says why); seq is the ruling's sequence number.
type CommandSink func(ctx context.Context, raw []byte) (ok bool, seq int, err error)

// Config configures a Server.
type Config struct {
	// Table is the table's name as shown on the page and used in MQTT topics ("t1").
	Table string
	// Hall is the hall's name (optional, shown on the page).
	Hall string
	// Token protects POST /api/cmd (the referee panel). Empty disables commands.
	Token string
	// Size is the table size ("7ft", "8ft", "9ft"); a game record's table field
	// overrides it. Default "9ft".
	Size string
	// PositionRate is the most live top-view updates sent per second. Default 10.
	PositionRate float64
	// HistoryLen is how many finished racks are kept. Default 100.
	HistoryLen int
	// Logger logs rejected commands and dropped clients. Default slog.Default().
	Logger *slog.Logger
}

// Server is the scoreboard of one table. Create it with NewServer and stop it with
// Close.
type Server struct {
	hubLoop[*hub]
	cfg Config

	sink atomic.Pointer[CommandSink]
	pos  atomic.Pointer[positions] // latest tracker positions, picked up by the hub
	log  *slog.Logger
	mux  *http.ServeMux
	now  func() time.Time
}

// NewServer returns a running Server.
func NewServer(cfg Config) *Server {
	if cfg.Size == "" {
		cfg.Size = "9ft"
	}
	if cfg.PositionRate <= 0 {
		cfg.PositionRate = 10
	}
	if cfg.HistoryLen <= 0 {
		cfg.HistoryLen = 100
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	s := &Server{
		hubLoop: newHubLoop[*hub](),
		cfg:     cfg,
		log:     cfg.Logger,
		now:     time.Now,
	}
	size, err := table.New(cfg.Size)
	if err != nil {
		size = table.MustNew("9ft")
	}
	h := newHub(cfg, size)
	go s.run(h)
	s.mux = s.routes()
	return s
}

// Close stops the server's goroutine and ends every open event stream. Calls made
// after Close are ignored.
func (s *Server) Close() { s.close() }

// Handler serves the pages and the API:
//
//	GET  /                      table view with the referee panel
//	GET  /overlay               transparent overlay for a 1920×1080 stream
//	GET  /events                Server-Sent Events: "state" on connect, then updates
//	GET  /api/state             the current state (JSON)
//	POST /api/cmd               a referee command (Authorization: Bearer <token>)
//	GET  /api/history           finished racks (JSON)
//	GET  /api/history/{n}       one rack: records, rulings, clips (JSON)
//	GET  /api/history/{n}.jsonl one rack as a shot log for `cueref replay`
//	GET  /clips/{name}          a replay clip added with AddClip
//	GET  /assets/…              the embedded JS and CSS
func (s *Server) Handler() http.Handler { return s.mux }

// SetCommandSink sets where POSTed commands go. Without a sink /api/cmd answers 503.
func (s *Server) SetCommandSink(f CommandSink) {
	if f == nil {
		s.sink.Store(nil)
		return
	}
	s.sink.Store(&f)
}

// Record tells the server the input record that the next Ruling answers (a game,
// lag, shot, decision, settle, undo, foul or call). Records paired with their
// rulings make the rack history re-judgeable; a Ruling without a Record still
// updates the board.
func (s *Server) Record(rec shot.Record) {
	if rec == nil {
		return
	}
	b, err := shot.Encode(rec)
	if err != nil {
		return
	}
	typ := rec.Type()
	var g *shot.Game
	if gr, ok := rec.(*shot.Game); ok {
		c := *gr
		g = &c
	}
	s.do(func(h *hub) { h.record(typ, b, g) })
}

// Shot is Record for a shot record (the tracker's output).
func (s *Server) Shot(sh *shot.Shot) {
	if sh != nil {
		s.Record(sh)
	}
}

// Ruling shows a ruling: score, turn, the call in words, spots and restores.
func (s *Server) Ruling(r shot.Ruling) {
	r = cloneRuling(r)
	at := s.now()
	s.do(func(h *hub) { h.addRuling(r, at) })
}

// Positions is the tracker's live view: ball centres in table millimetres at source
// time t. Calls are cheap and never block; the clients get at most
// Config.PositionRate updates a second.
func (s *Server) Positions(t float64, balls map[int]table.Point) {
	p := &positions{T: t, Balls: make(map[string]shot.Point, len(balls))}
	for n, b := range balls {
		if shot.ValidBall(n) {
			p.Balls[strconv.Itoa(n)] = shot.FromP(b)
		}
	}
	s.pos.Store(p)
}

// Event shows a live tracker event (a contact, a rail, a ball dropping) as it
// happens. It never blocks: when the server is busy the event is dropped.
func (s *Server) Event(e shot.Event) {
	if s.quit.Load() {
		return
	}
	select {
	case s.in <- func(h *hub) { h.broadcast("event", liveEvent(e)) }:
	default:
	}
}

// Result shows the answer to a referee command, wherever it came from (MQTT, the
// buttons, this server's panel): its id, the ruling's sequence number (0 when it
// was not judged) and nil or why it was refused. Its signature is the one of
// referee.Output.
func (s *Server) Result(id string, seq int, err error) {
	res := CmdResult{ID: id, OK: err == nil, Seq: seq, At: s.now().UnixMilli()}
	if err != nil {
		res.Error = err.Error()
	}
	s.do(func(h *hub) {
		if seq > 0 && h.ruling != nil && h.ruling.Seq == seq {
			res.Type = h.ruling.Kind
		}
		h.cmd(res)
	})
}

// Status is the camera's health: whether frames arrive and at what rate.
func (s *Server) Status(cameraOK bool, fps float64) {
	st := status{CameraOK: cameraOK, FPS: fps, At: s.now().UnixMilli()}
	s.do(func(h *hub) { h.setStatus(st) })
}

// AddClip links a replay clip (a video file at path) to the ruling with sequence
// number seq. It is served at /clips/{name}; name may hold letters, digits, '.',
// '_' and '-'.
func (s *Server) AddClip(name, path string, seq int) error {
	if !clipName.MatchString(name) {
		return fmt.Errorf("web: bad clip name %q (letters, digits, '.', '_', '-')", name)
	}
	c := Clip{Name: name, URL: "clips/" + name, Seq: seq, path: path}
	s.do(func(h *hub) { h.clip(c) })
	return nil
}

var clipName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// streamHub is a hub that browsers' event streams subscribe to.
type streamHub interface {
	subscribe() *client
	unsubscribe(*client)
}

// hubLoop hands functions, in call order, to the one goroutine that owns a hub
// of type H (Server.run, Hall.run), and serves the hub's event stream. After
// close it drops them.
type hubLoop[H streamHub] struct {
	in   chan func(H)
	done chan struct{}
	quit atomic.Bool
}

func newHubLoop[H streamHub]() hubLoop[H] {
	return hubLoop[H]{in: make(chan func(H), 256), done: make(chan struct{})}
}

// close stops the hub goroutine and ends every open event stream; later calls do
// nothing.
func (l *hubLoop[H]) close() {
	if l.quit.CompareAndSwap(false, true) {
		close(l.done)
	}
}

// do hands f to the hub goroutine, in call order. It drops f after close.
func (l *hubLoop[H]) do(f func(H)) {
	if l.quit.Load() {
		return
	}
	select {
	case l.in <- f:
	case <-l.done:
	}
}

// ask runs f on the hub goroutine and waits for it; false after close.
func (l *hubLoop[H]) ask(ctx context.Context, f func(H)) bool {
	ok := make(chan struct{})
	select {
	case l.in <- func(h H) { f(h); close(ok) }:
	case <-l.done:
		return false
	case <-ctx.Done():
		return false
	}
	select {
	case <-ok:
		return true
	case <-l.done:
		return false
	case <-ctx.Done():
		return false
	}
}

// serveEvents subscribes the request to the hub and streams the hub's messages
// as Server-Sent Events until the request ends or the loop closes.
func (l *hubLoop[H]) serveEvents(w http.ResponseWriter, r *http.Request) {
	sw, ok := newSSE(w)
	if !ok {
		http.Error(w, "web: streaming unsupported", http.StatusInternalServerError)
		return
	}
	var c *client
	if !l.ask(r.Context(), func(h H) { c = h.subscribe() }) {
		return
	}
	defer l.do(func(h H) { h.unsubscribe(c) })
	sw.stream(r.Context(), c.ch, l.done)
}

// run is the hub goroutine: it owns h.
func (s *Server) run(h *hub) {
	tick := time.NewTicker(time.Duration(float64(time.Second) / s.cfg.PositionRate))
	defer tick.Stop()
	var lastPos *positions
	for {
		select {
		case f := <-s.in:
			f(h)
		case <-tick.C:
			if p := s.pos.Load(); p != lastPos && p != nil {
				lastPos = p
				h.setPositions(p)
			}
		case <-s.done:
			h.closeAll()
			return
		}
	}
}

func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	page := func(name string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			b, err := fs.ReadFile(assets, name)
			if err != nil {
				http.Error(w, "web: "+err.Error(), http.StatusInternalServerError)
				return
			}
			pageHeaders(w)
			w.Write(b)
		}
	}
	mux.HandleFunc("GET /{$}", page("index.html"))
	mux.HandleFunc("GET /overlay", page("overlay.html"))
	mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(assets)))
	mux.HandleFunc("GET /events", s.serveEvents)
	mux.HandleFunc("GET /api/state", s.serveState)
	mux.HandleFunc("POST /api/cmd", s.serveCmd)
	mux.HandleFunc("GET /api/history", s.serveHistoryList)
	mux.HandleFunc("GET /api/history/{n}", s.serveHistory)
	mux.HandleFunc("GET /clips/{name}", s.serveClip)
	return mux
}

func (s *Server) serveState(w http.ResponseWriter, r *http.Request) {
	var b []byte
	if !s.ask(r.Context(), func(h *hub) { b = h.snapshotJSON() }) {
		http.Error(w, "web: server closed", http.StatusServiceUnavailable)
		return
	}
	writeJSONBytes(w, http.StatusOK, b)
}

// CmdResult is the answer to a command: POSTed to /api/cmd, or given to Result and
// pushed to every page as a "cmd" event.
type CmdResult struct {
	ID    string `json:"id,omitempty"`
	Type  string `json:"type,omitempty"`
	OK    bool   `json:"ok"`
	Seq   int    `json:"seq,omitempty"`
	Error string `json:"error,omitempty"`
	At    int64  `json:"at"` // Unix milliseconds
}

// cmdTypes are the records a referee may send from the panel.
var cmdTypes = map[string]bool{"call": true, "decision": true, "undo": true, "game": true, "foul": true, "settle": true}

// maxCmd bounds a command's size.
const maxCmd = 64 << 10

func (s *Server) serveCmd(w http.ResponseWriter, r *http.Request) {
	res := CmdResult{At: s.now().UnixMilli()}
	fail := func(code int, msg string) {
		res.Error = msg
		writeJSON(w, code, res)
	}
	if s.cfg.Token == "" {
		fail(http.StatusForbidden, "web: commands are disabled: no referee token is configured for this table")
		return
	}
	if !s.authorized(r) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="cueref"`)
		fail(http.StatusUnauthorized, "web: missing or wrong referee token")
		return
	}
	raw, err := io.ReadAll(io.LimitReader(r.Body, maxCmd+1))
	if err != nil {
		fail(http.StatusBadRequest, "web: reading the command: "+err.Error())
		return
	}
	if len(raw) > maxCmd {
		fail(http.StatusRequestEntityTooLarge, fmt.Sprintf("web: command longer than %d bytes", maxCmd))
		return
	}
	rec, err := shot.Decode(raw, 0)
	if err != nil {
		fail(http.StatusBadRequest, "web: bad command: "+err.Error())
		return
	}
	res.Type = rec.Type()
	if !cmdTypes[res.Type] {
		fail(http.StatusBadRequest, fmt.Sprintf("web: %q records come from the tracker, not the panel (want call, decision, undo, game, foul or settle)", res.Type))
		return
	}
	sinkp := s.sink.Load()
	if sinkp == nil {
		fail(http.StatusServiceUnavailable, "web: no referee is connected to take commands")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	ok, seq, err := (*sinkp)(ctx, raw)
	res.OK, res.Seq = ok && err == nil, seq
	code := http.StatusOK
	if err != nil {
		res.Error = err.Error()
	}
	if !res.OK {
		code = http.StatusUnprocessableEntity
		if res.Error == "" {
			res.Error = "refused by the referee"
		}
		if errors.Is(err, context.DeadlineExceeded) {
			code = http.StatusGatewayTimeout
		}
		s.log.Info("web: command refused", "table", s.cfg.Table, "type", res.Type, "error", res.Error)
	}
	if res.OK && res.Seq > 0 {
		if norm, err := shot.Encode(rec); err == nil {
			typ := res.Type
			s.do(func(h *hub) { h.patchRecord(res.Seq, typ, norm) })
		}
	}
	writeJSON(w, code, res)
}

func (s *Server) authorized(r *http.Request) bool {
	auth := r.Header.Get("Authorization")
	tok, ok := strings.CutPrefix(auth, "Bearer ")
	if !ok {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), []byte(s.cfg.Token)) == 1
}

func (s *Server) serveHistoryList(w http.ResponseWriter, r *http.Request) {
	var b []byte
	if !s.ask(r.Context(), func(h *hub) { b, _ = json.Marshal(h.historyList()) }) {
		http.Error(w, "web: server closed", http.StatusServiceUnavailable)
		return
	}
	writeJSONBytes(w, http.StatusOK, b)
}

func (s *Server) serveHistory(w http.ResponseWriter, r *http.Request) {
	arg := r.PathValue("n")
	num, jsonl := strings.CutSuffix(arg, ".jsonl")
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 {
		http.Error(w, fmt.Sprintf("web: bad rack number %q", arg), http.StatusBadRequest)
		return
	}
	var rk *rack
	if !s.ask(r.Context(), func(h *hub) { rk = h.rack(n) }) {
		http.Error(w, "web: server closed", http.StatusServiceUnavailable)
		return
	}
	if rk == nil {
		http.Error(w, fmt.Sprintf("web: no finished rack %d", n), http.StatusNotFound)
		return
	}
	if jsonl {
		w.Header().Set("Content-Type", "application/x-ndjson")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-rack-%d.jsonl"`, safeName(s.cfg.Table), n))
		w.Write(rk.jsonl())
		return
	}
	b, _ := json.Marshal(rk.detail())
	writeJSONBytes(w, http.StatusOK, b)
}

func (s *Server) serveClip(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	var path string
	if !s.ask(r.Context(), func(h *hub) {
		for _, c := range h.clips {
			if c.Name == name {
				path = c.path
			}
		}
	}) {
		http.Error(w, "web: server closed", http.StatusServiceUnavailable)
		return
	}
	if path == "" {
		http.NotFound(w, r)
		return
	}
	http.ServeFile(w, r, path)
}

// pageHeaders are the headers of every HTML page: everything the pages load comes
// from this server (no CDN), so the policy allows nothing else.
func pageHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; media-src 'self'; object-src 'none'; base-uri 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}

func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 128 && (r == '-' || r == '_' || r == '.' || ('0' <= r && r <= '9') || ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z')) {
			return r
		}
		return '_'
	}, s)
	if s == "" {
		return "table"
	}
	return s
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "web: "+err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSONBytes(w, code, b)
}

func writeJSONBytes(w http.ResponseWriter, code int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	w.Write(b)
	w.Write([]byte("\n"))
}

// cloneRuling deep-copies the slices and maps of r so that the caller may reuse them.
func cloneRuling(r shot.Ruling) shot.Ruling {
	b, err := json.Marshal(r)
	if err != nil {
		return r
	}
	var c shot.Ruling
	if json.Unmarshal(b, &c) != nil {
		return r
	}
	return c
}

// liveEvent is a live event as the page gets it: the shot log's event, with
// "provisional": true when the tracker is not yet sure of it.
type liveEvent shot.Event

func (e liveEvent) MarshalJSON() ([]byte, error) {
	b, err := shot.Event(e).MarshalJSON()
	if err != nil || !e.Provisional {
		return b, err
	}
	return append(b[:len(b)-1], `,"provisional":true}`...), nil
}
