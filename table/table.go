// Package table is the physical pool table in millimetres: its playing surface,
// cushion-nose lines, pockets, strings, spots and racks, in the table frame of the
// shot-log contract (shared/spec/shotlog.md).
//
// The frame: origin at the head-rail/left-rail cushion-nose corner, x along the long
// axis from the head rail (x = 0) to the foot rail (x = L), y across from the left rail
// (y = 0) to the right rail (y = W). Every length is in millimetres.
//
// The package is pure Go with no dependencies, so it builds for any GOARCH with
// CGO_ENABLED=0.
package table

import (
	"fmt"
	"math"
	"strings"
)

// Standard ball dimensions (WPA equipment specifications).
const (
	BallDiameter = 57.15
	BallRadius   = BallDiameter / 2 // 28.575 mm

	// FrozenTolerance is how far (mm) a ball's surface may be from a cushion nose
	// or from another ball and still count as frozen to it (rules 1.26, 1.31). It
	// is chosen a little above the vision system's position error at rest
	// (≤ 1.5 mm RMS): a gap smaller than 2 mm cannot be told from contact by an
	// overhead camera, nor by a referee's eye without a light.
	FrozenTolerance = 2.0

	inch = 25.4
	// Pocket mouth widths measured between the cushion-nose points of the jaws
	// (WPA: corner 4.5–4.625 in, side 5–5.125 in). We use the middle of each range.
	CornerMouth = 4.5625 * inch // 115.9 mm
	SideMouth   = 5.0625 * inch // 128.6 mm
)

// Point is a position on the bed in millimetres.
type Point struct{ X, Y float64 }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p−q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Scale returns p·k.
func (p Point) Scale(k float64) Point { return Point{p.X * k, p.Y * k} }

// Dot returns the dot product p·q.
func (p Point) Dot(q Point) float64 { return p.X*q.X + p.Y*q.Y }

// Len returns |p|.
func (p Point) Len() float64 { return math.Hypot(p.X, p.Y) }

