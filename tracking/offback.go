package tracking

import "github.com/cueref/cueref/shot"

// The cue ball lost from view on the open bed and seen again. A ball that
// runs under the player's arm or body, or into the shadow of a cue held over
// the bed, is unseen for a few tenths of a second; the camera may lose it just
// as it turns off a cushion, so that it shows again far from where it went,
// on a new track, and its first track, lost away from every cushion, is told
// off the table (offBed). Object balls are given back as soon as they are
// read on the table (backOnTable); the cue ball was not, as false detections
// on an arm or a cue are read as the cue ball, and the shot was flagged for a
// person with the foul of a cue ball off the table (cueref bench --racks 2
// --seed 6, 10ball shot 34: unseen 0.38 s by the foot cushion, back 0.45 m
// on, rolling on to strike a ball and rest). A ball that comes back onto the
// bed by itself has not left the table (rule 1.23 of
// shared/seeds/pool-rules.ru.txt): a track that shows up where the cue ball
// could have rolled, unseen, since its track lost it, and then holds it the
// way outOfJaws asks (a dozen reads, rolled on from where it showed: an arm
// or a cue over the bed does not roll away on it) is the cue ball. One seen
// going over a cushion (its track lost at the cushion line) stays for review.
//
// The same holds when the cue ball's track lost the ball while still seen: at
// a break the cue ball stops dead on the rack, its track, predicted on at
// break speed, takes a rack ball's detection just ahead and goes on from ball
// to ball, and the cue ball, read as such where it stopped, starts a new
// track; the first, gone fast from the bed, was told off the table (seed 2,
// 10ball shot 0: the cue ball was pocketed later; no-render seed 2, 9ball
// shot 24). The new track held the cue ball while the first went on reading
// other balls.

// offBack reports whether track x, on the table and read as the cue ball
// whose off_table event e was told when its track g went on the open bed
// (offBed), is the cue ball: x was born in the shot, and holds the cue ball
// (cueShown); and either x was born after g was last seen, no farther from
// there than a diameter and the way the ball could have rolled since at g's
// last speed (the ball seen again), or x was born before and g's latest sure
// read, since then, is another ball's (g had gone on with other balls'
// detections while x followed the cue ball). wait is set while x moves
// without having shown it (see outOfJaws).
func (k *Tracker) offBack(e *pevent, x int) (back, wait bool) {
	if e.kind != shot.OffTable || e.ids[0] != 0 || !k.offBed(e) {
		return false, false
	}
	g, xt := &k.tracks[e.a], &k.tracks[x]
	if xt.born < k.strikeT {
		// Moving, nameless, at the stroke: the cue's blob took up the cue
		// ball's detections as it left (cueTookUp).
		if !k.cueTookUp(x, g) {
			return false, false
		}
	} else if xt.born <= g.last.t {
		// x held the ball before g went: g had followed other balls'
		// detections since, if its latest sure read (comeback.go), after
		// x was born, is another ball's.
		if g.sure.ball <= 1 || g.sure.t < xt.born {
			return false, false
		}
	} else {
		v := 0.0
		if len(g.seg) >= 2 {
			v = g.fit.vel(g.last.t).Len()
		}
		if xt.bornAt.Dist(g.last.p) > 2*k.R+v*(xt.born-g.last.t) {
			return false, false
		}
	}
	if k.cueShown(xt) {
		return true, false
	}
	return false, xt.moving
}

// cueShown reports whether track x holds the cue ball on a dozen clear reads
// and has rolled on at least a diameter from where it was born: false
// detections on an arm or the cue are read as the cue ball, but do not roll
// away on the bed.
func (k *Tracker) cueShown(x *track) bool {
	return x.votes[0] >= jawsCueVotes && k.position(x).Dist(x.bornAt) >= 2*k.R
}

// cueTookUp reports whether track x, older than the stroke, took up the way
// of the struck cue ball's track g as it left. At a break (rendered 14.1,
// sim seed 16, the current detector) the cue's blob, read as a nameless
// ball moving along the stroke line as the cue went through, was predicted
// onto the cue ball's first blurred reads: its track took them, the cue
// ball's own track lost the ball two frames after the stroke, and the cue
// ball was told off the table (a foul on a legal break) while x followed it
// to the rack and came to hold its number. Such an x held no ball at the
// stroke (k.beforeID), and its first read after g's last lies where g's
// ball could have rolled since (a diameter and the speed of g's last two
// reads times the gap).
func (k *Tracker) cueTookUp(x int, g *track) bool {
	if id, ok := k.beforeID[x]; ok && id >= 0 {
		return false
	}
	xt := &k.tracks[x]
	v := 0.0 // g's last speed, from its last two reads (it left at once: no fit yet)
	if dt := g.last.t - g.prev.t; g.prev.t > 0 && dt > 0 {
		v = g.last.p.Dist(g.prev.p) / dt
	}
	var first sample
	for j := 0; j < len(xt.hist) && j < xt.nh; j++ {
		s := xt.hist[(xt.nh-1-j)%len(xt.hist)]
		if s.t <= g.last.t {
			break
		}
		first = s
	}
	return first.t > 0 && first.p.Dist(g.last.p) <= 2*k.R+v*(first.t-g.last.t)
}
