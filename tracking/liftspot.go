package tracking

// A lifted ball's spot. A ball at rest that the detector loses with nothing
// marked as hiding it is taken for lifted (by hand) after liftTime, and its
// track leaves the association: a read where it stood is then anyone's. When
// the ball was only hidden (the shooter's body or arm over it), its reads
// come back at the very spot it went from, and the tracker gave them to
// whatever could reach them: a far track, unseen a while and so with a wide
// gate, jumped onto them, or a new nameless track was made of them. A ball
// does not roll from elsewhere to stop exactly where another vanished; and
// balls do not overlap: a read taken by no track within the gate the ball's
// own track would have taken it in, were it still at rest, is that ball,
// never gone. So:
//
//   - a track does not take a read more than a ball's diameter from where it
//     would be (a jump; nearer, it may be the track's own ball, its path
//     fitted a little off, stopping there) within the rest noise (3σ+1) of a
//     lifted ball's spot, the read not saying it is another ball (its
//     number, or nameless of its colour or of none; jumpToLiftSpot);
//   - a read taken by no track within the resting gate (4 (2σ+1), 16 mm) of
//     a lifted ball's spot brings the ball back there, at the rest it had
//     (it never moved), unless the read names another ball clearly
//     (comebackSure) or one a track holds on the table (backOnSpot). A weak
//     read of a pocketed ball's number is no evidence: such stray reads come
//     at 0.34 to 0.55 (comeback.go).
//
// Not the cue ball (in hand it is lifted and put down elsewhere again and
// again, see cueplace.go), nor a ball lifted with a rack (rackBack lifts
// within rackLiftWindow): racked balls are put back by hand where others
// stood.
//
// Rendered bench seed 33, 14.1 shot 13 (the 12 potted in the head right
// corner, stroke at 103.82 s): balls 7, 13 mm off the left cushion at
// (1952, 42), and 10, at (1858, 236), rest untouched through shot 14; the
// shooter hides both from 102.55 to 104.7 s and both were taken for lifted
// (102.73, 102.82). From 102.88 the half-hidden 7 is read again around its
// spot, 8 mm off its rest (median; 95 % within 12.4 mm, at most 17.6), mostly
// as a weak "8" (a ball pocketed long before, at 0.34 to 0.47), and now and
// then as a moving "8" 50 mm to its right: two nameless tracks were made of
// those reads, never settled, told moving, meeting each other and the left
// cushion. At 104.73 the 10 was read again 0.9 mm from its rest, and one of
// them, unseen 0.45 s and 221 mm from where it would be, took it, was named
// 10 and rested there; the other rested at the 7's spot and was named 7. The
// shot had 10 moving at the stroke, 227 mm off its place: a legal pot ruled
// a foul (balls moving, rule 1.12), unflagged. Now the 7 comes back at its
// spot on its first read there, and the clamped, snapped and flickering
// reads of a ball resting by a cushion keep it at rest (clamprest.go,
// restsnap.go, flicker.go); the 10 comes back at its own spot and is placed
// back at the stroke (restback.go): the pot is legal.
//
// A ball back on its spot keeps its votes (newTrack's return cuts them to a
// few reads': there one read links a ball put back by hand to its track,
// here the very spot does) and the rest it had. Over rendered seeds 25 to 33
// (36 games) a ball came back on its spot 372 times: 342 on a read of its own
// number (which brought it back before too, at the read), 22 on nameless
// reads and 8 on weak reads of another number (0.31 to 0.59); the read was
// 0.7 mm from its rest (median), 8.7 (95th percentile), 14 at most; 31 jumps
// were refused. Only this shot's ruling changed (seed 32 asked one more
// needless review: its 9-ball's 9, refused a 311 mm jump onto the 2 back on
// its spot at 15.27 s, came back at its own place and so later lost keepsOwn's
// hold against misreads of the pocketed 1: downhold.go); no-render seeds 1
// and 2 kept their rulings.

// spotLifted reports whether track i is a ball taken for lifted that may be
// back on its spot (see above).
func (k *Tracker) spotLifted(i int) bool {
	tr := &k.tracks[i]
	if !tr.used || !tr.confirmed || !tr.gone || !tr.lifted || tr.ball <= 0 {
		return false
	}
	n := 0 // lifts with it, itself included
	for _, t := range k.lifts {
		if t >= tr.goneT-rackLiftWindow && t <= tr.goneT+rackLiftWindow {
			n++
		}
	}
	return n < rackBack
}

// jumpToLiftSpot reports whether detection o, d from where track i would be,
// is refused to i as a jump onto a lifted ball's spot (see above). (Refused
// from a radius on, a nameless track that had followed an arm, 43 mm off,
// no longer came to rest on ball 11 back at its spot, went on and took ball
// 14's flickering reads by the foot left pocket, and the 14 was told
// pocketed: TestPhantomNotPocketed.)
func (k *Tracker) jumpToLiftSpot(i int, o *Obs, d float64) bool {
	if d <= 2*k.R {
		return false
	}
	for j := range k.tracks {
		x := &k.tracks[j]
		if j == i || !k.spotLifted(j) || x.rest.Dist(o.At) > 3*k.cfg.Sigma+1 {
			continue
		}
		if support(o, x.ball) > 0 || o.Ball < 0 && o.Class == ClassUnknown || readAsIt(x, o) /* restread.go */ {
			if k.trace != nil {
				k.trace("%.4f lift spot: track %d ball %d refused a read at %v, %.0f mm from where it would be, on the spot track %d ball %d was lifted from", k.lastT, i, k.tracks[i].ball, o.At, d, j, x.ball)
			}
			return true
		}
	}
	return false
}

// backOnSpot brings back, at its rest, the lifted ball (spotLifted) whose
// spot is nearest detection o at t, a read taken by no track, within the
// resting gate, unless o names another ball (see above). It reports whether
// it did.
func (k *Tracker) backOnSpot(t float64, o *Obs) bool {
	best, bd := -1, 4*(2*k.cfg.Sigma+1)
	for i := range k.tracks {
		if d := k.tracks[i].rest.Dist(o.At); d <= bd && k.spotLifted(i) {
			best, bd = i, d
		}
	}
	if best < 0 {
		return false
	}
	tr := &k.tracks[best]
	if o.Ball >= 0 && o.Ball != tr.ball && classFits(o) && (o.Confidence == 0 || o.Confidence >= comebackSure || k.holder[o.Ball] != 0) && !readAsIt(tr, o) /* restread.go */ {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f back on its spot track %d ball %d: read %+v %.1f mm from its rest", t, best, tr.ball, *o, bd)
	}
	if k.phase != idle {
		k.startProbe(best, t) // as newTrack's return
		tr.probe.spot = true
	}
	k.backAtRest(tr, t)
	if support(o, tr.ball) > 0 {
		k.vote(tr, o)
	}
	return true
}

// backAtRest brings lifted track tr back at t at the rest it had, its weight
// kept (a ball back on its spot: backOnSpot, cueBackOnSpot, spotMisread).
func (k *Tracker) backAtRest(tr *track, t float64) {
	at, w := tr.rest, tr.restW
	k.backHand(tr) // handback.go
	k.reset(tr, t, at)
	tr.restW = w
	tr.seen = true
	tr.backT = t
}
