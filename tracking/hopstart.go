package tracking

// Hop starts. A ball at rest whose detections hop (read now and then a
// centimetre off its place, or merged with a ball frozen to it into one
// blurred blob) may be taken to start and then come back to rest where it
// lay. Next to the resting cue ball such a start waits cueWait frames for the
// cue ball to start too, and then either pulls the cue ball's later stroke
// back to it (a stroke into a near-frozen ball, the cue ball creeping after
// it) or, the cue ball never starting, begins a shot struck "through" it
// (strikeThrough). Rendered 14.1, sim seed 16 (the current detector): ball
// 10 lay frozen to the cue ball 8 mm off the foot cushion, its reads 9 mm
// off its place one frame in seven and, one in twelve, merged with the cue
// ball's into a blob read as one moving ball between them. Two of its hops
// began a shot in which nothing moved (ruled a no-contact foul) and moved
// the next true stroke 0.5 s early, out of the bench's match window (the
// shot counted untracked).
//
// A start whose ball was read back at rest where it began (within
// noStrokeStill) and then started again from there (restarted), or that is
// at rest there when it has waited out cueWait (hopStart), was a hop of its
// reads, not a move: it neither backdates the cue ball's stroke nor begins
// a shot. A ball frozen to the cue ball that a real stroke drives off does
// not come back to where it lay; one pressed into a cushion beside it and
// back, the cue ball barely moving, cannot be told from such a hop by the
// camera (nostroke.go takes the same view of a stroke that moves nothing
// farther than the noise).

// restarted reports whether start oc was followed by a later start of the
// same track from where oc began: the ball came back to rest at its place.
func (k *Tracker) restarted(oc *change) bool {
	for i := range k.chg {
		o := &k.chg[i]
		if o != oc && o.tr == oc.tr && o.start && o.t > oc.t+k.dt && o.in.a.Dist(oc.in.a) <= k.noStrokeStill() {
			return true
		}
	}
	return false
}

// hopStart reports whether start c, of a ball next to the resting cue ball
// that waited cueWait for the cue ball to start, was a hop: started again
// since from where it began, or at rest there now.
func (k *Tracker) hopStart(c *change) bool {
	tr := &k.tracks[c.tr]
	hop := k.restarted(c) || !tr.moving && tr.rest.Dist(c.in.a) <= k.noStrokeStill()
	if hop && k.trace != nil {
		k.trace("%.4f hop start track %d ball %d at %.4f: back at rest where it began", k.lastT, c.tr, tr.ball, c.t)
	}
	return hop
}
