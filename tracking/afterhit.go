package tracking

// The path of a striker after a contact seen only in the struck ball.
//
// A contact is most often told from the start of the ball struck (pair): the
// striker's own path may bend too little, or too soon after its own start,
// for a break to be seen in it, and its piece of path then runs on across the
// contact. Its fit, a quadratic through both sides, is a path the ball never
// took. provPass carries that fit on to tell the striker's next contact
// when it meets a ball at rest, and the bent fit may stop short of that ball.
//
// Rendered 8-ball at 120 fps, shot 8 (stroke at 70.163 s): the 3, struck at
// 70.882 s, hit the 8 and the 2 within two frames; both contacts were paired
// with the starts of the 8 and the 2, and the 3's path was fitted from its
// rest point on, through them: 7 m/s² of "deceleration", its speed 50-76 mm/s
// where it rolled at 260. It met the 12 at 70.9976 s, and the path, slowing
// to a stop, never came inside touching distance; the contact was told from
// the 12's start eleven frames later, the latest event at 120 fps with the
// breaks left out.
//
// So pair notes on the striker when it struck (struck), and provPass carries
// on the fit of its detections since then (afterHit), when there are enough of
// them and the ones before it lie off that fit: the striker's path did bend
// there. When they lie on it (a striker paired wrongly, or a thin cut that
// bent nothing), the whole piece's fit is steadier, and is kept.

// struck notes that moving track i struck a ball at t in a contact told from
// that ball's start alone.
func (k *Tracker) struck(i int, t float64) {
	tr := &k.tracks[i]
	if !tr.moving || len(tr.seg) == 0 || t <= tr.seg[0].t {
		return
	}
	tr.hitT = max(tr.hitT, t)
}

// afterHit returns the path provPass carries track tr on: fitted to its
// detections after the contact struck noted, when there are provPassN of them
// and one of the two before lies off it by more than pathTol; else tr's fit.
func (k *Tracker) afterHit(tr *track) path {
	if tr.hitT == 0 || len(tr.seg) == 0 || tr.seg[0].t >= tr.hitT {
		return tr.fit // none, or its piece of path began since
	}
	h := 0
	for h < len(tr.seg) && tr.seg[h].t < tr.hitT {
		h++
	}
	if len(tr.seg)-h < provPassN {
		return tr.fit
	}
	after := k.fitTail(tr.seg[h:])
	off := 0.0
	for _, x := range tr.seg[max(0, h-2):h] {
		off = max(off, x.p.Dist(after.at(x.t)))
	}
	if off <= k.pathTol() {
		return tr.fit
	}
	return after
}
