package tracking

import (
	"math"
	"strings"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// No stroke. The tracker starts a shot when the cue ball leaves its rest; now
// and then what left was no stroke:
//
//   - the cue ball in hand put down somewhere else, in view: the old place is
//     empty and the new one full on the next frame, a "motion" of 100–240 mm
//     in one frame that is over in three (rendered bench seeds 15, 16 and 18:
//     four such shots, 166–237 mm in 0.05 s, one of them the cue ball set for
//     a break while the rack was put back);
//   - the cue ball's detections jumping and coming back (the bridge hand over
//     it, a corner's jaw beside it), so that nothing ends anywhere else (seeds
//     15 and 16: four shots whose every ball ended within 0.1 mm of where it
//     began, one with a "contact" on a ball frozen to it; seed 17: a cue ball
//     in a corner's mouth read 8–11 mm off its rest for a second, a "shot"
//     of 6.4 mm with a "rail"; seed 16: a cue ball by a corner that "moved"
//     16 mm and stopped the frame after, then "moved" back 0.3 s later).
//
// Each became a shot record and so, for the rules, a stroke that touched no
// ball: a foul and ball in hand to the other player, on nothing (a no-contact
// foul in every game). A struck ball does not stop like that: the cloth slows
// a ball at SlideDecel (μg, about 2 m/s²) while it slides and far less while
// it rolls, so one that covers d in time T from its stroke to its rest slowed
// on average by at least 2d/T², and with no cushion or ball on its way
// nothing else slows it. A record in which no ball but the struck one ended
// anywhere else (more than noStrokeStill from where it began), nothing left
// the table or was moving at the stroke, is no stroke when the struck ball
//
//   - ended within noStrokeNudge of where it began, and met nothing farther
//     than that from where it began (a contact or cushion hit told then was
//     the jitter's, with a ball or cushion it lay against): nothing happened
//     that a camera can tell from its detections' jitter (a ball struck into
//     a cushion away from it may well come back to where it began); or
//   - met nothing (its events are the strike and the stop) and needed more
//     than noStrokeDecel times SlideDecel to stop where it did: it was moved
//     by hand (or its track jumped), not struck; or
//   - met nothing and went back to within noStrokeStill of where it was
//     before the last such move by hand: the hand, or the jump, undone.
//
// The cost: a real stroke that moves the cue ball less than noStrokeNudge
// and nothing else (a miscue barely touching it) is not ruled; the camera
// cannot tell it from a ball at rest read in two places.
//
// A record asked of a person is sent, as the person may see what the camera
// could not, except a shot begun by missedStroke (a ball started between
// shots while the cue ball was lost from view) in which the cue ball met
// nothing and every other ball ended where it began: the start that began
// it was a hop of a resting ball's reads, and the cue ball, never seen on
// its way, was lifted and put down by hand (ball in hand). Rendered 10-ball,
// seed 15: ball 2 read off its rest for a frame while the cue ball was in
// the player's hand, a "shot" ruled a no-contact foul. A true stroke whose
// cue ball the camera lost at once and found at rest elsewhere, having met
// nothing and moved nothing, and stopped faster than the cloth can stop
// it (liftedDecel), would be dropped too.
//
// Such a record is not sent: the rules never see a shot that was not played.
// Its strike and stop went out as live events (the strike one frame after it
// is seen, as the latency target asks); a strike that no shot record follows
// is one the tracker took back. The tracker's state moves on as after any
// shot, so the next shot begins where the ball was put.
//
// None of the 2,643 true shots of the no-render bench (seeds 1 and 2, 60 fps)
// meets these conditions: of those in which the cue ball met nothing, each
// moved it more than 300 mm and needed at most 140 mm/s² to stop.

// A record asked about only because its first contact was unseen, whose
// struck ball ended within noStrokeStill of where it began, having met no
// ball it names and no cushion, with every other ball where it was, is no
// stroke either: the unseen "contact" was with no ball that moved or that
// the record can name. Rendered 8-ball, seed 35, 61.73 s: the cue ball deep
// in the head-right corner's mouth, its track taken by a false read 70 mm
// off and back at its place 0.5 s later, "met" a nameless track on its own
// spot: a "shot" asked, and ruled a no-contact foul.
const firstOccludedWhy = "first contact occluded"

// A record asked about only because a track without a number was moving at
// the stroke is judged all the same: whatever that was, it does not make a
// cue ball put down by hand a stroke. Rendered 9-ball, seed 28, 187.15 s:
// the cue ball in hand set down 116 mm away in one frame while a false
// detection by the foot cushion (read as the 8 at its own rest) ran off the
// table; the "shot" was sent, asked, and ruled a no-contact foul.
var namelessMovingWhy = namelessWhy(shot.Moving)

// namelessWhy is the review reason of a shot with an event of kind whose
// ball could not be identified.
func namelessWhy(kind string) string { return "a ball of a " + kind + " event could not be identified" }

// noStrokeStill (mm): a ball that ends this near where it began did not move.
// Three detection sigmas and a millimetre, as dropStayPut's rest test.
func (k *Tracker) noStrokeStill() float64 { return 3*k.cfg.Sigma + 1 }

// noStrokeNudge (mm): a struck ball that ends this near where it began, having
// moved nothing, was not struck. A ball in a corner's mouth is read up to 11 mm
// off its rest (case above); the smallest true stroke of the no-render bench
// moved the cue ball 300 mm.
const noStrokeNudge = 12

// mouthNudge (mm) is noStrokeNudge for a ball in a corner pocket's mouth
// (inCornerMouth), where the jaws' shade moves its reads further: rendered
// 14.1, seed 26, at 503.7 s, the cue ball in the foot-right corner's mouth
// read 19 mm off its rest for 0.4 s, a "shot" of 18.7 mm with a cushion
// hit, ruled a no-contact foul, unflagged. A stroke that moves a ball in a
// corner's mouth less than this and nothing else is a foul the camera
// cannot tell from such reads.
const mouthNudge = 2 * noStrokeNudge

// inCornerMouth reports whether a ball centred at p lies in a corner
// pocket's mouth: nearer the mouth's centre than its jaw points are.
func (k *Tracker) inCornerMouth(p table.Point) bool {
	pk, d := k.tab.NearestPocket(p)
	return pk.Corner && d < pk.Width/2
}

// noStrokeRail (mm): how far beyond a radius from where a ball that moved
// nothing began and ended (within noStrokeNudge) a cushion hit told of it may
// lie for the record to be no stroke. A ball frozen to a cushion is read
// flipping up to 30 mm along it (rendered 14.1, seed 24, at 356.9–359.5 s:
// the cue ball frozen to the right cushion by the foot-right corner; three
// "shots" of it hitting that cushion 30–33 mm along from its rest, two ruled
// no-contact fouls, unflagged): a hit that far along it, with the ball back
// within noStrokeNudge, is the reads' doing. (Further along, a ball struck
// along the cushion and drawn back.)
const noStrokeRail = 2 * noStrokeNudge

// noStrokeDecel is how many times SlideDecel a struck ball's stop may need
// before it is judged moved by hand. Ten: a real stroke's stop, timed by the
// rest hysteresis a frame or two early, needs at most about SlideDecel
// (rolling: a tenth of it); the hand moves of the cases above needed 60–100.
const noStrokeDecel = 10

// liftedDecel is how many times SlideDecel the cue ball of a missedStroke
// shot, having met nothing, must have needed to stop where it was found for
// the shot to be a lift by hand. Two: a ball struck and sliding all the way
// needs one (its stop timed a frame or two early: a little more); the cue
// ball of the case above "went" 730 mm in 0.29 s, 8.8 times.
const liftedDecel = 2

// noStroke returns why rec, a shot record just finished, was no stroke ("" if
// it was one). A move by hand is remembered (k.handMove) for the next record.
func (k *Tracker) noStroke(rec *shot.Shot) string {
	undo := k.handMove
	k.handMove = handMove{ball: -1}
	lifted := rec.Review != nil && rec.Review.Reason == missedStrokeWhy
	occluded := rec.Review != nil && rec.Review.Reason == firstOccludedWhy
	near := rec.Review != nil && strings.HasPrefix(rec.Review.Reason, nearDoubtWhy) // handnear.go
	// Doubts about one event, not about the stroke (nearpass.go, jawtip.go,
	// drivenrail.go, shifted.go).
	event := rec.Review != nil && (strings.HasPrefix(rec.Review.Reason, nearPassWhy) || strings.HasSuffix(rec.Review.Reason, jawTipWhy) || strings.HasSuffix(rec.Review.Reason, drivenWhy) || strings.HasSuffix(rec.Review.Reason, shiftedWhy))
	if rec.Review != nil && !lifted && !occluded && !near && !event && rec.Review.Reason != namelessMovingWhy {
		return "" // asked of a person already: let the person say
	}
	ball, stop := -1, math.NaN()
	var met []*shot.Point   // where the contacts were
	var rails []*shot.Point // where the cushion hits were
	var railT []float64     // and when
	var rolling [16]bool    // balls told moving at the stroke (rollingon.go)
	anyRolling := false
	for _, e := range rec.Events {
		switch e.Kind {
		case shot.Strike:
			ball = e.Ball
		case shot.Stop:
			stop = e.T
		case shot.Contact:
			met = append(met, e.At)
		case shot.RailHit:
			rails = append(rails, e.At)
			railT = append(railT, e.T)
		case shot.Moving:
			if e.Ball < 0 || e.Ball >= len(rolling) {
				return ""
			}
			rolling[e.Ball], anyRolling = true, true
		default:
			return "" // pocketed, off the table, touched
		}
	}
	if ball < 0 || math.IsNaN(stop) || ball < len(rolling) && rolling[ball] {
		return ""
	}
	if why := k.placedNoStroke(rec, ball, anyRolling); why != "" { // rackplaced.go
		return why
	}
	if why := k.inHandNoStroke(rec, lifted, ball, len(met)+len(rails), anyRolling); why != "" {
		return why
	}
	if why := k.setDownBefore(rec, ball, len(met)+len(rails), anyRolling); why != "" {
		return why // setdown.go
	}
	if why := k.backRolling(rec, ball, len(met), anyRolling); why != "" {
		return why // backrolling.go
	}
	still := k.noStrokeStill()
	for b, p := range rec.Before {
		q, ok := rec.After[b]
		if !ok {
			return "" // gone: it went somewhere
		}
		// (A ball in After only was not seen at the stroke: put back, or
		// hidden then. Had the struck ball met it, a contact would say so.)
		if b == ball || p.P().Dist(q.P()) <= still {
			continue
		}
		if b < 0 || b >= len(rolling) || !rolling[b] && !k.rollingOn(b) {
			return ""
		}
		anyRolling = true
	}
	p, ok1 := rec.Before[ball]
	q, ok2 := rec.After[ball]
	if !ok1 || !ok2 {
		return ""
	}
	d := p.P().Dist(q.P())
	nudge := float64(noStrokeNudge)
	if k.inCornerMouth(p.P()) {
		nudge = mouthNudge
	}
	if occluded {
		if d <= still && len(met)+len(rails) == 0 && !anyRolling {
			return "nothing moved: its first contact, unseen, was with no ball"
		}
		return ""
	}
	if near && !k.handNear(rec, rec.Review.Reason, ball, len(met)+len(rails), d, nudge, stop) {
		return "" // handnear.go
	}
	switch {
	case d <= nudge && metAt(met, p.P(), k.R+nudge) && k.railsNear(rails, p.P(), noStrokeRail): // railnear.go
		return "nothing moved"
	case d <= still && len(met) == 0 && k.railsNear(rails, p.P(), 2*k.R): // railnear.go
		return "nothing moved: back on its spot from a cushion hit a ball's width away"
	case len(met) == 0 && rec.Start != nil && k.creepingOn(ball, *rec.Start, p.P(), q.P(), rails):
		return "rolled on from the last shot" // creepon.go
	case anyRolling:
		return "" // a ball rolling on: see rollingon.go
	case lifted && len(met)+len(rails) == 0 && (stop <= 0 || 2*d/(stop*stop) > liftedDecel*k.cfg.SlideDecel):
		return "lifted: nothing moved but the cue ball, too fast to have rolled"
	case lifted, len(met) > 0, len(rails) > 0 && !k.railsJumped(rails, railT, q.P(), k.stayedFrom(rec, ball, q.P(), stop)):
		return ""
	case stop <= 0 || 2*d/(stop*stop) > noStrokeDecel*k.cfg.SlideDecel || k.handJumped(rec, ball, q.P(), d): // handjump.go
		k.handMove = handMove{ball: ball, from: p.P()}
		return "moved by hand"
	case len(rails) > 0:
		return ""
	case undo.ball == ball && q.P().Dist(undo.from) <= still:
		return "moved back"
	}
	return ""
}

// railsJumped reports whether every cushion hit told of a ball that met no
// ball, at places at and times ts (from the stroke), lies too far from q,
// where the ball stopped at stop (or was first read, if sooner), for the ball to have got there from it: it
// would have needed more than noStrokeDecel times SlideDecel to stop. Such
// hits are the jump's (a track's two reads of a ball put down by hand,
// fitted into a cushion): rendered 8-ball, seed 25, 425.97 s, the cue ball
// in hand set down 230 mm away in one frame, a "hit" of the left cushion
// 120 mm from where it lay a frame later, the record ruled a no-contact
// foul, unflagged. A hit whose place is unknown is not looked through.
func (k *Tracker) railsJumped(at []*shot.Point, ts []float64, q table.Point, stop float64) bool {
	for j, a := range at {
		if a == nil {
			return false
		}
		d := a.P().Dist(q) - k.R
		if d <= k.noStrokeStill() {
			return false // it stopped at the cushion
		}
		if dt := stop - ts[j]; dt > 0 && 2*d/(dt*dt) <= noStrokeDecel*k.cfg.SlideDecel {
			return false
		}
	}
	return true
}

// stayedFrom is when, from rec's stroke, ball was at q to stay: its stop
// time, or the first of its reads there on end if sooner (stayedAt,
// handjump.go).
func (k *Tracker) stayedFrom(rec *shot.Shot, ball int, q table.Point, stop float64) float64 {
	if a := k.stayedAt(rec, ball, q); a < stop {
		return a
	}
	return stop
}

// handMove is a move by hand that noStroke found: the ball and where it was.
type handMove struct {
	ball int
	from table.Point
}

// metAt reports whether every place in at (nil: unknown) lies within r of p.
func metAt(at []*shot.Point, p table.Point, r float64) bool {
	for _, a := range at {
		if a == nil || a.P().Dist(p) > r {
			return false
		}
	}
	return true
}

// missedBefore puts, in a shot begun by missedStroke at t (told when a ball
// moved, some frames after), each ball that started after t and is at rest
// again already where it stood at the stroke: where it started from, not
// where its reads' hop left it.
func (k *Tracker) missedBefore(t float64) {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if _, ok := k.before[i]; ok && tr.used && !tr.moving && !tr.gone && tr.fromRest && tr.startT > t {
			k.before[i] = tr.from
		}
	}
}

// A record begun by missedStroke whose cue ball is still off the table at its
// end (lifted: in the player's hand), that met nothing, with no ball rolling
// at the stroke and every other ball ending where it stood at the stroke, is
// no stroke: the cue ball never came down to be struck, and what began the
// record was a hop of a resting ball's reads. Rendered 9-ball, seed 49, 18.54
// s: after a foul, with the cue ball in hand, the 7's reads hopped 10 mm off
// its place and back; the "shot" was sent, asked, and ruled a no-contact foul.
func (k *Tracker) inHandNoStroke(rec *shot.Shot, lifted bool, ball, hits int, rolling bool) string {
	if !lifted || ball != 0 || hits > 0 || rolling {
		return ""
	}
	if _, ok := rec.After[0]; ok {
		return ""
	}
	still := k.noStrokeStill()
	for b, p := range rec.Before {
		if b == 0 {
			continue
		}
		q, ok := rec.After[b]
		if !ok || p.P().Dist(q.P()) > still {
			return ""
		}
	}
	return "the cue ball in hand, never struck"
}
