package tracking

// A ball that came back onto the table between shots on a read or two, and was
// not detected again up to the stroke (faint.go), is most often no ball at
// all: a stray blob on the player's arm or hand, leaning over the table by a
// cushion, that the detector once read as a gone ball's number. Taken for a
// ball at rest at the stroke, it "started" when the arm moved off after the
// stroke, with no contact to set it off: a touch, a foul (rule 1.19), then
// off the table (rendered seed 4, 14.1 shot 22: the pocketed 8 read once on
// the arm 55 ms before the stroke, then "touched" 0.59 s into the shot).
//
// Such a track is put on trial at the stroke, as one that came back during a
// shot is (ghost.go): a ball truly there is seen in frame after frame and is
// believed; one lost again after too few detections never came back, and the
// events it made in the shot, and its place at the stroke, are dropped.

// trialFaint puts track i, faint at the stroke (markFaint) and on the table,
// on trial from its return: gone again, it is gone as it was before (lifted),
// not on the table at the stroke.
func (k *Tracker) trialFaint(i int) {
	tr := &k.tracks[i]
	if !k.faintAtStroke(i) || tr.gone || tr.probe.on || tr.moving {
		return
	}
	k.startProbe(i, tr.backT)
	tr.probe.gone.lifted = true
	tr.probe.faint = true
	if k.trace != nil {
		k.trace("%.4f trial of faint track %d ball %d, back at %.4f", k.lastT, i, tr.ball, tr.backT)
	}
}

// dropFaint takes track i, a faint track at the stroke (trialFaint) found a
// ghost, off the balls on the table at the stroke.
func (k *Tracker) dropFaint(i int) {
	if !k.tracks[i].probe.faint {
		return
	}
	delete(k.before, i)
	delete(k.beforeID, i)
}
