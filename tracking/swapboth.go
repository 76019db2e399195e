package tracking

// A swap (swap.go) says each track of a contact carries on the other's path:
// then each track's ball is read on the other track, and its own number is
// misread on it at most now and then. Both tracks read as the same number is no
// swap: one ball cannot be in two places, and one of the two readings is the
// detector's mistake. Which one the count of readings does not tell: a ball at
// rest, or slowly rolling, looks the same from frame to frame and is misread
// frame after frame alike, while a ball that ran into a pocket gave only the
// few frames it was seen on its way in.
//
// 14.1, rendered seed 31, shot 52: the cue ball, at (2424, 1132), pots the 9
// frozen near the foot-right corner and stops 30 mm on, at (2447, 1168). The 9
// is read "9" at confidence 1 on both of its two frames on its way into the
// pocket; the cue ball, stopping by the corner, is read "9" (a stripe, at
// 0.5–0.9) on six frames of eight from then on, and as a nameless stripe on
// the other two. The contact was explained, and the watch begun, four frames
// after it, when the 9's two readings were past: the cue ball's alone made
// the score (4.3) and the tracks were swapped. The cue ball was told pocketed
// with no rail (a scratch, unasked) where the 9 was potted, its track was
// taken for the 9 and its next stroke (shot 53, a safety) was told as no shot
// at all.
//
// So a track that reads its own number clearly (swapOwnConf) on swapOwnReads
// frames since the contact (those before the watch began too: each track
// keeps its last clear readings) holds it: the watch ends without a swap,
// however many readings of that number the other track gathers. A true swap
// has the other ball read clearly on each track; its own, seldom.

// swapOwnConf is the confidence of a clear reading of a ball's own number (the
// detector gives 0.5 to a doubtful one); swapOwnReads is how many of them hold
// a track's number against a swap.
const (
	swapOwnConf  = 0.9
	swapOwnReads = 2
)

// A contact is explained, and watched, a few frames after it: the readings
// between the contact and the watch are kept on each track.
//
// clearReads is a track's last few clear readings of a number, a ring.
type clearReads struct {
	t    [4]float64
	ball [4]int
	n    int
}

// clearRead reports whether detection o reads a number clearly.
func clearRead(o *Obs) bool {
	return o.Confidence >= swapOwnConf && o.Ball >= 0 && classFits(o)
}

// add keeps detection o at t if it reads a number clearly.
func (c *clearReads) add(t float64, o *Obs) {
	if clearRead(o) {
		c.t[c.n%len(c.t)], c.ball[c.n%len(c.t)] = t, o.Ball
		c.n++
	}
}

// since counts the clear readings of ball b kept after t.
func (c *clearReads) since(t float64, b int) int {
	n := 0
	for j := range min(c.n, len(c.t)) {
		if c.t[j] > t && c.ball[j] == b {
			n++
		}
	}
	return n
}

// countOwn counts detection o of track i at t when it clearly reads the ball
// the track held at w's contact (once: the watch began with those kept).
func (w *watch) countOwn(i int, t float64, o *Obs) {
	if !clearRead(o) || t <= w.tc {
		return
	}
	switch {
	case i == w.x && o.Ball == w.bx:
		w.ownX++
	case i == w.y && o.Ball == w.by:
		w.ownY++
	}
}

// swapHeld reports whether one of w's tracks clearly holds its own number, so
// that the swap the score asks for is not made (the watch ends).
func (k *Tracker) swapHeld(w watch) bool {
	if w.ownX < swapOwnReads && w.ownY < swapOwnReads {
		return false
	}
	if k.trace != nil {
		k.trace("%.4f swap held: tracks %d (ball %d, %d clear readings of it) and %d (ball %d, %d) after the contact at %.4f (score %.1f)", k.lastT, w.x, w.bx, w.ownX, w.y, w.by, w.ownY, w.tc, w.score)
	}
	return true
}
