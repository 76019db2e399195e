package tracking

// A ball at rest whose detections scatter widely (a green ball on the green
// cloth, found a few pixels off each frame: ±12 mm) is taken for moving: every
// few frames its path breaks and starts again, and the fit of its latest short
// piece can show a speed of hundreds of mm/s. At the stroke such a ball was
// called moving (a balls_moving foul, unflagged) although it had not gone
// anywhere in the half second before. Its detections over a longer span say
// so: a straight fit through them shows no way made. A ball truly rolling when
// the cue ball is struck makes its way steadily, and a ball stopping then is
// already creeping (beginShot's barely creeping case, below the same speed).

// stillSpan (s): the span before the stroke whose detections are fitted;
// stillMinSpan (s): the least span they must cover.
const (
	stillSpan    = 0.3
	stillMinSpan = 0.2
)

// stillSpeed (mm/s): a straight fit slower than this over stillSpan makes no
// way (as beginShot's creeping case; the fit's own noise is ~15 mm/s for
// detections scattered ±12 mm at 60 fps).
const stillSpeed = 60

// wandersInPlace reports whether moving track i, started before t −
// stillMinSpan, made no way in its detections of the last stillSpan before t:
// at rest, its detections scattered.
func (k *Tracker) wandersInPlace(i int, t float64) bool {
	tr := &k.tracks[i]
	lo := max(t-stillSpan, tr.startT)
	var buf [len(track{}.hist)]sample
	s := k.histAround(i, lo-k.dt/2, t+k.dt/2, buf[:])
	if len(s) < minQuad || s[len(s)-1].t-s[0].t < stillMinSpan || float64(len(s)) < 0.5*stillMinSpan*k.cfg.FPS {
		return false
	}
	v := fitLine(s).b.Len()
	if k.trace != nil {
		k.trace("%.4f in place? track %d ball %d: %d detections over %.3f s, %.0f mm/s", k.lastT, i, tr.ball, len(s), s[len(s)-1].t-s[0].t, v)
	}
	return v < stillSpeed
}
