package simbench

import (
	"fmt"
	"math"
	"testing"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/sim/render"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/vision"
)

// benchFrames plays one of the end-to-end bench's matches (cueref bench: one
// rack, 1280×720 at 60 fps, the given match and renderer seeds) and detects
// the given frames, each by a new detector (a detector remembers the last
// frame's balls, which these frames do not follow). It returns each frame's
// detections and truth.
func benchFrames(t *testing.T, game string, seed, renderSeed int64, frames []int) ([][]vision.Detection, [][]render.TruthBall) {
	t.Helper()
	return benchFramesRacks(t, game, 1, seed, renderSeed, frames)
}

// benchVideo plays the end-to-end bench's match of game (the given number of
// racks, match and renderer seeds) on a 9 ft table and renders it as the
// bench does, at 1280×720 and 60 fps. Close it when done.
func benchVideo(tb testing.TB, game string, racks int, seed, renderSeed int64) *render.Video {
	tb.Helper()
	return benchVideoLook(tb, game, racks, seed, renderSeed, 60, "green")
}

// benchVideoLook is benchVideo at another frame rate or on another cloth
// (cueref bench --fps, --cloth).
func benchVideoLook(tb testing.TB, game string, racks int, seed, renderSeed int64, fps float64, cloth string) *render.Video {
	tb.Helper()
	tab := table.MustNew("9ft")
	m, err := sim.PlayMatch(sim.MatchConfig{Game: game, Racks: racks, Seed: seed, Table: tab, Players: [2]string{"Anna", "Boris"}})
	if err != nil {
		tb.Fatal(err)
	}
	cfg := render.DefaultConfig()
	cfg.Size = [2]int{1280, 720}
	cfg.FPS = fps
	cfg.Cloth = cloth
	cfg.Seed = renderSeed
	cfg.Table = tab
	v, err := render.NewVideo(m, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// benchFramesRacks is benchFrames for a match of the given number of racks
// (cueref bench --racks).
func benchFramesRacks(t *testing.T, game string, racks int, seed, renderSeed int64, frames []int) ([][]vision.Detection, [][]render.TruthBall) {
	t.Helper()
	return benchDetect(t, game, racks, seed, renderSeed, frames, false)
}

// benchSequence is benchFramesRacks with one detector over the frames in
// order, as the bench runs it: it remembers the last frame's balls.
func benchSequence(t *testing.T, game string, racks int, seed, renderSeed int64, frames []int) ([][]vision.Detection, [][]render.TruthBall) {
	t.Helper()
	return benchDetect(t, game, racks, seed, renderSeed, frames, true)
}

// benchDetect renders and detects frames of a bench match (see benchVideo),
// each by a new detector or, with one, all by one.
func benchDetect(t *testing.T, game string, racks int, seed, renderSeed int64, frames []int, one bool) ([][]vision.Detection, [][]render.TruthBall) {
	t.Helper()
	if testing.Short() {
		t.Skip("plays and renders a match; skipped with -short")
	}
	v := benchVideo(t, game, racks, seed, renderSeed)
	defer v.Close()
	return detectFrames(t, v, frames, one)
}

// detectFrames detects frames of video v, each by a new detector or, with
// one, all by one.
func detectFrames(t *testing.T, v *render.Video, frames []int, one bool) ([][]vision.Detection, [][]render.TruthBall) {
	t.Helper()
	img := gocv.NewMat()
	defer img.Close()
	var d *vision.Detector
	defer func() {
		if d != nil {
			d.Close()
		}
	}()
	var dets [][]vision.Detection
	var truth [][]render.TruthBall
	for _, f := range frames {
		if d == nil || !one {
			if d != nil {
				d.Close()
			}
			var err error
			if d, err = vision.NewDetector(v.Calibration(), vision.Options{}); err != nil {
				t.Fatal(err)
			}
		}
		if err := v.Seek(f); err != nil {
			t.Fatal(err)
		}
		ft, err := v.Next(&img)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := d.Detect(img, nil)
		if err != nil {
			t.Fatal(err)
		}
		dets = append(dets, ds)
		truth = append(truth, append([]render.TruthBall(nil), ft.Balls...))
	}
	return dets, truth
}

// trueBall finds ball n in a frame's truth, which must have it resting on
// the bed.
func trueBall(t *testing.T, truth []render.TruthBall, n int) render.TruthBall {
	t.Helper()
	for _, b := range truth {
		if b.Ball == n {
			if !b.OnBed || b.Speed > 5 {
				t.Fatalf("ball %d is not at rest on the bed (speed %.0f mm/s): the match has changed", n, b.Speed)
			}
			return b
		}
	}
	t.Fatalf("ball %d is not in the frame's truth", n)
	return render.TruthBall{}
}

// TestFrozenToCushionCentre renders frames of the bench's 9-ball and 8-ball
// matches with a ball frozen to a cushion (the blue 2 to a side cushion,
// the cue ball to the head cushion with the cue at it). Their blobs
// end short of the cushion and their centroids lay over half a radius from
// their centres: the outline fit found the centre in some frames and kept
// the centroid, 10–15 mm inwards, in others, jumps the tracker took for
// cushion hits. Each must now be found within 4 mm of where it lies.
func TestFrozenToCushionCentre(t *testing.T) {
	for _, tc := range []struct {
		game        string
		seed, rseed int64
		ball        int
		frames      []int
	}{
		{"9ball", 1001, 2, 2, []int{3250, 3293, 3300, 3391}},
		{"8ball", 1, 1, 0, []int{1191, 1250, 1294}},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.game, tc.ball), func(t *testing.T) {
			dets, truth := benchFrames(t, tc.game, tc.seed, tc.rseed, tc.frames)
			wantFrozenFound(t, tc.frames, dets, truth, tc.ball)
		})
	}
}

