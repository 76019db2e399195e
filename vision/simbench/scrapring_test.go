package simbench

import "testing"

// TestRingOverScrap renders the bench's 8-ball frames (cueref bench --racks 2
// --seed 67: match seed 67, renderer seed 67) where the green 6 rests 34 mm
// off the head cushion. The ring detector found it 2-3 mm off in half the
// frames; in the others the colour model found a scrap of its shaded half, a
// weak candidate (conf 0.3-0.5) that kept the ring from being taken (its disc
// also hid the ball's highlight, which a ring must show), and the scrap's
// outline fit read the 6 12-25 mm off, towards the cushion or away from it.
// The tracker told two cushion hits of a ball at rest from those reads. Each
// frame, detected in order after the one before, must place it within 6 mm.
func TestRingOverScrap(t *testing.T) {
	var frames []int
	for f := 20515; f <= 20530; f++ {
		frames = append(frames, f)
	}
	dets, truth := benchSequence(t, "8ball", 2, 67, 67, frames)
	for i, f := range frames {
		tb, best, ok := nearestRead(dets[i], truth[i], 6)
		if !ok || !tb.OnBed || tb.Speed > 0 {
			t.Fatalf("frame %d: ball 6 %+v; want it at rest on the bed: the match has changed", f, tb)
		}
		if best > 6 {
			t.Errorf("frame %d: ball 6 at rest at %.0f,%.0f read %.1f mm off; want at most 6", f, tb.At.X, tb.At.Y, best)
		}
	}
}
