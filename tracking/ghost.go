package tracking

import (
	"fmt"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Ghosts and returns. Between shots balls come back by hand (a re-rack, a
// spotted ball) and, in the rendered footage, the detector now and then reads a
// ball where there is none: beside a moving ball, on an arm, at a cushion. A
// ball that was gone must not come back on such a detection, nor a pocketed
// ball be taken for back on the table, nor a ball at rest whose detection flips
// be taken for moved.

// rackReturn reports whether detection o, near where tr rests, is rather a
// ball put back by hand between shots: it names, with confidence, a ball of
// the game that no ball on the table holds but that a gone track did (a
// re-rack: the balls come back in a frame, one where tr stood, tr itself
// picked up). During a shot no ball comes back, and tr is the ball.
func (k *Tracker) rackReturn(tr *track, o *Obs) bool {
	if k.phase != idle || tr.ball < 0 || o.Ball < 0 || o.Ball == tr.ball || o.Confidence < 0.7 || !classFits(o) {
		return false
	}
	for j := range k.tracks {
		x := &k.tracks[j]
		if x.used && x.confirmed && x.gone && x.ball == o.Ball {
			return true
		}
	}
	return false
}

// probe is a track that came back after it was gone (pocketed, off the
// table, lifted), on trial: a ball put back or one that was not gone is seen
// in frame after frame; a false detection (the detector reading a ball beside
// a moving one, on an arm, in a pocket's shadow) comes for a frame or three.
type probe struct {
	on   bool
	t    float64 // when it came back
	hits int     // detections since
	seq  int     // the last event before it came back
	gone struct {
		lifted bool
		swept  bool // (see sweptBy)
		t      float64
		last   sample
		rest   table.Point // where it rested when it went (restback.go)
	}
	// cancel holds the events (seq) of its going that are taken back once
	// it is believed.
	cancel []int
	// cut says the shot ended before the trial had its count of detections:
	// it is believed on what it had (see endProbes, backDoubt).
	cut bool
	// faint says the trial began at the stroke, of a ball only faintly back
	// on the table then (faintghost.go).
	faint bool
	// jaw says the trial counts the readings of earlier trials of the same
	// going, at the spot the ball went from (jawhang.go).
	jaw bool
	// spot says the trial began on a read at the very spot a ball taken
	// for lifted went from (liftspot.go, ghoststruck.go).
	spot bool
}

// backLately reports whether track i came back onto the table (after it was
// gone: pocketed, off the table, lifted, or long unseen) less than backFresh
// before time t: a
// ball seen rolling at the stroke so soon after it came back is as likely a
// false detection hopping about a cushion or an arm as a ball still rolling.
//
// So too a track that took, less than backFresh before t, the number of a
// ball gone from the table that another track held: cueref bench --fps 120,
// 8-ball shot 8, a phantom track (dropped as one after the shot), moving,
// read surely as the 14, pocketed 23 s before, took its number 0.22 s before
// the stroke, and the shot's scratch was ruled with a foul for a ball in
// motion besides, unflagged.
func (k *Tracker) backLately(i int, t float64) bool {
	tr := &k.tracks[i]
	return tr.backT > 0 && t-tr.backT < backFresh || tr.tookDownT > 0 && t-tr.tookDownT < backFresh
}

// backFresh (s): see backLately.
const backFresh = 3.0

// probeTime (s) and probeMin: a track that came back is believed after
// max(probeMin, probeTime × fps) detections, none probeLost (s) after the one
// before (a ball at rest that the detector sees only every other frame is
// still a ball).
const (
	probeTime = 0.15
	probeMin  = 4
	probeLost = 0.2
)

// startProbe puts track i, gone and now seen again at t, on trial.
func (k *Tracker) startProbe(i int, t float64) {
	tr := &k.tracks[i]
	tr.probe = probe{on: true, t: t, seq: k.seq, cancel: tr.probe.cancel[:0]}
	tr.probe.gone.lifted, tr.probe.gone.t, tr.probe.gone.last = tr.lifted, tr.goneT, tr.last
	tr.probe.gone.swept = tr.swept
	tr.probe.gone.rest = tr.rest
	k.jawCarry(i) // jawhang.go
}

// confirmProbe counts a detection of a track on trial; enough of them and it
// is back: the events of its going are taken back.
func (k *Tracker) confirmProbe(i int) {
	tr := &k.tracks[i]
	tr.probe.hits++
	if tr.probe.hits < max(probeMin, int(probeTime*k.cfg.FPS+0.5)) {
		return
	}
	k.believeProbe(i)
}

// believeProbe ends the trial of track i: it is back, and the events of its
// going are taken back.
func (k *Tracker) believeProbe(i int) {
	tr := &k.tracks[i]
	for _, seq := range tr.probe.cancel {
		for j := range k.events {
			if e := &k.events[j]; e.seq == seq {
				if tr.probe.cut && !e.cancel && (e.kind == shot.Pocketed || e.kind == shot.OffTable) {
					k.backDoubt(i, e) // railorder.go
				}
				e.cancel = true
			}
		}
	}
	if k.trace != nil {
		k.trace("%.4f back for good track %d ball %d (%d detections since %.4f)", k.lastT, i, tr.ball, tr.probe.hits, tr.probe.t)
	}
	k.restBack(i) // restback.go
	k.jawBack(i)  // jawhang.go
	if tr.probe.faint && i < 64 {
		// A ball after all, and on the table at the stroke: a candidate for
		// the cue ball's way again (faint.go). Camera model at 30 fps, seed
		// 2, 10-ball shot 46: the 1, racked at the apex 0.15 s before the
		// break and not read again before it, was passed over, and the cue
		// ball's way was read as reaching the 5 first: an illegal break
		// told for a legal one, unasked.
		k.faint &^= 1 << uint(i)
	}
	tr.probe.on = false
	tr.probe.cancel = tr.probe.cancel[:0]
}

// ghostGone ends the trial of track i, lost again after too few detections:
// they were false, the ball never came back. It is gone as it was, and the
// events it made meanwhile are dropped.
func (k *Tracker) ghostGone(i int) {
	tr := &k.tracks[i]
	if k.struckOnSpot(i) { // ghoststruck.go
		k.believeProbe(i)
		return
	}
	if k.trace != nil {
		k.trace("%.4f ghost track %d ball %d: back at %.4f, lost after %d detections", k.lastT, i, tr.ball, tr.probe.t, tr.probe.hits)
	}
	k.ghostCue(i) // ghostcue.go
	for j := range k.events {
		// (b is a contact's second ball; in other events it is unset.)
		if e := &k.events[j]; e.seq > tr.probe.seq && (e.a == i || e.kind == shot.Contact && e.b == i) {
			e.cancel = true
		}
	}
	k.dropFaint(i) // faintghost.go
	k.jawCount(i)  // jawhang.go
	if why, pe := k.hangsInJaw(i); why != "" {
		k.raise(why, k.jawReading(tr.ball, pe)) // jawhang.go
	}
	tr.moving, tr.npend = false, 0
	tr.gone, tr.lifted, tr.goneT, tr.last = true, tr.probe.gone.lifted, tr.probe.gone.t, tr.probe.gone.last
	tr.swept = tr.probe.gone.swept
	tr.probe.on = false
	tr.probe.cancel = tr.probe.cancel[:0]
}

// unknownAtStroke says why the first contact is in doubt when the cue ball
// touched, in the shot, a ball the tracker did not have on the table at the
// stroke (the detector had lost it, or it was taken for lifted): the cue ball
// may have touched it, or another unknown ball, before the contact told
// first; none when every ball the cue ball met was known. It lists every such
// doubt, in the order of the contacts: the judge may find one cannot change
// the ruling (see judge.go), not the next.
func (k *Tracker) unknownAtStroke() []string {
	var whys []string
	fi := k.firstCueContact()
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.Contact || (e.a != k.strikeTr && e.b != k.strikeTr) {
			continue
		}
		o := e.a + e.b - k.strikeTr
		if o < 0 || o >= len(k.tracks) {
			continue
		}
		if b := k.tracks[o].ball; b > 0 && k.tracks[o].elim == b+1 && k.tracks[o].elimMoved {
			// Its number comes from no reading of it, only from every other
			// ball being accounted for, and it was given while the track
			// rolled: a track that took over another ball's path is named so.
			whys = append(whys, fmt.Sprintf("ball %d, met by the cue ball, known only by elimination", b))
			continue
		}
		if b := k.tracks[o].ball; b > 0 && k.tracks[o].elim == b+1 && i == fi {
			// The first contact's ball decides the ruling. Named by
			// elimination, at rest, while its own readings name another ball:
			// a number is wrong somewhere (that other ball's track, or a ball
			// that left the table unseen), and this one may be the wrong one.
			if r := k.readAs(o); r > 0 && r != b {
				whys = append(whys, fmt.Sprintf("ball %d, met first by the cue ball, named by elimination but read as ball %d", b, r))
				continue
			}
		}
		if _, ok := k.before[o]; ok {
			continue
		}
		// (A track with no number is most often a false detection by the
		// moving cue ball; its contact is not told, see phantom.)
		if b := k.tracks[o].ball; b > 0 {
			whys = append(whys, fmt.Sprintf("ball %d "+unseenMetSuffix, b))
		}
	}
	return whys
}

// readAs is the object ball (1–15) track i's own readings name most often,
// or -1 when they name none.
func (k *Tracker) readAs(i int) int {
	best, bv := -1, 0.0
	for b := 1; b < 16; b++ {
		if v := k.tracks[i].votes[b]; v > bv {
			best, bv = b, v
		}
	}
	return best
}

// stayPutRoam (mm): a ball none of whose detections in the shot came further
// than this from where it rested at the stroke, and that rests there again at
// the end, never left its place, whatever its detections did.
const stayPutRoam = 40.0

// dropStayPut cancels, as the shot ends, the cushion hits and touches of the
// balls that never left their place: at rest at the stroke, at rest at the end
// within the noise of the same point, never detected far from it, and met by
// no ball in the shot. A detector whose centre for a ball against a cushion
// flips between two places a dozen millimetres apart makes the tracker see it
// start, hit the cushion and stop; a ball that was truly touched or sent into a
// cushion does not come back to the very point it left.
func (k *Tracker) dropStayPut() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		at, ok := k.neverLeft(i)
		if !ok {
			continue
		}
		for j := range k.events {
			e := &k.events[j]
			if e.cancel || e.a != i || (e.kind != shot.RailHit && e.kind != shot.Touch) {
				continue
			}
			if k.trace != nil {
				k.trace("%.4f %s of track %d ball %d dropped: it never left (%.1f, %.1f)", k.lastT, e.kind, i, tr.ball, at.X, at.Y)
			}
			e.cancel = true
		}
	}
}

