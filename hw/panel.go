package hw

import (
	"errors"
	"log/slog"

	"github.com/cueref/cueref/shot"
)

// Panel is the table's lamps and buzzer following the referee: the foul lamp
// lights after a foul and goes out when the next shot starts; the ready lamp is
// lit while the table waits for the next stroke; the buzzer sounds one long tone
// for a foul, two short ones when a player is one foul from losing by three fouls
// (rules 3.12, 4.12, 5.5.4), three short ones when a game or the match is over.
// Any part may be nil (not wired). Its methods are the referee's output.
type Panel struct {
	FoulLamp  *Lamp
	ReadyLamp *Lamp
	Buzzer    *Buzzer
	Log       *slog.Logger
}

func (p *Panel) logErr(err error) {
	if err != nil && p.Log != nil {
		p.Log.Warn("gpio write failed", "err", err)
	}
}

// Ruling updates the lamps and sounds the buzzer for a ruling.
func (p *Panel) Ruling(r shot.Ruling) {
	switch r.Kind {
	case shot.KindError, "call", "lag", "settle":
		// A call, lag or settle changes no lamp (and an error changes nothing).
		if r.Kind == shot.KindError {
			return
		}
	case "shot", "foul":
		fouled := len(r.Fouls) > 0
		p.logErr(p.FoulLamp.Set(fouled))
		switch {
		case r.GameOver != nil || r.MatchOver != nil:
			p.Buzzer.Play(GameOver)
		case fouled && r.Warning != "":
			p.Buzzer.Play(Warning)
		case fouled:
			p.Buzzer.Play(Foul)
		}
	default: // game, undo, decision
		if r.Kind != "decision" {
			p.logErr(p.FoulLamp.Set(false))
		}
	}
	ready := r.MatchOver == nil && len(r.Next.Options) == 0 && r.Next.Player != ""
	p.logErr(p.ReadyLamp.Set(ready))
}

// Shot does nothing: the panel follows events and rulings.
func (p *Panel) Shot(*shot.Shot) {}

// Event handles live tracker events: a strike starts the next shot, which puts
// out the foul lamp and the ready lamp. A provisional strike waits for its
// confirmation: a lamp put out wrongly cannot be put back.
func (p *Panel) Event(e shot.Event) {
	if e.Kind == shot.Strike && !e.Provisional {
		p.logErr(p.FoulLamp.Set(false))
		p.logErr(p.ReadyLamp.Set(false))
	}
}

// Result does nothing: command results are for the sender.
func (p *Panel) Result(id string, seq int, err error) {}

// Halt silences the buzzer and leaves every output Low.
func (p *Panel) Halt() error {
	return errors.Join(p.Buzzer.Halt(), p.FoulLamp.Halt(), p.ReadyLamp.Halt())
}
