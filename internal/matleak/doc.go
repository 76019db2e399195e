// Package matleak counts the gocv Mats a test leaves open, for the tests of every
// package that uses gocv. Leaks are only counted in a build with -tags matprofile
// (gocv's MatProfile): without the tag Count is −1 and Check only logs that the
// check did not run. Run the checks with go test -tags matprofile ./vision/ (or
// any such package). It is imported only by tests.
package matleak
