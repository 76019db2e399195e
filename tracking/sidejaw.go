package tracking

import "github.com/cueref/cueref/table"

// onSideJaw reports whether the detections w of a ball by a side pocket,
// whose distance g to rail's nose line fell to nothing at th, show it met the
// cushion or the jaw's tip there and ran on along the line: none after th is
// beyond the line (into the opening), and at th its point on the line lay no
// more than half a radius inside the opening (a ball touching the jaw's tip
// 1-2 mm past the line is centred 7-10 mm inside it). Default bench at 120
// fps, 9-ball shot 6: the 2, at 230 mm/s into the right cushion, died against
// the side pocket's jaw tip and rolled on along the nose line across the
// opening; onCushion, which left every pocket's mouth alone, did not tell the
// hit.
func (k *Tracker) onSideJaw(w []sample, g func(table.Point) float64, th float64, rail table.Rail) bool {
	var first *sample
	for j := range w {
		if w[j].t < th {
			continue
		}
		if first == nil {
			first = &w[j]
		}
		if g(w[j].p) < -onGap-3*k.cfg.Sigma {
			return false
		}
	}
	return first != nil && !k.inMouthBy(k.tab.Clamp(first.p).Add(railOut(rail).Scale(k.R)), -k.R/2)
}

// onSideRise (mm) and onSideFall (mm/s): by a side pocket a ball must come to
// the nose line from at least onSideRise off it, falling to it at onSideFall
// at least, for onCushion to tell a hit there. Its reads in the opening's
// shade stray 6-8 mm towards the line and past it, and are clamped onto it. Rendered seed 74, 10-ball shot 18: the 8 rolled into the
// right side pocket's opening 6 mm off the line, at 180 mm/s along it, and
// was read on the line as it entered; a hit was told, though it never met the
// cushion. Seed 66, 9-ball shot 17: the 1 crept into the opening a few mm off
// the line and was told on it 365 ms before it met the far jaw's tip. (A
// ball that comes from farther off and creeps to the tip is timed no better:
// seed 75, 14.1 shot 14, the 6, at 33 mm/s, told 59 ms early; camera model,
// seed 3, 10-ball shot 147, the 10 at 61 mm/s, told 53 ms early; seed 5,
// 10-ball shot 5, the cue ball at 35 mm/s told on the right cushion, where it
// never went. The hit onSideJaw is for fell at 192 mm/s.)
const (
	onSideRise = 14.0
	onSideFall = 100.0
)
