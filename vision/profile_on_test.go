//go:build matprofile

package vision

// profiledMatsPerFrame is how many Mats Detect creates per view it searches
// (the frame's region, a view without a copy): under -tags matprofile gocv
// records each one, and that record is a heap allocation of the profiler, not
// the detector.
const profiledMatsPerFrame = 1
