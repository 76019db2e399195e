package render

import (
	"math"
	"testing"

	"gocv.io/x/gocv"
)

// A fast ball is drawn as a streak along its path, as long as it moves during the
// exposure; without motion blur it is a disc.
func TestMotionBlurStreak(t *testing.T) {
	ms := testMotions(t)
	extent := func(blur bool) (along, across, speedPx float64) {
		cfg := Config{Size: [2]int{1280, 720}, Seed: 3, Blur: blur}
		v, err := newVideo(tb9, ms, cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer v.Close()
		v.r.noShadows = true         // the shadows would darken the edges of the streak
		k, err := v.FrameAt(0, 0.05) // the cue ball on its way to the rack
		if err != nil {
			t.Fatal(err)
		}
		if err := v.Seek(k); err != nil {
			t.Fatal(err)
		}
		img := gocv.NewMat()
		defer img.Close()
		tr, err := v.Next(&img)
		if err != nil {
			t.Fatal(err)
		}
		cue := tr.Balls[0]
		if cue.Ball != 0 || cue.Speed < 3000 {
			t.Fatalf("cue ball truth %+v: want ball 0 moving fast", cue)
		}
		st, _ := ms[0].motion.Ball(0, tr.ShotT)
		dir := st.Vel.Scale(1 / st.Vel.Len())
		// Direction of motion in the image.
		p1 := v.Calibration().BallToImage(cue.At.Add(dir.Scale(10)))
		ux, uy := (p1[0]-cue.Px[0])/10, (p1[1]-cue.Px[1])/10
		pxmm := math.Hypot(ux, uy)
		ux, uy = ux/pxmm, uy/pxmm
		speedPx = cue.Speed * pxmm * 0.5 / 60 // pixels moved in the exposure
		a, _ := img.DataPtrUint8()
		b, _ := v.r.bg.DataPtrUint8()
		w := img.Cols()
		// Brightness the white ball adds over the cloth (shadows only darken),
		// and its second moments along and across the motion.
		var sw, ss, sc, ss2, sc2 float64
		for y := int(cue.Px[1]) - 60; y <= int(cue.Px[1])+60; y++ {
			for x := int(cue.Px[0]) - 60; x <= int(cue.Px[0])+60; x++ {
				i := (y*w + x) * 3
				d := float64(int(a[i]) + int(a[i+1]) + int(a[i+2]) - int(b[i]) - int(b[i+1]) - int(b[i+2]))
				if d <= 0 {
					continue
				}
				dx, dy := float64(x)-cue.Px[0], float64(y)-cue.Px[1]
				s, c := dx*ux+dy*uy, -dx*uy+dy*ux
				sw += d
				ss += d * s
				sc += d * c
				ss2 += d * s * s
				sc2 += d * c * c
			}
		}
		ms, mc := ss/sw, sc/sw
		// The exposure is centred on the frame's time: so is the streak.
		if math.Hypot(ms, mc) > 1 {
			t.Errorf("blur %v: the ball's centroid is %.2f px along, %.2f across from its true centre; want ≤ 1 px", blur, ms, mc)
		}
		return ss2/sw - ms*ms, sc2/sw - mc*mc, speedPx
	}
	// A disc swept over a length s has its variance along the path grown by
	// s²/12 and unchanged across it.
	sharpAlong, sharpAcross, _ := extent(false)
	blurAlong, blurAcross, streak := extent(true)
	got := math.Sqrt(12 * math.Max(0, blurAlong-sharpAlong))
	t.Logf("variance along/across: sharp %.1f/%.1f px², blurred %.1f/%.1f px²: streak %.1f px, the ball moves %.1f px in the exposure",
		sharpAlong, sharpAcross, blurAlong, blurAcross, got, streak)
	if math.Abs(sharpAlong-sharpAcross) > 0.25*sharpAcross {
		t.Errorf("without blur: variance %.1f along, %.1f across; want a round disc", sharpAlong, sharpAcross)
	}
	if got < 0.8*streak || got > 1.2*streak {
		t.Errorf("streak length %.1f px, want %.1f ± 20 %% (the ball's travel in the exposure)", got, streak)
	}
	if math.Abs(blurAcross-sharpAcross) > 0.15*sharpAcross {
		t.Errorf("blur changes the width across the path: variance %.1f, want %.1f", blurAcross, sharpAcross)
	}
}
