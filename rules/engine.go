package rules

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// variant is one game's rules behind the shared engine.
type variant interface {
	// balls are the object balls of a full rack.
	balls() []int
	// rack returns the positions of a full rack (object balls only).
	rack(t table.Table) shot.Positions
	// legalFirst lists the balls the next shot may hit first.
	legalFirst(c *core) []int
	// needCall reports whether the next shot needs a called ball and pocket.
	needCall(c *core) bool
	// threeFouls reports whether the three-foul rule is played (and its rule number).
	threeFouls(c *core) (bool, string)
	// judge rules on one shot (break or not) whose general facts are known.
	judge(c *core, f *facts, j *judgement)
	// decide applies a choice from Pending; ctx tells what the options were about.
	decide(c *core, choice string, r *shot.Ruling) error
}

func newVariant(game string) variant {
	switch game {
	case "8ball":
		return eightBall{}
	case "9ball":
		return rotation{top: 9}
	case "10ball":
		return rotation{top: 10}
	case "14.1":
		return straight{}
	}
	return nil
}

// Engine is the referee's rules state machine. It is deterministic and does no
// I/O; it is not safe for concurrent use.
type Engine struct {
	cur  *core
	hist []histEntry
}

// histEntry is one accepted record with the state before it, for undo and for
// referee-entered fouls.
type histEntry struct {
	prev     *core
	rec      shot.Record
	seq      int
	entered  []string // foul codes entered for this shot by foul records
	undoable bool     // a shot, lag or decision (undo stops at these)
}

// Rack returns the object-ball positions of a full rack of game ("8ball",
// "9ball", "10ball", "14.1") on a table of the given size: what the balls look
// like when State.Breaking says the next shot breaks a new rack.
func Rack(game, size string) (shot.Positions, error) {
	v := newVariant(game)
	if v == nil {
		return nil, fmt.Errorf("rules: unknown game %q", game)
	}
	t, err := table.New(size)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	return v.rack(t), nil
}

// Balls returns the balls a game is played with: the cue ball and the game's
// object balls, lowest first (nil for an unknown game). A number outside them
// seen by a camera is a misreading.
func Balls(game string) []int {
	v := newVariant(game)
	if v == nil {
		return nil
	}
	return append([]int{0}, v.balls()...)
}

// New returns an engine waiting for a game record.
func New() *Engine {
	return &Engine{cur: &core{st: State{BallInHand: shot.InHandNone}}}
}

// Snapshot returns a deep copy of the current state.
func (e *Engine) Snapshot() State { return e.cur.st.clone() }

// Reject answers an input line that could not be decoded: a ruling of kind
// "error" carrying the unchanged state.
func (e *Engine) Reject(seq int, err error) shot.Ruling {
	msg := "rules: rejected input"
	if err != nil {
		msg = err.Error()
	}
	return e.errorRuling(seq, msg)
}

func (e *Engine) errorRuling(seq int, msg string) shot.Ruling {
	r := shot.Ruling{Seq: seq, Kind: shot.KindError, Error: msg}
	e.cur.st.fill(&r)
	r.Text = fmt.Sprintf("Line %d rejected: %s. Nothing changes.", seq, msg)
	r.Normalize()
	return r
}

// errState is a record the state cannot accept.
type errState struct{ msg string }

func (e *errState) Error() string { return e.msg }

func reject(format string, args ...any) error {
	return &errState{msg: "rules: " + fmt.Sprintf(format, args...)}
}

// Apply judges one input record and returns its ruling. A record the state cannot
// accept gives a ruling of kind "error" and leaves the state unchanged. Apply
// never panics.
func (e *Engine) Apply(seq int, rec shot.Record) (out shot.Ruling) {
	defer func() {
		if p := recover(); p != nil {
			out = e.errorRuling(seq, fmt.Sprintf("rules: internal error judging this record (%v); state unchanged", p))
		}
	}()
	if rec == nil {
		return e.errorRuling(seq, "rules: empty record")
	}
	var (
		r   shot.Ruling
		err error
		nc  *core
	)
	r.Seq = seq
	r.Kind = rec.Type()
	switch x := rec.(type) {
	case *shot.Game:
		nc, err = startGame(x)
		if err == nil {
			e.hist = nil
			e.cur = nc
			r.Text = describeGame(nc)
			nc.st.fill(&r)
			r.Normalize()
			return r
		}
	case *shot.Undo:
		return e.undo(seq)
	case *shot.Foul:
		return e.refereeFoul(seq, x)
	default:
		if e.cur.v == nil {
			err = reject("no game yet: a game record must come first")
			break
		}
		nc = e.cur.clone()
		switch x := rec.(type) {
		case *shot.Shot:
			err = nc.applyShot(x, nil, &r)
		case *shot.Lag:
			err = nc.applyLag(x, &r)
		case *shot.Decision:
			err = nc.applyDecision(x, &r)
		case *shot.Settle:
			err = nc.applySettle(x, &r)
		case *shot.Call:
			err = nc.applyCall(x, &r)
		default:
			err = reject("record type %q is not judged", rec.Type())
		}
	}
	if err != nil {
		return e.errorRuling(seq, err.Error())
	}
	_, isShot := rec.(*shot.Shot)
	_, isLag := rec.(*shot.Lag)
	_, isDec := rec.(*shot.Decision)
	e.hist = append(e.hist, histEntry{prev: e.cur, rec: rec, seq: seq, undoable: isShot || isLag || isDec})
	e.cur = nc
	nc.st.fill(&r)
	r.Normalize()
	return r
}

