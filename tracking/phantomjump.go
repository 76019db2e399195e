package tracking

import "math"

// The cue ball at rest does not jump to a motion streak named as another ball
// while that ball is seen where it rests. The detector names a streak only by
// strict tests, so a streak named, say, the 8 is the 8 or no ball at all; and
// with the 8 seen at rest elsewhere a frame ago it is no ball. A false start
// of the cue ball is a false shot. Rendered seed 55, 8-ball shot 40: the
// shooter down on the cue ball, frozen nearly to the foot-right corner's jaw
// with the 13 a ball's width from it, the detector joined the two balls and the cloth between them into
// one blob in some frames and read its middle as a streak of the 8 (at
// 0.87-0.93), the cue ball unseen. The cue ball's track jumped to it from
// rest: three shots were told in the 2.5 s before the true stroke, one a
// foul unasked, and the true shot was lost.

// namesOther reports whether read o, a motion streak, names with some
// confidence, by a class that fits the number, an object ball held by a track
// seen at rest a frame ago, tr being the cue ball's track at rest: o is no
// jump of tr's. (Only the cue ball's: a ball's track that followed the
// shooter's arm, its reads named the 8, comes home by following it back
// (wanderhome.go); and not a read at rest: a ball of the cloth's colour read
// a few centimetres off its rest, named another ball, flickers there.)
func (k *Tracker) namesOther(tr *track, o *Obs) bool {
	conf := o.Confidence
	if conf == 0 {
		conf = 1
	}
	if !o.Moving || tr.moving || tr.npend > 0 || tr.ball != 0 || o.Ball <= 0 || conf < 0.5 || !classFits(o) {
		return false
	}
	if k.holder[o.Ball] == 0 {
		return false
	}
	h := &k.tracks[k.holder[o.Ball]-1]
	return h != tr && !h.moving && h.missed <= 1
}

// cueReturns reports whether read o, read as the cue ball by its number or its
// colour, is the cue ball put back on the table while no track holds it (it
// was pocketed: in hand, it comes back by hand, readBack), so that tr, an
// object ball's track at rest, does not jump to it. No-render seed 1's
// 9-ball at 30 fps, 271.05 s: after the cue ball's scratch, the shooter put
// it down 104 mm from the 7; the 7's track jumped to its first read and
// followed the cue ball from then on, its strokes told as touches of the 7:
// the next shot was never told.
func (k *Tracker) cueReturns(tr *track, o *Obs) bool {
	conf := o.Confidence
	if conf == 0 {
		conf = 1
	}
	// The colour outweighs a number misread (camera model at 30 fps, seed
	// 25, 8-ball shot 132: the cue ball put down in hand, read numbered 10
	// and classed as the cue ball, was taken by the 1's track:
	// TestCueInHandMisnumbered).
	cue := o.Ball == 0 || o.Class == ClassCue
	return cue && conf >= 0.5 && tr.ball > 0 && !tr.moving && tr.npend == 0 && k.holder[0] == 0
}

// namesCue reports whether read o, a motion streak named the cue ball with
// some confidence by a class that fits, is the cue ball's while its track
// stands at rest, tr being an object ball's track at rest: o is no jump of
// tr's, even with a read of tr's off its rest point pending (a start, maybe).
// Rendered 30 fps blue-cloth bench, 8-ball shot 8: the cue stick, drawn back
// over the 3, moved its read 8 mm at the stroke; with that start pending, the
// 3's track, 435 mm away, took the cue ball's first streak (read as the cue
// ball at 0.97) before the cue ball's own track, 171 mm away, which would
// have been left without a read at a lower cost. The cue ball went on as the
// 3: its contact with the 7 and both its cushions were told of the 3, and the
// shot's first contact was read as the 8's, a wrong-ball foul asked about.
// (Not reads at rest, nor with the cue ball's track moving: a stripe's white
// is read as the cue ball, and the 15 struck by the head cushion on the blue
// 30 fps bench, 8-ball shot 6, had its first reads named so; refused to its
// track, it was not seen to leave, and the shot was ruled no_contact.)
func (k *Tracker) namesCue(tr *track, o *Obs) bool {
	conf := o.Confidence
	if conf == 0 {
		conf = 1
	}
	if !o.Moving || tr.moving || tr.ball <= 0 || o.Ball != 0 || conf < 0.5 || !classFits(o) || k.holder[0] == 0 {
		return false
	}
	h := &k.tracks[k.holder[0]-1]
	return h != tr && !h.moving && !h.gone
}

