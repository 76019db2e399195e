package vision

// rimFrom is where, in radii from a disc's centre, its rim begins for
// poleOnStripe: a stripe's band, |z| < 0.52 of the sphere about its equator,
// seen pole-on lies beyond sin(acos 0.52) = 0.85 of its radius.
const rimFrom = 0.8

// rimPixel counts a pixel (8-bit B, G, R) of a disc's rim at rest, and
// whether it can be a stripe's band (rimSat): saturated (at least rimSatMin,
// the detector's white is less) with a chroma (the largest channel less the
// smallest) of at least rimChroma, so that the noise of a dark pixel, whose
// saturation is the ratio of two small numbers, does not count; and either
// of a hue away from the local cloth's (clothH) or more saturated than the
// cloth (clothS). A white ball mirrors the cloth at its rim, paler than the
// cloth itself: the broadcast cue balls of testdata/padova showed 0.23–0.46
// of their rim saturated and of the cloth's hue, but at most 0.02 more
// saturated than the cloth. A green 14's band is green paint, more
// saturated than green cloth (231 against 190–200 on rendered frames).
func (st *colourStats) rimPixel(b, g, r uint8, clothH, clothS float64) {
	st.rimN++
	mx, mn := max(b, g, r), min(b, g, r)
	c := int(mx - mn)
	if c < rimChroma || 255*c < rimSatMin*int(mx) {
		return
	}
	h, s, _ := hsvOf(float64(b), float64(g), float64(r), float64(mx), float64(c))
	if hueDist(h, clothH) > 20 || s > clothS {
		st.rimSat++
	}
}

// rimSatMin is the least saturation (0–255) of a rim pixel that can be a
// stripe's band.
const rimSatMin = 110

// rimChroma is the least chroma (0–255) of a rim pixel that can be a
// stripe's band.
const rimChroma = 30

// poleOnStripe reports whether a disc that is white, or pale, all over as a
// cue ball is shows a stripe's band round its rim: a stripe turned nearly
// pole-on, its white cap up, its band beyond 0.85 of its radius. There the
// disc's colour statistics read it only where it is foreground, which a
// band of the cloth's colour is not, and a dark band's shaded side reads as
// black: a green 14 on green cloth was read as the cue ball in every frame
// for 14 s on rendered seed 16 (14.1, shots 42–45; 0.30–0.34 of its rim a
// band's colour, the cue ball beside it 0.00). A cue ball's rim is its own
// white, shaded, and tinted by the cloth's light.
//
// On rendered stills of the seven stripes turned 0–90° from pole-on on each
// cloth (132 stills), 107 of 924 stripes were read as the cue ball: the 14
// on green, the 10 on blue, the 11 and 15 on red, a few dark 12s and 15s
// (their band black in shade). Their rims showed 0.00–0.41 (median 0.21);
// the cue balls' at most 0.01 there, 0.09 at most (0.01 at the 99th
// percentile) over 1,455 cue balls at rest in rendered matches on the three
// cloths, 0.02 at most on the broadcast footage. rimBand keeps a margin
// above those and names 78 of the 107 stripes no longer the cue ball.
//
// By a cushion (byCushion) the disc about a frozen ball's blob, which ends
// short of the cushion, takes in the cloth and the cushion's shadow beyond
// the ball's edge: cue balls frozen to a cushion or 8 mm off it showed 0.14
// of their rim (median of 53 rendered stills), 0.31 at most. The rim is not
// asked there, and a pole-on stripe by a cushion can still read as the cue
// ball.
func (st colourStats) poleOnStripe() bool {
	return !st.byCushion && st.rimN > 0 && st.rimSat >= rimBand*st.rimN
}

// rimBand is the least share of a disc's rim of a band's colour (rimSat)
// that makes it a pole-on stripe.
const rimBand = 0.15
