package rules

import (
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// State is the referee's view of the match after the last accepted record. It is
// what a player, a scoreboard or the simulator's automatic players need to know
// to play the next stroke. Snapshot returns a deep copy, so it is safe to keep.
type State struct {
	Game    string   // "8ball", "9ball", "10ball" or "14.1"; "" before any game record
	Rules   string   // rule profile name ("standard", ...)
	Options []string // rule options in force (profile's and the game record's), sorted
	Players []string // in match order
	Table   string   // table size name ("7ft", "8ft", "9ft")
	Race    int      // racks to win the match (rack games); 0 = no limit
	Target  int      // points to win (14.1); 0 = no limit

	Next       string // the player to act next (shoot, or choose among Pending)
	BallInHand string // shot.InHandNone, shot.InHandKitchen or shot.InHandTable
	Breaking   bool   // the next shot is the break of a new rack (rack it first)
	Breaker    string // who broke (or is to break) the current rack

	OnTable    []int          // object balls on the bed, lowest first
	Layout     shot.Positions // last known positions at rest (after spots and restores); the cue ball is absent while in hand
	LegalFirst []int          // object balls the cue ball may legally hit first on the next shot
	NeedCall   bool           // the next shot needs a called ball and pocket to score (14.1 always)
	PushOut    bool           // the next shot may be declared a push-out (rule 3.6)
	Pending    []string       // next.options: choices open to Next; empty when Next just shoots

	Groups     map[string]string // 8-ball: player → "solids"/"stripes"; nil while the table is open
	Score      map[string]int    // points (14.1)
	Racks      map[string]int    // racks won
	FoulsInRow map[string]int    // consecutive fouls per player
	Warning    string            // set while a player is one foul from losing by three fouls (rules 3.12, 4.12, 5.5.4)

	GameOver  *shot.Outcome // the rack's result; stays set until the next rack's break
	MatchOver *shot.Outcome // race or target reached; only a new game record clears it

	Rack   int  // rack number in the match, from 1
	Shot   int  // shots played in the current rack
	LagDue bool // no shot has been played yet: a lag record (rule 1.5) is still accepted
}

func cloneMap[V any](m map[string]V) map[string]V {
	if m == nil {
		return nil
	}
	out := make(map[string]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func cloneOutcome(o *shot.Outcome) *shot.Outcome {
	if o == nil {
		return nil
	}
	c := *o
	if o.Winner != nil {
		w := *o.Winner
		c.Winner = &w
	}
	return &c
}

func cloneInts(s []int) []int {
	if s == nil {
		return nil
	}
	return append([]int{}, s...)
}

func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	return append([]string{}, s...)
}

// clone returns a deep copy of s.
func (s State) clone() State {
	c := s
	c.Options = cloneStrings(s.Options)
	c.Players = cloneStrings(s.Players)
	c.OnTable = cloneInts(s.OnTable)
	c.Layout = s.Layout.Clone()
	c.LegalFirst = cloneInts(s.LegalFirst)
	c.Pending = cloneStrings(s.Pending)
	c.Groups = cloneMap(s.Groups)
	c.Score = cloneMap(s.Score)
	c.Racks = cloneMap(s.Racks)
	c.FoulsInRow = cloneMap(s.FoulsInRow)
	c.GameOver = cloneOutcome(s.GameOver)
	c.MatchOver = cloneOutcome(s.MatchOver)
	return c
}

// Opponent returns the other player of a two-player match ("" if name is not a player).
func (s State) Opponent(name string) string {
	if len(s.Players) != 2 {
		return ""
	}
	switch name {
	case s.Players[0]:
		return s.Players[1]
	case s.Players[1]:
		return s.Players[0]
	}
	return ""
}

// Has reports whether object ball b is on the bed.
func (s State) Has(b int) bool {
	for _, x := range s.OnTable {
		if x == b {
			return true
		}
	}
	return false
}

// core is the whole engine state: the public State plus what only the engine needs.
// Every field is deep-copied by clone, so a rejected record can be thrown away
// and undo can go back exactly.
type core struct {
	st   State
	tbl  table.Table
	opts profile
	v    variant

	// decision context: what Pending is about, and who committed the foul it follows.
	ctx      string
	offender string
	// inHandAfterAccept is the ball in hand the chooser gets with "accept".
	inHandAfterAccept string
	// pendingCall is a live "call" command waiting for the next shot.
	pendingCall *shot.Call
	// foulRun lists the shooters of the consecutive fouled shots (any player), for
	// the 8-ball stalemate (rule 2.16).
	foulRun []string
}

func (c *core) clone() *core {
	n := *c
	n.st = c.st.clone()
	n.foulRun = cloneStrings(c.foulRun)
	if c.pendingCall != nil {
		pc := *c.pendingCall
		if c.pendingCall.Ball != nil {
			b := *c.pendingCall.Ball
			pc.Ball = &b
		}
		n.pendingCall = &pc
	}
	return &n
}

// removeBall takes object ball b off the table list.
func (s *State) removeBall(b int) {
	out := s.OnTable[:0]
	for _, x := range s.OnTable {
		if x != b {
			out = append(out, x)
		}
	}
	s.OnTable = out
}

// addBall puts object ball b back on the table list.
func (s *State) addBall(b int) {
	if s.Has(b) {
		return
	}
	s.OnTable = append(s.OnTable, b)
	sort.Ints(s.OnTable)
}

// fill copies the state into a ruling: next, groups, score, racks, fouls, warning,
// outcomes and the extras.
func (s State) fill(r *shot.Ruling) {
	r.Next = shot.Next{Player: s.Next, BallInHand: s.BallInHand, Options: cloneStrings(s.Pending)}
	r.Groups = cloneMap(s.Groups)
	r.Score = cloneMap(s.Score)
	r.Racks = cloneMap(s.Racks)
	r.FoulsInRow = cloneMap(s.FoulsInRow)
	r.Warning = s.Warning
	r.GameOver = cloneOutcome(s.GameOver)
	r.MatchOver = cloneOutcome(s.MatchOver)
	r.Game = s.Game
	r.Rules = s.Rules
	r.Players = cloneStrings(s.Players)
	r.Race = s.Race
	r.Target = s.Target
	r.Rack = s.Rack
	r.OnTable = cloneInts(s.OnTable)
	if r.OnTable == nil {
		r.OnTable = []int{}
	}
}
