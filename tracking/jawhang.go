package tracking

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball come to rest on a pocket's lip, in the jaws' shade, is seen now and
// then: the tracker tells it pocketed when it has been unseen a few frames,
// and each time it is read again at the very spot it went from a trial starts
// (ghost.go) that the next gap of a few frames ends. Read so again and again,
// it never gets the trial's count of detections in a row, and stayed
// pocketed, asked about (hangsInJaw) with the pocketing as the tracker's
// reading (rendered, seed 76, 8-ball shot 13: the cue ball rested on FR's
// lip, 5 mm inside the foot cushion's line, told pocketed 0.4 s after it
// stopped and read at its spot 31 times in the next 1.4 s, over 16 trials of
// 0 to 6 detections; the shot told cue_ball_pocketed, and the ball never
// fell).
//
// A ball that falls is read at the spot as it falls, a frame or three
// (rolledin.go), and then no more: the hole does not show it. So the
// detections at the spot the ball went from, when it went at rest (not
// rolling in), are counted over the trials of that one going, and once
// they make a trial's count it is back for good: the pocketing is taken back.
// The doubt hangsInJaw raised stays, its other reading now the pocketing.

// jawReads counts a track's detections at the spot it went from, over the
// trials of one going.
type jawReads struct {
	goneT float64 // the going (its goneT), 0 none
	n     int     // detections at the spot over its ended trials
	// hung says it was taken back so in the shot struck at strikeT, at the
	// spot at.
	hung    bool
	at      table.Point
	strikeT float64
}

// jawCount adds, as track i's trial ends with the ball lost again, the
// trial's detections when it was read at the very spot it went from (at
// rest: not rolling into the pocket) to the count of its going.
func (k *Tracker) jawCount(i int) {
	tr := &k.tracks[i]
	p := &tr.probe
	if p.gone.lifted || tr.last.p.Dist(p.gone.last.p) > jawSpot || tr.went.t == p.gone.t && tr.went.rolling {
		return
	}
	if tr.jaw.goneT != p.gone.t {
		tr.jaw = jawReads{goneT: p.gone.t, hung: tr.jaw.hung, at: tr.jaw.at, strikeT: tr.jaw.strikeT}
	}
	if p.jaw {
		tr.jaw.n = p.hits + 1 // (the count carried, and the read that started the trial)
	} else {
		tr.jaw.n += p.hits + 1 // (the read that started the trial, and those since)
	}
}

// jawBack notes, as track i's trial is believed, that it was on the count of
// its readings at the spot (see jawCarry).
func (k *Tracker) jawBack(i int) {
	tr := &k.tracks[i]
	if tr.probe.jaw {
		tr.jaw.hung, tr.jaw.at, tr.jaw.strikeT = true, tr.probe.gone.last.p, k.strikeT
	}
}

// jawHung reports whether track i, at rest, hangs at a spot on a pocket's lip
// it was taken back at in this shot (see jawCount): gone from view there
// again, it is no more pocketed than it was before.
func (k *Tracker) jawHung(i int) bool {
	tr := &k.tracks[i]
	return tr.jaw.hung && tr.jaw.strikeT == k.strikeT && !tr.moving && tr.rest.Dist(tr.jaw.at) <= jawSpot
}

// jawCarry starts track i's new trial with the count of its going's earlier
// trials at the spot.
func (k *Tracker) jawCarry(i int) {
	tr := &k.tracks[i]
	if tr.jaw.goneT == 0 || tr.jaw.goneT != tr.probe.gone.t {
		return
	}
	tr.probe.hits, tr.probe.jaw = tr.jaw.n, true
	if k.trace != nil {
		k.trace("%.4f jaw hang track %d ball %d: read %d times where it went at %.4f", k.lastT, i, tr.ball, tr.jaw.n, tr.jaw.goneT)
	}
}

// jawReading gives the other reading of a ball read again where it went (see
// hangsInJaw): the pocketing pe left out when the record has it, or put back
// when the ball was taken back (its readings at the spot made a trial's count).
func (k *Tracker) jawReading(b int, pe pevent) func(*shot.Shot) []*shot.Shot {
	pe.cancel = false
	return func(rec *shot.Shot) []*shot.Shot {
		if alts := goneReading(rec, b, shot.Pocketed); alts != nil {
			return alts
		}
		if _, on := rec.After[b]; !on || rec.Start == nil || strayBall(rec, -1) {
			return nil
		}
		ev, ok := k.toEvent(&pe, *rec.Start)
		if !ok || ev.Ball != b {
			return nil
		}
		cp := withEvent(rec, ev)
		delete(cp.After, b)
		return []*shot.Shot{cp}
	}
}
