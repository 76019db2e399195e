package tracking

import (
	"math"

	"github.com/cueref/cueref/table"
)

// A ball lost by a cushion, read again in the next shot. offrail.go leaves a
// ball lost moving by a cushion on the table (byRail), gone with no event, to
// be taken back where it is read again; between shots it is (newTrack). But
// a ball the detector barely sees at rest there may not be read again before
// the next stroke, and once a shot is under way only a ball lost in that very
// shot was taken back: the next shot went without it at the stroke, and its
// first read started a new track that "came onto the table" (rendered
// 10-ball, seed 34, shot 31: ball 6, green on the green cloth, lost crawling
// into the right cushion in shot 30 at (1435, 1241), rested unseen 18 mm from
// there, 4 mm off the cushion; in shot 31 the cue ball came off the left
// cushion and met it; the detector read it once at its spot 8 ms before the
// contact, then on its way; with no 6 at the stroke and no contact, a legal
// safety was ruled a no_contact foul, asked).
//
// A ball lost on the bed stays there until a ball moves it. Read again in
// the next shot, at rest (no motion streak), on the bed, under its number and
// colour (classFits), within byRailBackGap of where it was lost, with no ball
// on the table under its number and none standing where it is read, it is
// that ball, and it stood there at the stroke: its track is taken back there
// and the shot has it at the stroke. Narrow by design: only a ball in play,
// lost by a cushion (byRail: not taken for lifted, pocketed or off the
// table) since the shot before began; a ball read first on its way, away from
// its spot, is left to appeared (ghost.go) to ask about.
//
// Its place at the stroke rests on that one read, by the cushion it was lost
// at: whether it was frozen to it is weighed as restBack weighs a ball placed
// back (frozendoubt.go), asked when the judge finds it matters. A read the
// detector clamped onto the cushion line (clampread.go: the case's was) says
// only that the ball is by the cushion, anywhere from frozen to 20 mm off;
// frozen is the least of that span, so the ball is placed at the far end of
// the doubt band (frozenBandOf), and asked about as frozen.

// byRailBackGap (mm): how far from where it was lost a ball lost by a cushion
// may be read again at rest. Lost crawling, it rolls on a few centimetres,
// and off the cushion at a tenth of a metre a second, back 50 mm or so at
// rollDecel; the same reach as a ball taken back in the shot it went in
// (newTrack).
const byRailBackGap = 150.0

// byRailBack takes back, in a shot, the track of a ball lost by a cushion
// before the stroke (see above) on read o at t: it is reset at o, at rest,
// and placed at the stroke there. It reports whether it did.
func (k *Tracker) byRailBack(t float64, o *Obs) bool {
	if k.phase != inShot || o.Ball <= 0 || !k.inPlay[o.Ball] || o.Moving || !classFits(o) || !k.tab.OnBed(o.At) || k.ballOnTable(o.Ball) || k.overlapsLive(o.At) {
		return false
	}
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed || !tr.gone || !tr.byRail || tr.lifted || tr.ball != o.Ball || tr.goneT >= k.strikeT || tr.goneT < k.prevStrikeT {
			continue
		}
		if _, ok := k.before[i]; ok || o.At.Dist(tr.last.p) >= byRailBackGap {
			continue
		}
		if k.trace != nil {
			k.trace("%.4f byrail back track %d ball %d at %v: lost by a cushion at %v at %.4f, on the table at the stroke", t, i, tr.ball, o.At, tr.last.p, tr.goneT)
		}
		k.reset(tr, t, o.At)
		tr.seen = true
		k.vote(tr, o)
		k.before[i], k.beforeID[i] = k.byRailPlace(i, o.At), tr.ball
		return true
	}
	return false
}

// byRailPlace returns where track i, taken back by byRailBack on a read at
// p, stood at the stroke, noting a doubt of its being frozen to a cushion
// (see above).
func (k *Tracker) byRailPlace(i int, p table.Point) table.Point {
	rail, gap := k.tab.NearestRail(p)
	band := frozenBandOf(k.tracks[i].ball)
	if gap > band {
		return p
	}
	if pk, d := k.tab.NearestPocket(p); d < pk.Width/2+2*k.R {
		return p // a jaw or a pocket's mouth: no straight cushion
	}
	if math.Abs(gap) <= clampEps {
		// Clamped onto the line: by the cushion, not where.
		p, gap = p.Add(railOut(rail).Scale(gap-band)), band
		if k.trace != nil {
			k.trace("%.4f track %d ball %d read clamped on the %s cushion line: placed %.1f mm off it", k.lastT, i, k.tracks[i].ball, rail, gap)
		}
	}
	k.railRests = append(k.railRests, railRest{tr: i, rail: rail, gap: gap, far: band})
	return p
}
