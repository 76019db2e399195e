package tracking

import (
	"slices"
	"strings"

	"github.com/cueref/cueref/shot"
)

// Judge tells the tracker whether a doubt in a shot can change the shot's
// ruling. A referee asked to look at a shot whose call cannot change stops
// trusting the asking: two candidate first balls that are both legal to hit
// first, a doubtful ball where any ball is on. The tracker knows the events,
// not the game; the judge (the rules engine, in the match's state before the
// shot) knows the game. Config.Judge is optional: without it every doubt is
// flagged.
type Judge interface {
	// Alike reports whether the shot gets the same ruling as rec when read as
	// each of alts: the record with the doubtful event read another way. It
	// must not change the match's state, and should say false whenever it
	// cannot tell (no game, a record it refuses).
	Alike(rec *shot.Shot, alts []*shot.Shot) bool
}

// HandJudge is a Judge that also knows whether the cue ball is in hand (after
// a foul, or for a break): taken up and put down by hand between shots, or
// struck. The tracker asks it about a cue ball that went between shots with
// no stroke seen (holedrop.go); a Judge without it leaves such a cue ball
// taken for lifted.
type HandJudge interface {
	Judge
	// CueInHand reports whether the player at the table had the cue ball in
	// hand at time t (a frame's time: every shot struck before it ruled),
	// and whether it can tell (false: no game, a record still waiting to
	// be ruled).
	CueInHand(t float64) (inHand, known bool)
}

// cueInHand asks the judge, when it is a HandJudge, whether the cue ball
// was in hand at t (see HandJudge); known is false without one.
func (k *Tracker) cueInHand(t float64) (inHand, known bool) {
	h, ok := k.cfg.Judge.(HandJudge)
	if !ok {
		return false, false
	}
	return h.CueInHand(t)
}

// unseenMetSuffix ends the review reason of an object ball the cue ball met
// that the tracker did not have on the table at the stroke (see
// unknownAtStroke): the first ball may have been any.
const unseenMetSuffix = "not seen at the stroke, then met by the cue ball"

// needless reports whether doubt why, read otherwise as alts, cannot change
// the ruling of rec: the judge finds every reading alike. With no judge, or
// no other reading, every doubt matters.
func (k *Tracker) needless(why string, rec *shot.Shot, alts []*shot.Shot) bool {
	if k.cfg.Judge == nil || rec == nil {
		return false
	}
	if len(alts) == 0 {
		if k.trace != nil {
			k.trace("%.4f review %q asked: no other readings", k.lastT, why)
		}
		return false
	}
	if !k.cfg.Judge.Alike(rec, alts) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f review %q not asked: the ruling is the same for all %d other readings", k.lastT, why, len(alts))
	}
	return true
}

// firstAlts returns rec read with the cue ball's first contact on each of
// balls other than the one rec has: the other readings of a doubtful first
// ball. It returns nil when one cannot be written (rec has no first contact
// of the cue ball, or a candidate is no object ball), so the doubt is asked.
func firstAlts(rec *shot.Shot, balls []int) []*shot.Shot {
	fi := firstOf(rec)
	if fi < 0 {
		return nil
	}
	cur := rec.Events[fi].A + rec.Events[fi].B
	var alts []*shot.Shot
	seen := map[int]bool{cur: true}
	for _, b := range balls {
		if b <= 0 {
			return nil
		}
		if seen[b] {
			continue
		}
		seen[b] = true
		alts = append(alts, withFirst(rec, fi, b))
	}
	return alts
}

// firstOf is the index in rec.Events of the cue ball's first contact, or −1.
func firstOf(rec *shot.Shot) int {
	for i, e := range rec.Events {
		if e.Kind == shot.Contact && (e.A == 0 || e.B == 0) {
			return i
		}
	}
	return -1
}

