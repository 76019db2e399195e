package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestRestSnapRendered runs the tracker on the detector's view of a 10-ball
// shot (cueref bench --racks 2 --seed 2, 10-ball shot 19, struck at 172.28 s).
// Ball 6 rests 13 mm off the left cushion until ball 1 strikes it at about
// 175.0 s; until then the detector's centre for it lands, every few frames
// and in runs of up to five, on the cushion line, 14 mm nearer the cushion.
// Cause fixed: those runs started the ball, and it was told hitting the left
// cushion five times (the bench's false hits "elsewhere"), and to have been
// moving at the stroke. The truth keeps ball 6 clear of every cushion: no
// cushion hit of it may be told, no review asked, and the contact of ball 1
// with it (a real start by the cushion) must still be told within the bench's
// 30 ms of the frame where they come nearest (and a frame).
func TestRestSnapRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/restsnap-10ball-s2-rendered.json.gz")
	gap := math.Inf(1)
	met, apart := 0.0, math.Inf(1) // the frame where ball 1 comes nearest ball 6 (truth)
	for _, f := range fs {
		var p1, p6 table.Point
		has := 0
		for _, x := range f.Truth {
			p := table.Point{X: x[1], Y: x[2]}
			switch x[0] {
			case 6:
				_, g := tab9.NearestRail(p)
				gap = math.Min(gap, g)
				p6, has = p, has+1
			case 1:
				p1, has = p, has+1
			}
		}
		if d := p1.Dist(p6); has == 2 && d < apart {
			met, apart = f.T, d
		}
	}
	if gap < 5 || apart > 2*tab9.BallR+5 {
		t.Fatalf("testdata: ball 6 comes within %.1f mm of a cushion, ball 1 within %.1f mm of it; want it clear of the cushions and met", gap, apart)
	}
	got := shotStruckAt(t, fs, 172.2794)
	contact := false
	for _, e := range absEvents(got) {
		if e.Kind == shot.RailHit && e.Ball == 6 {
			t.Errorf("%.4f s: ball 6 told hitting the %s cushion, want none (truth)", e.T, e.Rail)
		}
		if e.Kind == shot.Contact && e.A+e.B == 7 && (e.A == 6 || e.B == 6) && math.Abs(e.T-met) < 0.03+1.0/60 {
			contact = true
		}
	}
	if !contact {
		t.Errorf("no contact 1-6 within 30 ms and a frame of %.4f s; events:%s", met, fmtEvents(absEvents(got)))
	}
	if got.Review != nil {
		t.Errorf("review %q, want none", got.Review.Reason)
	}
}

// TestRestSnapStruck: ball 5 rests 9 mm off the cushion at Y = 0;
// the cue ball, 45 mm from it, is struck into it at 1.5 m/s, so ball 5 meets
// the cushion about 8 ms after the contact, two frames after the stroke,
// before the tracker has moved the cue ball's track off its rest. The frame
// at that bounce shows ball 5 on the cushion line (as the rendered detector
// does; no-render seed 1 10-ball shot 224). That is the ball struck, not the
// detector's snap (see restSnap): the cue ball is seen beside it in the same
// frame. Before the fix the frame was dropped, ball 5's start was found a
// frame late and the contact timed 18 ms off; it must be within 3 ms. (The
// cue ball is unseen, under the cue and arm, in the frame before the bounce,
// as there: so its track is still at rest when ball 5's frame comes. Without
// the fix 5 of the 6 noise seeds miss by 3.7-10 ms.)
func TestRestSnapStruck(t *testing.T) {
	R := tab9.BallR
	p5 := table.Point{X: 800, Y: R + 9}
	u := table.Point{X: -0.6, Y: 0.8} // from ball 5 to the cue ball
	cue := p5.Add(u.Scale(2*R + 45))
	for seed := int64(1); seed <= 6; seed++ {
		w := newToy(tab9, map[int]table.Point{0: cue, 5: p5, 9: {X: 600, Y: 1000}})
		w.run(1.0)
		w.strike(0, u.Scale(-1500))
		w.settle()
		var contact, bounce float64
		for _, e := range w.events {
			switch {
			case e.Kind == shot.Contact && contact == 0:
				contact = e.T
			case e.Kind == shot.RailHit && e.Ball == 5 && bounce == 0:
				bounce = e.T
			}
		}
		if contact == 0 || bounce == 0 || bounce-contact > 0.012 {
			t.Fatalf("toy world: contact at %.4f, ball 5's cushion at %.4f: fix the fixture", contact, bounce)
		}
		// A frame at the bounce, the others at 60 fps around it.
		cam := defaultCamera(seed)
		from := bounce - math.Floor((bounce-0.004)*cam.fps)/cam.fps
		frames := cam.frames(w, from, w.t)
		for i := range frames {
			if frames[i].T > bounce-1.5/cam.fps && frames[i].T < bounce-1e-6 {
				// The cue ball under the cue and the arm.
				obs := frames[i].Obs[:0]
				for _, o := range frames[i].Obs {
					if o.At.Dist(cue) > 2*R+40 {
						obs = append(obs, o)
					}
				}
				frames[i].Obs = obs
			}
			if math.Abs(frames[i].T-bounce) > 1e-6 {
				continue
			}
			pos, _ := w.at(bounce)
			for j := range frames[i].Obs {
				if o := &frames[i].Obs[j]; o.Ball == 5 || o.At.Dist(pos[1]) < R {
					*o = Obs{Ball: 5, At: table.Point{X: pos[1].X, Y: R}, Confidence: 0.9}
				}
			}
		}
		shots, _, _ := runFrames(t, tab9, frames, nil)
		if len(shots) != 1 {
			t.Fatalf("seed %d: got %d shots, want 1", seed, len(shots))
		}
		found := false
		for _, e := range absEvents(shots[0]) {
			if e.Kind == shot.Contact && e.A+e.B == 5 && (e.A == 5 || e.B == 5) {
				found = true
				if d := math.Abs(e.T - contact); d > 0.003 {
					t.Errorf("seed %d: contact 0-5 at %.4f, %.1f ms from the truth's %.4f; want within 3 ms", seed, e.T, d*1000, contact)
				}
			}
		}
		if !found {
			t.Errorf("seed %d: no contact 0-5; events:%s", seed, fmtEvents(absEvents(shots[0])))
		}
	}
}
