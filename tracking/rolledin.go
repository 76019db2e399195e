package tracking

// A ball read again at the very spot it went from, too briefly for the trial
// to believe it, is sent to a person (hangsInJaw): a ball hanging on a
// pocket's lip, half seen in the jaws' shadow, looks just so (no-render, 120
// fps, seed 2, 14.1 shot 59: ball 11 came to rest on a corner's lip and was
// read there now and then). Such a ball is at rest: the tracker saw it stop
// there before it went from view (rendered, seed 43, 14.1 shot 16: the cue
// ball rested on the HL lip for 0.34 s, went, and was read twice more at
// its spot; it never fell).
//
// A ball that went from view still rolling into the pocket, from somewhere
// else on the bed, dropped: the read at the spot it went from a frame or a
// few after is the ball seen as it falls (its crown still over the edge of
// the hole), gone again at once. Were it to rattle back out onto the bed or
// stop on the lip, it would be read there frame after frame and the trial
// would believe it (the pocket taken back). Over rendered seeds 25–46 that
// doubt was raised 27 times on a ball rolling in (36–236 mm/s at its last
// detection, most often the cue ball by a corner's jaws), every one of them
// pocketed or back for good in the end, and the person was asked for
// nothing (e.g. seed 25, 9-ball shot 34: the cue ball crawled into FR at
// 130 mm/s, last seen at (2522, 1238), read once 3 mm off it 0.07 s later).
//
// A ball that set off from where it is last seen (within a ball's radius)
// rolled nowhere: its start may have been a neighbour's detections taken for
// it (no-render, 30 fps, seed 2: ball 13 at rest in the FR mouth, "set off"
// on ball 5's detections and taken for pocketed rolling from 1.6 mm off its
// spot); the doubt stays.

// wentWay is how a track was going when goneEvent told it gone.
type wentWay struct {
	t float64 // the going's time (the track's goneT then)
	// rolling: it was moving, last seen at least a ball's radius from where
	// it set off from rest (or first seen already rolling).
	rolling bool
}

// noteWent records, as goneEvent tells track i gone at tc, whether it was
// rolling (see wentWay).
func (k *Tracker) noteWent(i int, tc float64) {
	tr := &k.tracks[i]
	tr.went = wentWay{t: tc, rolling: tr.moving && (!tr.fromRest || tr.last.p.Dist(tr.from) >= k.R)}
}

// droppedRolling reports whether track i, on trial after it was told
// pocketed and read again at the spot it went from (hangsInJaw), went into
// the pocket rolling: it fell, and the brief read was of it falling.
func (k *Tracker) droppedRolling(i int) bool {
	tr := &k.tracks[i]
	w := tr.went
	if w.t != tr.probe.gone.t || !w.rolling {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f jaw drop track %d ball %d: went rolling at %.4f, read again where it went: seen falling, no doubt", k.lastT, i, tr.ball, w.t)
	}
	return true
}