// undo takes back the last shot, lag or decision (and any settle or call after it).
func (e *Engine) undo(seq int) shot.Ruling {
	i := len(e.hist) - 1
	for i >= 0 && !e.hist[i].undoable {
		i--
	}
	if i < 0 {
		return e.errorRuling(seq, "rules: nothing to undo (no shot, lag or decision since the game record)")
	}
	h := e.hist[i]
	e.cur = h.prev
	e.hist = e.hist[:i]
	r := shot.Ruling{Seq: seq, Kind: "undo"}
	r.Notes = []string{fmt.Sprintf("took back the %s of line %d", h.rec.Type(), h.seq)}
	e.cur.st.fill(&r)
	r.Text = fmt.Sprintf("Undo: the %s of line %d is taken back. %s", h.rec.Type(), h.seq, describeNext(e.cur))
	r.Normalize()
	return r
}

// refereeFoul applies a referee-entered foul to the shot just played: the shot is
// judged again from the state before it, with the entered foul added. Settle and
// call records that came after the shot are applied again on top.
func (e *Engine) refereeFoul(seq int, fr *shot.Foul) (out shot.Ruling) {
	i := len(e.hist) - 1
	for i >= 0 && !e.hist[i].undoable {
		i--
	}
	if i < 0 {
		return e.errorRuling(seq, "rules: no shot to apply the foul to")
	}
	h := e.hist[i]
	s, ok := h.rec.(*shot.Shot)
	if !ok {
		return e.errorRuling(seq, fmt.Sprintf("rules: a foul applies to the shot just played, but the last record was a %s", h.rec.Type()))
	}
	if _, ok := shot.RefereeCodes[fr.Code]; !ok {
		return e.errorRuling(seq, fmt.Sprintf("rules: unknown foul code %q", fr.Code))
	}
	entered := append(append([]string{}, h.entered...), fr.Code)
	nc := h.prev.clone()
	r := shot.Ruling{Seq: seq, Kind: "foul"}
	if err := nc.applyShot(s, entered, &r); err != nil {
		return e.errorRuling(seq, err.Error())
	}
	hist := append([]histEntry{}, e.hist[:i]...)
	hist = append(hist, histEntry{prev: h.prev, rec: h.rec, seq: h.seq, entered: entered, undoable: true})
	cur := nc
	for _, later := range e.hist[i+1:] {
		nx := cur.clone()
		var scratch shot.Ruling
		var err error
		switch x := later.rec.(type) {
		case *shot.Settle:
			err = nx.applySettle(x, &scratch)
		case *shot.Call:
			err = nx.applyCall(x, &scratch)
		default:
			err = reject("cannot re-apply a %s", later.rec.Type())
		}
		if err != nil {
			r.Notes = append(r.Notes, fmt.Sprintf("the %s of line %d no longer applies: %v", later.rec.Type(), later.seq, err))
			continue
		}
		hist = append(hist, histEntry{prev: cur, rec: later.rec, seq: later.seq})
		cur = nx
	}
	e.hist = hist
	e.cur = cur
	r.Notes = append([]string{fmt.Sprintf("referee entered %s (rule %s) for the shot of line %d, judged again", fr.Code, shot.RefereeCodes[fr.Code], h.seq)}, r.Notes...)
	cur.st.fill(&r)
	r.Normalize()
	return r
}

