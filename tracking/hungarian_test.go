package tracking

import (
	"math"
	"math/rand"
	"testing"
)

// bruteAssign finds the optimal assignment of rows to distinct columns by trying
// every permutation.
func bruteAssign(c []float64, rows, cols int) float64 {
	best := math.Inf(1)
	used := make([]bool, cols)
	var rec func(r int, sum float64)
	rec = func(r int, sum float64) {
		if r == rows {
			best = math.Min(best, sum)
			return
		}
		for j := 0; j < cols; j++ {
			if !used[j] {
				used[j] = true
				rec(r+1, sum+c[r*cols+j])
				used[j] = false
			}
		}
	}
	rec(0, 0)
	return best
}

func TestAssignerMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	var a assigner
	for _, size := range [][2]int{{1, 1}, {2, 3}, {3, 3}, {4, 6}, {5, 5}, {6, 7}} {
		for trial := 0; trial < 40; trial++ {
			rows, cols := size[0], size[1]
			c := a.matrix(rows, cols)
			for i := range c {
				c[i] = math.Round(rng.Float64()*100) / 10
			}
			want := bruteAssign(c, rows, cols)
			got := a.solve(c, rows, cols)
			seen := map[int]bool{}
			sum := 0.0
			for r, j := range got {
				if j < 0 || j >= cols || seen[j] {
					t.Fatalf("%dx%d: row %d got column %d (assignment %v)", rows, cols, r, j, got)
				}
				seen[j] = true
				sum += c[r*cols+j]
			}
			if math.Abs(sum-want) > 1e-9 {
				t.Errorf("%dx%d trial %d: cost %.3f, want the optimum %.3f", rows, cols, trial, sum, want)
			}
		}
	}
}
