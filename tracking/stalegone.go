package tracking

// A track that went from the table (pocketed, off it, lifted) before the shot
// in play is not seen any more: its identity votes are those of its last
// detections, possibly a rack ago. resolveIDs weighs them against the votes of
// the tracks on the table, which fade while a ball is not read (a striped ball
// seen from above reads as no number for many frames), and a ball on the table
// can then lose its number to such a stale track, and the shot its events: its
// pocket becomes a phantom's, and the next player is called wrong without a
// review (a track that went off the table in rack 1 still carried 400 reads of
// a number the re-racked ball wore in rack 2, that ball 1.6 after 30 s at
// rest). So in a shot a track gone before the stroke may keep its own number,
// but not take one a track on the table has held since the stroke: the ball on
// the table is the one seen. A number a track on the table took only in the
// shot (a moving ball read wrongly for a moment) still goes back to the gone
// ball that wore it.

// heldOnTable returns, for each ball, whether a confirmed track on the table
// holds it now and held it at the stroke (in a shot; none between shots).
func (k *Tracker) heldOnTable() (held [16]bool) {
	if k.phase != inShot {
		return held
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || tr.gone || tr.ball < 0 || tr.ball >= 16 {
			continue
		}
		if b, ok := k.beforeID[i]; ok && b == tr.ball {
			held[b] = true
		}
	}
	return held
}

// staleTake reports whether track i went from the table before the stroke of
// the shot in play and may therefore not take ball b, held by a track on the
// table (held from heldOnTable), in place of its own number.
func (k *Tracker) staleTake(i, b int, held *[16]bool) bool {
	tr := &k.tracks[i]
	return held[b] && tr.gone && tr.ball != b && tr.goneT < k.strikeT
}