// startGame builds the state of a new match.
func startGame(g *shot.Game) (*core, error) {
	v := newVariant(g.Game)
	if v == nil {
		return nil, reject("unknown game %q", g.Game)
	}
	if len(g.Players) != 2 || g.Players[0] == g.Players[1] || g.Players[0] == "" || g.Players[1] == "" {
		return nil, reject("a match needs two different players")
	}
	p, err := parseProfile(g.Rules, g.Options)
	if err != nil {
		return nil, err
	}
	size := g.Table
	if size == "" {
		size = "9ft"
	}
	t, err := table.New(size)
	if err != nil {
		return nil, reject("%v", err)
	}
	breaker := g.Breaker
	if breaker == "" {
		breaker = g.Players[0]
	} else if breaker != g.Players[0] && breaker != g.Players[1] {
		return nil, reject("breaker %q is not one of the players", breaker)
	}
	c := &core{tbl: t, opts: p, v: v}
	zero := func() map[string]int { return map[string]int{g.Players[0]: 0, g.Players[1]: 0} }
	c.st = State{
		Game: g.Game, Rules: p.name, Options: p.list(), Players: append([]string{}, g.Players...),
		Table: t.Name, Race: g.Race, Target: g.Target,
		Score: zero(), Racks: zero(), FoulsInRow: zero(),
		Rack: 1, LagDue: true,
	}
	c.newRack(breaker)
	return c, nil
}

// newRack racks every ball for a break by breaker.
func (c *core) newRack(breaker string) {
	c.st.OnTable = append([]int{}, c.v.balls()...)
	c.st.Layout = c.v.rack(c.tbl)
	c.st.Groups = nil
	c.st.Next = breaker
	c.st.Breaker = breaker
	c.st.BallInHand = shot.InHandKitchen
	c.st.Breaking = true
	c.st.Pending = nil
	c.st.PushOut = false
	c.ctx, c.offender = "", ""
	c.foulRun = nil
	c.refresh()
}

// startNextRack begins the rack after a finished one (at its break).
func (c *core) startNextRack() {
	breaker := c.st.Next
	c.st.Rack++
	c.st.Shot = 0
	c.st.GameOver = nil
	for _, p := range c.st.Players {
		c.st.FoulsInRow[p] = 0
	}
	c.newRack(breaker)
}

// nextBreaker applies rule 1.29 (and 2.5 for 8-ball) after a rack won by winner
// ("" for a stalemate, which the same breaker breaks again).
func (c *core) nextBreaker(winner string) string {
	last := c.st.Breaker
	if winner == "" {
		return last
	}
	order := c.opts.breakOrder
	if order == "" {
		if c.st.Game == "8ball" {
			order = OptBreakAlternate
		} else {
			order = OptBreakWinner
		}
	}
	loser := c.st.Opponent(winner)
	switch order {
	case OptBreakAlternate:
		return c.st.Opponent(last)
	case OptBreakLoser:
		return loser
	case OptBreakTrailing:
		a, b := c.st.Players[0], c.st.Players[1]
		switch {
		case c.st.Racks[a] < c.st.Racks[b]:
			return a
		case c.st.Racks[b] < c.st.Racks[a]:
			return b
		}
		return c.st.Opponent(last)
	}
	return winner
}

// refresh recomputes the derived fields of the state.
func (c *core) refresh() {
	sort.Ints(c.st.OnTable)
	c.st.LegalFirst = c.v.legalFirst(c)
	c.st.NeedCall = c.v.needCall(c)
	c.st.Warning = ""
	if on, rule := c.v.threeFouls(c); on {
		for _, p := range c.st.Players {
			if c.st.FoulsInRow[p] == 2 {
				if c.st.Warning != "" {
					c.st.Warning += "; "
				}
				c.st.Warning += fmt.Sprintf("%s is on two fouls: a third foul in a row %s (rule %s)", p, threeFoulPenalty(c.st.Game), rule)
			}
		}
	}
	if c.st.MatchOver != nil {
		c.st.Pending = nil
	}
}

func threeFoulPenalty(game string) string {
	if game == "14.1" {
		return "costs 15 more points"
	}
	return "loses the rack"
}

