package matleak

import (
	"testing"

	"gocv.io/x/gocv"
)

// Count goes up by one for an open Mat and back when it is closed (with
// -tags matprofile); without the tag it is −1 throughout.
func TestCount(t *testing.T) {
	base := Count()
	m := gocv.NewMat()
	open := Count()
	m.Close()
	closed := Count()
	want := [3]int{base, base + 1, base}
	if base == -1 {
		want = [3]int{-1, -1, -1}
	}
	if got := [3]int{base, open, closed}; got != want {
		t.Errorf("Count before, with a Mat open, after Close: got %v, want %v", got, want)
	}
	Check(t, base)
}
