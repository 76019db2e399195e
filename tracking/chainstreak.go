package tracking

// A break's cue ball in flight blurs into a streak a frame long (180 mm at
// 11 m/s and 60 fps), and the detector may read one streak as two balls a
// few centimetres apart along it (rendered bench, 8-ball seed 29 shot 31, a
// break: the cue ball, unseen in the first frame after the stroke, was read
// in the next at two places 58 mm apart on its way, then once a frame).
// cueChain wants one detection a frame out along the ray, so the chain was
// refused: the cue ball's track stayed at its rest point, the stroke was
// inferred from the rack's starts (missedStroke, the shot asked about as "no
// stroke seen"), and no contact of the cue ball was told; the first contact
// on the record was one inside the rack, timed early, not the apex ball's. Two detections on the ray in one
// frame, nearer each other than streakSplit, are the one ball's streak: its
// centre is their midpoint.

// streakSplit (mm): the farthest apart two detections in one frame are
// taken for one streak; less than a frame's way of a break's cue ball, and
// more than twice the diameter so that two balls side by side are not.
const streakSplit = 150.0

// mergeStreaks replaces the detections of keep (sorted by time) that share a
// frame and lie within streakSplit of each other with their midpoint.
func mergeStreaks(keep []sample, dt float64) []sample {
	out := keep[:0]
	for _, s := range keep {
		if n := len(out); n > 0 && s.t-out[n-1].t < 0.5*dt && s.p.Dist(out[n-1].p) < streakSplit {
			out[n-1].p = out[n-1].p.Add(s.p).Scale(0.5)
			continue
		}
		out = append(out, s)
	}
	return out
}
