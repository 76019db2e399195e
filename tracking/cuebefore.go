package tracking

import (
	"sort"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// placesBefore puts in rec each ball where its track rested at the stroke:
// the track that held the ball then first, then, for a ball no such track
// holds, the track that took its number since, lowest first. Two tracks may
// end with one number (one carried on into the other, see carriedOn, keeps
// the number it had), and the order of a map is no rule: the same frames
// gave the cue ball one place or the other from run to run (rendered 8-ball,
// seed 74, at 220.9 s).
func (k *Tracker) placesBefore(rec *shot.Shot) {
	idx := make([]int, 0, len(k.before))
	for i := range k.before {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	// Two tracks that swapped balls after the stroke, one then gone: each
	// carried at the stroke the ball it held then (gonetake.go).
	for _, sw := range k.swapOff {
		for _, i := range sw {
			if b, ok := k.beforeID[i]; ok && b >= 0 {
				if _, done := rec.Before[b]; !done {
					rec.Before[b] = shot.FromP(k.before[i])
				}
			}
		}
	}
	for pass := 0; pass < 2; pass++ {
		for _, i := range idx {
			b := k.tracks[i].ball
			if b < 0 {
				continue
			}
			if _, done := rec.Before[b]; done {
				continue
			}
			if id, ok := k.beforeID[i]; pass == 0 && (!ok || id != b) {
				continue
			}
			rec.Before[b] = shot.FromP(k.before[i])
		}
	}
	// Last, a ball no track carries now, where the track that held it at
	// the stroke rested (its track lost its number since: a ghost's
	// return, say). Camera model at 30 fps, seed 3, 9-ball shot 243: the
	// 9, met by the cue ball and its track taken for lifted, then lost
	// its number; the record had only the cue ball on the table, and the
	// shot was ruled no_contact, unasked.
	for _, i := range idx {
		if b, ok := k.beforeID[i]; ok && b >= 0 && k.tracks[i].ball < 0 {
			if _, done := rec.Before[b]; !done && !placedAt(rec, k.before[i], b, k.R) {
				rec.Before[b] = shot.FromP(k.before[i])
			}
		}
	}
	k.strandedBefore(rec, idx)
}

// strandedBefore puts in rec a ball a track held at the stroke that no track
// holds now, its track having taken another number since: where that track
// rested, or else at the one place a track rested at the stroke that rec
// leaves empty. Camera model at 30 fps, seed 41, 9-ball shot 222, a break:
// the 5 went off the table unread as it met the 4; its track went on with
// the 4, and took the 4's number from the 4's own track, left at its rack
// spot and taken for lifted. Both the record's Before and After lacked the
// 5, the rack had a hole, and the break was ruled legal, unasked, where the
// truth is object_ball_off_table. Placed, the 5 is a ball on the table at the
// stroke and not after, seen to go nowhere: asked about (vanishedDoubt). (The
// cue ball stood where the struck track did, whatever number that track
// held: cueBefore.)
func (k *Tracker) strandedBefore(rec *shot.Shot, idx []int) {
	for _, x := range idx {
		c, ok := k.beforeID[x]
		if !ok || c <= 0 || x == k.strikeTr || k.tracks[x].ball < 0 || k.tracks[x].ball == c {
			continue
		}
		if _, done := rec.Before[c]; done {
			continue
		}
		q := k.before[x]
		if placedAt(rec, q, c, k.R) {
			empty := 0
			for _, i := range idx {
				if i != k.strikeTr && !placedAt(rec, k.before[i], c, k.R) {
					q = k.before[i]
					empty++
				}
			}
			if empty != 1 {
				continue
			}
		}
		if k.trace != nil {
			k.trace("%.4f ball %d, on track %d at the stroke and on none now, placed at (%.1f, %.1f)", k.lastT, c, x, q.X, q.Y)
		}
		rec.Before[c] = shot.FromP(q)
	}
}

// cueBefore gives the cue ball the position its track held at the stroke when
// the tracks' numbers at the end of the shot say otherwise. Until the stroke the
// struck track is the cue ball (it is what was struck); in a scramble after it
// (a break at 30 fps moves the cue ball a third of a metre a frame, into a rack
// of balls all jumping at once) another track may take the cue ball's
// detections and its number, and the shot record would then put the cue ball
// where that ball rested: in the rack, outside the kitchen (rule 1.7). The two
// tracks swapped balls, so their positions at the stroke swap too.
func (k *Tracker) cueBefore(rec *shot.Shot) {
	cue := k.strikeTr
	if cue < 0 || cue >= len(k.tracks) {
		return
	}
	at, ok := k.before[cue]
	if id, known := k.beforeID[cue]; !ok || !known || id != 0 {
		return
	}
	now := k.tracks[cue].ball
	if now == 0 {
		return
	}
	placed := false
	for j, q := range k.before {
		// (Only a live track: one carried on into another keeps the number
		// it had, and the order of a map would choose between the two.)
		if j != cue && k.tracks[j].used && k.tracks[j].ball == 0 {
			// (Not a track given the struck one's place at the stroke, an
			// heir: hijack.go, strokeheir.go.)
			if now > 0 && q.Dist(at) >= k.R {
				rec.Before[now] = shot.FromP(q)
				placed = true
			}
			break
		}
	}
	if now > 0 && !placed {
		// The track that carries the cue ball now was not at the stroke:
		// ball now rested where the track that held it then did, if any
		// (placesBefore put it at the struck track's place).
		if q, ok := k.heldAt(now, cue); ok && !placedAt(rec, q, now, k.R) {
			rec.Before[now] = shot.FromP(q)
		} else if p, ok := rec.Before[now]; ok && p.P().Dist(at) < k.R {
			delete(rec.Before, now)
		}
	}
	if k.trace != nil {
		k.trace("%.4f cue ball's stroke position from the struck track %d (now ball %d)", k.lastT, cue, now)
	}
	rec.Before[0] = shot.FromP(at)
}

// heldAt returns where the track that held ball b at the stroke, other than
// track skip, rested then. Camera model at 30 fps, seed 2, 10-ball shot 46,
// a break: the cue ball's struck track ended it named the 7, and the track
// then named the cue ball was made after the stroke; the 7 was placed where
// the cue ball had rested (placesBefore), not in the rack.
func (k *Tracker) heldAt(b, skip int) (table.Point, bool) {
	idx := make([]int, 0, len(k.beforeID))
	for i, id := range k.beforeID {
		if id == b && i != skip {
			idx = append(idx, i)
		}
	}
	sort.Ints(idx)
	for _, i := range idx {
		if q, ok := k.before[i]; ok {
			return q, true
		}
	}
	return table.Point{}, false
}

// placedAt reports whether rec places a ball other than skip within r of q
// at the stroke.
func placedAt(rec *shot.Shot, q table.Point, skip int, r float64) bool {
	for b, p := range rec.Before {
		if b != skip && p.P().Dist(q) < r {
			return true
		}
	}
	return false
}
