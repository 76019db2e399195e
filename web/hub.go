package web

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// positions is the live top view.
type positions struct {
	T     float64               `json:"t"`
	Balls map[string]shot.Point `json:"balls"`
}

// status is the camera's health.
type status struct {
	CameraOK bool    `json:"camera_ok"`
	FPS      float64 `json:"fps"`
	At       int64   `json:"at"` // Unix milliseconds
}

// Clip is a replay clip linked to a ruling.
type Clip struct {
	Name string `json:"name"`
	URL  string `json:"url"`
	Seq  int    `json:"seq"`
	path string
}

// tableSize is the playing surface the top view draws.
type tableSize struct {
	Name string  `json:"name"`
	L    float64 `json:"l"`
	W    float64 `json:"w"`
}

// snapshot is everything a page needs, sent on connect ("state" event).
type snapshot struct {
	Table     string        `json:"table"`
	Hall      string        `json:"hall,omitempty"`
	Size      tableSize     `json:"size"`
	Ruling    *shot.Ruling  `json:"ruling"`     // the latest ruling that is not an error
	LastError *shot.Ruling  `json:"last_error"` // the latest error ruling, if newer than Ruling
	Call      *shot.Call    `json:"call"`       // the declaration pending for the next shot
	Recent    []shot.Ruling `json:"recent"`     // the match's last rulings, newest last (at most 12)
	Status    *status       `json:"status"`
	Positions *positions    `json:"positions"`
	History   []rackSummary `json:"history"`
	Clips     []Clip        `json:"clips"`
	Cmd       *CmdResult    `json:"cmd"`
	Panel     bool          `json:"panel"` // commands are enabled (a token is configured)
}

// client is one open event stream. The hub closes ch when the client falls behind;
// the browser reconnects and gets a fresh "state".
type client struct {
	ch chan []byte
}

const clientBuffer = 256

// hub is the scoreboard's state, owned by one goroutine.
type hub struct {
	cfg     Config
	size    table.Table
	clients map[*client]struct{}
	id      int64 // last event id

	ruling    *shot.Ruling
	lastError *shot.Ruling
	call      *shot.Call
	status    *status
	pos       *positions
	clips     []Clip
	cmdRes    *CmdResult

	// history
	pending *pendingRecord // the record the next ruling answers
	match   *matchLog      // the match in progress
	done    []*rack        // finished racks, oldest first
	nextN   int
}

type pendingRecord struct {
	typ     string
	raw     []byte
	game    *shot.Game
	rebuilt bool // built from the ruling, not given
}

func newHub(cfg Config, size table.Table) *hub {
	return &hub{cfg: cfg, size: size, clients: map[*client]struct{}{}, nextN: 1}
}

func (h *hub) snapshot() snapshot {
	s := snapshot{
		Table: h.cfg.Table, Hall: h.cfg.Hall,
		Size:   tableSize{Name: h.size.Name, L: h.size.L, W: h.size.W},
		Ruling: h.ruling, LastError: h.lastError, Call: h.call,
		Status: h.status, Positions: h.pos, History: h.historyList(),
		Clips: h.clips, Cmd: h.cmdRes, Panel: h.cfg.Token != "",
		Recent: []shot.Ruling{},
	}
	if s.Clips == nil {
		s.Clips = []Clip{}
	}
	if h.match != nil {
		log := h.match.log
		if len(log) > 12 {
			log = log[len(log)-12:]
		}
		for _, e := range log {
			s.Recent = append(s.Recent, e.ruling)
		}
	}
	return s
}

func (h *hub) snapshotJSON() []byte {
	b, err := json.Marshal(h.snapshot())
	if err != nil {
		return []byte(`{}`)
	}
	return b
}

// subscribe adds a client whose first event is the current state.
func (h *hub) subscribe() *client {
	c := &client{ch: make(chan []byte, clientBuffer)}
	h.clients[c] = struct{}{}
	h.id++
	c.ch <- sseMessage(h.id, "state", h.snapshotJSON())
	return c
}

func (h *hub) unsubscribe(c *client) {
	if _, ok := h.clients[c]; ok {
		delete(h.clients, c)
		close(c.ch)
	}
}

func (h *hub) closeAll() {
	for c := range h.clients {
		h.unsubscribe(c)
	}
}

// broadcast sends an event to every client, in order; a client that cannot keep up
// is dropped.
func (h *hub) broadcast(event string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	h.id++
	msg := sseMessage(h.id, event, b)
	for c := range h.clients {
		select {
		case c.ch <- msg:
		default:
			h.cfg.Logger.Info("web: dropping a slow event stream", "table", h.cfg.Table)
			h.unsubscribe(c)
		}
	}
}

