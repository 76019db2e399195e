//go:build matprofile

package vision

// profiledMatsPerFrame is how many Mats Detect creates per frame (the frame's
// bed region, a view without a copy): under -tags matprofile gocv records each
// one, and that record is a heap allocation of the profiler, not the detector.
const profiledMatsPerFrame = 1
