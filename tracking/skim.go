package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// A ball driven at a shallow angle into a cushion it lies near skims it: its
// distance to the cushion falls a few millimetres to nothing, stays about
// nothing for a few frames (the detector reads a moving ball by a cushion a
// millimetre or two nearer it than it is, and clamps it onto the line), and
// opens again slowly. grazeTest finds the curve and cuts the path at its apex,
// but railHit cannot explain the cut: the path fitted before it runs along the
// cushion line, not into it (a few mm/s), and crosses nothing. The cut went
// unexplained and the hit untold: 9-ball seed 39 shot 10 (ball 4 at rest 4 mm
// off the left cushion, hit by the cue ball coming off that cushion, drove into
// it at 8° and 600 mm/s, touched it 107 ms later and left it at 1°; its reads
// fell 3 mm onto the line, seven of the twelve frames after clamped onto it,
// and rose 17 mm by its rest; the graze was found at 81.011, the true hit was
// at 80.824, and with no cushion after the first contact the shot was sent to
// review as a no-rail foul).
//
// An object ball runs straight between events, and a ball cannot sink into a
// cushion: a distance to the cushion that falls to nothing and then rises
// past noise (what grazeTest checks, with the curve clearly better than a
// straight line and the ball not rolling along the cushion since it last hit
// it) is the cushion turning it, provided the ball did close on the cushion:
// a ball rolling along a cushion 1–4 mm off (one that met it earlier, the hit
// untold, or set off along it) reads on and off the line for long, and its
// noise makes grazes too. So skimRail tells a graze as the hit when railHit
// finds no crossing and, since the ball set off (or its last event, and no
// more than skimBack before the graze), the first detection within skimGap
// of the line (the touch) has at least skimApproach detections before it
// lying on average skimStep further off than those from it to the graze, and
// these lie within skimOn of the line on average. The hit is timed at that
// detection. Not told: a graze when a hit of the track on that cushion was
// told within skimAgain before (a ball rolling along the nose after a hit),
// or at a pocket's mouth (a jaw). In seed 39 shot 10 the approach reads lie
// 2.8 mm off on average (6 reads), those on it 1.0 mm (8 kept; the clamped
// ones are not); without the approach test, two balls rolling along a
// cushion were told hitting it at a noise graze, 0.3 and 0.8 s off their
// true hits (10-ball seed 27 shot 30, ball 4 along the head cushion at 0.5°;
// no-render seed 2, 14.1 shot 214, ball 6 along the right cushion, approach
// 2.2 mm, on it 1.8); without the on test, a ball rolling 4 mm off a cushion
// (TestProvisionalCushion, approach 5.3 mm, on it 3.5).

// grazeMark is a graze grazeTest found: the track, the cushion and the apex.
type grazeMark struct {
	tr   int
	rail table.Rail
	t    float64
}

const (
	// skimGap (mm): a detection this near the cushion line touches it (the
	// detector reads a ball moving by a cushion a millimetre or two nearer it).
	skimGap = 1.0
	// skimBack (s): how far before the graze's apex skimRail looks for the
	// touch.
	skimBack = 0.3
	// skimApproach: the fewest reads of the approach; skimStep (mm): how much
	// further off than the reads on the cushion their mean must be (the
	// rendered detector's noise on a ball moving by a cushion is 1–1.5 mm a
	// read).
	skimApproach = 3
	skimStep     = 1.5
	// skimOn (mm): the most the reads from the touch to the graze may lie
	// off the cushion line on average (the bias of a moving ball's reads
	// towards a cushion, 1–2 mm; reads clamped onto the line are not kept).
	skimOn = 2.0
	// skimAgain (s): a hit on the same cushion told this shortly before the
	// graze is the same touch.
	skimAgain = 0.5
)

// noteGraze records a graze of track i on rail at time t (grazeTest), for
// skimRail to explain the cut it makes.
func (k *Tracker) noteGraze(i int, rail table.Rail, t float64) {
	n := 0
	for _, g := range k.grazes {
		if g.t > t-2 {
			k.grazes[n] = g
			n++
		}
	}
	k.grazes = append(k.grazes[:n], grazeMark{tr: i, rail: rail, t: t})
}

// skimRail returns the time and cushion of a graze grazeTest found at change c
// (see above), or +Inf.
func (k *Tracker) skimRail(c *change) (float64, table.Rail) {
	if k.phase != inShot || c.start {
		return math.Inf(1), ""
	}
	tr := &k.tracks[c.tr]
	for _, g := range k.grazes {
		if g.tr != c.tr || g.t < c.lastIn-3*k.dt || g.t > c.first.t+3*k.dt {
			continue
		}
		rail := g.rail
		dist := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		// The first detection since the ball set off (or since its last event)
		// that reached the line.
		from := math.Max(g.t-skimBack, math.Max(tr.startT, k.strikeT))
		for _, e := range k.events {
			if e.cancel || e.a != c.tr && e.b != c.tr || e.t >= g.t {
				continue
			}
			if e.kind == shot.RailHit && e.a == c.tr && e.rail == rail && e.t > g.t-skimAgain {
				return math.Inf(1), "" // told already, or rolling along it since
			}
			from = math.Max(from, e.t)
		}
		// The reads from it to the graze must lie on the cushion, about (the
		// ball touched it: a ball rolling a few millimetres off it reads a
		// few millimetres off), and those before it (the approach) clearly
		// further off: the ball closed on the cushion.
		th := math.Inf(1)
		var nIn, nOn int
		var sumIn, sumOn float64
		for j := min(tr.nh, len(tr.hist)) - 1; j >= 0; j-- {
			s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
			if s.t <= from || s.t > g.t+0.5*k.dt {
				continue
			}
			d := dist(s.p)
			if math.IsInf(th, 1) && d <= skimGap {
				th = s.t
			}
			if math.IsInf(th, 1) {
				nIn++
				sumIn += d
			} else {
				nOn++
				sumOn += d
			}
		}
		if math.IsInf(th, 1) || nIn < skimApproach || sumOn/float64(nOn) > skimOn || sumIn/float64(nIn)-sumOn/float64(nOn) < skimStep {
			continue
		}
		if k.inMouth(k.tab.Clamp(c.in.at(th)).Add(railOut(rail).Scale(k.R))) {
			continue // a jaw
		}
		if k.trace != nil {
			k.trace("%.4f skim track %d %s at %.4f (graze at %.4f): approach %.1f mm off (%d reads), on it %.1f (%d)", k.lastT, c.tr, rail, th, g.t, sumIn/float64(nIn), nIn, sumOn/float64(nOn), nOn)
		}
		return th, rail
	}
	return math.Inf(1), ""
}