func (h *hub) setStatus(st status) {
	h.status = &st
	h.broadcast("status", st)
}

func (h *hub) setPositions(p *positions) {
	h.pos = p
	h.broadcast("positions", p)
}

func (h *hub) clip(c Clip) {
	for i, old := range h.clips {
		if old.Name == c.Name {
			h.clips = append(h.clips[:i], h.clips[i+1:]...)
			break
		}
	}
	h.clips = append(h.clips, c)
	if len(h.clips) > 200 {
		h.clips = h.clips[len(h.clips)-200:]
	}
	h.broadcast("clip", c)
}

func (h *hub) cmd(r CmdResult) {
	h.cmdRes = &r
	h.broadcast("cmd", r)
}

func (h *hub) record(typ string, raw []byte, g *shot.Game) {
	h.pending = &pendingRecord{typ: typ, raw: raw, game: g}
}

// rulingEvent is the "ruling" event: the ruling and the board after it.
type rulingEvent struct {
	Ruling *shot.Ruling `json:"ruling"`
	Error  bool         `json:"error"`
	Call   *shot.Call   `json:"call"`
	// History is the list of finished racks, newest first, when this ruling changed it.
	History []rackSummary `json:"history,omitempty"`
	Size    tableSize     `json:"size"`
}

func (h *hub) addRuling(r shot.Ruling, at time.Time) {
	rec := h.pending
	h.pending = nil
	if rec != nil && rec.typ != r.Kind {
		rec = nil // not the record this ruling answers
	}
	if rec == nil && r.Kind != shot.KindError {
		if b := recordFromRuling(r, h.size.Name); b != nil {
			rec = &pendingRecord{typ: r.Kind, raw: b, rebuilt: true}
		}
	}
	if r.Kind == shot.KindError {
		h.lastError = &r
		h.broadcast("ruling", rulingEvent{Ruling: &r, Error: true, Call: h.call, Size: h.sizeJSON()})
		return
	}
	// Carry the board's match fields over rulings that leave them out.
	if p := h.ruling; p != nil {
		if r.Game == "" {
			r.Game = p.Game
		}
		if r.Rules == "" {
			r.Rules = p.Rules
		}
		if len(r.Players) == 0 {
			r.Players = p.Players
		}
		if r.Race == 0 && r.Kind != "game" {
			r.Race = p.Race
		}
		if r.Target == 0 && r.Kind != "game" {
			r.Target = p.Target
		}
		if r.Rack == 0 {
			r.Rack = p.Rack
		}
	}
	if rec != nil && rec.game != nil && rec.game.Table != "" {
		if t, err := table.New(rec.game.Table); err == nil {
			h.size = t
		}
	}
	h.ruling = &r
	h.lastError = nil
	switch {
	case r.Kind == "call" && r.Call != nil && !r.Call.Empty():
		c := *r.Call
		h.call = &c
	case r.Kind == "call", r.Kind == "shot", r.Kind == "game", r.Kind == "undo":
		h.call = nil
	}
	changed := h.history(r, rec, at)
	ev := rulingEvent{Ruling: &r, Call: h.call, Size: h.sizeJSON()}
	if changed {
		ev.History = h.historyList()
	}
	h.broadcast("ruling", ev)
}

func (h *hub) sizeJSON() tableSize { return tableSize{Name: h.size.Name, L: h.size.L, W: h.size.W} }

// matchLog is the match in progress: every accepted record with its ruling, and
// the racks of the match that have ended.
type matchLog struct {
	game *shot.Game // the game record that started it, when it was seen
	log  []entry
	ends map[int]*rack // by the engine's rack number
}

// entry is one judged record; raw is nil when the ruling came without its record.
type entry struct {
	typ     string
	raw     []byte
	rebuilt bool // raw was built from the ruling
	ruling  shot.Ruling
	at      time.Time
}