// wantFrozenFound fails the test unless, in each of the frames (their
// detections and truth), every detection within 40 mm of ball b, at rest,
// lies within 4 mm of it, and there is one.
func wantFrozenFound(t *testing.T, frames []int, dets [][]vision.Detection, truth [][]render.TruthBall, b int) {
	t.Helper()
	for i, f := range frames {
		tb := trueBall(t, truth[i], b)
		found := false
		for _, x := range dets[i] {
			e := x.At.Dist(tb.At)
			if e > 40 {
				continue
			}
			found = true
			if e > 4 {
				t.Errorf("frame %d: ball %d frozen at %.1f,%.1f: got %.1f,%.1f, %.1f mm off; want within 4 mm", f, b, tb.At.X, tb.At.Y, x.At.X, x.At.Y, e)
			}
		}
		if !found {
			t.Errorf("frame %d: ball %d at %.1f,%.1f not found", f, b, tb.At.X, tb.At.Y)
		}
	}
}

// TestFrozenCutBlobBlueCloth renders frames of the bench's 9-ball match on
// the blue cloth of cueref run's simulator, at its 30 fps: the green 6
// frozen to the foot cushion. Its blob ends at the bed's edge 0.7 R short of
// its centre, and its edge against the bed lies 0.3 R from the centroid, at
// the very start of acrossCushion's band: it was read 15-18 mm off the
// cushion for 70 seconds. It must be found within 4 mm of where it lies.
func TestFrozenCutBlobBlueCloth(t *testing.T) {
	if testing.Short() {
		t.Skip("plays and renders a match; skipped with -short")
	}
	v := benchVideoLook(t, "9ball", 1, 1001, 2, 30, "blue")
	defer v.Close()
	frames := []int{150, 600, 1500}
	dets, truth := detectFrames(t, v, frames, false)
	wantFrozenFound(t, frames, dets, truth, 6)
}

