package sim

import "math"

// vec2 is a vector on the bed in SI units.
type vec2 struct{ x, y float64 }

func (a vec2) add(b vec2) vec2             { return vec2{a.x + b.x, a.y + b.y} }
func (a vec2) sub(b vec2) vec2             { return vec2{a.x - b.x, a.y - b.y} }
func (a vec2) scale(k float64) vec2        { return vec2{a.x * k, a.y * k} }
func (a vec2) dot(b vec2) float64          { return a.x*b.x + a.y*b.y }
func (a vec2) cross(b vec2) float64        { return a.x*b.y - a.y*b.x }
func (a vec2) norm() float64               { return math.Sqrt(a.x*a.x + a.y*a.y) }
func (a vec2) norm2() float64              { return a.x*a.x + a.y*a.y }
func (a vec2) perp() vec2                  { return vec2{-a.y, a.x} }
func (a vec2) madd(b vec2, k float64) vec2 { return vec2{a.x + b.x*k, a.y + b.y*k} }

func (a vec2) unit() vec2 {
	n := a.norm()
	if n == 0 {
		return vec2{}
	}
	return vec2{a.x / n, a.y / n}
}

// vec3 is a 3-D vector (z up) in SI units.
type vec3 struct{ x, y, z float64 }

func (a vec3) add(b vec3) vec3      { return vec3{a.x + b.x, a.y + b.y, a.z + b.z} }
func (a vec3) sub(b vec3) vec3      { return vec3{a.x - b.x, a.y - b.y, a.z - b.z} }
func (a vec3) scale(k float64) vec3 { return vec3{a.x * k, a.y * k, a.z * k} }
func (a vec3) dot(b vec3) float64   { return a.x*b.x + a.y*b.y + a.z*b.z }
func (a vec3) norm() float64        { return math.Sqrt(a.dot(a)) }
func (a vec3) cross(b vec3) vec3 {
	return vec3{a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x}
}
func (a vec3) xy() vec2         { return vec2{a.x, a.y} }
func v3(a vec2, z float64) vec3 { return vec3{a.x, a.y, z} }

// identity is the 3×3 identity, row-major.
var identity = [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}

// rotate returns Rot(theta)·o, where Rot(theta) is the rotation by |theta| about
// theta's direction (Rodrigues), o row-major.
func rotate(o [9]float64, th vec3) [9]float64 {
	a := th.norm()
	if a < 1e-12 {
		return o
	}
	k := th.scale(1 / a)
	s, c := math.Sincos(a)
	t := 1 - c
	r := [9]float64{
		c + k.x*k.x*t, k.x*k.y*t - k.z*s, k.x*k.z*t + k.y*s,
		k.y*k.x*t + k.z*s, c + k.y*k.y*t, k.y*k.z*t - k.x*s,
		k.z*k.x*t - k.y*s, k.z*k.y*t + k.x*s, c + k.z*k.z*t,
	}
	var out [9]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			out[i*3+j] = r[i*3]*o[j] + r[i*3+1]*o[3+j] + r[i*3+2]*o[6+j]
		}
	}
	return out
}

// orthonormalize re-orthogonalises a rotation matrix (Gram–Schmidt on the rows) so
// that rounding does not accumulate over many segments.
func orthonormalize(o [9]float64) [9]float64 {
	r0 := vec3{o[0], o[1], o[2]}
	r1 := vec3{o[3], o[4], o[5]}
	r0 = r0.scale(1 / r0.norm())
	r1 = r1.sub(r0.scale(r0.dot(r1)))
	r1 = r1.scale(1 / r1.norm())
	r2 := r0.cross(r1)
	return [9]float64{r0.x, r0.y, r0.z, r1.x, r1.y, r1.z, r2.x, r2.y, r2.z}
}
