package calibration

// NoseHeight is the height of the cushion nose above the cloth in millimetres:
// the height at which the corners of the file are seen.
func (c *Calibration) NoseHeight() float64 { return c.noseH }
