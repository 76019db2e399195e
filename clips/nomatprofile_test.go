//go:build !matprofile

package clips

import "testing"

const matProfileOn = false

func matCount() int { return 0 }

// checkMats needs the matprofile build tag; without it the leak check is
// reported as not run (go test -tags matprofile ./clips/... runs it).
func checkMats(t testing.TB, base int) {
	t.Helper()
	t.Log("Mat leak check not run: build with -tags matprofile")
}
