package tracking

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/cueref/cueref/shot"
)

// A ball on the table at the stroke, not on it after the shot, and told
// neither pocketed nor off the table. For the rules it simply went, and
// whatever took it (a pocket, the floor) is lost without a question.
// No-render seed 7, 10-ball shot 21 (stroke at 146.6 s): the cue ball met
// the 10 resting 7 mm off the foot cushion and flew off the table 30 ms
// later; its track followed the 10 off the cushion, the 10's own was found
// again later, and the cue ball was in the shot's Before and not its After,
// with no event: a no_contact foul told, unflagged, where the truth is
// cue_ball_off_table. lostBedDoubt asks about an object ball lost by a
// cushion so; this asks about any other such ball, its going off the table
// as the other reading (the judge drops the doubt when both rule alike).
// When the cue ball met no ball in the record, an object ball that went so
// was most likely met by it, unseen, its track lost or swapped with the cue
// ball's at the contact: that is a reading too. Camera model at 30 fps,
// seed 36, 14.1 shot 388: the cue ball met the 7, 30 mm off it at the
// stroke, by the foot-right corner, and the 7 dropped 50 ms later; neither
// the contact nor the pocket was told, and a no_contact foul was called for
// a legal pot, unasked (off the table or not, the 7 changed nothing in a
// shot with no contact).

// vanishedDoubt returns the review reason for the first ball of rec that
// vanished so, and rec read with that ball off the table; "" when none did.
func (k *Tracker) vanishedDoubt(rec *shot.Shot) (string, []*shot.Shot) {
	balls := make([]int, 0, len(rec.Before))
	for b := range rec.Before {
		balls = append(balls, b)
	}
	sort.Ints(balls)
	for _, b := range balls {
		if _, ok := rec.After[b]; ok {
			continue
		}
		if slices.ContainsFunc(rec.Events, func(e shot.Event) bool {
			return (e.Kind == shot.Pocketed || e.Kind == shot.OffTable || e.Kind == shot.Touch) && e.Ball == b
		}) {
			continue
		}
		t, ok := k.lastSeenOf(b)
		if !ok {
			continue
		}
		why := fmt.Sprintf("ball %d on the table at the stroke, not after the shot, and not seen to go", b)
		off := withEvent(rec, shot.Event{T: t, Kind: shot.OffTable, Ball: b})
		if b > 0 && firstOf(rec) < 0 {
			// Met by no ball the record has, it went: met by the cue ball,
			// unseen (see above).
			return why, []*shot.Shot{off, firstMet(off, b)}
		}
		return why, []*shot.Shot{off}
	}
	return "", nil
}

// lastSeenOf is when, from the stroke, the track that held ball b at the
// stroke was last read, and whether it vanished in the shot: read after the
// stroke, and not taken for lifted (a ball lost at rest where it stopped, by
// an arm or a hand, found again there later) unless it moved in the shot.
// Rendered seed 69, 14.1 at 63.95 s: the 6, lost at rest by the foot-right
// corner and back there 3.6 s later, was asked about in three shots,
// needlessly, before the lifted were left out. 30 fps 9-ball break (bench
// --shots 1, seed 19): the 6, struck in the rack, flew off the table unread;
// after the break's swaps its track was one lifted in the rack, and the
// break was ruled legal, unasked (TestVanishedInBreakAsked). Nor a ball
// lifted as a moving ball ran through its place (sweptBy), or one told met
// in the shot, if only provisionally (camera model at 30 fps, seed 36, 14.1
// shot 388: the 7, by the foot-right corner, met by the cue ball and
// pocketed within 50 ms, both told provisionally only; its track was taken
// for lifted at its place).
func (k *Tracker) lastSeenOf(b int) (float64, bool) {
	for i, id := range k.beforeID {
		if id == b && i >= 0 && i < len(k.tracks) {
			tr := &k.tracks[i]
			t := tr.last.t - k.strikeT
			if !tr.gone && tr.ball < 0 {
				return 0, false // on the table still, its number lost (placesBefore)
			}
			// Met beside it (metBeside) just after the stroke, it may have
			// been read last at the stroke's frame.
			return math.Max(0, t), t > 0 && (!tr.lifted || tr.moved || tr.swept || tr.provMet >= k.strikeT) || t > -1.5*k.dt && k.metBeside(i)
		}
	}
	return 0, false
}

