package table

import (
	"math"
	"testing"
)

func TestSizes(t *testing.T) {
	tests := []struct {
		name string
		l, w float64
	}{{"7ft", 1981, 991}, {"8ft", 2337, 1168}, {"9ft", 2540, 1270}, {" 9FT ", 2540, 1270}}
	for _, tt := range tests {
		tb, err := New(tt.name)
		if err != nil {
			t.Fatalf("New(%q): %v", tt.name, err)
		}
		if tb.L != tt.l || tb.W != tt.w || tb.BallR != 28.575 {
			t.Errorf("New(%q) = %gx%g r=%g, want %gx%g r=28.575", tt.name, tb.L, tb.W, tb.BallR, tt.l, tt.w)
		}
		if err := tb.Validate(); err != nil {
			t.Errorf("Validate: %v", err)
		}
	}
	if _, err := New("10ft"); err == nil {
		t.Error("New(10ft): no error")
	}
}

func TestPockets(t *testing.T) {
	tb := MustNew("9ft")
	for _, p := range tb.Pockets() {
		w := p.Jaws[0].Dist(p.Jaws[1])
		if math.Abs(w-p.Width) > 1e-9 {
			t.Errorf("%s: jaw distance %.3f, want width %.3f", p.ID, w, p.Width)
		}
		in := 4.5 * 25.4
		max := 4.625 * 25.4
		if !p.Corner {
			in, max = 5*25.4, 5.125*25.4
		}
		if p.Width < in || p.Width > max {
			t.Errorf("%s: mouth %.1f mm outside the WPA range %.1f–%.1f", p.ID, p.Width, in, max)
		}
		// Moving from the mouth centre along In leaves the bed.
		out := p.Center.Add(p.In.Scale(80))
		if out.X > 0 && out.X < tb.L && out.Y > 0 && out.Y < tb.W {
			t.Errorf("%s: In %v points onto the bed", p.ID, p.In)
		}
		if math.Abs(p.In.Len()-1) > 1e-12 {
			t.Errorf("%s: In is not a unit vector", p.ID)
		}
	}
	if got := tb.Pocket(SR).Center; got != (Point{1270, 1270}) {
		t.Errorf("SR centre = %v, want (1270, 1270)", got)
	}
	if p, _ := tb.NearestPocket(Point{2500, 20}); p.ID != FL {
		t.Errorf("nearest pocket to the foot-left corner = %s, want FL", p.ID)
	}
}

// Rule 1.14: the head string is not part of the kitchen.
func TestRule1_14_HeadStringNotInKitchen(t *testing.T) {
	tb := MustNew("9ft")
	tests := []struct {
		x    float64
		want bool
	}{{634.9, true}, {635, false}, {635.1, false}, {100, true}}
	for _, tt := range tests {
		if got := tb.InKitchen(Point{tt.x, 600}); got != tt.want {
			t.Errorf("InKitchen(x=%g) = %v, want %v (head string at %g)", tt.x, got, tt.want, tb.HeadString())
		}
	}
}

func TestFrozen(t *testing.T) {
	tb := MustNew("9ft")
	r := tb.BallR
	tests := []struct {
		name string
		p    Point
		want []Rail
	}{
		{"touching left", Point{1000, r}, []Rail{Left}},
		{"1.9 mm off foot", Point{tb.L - r - 1.9, 600}, []Rail{Foot}},
		{"2.1 mm off foot", Point{tb.L - r - 2.1, 600}, nil},
		{"corner", Point{r, tb.W - r}, []Rail{Head, Right}},
		{"centre", tb.CenterSpot(), nil},
	}
	for _, tt := range tests {
		got := tb.FrozenRails(tt.p)
		if len(got) != len(tt.want) {
			t.Errorf("%s: FrozenRails = %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: FrozenRails = %v, want %v", tt.name, got, tt.want)
			}
		}
	}
	a := Point{1000, 600}
	if !tb.Frozen(a, Point{1000 + 2*r + 1.5, 600}) || tb.Frozen(a, Point{1000 + 2*r + 2.5, 600}) {
		t.Error("ball-ball frozen tolerance not FrozenTolerance")
	}
}

func TestRacks(t *testing.T) {
	tb := MustNew("9ft")
	for _, tt := range []struct {
		name string
		pts  []Point
		n    int
	}{{"15-ball", tb.Rack(5), 15}, {"10-ball", tb.Rack(4), 10}, {"9-ball diamond", tb.Diamond(), 9}} {
		if len(tt.pts) != tt.n {
			t.Fatalf("%s: %d balls, want %d", tt.name, len(tt.pts), tt.n)
		}
		if tt.pts[0] != tb.FootSpot() {
			t.Errorf("%s: apex at %v, want the foot spot %v", tt.name, tt.pts[0], tb.FootSpot())
		}
		for i := range tt.pts {
			if !tb.OnBed(tt.pts[i]) {
				t.Errorf("%s: ball %d off the bed at %v", tt.name, i, tt.pts[i])
			}
			nearest := math.Inf(1)
			for j := range tt.pts {
				if i != j {
					if tb.Overlaps(tt.pts[i], tt.pts[j]) {
						t.Errorf("%s: balls %d and %d overlap", tt.name, i, j)
					}
					nearest = math.Min(nearest, tt.pts[i].Dist(tt.pts[j]))
				}
			}
			if math.Abs(nearest-2*tb.BallR) > 1e-9 {
				t.Errorf("%s: ball %d is not frozen to its neighbours (nearest %.3f)", tt.name, i, nearest)
			}
		}
	}
	// The 9 goes in the middle of the diamond.
	if d := tb.Diamond()[4]; math.Abs(d.Y-tb.W/2) > 1e-9 || math.Abs(d.X-(tb.FootSpot().X+2*2*tb.BallR*math.Sqrt(3)/2)) > 1e-9 {
		t.Errorf("diamond centre at %v", d)
	}
}

func TestCornerJaws(t *testing.T) {
	tb := MustNew("9ft")
	// Rule 1.5(6): a ball in the jaws of a head corner pocket beyond the head-rail nose.
	if !tb.InCornerJaws(Point{20, 30}, Head) {
		t.Error("ball in the HL jaws beyond the nose: want true")
	}
	if tb.InCornerJaws(Point{60, 30}, Head) {
		t.Error("ball in front of the head rail: want false")
	}
	if tb.InCornerJaws(Point{20, 635}, Head) {
		t.Error("ball mid head rail (not in a pocket mouth): want false")
	}
}
