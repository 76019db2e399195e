package tracking

import "math"

// assigner solves rectangular linear assignment problems (the Hungarian method in
// the O(n²m) form with potentials, after Kuhn–Munkres and Jonker–Volgenant). Its
// buffers are kept between calls so that the per-frame assignment does not allocate.
type assigner struct {
	u, v, minv []float64
	p, way     []int
	used       []bool
	cost       []float64 // row-major scratch matrix for callers
	out        []int
}

// matrix returns a zeroed rows×cols scratch matrix (row-major).
func (a *assigner) matrix(rows, cols int) []float64 {
	n := rows * cols
	if cap(a.cost) < n {
		a.cost = make([]float64, n)
	}
	a.cost = a.cost[:n]
	clear(a.cost)
	return a.cost
}

// solve assigns each of the rows to a distinct column minimising the total cost of
// the rows×cols matrix c (row-major). rows ≤ cols is required; the caller pads with
// "unassigned" columns. It returns, for each row, its column. The returned slice is
// reused by the next call.
func (a *assigner) solve(c []float64, rows, cols int) []int {
	n, m := rows, cols
	grow := func(s []float64, k int) []float64 {
		if cap(s) < k {
			return make([]float64, k)
		}
		return s[:k]
	}
	growI := func(s []int, k int) []int {
		if cap(s) < k {
			return make([]int, k)
		}
		return s[:k]
	}
	a.u = grow(a.u, n+1)
	a.v = grow(a.v, m+1)
	a.minv = grow(a.minv, m+1)
	a.p = growI(a.p, m+1)
	a.way = growI(a.way, m+1)
	if cap(a.used) < m+1 {
		a.used = make([]bool, m+1)
	}
	a.used = a.used[:m+1]
	clear(a.u)
	clear(a.v)
	clear(a.p)
	clear(a.way)
	for i := 1; i <= n; i++ {
		a.p[0] = i
		j0 := 0
		for j := range a.minv {
			a.minv[j] = math.Inf(1)
			a.used[j] = false
		}
		for {
			a.used[j0] = true
			i0 := a.p[j0]
			delta := math.Inf(1)
			j1 := 0
			for j := 1; j <= m; j++ {
				if a.used[j] {
					continue
				}
				cur := c[(i0-1)*m+j-1] - a.u[i0] - a.v[j]
				if cur < a.minv[j] {
					a.minv[j] = cur
					a.way[j] = j0
				}
				if a.minv[j] < delta {
					delta = a.minv[j]
					j1 = j
				}
			}
			for j := 0; j <= m; j++ {
				if a.used[j] {
					a.u[a.p[j]] += delta
					a.v[j] -= delta
				} else {
					a.minv[j] -= delta
				}
			}
			j0 = j1
			if a.p[j0] == 0 {
				break
			}
		}
		for {
			j1 := a.way[j0]
			a.p[j0] = a.p[j1]
			j0 = j1
			if j0 == 0 {
				break
			}
		}
	}
	a.out = growI(a.out, n)
	for j := 1; j <= m; j++ {
		if a.p[j] > 0 {
			a.out[a.p[j]-1] = j - 1
		}
	}
	return a.out
}
