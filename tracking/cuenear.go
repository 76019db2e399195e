package tracking

import (
	"math"
	"slices"

	"github.com/cueref/cueref/shot"
)

// unseenCueHit adds the cue ball's first contact when the shot told none but
// the stroke set the balls next to it moving at once. The cue ball rested
// nearer to a ball than its first detection after the stroke lies from its rest
// point: it can have met that ball before any detection showed its way bend
// (seed 9, 14.1 shot 41: 13 mm from a full rack, struck at 1.2 m/s, it met ball
// 2 11 ms after the stroke, before its first detection, and went off along the
// rack's face). When that ball, or a ball of the group frozen to it, was in an
// event within frozenCueFrames of the stroke, nothing but the cue ball was
// moving to start it: the contact happened, and a no_contact foul (rule 3.8)
// would be called on a ball the camera saw driven into the rack. The nearest
// such ball is told as met, unseen: the review asks which ball it was
// whenever that changes the ruling (the "first contact occluded" doubt).
func (k *Tracker) unseenCueHit() {
	cue := k.strikeTr
	if k.phase != inShot || cue < 0 {
		return
	}
	// A contact of the cue ball told only after the stroke's group was
	// struck is no first contact (cuelate.go): the group is weighed before it.
	told := k.cueFirstT()
	from, ok := k.before[cue]
	if !ok {
		return
	}
	var first sample
	for _, s := range k.tracks[cue].slog {
		if s.t > k.strikeT {
			first = s
			break
		}
	}
	reach := first.p.Dist(from)
	if first.t == 0 || reach < cueReachMin {
		return
	}
	best, gap, struck := -1, reach+2*k.cfg.Sigma, 0.0
	for j, q := range k.before {
		if g := q.Dist(from) - 2*k.R; j != cue && (g < gap || g == gap && j < best) {
			if ts, ok := k.groupStruck(j, told-cueLateFrames*k.dt); ok {
				best, gap, struck = j, g, ts
			}
		}
	}
	if best < 0 {
		return
	}
	q := k.before[best]
	gap = math.Max(0, gap)
	// Timed at the share of the way to its first detection, at most there
	// (a blurred first detection may lie short of the contact).
	// And before the group's first event: nothing else set it off.
	tc := math.Min(k.strikeT+math.Min(1, gap/reach)*(first.t-k.strikeT), math.Max(k.strikeT, struck))
	at := from.Add(q.Sub(from).Scale(gap / q.Dist(from)))
	if k.trace != nil {
		k.trace("%.4f unseen cue hit: ball %d, %.1f mm from the cue ball, its first read %.1f mm off", k.lastT, k.tracks[best].ball, gap, reach)
	}
	pa, pb := still(at, tc), still(q, tc)
	k.contact(cue, best, tc, &pa, &pb, true)
}

// cueReachMin (mm): a cue ball's first detection after the stroke nearer than this
// to its rest point shows no stroke fast enough to meet a ball unseen.
const cueReachMin = 5.0

// groupStruck reports whether ball track j, at rest at the stroke, or a ball
// frozen to it through a chain of touching balls, was in a contact or touch
// within frozenCueFrames of the stroke and before time before (the first of
// them is returned, the stroke for a ball gone), or was set off at the stroke and went
// before the shot began (goneAtStroke): rendered seed 69, 9-ball shot 1, the
// cue ball 23 mm from the 1 by the head-right pocket, the 1 potted 70 ms
// after the stroke, before the shot began, had no event but its pot, and no
// contact was told: no_contact was called, unflagged.
func (k *Tracker) groupStruck(j int, before float64) (float64, bool) {
	in := map[int]bool{j: true}
	queue := []int{j}
	first, ok := math.Inf(1), false
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if slices.Contains(k.strokeGone, m) {
			first, ok = k.strikeT, true // set off at the stroke and gone before the shot began
		}
		for _, e := range k.events {
			if !e.cancel && (e.kind == shot.Contact || e.kind == shot.Touch) && (e.a == m || e.b == m && e.kind == shot.Contact) && e.t-k.strikeT <= frozenCueFrames*k.dt && e.t < before {
				first, ok = math.Min(first, e.t), true
			}
		}
		for o, p := range k.before {
			if !in[o] && o != k.strikeTr && p.Dist(k.before[m])-2*k.R < k.backTol() {
				in[o] = true
				queue = append(queue, o)
			}
		}
	}
	return first, ok
}
