package rules

import (
	"fmt"
	"sort"
	"strings"
)

// Option names (see the table in the package documentation).
const (
	OptEightBreakWins     = "eight_break_wins"
	OptEightBreakLoses    = "eight_break_loses"
	OptKitchenBallInHand  = "kitchen_ball_in_hand"
	OptNoThreeFoul        = "no_three_foul"
	OptNoStalemate        = "no_stalemate"
	OptNoPushOut          = "no_push_out"
	OptBreakWinner        = "break_winner"
	OptBreakAlternate     = "break_alternate"
	OptBreakLoser         = "break_loser"
	OptBreakTrailing      = "break_trailing"
	OptTenBreakSpotted    = "ten_break_spotted"
	OptTenCallShot        = "ten_call_shot"
	OptEightOpenFoul      = "eight_first_open_foul"
	profileStandard       = "standard"
	profileCoinOp         = "coinop"
	breakOrderGameDefault = ""
)

// optionDocs is the one list of known options; the package doc has the same table.
var optionDocs = map[string]string{
	OptEightBreakWins:    "8-ball: the 8 pocketed on a legal break wins the rack (note to rule 2.6, coin-operated tables)",
	OptEightBreakLoses:   "8-ball: the 8 pocketed on the break together with the cue ball loses the rack (note to rule 2.6)",
	OptKitchenBallInHand: "ball in hand after a foul is behind the head string only (instead of anywhere, rules 2.11, 3.7, 5.x)",
	OptNoThreeFoul:       "no loss (9-ball, 10-ball) or −15 (14.1) for three fouls in a row (rules 3.12, 4.12, 5.5.4)",
	OptNoStalemate:       "8-ball: six alternating fouls in a row are not called a stalemate (rule 2.16)",
	OptNoPushOut:         "9-ball and 10-ball: no push-out after the break (rule 3.6)",
	OptBreakWinner:       "the winner of a rack breaks the next one (rule 1.29; the default of 9-ball, 10-ball)",
	OptBreakAlternate:    "the players break in turn (rule 1.29(1); the default of 8-ball by rule 2.5)",
	OptBreakLoser:        "the loser of a rack breaks the next one (rule 1.29(2))",
	OptBreakTrailing:     "the player behind in racks breaks; when level, the players break in turn (rule 1.29(3))",
	OptTenBreakSpotted:   "10-ball: the 10 pocketed on the break is spotted instead of winning (WPA 10-ball)",
	OptTenCallShot:       "10-ball: call shot (WPA 10-ball): a pot that is not the called ball in the called pocket ends the inning and the opponent plays or passes the shot back",
	OptEightOpenFoul:     "8-ball: hitting the 8 first on an open table is a foul (WPA) instead of only ending the inning (rule 2.7)",
}

// profiles are the named rule sets; each is a list of options.
var profiles = map[string][]string{
	profileStandard: nil,
	profileCoinOp:   {OptEightBreakWins, OptEightBreakLoses},
	"wpa":           {OptTenBreakSpotted, OptTenCallShot, OptEightOpenFoul},
}

// profile is a parsed rule set.
type profile struct {
	name       string
	options    map[string]bool
	breakOrder string // one of the break_* options, or "" for the game's default
}

func (p profile) has(o string) bool { return p.options[o] }

// list returns the options in force, sorted.
func (p profile) list() []string {
	out := make([]string, 0, len(p.options))
	for o := range p.options {
		out = append(out, o)
	}
	sort.Strings(out)
	return out
}

// parseProfile resolves a profile name ("" means standard) plus extra options.
func parseProfile(name string, extra []string) (profile, error) {
	if name == "" {
		name = profileStandard
	}
	base, ok := profiles[name]
	if !ok {
		return profile{}, fmt.Errorf("rules: unknown rule profile %q (want one of %s)", name, strings.Join(sortedNames(profiles), ", "))
	}
	p := profile{name: name, options: map[string]bool{}}
	for _, o := range append(append([]string{}, base...), extra...) {
		if _, ok := optionDocs[o]; !ok {
			return profile{}, fmt.Errorf("rules: unknown rule option %q (want one of %s)", o, strings.Join(sortedNames(optionDocs), ", "))
		}
		p.options[o] = true
		switch o {
		case OptBreakWinner, OptBreakAlternate, OptBreakLoser, OptBreakTrailing:
			if p.breakOrder != "" && p.breakOrder != o {
				return profile{}, fmt.Errorf("rules: options %q and %q both set the break order (rule 1.29)", p.breakOrder, o)
			}
			p.breakOrder = o
		}
	}
	return p, nil
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
