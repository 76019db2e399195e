package tracking

import "github.com/cueref/cueref/table"

// A rolling ball goes straight: nothing but a ball or a cushion turns it
// towards a cushion. railHit takes a path that turns within railSlack of a
// cushion line for a hit of it (the detector places a ball by a cushion some
// millimetres off, its shade and the nose hiding the ball's edge). Such a
// path may owe its approach to its last reads alone: rendered 10-ball, seed
// 74, shot 25, the 8 rolled along the right cushion 18 mm off it at 1.2 m/s,
// three reads in a row were pulled 4-7 mm towards the cushion's shade, and
// the path through them came within the tolerance of the cushion line: a hit
// was told that the ball never made (its reads after were 18-19 mm off the
// cushion again). So a hit told within the tolerance must be reached by the
// straight line of the path's detections before its last lateReads as well:
// if that line runs more than railSlack and two moving noises off the
// cushion at the hit, the last reads bent the path, not the table.

// lateReads is how many of a path's last detections lateBend leaves out;
// lateLeast how many must remain for the line before them.
const (
	lateReads = 3
	lateLeast = 4
)

// lateBend reports whether the straight line of change c's detections in,
// but for its last lateReads, runs well off the cushion (distance g) at the
// hit time tc (see above).
func (k *Tracker) lateBend(c *change, g func(table.Point) float64, tc float64) bool {
	n := c.nIn
	if n-lateReads < lateLeast {
		return false
	}
	early := fitLine(c.inS[:n-lateReads])
	off := g(early.at(tc))
	if off <= railSlack+2*k.cfg.SigmaMoving {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f no cushion for track %d at %.4f: its path but for the last %d reads runs %.1f mm off it", k.lastT, c.tr, tc, lateReads, off)
	}
	return true
}
