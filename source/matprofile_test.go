//go:build matprofile

package source

import "gocv.io/x/gocv"

// matCount is the number of open Mats (built with -tags matprofile).
func matCount() int { return gocv.MatProfile.Count() }
