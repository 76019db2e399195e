package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A ball that creeps into a cushion and dies off it comes to rest by it:
// the cushion sends it back no faster than it came in (1.2 times, for the
// noise of a slow fit; see outrun), and the cloth stops a rolling ball that
// leaves at v_n, moving v along its path, after v_n·v/(2·rollDecel) off the
// cushion. restVee reads such a creep in the detections of a ball coming to
// rest; reads pulled towards a cushion's shade can make one of a ball that
// never went there. Rendered 9-ball, seed 74, shot 9: the black 8 crept to
// rest 12 mm off the left cushion, reads now and then 5-7 mm nearer it, and
// restVee read a creep into it at 26 mm/s and told a hit the ball never
// made. So a hit restVee finds must leave the ball resting no farther off
// the cushion than that bounce reaches, give or take three detection noises
// and creepRestBias.

// creepRestBias (mm): how far off a cushion the detector may place a ball at
// rest by it (the default bench's rests by a cushion were read up to 2.5 mm
// off, bench rail_rests).
const creepRestBias = 2.5

// restTooFar reports whether track i, found by restVee creeping into rail at
// t in detections w, came to rest farther off it than the bounce could have
// taken it (see above). Where it rests is the mean of w's last six.
func (k *Tracker) restTooFar(i int, w []sample, rail table.Rail, t float64) bool {
	g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
	jm := nearestSample(w, g)
	fall, _ := slope(w[:jm+1], g)
	vin := math.Max(0, -fall)
	f := k.fitTail(k.tracks[i].seg)
	v := math.Max(f.vel(t).Len(), vin)
	reach := 1.2*vin*v/(2*rollDecel) + 3*k.cfg.Sigma + creepRestBias
	var end table.Point
	tail := w[max(0, len(w)-6):]
	for _, x := range tail {
		end = end.Add(x.p)
	}
	end = end.Scale(1 / float64(len(tail)))
	if gr := g(end); gr > reach {
		if k.trace != nil {
			k.trace("%.4f no cushion %s for track %d at %.4f: rests %.1f mm off it, %.1f mm at most after a creep into it at %.0f mm/s", k.lastT, rail, i, t, gr, reach, vin)
		}
		return true
	}
	return false
}