// neverLeft reports whether track i, a ball at rest at the stroke that seemed
// to move in the shot, never left its place (see dropStayPut), and returns
// that place.
func (k *Tracker) neverLeft(i int) (table.Point, bool) {
	tr := &k.tracks[i]
	at, ok := k.before[i]
	if !ok || !tr.used || tr.gone || tr.moving || !tr.moved || tr.rest.Dist(at) > 3*k.cfg.Sigma+1 || len(tr.slog) >= shotLogMax {
		return at, false
	}
	return at, i != k.strikeTr && k.stayedPut(i, at)
}

// stayedPut reports whether track i, at rest now, never left at: none of its
// detections in the shot came further than stayPutRoam from it, and no ball
// met it.
func (k *Tracker) stayedPut(i int, at table.Point) bool {
	tr := &k.tracks[i]
	if len(tr.slog) >= shotLogMax || k.hasContact(i) {
		return false
	}
	for _, s := range tr.slog {
		if s.p.Dist(at) > stayPutRoam {
			return false
		}
	}
	return true
}

// appeared says why a shot needs a person when a ball that moved in it ends
// on the table under a number that was not on the table at the stroke: no
// ball comes onto the table during a shot, so the track took the wrong number
// (a false detection that took over a moving ball's path, a name by
// elimination) and the balls' fates may be mixed up; "" when there is none.
// (A ball at rest that the detector had lost and finds again is no doubt.)
// Such a ball whose other readings the judge finds alike (appearedReading) is
// not asked; the next is looked at.
func (k *Tracker) appeared(rec *shot.Shot) string {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || tr.gone || tr.ball <= 0 || !tr.moved {
			continue
		}
		if _, ok := rec.Before[tr.ball]; ok {
			continue
		}
		if _, ok := rec.After[tr.ball]; ok {
			why := fmt.Sprintf("ball %d moved in the shot, not on the table at the stroke", tr.ball)
			at := -1
			if b, ok := k.beforeID[i]; ok {
				at = b
			}
			read := appearedReading(rec, tr.ball, at)
			if p, ok := k.stillUnseen(i, tr.ball, rec.After[tr.ball].P()); ok {
				read = stillReading(rec, tr.ball, p, at) // it never left its place (stillunseen.go)
			}
			if !k.needless(why, rec, read) {
				return why
			}
		}
	}
	// A touch (a foul) of a ball the tracker did not have on the table at the
	// stroke: what moved is no ball it knew, most often a false detection (on
	// an arm, the cue) that took a gone ball's number.
	for _, e := range rec.Events {
		if e.Kind != shot.Touch {
			continue
		}
		if _, ok := rec.Before[e.Ball]; !ok {
			return fmt.Sprintf("ball %d touched in the shot, not on the table at the stroke", e.Ball)
		}
		if why := k.namedLateTouch(rec, e); why != "" {
			return why
		}
	}
	return ""
}

