//go:build matprofile

package vision

import (
	"testing"

	"gocv.io/x/gocv"
)

const matProfileOn = true

func matCount() int { return gocv.MatProfile.Count() }

// checkMats fails the test when Mats were left open since base.
func checkMats(t testing.TB, base int) {
	t.Helper()
	if got := gocv.MatProfile.Count(); got != base {
		t.Errorf("open Mats: got %d, want %d (a Mat was not closed)", got, base)
	}
}