// applyShot judges a shot record; entered are referee-entered foul codes for it.
func (c *core) applyShot(rec *shot.Shot, entered []string, r *shot.Ruling) error {
	st := &c.st
	if st.MatchOver != nil {
		return reject("the match is over (%s): start a new game", st.MatchOver.Reason)
	}
	if err := c.checkBalls(rec); err != nil {
		return err
	}
	call := rec.Call
	if call.Empty() && c.pendingCall != nil {
		call = c.pendingCall
	}
	if len(st.Pending) > 0 {
		switch {
		case c.ctx == "lag":
			// The lag winner breaks without saying so.
			if err := c.decideLag("break"); err != nil {
				return err
			}
			r.Notes = append(r.Notes, "no decision after the lag: the lag winner breaks")
		case c.ctx == "break_off8":
			// Rule 2.6: ball in hand in the kitchen, or the table as it lies. A
			// stroke from outside the kitchen can only be the latter.
			if p, ok := rec.Before[0]; ok && !c.tbl.InKitchen(p.P()) {
				if err := c.v.decide(c, "accept", r); err != nil {
					return err
				}
				r.Notes = append(r.Notes, "no decision given: the cue ball was played from outside the kitchen, so the table is taken as it lies")
			} else {
				st.Pending, c.ctx = nil, ""
				r.Notes = append(r.Notes, "no decision given: the shot is taken with ball in hand in the kitchen")
			}
		case containsStr(st.Pending, "accept") && st.GameOver == nil:
			// A shot while "accept" is open is taken as accepting the table.
			if err := c.v.decide(c, "accept", r); err != nil {
				return err
			}
			r.Notes = append(r.Notes, "no decision given: the shot is taken as accepting the table")
		default:
			return reject("%s must first choose one of %s", st.Next, strings.Join(st.Pending, ", "))
		}
	}
	if st.GameOver != nil {
		c.startNextRack()
	}
	shooter := st.Next
	f := analyse(c, rec)
	j := &judgement{f: f, shooter: shooter, opponent: st.Opponent(shooter), brk: st.Breaking, call: call, legal: cloneInts(st.LegalFirst)}
	j.notes = append(j.notes, f.notes...)
	if call != nil && !call.Empty() {
		r.Call = call
	}
	for _, code := range entered {
		j.fouls = append(j.fouls, violation{code: shot.Referee, rule: shot.RefereeCodes[code], entered: code})
	}
	// Rule 1.25: a ball that moved by itself before the cue ball reached it:
	// everything goes back and the stroke is played again.
	if f.settleBefore && len(entered) == 0 {
		c.replayShot(f, j, r)
		st.LagDue = false
		c.pendingCall = nil
		return nil
	}
	for _, ev := range f.settles {
		if ev.Pocket != "" && !f.settleBefore {
			j.note("ball %d fell into %s by itself after hanging (rule 1.25): it is put back", ev.Ball, ev.Pocket)
		}
	}
	c.v.judge(c, f, j)
	j.sortFouls()
	c.commit(f, j, r)
	c.pendingCall = nil
	st.LagDue = false
	explainShot(c, j, r)
	return nil
}

// checkBalls rejects a shot that names an object ball the game is not played with
// (the 12 in 9-ball): the record does not describe this match. Balls of the game
// that are merely off the bed are tolerated and noted by analyse.
func (c *core) checkBalls(rec *shot.Shot) error {
	in := map[int]bool{0: true}
	for _, b := range c.v.balls() {
		in[b] = true
	}
	bad := func(b int) error {
		return reject("ball %d is not used in %s", b, c.st.Game)
	}
	for _, ps := range []shot.Positions{rec.Before, rec.After} {
		for b := range ps {
			if !in[b] {
				return bad(b)
			}
		}
	}
	for _, e := range rec.Events {
		switch e.Kind {
		case shot.Contact:
			if !in[e.A] {
				return bad(e.A)
			}
			if !in[e.B] {
				return bad(e.B)
			}
		case shot.Strike, shot.Stop, shot.DoubleHt:
		default:
			if !in[e.Ball] {
				return bad(e.Ball)
			}
		}
	}
	if call := rec.Call; call != nil && call.Ball != nil && !in[*call.Ball] {
		return bad(*call.Ball)
	}
	return nil
}

// replayShot restores every ball to its position at the stroke (rule 1.25).
func (c *core) replayShot(f *facts, j *judgement, r *shot.Ruling) {
	keys := make([]int, 0, len(f.rec.Before))
	for b := range f.rec.Before {
		keys = append(keys, b)
	}
	sort.Ints(keys)
	for _, b := range keys {
		p := f.rec.Before[b]
		if q, ok := f.rec.After[b]; ok && q == p {
			continue
		}
		r.Restore = append(r.Restore, shot.Placement{Ball: b, At: p})
	}
	r.Replay = true
	if f.rec.Review != nil {
		rv := *f.rec.Review
		r.Review = &rv
	}
	legal := true
	r.Legal = &legal
	r.Shooter = j.shooter
	r.Turn = shot.TurnKeep
	r.Pocketed = pocketList(f)
	c.st.Layout = f.rec.Before.Clone()
	r.Notes = append(r.Notes, "a ball moved by itself before the cue ball reached it: the balls are put back and the stroke is replayed (rule 1.25)")
	r.Text = fmt.Sprintf("%s, %s: a ball moved by itself during the stroke — the balls go back where they were and %s plays the stroke again, no foul (rule 1.25).", shotLabel(c), j.shooter, j.shooter)
}

