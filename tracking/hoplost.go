package tracking

// A ball at rest between shots whose reads hop off their place for a frame
// or two (an arm or the cue over it as the player lines up) "starts"; when
// the detector then loses it (the arm stays over it), the start's fitted
// path, two reads 40 mm apart, is a ball at 2.4 m/s, and intoPocket had it
// cross a corner's mouth 200 mm away: pocketed, between shots. Rendered
// 14.1, seed 37, 121.5 s: ball 10 at rest 240 mm from the foot-left corner
// was so told pocketed; its place was then taken by a nameless track, and
// shot 20, whose first contact was the 10, was asked "a ball of a contact
// event could not be identified" and ruled a no-contact foul.
//
// Between shots no stroke sets a ball rolling (a missed stroke begins a
// shot, missedStroke), and a ball a hand sets off is seen on its way. So a
// ball lost between shots within hopLostReads detections of its start did
// not go anywhere it was not seen to go: the start is dropped as a flit's
// (flithome.go) and it rests where it stood, to be taken for lifted, and
// brought back, as any resting ball the detector loses.

// hopLostReads: fewer detections than this since its start and the ball
// was never seen on its way.
const hopLostReads = 3

// hopLost reports whether moving track i, lost, is a ball between shots
// whose start was its reads hopping (see above), and if so puts it back at
// rest where it stood.
func (k *Tracker) hopLost(i int) bool {
	tr := &k.tracks[i]
	if k.phase != idle || !tr.moving || !tr.fromRest || tr.backIdle {
		return false
	}
	n := 0
	for j := range min(tr.nh, len(tr.hist)) {
		if tr.hist[(tr.nh-1-j)%len(tr.hist)].t >= tr.startT {
			n++
		}
	}
	if n >= hopLostReads {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f hop lost track %d ball %d: lost between shots %d reads after its start at %.4f: it rests at %v", k.lastT, i, tr.ball, n, tr.startT, tr.from)
	}
	k.dropFlit(i)
	tr.rest = tr.from
	return true
}