// withFirst returns a copy of rec whose first contact of the cue ball, at
// index fi, is with ball b. A later contact of the cue ball with b swaps
// balls (and contact points) with it, as when two contacts told a few
// milliseconds apart come the other way round; otherwise the contact changes
// ball and loses its point, which belonged to the other ball.
func withFirst(rec *shot.Shot, fi, b int) *shot.Shot {
	cp := *rec
	cp.Review = nil
	cp.Events = slices.Clone(rec.Events)
	first := &cp.Events[fi]
	old := first.A + first.B
	for j := fi + 1; j < len(cp.Events); j++ {
		if e := &cp.Events[j]; e.Kind == shot.Contact && (e.A == 0 && e.B == b || e.B == 0 && e.A == b) {
			setOther(e, old)
			setOther(first, b)
			first.At, e.At = e.At, first.At
			return &cp
		}
	}
	setOther(first, b)
	first.At = nil
	return &cp
}

// setOther makes ball b the cue ball's partner in contact e.
func setOther(e *shot.Event, b int) {
	if e.A == 0 {
		e.B = b
	} else {
		e.A = b
	}
}

// anyFirst lists the balls the cue ball may have met first when its first
// contact was not seen: every object ball on the bed at the stroke, and every
// ball rec has it meet.
func anyFirst(rec *shot.Shot) []int {
	var balls []int
	for b := range rec.Before {
		if b > 0 {
			balls = append(balls, b)
		}
	}
	for _, e := range rec.Events {
		if e.Kind == shot.Contact && (e.A == 0 || e.B == 0) {
			balls = append(balls, e.A+e.B)
		}
	}
	slices.Sort(balls)
	return slices.Compact(balls)
}

// trackBalls are the balls of tracks trs as the shot record names them, or
// nil when one has no number.
func (k *Tracker) trackBalls(trs ...int) []int {
	var balls []int
	for _, i := range trs {
		if i < 0 || i >= len(k.tracks) || k.tracks[i].ball < 0 {
			return nil
		}
		balls = append(balls, k.tracks[i].ball)
	}
	return balls
}

// firstReading lists the other readings of the doubt behind reviewWhy when it
// is about which ball the cue ball met first (see firstpath.go), else nil.
func (k *Tracker) firstReading(rec *shot.Shot) []*shot.Shot {
	if k.reviewFirst[0] == 0 || k.reviewFirst[1] == 0 {
		return nil
	}
	balls := k.trackBalls(k.reviewFirst[0]-1, k.reviewFirst[1]-1)
	if balls == nil {
		return nil
	}
	return firstAlts(rec, balls)
}

// unseenReading lists the other readings of an unknownAtStroke doubt when it
// is a ball met by the cue ball that was not on the table at the stroke: any
// ball may have been met first. The other doubts of unknownAtStroke (a
// number given by elimination) are about which ball it is, not which came
// first: nil.
func unseenReading(why string, rec *shot.Shot) []*shot.Shot {
	if !strings.HasSuffix(why, unseenMetSuffix) {
		return nil
	}
	return firstAlts(rec, anyFirst(rec))
}

// raise makes why the shot's review reason, with read writing out its other
// readings (nil: none known), unless the shot has one already: then the doubt
// is hidden behind it, which is therefore always asked (reviewHid).
func (k *Tracker) raise(why string, read func(*shot.Shot) []*shot.Shot) {
	if k.reviewWhy != "" {
		k.reviewHid = true
		return
	}
	k.reviewWhy, k.reviewRead = why, read
}

// whyReading lists the other readings of reviewWhy's doubt, or nil (it is
// asked): a doubt about the first ball (firstReading), or one raised with its
// readings (raise), when no other doubt hides behind it.
func (k *Tracker) whyReading(rec *shot.Shot) []*shot.Shot {
	switch {
	case k.reviewHid:
		return nil
	case k.reviewFirst[0] != 0:
		return k.firstReading(rec)
	case k.reviewRead != nil:
		return k.reviewRead(rec)
	}
	return nil
}
