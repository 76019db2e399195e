package rules

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// tenRack is the 10-ball triangle of rule 5.3: rows 1-2-3-4, the 1 on the foot
// spot, the 10 in the middle of the row of three.
func tenRack(t table.Table) shot.Positions {
	pos := t.Rack(4)
	out := shot.Positions{}
	rest := []int{2, 3, 4, 5, 6, 7, 8, 9}
	k := 0
	for i, p := range pos {
		switch i {
		case 0:
			out[1] = shot.FromP(p)
		case 4:
			out[10] = shot.FromP(p)
		default:
			out[rest[k]] = shot.FromP(p)
			k++
		}
	}
	return out
}