// history files the ruling (and its record) in the match log and updates the list
// of finished racks. It reports whether that list changed.
//
// The rules engine numbers racks (ruling.rack) and keeps game_over in every ruling
// until the next rack's break, and its undo is exact. So rack R has ended exactly
// when the latest ruling is of a later rack, or of rack R with game_over set; a
// rack whose end an undo or a referee's foul took back is listed no more. A rack's
// shot log runs from the record after the previous rack's end to the record that
// ended it, so that the calls and settles between two racks open the next one, and
// undone shots travel with their undo.
func (h *hub) history(r shot.Ruling, rec *pendingRecord, at time.Time) bool {
	if r.Kind == "game" || h.match == nil {
		m := &matchLog{ends: map[int]*rack{}}
		if r.Kind == "game" && rec != nil {
			m.game = rec.game
		}
		h.match = m
	}
	m := h.match
	e := entry{typ: r.Kind, ruling: r, at: at}
	if rec != nil {
		e.raw, e.rebuilt = rec.raw, rec.rebuilt
	}
	m.log = append(m.log, e)
	changed := false
	for n, rk := range m.ends {
		if n > r.Rack || (n == r.Rack && r.GameOver == nil) {
			delete(m.ends, n)
			h.drop(rk)
			changed = true
		}
	}
	if r.GameOver == nil || r.Rack <= 0 || m.ends[r.Rack] != nil {
		return changed
	}
	// Rack r.Rack has just ended: its log starts after the previous end.
	start := 0
	for n, rk := range m.ends {
		if n < r.Rack && rk.end+1 > start {
			start = rk.end + 1
		}
	}
	end := len(m.log) - 1
	rk := &rack{N: h.nextN, end: end, match: m.game, size: h.size.Name,
		Started: m.log[start].at, Ended: at, Reason: r.GameOver.Reason}
	h.nextN++
	if r.GameOver.Winner != nil {
		rk.Winner = *r.GameOver.Winner
	}
	rk.header = start == 0 && m.log[0].typ == "game" && m.log[0].raw != nil
	for _, e := range m.log[start : end+1] {
		rk.rulings = append(rk.rulings, e.ruling)
		if e.raw == nil {
			rk.missing++
			continue
		}
		if e.rebuilt {
			rk.rebuilt++
		}
		rk.records = append(rk.records, e.raw)
	}
	m.ends[r.Rack] = rk
	h.done = append(h.done, rk)
	if len(h.done) > h.cfg.HistoryLen {
		h.done = h.done[len(h.done)-h.cfg.HistoryLen:]
	}
	return true
}

// drop removes a rack whose end was taken back from the finished list.
func (h *hub) drop(rk *rack) {
	for i, d := range h.done {
		if d == rk {
			h.done = append(h.done[:i], h.done[i+1:]...)
			break
		}
	}
	if rk.N == h.nextN-1 {
		h.nextN-- // its number goes to the rack when it ends again
	}
}

func (h *hub) historyList() []rackSummary {
	out := make([]rackSummary, 0, len(h.done))
	for i := len(h.done) - 1; i >= 0; i-- {
		out = append(out, h.done[i].summary())
	}
	return out
}

func (h *hub) rack(n int) *rack {
	for _, r := range h.done {
		if r.N == n {
			return r.clone()
		}
	}
	return nil
}

// rack is one rack (one game) of a match: the records judged and their rulings.
type rack struct {
	N       int
	Started time.Time
	Ended   time.Time
	Winner  string
	Reason  string
	match   *shot.Game // the match's game record, when it was seen
	size    string

	records [][]byte // encoded input records, in order (rulings of kind error excluded)
	rulings []shot.Ruling
	missing int  // rulings that came without their record
	rebuilt int  // records built from their rulings
	header  bool // records[0] is the match's own game record
	end     int  // index in the match log of the record that ended the rack
}

func (r *rack) clone() *rack {
	c := *r
	c.records = append([][]byte(nil), r.records...)
	c.rulings = append([]shot.Ruling(nil), r.rulings...)
	return &c
}

// gameRecord is the game record that starts the rack's shot log: the match's own
// when the rack opened the match, else one built from the rulings (same game,
// players, rules and the rack's breaker).
func (r *rack) gameRecord() *shot.Game {
	g := &shot.Game{}
	if r.match != nil {
		*g = *r.match
		g.Players = append([]string(nil), r.match.Players...)
	}
	if len(r.rulings) > 0 {
		f := r.rulings[0]
		if g.Game == "" {
			g.Game = f.Game
		}
		if len(g.Players) == 0 {
			g.Players = f.Players
		}
		if g.Rules == "" {
			g.Rules = f.Rules
		}
		if g.Race == 0 {
			g.Race = f.Race
		}
		if g.Target == 0 {
			g.Target = f.Target
		}
	}
	if g.Table == "" {
		g.Table = r.size
	}
	g.Breaker = ""
	for _, ru := range r.rulings {
		if ru.Kind == "shot" && ru.Shooter != "" {
			g.Breaker = ru.Shooter
			break
		}
	}
	return g
}

