package tracking

import "testing"

// TestRestVeeTwiceRendered: rendered 8-ball, seed 1, shot 8 (stroke 70.1626
// s; the default bench's): the 8 met the foot cushion at 85 mm/s 3.30 s
// after the stroke and came to rest 23 mm off it. As it came to rest its
// reads made a V in its distance to the cushion 0.34 s after the hit, told
// as a second hit of the foot cushion. Nothing turned it back to the cushion
// in between: it met it once.
func TestRestVeeTwiceRendered(t *testing.T) {
	const stroke = 70.1626
	s := renderedShot(t, "testdata/restvee-8ball-s1-rendered.json.gz", 15, stroke)
	if got := railHitsOf(s, 8, "foot"); len(got) != 1 {
		t.Errorf("got the 8 on the foot cushion at %v; want once; events:%s", got, fmtEvents(absEvents(s)))
	}
}
