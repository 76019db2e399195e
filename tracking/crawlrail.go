package tracking

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
)

// A cushion hit told of a ball crawling up to the cushion through reads that
// scatter: the way in that tells the hit is a piece of path fitted through two
// or three reads, and reads that jump a centimetre from frame to frame make
// such a piece run at the cushion at hundreds of mm/s whether or not the ball
// ever got there. Over the crawlLook before the hit the reads tell the truth
// of it: the ball closed on the cushion at a crawl, and the reads' scatter is
// more than the millimetres by which a crawling ball touches or stops short.
// When the ruling turns on such hits (the only cushion after the first
// contact, rule 1.17), a person is asked.
//
// Rendered seed 49, 14.1 shot 29: the 10, cut along the left cushion towards
// the foot-left corner, crawled the last 0.3 s at 20-40 mm/s and stopped 7.8
// mm off the cushion in the corner's mouth, where its blob runs into the
// hole's shadow and its reads scattered ±8 mm. Two hits on the left cushion
// were told at 727 and 363 mm/s into it, and the no-rail foul was ruled a
// legal shot, unasked.

// crawlLook (s): the span before a cushion hit whose reads are weighed.
// crawlSpeed (mm/s): a ball closing on the cushion slower than this over that
// span crawls. crawlScatter (mm): reads scattered more than this about their
// straight way (RMS, across the cushion) cannot tell a touch from a stop a
// few millimetres short (the detector's noise at rest is Sigma, 1.5 mm).
const (
	crawlLook    = 0.3
	crawlSpeed   = 150.0
	crawlScatter = 4.0
)

// crawlRailDoubt returns the doubt and its other reading when the cushion hits
// told after t1 (the first contact) include hits of a ball that crawled into
// the cushion through scattered reads (see above): the other reading is the
// shot without those hits.
func (k *Tracker) crawlRailDoubt(rec *shot.Shot, t1 float64) (string, []*shot.Shot) {
	if rec == nil {
		return "", nil
	}
	type hit struct {
		ball int
		rail string
		t    float64
	}
	var dub []hit
	why := ""
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.RailHit || e.t < t1 || e.a < 0 || k.tracks[e.a].ball < 0 {
			continue
		}
		v, sc, ok := k.crawlInto(e.a, e, t1)
		if !ok || v > crawlSpeed || sc < crawlScatter {
			continue
		}
		b := k.tracks[e.a].ball
		if k.trace != nil {
			k.trace("%.4f crawl rail: track %d ball %d %s cushion at %.4f: closing %.0f mm/s over %.2f s, reads scattered %.1f mm", k.lastT, e.a, b, e.rail, e.t, v, crawlLook, sc)
		}
		if why == "" {
			why = fmt.Sprintf("ball %d crawled to the %s cushion through reads scattered %.0f mm: it may not have touched it", b, e.rail, sc)
		}
		dub = append(dub, hit{b, string(e.rail), e.t - k.strikeT})
	}
	if why == "" {
		return "", nil
	}
	// Other hits of the same ball on the same cushion within crawlLook of
	// a doubted one are the same crawl: a ball that really met the cushion
	// at a crawl cannot leave it and come back so soon. Rendered seed 54,
	// 8-ball shot 23: the 8 crawled into the foot-left mouth; hits were told
	// 0.12 s apart, the later one doubted, and without it the earlier one
	// still stood, so the judge found the ruling the same: the no-rail
	// foul was ruled a legal shot, unasked.
	for i := range k.events {
		e := &k.events[i]
		if e.cancel || e.kind != shot.RailHit || e.t < t1 || e.a < 0 || k.tracks[e.a].ball < 0 {
			continue
		}
		b, t := k.tracks[e.a].ball, e.t-k.strikeT
		same, in := false, false
		for _, h := range dub {
			in = in || h.ball == b && h.rail == string(e.rail) && math.Abs(h.t-t) < 1e-3
			same = same || h.ball == b && h.rail == string(e.rail) && math.Abs(h.t-t) < crawlLook
		}
		if same && !in {
			dub = append(dub, hit{b, string(e.rail), t})
		}
	}
	alt := withoutEvents(rec, func(x shot.Event) bool {
		if x.Kind != shot.RailHit {
			return false
		}
		for _, h := range dub {
			if x.Ball == h.ball && x.Rail == h.rail && math.Abs(x.T-h.t) < 1e-3 {
				return true
			}
		}
		return false
	})
	return why, []*shot.Shot{alt}
}

// crawlInto fits track i's reads of the crawlLook before cushion hit e (none
// before t1, nor before a contact of i's after t1: a ball may leave one
// fast) with a straight way across the cushion: how fast it closed on it
// (mm/s) and the reads' RMS scatter about that way (mm). ok is false when
// the reads are too few to say.
func (k *Tracker) crawlInto(i int, e *pevent, t1 float64) (v, scatter float64, ok bool) {
	lo := math.Max(e.t-crawlLook, t1)
	for j := range k.events {
		o := &k.events[j]
		if !o.cancel && o.kind == shot.Contact && (o.a == i || o.b == i) && o.t < e.t && o.t > lo {
			lo = o.t
		}
	}
	// The shot's log, not the last second's ring: the shot ends when the
	// ball has rested a while, and the hit may be more than a second back.
	var s []sample
	for _, x := range k.tracks[i].slog {
		if x.t > lo && x.t < e.t {
			s = append(s, x)
		}
	}
	if float64(len(s)) < 0.5*crawlLook*k.cfg.FPS {
		return 0, 0, false
	}
	// Least squares of the gap to the cushion on time.
	var mt, mg float64
	for _, x := range s {
		mt += x.t
		mg += k.tab.RailDistance(x.p, e.rail)
	}
	n := float64(len(s))
	mt, mg = mt/n, mg/n
	var stt, stg float64
	for _, x := range s {
		dt, dg := x.t-mt, k.tab.RailDistance(x.p, e.rail)-mg
		stt += dt * dt
		stg += dt * dg
	}
	if stt == 0 {
		return 0, 0, false
	}
	m := stg / stt
	var ss float64
	for _, x := range s {
		r := k.tab.RailDistance(x.p, e.rail) - (mg + m*(x.t-mt))
		ss += r * r
	}
	return -m, math.Sqrt(ss / n), true
}
