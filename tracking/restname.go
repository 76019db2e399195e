package tracking

// Names given back at rest. The first contact of a shot is named by the
// numbers its balls' tracks had at the stroke (firstIDs), since in the
// scramble after it tracks may take each other's numbers. But balls whose
// tracks trade numbers while both still rest where they stood at the stroke
// have not been confused by any motion: their votes have corrected a
// mistake made earlier. Rendered 10-ball, seed 28: in shot 6 the 3 and the
// 6 took each other's numbers; a frame after the stroke of shot 7 their
// votes gave them back, both still at rest, and shot 7's first contact,
// named by the numbers at the stroke, was the 6: a wrong-ball foul on a
// legal safety, unflagged. So when every track renamed in a frame of a shot
// rests where it stood at the stroke, has not moved since, and the numbers
// they leave are the numbers they take, their numbers at the stroke are
// corrected too.

// rename is a track renamed by resolveIDs, with its number before.
type rename struct{ tr, old int }

// renamedAtRest corrects the numbers at the stroke of the tracks renamed in
// k.renames (this frame's) when they are a correction at rest (see above).
func (k *Tracker) renamedAtRest() {
	defer func() { k.renames = k.renames[:0] }()
	if k.phase != inShot || len(k.renames) < 2 {
		return
	}
	var left, taken [16]int
	for _, r := range k.renames {
		tr := &k.tracks[r.tr]
		id, ok := k.beforeID[r.tr]
		p, at := k.before[r.tr]
		if !ok || !at || id != r.old || r.old < 0 || tr.ball < 0 || tr.moving || tr.moved || tr.gone || tr.rest.Dist(p) > k.noStrokeStill() {
			return
		}
		left[r.old]++
		taken[tr.ball]++
	}
	if left != taken {
		return
	}
	for _, r := range k.renames {
		k.beforeID[r.tr] = k.tracks[r.tr].ball
		if k.trace != nil {
			k.trace("%.4f renamed at rest: track %d was ball %d at the stroke, is ball %d", k.lastT, r.tr, r.old, k.tracks[r.tr].ball)
		}
	}
}
