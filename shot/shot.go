// Package shot is the public JSON contract of cueref in Go: the input records of a
// shot log (game, lag, shot, decision, settle, undo, foul, and the live "call"
// command) and the ruling that answers each of them, as fixed by
// shared/spec/shotlog.md, version 1.
//
// Decoding is strict about what the contract fixes — unknown record types, unknown
// event kinds, ball numbers outside 0–15, pockets and rails that do not exist,
// missing fields and events out of time order are errors that name the line and the
// field — and lenient about what it allows: unknown extra fields are ignored.
// Encoding writes the fields in the order and with the names of the spec.
package shot

import (
	"fmt"

	"github.com/cueref/cueref/table"
)

// Point is a position on the bed in millimetres, encoded as [x,y].
type Point [2]float64

// P converts to a table.Point.
func (p Point) P() table.Point { return table.Point{X: p[0], Y: p[1]} }

// FromP converts a table.Point.
func FromP(p table.Point) Point { return Point{p.X, p.Y} }

// Positions maps ball numbers (0 cue, 1–15) to their centres. In JSON the keys are
// the decimal strings "0"…"15", written in numeric order.
type Positions map[int]Point

// Clone returns a copy of ps.
func (ps Positions) Clone() Positions {
	if ps == nil {
		return nil
	}
	out := make(Positions, len(ps))
	for k, v := range ps {
		out[k] = v
	}
	return out
}

// Record is one input line: *Game, *Lag, *Shot, *Decision, *Settle, *Undo, *Foul or
// *Call.
type Record interface {
	// Type is the record's "type" field.
	Type() string
}

// Game starts a match (rule 1.6; a new game record while a match is on starts a new match).
type Game struct {
	Game    string   `json:"game"`
	Players []string `json:"players"`
	Breaker string   `json:"breaker,omitempty"`
	Table   string   `json:"table,omitempty"`
	Race    int      `json:"race,omitempty"`
	Target  int      `json:"target,omitempty"`
	Rules   string   `json:"rules,omitempty"`
	// Options are named rule options layered on the profile (extra field).
	Options []string `json:"options,omitempty"`
}

// LagBall is one player's lag ball: its events and where it came to rest (nil when
// it did not come to rest on the bed).
type LagBall struct {
	Events []Event `json:"events"`
	Rest   *Point  `json:"rest"`
}

// Lag is the lag for the break (rule 1.5), keyed by player name.
type Lag struct {
	Balls map[string]LagBall `json:"balls"`
}

// Call is a declaration for a shot: a called ball and pocket, a safety, a push-out,
// or the 8-ball "shot without call" (rule 2.10). The zero Call is no declaration.
type Call struct {
	Ball    *int   `json:"ball,omitempty"`
	Pocket  string `json:"pocket,omitempty"`
	Safety  bool   `json:"safety,omitempty"`
	PushOut bool   `json:"push_out,omitempty"`
	NoCall  bool   `json:"no_call,omitempty"`
	// ID is echoed in command results when the call came as a live command (extra).
	ID string `json:"id,omitempty"`
}

// Empty reports whether c declares nothing.
func (c *Call) Empty() bool {
	return c == nil || (c.Ball == nil && c.Pocket == "" && !c.Safety && !c.PushOut && !c.NoCall)
}

// Review marks a shot whose deciding events could not be seen well enough.
type Review struct {
	Reason string `json:"reason"`
}

// Shot is one stroke, from cue-tip contact until every ball is at rest.
type Shot struct {
	Call   *Call     `json:"call,omitempty"`
	Start  *float64  `json:"start,omitempty"`
	Wall   string    `json:"wall,omitempty"`
	Review *Review   `json:"review,omitempty"`
	Before Positions `json:"before"`
	Events []Event   `json:"events"`
	After  Positions `json:"after"`
}

// Decision is the incoming player's option.
type Decision struct {
	Choice string `json:"choice"`
}

// Settle is a ball that moved by itself between shots (rule 1.25).
type Settle struct {
	Ball   int    `json:"ball"`
	Pocket string `json:"pocket,omitempty"`
	From   *Point `json:"from,omitempty"`
}

// Undo takes back the last shot, lag or decision.
type Undo struct{}

// Foul is a foul the camera cannot see, entered by the referee for the shot just played.
type Foul struct {
	Code string `json:"code"`
}

func (*Game) Type() string     { return "game" }
func (*Lag) Type() string      { return "lag" }
func (*Shot) Type() string     { return "shot" }
func (*Decision) Type() string { return "decision" }
func (*Settle) Type() string   { return "settle" }
func (*Undo) Type() string     { return "undo" }
func (*Foul) Type() string     { return "foul" }
func (*Call) Type() string     { return "call" }

// Games are the values of game.game.
var Games = []string{"8ball", "9ball", "10ball", "14.1"}

// Choices are the values of decision.choice.
var Choices = []string{"accept", "pass", "rerack", "rerack_offender", "spot_eight", "break"}

// Foul codes of the contract, with the seed's rule numbers.
const (
	CueBallPocketed       = "cue_ball_pocketed"
	CueBallOffTable       = "cue_ball_off_table"
	ObjectBallOffTable    = "object_ball_off_table"
	NoContact             = "no_contact"
	WrongBallFirst        = "wrong_ball_first"
	NoRail                = "no_rail"
	FrozenBallRail        = "frozen_ball_rail"
	BallsMoving           = "balls_moving"
	TouchedBall           = "touched_ball"
	DoubleHit             = "double_hit"
	KitchenFirstContact   = "kitchen_first_contact"
	CueBallOutsideKitchen = "cue_ball_outside_kitchen"
	IllegalBreak          = "illegal_break"
	ThreeFouls            = "three_fouls"
	Referee               = "referee"
)

// RefereeCodes are the codes a `foul` record may enter, with the seed rule each
// cites. They are the camera-visible codes of the contract (a referee may call any
// of them when the camera missed it) plus the fouls no camera can judge.
var RefereeCodes = map[string]string{
	CueBallPocketed:       "1.18",
	CueBallOffTable:       "1.23",
	ObjectBallOffTable:    "1.23",
	NoContact:             "1.16",
	WrongBallFirst:        "1.16",
	NoRail:                "1.17",
	FrozenBallRail:        "1.31",
	BallsMoving:           "1.12",
	TouchedBall:           "1.19",
	DoubleHit:             "1.20",
	KitchenFirstContact:   "1.7",
	CueBallOutsideKitchen: "1.7",
	IllegalBreak:          "1.6",
	"not_tip":             "1.3",  // the cue ball was struck other than with the tip
	"feet_off_floor":      "1.11", // no foot on the floor at the stroke
	"push_shot":           "1.21", // push shot
	"illegal_jump":        "1.22", // jump by scooping under the ball, or a miscue on a jump
	"placement_stroke":    "1.32", // the tip moved forward and touched the cue ball while placing it
	"interference":        "1.33", // distracting or interfering with the opponent
	"shot_out_of_turn":    "1.33",
}

// Ruling kinds other than record types.
const KindError = "error"

// ValidBall reports whether n is a ball number of the contract.
func ValidBall(n int) bool { return n >= 0 && n <= 15 }

// Error is a contract violation in an input line.
type Error struct {
	Line  int    // 1-based input line; 0 when unknown
	Field string // JSON path of the offending field, e.g. "events[2].ball"; "" for the whole line
	Msg   string
}

func (e *Error) Error() string {
	s := ""
	if e.Line > 0 {
		s = fmt.Sprintf("line %d: ", e.Line)
	}
	if e.Field != "" {
		s += e.Field + ": "
	}
	return s + e.Msg
}
