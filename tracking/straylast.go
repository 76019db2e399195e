package tracking

// A fast ball on its way into a pocket is often lost there (the jaws and the
// hole merge with its outline), and now and then the frame it goes from view
// holds a stray blob (a reflection, a hand) near enough for its track to take
// that blob as its last detection. Judged from that detection, the ball went
// from view on the open bed at a speed no ball has, and was told off the
// table, for a person to confirm; the ball went where its way led.

// strayWay is how many detections before the last one strayLast fits the
// ball's way to.
const strayWay = 5

// strayFit: each detection of the way lies within this many times the moving
// ball's noise of the line fitted to them (a ball rolling on, seen well).
const strayFit = 4.0

// strayMinSpeed (mm/s): strayLast looks only at a ball this fast on its way,
// one that goes somewhere (a pocket, a cushion) when it goes from view.
const strayMinSpeed = 300.0

// strayLast handles moving track i, lost from view for a while, whose last
// detection lies off its way by more than a diameter and twice as much as its
// way would have brought it there, and far further than the ball could go
// since the detection before (faster than offSpeed and three times its speed
// on its way): a stray taken for it. The track is then lost where its way was
// last seen, with that way's fit: it sets the last sight and the fit so, and
// reports whether it did.
func (k *Tracker) strayLast(i int) bool {
	tr := &k.tracks[i]
	n := len(tr.hist)
	if tr.nh < strayWay+1 {
		return false
	}
	last := tr.hist[(tr.nh-1)%n]
	if last != tr.last {
		return false
	}
	var buf [strayWay]sample
	for j := range buf {
		buf[strayWay-1-j] = tr.hist[(tr.nh-2-j)%n]
	}
	prev := buf[strayWay-1]
	if prev.t-buf[0].t > float64(strayWay+1)*k.dt {
		return false // not a way seen frame after frame
	}
	way := fitLine(buf[:])
	v := way.vel(prev.t).Len()
	if v < strayMinSpeed {
		return false // (a slow ball's path breaks at a contact: left alone)
	}
	for _, s := range buf {
		if s.p.Dist(way.at(s.t)) > strayFit*k.cfg.SigmaMoving {
			return false // no smooth way (a break's tangle of balls): left alone
		}
	}
	jump := last.p.Dist(prev.p)
	if last.t <= prev.t || jump/(last.t-prev.t) < max(offSpeed, 3*v) {
		return false
	}
	if off := last.p.Dist(way.at(last.t)); off < 4*k.R || off < 2*v*(last.t-prev.t) {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f stray last detection of track %d ball %d at %v: lost at %v, %.0f mm/s", k.lastT, i, tr.ball, last.p, prev.p, v)
	}
	tr.last = prev
	tr.fit = way
	return true
}

// rollsOn reports whether a fast ball lost on the open bed (gap, mm, from the
// nearest cushion: two radii or more) rolls straight into a pocket (see
// rollsInto): so fast a ball most often vanishes as the detector loses it in
// a pocket's mouth, not off the table; the caller tells the pocket then.
func (k *Tracker) rollsOn(tr *track, gap float64) bool {
	if gap < 2*k.R {
		return false
	}
	_, ok := k.rollsInto(tr)
	return ok
}
