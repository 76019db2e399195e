package trackbench

import (
	"fmt"
	"io"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// Rule 1.31 turns on whether the first ball hit rested frozen to a cushion at
// the stroke: its place in the shot record within table.FrozenTolerance of the
// cushion's nose. RailRests scores those places against the simulator's for
// every object ball resting near a cushion at a stroke, so that the tracker's
// frozen-doubt bands (frozendoubt.go) rest on measured errors. The black ball
// is scored apart: the detector's centre of it by a cushion is pulled off the
// cushion.

// railRestGap (mm): object balls resting this near a cushion's nose at a
// stroke are scored (the tracker's frozenDoubtGap).
const railRestGap = 20.0

// railRestOut (mm): a place this much further from the cushion than the ball,
// or nearer, is another place altogether, not a reading of the ball's.
const railRestOut = 50.0

// RailRests is the score of the places at the stroke of the object balls at
// rest by a cushion, breaks left out: the black ball and the others.
type RailRests struct {
	Black *RailRestScore `json:"black"`
	Other *RailRestScore `json:"other"`
}

// RailRestScore scores one kind of ball of RailRests. A ball resting through
// several strokes counts at each.
type RailRestScore struct {
	N        int `json:"n"`        // balls at rest by a cushion at a stroke
	Unplaced int `json:"unplaced"` // of them, with no place in the shot record
	// Gap errors: the gap to the nearest cushion (in truth) read from the
	// record's place, less the true one, in mm (positive: read further off
	// the cushion); places more than railRestOut out (Far of them: another
	// place altogether) left out.
	Far    int     `json:"far"`
	ErrP01 float64 `json:"gap_err_p01_mm"`
	ErrP50 float64 `json:"gap_err_p50_mm"`
	ErrP99 float64 `json:"gap_err_p99_mm"`
	ErrMax float64 `json:"gap_err_max_mm"`
	// Frozen: truly frozen; FrozenReadOff of them read not frozen, and
	// FrozenReadMax the largest gap one was read at (Far left out).
	// LooseReadFrozen: truly not frozen, read frozen.
	Frozen          int     `json:"frozen"`
	FrozenReadOff   int     `json:"frozen_read_off"`
	FrozenReadMax   float64 `json:"frozen_read_max_mm"`
	LooseReadFrozen int     `json:"loose_read_frozen"`

	errs []float64
}

// railRest scores the record rec's places of the object balls that rest by a
// cushion in before, the true layout at the stroke.
func (r *run) railRest(before sim.Layout, rec *shot.Shot) {
	if r.rep.RailRests == nil {
		r.rep.RailRests = &RailRests{Black: &RailRestScore{}, Other: &RailRestScore{}}
	}
	tab := r.cfg.Table
	for b, p := range before {
		if b <= 0 {
			continue
		}
		rail, gap := tab.NearestRail(p)
		if gap > railRestGap {
			continue
		}
		if pk, d := tab.NearestPocket(p); d < pk.Width/2+2*tab.BallR {
			continue // a jaw or a pocket's mouth: no straight cushion
		}
		s := r.rep.RailRests.Other
		if b == 8 {
			s = r.rep.RailRests.Black
		}
		got, ok := rec.Before[b]
		s.add(gap, tab.RailDistance(got.P(), rail), ok)
	}
}

// add counts a ball truly gap off its cushion, read at read (ok: placed).
func (s *RailRestScore) add(gap, read float64, ok bool) {
	s.N++
	frozen := gap <= table.FrozenTolerance
	if frozen {
		s.Frozen++
	}
	if !ok {
		s.Unplaced++
		return
	}
	readFrozen := read <= table.FrozenTolerance
	switch {
	case frozen && !readFrozen:
		s.FrozenReadOff++
	case !frozen && readFrozen:
		s.LooseReadFrozen++
	}
	e := read - gap
	if math.Abs(e) > railRestOut {
		s.Far++
		return
	}
	s.errs = append(s.errs, e)
	if frozen {
		s.FrozenReadMax = math.Max(s.FrozenReadMax, read)
	}
}

// finish fills the percentiles.
func (s *RailRestScore) finish() {
	if len(s.errs) == 0 {
		return
	}
	s.ErrP01, s.ErrP50, s.ErrP99, s.ErrMax = pct(s.errs, 0.01), pct(s.errs, 0.5), pct(s.errs, 0.99), pct(s.errs, 1)
}

func (rr *RailRests) finish() {
	if rr != nil {
		rr.Black.finish()
		rr.Other.finish()
	}
}

func (rr *RailRests) print(w io.Writer) {
	if rr == nil {
		return
	}
	for _, x := range []struct {
		name string
		s    *RailRestScore
	}{{"black ball", rr.Black}, {"other balls", rr.Other}} {
		s := x.s
		fmt.Fprintf(w, "at rest by a cushion, %s: %d (%d unplaced, %d placed elsewhere), gap error p01/p50/p99/max %+.1f/%+.1f/%+.1f/%+.1f mm; frozen %d, read off %d (farthest %.1f mm); not frozen, read frozen %d\n",
			x.name, s.N, s.Unplaced, s.Far, s.ErrP01, s.ErrP50, s.ErrP99, s.ErrMax, s.Frozen, s.FrozenReadOff, s.FrozenReadMax, s.LooseReadFrozen)
	}
}
