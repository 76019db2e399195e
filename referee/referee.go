// Package referee is the core loop of `cueref run`. One goroutine owns the rules
// engine and the match journal; everything else talks to it over channels: shot
// records from the tracker, live tracker events, and raw JSON commands from MQTT,
// the buttons and the web panel, each with a reply. Every record is journaled and
// fsync'd before it is judged, so a restart replays the journal and resumes the
// match exactly; then the ruling fans out to the outputs (MQTT feed, lamps and
// buzzer, web scoreboard).
package referee

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/cueref/cueref/journal"
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

// Output receives what the referee decides. Its methods are called from the
// referee's goroutine, in order, and must not block (queue, don't wait).
type Output interface {
	// Ruling is the answer to every journaled record, errors included.
	Ruling(shot.Ruling)
	// Shot is a shot record as judged (with the held call attached), before its ruling.
	Shot(*shot.Shot)
	// Event is a live tracker event, as it happens.
	Event(shot.Event)
	// Result answers a command: its id, the seq it was journaled as (0 if it was
	// not), and nil or the reason it was refused.
	Result(id string, seq int, err error)
}

// Result is the answer to a command, as published: {"id","ok","error","seq"}.
type Result struct {
	ID    string `json:"id"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
	Seq   int    `json:"seq,omitempty"`
}

// Err returns the result's error, or nil when it is OK.
func (r Result) Err() error {
	if r.OK {
		return nil
	}
	return errors.New(r.Error)
}

// Command is a raw JSON command and where to send its result.
type Command struct {
	Source string // "mqtt", "button", "web", … (for logs and metrics)
	Data   []byte
	// Reply gets exactly one Result if not nil; give it room for one (the loop
	// does not wait for a reader).
	Reply chan<- Result
}

// MaxCommand is the largest command accepted, in bytes.
const MaxCommand = 16 << 10

// commandTypes are the record types a command may carry: the input records a
// person enters. Shots and lags come from the tracker.
var commandTypes = map[string]bool{"game": true, "decision": true, "undo": true, "foul": true, "settle": true, "call": true}

// Config sets up a Referee.
type Config struct {
	// StateDir holds the journal (journal.FileName).
	StateDir string
	Outputs  []Output
	Log      *slog.Logger
	Metrics  *Metrics // nil: NewMetrics(nil), registered nowhere
	// Heartbeat is how often the loop proves it is alive (default 1s).
	Heartbeat time.Duration
}

// Referee is the core loop. Create it with New, run it with Run.
type Referee struct {
	cfg     Config
	log     *slog.Logger
	m       *Metrics
	journal *journal.Journal
	engine  *rules.Engine
	held    *shot.Call  // the call waiting for the next shot
	last    shot.Ruling // the latest ruling of a journaled record
	seq     int         // the last journaled record's line

	shots  chan *shot.Shot
	lags   chan *shot.Lag
	events chan shot.Event
	cmds   chan Command
	status chan chan Status
	done   chan struct{}
	beat   atomic.Int64 // unix nanoseconds of the loop's last heartbeat

	// Refused-command log limiting (owned by the loop).
	refusedSince                time.Time
	refusedLogged, refusedQuiet int
	ran                         atomic.Bool

	view atomic.Pointer[judgeView] // the match after the last record, for the tracker's judge (judge.go)
}

// Status is the referee's state as the loop sees it.
type Status struct {
	State rules.State
	Call  *shot.Call  // held for the next shot; nil when none
	Seq   int         // the last journaled record
	Last  shot.Ruling // its ruling
}

// New opens the journal in cfg.StateDir and replays it through a fresh rules
// engine, restoring the match exactly.
func New(cfg Config) (*Referee, error) {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics(nil)
	}
	if cfg.Heartbeat <= 0 {
		cfg.Heartbeat = time.Second
	}
	j, entries, err := journal.Open(cfg.StateDir, cfg.Log)
	if err != nil {
		return nil, fmt.Errorf("referee: %w", err)
	}
	r := &Referee{
		cfg:     cfg,
		log:     cfg.Log,
		m:       cfg.Metrics,
		journal: j,
		engine:  rules.New(),
		shots:   make(chan *shot.Shot, 16),
		lags:    make(chan *shot.Lag, 4),
		events:  make(chan shot.Event, 256),
		cmds:    make(chan Command, 64),
		status:  make(chan chan Status),
		done:    make(chan struct{}),
	}
	for _, e := range entries {
		r.apply(e.Line, e.Record)
	}
	r.seq = j.Lines()
	r.m.Records.Set(float64(r.seq))
	if len(entries) > 0 {
		r.log.Info("match restored from the journal", "file", j.Path(), "records", len(entries),
			"seq", r.seq, "game", r.engine.Snapshot().Game, "next", r.last.Next.Player)
	}
	r.beat.Store(time.Now().UnixNano())
	return r, nil
}

// apply judges one journaled record and keeps the held call in step. It is the
// same for live records and for the replay.
func (r *Referee) apply(seq int, rec shot.Record) shot.Ruling {
	ruling := r.engine.Apply(seq, rec)
	if ruling.Kind != shot.KindError {
		switch x := rec.(type) {
		case *shot.Call:
			c := *x
			r.held = &c
		case *shot.Shot, *shot.Game, *shot.Undo:
			r.held = nil
		}
	}
	r.last = ruling
	r.seq = seq
	r.keepView()
	r.m.Rulings.WithLabelValues(ruling.Kind).Inc()
	return ruling
}

// Shots is where the tracker sends finished shots.
func (r *Referee) Shots() chan<- *shot.Shot { return r.shots }

// Lags is where the tracker sends finished lags (rule 1.5).
func (r *Referee) Lags() chan<- *shot.Lag { return r.lags }

// Commands is where raw commands go; see Do for a blocking call.
func (r *Referee) Commands() chan<- Command { return r.cmds }

// Event passes a live tracker event on without blocking; it is dropped (and
// counted) when the loop is behind.
func (r *Referee) Event(e shot.Event) {
	select {
	case r.events <- e:
	default:
		r.m.Dropped.Inc()
	}
}

// Do submits a command and waits for its result.
func (r *Referee) Do(ctx context.Context, source string, data []byte) Result {
	reply := make(chan Result, 1)
	select {
	case r.cmds <- Command{Source: source, Data: data, Reply: reply}:
	case <-ctx.Done():
		return Result{Error: "referee: " + ctx.Err().Error()}
	case <-r.done:
		return Result{Error: "referee: stopped"}
	}
	select {
	case res := <-reply:
		return res
	case <-ctx.Done():
		return Result{Error: "referee: " + ctx.Err().Error()}
	case <-r.done:
		return Result{Error: "referee: stopped"}
	}
}

// Status asks the loop for its state. Before Run or after it ends it reads the
// state directly.
func (r *Referee) Status(ctx context.Context) (Status, error) {
	if !r.ran.Load() {
		return r.snapshot(), nil
	}
	reply := make(chan Status, 1)
	select {
	case r.status <- reply:
	case <-r.done:
		return r.snapshot(), nil
	case <-ctx.Done():
		return Status{}, ctx.Err()
	}
	select {
	case s := <-reply:
		return s, nil
	case <-ctx.Done():
		return Status{}, ctx.Err()
	}
}

func (r *Referee) snapshot() Status {
	s := Status{State: r.engine.Snapshot(), Seq: r.seq, Last: r.last}
	if r.held != nil {
		c := *r.held
		s.Call = &c
	}
	return s
}

// LastBeat is when the loop last showed it was alive.
func (r *Referee) LastBeat() time.Time { return time.Unix(0, r.beat.Load()) }

// Alive reports whether the loop is running and beat within d.
func (r *Referee) Alive(d time.Duration) bool {
	select {
	case <-r.done:
		return false
	default:
	}
	return r.ran.Load() && time.Since(r.LastBeat()) <= d
}

// Done is closed when Run has ended.
func (r *Referee) Done() <-chan struct{} { return r.done }

// Run is the loop. It returns ctx's error when ctx ends, after closing the journal.
func (r *Referee) Run(ctx context.Context) error {
	if r.ran.Swap(true) {
		return errors.New("referee: Run called twice")
	}
	defer close(r.done)
	defer r.journal.Close()
	tick := time.NewTicker(r.cfg.Heartbeat)
	defer tick.Stop()
	r.beat.Store(time.Now().UnixNano())
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case now := <-tick.C:
			r.beat.Store(now.UnixNano())
		case s := <-r.shots:
			if s != nil {
				r.handleShot(s)
			}
		case l := <-r.lags:
			if l != nil {
				if _, _, err := r.record(l); err != nil {
					r.log.Error("referee: lag refused", "err", err)
					r.fanRuling(r.engine.Reject(0, err))
				}
			}
		case e := <-r.events:
			r.m.Events.WithLabelValues(e.Kind).Inc()
			for _, o := range r.cfg.Outputs {
				o.Event(e)
			}
		case c := <-r.cmds:
			res := r.handleCommand(c)
			if c.Reply != nil {
				select {
				case c.Reply <- res:
				default:
					r.log.Warn("referee: command reply channel full; result dropped", "source", c.Source, "id", res.ID)
				}
			}
		case reply := <-r.status:
			reply <- r.snapshot()
		}
	}
}

// record journals rec, then judges the record as the journal holds it (so that
// a replay sees exactly the same input), and fans the ruling out.
//
// A record that does not survive its own encoding (a tracker shot that breaks
// the contract: no strike, ball 16, events out of order…) is refused before it
// is journaled, so the journal only ever holds lines that replay.
func (r *Referee) record(rec shot.Record) (int, shot.Ruling, error) {
	raw, err := shot.Encode(rec)
	if err != nil {
		return 0, shot.Ruling{}, fmt.Errorf("referee: %w", err)
	}
	judged, err := shot.Decode(raw, 0)
	if err != nil {
		return 0, shot.Ruling{}, fmt.Errorf("referee: %s record breaks the contract: %w", rec.Type(), err)
	}
	start := time.Now()
	seq, err := r.journal.AppendLine(raw)
	if err != nil {
		r.log.Error("referee: journal write failed; record not judged", "type", rec.Type(), "err", err)
		return 0, shot.Ruling{}, fmt.Errorf("referee: %w", err)
	}
	r.m.Journal.Observe(time.Since(start).Seconds())
	r.m.Records.Set(float64(seq))
	if s, ok := judged.(*shot.Shot); ok {
		for _, o := range r.cfg.Outputs {
			o.Shot(s)
		}
	}
	ruling := r.apply(seq, judged)
	r.fanRuling(ruling)
	return seq, ruling, nil
}

func (r *Referee) fanRuling(ruling shot.Ruling) {
	for _, o := range r.cfg.Outputs {
		o.Ruling(ruling)
	}
}

// handleShot attaches the held call to a shot that carries none and judges it.
func (r *Referee) handleShot(s *shot.Shot) {
	r.m.Shots.Inc()
	if s.Call.Empty() && r.held != nil {
		c := *r.held
		cp := *s
		cp.Call = &c
		s = &cp
	}
	seq, ruling, err := r.record(s)
	if err != nil {
		// The shot is not judged: say so on every output (seq 0: it has no line).
		r.log.Error("referee: shot refused", "err", err)
		r.fanRuling(r.engine.Reject(0, err))
		return
	}
	r.log.Info("shot judged", "seq", seq, "shooter", ruling.Shooter, "kind", ruling.Kind,
		"fouls", len(ruling.Fouls), "turn", ruling.Turn, "next", ruling.Next.Player)
}

// handleCommand decodes, journals and judges one command.
func (r *Referee) handleCommand(c Command) Result {
	res := r.command(c.Data)
	result := "ok"
	switch {
	case !res.OK && res.Seq == 0:
		result = "malformed"
	case !res.OK:
		result = "rejected"
	}
	r.m.Commands.WithLabelValues(c.Source, result).Inc()
	var err error
	if !res.OK {
		err = errors.New(res.Error)
		r.logRefused(c.Source, res)
	}
	for _, o := range r.cfg.Outputs {
		o.Result(res.ID, res.Seq, err)
	}
	return res
}

// logRefused logs a refused command, at most refusedBurst a refusedWindow: a flood
// of bad commands must not flood the log. The rest are counted and summed up.
func (r *Referee) logRefused(source string, res Result) {
	now := time.Now()
	if now.Sub(r.refusedSince) > refusedWindow {
		if r.refusedQuiet > 0 {
			r.log.Warn("commands refused and not logged", "count", r.refusedQuiet, "window", refusedWindow)
		}
		r.refusedSince, r.refusedLogged, r.refusedQuiet = now, 0, 0
	}
	if r.refusedLogged >= refusedBurst {
		r.refusedQuiet++
		return
	}
	r.refusedLogged++
	r.log.Info("command refused", "source", source, "id", res.ID, "seq", res.Seq, "err", res.Error)
}

const (
	refusedBurst  = 10
	refusedWindow = 10 * time.Second
)

func (r *Referee) command(data []byte) Result {
	if len(data) > MaxCommand {
		return Result{Error: fmt.Sprintf("referee: command is %d bytes, more than the %d allowed", len(data), MaxCommand)}
	}
	data = bytes.TrimSpace(data)
	id := commandID(data)
	rec, err := shot.Decode(data, 0)
	if err != nil {
		return Result{ID: id, Error: "referee: bad command: " + err.Error()}
	}
	if !commandTypes[rec.Type()] {
		return Result{ID: id, Error: fmt.Sprintf("referee: a %q record is not a command (want game, decision, undo, foul, settle or call)", rec.Type())}
	}
	if call, ok := rec.(*shot.Call); ok && call.Empty() {
		return Result{ID: id, Error: "referee: an empty call declares nothing (want ball and pocket, safety, push_out or no_call)"}
	}
	seq, ruling, err := r.record(rec)
	if err != nil {
		return Result{ID: id, Error: err.Error()}
	}
	if ruling.Kind == shot.KindError {
		return Result{ID: id, Seq: seq, Error: ruling.Error}
	}
	return Result{ID: id, OK: true, Seq: seq}
}

// commandID reads a string "id" from a command, if it has one.
func commandID(data []byte) string {
	var head struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(data, &head) != nil {
		return ""
	}
	var s string
	if json.Unmarshal(head.ID, &s) != nil || len(s) > 128 {
		return ""
	}
	return s
}