// TestNoEightInAShadow renders frames of the bench's 8-ball, 10-ball and 14.1
// matches where a ball's contact shadow (against a cushion's, or fully on the
// cloth) was found as a ball and named the eight: black, but the cloth's own
// colour in the dark; and of its 9-ball match where a navy sleeve was. The true eight of each frame must still be found and named,
// and nothing else named the eight.
func TestNoEightInAShadow(t *testing.T) {
	for _, tc := range []struct {
		game        string
		seed, rseed int64
		frames      []int
	}{
		{"8ball", 1, 1, []int{1053, 1119}},
		{"14.1", 3001, 4, []int{208, 242, 256}},
		{"10ball", 2001, 3, []int{1648, 1700}},
		// Not a shadow: a navy sleeve's end at a cushion, taken for a
		// streak of the eight.
		{"9ball", 1001, 2, []int{1625, 1700}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			dets, truth := benchFrames(t, tc.game, tc.seed, tc.rseed, tc.frames)
			for i, f := range tc.frames {
				eight := trueBall(t, truth[i], 8)
				named := false
				for _, x := range dets[i] {
					if x.Class != vision.Eight {
						continue
					}
					if e := x.At.Dist(eight.At); e < 10 {
						named = true
						continue
					}
					t.Errorf("frame %d: an eight at %.0f,%.0f, %.0f mm from the true one; want none", f, x.At.X, x.At.Y, x.At.Dist(eight.At))
				}
				if !named {
					t.Errorf("frame %d: the eight at %.0f,%.0f not found as the eight", f, eight.At.X, eight.At.Y)
				}
			}
		})
	}
}

// TestClothStripeNotCue renders the bench's 8-ball frame where the green 14
// rests on green cloth with its band turned away and in its own shade, which
// was read as the cue ball for 27 s of the match (the tracker took it for
// the cue ball), and the 9-ball frame where the cue ball frozen to a cushion
// mirrors the cloth, read as the 14. Neither may be given the other's
// number (unsure is right: the two show the same colours).
func TestClothStripeNotCue(t *testing.T) {
	for _, tc := range []struct {
		game        string
		seed, rseed int64
		frame       int
		ball, not   int
	}{
		{"8ball", 1, 1, 1500, 14, 0},
		{"9ball", 1001, 2, 4700, 0, 14},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.game, tc.ball), func(t *testing.T) {
			dets, truth := benchFrames(t, tc.game, tc.seed, tc.rseed, []int{tc.frame})
			tb := trueBall(t, truth[0], tc.ball)
			found := false
			for _, x := range dets[0] {
				if x.At.Dist(tb.At) > 20 {
					continue
				}
				found = true
				if x.Ball == tc.not {
					t.Errorf("frame %d: ball %d named %d; want %d or unsure", tc.frame, tc.ball, x.Ball, tc.ball)
				}
			}
			if !found {
				t.Errorf("frame %d: ball %d at %.0f,%.0f not found", tc.frame, tc.ball, tb.At.X, tb.At.Y)
			}
		})
	}
}

// ballRead is what one frame must show of one ball: it must be found (within
// 20 mm), and not named not; with want ≥ 0 it must be named want, and with
// class set be of that class.
type ballRead struct {
	frame, ball, not, want int
	class                  vision.Class
}

// checkReads renders the frames of a bench match (see benchFrames) and checks
// each read.
func checkReads(t *testing.T, game string, seed, rseed int64, reads []ballRead) {
	t.Helper()
	checkReadsRacks(t, game, 1, seed, rseed, reads)
}

// checkReadsRacks is checkReads for a match of the given number of racks.
func checkReadsRacks(t *testing.T, game string, racks int, seed, rseed int64, reads []ballRead) {
	t.Helper()
	var frames []int
	for _, r := range reads {
		frames = append(frames, r.frame)
	}
	dets, truth := benchFramesRacks(t, game, racks, seed, rseed, frames)
	for i, r := range reads {
		tb := trueBall(t, truth[i], r.ball)
		found := false
		for _, x := range dets[i] {
			if x.At.Dist(tb.At) > 20 {
				continue
			}
			found = true
			if x.Ball == r.not {
				t.Errorf("frame %d: ball %d at %.0f,%.0f named %d; want %d or unsure", r.frame, r.ball, tb.At.X, tb.At.Y, x.Ball, r.ball)
			}
			if r.want >= 0 && x.Ball != r.want {
				t.Errorf("frame %d: ball %d at %.0f,%.0f named %d; want %d", r.frame, r.ball, tb.At.X, tb.At.Y, x.Ball, r.want)
			}
			if r.class != vision.Unknown && x.Class != r.class {
				t.Errorf("frame %d: ball %d at %.0f,%.0f read as %v; want %v", r.frame, r.ball, tb.At.X, tb.At.Y, x.Class, r.class)
			}
		}
		if !found {
			t.Errorf("frame %d: ball %d at %.0f,%.0f not found", r.frame, r.ball, tb.At.X, tb.At.Y)
		}
	}
}

