package tracking

import "math"

// Many of the tracker's windows were first tuned at 60 fps as numbers of
// detections. Where such a window stands for a span of time (a fit whose
// speed must stand out of the noise, a look back), at a higher frame rate it
// keeps its span, not its count: at 120 fps a ball moves half as far between
// detections, and ten of them span too short a way for the noise. Below 60 fps
// the count is kept (fewer detections would fit nothing).

// atRate returns the number of detections that span, at the tracker's frame
// rate, what n detections span at 60 fps (n at least).
func (k *Tracker) atRate(n int) int {
	return max(n, int(math.Round(float64(n)*k.cfg.FPS/60)))
}
