package tracking

// Two balls that meet may swap tracks, and one of them then leave the table.
// Camera model at 30 fps, seed 37, 9-ball shot 159, a break: the 4 and the 5
// swapped tracks where they met, and the track then carrying the 5 went off
// the table, told off_table of the 5. When the reads gave the 5 back to the
// track on the table (the 4's at the stroke), backOnTable withdrew the
// off_table as that of a ball taken for gone that was not, and the 4 passed
// to a track gone in the rack before (341 votes for it): the record lost the
// 4 from the rack and its flight, and the break was ruled legal, unasked,
// where the truth is object_ball_off_table (TestOffTableAfterSwap).
//
// So when a gone ball's number passes to a track on the table that carried
// another ball at the stroke, and no track on the table or gone in the shot
// carries that one now, the two swapped: the track gone carried the other
// (swappedOff), and its event is that ball's. Each was, at the stroke, the
// ball it carried then (placesBefore), and no track gone before the stroke
// takes either number (heldOnTable, staleTake).

// swappedOff returns the ball gone track g carried, when track x on the table
// now holds the ball g went with and the two swapped (see above); −1 when
// they did not.
func (k *Tracker) swappedOff(g, x int) int {
	if k.phase != inShot {
		return -1
	}
	gb, ok := k.beforeID[g]
	c, okx := k.beforeID[x]
	if !ok || !okx || gb < 0 || c < 0 || c == gb || c == k.tracks[x].ball || !k.inPlay[c] {
		return -1
	}
	for i := range k.tracks {
		y := &k.tracks[i]
		if i != g && y.used && y.confirmed && y.ball == c && (!y.gone || y.lifted || y.goneT >= k.strikeT) {
			return -1 // another track carries it
		}
	}
	return c
}