// Dist returns |p−q|.
func (p Point) Dist(q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

func (p Point) String() string { return fmt.Sprintf("(%.1f, %.1f)", p.X, p.Y) }

// Rail names a cushion, as in the contract.
type Rail string

// The four rails.
const (
	Head  Rail = "head"
	Foot  Rail = "foot"
	Left  Rail = "left"
	Right Rail = "right"
)

// Rails lists the rails in a fixed order.
var Rails = [4]Rail{Head, Foot, Left, Right}

// PocketID names a pocket, as in the contract.
type PocketID string

// The six pockets.
const (
	HL PocketID = "HL"
	HR PocketID = "HR"
	SL PocketID = "SL"
	SR PocketID = "SR"
	FL PocketID = "FL"
	FR PocketID = "FR"
)

// PocketIDs lists the pockets in a fixed order.
var PocketIDs = [6]PocketID{HL, HR, SL, SR, FL, FR}

// ValidPocket reports whether s names a pocket.
func ValidPocket(s string) bool {
	for _, id := range PocketIDs {
		if string(id) == s {
			return true
		}
	}
	return false
}

// ValidRail reports whether s names a rail.
func ValidRail(s string) bool {
	for _, r := range Rails {
		if string(r) == s {
			return true
		}
	}
	return false
}

// Pocket is one pocket's mouth: the segment between the two jaw points where the
// cushion noses end.
type Pocket struct {
	ID     PocketID
	Center Point    // centre of the mouth segment
	Jaws   [2]Point // the cushion-nose end points on each side of the mouth
	Width  float64  // |Jaws[1]−Jaws[0]|
	In     Point    // unit vector pointing from the bed into the pocket
	Corner bool
}

// Table is a playing surface of a given size.
type Table struct {
	Name        string  // "7ft", "8ft", "9ft" or "custom"
	L, W        float64 // playing surface, cushion nose to cushion nose
	BallR       float64 // ball radius
	CornerMouth float64
	SideMouth   float64
}

// Sizes are the standard tables of the contract.
var sizes = map[string][2]float64{
	"7ft": {1981, 991},
	"8ft": {2337, 1168},
	"9ft": {2540, 1270},
}

// New returns the standard table of the given size name ("7ft", "8ft", "9ft").
func New(size string) (Table, error) {
	name := strings.ToLower(strings.TrimSpace(size))
	d, ok := sizes[name]
	if !ok {
		return Table{}, fmt.Errorf("table: unknown size %q (want 7ft, 8ft or 9ft)", size)
	}
	t := Custom(d[0], d[1])
	t.Name = name
	return t, nil
}

// MustNew is New for sizes known to be valid; it panics otherwise.
func MustNew(size string) Table {
	t, err := New(size)
	if err != nil {
		panic(err)
	}
	return t
}

// Custom returns a table with the given playing surface and standard balls and pockets.
func Custom(l, w float64) Table {
	return Table{Name: "custom", L: l, W: w, BallR: BallRadius, CornerMouth: CornerMouth, SideMouth: SideMouth}
}

// Validate reports whether the table's dimensions make sense.
func (t Table) Validate() error {
	switch {
	case !(t.L > 0 && t.W > 0):
		return fmt.Errorf("table: size %gx%g mm must be positive", t.L, t.W)
	case t.L < t.W:
		return fmt.Errorf("table: length %g mm is shorter than width %g mm", t.L, t.W)
	case !(t.BallR > 0) || t.BallR*8 > t.W:
		return fmt.Errorf("table: ball radius %g mm does not fit a %g mm wide table", t.BallR, t.W)
	}
	return nil
}

// HeadString is the x of the head string ("передняя линия"): L/4.
func (t Table) HeadString() float64 { return t.L / 4 }

// HeadSpot is (L/4, W/2).
func (t Table) HeadSpot() Point { return Point{t.L / 4, t.W / 2} }

// FootSpot is (3L/4, W/2), where the apex ball of a rack stands ("задняя отметка").
func (t Table) FootSpot() Point { return Point{3 * t.L / 4, t.W / 2} }

// CenterSpot is (L/2, W/2).
func (t Table) CenterSpot() Point { return Point{t.L / 2, t.W / 2} }

// InKitchen reports whether a ball centre is in the kitchen ("дом"): strictly behind
// the head string. A ball whose centre is on the head string is outside the kitchen
// (rule 1.7, rule 1.14).
func (t Table) InKitchen(p Point) bool { return p.X < t.HeadString() }

// OnBed reports whether a ball centre at p lies on the playing surface (the ball
// fits between the cushion noses, with FrozenTolerance of slack for measurement).
func (t Table) OnBed(p Point) bool {
	m := t.BallR - FrozenTolerance
	return p.X >= m && p.X <= t.L-m && p.Y >= m && p.Y <= t.W-m
}

// Clamp returns p moved onto the bed so that the ball does not overlap a cushion.
func (t Table) Clamp(p Point) Point {
	p.X = math.Min(math.Max(p.X, t.BallR), t.L-t.BallR)
	p.Y = math.Min(math.Max(p.Y, t.BallR), t.W-t.BallR)
	return p
}

// RailDistance returns the distance from a ball's surface to the given rail's
// cushion nose (negative when the ball overlaps it).
func (t Table) RailDistance(p Point, r Rail) float64 {
	switch r {
	case Head:
		return p.X - t.BallR
	case Foot:
		return t.L - p.X - t.BallR
	case Left:
		return p.Y - t.BallR
	case Right:
		return t.W - p.Y - t.BallR
	}
	return math.Inf(1)
}

// NearestRail returns the rail closest to the ball at p and the gap to it.
func (t Table) NearestRail(p Point) (Rail, float64) {
	best, gap := Head, math.Inf(1)
	for _, r := range Rails {
		if d := t.RailDistance(p, r); d < gap {
			best, gap = r, d
		}
	}
	return best, gap
}

// FrozenRails returns every rail the ball at p is frozen to: its surface within
// FrozenTolerance of the cushion nose. A ball in a corner can be frozen to two.
func (t Table) FrozenRails(p Point) []Rail {
	var out []Rail
	for _, r := range Rails {
		if t.RailDistance(p, r) <= FrozenTolerance {
			out = append(out, r)
		}
	}
	return out
}

// FrozenToRail reports whether the ball at p is frozen to any rail.
func (t Table) FrozenToRail(p Point) bool { return len(t.FrozenRails(p)) > 0 }

// Frozen reports whether two balls at a and b are frozen together (touching,
// within FrozenTolerance).
func (t Table) Frozen(a, b Point) bool { return a.Dist(b)-2*t.BallR <= FrozenTolerance }

// Overlaps reports whether balls at a and b would overlap (closer than one
// diameter, less a micrometre for rounding).
func (t Table) Overlaps(a, b Point) bool { return a.Dist(b) < 2*t.BallR-1e-3 }

// Pocket returns the pocket with the given id.
func (t Table) Pocket(id PocketID) Pocket {
	for _, p := range t.Pockets() {
		if p.ID == id {
			return p
		}
	}
	panic("table: unknown pocket " + string(id))
}

// Pockets returns the six pocket mouths. A corner mouth is the 45° segment across
// the corner whose jaw points lie on the two cushion-nose lines; a side mouth is the
// gap in the long rail centred on x = L/2.
func (t Table) Pockets() [6]Pocket {
	a := t.CornerMouth / math.Sqrt2 // distance of each corner jaw from the corner
	h := t.SideMouth / 2
	s := 1 / math.Sqrt2
	corner := func(id PocketID, c Point, dx, dy float64) Pocket {
		j0 := Point{c.X, c.Y + dy*a}
		j1 := Point{c.X + dx*a, c.Y}
		return Pocket{ID: id, Center: Point{(j0.X + j1.X) / 2, (j0.Y + j1.Y) / 2},
			Jaws: [2]Point{j0, j1}, Width: t.CornerMouth, In: Point{-dx * s, -dy * s}, Corner: true}
	}
	side := func(id PocketID, y, in float64) Pocket {
		return Pocket{ID: id, Center: Point{t.L / 2, y},
			Jaws: [2]Point{{t.L/2 - h, y}, {t.L/2 + h, y}}, Width: t.SideMouth, In: Point{0, in}}
	}
	return [6]Pocket{
		corner(HL, Point{0, 0}, 1, 1),
		corner(HR, Point{0, t.W}, 1, -1),
		side(SL, 0, -1),
		side(SR, t.W, 1),
		corner(FL, Point{t.L, 0}, -1, 1),
		corner(FR, Point{t.L, t.W}, -1, -1),
	}
}

// NearestPocket returns the pocket whose mouth centre is closest to p and the distance.
func (t Table) NearestPocket(p Point) (Pocket, float64) {
	ps := t.Pockets()
	best, d := ps[0], math.Inf(1)
	for _, pk := range ps {
		if dd := p.Dist(pk.Center); dd < d {
			best, d = pk, dd
		}
	}
	return best, d
}

// InCornerJaws reports whether a ball centre at p lies in the mouth of a corner
// pocket beyond the cushion-nose line of the given rail (used by rule 1.5(6): a lag
// ball at rest "in the jaws of a corner pocket beyond the head-rail nose").
func (t Table) InCornerJaws(p Point, r Rail) bool {
	for _, pk := range t.Pockets() {
		if !pk.Corner {
			continue
		}
		// Behind the mouth segment: on the pocket side of the line through the jaws.
		if p.Sub(pk.Center).Dot(pk.In) <= 0 {
			continue
		}
		switch r {
		case Head:
			if pk.ID == HL || pk.ID == HR {
				return p.X < t.BallR
			}
		case Foot:
			if pk.ID == FL || pk.ID == FR {
				return p.X > t.L-t.BallR
			}
		}
	}
	return false
}

// Rack returns the ball-centre positions of a tight rack whose apex ball stands on
// the foot spot, rows growing towards the foot rail. rows=5 gives the 15-ball
// triangle (positions row by row, left to right); the 9-ball diamond is
// Diamond(); the 10-ball triangle is rows=4. Balls in a row touch; rows are
// 2R·√3/2 apart.
func (t Table) Rack(rows int) []Point {
	var out []Point
	apex := t.FootSpot()
	dx := 2 * t.BallR * math.Sqrt(3) / 2
	for r := 0; r < rows; r++ {
		for i := 0; i <= r; i++ {
			out = append(out, Point{apex.X + float64(r)*dx, apex.Y + (float64(i)-float64(r)/2)*2*t.BallR})
		}
	}
	return out
}

// Diamond returns the nine positions of the 9-ball diamond rack: rows of 1,2,3,2,1
// with the apex on the foot spot (rule 3.3). Index 0 is the apex; index 4 is the
// centre of the middle row (where the 9 goes).
func (t Table) Diamond() []Point {
	var out []Point
	apex := t.FootSpot()
	dx := 2 * t.BallR * math.Sqrt(3) / 2
	for r, n := range []int{1, 2, 3, 2, 1} {
		for i := 0; i < n; i++ {
			out = append(out, Point{apex.X + float64(r)*dx, apex.Y + (float64(i)-float64(n-1)/2)*2*t.BallR})
		}
	}
	return out
}
