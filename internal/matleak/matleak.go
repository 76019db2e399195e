//go:build matprofile

package matleak

import (
	"testing"

	"gocv.io/x/gocv"
)

// Count is the number of Mats open now (gocv.MatProfile.Count()).
func Count() int { return gocv.MatProfile.Count() }

// Check fails the test when the number of open Mats is not base, the Count taken
// before the code under test ran: a Mat was not closed.
func Check(t testing.TB, base int) {
	t.Helper()
	if got := Count(); got != base {
		t.Errorf("open Mats: got %d, want %d (a Mat was not closed)", got, base)
	}
}
