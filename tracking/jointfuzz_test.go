package tracking

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/cueref/cueref/table"
)

// FuzzJointContact gives the joint fit arbitrary detections of both balls
// about a contact, with the rest point held and free (restBias): it must not
// panic, and a time it finds must be a number within two frames of the first
// guess, with a positive standard error.
func FuzzJointContact(f *testing.F) {
	for _, x := range jointCases(&testing.T{}, 60, 3, 5) {
		f.Add(encodeJoint(x.mv, x.obj, x.q), x.tc)
	}
	f.Add([]byte{}, 1.0)
	f.Add(make([]byte, 96), 0.5)
	noise := func(v float64) float64 { return 1.0 + v/1000 }
	const dt = 1.0 / 60
	f.Fuzz(func(t *testing.T, data []byte, t0 float64) {
		if math.IsNaN(t0) || math.IsInf(t0, 0) || math.Abs(t0) > 1e6 {
			return
		}
		mv, obj, q := decodeJoint(data)
		for _, v := range []float64{0, defaultRestBias * defaultRestBias} {
			tc, sd, why := jointContact(mv, obj, q, 2*tab9.BallR, t0, dt, dt/4+0.05*dt, dt/2, slideDecel, noise, true, v)
			if why != "" {
				continue
			}
			if math.IsNaN(tc) || math.Abs(tc-t0) > 2*dt+1e-9 || !(sd > 0) || math.IsInf(sd, 0) {
				t.Fatalf("q variance %g: contact at %v ± %v s for a first guess of %v s", v, tc, sd, t0)
			}
		}
	})
}

// encodeJoint packs a joint case for the fuzzer: q, then the moving ball's
// detections, a zero time, and the struck ball's, each as float32 t, x, y.
func encodeJoint(mv, obj []sample, q table.Point) []byte {
	var b []byte
	put := func(v float64) { b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(v))) }
	put(q.X)
	put(q.Y)
	for _, s := range mv {
		put(s.t)
		put(s.p.X)
		put(s.p.Y)
	}
	put(0)
	put(0)
	put(0)
	for _, s := range obj {
		put(s.t)
		put(s.p.X)
		put(s.p.Y)
	}
	return b
}

// decodeJoint undoes encodeJoint, keeping each ball's detections in time
// order, at most jointFuzzMax of them (the tracker gives the fit a few
// frames' worth), and leaving out values that are not numbers.
func decodeJoint(b []byte) (mv, obj []sample, q table.Point) {
	get := func() (float64, bool) {
		if len(b) < 4 {
			return 0, false
		}
		v := float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
		b = b[4:]
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e6 {
			v = 0
		}
		return v, true
	}
	q.X, _ = get()
	q.Y, _ = get()
	dst := &mv
	for {
		tt, ok1 := get()
		x, ok2 := get()
		y, ok3 := get()
		if !ok1 || !ok2 || !ok3 {
			return mv, obj, q
		}
		if tt == 0 && x == 0 && y == 0 && dst == &mv {
			dst = &obj
			continue
		}
		if n := len(*dst); n >= jointFuzzMax || n > 0 && tt <= (*dst)[n-1].t {
			continue
		}
		*dst = append(*dst, sample{tt, table.Point{X: x, Y: y}})
	}
}

// jointFuzzMax bounds each ball's detections in FuzzJointContact's inputs.
const jointFuzzMax = 64
