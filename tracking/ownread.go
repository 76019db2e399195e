package tracking

// A ball read elsewhere. The cue ball and the eight are told by their colour
// alone (one white ball, one black): a detection whose colour is another's is
// not theirs, and one that reads them, clearly, elsewhere is them. Left to
// the costs of the association, the track of one of them at rest could still
// take, as a jump from rest, another ball's detection while its own ball
// showed elsewhere in the same frame: the balls re-racked and the cue ball
// put in the kitchen by hand for the break (rules 1.6, 1.7 of
// shared/seeds/pool-rules.ru.txt) between two frames, the cue ball's track
// took an unread solid racked 81 mm from where it stood, and the cue ball in
// the kitchen got a new track that was named by elimination; a stroke was
// told at the re-rack, and the break was taken for a stroke from outside the
// kitchen (cueref bench --racks 2 --seed 8, 10ball shot 28).
//
// So a track at rest holding the cue ball or the eight does not take a
// detection of another colour, not a motion streak (a struck ball's colour is
// blurred), while another detection of the same frame reads its ball clearly:
// that one is its ball. Left unseen, the track is taken for lifted, and the
// ball's detections elsewhere start a track that takes its number. (A moving
// track is left to the costs: one that lost its ball to another track gives
// it back through the identity votes, and refused its detections it would be
// lost and told off the table; see offBack.)

// ownReadConf is the confidence a read needs to say its ball is there.
const ownReadConf = 0.7

// noteOwnReads counts, for the frame being associated, the detections that
// read the cue ball and the eight clearly (their number, and their colour).
func (k *Tracker) noteOwnReads(obs []Obs) {
	k.ownReads = [2]int{}
	for j := range obs {
		o := &obs[j]
		if (o.Ball == 0 || o.Ball == 8) && classFits(o) && (o.Confidence == 0 || o.Confidence >= ownReadConf) {
			k.ownReads[o.Ball/8]++
		}
	}
}

// readElsewhere reports whether detection o is refused to track tr: tr holds
// the cue ball or the eight and rests, o is of another colour and no motion
// streak, and another detection of the frame reads tr's ball clearly
// (noteOwnReads).
func (k *Tracker) readElsewhere(tr *track, o *Obs) bool {
	b := tr.ball
	if b != 0 && b != 8 || !tr.confirmed || tr.moving || o.Moving || k.ownReads[b/8] == 0 {
		return false
	}
	// Another colour (a number alone is not enough: it may be misread).
	return o.Class != ClassUnknown && support(o, b) == 0
}
