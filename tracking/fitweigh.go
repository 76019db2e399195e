package tracking

import "math"

// A contact fit (the stroke fit, strokeContact) gives its time with its own
// standard error. When the fit had little to go on — a glancing hit whose way
// in is two or three detections, a struck ball pocketed or a cue ball sent into
// a cushion at once — that error can be ten times the first estimates'
// (approach, restStart: see combineContact), and the fit's time no better than
// a guess; taken as it is, it replaced a sharper time with a worse one (8.8 and
// 4.5 ms off on rendered seeds 9 and 6, against 4.5 and 0.3 ms for the
// estimates). Such a fit's time is weighed with the estimates' instead of
// replacing them.

// fitLoose is how many times the estimates' standard error a contact fit's
// may be and still replace their time outright.
const fitLoose = 2.0

// weighFit is the time of a contact from a fit's time tc (standard error sd)
// and the estimates combined, t0 (standard error sd0): tc when the fit is at
// least about as sharp as the estimates, else the two weighed by their
// variances.
func weighFit(tc, sd, t0, sd0 float64) float64 {
	if !(sd > fitLoose*sd0) || math.IsInf(sd0, 1) {
		return tc
	}
	w, w0 := 1/(sd*sd), 1/(sd0*sd0)
	return (w*tc + w0*t0) / (w + w0)
}
