package vision

import (
	"math"
	"testing"
)

// Ball and cloth colours for the synthetic discs, as 8-bit R, G, B.
var (
	testIvory  = [3]float64{240, 238, 225}
	testBlack  = [3]float64{15, 15, 18}
	testColour = [8][3]float64{ // by number, 1–7
		1: {250, 195, 15}, // yellow
		2: {15, 45, 160},  // blue
		3: {215, 25, 20},  // red
		4: {85, 35, 130},  // purple
		5: {250, 105, 15}, // orange
		6: {10, 110, 55},  // green
		7: {125, 25, 30},  // maroon
	}
	testCloth = map[string][3]float64{
		"green": {27, 120, 84},
		"blue":  {33, 120, 184},
		"red":   {143, 31, 38},
	}
)

func norm3(v [3]float64) [3]float64 {
	n := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
	return [3]float64{v[0] / n, v[1] / n, v[2] / n}
}

func dot3(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// testBall describes a synthetic ball seen from above: its colour, whether it
// is striped (white caps about pole), and where its number circle faces.
type testBall struct {
	colour [3]float64 // R, G, B
	stripe bool
	pole   [3]float64 // stripe axis, camera frame (z towards the camera)
	number [3]float64 // direction of the number circle; zero for none
}

// albedo is the ball's colour at the surface normal n (camera frame).
func (b testBall) albedo(n [3]float64) [3]float64 {
	if b.number != ([3]float64{}) && dot3(n, norm3(b.number)) > 0.9 {
		return testIvory
	}
	if b.stripe && math.Abs(dot3(n, norm3(b.pole))) > 0.52 {
		return testIvory
	}
	return b.colour
}

// renderDisc paints ball b of radius r at (cx, cy) on cloth (R, G, B) into a
// w×w BGR image with a little shading, light bounced off the cloth, a
// highlight and a soft edge, and returns it with the foreground mask (every
// pixel of the ball, or only those given by fgOnly).
func renderDisc(b testBall, cloth [3]float64, w int, cx, cy, r float64, fgOnly func(rgb [3]float64) bool) (img, fg []uint8) {
	img = make([]uint8, 3*w*w)
	fg = make([]uint8, w*w)
	light := norm3([3]float64{-0.3, -0.4, 1})
	for y := 0; y < w; y++ {
		for x := 0; x < w; x++ {
			// Four samples a pixel: the edge is anti-aliased as in a camera.
			var acc [3]float64
			var cover float64
			for s := 0; s < 4; s++ {
				u := (float64(x) + 0.25 + 0.5*float64(s&1) - cx) / r
				v := (float64(y) + 0.25 + 0.5*float64(s>>1) - cy) / r
				c := cloth
				if rr := u*u + v*v; rr < 1 {
					cover++
					nz := math.Sqrt(1 - rr)
					n := [3]float64{u, -v, nz}
					al := b.albedo(n)
					lit := 0.45 + 0.55*math.Max(0, dot3(n, light))
					bounce := 0.15 * (1 - nz)
					spec := 0.0
					if h := dot3(n, norm3([3]float64{-0.15, 0.2, 1})); h > 0.985 {
						spec = 200
					}
					for k := 0; k < 3; k++ {
						c[k] = math.Min(255, al[k]*lit+al[k]*cloth[k]/255*bounce+spec)
					}
				}
				for k := 0; k < 3; k++ {
					acc[k] += c[k] / 4
				}
			}
			i := y*w + x
			img[3*i], img[3*i+1], img[3*i+2] = uint8(acc[2]+0.5), uint8(acc[1]+0.5), uint8(acc[0]+0.5)
			if cover >= 2 && (fgOnly == nil || fgOnly(acc)) {
				fg[i] = 255
			}
		}
	}
	return img, fg
}

func classifyDisc(b testBall, cloth [3]float64, r float64, fgOnly func([3]float64) bool) (Class, int, colourStats) {
	const w = 40
	img, fg := renderDisc(b, cloth, w, 20.3, 19.6, r, fgOnly)
	bgr := [3]float64{cloth[2], cloth[1], cloth[0]}
	st := discColours(img, fg, w, w, 20.3, 19.6, r, 1, bgr, bgr)
	c, n := st.classify()
	return c, n, st
}

func TestClassifyDiscs(t *testing.T) {
	side := [3]float64{1, 0.3, 0.1}       // a stripe's pole lying across the view
	up := [3]float64{0.1, 0.15, 1}        // a stripe's pole towards the camera
	facing := [3]float64{0.25, 0.2, 0.95} // a number circle turned towards the camera
	away := [3]float64{0, 0, -1}          // a number circle underneath
	tilted := [3]float64{0.55, 0.3, 0.75} // one cap seen whole, the other hidden
	cases := []struct {
		name      string
		ball      testBall
		cloth     string
		wantClass Class
		wantBall  int
	}{
		{"cue on green", testBall{colour: testIvory}, "green", Cue, 0},
		{"cue on blue", testBall{colour: testIvory}, "blue", Cue, 0},
		{"cue on red", testBall{colour: testIvory}, "red", Cue, 0},
		{"eight", testBall{colour: testBlack, number: away}, "green", Eight, 8},
		{"eight showing its number", testBall{colour: testBlack, number: facing}, "blue", Eight, 8},
		{"yellow 1", testBall{colour: testColour[1], number: away}, "green", Solid, 1},
		{"blue 2", testBall{colour: testColour[2], number: away}, "green", Solid, 2},
		{"red 3", testBall{colour: testColour[3], number: away}, "green", Solid, 3},
		{"red 3 on red cloth", testBall{colour: testColour[3], number: away}, "red", Solid, 3},
		{"purple 4", testBall{colour: testColour[4], number: away}, "green", Solid, 4},
		{"orange 5", testBall{colour: testColour[5], number: away}, "blue", Solid, 5},
		{"green 6", testBall{colour: testColour[6], number: away}, "blue", Solid, 6},
		{"maroon 7", testBall{colour: testColour[7], number: away}, "green", Solid, 7},
		{"maroon 7 on blue", testBall{colour: testColour[7], number: away}, "blue", Solid, 7},
		{"maroon 7 on red cloth", testBall{colour: testColour[7], number: away}, "red", Solid, 7},
		{"purple 4 showing its number", testBall{colour: testColour[4], number: facing}, "green", Solid, 4},
		{"maroon 7 showing its number", testBall{colour: testColour[7], number: facing}, "blue", Solid, 7},
		{"green 6 showing its number", testBall{colour: testColour[6], number: facing}, "blue", Solid, 6},
		{"red 3 with its number on top", testBall{colour: testColour[3], number: [3]float64{0, 0, 1}}, "green", Solid, 3},
		{"orange 5 with its number on top", testBall{colour: testColour[5], number: [3]float64{0, 0, 1}}, "red", Solid, 5},
		{"yellow 9 side on", testBall{colour: testColour[1], stripe: true, pole: side}, "green", Stripe, 9},
		{"yellow 9 pole on", testBall{colour: testColour[1], stripe: true, pole: up}, "green", Stripe, 9},
		{"yellow 9 pole on, blue cloth", testBall{colour: testColour[1], stripe: true, pole: up}, "blue", Stripe, 9},
		{"yellow 9 pole tilted", testBall{colour: testColour[1], stripe: true, pole: tilted}, "green", Stripe, 9},
		{"red 11 pole tilted", testBall{colour: testColour[3], stripe: true, pole: tilted}, "blue", Stripe, 11},
		{"purple 12 pole tilted", testBall{colour: testColour[4], stripe: true, pole: tilted}, "green", Stripe, 12},
		{"yellow 9 side on, red cloth", testBall{colour: testColour[1], stripe: true, pole: side}, "red", Stripe, 9},
		{"blue 10", testBall{colour: testColour[2], stripe: true, pole: side}, "green", Stripe, 10},
		{"red 11", testBall{colour: testColour[3], stripe: true, pole: side}, "blue", Stripe, 11},
		{"purple 12", testBall{colour: testColour[4], stripe: true, pole: side}, "green", Stripe, 12},
		{"orange 13", testBall{colour: testColour[5], stripe: true, pole: side}, "green", Stripe, 13},
		{"green 14", testBall{colour: testColour[6], stripe: true, pole: side}, "red", Stripe, 14},
		{"maroon 15", testBall{colour: testColour[7], stripe: true, pole: side}, "green", Stripe, 15},
	}
	for _, tc := range cases {
		c, n, st := classifyDisc(tc.ball, testCloth[tc.cloth], 7, nil)
		if c != tc.wantClass || n != tc.wantBall {
			t.Errorf("%s: got %v %d, want %v %d (white %.2f tint %.2f black %.2f colour %.2f spread %.2f hue %.0f sat %.0f val %.0f)",
				tc.name, c, n, tc.wantClass, tc.wantBall, st.white/st.m, st.tint/st.m, st.black/st.m, st.col/st.m, st.wSpread, st.hue, st.sat, st.val)
		}
	}
}

// TestClassifyOutsideForeground checks that a ball of nearly the cloth's colour
// is told by all of its disc, not only by the few pixels the segmentation kept.
func TestClassifyOutsideForeground(t *testing.T) {
	red := testCloth["red"]
	// Only pixels clearly brighter than the cloth are foreground: the
	// highlight and the lit side.
	fgOnly := func(rgb [3]float64) bool { return rgb[0] > 1.4*red[0] }
	c, n, st := classifyDisc(testBall{colour: testColour[3], number: [3]float64{0, 0, -1}}, red, 7, fgOnly)
	if c != Solid || n != 3 {
		t.Errorf("red 3 on red cloth, partial foreground: got %v %d, want solid 3 (n %.0f colour %.2f hue %.0f val %.0f)", c, n, st.m, st.col/st.m, st.hue, st.val)
	}
}

func TestClassifyTooSmall(t *testing.T) {
	c, n, _ := classifyDisc(testBall{colour: testColour[1]}, testCloth["green"], 0.8, nil)
	if c != Unknown || n != -1 {
		t.Errorf("a disc of a few pixels: got %v %d, want unknown -1", c, n)
	}
}

func TestHueNumber(t *testing.T) {
	cases := []struct {
		name    string
		h, s, v float64
		want    int
		sure    bool // the margin to the second colour is large
	}{
		{"yellow", 24, 215, 230, 1, true},
		{"blue", 113, 225, 140, 2, true},
		{"red", 179, 215, 190, 3, true},
		{"red across 0", 1.5, 215, 190, 3, true},
		{"purple", 135, 180, 110, 4, true},
		{"orange", 11, 225, 220, 5, true},
		{"green", 74, 215, 100, 6, true},
		{"maroon", 178, 180, 100, 7, true},
		{"between red and maroon", 179, 195, 135, -1, false},
		{"between yellow and orange", 17, 220, 222, -1, false},
	}
	for _, tc := range cases {
		n, conf := hueNumber(tc.h, tc.s, tc.v, false)
		if tc.sure {
			if n != tc.want || conf < 0.5 {
				t.Errorf("%s: got %d (confidence %.2f), want %d with confidence ≥ 0.5", tc.name, n, conf, tc.want)
			}
		} else if conf >= 0.1 {
			t.Errorf("%s: got %d with confidence %.2f, want < 0.1 (ambiguous)", tc.name, n, conf)
		}
	}
}

func TestHSV(t *testing.T) {
	cases := []struct {
		b, g, r    float64
		h, s, v    float64
		hueMatters bool
	}{
		{0, 0, 255, 0, 255, 255, true},
		{0, 255, 0, 60, 255, 255, true},
		{255, 0, 0, 120, 255, 255, true},
		{0, 255, 255, 30, 255, 255, true},
		{128, 128, 128, 0, 0, 128, false},
		{20, 23, 214, 0.46, 231.2, 214, true},
	}
	for _, tc := range cases {
		h, s, v := hsv(tc.b, tc.g, tc.r)
		if (tc.hueMatters && math.Abs(h-tc.h) > 0.1) || math.Abs(s-tc.s) > 0.1 || math.Abs(v-tc.v) > 0.1 {
			t.Errorf("hsv(%v, %v, %v): got %.2f %.2f %.2f, want %.2f %.2f %.2f", tc.b, tc.g, tc.r, h, s, v, tc.h, tc.s, tc.v)
		}
	}
	for _, tc := range []struct{ a, b, want float64 }{{10, 20, 10}, {175, 5, 10}, {0, 90, 90}, {179, 179, 0}} {
		if got := hueDist(tc.a, tc.b); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("hueDist(%v, %v): got %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestClassifyStreak checks that a motion streak, the ball over part of the
// exposure and the cloth over the rest, is named by the ball's colour.
func TestClassifyStreak(t *testing.T) {
	cases := []struct {
		name  string
		ball  int
		cloth string
		alpha float64
	}{
		{"orange on green", 5, "green", 0.55},
		{"blue on red", 2, "red", 0.6},
		{"maroon on blue", 7, "blue", 0.6},
		{"purple on green", 4, "green", 0.7},
	}
	const w = 40
	for _, tc := range cases {
		cloth := testCloth[tc.cloth]
		img, fg := renderDisc(testBall{colour: testColour[tc.ball], number: [3]float64{0, 0, -1}}, cloth, w, 20, 20, 7, nil)
		for i := 0; i < w*w; i++ {
			for k := 0; k < 3; k++ {
				img[3*i+k] = uint8(tc.alpha*float64(img[3*i+k]) + (1-tc.alpha)*cloth[2-k] + 0.5)
			}
		}
		local := [3]float64{cloth[2], cloth[1], cloth[0]}
		st := discColours(img, fg, w, w, 20, 20, 7, tc.alpha, local, local)
		c, n := st.classify()
		if c != Solid || n != tc.ball {
			t.Errorf("%s (ball over %.0f%% of the exposure): got %v %d, want solid %d (hue %.0f sat %.0f val %.0f)", tc.name, 100*tc.alpha, c, n, tc.ball, st.hue, st.sat, st.val)
		}
	}
}

func TestStreakAlpha(t *testing.T) {
	for _, tc := range []struct{ r, length, want float64 }{
		{7, 0, 1},
		{7, 7, 2.0 / 3},
		{7, 14, 0.5},
		{7, 100, unmixMin},
	} {
		if got := streakAlpha(tc.r, tc.length); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("streakAlpha(%v, %v): got %v, want %v", tc.r, tc.length, got, tc.want)
		}
	}
	// Unmixing a blend of a ball channel and the cloth gives the ball back.
	for _, tc := range []struct{ ball, cloth, alpha float64 }{{250, 84, 0.6}, {20, 184, 0.5}, {128, 128, 0.7}} {
		p := tc.alpha*tc.ball + (1-tc.alpha)*tc.cloth
		if got := unmix(p, tc.cloth, tc.alpha); math.Abs(got-tc.ball) > 1e-9 {
			t.Errorf("unmix(%v, %v, %v): got %v, want %v", p, tc.cloth, tc.alpha, got, tc.ball)
		}
	}
}

// TestClassifyStripeOfClothColour checks the statistics of a green stripe
// in the rack on green cloth (recorded from a rendered 8-ball frame, truth
// ball 14): white caps and a band of the cloth's hue, fully saturated, are a
// stripe, not the cue ball mirroring the cloth; the same disc with the
// cloth's colour pale on it is the cue ball in shadow.
func TestClassifyStripeOfClothColour(t *testing.T) {
	st := colourStats{n: 302, clothLike: 36, m: 341, white: 237, black: 26, col: 52, tint: 26, tintIn: 17,
		hue: 73, val: 106, sat: 218, wSpread: 0.32, ringN: 138, ringCol: 0, clothH: 73, relVal: 1}
	if c, n := st.classify(); c != Stripe || n != 14 {
		t.Errorf("green stripe on green cloth: got %v %d, want stripe 14", c, n)
	}
	st.sat = 120
	st.hue, st.val = 73, 106
	if c, n := st.classify(); c != Cue || n != 0 {
		t.Errorf("white disc with the cloth's pale colour: got %v %d, want cue 0", c, n)
	}
}

// statsOf builds colour statistics from the fractions of the m pixels told
// (white, black, coloured, tinted, tinted inside), the white's spread, the
// coloured share of the outer ring, and the colour's hue, saturation and
// value, the local cloth's hue and the value against the cloth's.
func statsOf(m, w, k, c, t, tin, spread, ring, hue, sat, val, clothH, relVal float64) colourStats {
	return colourStats{n: m, m: m, white: w * m, black: k * m, col: c * m, tint: t * m, tintIn: tin * m,
		wSpread: spread, ringN: 0.4 * m, ringCol: ring * 0.4 * m, hue: hue, sat: sat, val: val, clothH: clothH, relVal: relVal}
}

// TestClassifyMoving checks the number of a moving ball against the same
// colours at rest, on statistics recorded from rendered frames (simbench,
// 60 fps camera shutter): a colour smeared by the roll that is near another
// ball's gives no number, a clear one keeps it.
func TestClassifyMoving(t *testing.T) {
	cases := []struct {
		name                 string
		st                   colourStats
		restClass, moveClass Class
		restBall, moveBall   int
	}{
		{"15 rolling on red cloth, its band faded into its white",
			statsOf(403, 0.72, 0.01, 0.11, 0.16, 0.03, 0.36, 0, 178, 170, 142, 178, 0.93), Cue, Unknown, 0, -1},
		{"cue ball rolling in shade on red cloth",
			statsOf(407, 0.78, 0.11, 0.01, 0.10, 0.01, 0.36, 0, 180, 162, 70, 178, 0.51), Cue, Cue, 0, 0},
		{"cue ball moving, white all over",
			statsOf(400, 0.95, 0.02, 0.01, 0.02, 0, 0.4, 0, 0, 0, 0, 77, 0), Cue, Cue, 0, 0},
		{"13 fast on green cloth, pale orange between orange and yellow",
			statsOf(384, 0.74, 0.03, 0.22, 0.01, 0, 0.36, 0.42, 21, 70, 126, 77, 1.01), Stripe, Stripe, 9, -1},
		{"11 rolling on red cloth, dim as maroon but red's saturation",
			statsOf(381, 0.56, 0.07, 0.15, 0.22, 0.08, 0.26, 0, 179, 202, 110, 178, 0.80), Stripe, Stripe, 15, -1},
		// At rest too its brightness against the cloth (1.08) is a red's,
		// not a maroon's (redMaroonAgree): unsure, where it had been read
		// as the 15.
		{"11 rolling on green cloth, between red and maroon",
			statsOf(380, 0.80, 0.02, 0.19, 0, 0, 0.37, 0.41, 3, 178, 138, 77, 1.08), Stripe, Stripe, -1, -1},
		{"3 rolling on green cloth",
			statsOf(380, 0.05, 0.03, 0.89, 0.03, 0, 0.1, 0.9, 179, 222, 170, 77, 1.5), Solid, Solid, 3, 3},
		{"7 rolling on blue cloth",
			statsOf(380, 0.05, 0.08, 0.82, 0.05, 0, 0.1, 0.8, 178, 194, 106, 103, 0.9), Solid, Solid, 7, 7},
		{"7 fast on blue cloth, its shaded side dark",
			statsOf(360, 0, 0.63, 0.36, 0, 0, 0, 0.04, 177, 154, 86, 102, 0.70), Eight, Unknown, 8, -1},
		{"6 fast on green cloth, a stripe only by the cloth's tint",
			statsOf(209, 0.14, 0.19, 0.31, 0.36, 0.33, 0.07, 0, 73, 198, 70, 79, 0.61), Stripe, Unknown, 14, -1},
		{"15 rolling on green cloth",
			statsOf(380, 0.62, 0.05, 0.28, 0.05, 0.01, 0.3, 0.35, 179, 170, 110, 77, 0.9), Stripe, Stripe, 15, 15},
	}
	for _, tc := range cases {
		for _, moving := range []bool{false, true} {
			st := tc.st
			st.moving = moving
			wc, wb := tc.restClass, tc.restBall
			if moving {
				wc, wb = tc.moveClass, tc.moveBall
			}
			if c, n := st.classify(); c != wc || n != wb {
				t.Errorf("%s (moving %v): got %v %d, want %v %d", tc.name, moving, c, n, wc, wb)
			}
		}
	}
}

// TestMoved checks that a ball is taken to move when no ball of the last
// frame lay within movedFrac of its radius, and never on the first frame.
func TestMoved(t *testing.T) {
	d := &Detector{}
	k := &cand{x: 100, y: 50, r: 6}
	if d.moved(k) {
		t.Errorf("first frame: got moved, want not")
	}
	cases := []struct {
		prev [][2]float64
		want bool
	}{
		{[][2]float64{{100.5, 50.5}}, false},
		{[][2]float64{{300, 20}, {101, 49.5}}, false},
		{[][2]float64{{100 + movedFrac*6 + 0.1, 50}}, true},
		{[][2]float64{{110, 50}, {300, 20}}, true},
	}
	for _, tc := range cases {
		d.seenPrev = tc.prev
		if got := d.moved(k); got != tc.want {
			t.Errorf("last frame's balls at %v, ball at %.0f,%.0f: got moved %v, want %v", tc.prev, k.x, k.y, got, tc.want)
		}
	}
}

// TestClassifyClothStripeOrCue checks discs that are as much a stripe of the
// cloth's colour as a cue ball mirroring it, on statistics recorded from the
// end-to-end bench's rendered frames on green cloth: mostly white with a
// little colour of the cloth's hue, saturated and dim. Neither gets a number;
// with clearly more colour it is the stripe, with a mere trace the cue ball.
func TestClassifyClothStripeOrCue(t *testing.T) {
	cases := []struct {
		name      string
		st        colourStats
		wantClass Class
		wantBall  int
	}{
		{"14 at rest, its band turned away (read as the cue ball for 27 s)",
			statsOf(328, 0.72, 0.17, 0.03, 0.07, 0.04, 0.33, 0, 72, 166, 74, 78, 0.71), Unknown, -1},
		{"cue ball frozen to a cushion (read as the 14)",
			statsOf(280, 0.79, 0.10, 0.06, 0.05, 0.04, 0.29, 0.01, 78, 190, 74, 79, 0.75), Unknown, -1},
		{"cue ball by a cushion, a mere trace of the cloth",
			statsOf(298, 0.62, 0.34, 0.01, 0.03, 0.02, 0.26, 0, 75, 186, 58, 79, 0.51), Cue, 0},
		{"14 in the rack, its band in view",
			statsOf(341, 0.69, 0.08, 0.15, 0.08, 0.05, 0.32, 0, 73, 218, 106, 73, 1), Stripe, 14},
		{"cue ball white all over",
			statsOf(300, 0.85, 0.05, 0.05, 0.05, 0.02, 0.3, 0, 78, 190, 74, 79, 0.75), Cue, 0},
	}
	for _, tc := range cases {
		if c, n := tc.st.classify(); c != tc.wantClass || n != tc.wantBall {
			t.Errorf("%s: got %v %d, want %v %d", tc.name, c, n, tc.wantClass, tc.wantBall)
		}
	}
}

// TestShadowEight checks discs read as the eight on statistics recorded from
// rendered frames (a ball's contact shadow, beside a cushion's or on the open
// cloth, and the rendered eight) and from the broadcast footage of
// testdata/padova (eights whose black mirrors the blue cloth): only the
// shadows are shadows.
func TestShadowEight(t *testing.T) {
	withBlack := func(st colourStats, cloth, sat float64) colourStats {
		st.blackCloth, st.blackSat = cloth*st.black, sat*st.black
		return st
	}
	cases := []struct {
		name string
		st   colourStats
		want bool
	}{
		{"shadow beside a ball on the open cloth",
			withBlack(statsOf(337, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 80, 0), 0.96, 0.96), true},
		{"shadow by a cushion, the yellow neighbour's rim in it",
			withBlack(statsOf(244, 0, 0.9, 0.1, 0, 0, 0, 0.36, 26, 178, 94, 79, 0.82), 0.94, 0.94), true},
		{"shadow with a trace of white",
			withBlack(statsOf(378, 0.02, 0.98, 0, 0, 0, 0.02, 0, 72, 102, 54, 78, 0.42), 0.88, 0.88), true},
		{"rendered eight",
			withBlack(statsOf(356, 0.11, 0.89, 0, 0, 0, 0.07, 0, 0, 0, 0, 78, 0), 0.25, 0.4), false},
		{"broadcast eight mirroring the cloth",
			withBlack(statsOf(300, 0.01, 0.69, 0.24, 0, 0, 0.05, 0, 99, 150, 90, 100, 0.6), 0.9, 0.9), false},
		{"broadcast eight with its highlight",
			withBlack(statsOf(300, 0.11, 0.71, 0.14, 0, 0, 0.05, 0, 102, 150, 90, 100, 0.6), 0.57, 0.59), false},
		{"rendered eight by a cushion, the most of its black of the cloth's hue",
			withBlack(statsOf(360, 0.11, 0.89, 0, 0, 0, 0.07, 0, 0, 0, 0, 79, 0), 0.55, 0.6), false},
		{"shadow by a cushion, the cue ball 3 mm off it half in the disc",
			withBlack(statsOf(406, 0.40, 0.51, 0.07, 0.02, 0.01, 0.20, 0.14, 114, 222, 82, 79, 0.66), 0.71, 0.95), true},
		{"shadow by a cushion, the maroon 15 6 mm off it at the disc's rim",
			withBlack(statsOf(421, 0.14, 0.79, 0.07, 0, 0, 0.13, 0.15, 179, 162, 98, 79, 0.78), 0.75, 0.86), true},
	}
	for _, tc := range cases {
		if c, _ := tc.st.classify(); c != Eight {
			t.Fatalf("%s: got %v, want the statistics read as the eight", tc.name, c)
		}
		if got := tc.st.shadowEight(); got != tc.want {
			t.Errorf("%s: got shadow %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestClassifyPoleOnStripe checks discs white all over inside, on statistics
// recorded from rendered frames of seed 16 (14.1, shots 42–45, and 8-ball
// shot 6, green cloth) and from the broadcast footage of testdata/padova:
// with their rim saturated they are a stripe turned pole-on, its band round
// its white cap (the 14, read as the cue ball for 14 s), not the cue ball;
// the cue ball's own rim is pale, whether it mirrors the cloth or lies in
// shade. By a cushion the rim is not asked (see poleOnStripe).
func TestClassifyPoleOnStripe(t *testing.T) {
	withRim := func(st colourStats, n, sat float64, byCushion bool) colourStats {
		st.rimN, st.rimSat, st.byCushion = n, sat*n, byCushion
		return st
	}
	cases := []struct {
		name      string
		st        colourStats
		wantClass Class
		wantBall  int
	}{
		{"14 pole-on, its green band round its rim",
			withRim(statsOf(273, 0.86, 0.05, 0.05, 0.03, 0, 0.35, 0, 74, 166, 70, 78, 0.60), 83, 0.34, false), Unknown, -1},
		{"14 pole-on, less of its band foreground",
			withRim(statsOf(272, 0.87, 0.03, 0.06, 0.04, 0.01, 0.35, 0, 74, 150, 66, 78, 0.57), 83, 0.30, false), Unknown, -1},
		{"cue ball beside it",
			withRim(statsOf(307, 0.96, 0.02, 0.01, 0.01, 0, 0.44, 0.01, 9, 90, 130, 79, 1.02), 87, 0, false), Cue, 0},
		{"cue ball in shade, white and dark",
			withRim(statsOf(382, 0.6, 0.38, 0.01, 0.01, 0, 0.4, 0, 7, 114, 58, 78, 0.60), 108, 0.02, false), Cue, 0},
		{"broadcast cue ball (testdata/padova) mirroring the blue cloth at its rim",
			withRim(statsOf(448, 0.80, 0, 0.11, 0.09, 0, 0.36, 0.02, 95, 142, 174, 100, 0.82), 133, 0.02, false), Cue, 0},
		{"cue ball by a cushion, the cloth beyond its edge in its rim (rendered still)",
			withRim(statsOf(242, 0.92, 0.02, 0.03, 0.03, 0, 0.30, 0, 102, 210, 102, 103, 0.72), 104, 0.31, true), Cue, 0},
	}
	for _, tc := range cases {
		if c, n := tc.st.classify(); c != tc.wantClass || n != tc.wantBall {
			t.Errorf("%s: got %v %d, want %v %d", tc.name, c, n, tc.wantClass, tc.wantBall)
		}
	}
}