func pocketList(f *facts) []int {
	out := append([]int{}, f.pocketed...)
	if f.cuePocketed {
		out = append(out, 0)
	}
	sort.Ints(out)
	return out
}

// commit writes a judged shot into the state and the ruling.
func (c *core) commit(f *facts, j *judgement, r *shot.Ruling) {
	st := &c.st
	st.Shot++
	legal := !j.fouled()
	r.Shooter = j.shooter
	r.Legal = &legal
	for _, v := range j.fouls {
		r.Fouls = append(r.Fouls, shot.FoulCall{Code: v.code, Rule: v.rule, Entered: v.entered})
	}
	r.Pocketed = pocketList(f)
	sort.Ints(j.counted)
	r.Counted = append([]int{}, j.counted...)
	if f.rec.Review != nil {
		rv := *f.rec.Review
		r.Review = &rv
	}

	// Balls: off the bed, then spotted and placed back.
	for _, b := range f.pocketed {
		st.removeBall(b)
	}
	for _, b := range f.offTable {
		st.removeBall(b)
	}
	layout := f.rec.After.Clone()
	if layout == nil {
		layout = shot.Positions{}
	}
	for _, b := range f.pocketed {
		delete(layout, b)
	}
	for _, b := range f.offTable {
		delete(layout, b)
	}
	for _, ev := range f.settles {
		if ev.Pocket != "" {
			if p, ok := f.rec.Before[ev.Ball]; ok {
				j.restore = append(j.restore, shot.Placement{Ball: ev.Ball, At: p})
			}
		}
	}
	for _, pl := range j.restore {
		layout[pl.Ball] = pl.At
		if pl.Ball != 0 {
			st.addBall(pl.Ball)
		}
	}
	if f.cuePocketed || f.cueOff || j.rackedCue {
		delete(layout, 0)
	}
	if len(j.spot) > 0 {
		sort.Ints(j.spot)
		for _, b := range j.spot {
			delete(layout, b)
		}
		cue, cueOn := layout[0]
		if j.inHand != shot.InHandNone && j.inHand != "" {
			cueOn = false // the cue ball is in hand: it does not block (rule 1.26)
		}
		var cp *table.Point
		if cueOn {
			p := cue.P()
			cp = &p
		}
		pls := spotBalls(c.tbl, j.spot, layout, cp)
		for _, pl := range pls {
			layout[pl.Ball] = pl.At
			st.addBall(pl.Ball)
		}
		r.Spot = append(r.Spot, pls...)
	}
	for _, pl := range j.place {
		layout[pl.Ball] = pl.At
		if pl.Ball != 0 {
			st.addBall(pl.Ball)
		}
	}
	r.Spot = append(r.Spot, j.place...)
	r.Restore = append(r.Restore, j.restore...)
	r.Replay = j.replay
	st.Layout = layout

	// Score and fouls in a row.
	st.Score[j.shooter] += j.points
	if j.fouled() {
		if !j.noCount {
			st.FoulsInRow[j.shooter]++
		}
		if j.resetFouls {
			st.FoulsInRow[j.shooter] = 0
		}
		c.foulRun = append(c.foulRun, j.shooter)
	} else {
		st.FoulsInRow[j.shooter] = 0
		c.foulRun = nil
	}

	// Who is next.
	r.Turn = j.turn
	if j.turn == "" {
		r.Turn = shot.TurnPass
	}
	st.Next = j.next
	if st.Next == "" {
		if r.Turn == shot.TurnKeep {
			st.Next = j.shooter
		} else {
			st.Next = j.opponent
		}
	}
	if j.over != nil {
		c.finishRack(j.over)
		if st.Next == j.shooter {
			r.Turn = shot.TurnKeep
		} else {
			r.Turn = shot.TurnPass
		}
		r.Notes = append(r.Notes, j.notes...)
		c.refresh()
		return
	}
	st.BallInHand = j.inHand
	if st.BallInHand == "" {
		st.BallInHand = shot.InHandNone
	}
	st.Pending = cloneStrings(j.options)
	c.ctx, c.offender, c.inHandAfterAccept = j.ctx, j.offender, j.accept
	st.Breaking = false
	st.PushOut = j.pushOut && !c.opts.has(OptNoPushOut)

	if j.rerack {
		c.newRack(st.Next)
	}
	r.Notes = append(r.Notes, j.notes...)
	c.refresh()
}

