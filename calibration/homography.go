package calibration

import (
	"errors"
	"math"
)

// Homography is a 3×3 projective map in row-major order: [u v w]ᵀ = H·[x y 1]ᵀ.
type Homography [9]float64

// Apply maps (x, y) through h.
func (h Homography) Apply(x, y float64) (float64, float64) {
	w := h[6]*x + h[7]*y + h[8]
	return (h[0]*x + h[1]*y + h[2]) / w, (h[3]*x + h[4]*y + h[5]) / w
}

// Inverse returns h⁻¹, scaled so that its last element is 1 when possible.
func (h Homography) Inverse() (Homography, error) {
	a, b, c := h[0], h[1], h[2]
	d, e, f := h[3], h[4], h[5]
	g, k, l := h[6], h[7], h[8]
	A := e*l - f*k
	B := -(d*l - f*g)
	C := d*k - e*g
	det := a*A + b*B + c*C
	if math.Abs(det) < 1e-12 || math.IsNaN(det) {
		return Homography{}, errors.New("calibration: homography is singular")
	}
	inv := Homography{
		A, -(b*l - c*k), b*f - c*e,
		B, a*l - c*g, -(a*f - c*d),
		C, -(a*k - b*g), a*e - b*d,
	}
	s := inv[8]
	if math.Abs(s) < 1e-12 {
		s = det
	}
	for i := range inv {
		inv[i] /= s
	}
	return inv, nil
}

// FitHomography returns the homography that maps each src point to its dst point,
// by least squares (the direct linear transform with h₃₃ = 1) over four or more
// correspondences.
func FitHomography(src, dst [][2]float64) (Homography, error) {
	n := len(src)
	if n < 4 || len(dst) != n {
		return Homography{}, errors.New("calibration: need four or more point pairs for a homography")
	}
	// Normalize both point sets (Hartley) for numerical stability.
	ts, sn := normalize(src)
	td, dn := normalize(dst)
	// Normal equations AᵀA h = Aᵀb for the 8 unknowns.
	var ata [8][8]float64
	var atb [8]float64
	for i := 0; i < n; i++ {
		x, y := sn[i][0], sn[i][1]
		u, v := dn[i][0], dn[i][1]
		rows := [2][8]float64{
			{x, y, 1, 0, 0, 0, -u * x, -u * y},
			{0, 0, 0, x, y, 1, -v * x, -v * y},
		}
		rhs := [2]float64{u, v}
		for r := 0; r < 2; r++ {
			for p := 0; p < 8; p++ {
				atb[p] += rows[r][p] * rhs[r]
				for q := 0; q < 8; q++ {
					ata[p][q] += rows[r][p] * rows[r][q]
				}
			}
		}
	}
	sol, err := solve8(ata, atb)
	if err != nil {
		return Homography{}, err
	}
	hn := Homography{sol[0], sol[1], sol[2], sol[3], sol[4], sol[5], sol[6], sol[7], 1}
	// Denormalize: H = Td⁻¹ · Hn · Ts.
	tdInv, err := td.Inverse()
	if err != nil {
		return Homography{}, err
	}
	h := mul(tdInv, mul(hn, ts))
	if math.Abs(h[8]) > 1e-15 {
		s := h[8]
		for i := range h {
			h[i] /= s
		}
	}
	return h, nil
}

func mul(a, b Homography) Homography {
	var c Homography
	for r := 0; r < 3; r++ {
		for k := 0; k < 3; k++ {
			var s float64
			for j := 0; j < 3; j++ {
				s += a[r*3+j] * b[j*3+k]
			}
			c[r*3+k] = s
		}
	}
	return c
}

// normalize returns the similarity that moves pts to zero mean and mean distance √2,
// and the moved points.
func normalize(pts [][2]float64) (Homography, [][2]float64) {
	var mx, my float64
	for _, p := range pts {
		mx += p[0]
		my += p[1]
	}
	n := float64(len(pts))
	mx, my = mx/n, my/n
	var md float64
	for _, p := range pts {
		md += math.Hypot(p[0]-mx, p[1]-my)
	}
	md /= n
	s := 1.0
	if md > 0 {
		s = math.Sqrt2 / md
	}
	t := Homography{s, 0, -s * mx, 0, s, -s * my, 0, 0, 1}
	out := make([][2]float64, len(pts))
	for i, p := range pts {
		out[i] = [2]float64{s * (p[0] - mx), s * (p[1] - my)}
	}
	return t, out
}

// solve8 solves a·x = b by Gaussian elimination with partial pivoting.
func solve8(a [8][8]float64, b [8]float64) ([8]float64, error) {
	const n = 8
	for col := 0; col < n; col++ {
		p := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if math.Abs(a[p][col]) < 1e-12 {
			return [8]float64{}, errors.New("calibration: points are degenerate (three in a line?)")
		}
		a[col], a[p] = a[p], a[col]
		b[col], b[p] = b[p], b[col]
		for r := col + 1; r < n; r++ {
			f := a[r][col] / a[col][col]
			for k := col; k < n; k++ {
				a[r][k] -= f * a[col][k]
			}
			b[r] -= f * b[col]
		}
	}
	var x [8]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, nil
}
