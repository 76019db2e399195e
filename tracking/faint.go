package tracking

// A ball that came back onto the table (after it was taken for gone or lifted)
// on a read or two, and was hardly detected again before the stroke, may be no
// ball at all: a stray blob the detector once read as a gone ball's number
// (comeback.go) beside a ball at rest. Such a track sat on the cue ball's way
// in front of the ball it truly hit, and firstByPath gave it the first contact
// (rendered seed 2, 10-ball shot 16: a single 0.32 read of the pocketed 8,
// 55 mm from the 10, 0.75 s before the stroke, and none after).

// faintReads: a ball back on the table detected fewer times than this since
// its return, up to the stroke, is no candidate for the cue ball's way. A
// ball at rest in view is detected nearly every frame.
const faintReads = 3

// markFaint notes, at the stroke at t, whether track i came back onto the
// table and was detected fewer than faintReads times from then to t (the read
// that brought it back is not in its history; later detections are). It must
// be judged then: the track may come back again in the shot, and its history
// holds only its latest detections.
func (k *Tracker) markFaint(i int, t float64) {
	tr := &k.tracks[i]
	if i >= 64 || tr.backT == 0 || tr.backT > t {
		return
	}
	n := 0
	for j := 0; j < min(tr.nh, len(tr.hist)) && n < faintReads; j++ {
		s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if s.t < tr.backT {
			break
		}
		if s.t <= t {
			n++
		}
	}
	if n < faintReads {
		k.faint |= 1 << uint(i)
		if k.trace != nil {
			k.trace("%.4f faint at the stroke: track %d ball %d, back at %.4f, %d detections since", k.lastT, i, tr.ball, tr.backT, n)
		}
	}
}

// faintAtStroke reports whether track i was faint at the stroke (markFaint).
func (k *Tracker) faintAtStroke(i int) bool {
	return i < 64 && k.faint&(1<<uint(i)) != 0
}
