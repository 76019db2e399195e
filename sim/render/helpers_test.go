package render

import (
	"math"
	"math/rand"
	"testing"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

var tb9 = table.MustNew("9ft")

// rackLayout is a 9-ball rack with the cue ball in the kitchen.
func rackLayout() sim.Layout {
	l := sim.Layout{0: {X: tb9.L * 0.2, Y: tb9.W*0.5 + 140}}
	order := []int{1, 2, 3, 4, 9, 5, 6, 7, 8}
	for i, p := range tb9.Diamond() {
		// A hair apart so the rack is not one big simultaneous contact.
		c := tb9.FootSpot()
		l[order[i]] = c.Add(p.Sub(c).Scale(1.002))
	}
	return l
}

// testMotions simulates a break and one more shot at the nearest ball.
func testMotions(t testing.TB) []clipSource {
	t.Helper()
	p := sim.DefaultParams()
	l := rackLayout()
	cue := l[0]
	aim := tb9.FootSpot().Sub(cue)
	m1, err := sim.Simulate(tb9, p, l, sim.Stroke{Speed: 6, Angle: math.Atan2(aim.Y, aim.X)}, rand.New(rand.NewSource(1)))
	if err != nil {
		t.Fatal(err)
	}
	l2 := sim.Layout(m1.After())
	if _, ok := l2[0]; !ok {
		l2[0] = tb9.HeadSpot()
	}
	best, dir := math.Inf(1), table.Point{X: 1}
	for n, q := range l2 {
		if d := q.Dist(l2[0]); n != 0 && d < best {
			best, dir = d, q.Sub(l2[0])
		}
	}
	m2, err := sim.Simulate(tb9, p, l2, sim.Stroke{Speed: 2.5, Angle: math.Atan2(dir.Y, dir.X)}, rand.New(rand.NewSource(2)))
	if err != nil {
		t.Fatal(err)
	}
	return []clipSource{{motion: m1, shooter: "a"}, {motion: m2, shooter: "b"}}
}
