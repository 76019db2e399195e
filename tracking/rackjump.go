package tracking

// Rack jumps. A ball at rest leaves its spot only when struck: by the cue at a
// stroke, or by a ball that comes to it. In a rack the detector finds each ball
// in about one frame of three (it cannot split the cluster), and a track at
// rest unseen in a frame could take, as a jump from rest (the association's
// second pass), the detection of a touching neighbour that had no track yet: a
// ball just re-racked whose number was not yet read, or whose first
// detections other tracks had taken the same way. The neighbour then never got
// a track (its detections went to the jumpers, and a read of its number where
// a track now stood was taken for a second detection of that track), the
// jumpers hopped from spot to spot, and every hop was told a start and a
// contact (cueref bench --no-render --seed 2: 14.1 shot 166, 16 false contacts
// of one re-rack that stood still through the shot; seed 1 shot 354).
//
// So a jump of a track at rest in a cluster to a detection at least a
// diameter off (where another ball may stand), with no moving ball at the
// cluster that could have struck it, is refused: the detection is another ball's, and left over it starts a track
// of its own (newTrack), or brings a gone ball back.

// rackJumpSlack (mm): a detection nearer than a diameter less this to where a
// track rests is the track's own (noise, a nudge): no other ball can stand
// there. Balls of a cluster touch within a diameter and this.
const rackJumpSlack = 12.0

// rackJumpReach (mm): a moving ball this near a ball of a cluster, beyond a
// diameter and its travel in two frames, may be about to strike it.
const rackJumpReach = 30.0

// rackJumpCache keeps, for the frame being associated, whether each track's
// cluster (the balls at rest touching it, and theirs in turn) has a moving
// ball at it: 0 not yet known, 1 none, 2 one.
type rackJumpCache struct {
	frame int
	near  []int8
}

// neighbourJump reports whether detection o is, rather than track i's jump
// from rest, another ball's: i rests (no start pending), the detection is at
// least a diameter (less rackJumpSlack) from its spot, shows no motion (no
// streak), does not name i's own ball, i touches a ball at rest (inCluster),
// and no moving ball is at its cluster (stillCluster). Not the cue ball
// between shots (a stroke), unless a rack was put down lately (rackput.go),
// nor at a lag.
func (k *Tracker) neighbourJump(i int, o *Obs) bool {
	tr := &k.tracks[i]
	if tr.moving || tr.npend > 0 || o.Moving || k.lagDue || k.phase == inLag {
		return false
	}
	if k.phase == idle && tr.ball == 0 && !k.rackLately() /* rackput.go */ {
		return false // the stroke
	}
	if o.At.Dist(tr.rest) < 2*k.R-rackJumpSlack {
		return false
	}
	if tr.ball >= 0 && o.Ball == tr.ball && classFits(o) {
		return false // named: the ball itself, wherever it is
	}
	return k.inCluster(i) && k.stillCluster(i)
}

// inCluster reports whether a ball at rest touches track i's: a lone ball's
// detector does not lose it, and a lone track that hops is a false detection's
// (a hand, an arm), left to the checks of ghosts.
func (k *Tracker) inCluster(i int) bool {
	tr := &k.tracks[i]
	for j := range k.tracks {
		x := &k.tracks[j]
		if j != i && x.used && !x.gone && !x.moving && x.rest.Dist(tr.rest) < 2*k.R+rackJumpSlack {
			return true
		}
	}
	return false
}

// stillCluster reports whether no moving ball (nor one starting) is at track
// i's cluster: within a diameter, rackJumpReach and two frames' travel of i or
// of a ball at rest that touches it or, in turn, one that does (a break
// reaches the rack's back row through the balls between).
func (k *Tracker) stillCluster(i int) bool {
	c := &k.rj
	if c.frame != k.frame || len(c.near) != len(k.tracks) {
		c.frame = k.frame
		c.near = append(c.near[:0], make([]int8, len(k.tracks))...)
	}
	if c.near[i] != 0 {
		return c.near[i] == 1
	}
	// The cluster, by a walk over the tracks at rest that touch.
	var stack, members []int
	seen := make([]bool, len(k.tracks))
	stack = append(stack, i)
	seen[i] = true
	for len(stack) > 0 {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		members = append(members, a)
		for j := range k.tracks {
			x := &k.tracks[j]
			if !seen[j] && x.used && !x.gone && !x.moving && x.npend == 0 && x.rest.Dist(k.tracks[a].rest) < 2*k.R+rackJumpSlack {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	near := false
	for j := range k.tracks {
		x := &k.tracks[j]
		if near || seen[j] || !x.used || x.gone || !x.moving && x.npend == 0 {
			continue
		}
		p := k.position(x)
		reach := 2*k.R + rackJumpReach
		if x.moving && len(x.seg) >= 2 {
			reach += 2 * k.dt * x.fit.vel(x.last.t).Len()
		} else {
			reach += 2 * k.dt * 10000 // unknown speed: as fast as a break
		}
		for _, m := range members {
			if p.Dist(k.tracks[m].rest) < reach {
				near = true
				break
			}
		}
	}
	v := int8(1)
	if near {
		v = 2
	}
	for _, m := range members {
		c.near[m] = v
	}
	return !near
}
