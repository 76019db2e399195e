package tracking

// The provisional path tests (provPass, provMeet, cushionHit, jawHit) tell a
// contact or a cushion hit when a path fitted to the detections before and
// carried on to the newest one has gone some millimetres into a ball or
// beyond a cushion's line: deep enough to stand out of the carried path's
// error. Those depths were set at 60 fps. At a higher frame rate a ball comes
// only half as far into the other ball or the cushion between two
// detections, and the path, carried on for half as long, strays about half as
// far along its way: the path was a millimetre or two short after two frames,
// and the event was told on the third. Above 60 fps the depths are kept per
// frame interval, not in millimetres.

// provDepth returns depth mm (set at 60 fps) at the tracker's frame rate: as
// is at 60 fps and below, in proportion to the frame interval above.
func (k *Tracker) provDepth(mm float64) float64 {
	if k.cfg.FPS <= 60 {
		return mm
	}
	return mm * 60 / k.cfg.FPS
}