// finishRack records a rack's result and sets up the next rack's break.
func (c *core) finishRack(o *shot.Outcome) {
	st := &c.st
	st.GameOver = cloneOutcome(o)
	st.Pending = nil
	c.ctx, c.offender = "", ""
	st.PushOut = false
	winner := ""
	if o.Winner != nil {
		winner = *o.Winner
		if st.Game != "14.1" {
			st.Racks[winner]++
		}
	}
	switch {
	case st.Game == "14.1" && o.Reason == "target_reached":
		st.MatchOver = cloneOutcome(o)
	case st.Race > 0 && winner != "" && st.Racks[winner] >= st.Race:
		st.MatchOver = cloneOutcome(o)
	}
	st.Next = c.nextBreaker(winner)
	st.BallInHand = shot.InHandKitchen
	st.Breaking = true
}

func containsStr(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func outcome(winner, reason string) *shot.Outcome {
	o := &shot.Outcome{Reason: reason}
	if winner != "" {
		w := winner
		o.Winner = &w
	}
	return o
}

// applyDecision applies a decision record.
func (c *core) applyDecision(d *shot.Decision, r *shot.Ruling) error {
	st := &c.st
	if len(st.Pending) == 0 {
		return reject("no decision is due (%s is to shoot)", st.Next)
	}
	if !containsStr(st.Pending, d.Choice) {
		return reject("%q is not an option now: %s may choose %v", d.Choice, st.Next, st.Pending)
	}
	chooser := st.Next
	var err error
	if c.ctx == "lag" {
		err = c.decideLag(d.Choice)
	} else {
		err = c.v.decide(c, d.Choice, r)
	}
	if err != nil {
		return err
	}
	c.refresh()
	r.Shooter = ""
	r.Text = fmt.Sprintf("%s chooses %s. %s", chooser, d.Choice, describeNext(c))
	return nil
}

// applySettle handles a ball that moved by itself between shots (rule 1.25).
func (c *core) applySettle(s *shot.Settle, r *shot.Ruling) error {
	st := &c.st
	if st.MatchOver != nil {
		return reject("the match is over (%s): start a new game", st.MatchOver.Reason)
	}
	if s.Ball != 0 && !st.Has(s.Ball) {
		return reject("ball %d is not on the table", s.Ball)
	}
	if s.Pocket != "" {
		if s.From == nil {
			return reject("settle: a ball that fell after hanging needs from (rule 1.25)")
		}
		if st.Layout == nil {
			st.Layout = shot.Positions{}
		}
		st.Layout[s.Ball] = *s.From
		r.Restore = []shot.Placement{{Ball: s.Ball, At: *s.From}}
		r.Text = fmt.Sprintf("Ball %d hung on the edge of %s and fell by itself: it is put back where it was, no foul, play goes on (rule 1.25). %s", s.Ball, s.Pocket, describeNext(c))
		r.Notes = []string{fmt.Sprintf("ball %d restored at its position before it fell (rule 1.25)", s.Ball)}
		return nil
	}
	r.Notes = []string{fmt.Sprintf("ball %d moved by itself: it stays where it stopped (rule 1.25)", s.Ball)}
	r.Text = fmt.Sprintf("Ball %d moved by itself: it stays where it stopped, no foul (rule 1.25). %s", s.Ball, describeNext(c))
	return nil
}

// applyCall stores a live call for the next shot.
func (c *core) applyCall(call *shot.Call, r *shot.Ruling) error {
	if c.st.MatchOver != nil {
		return reject("the match is over")
	}
	if call.Ball != nil && !c.st.Has(*call.Ball) {
		return reject("ball %d is not on the table and cannot be called", *call.Ball)
	}
	if call.PushOut && !c.st.PushOut {
		return reject("a push-out is not allowed now (rule 3.6)")
	}
	cc := *call
	if call.Ball != nil {
		b := *call.Ball
		cc.Ball = &b
	}
	c.pendingCall = &cc
	r.Call = &cc
	r.Text = fmt.Sprintf("%s calls %s for the next shot.", c.st.Next, describeCall(&cc))
	return nil
}
