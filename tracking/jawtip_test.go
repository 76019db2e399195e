package tracking

import (
	"strings"
	"testing"
)

// TestJawTipAsked: camera model at 30 fps, seed 29, 10-ball shot 144, a
// safety. The 3, 16 mm off the left cushion by the side pocket, was driven
// into it 1 mm outside the jaw point; its touching point was put 2.5 mm
// inside, no cushion hit was told, and a no_rail foul was called, unasked
// (see jawtip.go). The shot must be asked about, the 3 named.
func TestJawTipAsked(t *testing.T) {
	wantAsked(t, "testdata/jawtip-10ball-30fps-s29-norender.json.gz", 10, 1010.4710, "ball 3 ")
}

// wantAsked runs the tracker at 30 fps on fixture (a game of n balls) and
// wants the shot struck at stroke asked about, its reason naming about.
func wantAsked(t *testing.T, fixture string, n int, stroke float64, about string) {
	t.Helper()
	s := fixtureShot30(t, fixture, n, stroke, 0.05)
	if s.Review == nil || !strings.Contains(s.Review.Reason, about) {
		t.Errorf("review %+v; want one naming %q", s.Review, about)
	}
}

// askedCase is a shot wantAsked wants asked about: in fixture (a game of n
// balls, 30 fps), struck at stroke, its reason naming about.
type askedCase struct {
	fixture string
	n       int
	stroke  float64
	about   string
}

// wantEachAsked runs wantAsked on each case, as a subtest named by its
// fixture.
func wantEachAsked(t *testing.T, cases []askedCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.fixture, func(t *testing.T) {
			wantAsked(t, c.fixture, c.n, c.stroke, c.about)
		})
	}
}
