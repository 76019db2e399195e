package tracking

import (
	"fmt"
	"math"
)

// A joint fit (jointContact) whose detections scatter about it more than the
// noise model allows is not the model's motion: a read pulled towards the
// other ball while the two touch, a streak cut short by the other's, spin
// taking hold within the frames fitted. Its time then follows those reads,
// not the contact: on the rendered bench (seeds 1–11), of the joint fits
// whose χ² lay more than three standard deviations above its degrees of
// freedom, 36 ended more than 2 ms off the truth where the estimates they
// replaced had 24. Such a fit is not kept when the estimates are sharp
// themselves (jointSharp): they stand, as against a stroke fit that does not
// fit (strokeContact). Looser estimates (a slow contact's) may be tens of ms
// off, and a poor fit is still the better time then.

// jointFitK is how many standard deviations of χ² above its degrees of
// freedom a joint fit's may lie and the fit be kept.
const jointFitK = 3.0

// jointSharp (frames) is the largest standard error of the estimates
// combined for which a scattered joint fit is not kept (see jointTime).
const jointSharp = 0.25

// jointParams is about how many parameters the joint fit frees, the contact's
// time with them (the struck ball's position and velocity, the moving ball's
// position, velocity and curvature, with priors on the rest).
const jointParams = 8

// dof is the degrees of freedom of the fit's χ² (two per detection fitted,
// less jointParams).
func (j *jointFit) dof() float64 {
	n := len(j.pre) + len(j.out) + len(j.mid) + len(j.ob) + len(j.obMid)
	return float64(2*n - jointParams)
}

// jointScatter says why a joint fit of χ² chi at its least, with dof degrees
// of freedom, is not kept, or "" when it is (see jointFitK).
func jointScatter(chi, dof float64) string {
	if dof >= 1 && chi > dof+jointFitK*math.Sqrt(2*dof) {
		return fmt.Sprintf("χ² %.1f for %.0f degrees of freedom: the reads scatter more than their noise", chi, dof)
	}
	return ""
}