// TestClothStripeInShadeNotCue renders the bench's 8-ball frames (match seed
// 1) where the green 14 rests in the open on green cloth with its band turned
// away, dark in its own shade: white with a dark band of the cloth's hue, it
// was read as the cue ball in shade. It must not be named the cue ball. The
// cue ball frozen to a side cushion later in the match, mirroring the cloth,
// had been read as the 14 and must not be; and the cue ball in the open by
// it must still be named.
func TestClothStripeInShadeNotCue(t *testing.T) {
	checkReads(t, "8ball", 1, 1, []ballRead{
		{frame: 1170, ball: 14, not: 0, want: -1},
		{frame: 1380, ball: 14, not: 0, want: -1},
		{frame: 1890, ball: 14, not: 0, want: -1},
		{frame: 2670, ball: 14, not: 0, want: -1},
		{frame: 2730, ball: 14, not: 0, want: -1},
		{frame: 2730, ball: 0, not: -2, want: 0},
		{frame: 11340, ball: 0, not: 14, want: -1},
		{frame: 11400, ball: 0, not: 14, want: -1},
	})
}

// TestRedStripeNotMaroon renders bench frames where the red 11 rests with its
// band in its own shade, as dark as the maroon 15's: by a cushion in the
// 8-ball matches of seeds 2 and 1, and in the open in the 14.1 match. It was
// read as the 15 for thousands of frames (the tracker swapped the two for 16
// shots of the seed-2 match). It must not be named the 15; and the 15 and the
// 11 in the open must still be named. In the two-rack 8-ball match of seed 65
// the 11 rested 43 mm off the foot cushion for 80 s, its band as saturated
// as a maroon's (194) but of a red's hue, and was read as the 15 (the
// tracker swapped the two), and the 15 there, lit brighter than the cloth
// (1.06–1.1) but of a maroon's hue, had not been named; the 15 in the 8-ball
// match of seed 64, dark and of a red's hue but dull (166), must still be
// named.
func TestRedStripeNotMaroon(t *testing.T) {
	for _, tc := range []struct {
		game        string
		racks       int
		seed, rseed int64
		reads       []ballRead
	}{
		{"8ball", 2, 65, 65, []ballRead{
			{frame: 600, ball: 11, not: 15, want: -1},
			{frame: 3000, ball: 11, not: 15, want: -1},
			{frame: 4000, ball: 11, not: 15, want: -1},
			{frame: 97, ball: 15, not: 11, want: 15},
			{frame: 507, ball: 15, not: 11, want: 15},
			{frame: 2600, ball: 15, not: 11, want: 15},
		}},
		{"8ball", 2, 64, 64, []ballRead{
			{frame: 3298, ball: 15, not: 11, want: 15},
			{frame: 3880, ball: 15, not: 11, want: 15},
		}},
		{"8ball", 1, 2, 2, []ballRead{
			{frame: 11040, ball: 11, not: 15, want: -1},
			{frame: 11640, ball: 11, not: 15, want: -1},
			{frame: 12120, ball: 11, not: 15, want: -1},
			{frame: 12960, ball: 11, not: 15, want: -1},
			{frame: 2160, ball: 15, not: 11, want: 15},
			{frame: 5040, ball: 15, not: 11, want: 15},
			{frame: 2520, ball: 11, not: 15, want: 11},
		}},
		{"8ball", 1, 1, 1, []ballRead{
			{frame: 4170, ball: 11, not: 15, want: -1},
			{frame: 5160, ball: 11, not: 15, want: -1},
		}},
		{"14.1", 1, 3001, 4, []ballRead{
			{frame: 6840, ball: 11, not: 15, want: -1},
			{frame: 6840, ball: 15, not: 11, want: 15},
		}},
	} {
		t.Run(fmt.Sprintf("%s/%d", tc.game, tc.seed), func(t *testing.T) {
			checkReadsRacks(t, tc.game, tc.racks, tc.seed, tc.rseed, tc.reads)
		})
	}
}

