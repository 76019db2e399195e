package shot

import "encoding/json"

// Ball-in-hand values of next.ball_in_hand.
const (
	InHandNone    = "none"
	InHandKitchen = "kitchen"
	InHandTable   = "table"
)

// Turn values.
const (
	TurnKeep = "keep"
	TurnPass = "pass"
)

// FoulCall is one violation in a ruling, with the seed's rule number.
type FoulCall struct {
	Code string `json:"code"`
	Rule string `json:"rule"`
	// Entered is the code a referee entered with a foul record (code "referee").
	Entered string `json:"entered,omitempty"`
}

// Placement is where a ball goes: a spotted ball (rule 1.26) or a restored one (1.25, 1.28).
type Placement struct {
	Ball int   `json:"ball"`
	At   Point `json:"at"`
}

// Next is who plays next and how.
type Next struct {
	Player     string   `json:"player"`
	BallInHand string   `json:"ball_in_hand"`
	Options    []string `json:"options"`
}

// Outcome ends a game or a match. Winner is nil for a stalemate.
type Outcome struct {
	Winner *string `json:"winner"`
	Reason string  `json:"reason"`
}

// Ruling is the answer to every input record, in the contract's field order. The
// fields after Notes are extras the contract allows; readers that do not know them
// ignore them.
type Ruling struct {
	Seq     int    `json:"seq"`
	Kind    string `json:"kind"`
	Error   string `json:"error,omitempty"`
	Shooter string `json:"shooter,omitempty"`
	// Winner is the lag's winner: a JSON string, or null for a re-lag. Set it
	// with SetLagWinner; it is absent from every other kind.
	Winner     json.RawMessage   `json:"winner,omitempty"`
	Legal      *bool             `json:"legal,omitempty"`
	Fouls      []FoulCall        `json:"fouls"`
	Pocketed   []int             `json:"pocketed"`
	Counted    []int             `json:"counted"`
	Spot       []Placement       `json:"spot"`
	Restore    []Placement       `json:"restore,omitempty"`
	Replay     bool              `json:"replay,omitempty"`
	Turn       string            `json:"turn,omitempty"`
	Next       Next              `json:"next"`
	Groups     map[string]string `json:"groups"`
	Score      map[string]int    `json:"score"`
	Racks      map[string]int    `json:"racks"`
	FoulsInRow map[string]int    `json:"fouls_in_row"`
	Warning    string            `json:"warning"`
	GameOver   *Outcome          `json:"game_over"`
	MatchOver  *Outcome          `json:"match_over"`
	Notes      []string          `json:"notes"`

	Review  *Review  `json:"review,omitempty"`
	Call    *Call    `json:"call,omitempty"`    // the declaration the shot was judged with
	Game    string   `json:"game,omitempty"`    // the game being played
	Rules   string   `json:"rules,omitempty"`   // the rule profile
	Players []string `json:"players,omitempty"` // in match order
	Race    int      `json:"race,omitempty"`
	Target  int      `json:"target,omitempty"`
	Rack    int      `json:"rack,omitempty"`     // rack number in the match, from 1
	OnTable []int    `json:"on_table,omitempty"` // object balls on the bed after the record, lowest first
	Text    string   `json:"text,omitempty"`     // the ruling in plain words, with rule numbers
}

// SetLagWinner records the lag's winner; "" means no winner (a re-lag).
func (r *Ruling) SetLagWinner(name string) {
	if name == "" {
		r.Winner = json.RawMessage("null")
		return
	}
	b, _ := json.Marshal(name)
	r.Winner = b
}

// LagWinner returns the lag's winner and whether the ruling names one.
func (r *Ruling) LagWinner() (string, bool) {
	var s *string
	if len(r.Winner) == 0 || json.Unmarshal(r.Winner, &s) != nil || s == nil {
		return "", false
	}
	return *s, true
}

// Normalize replaces nil slices and maps that the contract writes as [] or {} with
// empty ones, so that encoding is the same however the ruling was built.
func (r *Ruling) Normalize() {
	if r.Fouls == nil {
		r.Fouls = []FoulCall{}
	}
	if r.Pocketed == nil {
		r.Pocketed = []int{}
	}
	if r.Counted == nil {
		r.Counted = []int{}
	}
	if r.Spot == nil {
		r.Spot = []Placement{}
	}
	if r.Next.Options == nil {
		r.Next.Options = []string{}
	}
	if r.Next.BallInHand == "" {
		r.Next.BallInHand = InHandNone
	}
	if r.Score == nil {
		r.Score = map[string]int{}
	}
	if r.Racks == nil {
		r.Racks = map[string]int{}
	}
	if r.FoulsInRow == nil {
		r.FoulsInRow = map[string]int{}
	}
	if r.Notes == nil {
		r.Notes = []string{}
	}
}

// MarshalJSON normalizes a copy and encodes it.
func (r Ruling) MarshalJSON() ([]byte, error) {
	r.Normalize()
	type plain Ruling
	return json.Marshal(plain(r))
}