// jsonl is the rack as a shot log that `cueref replay` re-judges: a game record
// (unless the rack began with one), then every accepted input record in order.
func (r *rack) jsonl() []byte {
	var b bytes.Buffer
	if !r.header {
		if g, err := shot.Encode(r.gameRecord()); err == nil {
			b.Write(g)
			b.WriteByte('\n')
		}
	}
	for _, rec := range r.records {
		b.Write(rec)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// rackSummary is a finished rack as listed on the page.
type rackSummary struct {
	N          int      `json:"n"`
	Game       string   `json:"game"`
	Players    []string `json:"players"`
	Rack       int      `json:"rack"`
	Winner     string   `json:"winner"`
	Reason     string   `json:"reason"`
	Shots      int      `json:"shots"`
	Fouls      int      `json:"fouls"`
	Started    string   `json:"started"`
	Ended      string   `json:"ended"`
	Replayable bool     `json:"replayable"` // every ruling came with its record
	Rebuilt    int      `json:"rebuilt"`    // records rebuilt from their rulings (given neither by the daemon nor the panel)
	JSONL      string   `json:"jsonl"`      // download link (relative)
}

func (r *rack) summary() rackSummary {
	s := rackSummary{N: r.N, Winner: r.Winner, Reason: r.Reason, Replayable: r.missing == 0, Rebuilt: r.rebuilt,
		Started: r.Started.UTC().Format(time.RFC3339)}
	if !r.Ended.IsZero() {
		s.Ended = r.Ended.UTC().Format(time.RFC3339)
	}
	if !s.Replayable {
		s.JSONL = ""
	} else {
		s.JSONL = "api/history/" + strconv.Itoa(r.N) + ".jsonl"
	}
	for _, ru := range r.rulings {
		if ru.Kind == "shot" {
			s.Shots++
			if ru.Legal != nil && !*ru.Legal {
				s.Fouls++
			}
		}
	}
	if n := len(r.rulings); n > 0 {
		last := r.rulings[n-1]
		s.Game, s.Players, s.Rack = last.Game, last.Players, last.Rack
	}
	if s.Players == nil {
		s.Players = []string{}
	}
	return s
}

// rackDetail is GET /api/history/{n}.
type rackDetail struct {
	rackSummary
	Records []json.RawMessage `json:"records"`
	Rulings []shot.Ruling     `json:"rulings"`
}

func (r *rack) detail() rackDetail {
	d := rackDetail{rackSummary: r.summary(), Rulings: r.rulings, Records: []json.RawMessage{}}
	for _, line := range bytes.Split(bytes.TrimSpace(r.jsonl()), []byte("\n")) {
		if len(line) > 0 {
			d.Records = append(d.Records, json.RawMessage(line))
		}
	}
	if d.Rulings == nil {
		d.Rulings = []shot.Ruling{}
	}
	return d
}

// patchRecord gives the ruling with sequence number seq its record, when the record
// came later than the ruling (a command POSTed to /api/cmd: the referee answers the
// POST after it has published the ruling). A given record replaces a rebuilt one.
func (h *hub) patchRecord(seq int, typ string, raw []byte) {
	if h.match == nil || seq <= 0 {
		return
	}
	for i := len(h.match.log) - 1; i >= 0; i-- {
		e := &h.match.log[i]
		if e.ruling.Seq != seq {
			continue
		}
		if e.typ == typ && (e.raw == nil || e.rebuilt) {
			e.raw, e.rebuilt = raw, false
		}
		return
	}
}

// recordFromRuling rebuilds the input record a ruling answers, for the records the
// daemon does not pass on (it passes shots): a game, call, undo or referee's foul
// can be read back from its ruling; a decision, lag or settle cannot (nil).
func recordFromRuling(r shot.Ruling, size string) []byte {
	var rec shot.Record
	switch r.Kind {
	case "game":
		if r.Game == "" || len(r.Players) == 0 {
			return nil
		}
		rec = &shot.Game{Game: r.Game, Players: r.Players, Breaker: r.Next.Player, Table: size,
			Race: r.Race, Target: r.Target, Rules: r.Rules}
	case "call":
		if r.Call.Empty() {
			return nil
		}
		c := *r.Call
		c.ID = ""
		rec = &c
	case "undo":
		rec = &shot.Undo{}
	case "foul":
		for i := len(r.Fouls) - 1; i >= 0; i-- {
			if r.Fouls[i].Code == shot.Referee && r.Fouls[i].Entered != "" {
				rec = &shot.Foul{Code: r.Fouls[i].Entered}
				break
			}
		}
	}
	if rec == nil {
		return nil
	}
	b, err := shot.Encode(rec)
	if err != nil {
		return nil
	}
	return b
}
