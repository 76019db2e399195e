package simbench

import "testing"

// TestSlowBallNotStreak renders the bench's 14.1 frames (cueref bench --racks
// 2 --seed 66: match seed 3066, renderer seed 69) where the orange 5, met by
// the 9, rolls at 85 mm/s into the foot cushion. Its blob had a second peak
// on its number's white circle, 1.2 r from the first, and the two were merged
// as the two ends of a motion streak: a moving ball is not fitted to its
// outline, and the 5 was read at the streak's centroid, 14-22 mm off, for
// four frames (the tracker told a cushion hit from them). A streak that long
// is a ball that moved twice its length since the frame before, and the 5
// was read then 2 px from the streak's middle. Each of those four frames,
// detected in order after the one before, must place it within 6 mm.
func TestSlowBallNotStreak(t *testing.T) {
	frames := []int{13969, 13970, 13971, 13972, 13973}
	dets, truth := benchSequence(t, "14.1", 2, 3066, 69, frames)
	for i, f := range frames {
		if i == 0 {
			continue // the frame before
		}
		tb, best, ok := nearestRead(dets[i], truth[i], 5)
		if !ok || !tb.OnBed || tb.Speed > 150 {
			t.Fatalf("frame %d: ball 5 %+v; want it on the bed, rolling slowly: the match has changed", f, tb)
		}
		if best > 6 {
			t.Errorf("frame %d: ball 5 rolling at %.0f mm/s at %.0f,%.0f read %.1f mm off; want at most 6", f, tb.Speed, tb.At.X, tb.At.Y, best)
		}
	}
}
