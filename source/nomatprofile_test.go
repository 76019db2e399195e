//go:build !matprofile

package source

// matCount is −1 without -tags matprofile: leaks are only counted under that tag.
func matCount() int { return -1 }
