//go:build !matprofile

package vision

// profiledMatsPerFrame is 0 without -tags matprofile: no Mat is recorded.
const profiledMatsPerFrame = 0
