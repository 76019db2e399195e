package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestLongRetime builds the ways in and out of an exact contact of two equal
// balls at t = 1 s (the normal parts of their velocities swapped) and asks
// longRetime to time it from a first look's time some frames off: it must
// find the contact within 0.1 ms. Two balls passing 20 mm clear whose ways out
// part a little faster than their ways in (noise, a wrong deceleration) have
// gaps that cross well apart: no contact time may come of that.
func TestLongRetime(t *testing.T) {
	k, err := New(Config{Table: tab9})
	if err != nil {
		t.Fatal(err)
	}
	R := tab9.BallR
	const tc = 1.0
	mk := func(at, v table.Point) path { return path{t0: tc, a: at, b: v} }
	for _, c := range []struct {
		name    string
		phi     float64     // direction of the line of centres at the contact, rad
		va, vb  table.Point // velocities in, mm/s
		from    float64     // the first look's time
		clear   float64     // > 0: the balls pass this far clear (no contact)
		wantHit bool
	}{
		{"glancing, 300 and 200 mm/s, first look 30 ms late", 1.3, table.Point{X: 300}, table.Point{X: -200, Y: 10}, tc + 0.03, 0, true},
		{"slow cut, 150 and 80 mm/s, first look 40 ms late", 1.1, table.Point{X: 150, Y: 20}, table.Point{X: 80, Y: -30}, tc + 0.04, 0, true},
		{"half-ball, first look 15 ms early", 0.5, table.Point{X: 400}, table.Point{X: -100}, tc - 0.015, 0, true},
		{"passing 20 mm clear", 1.2, table.Point{X: 300}, table.Point{X: -200}, tc + 0.04, 20, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			n := table.Point{X: math.Cos(c.phi), Y: math.Sin(c.phi)}
			pa := mk(table.Point{}, c.va)
			pb := mk(n.Scale(2*R+c.clear), c.vb)
			qa, qb := pa, pb
			if c.clear == 0 {
				j := c.va.Sub(c.vb).Dot(n)
				qa, qb = mk(pa.a, c.va.Sub(n.Scale(j))), mk(pb.a, c.vb.Add(n.Scale(j)))
			} else {
				// Ways out a little apart from the ways in along the line
				// of centres, as noise or a wrong deceleration leaves them.
				qa.b, qb.b = qa.b.Sub(n.Scale(30)), qb.b.Add(n.Scale(30))
			}
			got, ok := k.longRetime(&pa, &pb, &qa, &qb, c.from)
			if ok != c.wantHit {
				t.Fatalf("longRetime from %.4f: ok %v (at %.4f), want %v", c.from, ok, got, c.wantHit)
			}
			if ok && math.Abs(got-tc) > 1e-4 {
				t.Errorf("longRetime from %.4f: got %.5f, want %.5f ± 0.1 ms", c.from, got, tc)
			}
		})
	}
}