// endProbes settles, as the shot ends, the trials still open: a track seen in
// the last frames is back (a ball that hung in a pocket's mouth, unseen, and
// came out as the others stopped); one lost again is a false detection (see
// ghostGone).
func (k *Tracker) endProbes() {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.probe.on {
			continue
		}
		if !tr.gone && tr.missed <= 1 {
			need := max(probeMin, int(probeTime*k.cfg.FPS+0.5))
			tr.probe.cut = tr.probe.hits < need
			tr.probe.hits = need
			k.confirmProbe(i)
			continue
		}
		k.ghostGone(i)
	}
}

// jawSpot (mm): a ball read again within this of where it was last seen
// before it went was read at the very spot it went from.
const jawSpot = 10.0

// hangsInJaw says why a shot needs a person when track i, taken as pocketed,
// is read again at the very spot it went from, too briefly for the trial to
// believe it: a ball hanging in a pocket's mouth, half seen, looks just so,
// and whether it fell decides the ruling; "" otherwise. It returns the
// pocketing too.
func (k *Tracker) hangsInJaw(i int) (string, pevent) {
	tr := &k.tracks[i]
	if tr.last.p.Dist(tr.probe.gone.last.p) > jawSpot {
		return "", pevent{}
	}
	for _, seq := range tr.probe.cancel {
		for j := range k.events {
			if e := &k.events[j]; e.seq == seq && !e.cancel && e.kind == shot.Pocketed && !k.droppedRolling(i) { // rolledin.go
				return fmt.Sprintf("ball %d gone (pocket), then read where it went", tr.ball), *e
			}
		}
	}
	return "", pevent{}
}
