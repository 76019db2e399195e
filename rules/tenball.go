package rules

import (
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// tenRack is the 10-ball triangle of rule 5.3: rows 1-2-3-4, the 1 on the foot
// spot, the 10 in the middle of the row of three.
func tenRack(t table.Table) shot.Positions {
	return fillRack(t.Rack(4), map[int]int{0: 1, 4: 10}, []int{2, 3, 4, 5, 6, 7, 8, 9})
}
