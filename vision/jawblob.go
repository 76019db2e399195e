package vision

// cutAtMouth gives up the weak candidates (a blob's centroid, see
// findCandidates) centred over a pocket's mouth (see overMouth) whose blob
// is cut by the bed's edge: the colour model looks at the bed only, so the
// blob of a ball in the jaws ends at the mouth and its centroid lies towards
// the bed from the ball's centre. A maroon 11 at rest in a corner pocket's
// jaws, 14 mm in front of the mouth's line, was read by its cut blob in three
// frames of five, 20 mm along the cushion from where it lay and (its outline
// fit drawn to the jaw's shade) on the cushion's line, and named 3 or 8 by
// the colours there; in the other frames the ring detector found it where it
// was. With the centroid given up, the ring detector (which looks where no
// candidate is) finds the ball by its rim against the hole. Only the bed's
// view: a mouth's own view looks past the mouth's line (see mouthLit).
func (d *Detector) cutAtMouth() {
	if d.litMouth {
		return
	}
	for i := range d.cands {
		k := &d.cands[i]
		if !k.ok || !k.weak || k.absorbed || k.comp < 0 || !d.overMouth(k.x, k.y) {
			continue
		}
		if float64(d.bedEdge(k.comp)) >= weakMouthCut*k.r {
			k.ok = false
		}
	}
}

// bedEdge is how many pixels of component ci's blob lie on the bed's edge:
// with a pixel off the bed within two pixels across it.
func (d *Detector) bedEdge(ci int) int {
	cp := &d.comps[ci]
	lb, w := d.labels, d.ww
	n := 0
	for y := cp.y; y < cp.y+cp.h; y++ {
		for x := cp.x; x < cp.x+cp.w; x++ {
			if lb[y*w+x] != int32(ci+1) {
				continue
			}
		dirs:
			for _, s := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				for a := 1; a <= 2; a++ {
					qx, qy := x+a*s[0], y+a*s[1]
					if qx < 0 || qy < 0 || qx >= w || qy >= d.wh {
						break
					}
					if d.bm[qy*w+qx] == 0 {
						n++
						break dirs
					}
				}
			}
		}
	}
	return n
}

// weakMouthCut is the length of the bed's edge along a weak candidate's blob
// (by a pocket's mouth), in ball radii, from which its centroid is given up
// (see cutAtMouth): the 11's blob ran 17 px along it (3 radii).
const weakMouthCut = 0.5