// TestPartlyHiddenSolidNotStripe renders bench frames where a solid rests
// partly under a player: the maroon 7 under a grey sleeve (10-ball), the
// purple 4 under the bridge hand (9-ball). The pale sleeve's or hand's pixels
// over one side of the ball read as a stripe's white, and the ball as the 15
// and the 12. Each must be read as a solid. (Frames 4380 and 4440, the cue's
// shaft alone across the 7's edge, its blob not an arm's, are still read as
// the 15.)
func TestPartlyHiddenSolidNotStripe(t *testing.T) {
	for _, tc := range []struct {
		game        string
		seed, rseed int64
		reads       []ballRead
	}{
		{"10ball", 2001, 3, []ballRead{
			{frame: 3840, ball: 7, not: 15, want: 7, class: vision.Solid},
			{frame: 3900, ball: 7, not: 15, want: 7, class: vision.Solid},
		}},
		{"9ball", 1001, 2, []ballRead{
			{frame: 3300, ball: 4, not: 12, want: 4, class: vision.Solid},
		}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			checkReads(t, tc.game, tc.seed, tc.rseed, tc.reads)
		})
	}
}

// TestNoEightInAGreenBallsShadow renders the bench's 9-ball frame (cueref
// bench --racks 2 --seed 74: match seed 1074, renderer seed 75) at 181.35 s,
// where the green 6 rests on green cloth 8 mm off the foot cushion and its
// shadow beside it was found as a ball and named the eight, 47 mm from it:
// the tracker took it for the 6 flitting there and told six cushion hits.
// The shadow's black is the cloth's hue, and the coloured pixels it holds
// are the 6's, also the cloth's hue. Nothing but the true eight may be named
// the eight.
func TestNoEightInAGreenBallsShadow(t *testing.T) {
	frames := []int{10881}
	dets, truth := benchFramesRacks(t, "9ball", 2, 1074, 75, frames)
	six := trueBall(t, truth[0], 6)
	eight := trueBall(t, truth[0], 8)
	for _, x := range dets[0] {
		if x.Class == vision.Eight && x.At.Dist(eight.At) > 10 {
			t.Errorf("an eight at %.0f,%.0f, %.0f mm from the 6 and %.0f mm from the true eight; want none",
				x.At.X, x.At.Y, x.At.Dist(six.At), x.At.Dist(eight.At))
		}
	}
}

// detectInOrder detects frames from through to of video v in order with one
// detector (so that it sees the balls move from frame to frame) and calls
// each with every frame's number, truth and detections.
func detectInOrder(t *testing.T, v *render.Video, from, to int, each func(f int, ft render.FrameTruth, dets []vision.Detection)) {
	t.Helper()
	d, err := vision.NewDetector(v.Calibration(), vision.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	img := gocv.NewMat()
	defer img.Close()
	if err := v.Seek(from); err != nil {
		t.Fatal(err)
	}
	var dets []vision.Detection
	for f := from; f <= to; f++ {
		ft, err := v.Next(&img)
		if err != nil {
			t.Fatal(err)
		}
		if dets, err = d.Detect(img, dets[:0]); err != nil {
			t.Fatal(err)
		}
		each(f, ft, dets)
	}
}

// nearestRead returns ball's truth in a frame and how far off the nearest
// detection to it lies (ok false when the truth has no such ball).
func nearestRead(dets []vision.Detection, truth []render.TruthBall, ball int) (tb render.TruthBall, off float64, ok bool) {
	for _, b := range truth {
		if b.Ball == ball {
			tb, ok = b, true
		}
	}
	off = math.Inf(1)
	for _, x := range dets {
		off = min(off, x.At.Dist(tb.At))
	}
	return tb, off, ok
}