// behindPending reports whether read o lies a diameter or more behind track
// tr's rest point from its read pending off it, when that read is a diameter
// or more away (a read back at the rest point may be the ball itself, the
// pending one a misread: TestLiftedArmHome): a ball that left its rest that
// fast goes on the way it went, and o is not its next read; or when the
// pending read is nearer, but on its way into a pocket (droppedPending). 30
// fps blue-cloth 10-ball break (bench seed 4): the cue ball's first read
// after the stroke was 113 mm ahead of its rest point; its track, the start
// pending (and its non-assignment costly), took a read of the bridge hand
// 244 mm behind the rest point next, was started from the two and followed
// the hand, while the cue ball ran on to the rack on a track of its own: the
// break was ruled no_contact, unasked.
func (k *Tracker) behindPending(tr *track, o *Obs) bool {
	if tr.moving || tr.npend == 0 {
		return false
	}
	d := tr.pend[tr.npend-1].p.Sub(tr.rest)
	l := d.Len()
	return l >= 2*k.R && o.At.Sub(tr.rest).Dot(d) < -2*k.R*l || k.droppedPending(tr, o)
}

// droppedPending reports whether track tr's read pending off its rest point
// (pendAway or more from it) is past a pocket's mouth line, between its
// jaws, going in, and read o lies a diameter or more behind the rest point:
// the ball dropped, and o is another's read. Camera model at 30 fps, seed
// 6, 8-ball shot 89 (TestPendingIntoMouth). Checked in both passes of
// associate (the first one's gate around a pending read is wide). Not short
// of the mouth's line: a ball may come back off a cushion or a jaw, or the
// pending read be the ball on its way back (TestCueAwayLateStroke: the cue
// ball, 26 mm short of the foot cushion, came back off it behind its rest
// point; seed 4, 10-ball shot 252 at 30 fps: the cue ball's first read off
// its place was on its way back out of a corner, off two cushions).
func (k *Tracker) droppedPending(tr *track, o *Obs) bool {
	if tr.moving || tr.npend == 0 {
		return false
	}
	d := tr.pend[tr.npend-1].p.Sub(tr.rest)
	l := d.Len()
	if l < pendAway || o.At.Sub(tr.rest).Dot(d) >= -2*k.R*l {
		return false
	}
	p := tr.pend[tr.npend-1].p
	pk, _ := k.tab.NearestPocket(p)
	q := p.Sub(pk.Center)
	a := q.Dot(pk.In)
	return d.Dot(pk.In) > 0 && a > 0 && q.Sub(pk.In.Scale(a)).Len() < pk.Width/2
}

// pendAway (mm): a read pending this far off its track's rest point, many
// times a detection's noise, shows which way the ball went.
const pendAway = 10.0

// aheadOfPending reports whether read o lies on ahead of the read pending
// off track tr's rest point (tr at rest): more than a radius further from
// the rest point, within about 20° of the way from it through the pending
// read (or a diameter of it), the pending read itself a radius or more off
// the rest point. Such a read is the ball going on from the start the
// pending read began, and it may lie as far as the ball could have gone
// since that read, not only since the last frame. Camera model at 30 fps,
// seed 3, 9-ball shot 105: the cue ball, read 48 mm off its rest point a
// frame after the stroke and then unread for two frames at 5 m/s, was read
// 570 mm on; its track, at rest, could not reach so far, and the 6's
// track, 150 mm away, took the read: the cue ball's contact with the 5 was
// told the 6's, and the pot was ruled no_contact, unasked.
func (k *Tracker) aheadOfPending(tr *track, o *Obs) bool {
	v := tr.pend[tr.npend-1].p.Sub(tr.rest)
	l := v.Len()
	if l < k.R {
		return false
	}
	u := o.At.Sub(tr.rest)
	along := u.Dot(v) / l
	side := math.Abs(u.X*v.Y-u.Y*v.X) / l
	return along > l+k.R && side <= math.Max(2*k.R, 0.35*along)
}
