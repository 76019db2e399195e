package rules

import (
	"math"
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// CueGap is the gap (mm) left between a spotted ball and the cue ball: as close as
// possible but not frozen to it (rule 1.26), so a little over FrozenTolerance.
const CueGap = table.FrozenTolerance + 1.0

// obstacle is a ball a spotted ball must not overlap: dist is the least distance
// between centres.
type obstacle struct {
	at   table.Point
	dist float64
}

// spotBalls places balls by rule 1.26. layout holds the balls at rest on the bed
// (object balls block: a spotted ball may be frozen to them; the cue ball, when
// cue is not nil, blocks with a gap). Balls are placed on the long string: the
// lowest on the foot spot and the rest behind it towards the foot rail, each as
// close to the foot spot as the balls in the way allow. When they do not all fit
// between the foot spot and the foot rail, they go in front of the foot spot
// (towards the centre spot) as close to it as possible, the lowest in front.
func spotBalls(t table.Table, balls []int, layout shot.Positions, cue *table.Point) []shot.Placement {
	if len(balls) == 0 {
		return nil
	}
	bs := append([]int{}, balls...)
	sort.Ints(bs)
	var obs []obstacle
	keys := make([]int, 0, len(layout))
	for b := range layout {
		keys = append(keys, b)
	}
	sort.Ints(keys)
	for _, b := range keys {
		if b == 0 || containsInt(bs, b) {
			continue
		}
		obs = append(obs, obstacle{at: layout[b].P(), dist: 2 * t.BallR})
	}
	if cue != nil {
		obs = append(obs, obstacle{at: *cue, dist: 2*t.BallR + CueGap})
	}
	y := t.W / 2
	foot := t.FootSpot().X
	// Behind the foot spot, towards the foot rail.
	var out []shot.Placement
	ok := true
	x := foot
	local := append([]obstacle{}, obs...)
	for _, b := range bs {
		px, found := firstFree(local, y, x, t.L-t.BallR, +1)
		if !found {
			ok = false
			break
		}
		out = append(out, shot.Placement{Ball: b, At: shot.Point{px, y}})
		local = append(local, obstacle{at: table.Point{X: px, Y: y}, dist: 2 * t.BallR})
		x = px
	}
	if ok {
		return out
	}
	// In front of the foot spot: the highest ball nearest the foot spot, the lowest
	// in front of them all.
	out = out[:0]
	local = append([]obstacle{}, obs...)
	x = foot
	for i := len(bs) - 1; i >= 0; i-- {
		px, found := firstFree(local, y, x, t.BallR, -1)
		if !found {
			// No room anywhere on the long axis: the nearest free point to the
			// foot spot on the bed.
			p := nearestFree(t, local, t.FootSpot())
			out = append(out, shot.Placement{Ball: bs[i], At: shot.FromP(p)})
			local = append(local, obstacle{at: p, dist: 2 * t.BallR})
			continue
		}
		out = append(out, shot.Placement{Ball: bs[i], At: shot.Point{px, y}})
		local = append(local, obstacle{at: table.Point{X: px, Y: y}, dist: 2 * t.BallR})
		x = px
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Ball < out[b].Ball })
	return out
}

// firstFree walks the line y from x0 in direction dir (+1 towards larger x, −1
// towards smaller) up to limit and returns the first x whose ball overlaps no
// obstacle.
func firstFree(obs []obstacle, y, x0, limit float64, dir float64) (float64, bool) {
	type iv struct{ lo, hi float64 }
	var ivs []iv
	for _, o := range obs {
		dy := o.at.Y - y
		if math.Abs(dy) >= o.dist {
			continue
		}
		h := math.Sqrt(o.dist*o.dist - dy*dy)
		ivs = append(ivs, iv{o.at.X - h, o.at.X + h})
	}
	x := x0
	for moved := true; moved; {
		moved = false
		for _, v := range ivs {
			if x > v.lo+1e-9 && x < v.hi-1e-9 {
				if dir > 0 {
					x = v.hi
				} else {
					x = v.lo
				}
				moved = true
			}
		}
	}
	if dir > 0 && x > limit+1e-9 {
		return 0, false
	}
	if dir < 0 && x < limit-1e-9 {
		return 0, false
	}
	return x, true
}

// nearestFree searches rings around p for the closest place on the bed that
// overlaps no obstacle.
func nearestFree(t table.Table, obs []obstacle, p table.Point) table.Point {
	free := func(q table.Point) bool {
		if q.X < t.BallR || q.X > t.L-t.BallR || q.Y < t.BallR || q.Y > t.W-t.BallR {
			return false
		}
		for _, o := range obs {
			if q.Dist(o.at) < o.dist-1e-9 {
				return false
			}
		}
		return true
	}
	if free(p) {
		return p
	}
	for r := 1.0; r < t.W; r += 1.0 {
		n := int(2 * math.Pi * r / 2)
		if n < 8 {
			n = 8
		}
		for i := 0; i < n; i++ {
			a := 2 * math.Pi * float64(i) / float64(n)
			q := table.Point{X: p.X + r*math.Cos(a), Y: p.Y + r*math.Sin(a)}
			if free(q) {
				return q
			}
		}
	}
	return p
}
