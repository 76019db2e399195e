package tracking

import (
	"slices"

	"github.com/cueref/cueref/shot"
)

// Events with a ball of no number. An event of a track the tracker could not
// name (a track that never got a number: a ball seen too little, or a false
// detection by a ball, a shadow, a hand) is left out of the record and the
// shot was asked about ("a ball of a contact event could not be identified")
// with no other readings, so always. On the rendered seeds 15–20 that was 16
// reviews, every one needless: most are a contact between a known ball and a
// nameless track late in the shot, long after the cue ball's first contact
// and the cushion after it (seed 16 10-ball: the cue ball "meets" a nameless
// track 1.5 s after its first contact; seed 17 14.1: nine contacts of ball 6
// with a nameless track beside it, a duplicate of it).
//
// The doubt's readings are every ball the nameless track may have been: each
// ball in play (Config.Balls, the cue ball too) other than the event's known
// ball, named in all of the track's nameless events at once, with the events
// put back in the record; and no ball at all, which is the record as told.
// A ball the record has pocketed or off the table may be the nameless track
// that went on (its track lost it at the jaws, a new one took it up): that
// reading is also written without its going. Without it the judge dropped two
// doubts whose ruling was wrong (seeds 16 and 18, 14.1: the object ball told
// pocketed in the HL mouth came back off the jaws as a nameless track, whose
// cushions were the only sign). A contact of the track with its own ball is
// left out of a reading (the track was that ball's second one). The tracker
// does not know which balls are still on the table, so balls that are not
// are readings too: one more reading can only keep a doubt asked, never drop
// it. A contact whose two tracks were read as one number is read the same
// way, the second track as the nameless one: one of them was that ball, the
// other any ball, or a second track of it (rendered default bench, 14.1
// break: the cue ball's blurred read in front of the rack made a second
// track, later named the cue ball, and its "contact" with the first asked a
// needless review). With more than one nameless track (maxUnknownTracks), or
// a contact with no known ball (both nameless), there is none: the doubt is
// asked.

// unknownEv is an event of the shot that names a track with no number.
type unknownEv struct {
	ev   shot.Event // with −1 for the nameless ball
	a, b int        // the event's tracks (b for contacts)
}

// maxUnknownTracks is how many nameless tracks a shot's readings are written
// out for. One is at most 16 readings (and as many without a going), judged
// in about 2 ms; two would be 240, about 150 ms of the rules on the goroutine
// that pushes the frames (measured on the 2-core test machine under load),
// for one needless review in seeds 15–20.
const maxUnknownTracks = 1

// unknownEvent returns e, which toEvent could not name, as an event relative
// to the stroke t0 whose nameless balls are −1 (of a contact whose balls were
// read as one number, the second), and whether it has a known ball it can be
// read with.
func (k *Tracker) unknownEvent(e *pevent, t0 float64) (unknownEv, bool) {
	ev, _ := k.toEvent(e, t0)
	ev.Rail, ev.Pocket = string(e.rail), string(e.pocket)
	if e.hasAt {
		p := shot.FromP(e.at)
		ev.At = &p
	}
	u := unknownEv{ev: ev, a: e.a, b: e.b}
	if e.kind == shot.Contact {
		if ev.A == ev.B && ev.A >= 0 {
			// Both tracks read as one ball: one of them was that ball and
			// the other any ball, or a second track of it (no contact).
			u.ev.B = -1
			return u, true
		}
		return u, (ev.A < 0) != (ev.B < 0)
	}
	return u, ev.Ball < 0
}

// unknownReading lists the readings of the nameless events evs of rec (see
// above), or nil when they cannot be written out.
func (k *Tracker) unknownReading(rec *shot.Shot, evs []unknownEv) []*shot.Shot {
	if strayBall(rec, -1) {
		return nil
	}
	var trs []int // the nameless tracks
	for _, u := range evs {
		switch {
		case u.ev.Kind == shot.Contact && u.ev.A < 0:
			trs = append(trs, u.a)
		case u.ev.Kind == shot.Contact:
			trs = append(trs, u.b)
		default:
			trs = append(trs, u.a)
		}
	}
	slices.Sort(trs)
	trs = slices.Compact(trs)
	if len(trs) == 0 || len(trs) > maxUnknownTracks {
		return nil
	}
	var alts []*shot.Shot
	names := make(map[int]int, len(trs)) // track → ball read
	var read func(n int)
	read = func(n int) {
		if n == len(trs) {
			alt := withNames(rec, evs, names)
			alts = append(alts, alt)
			// A ball the record has gone (a pocket, the floor) may be the
			// nameless track that went on: it never went.
			var gone []int
			for _, tr := range trs {
				if b := names[tr]; slices.ContainsFunc(rec.Events, isGone(b)) {
					gone = append(gone, b)
				}
			}
			for m := 1; m < 1<<len(gone); m++ {
				cp := alt
				for j, b := range gone {
					if m&(1<<j) != 0 {
						cp = withoutEvents(cp, isGone(b))
					}
				}
				alts = append(alts, cp)
			}
			return
		}
	next:
		for _, b := range k.cfg.Balls {
			for _, tr := range trs[:n] {
				if names[tr] == b {
					continue next
				}
			}
			names[trs[n]] = b
			read(n + 1)
		}
	}
	read(0)
	return alts
}

// isGone says of an event whether it is ball b's pocket or fall off the table.
func isGone(b int) func(shot.Event) bool {
	return func(e shot.Event) bool {
		return e.Ball == b && (e.Kind == shot.Pocketed || e.Kind == shot.OffTable)
	}
}

// withNames returns rec with events evs put back, their nameless tracks read
// as balls names. A contact of a ball with itself is left out: the nameless
// track was a second track of its known ball, and only its other events may
// be that ball's.
func withNames(rec *shot.Shot, evs []unknownEv, names map[int]int) *shot.Shot {
	cp := clone(rec)
	for _, u := range evs {
		ev := u.ev
		if ev.Kind == shot.Contact {
			if ev.A < 0 {
				ev.A = names[u.a]
			}
			if ev.B < 0 {
				ev.B = names[u.b]
			}
			if ev.A == ev.B {
				continue
			}
		} else if ev.Ball < 0 {
			ev.Ball = names[u.a]
		}
		cp = withEvent(cp, ev)
	}
	return cp
}