// metBeside reports whether a contact was told beside lifted track i as it
// was last read (two frames before to three after): its point no farther
// than three radii and besideGap from i's rest point (a ball of it about
// besideGap from touching i, or nearer). The ball was met there, unseen,
// by the ball of that contact or the one it met, not taken off by hand.
// Camera model at 30 fps, seed 36, 8-ball shot 164: the cue ball, at
// 4 m/s, met the 3 and 8 ms later the 4, which flew off the table; no read
// of the cue ball came near the 4 (84 mm off between frames), the 4's
// track was taken for lifted, and the pot was ruled legal, unasked, where
// the truth is object_ball_off_table. Seed 45, 9-ball shot 182: the same
// with the 5 and the 7.
func (k *Tracker) metBeside(i int) bool {
	tr := &k.tracks[i]
	lo, hi := tr.last.t-2*k.dt, tr.last.t+3*k.dt
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.kind != shot.Contact || !e.hasAt || e.a == i || e.b == i || e.t < lo || e.t > hi {
			continue
		}
		if e.at.Dist(tr.rest) <= 3*k.R+besideGap {
			if k.trace != nil {
				k.trace("%.4f track %d ball %d met beside: contact at %.4f at %v, %.1f mm from its rest point", k.lastT, i, tr.ball, e.t, e.at, e.at.Dist(tr.rest))
			}
			return true
		}
	}
	return false
}

// besideGap (mm): see metBeside.
const besideGap = 20.0

// sweepGap (mm): a step of a moving ball's reads that passes this near
// touching a ball's rest point ran through it. sweepMove (mm): a step this
// long or longer is a moving ball's, well above a resting one's noise.
const (
	sweepGap  = 10.0
	sweepMove = 5.0
)

// sweptBy reports whether another track's reads, about when resting track i
// was last read (two frames before to three after), stepped through where
// i rested: from one read to the next, a frame or two apart and more than a
// radius long, passing within touching of its rest point, or heading on
// from the step before through it (bent there); or a moving ball's read
// touching it. The ball was met there, not taken off by hand. Camera model
// at 30 fps, seed 3, 9-ball shot 243: the cue ball, at 9.5 m/s, met the 9
// and flew off the table; the cue ball's track took the 9's reads, and the
// 9's track, left without reads at its place, was taken for lifted; the shot
// was ruled no_contact, unasked, where the truth is cue_ball_off_table.
// Seed 5, 9-ball shot 173 (TestBrushedOffAsked): the 6, struck into the 4,
// passed the push on and went on slowly, read 58 mm from the 4's place as
// the 4 flew off the table unread; no step of its reads was a radius long.
func (k *Tracker) sweptBy(i int) bool {
	tr := &k.tracks[i]
	lo, hi := tr.last.t-2*k.dt-1e-6, tr.last.t+3*k.dt
	var buf [8]sample
	for oi := range k.tracks {
		if oi == i || !k.tracks[oi].used || !k.tracks[oi].confirmed {
			continue
		}
		s := k.histAround(oi, lo-2*k.dt, hi, buf[:0])
		for j := 1; j < len(s); j++ {
			step := s[j].p.Dist(s[j-1].p)
			if s[j].t < lo || s[j].t-s[j-1].t > 2.5*k.dt || step <= sweepMove {
				continue
			}
			d := s[j].p.Dist(tr.rest) // read touching it
			if step > k.R {
				d, _ = segDist(tr.rest, s[j-1].p, s[j].p)
			}
			if j >= 2 && s[j-1].t-s[j-2].t <= 2.5*k.dt {
				// Or its way on from the step before, as long as this
				// one: it bent where it met the ball.
				if u := s[j-1].p.Sub(s[j-2].p); u.Len() > k.R {
					on := s[j-1].p.Add(u.Scale(step / u.Len()))
					d2, _ := segDist(tr.rest, s[j-1].p, on)
					d = math.Min(d, d2)
				}
			}
			if d < 2*k.R+sweepGap {
				if k.trace != nil {
					k.trace("%.4f track %d ball %d swept: track %d stepped from %v to %v, %.1f mm from its rest point", k.lastT, i, tr.ball, oi, s[j-1].p, s[j].p, d)
				}
				return true
			}
		}
	}
	return false
}
