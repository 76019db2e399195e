package tracking

import (
	"compress/gzip"
	"encoding/json"
	"math"
	"math/rand"
	"os"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// renderedFrame is one frame of a testdata/*-rendered.json.gz file: cueref's
// detector on the renderer's frames of a stretch of cueref bench's 8-ball match
// (seed 1, 1280×720, 60 fps), with the simulator's truth. obs: ball, x, y,
// confidence, class, moving (1); truth: ball, x, y, on the bed (1).
type renderedFrame struct {
	T     float64     `json:"t"`
	Obs   [][]float64 `json:"obs"`
	Truth [][]float64 `json:"truth"`
}

// obs appends the frame's detections to dst as the tracker's input.
func (f *renderedFrame) obs(dst []Obs) []Obs {
	for _, o := range f.Obs {
		dst = append(dst, Obs{Ball: int(o[0]), At: table.Point{X: o[1], Y: o[2]}, Confidence: o[3], Class: Class(o[4]), Moving: o[5] == 1})
	}
	return dst
}

func loadRendered(t *testing.T, name string) []renderedFrame {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var fs []renderedFrame
	if err := json.NewDecoder(z).Decode(&fs); err != nil {
		t.Fatal(err)
	}
	return fs
}

// wantOnBedInTruth fails the test when a rendered fixture's truth has ball b
// off the bed (or not on the table) in any frame: the fixture is not the
// one its test is about.
func wantOnBedInTruth(t *testing.T, fs []renderedFrame, b int) {
	t.Helper()
	for _, f := range fs {
		on := false
		for _, x := range f.Truth {
			if int(x[0]) == b {
				on = x[3] == 1
			}
		}
		if !on {
			t.Fatalf("testdata: ball %d not on the bed in the truth at %.3f s; want it on all through", b, f.T)
		}
	}
}

// wantGoneInTruth fails the test when a rendered fixture's truth has ball b
// on the table at or after time from (s): the fixture is not the one its test
// is about (why says where the ball went).
func wantGoneInTruth(t *testing.T, fs []renderedFrame, b int, from float64, why string) {
	t.Helper()
	for _, f := range fs {
		if f.T < from {
			continue
		}
		for _, x := range f.Truth {
			if int(x[0]) == b {
				t.Fatalf("testdata: ball %d in the truth at %.2f s, want it %s", b, f.T, why)
			}
		}
	}
}

// renderedShots runs a 9-foot table's tracker at 60 fps over rendered frames
// fs and returns the shots it told.
func renderedShots(t *testing.T, fs []renderedFrame) []*shot.Shot {
	t.Helper()
	return renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60})
}

// renderedShotsOf runs a tracker made with cfg over rendered frames fs and
// returns the shots it told (cfg.Balls as the bench sets it: the game's balls).
func renderedShotsOf(t *testing.T, fs []renderedFrame, cfg Config) []*shot.Shot {
	t.Helper()
	var shots []*shot.Shot
	eachRenderedOutput(t, fs, cfg, func(_ float64, o Output) {
		if o.Kind == OutShot {
			shots = append(shots, o.Shot)
		}
	})
	return shots
}

// eachRenderedEvent runs a tracker made with cfg over the rendered fixture in
// file and calls each with every event it tells (see eachRenderedOutput).
func eachRenderedEvent(t *testing.T, file string, cfg Config, each func(frameT float64, o Output)) {
	t.Helper()
	eachRenderedOutput(t, loadRendered(t, file), cfg, func(ft float64, o Output) {
		if o.Kind == OutEvent {
			each(ft, o)
		}
	})
}

// eachRenderedOutput runs a tracker made with cfg over rendered frames fs and
// calls each with every output, live ones with the time of the frame that
// told them (those of the final Flush with the last frame's).
func eachRenderedOutput(t *testing.T, fs []renderedFrame, cfg Config, each func(frameT float64, o Output)) {
	t.Helper()
	k, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var obs []Obs
	last := 0.0
	for _, f := range fs {
		obs = f.obs(obs[:0])
		out, err := k.Push(f.T, obs)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			each(f.T, o)
		}
		last = f.T
	}
	for _, o := range k.Flush() {
		each(last, o)
	}
}

// shotStruckAt runs a 9-foot table's tracker at 60 fps over rendered frames fs
// and returns the shot struck within 50 ms of start.
func shotStruckAt(t *testing.T, fs []renderedFrame, start float64) *shot.Shot {
	t.Helper()
	shots := renderedShots(t, fs)
	for _, s := range shots {
		if math.Abs(*s.Start-start) < 0.05 {
			return s
		}
	}
	t.Fatalf("no shot struck at %.3f s; got %d shots", start, len(shots))
	return nil
}

// TestCarriedOnAfterCushion runs the tracker on the detector's view of an 8-ball
// break. Ball 11 comes off the head cushion at 2.95 s; the detections after the
// bounce go to an unidentified track (its own path, predicted on into the
// cushion, loses them to it), and ball 11's track is lost by the cushion. Cause
// fixed: after half a second unseen it was told off the table (a ball lost over
// a cushion at speed), an object_ball_off_table foul on a legal break. The track
// that carries its detections on must take its identity: no ball the truth keeps
// on the bed may be told off the table, and ball 11 must end where it truly is.
func TestCarriedOnAfterCushion(t *testing.T) {
	fs := loadRendered(t, "testdata/break-8ball-rendered.json.gz")
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	onBed := map[int]bool{}
	var obs []Obs
	for _, f := range fs {
		obs = f.obs(obs[:0])
		for _, x := range f.Truth {
			onBed[int(x[0])] = x[3] == 1
		}
		out, err := k.Push(f.T, obs)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			if o.Kind == OutEvent && o.Event.Kind == shot.OffTable && onBed[o.Event.Ball] {
				t.Errorf("%.4f: ball %d told off the table, but it is on the bed (truth)", f.T, o.Event.Ball)
			}
		}
	}
	last := fs[len(fs)-1]
	var want table.Point
	for _, x := range last.Truth {
		if x[0] == 11 {
			want = table.Point{X: x[1], Y: x[2]}
		}
	}
	found := false
	for _, b := range k.Balls(nil) {
		if b.Ball == 11 && !b.Gone {
			found = true
			if d := b.At.Dist(want); d > 30 {
				t.Errorf("ball 11 at %v, %.0f mm from where it truly is (%v)", b.At, d, want)
			}
		}
	}
	if !found {
		t.Errorf("ball 11 not on the bed at %.2f s; truth %v", last.T, want)
	}
}

// TestRestAgainstCushion rolls the cue ball into the head cushion, where it
// stops. The detector's centre for a ball resting against a cushion wanders over
// more than a centimetre (measured on rendered frames: 7 to 17 mm off the
// cushion's side of the true centre, ±7 mm along it). Cause fixed: the rest
// test wanted the detections within 3.5 mm of their median, so the ball never
// came to rest, the shot never ended and the next stroke was taken into it (a
// shot not tracked). The shot must end within a second of the stop.
func TestRestAgainstCushion(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	for seed := int64(1); seed <= 3; seed++ {
		rng := rand.New(rand.NewSource(seed))
		k, err := New(Config{Table: tab9, FPS: 60})
		if err != nil {
			t.Fatal(err)
		}
		rest := P(tab9.BallR+2.4, 1081)
		const v0, t0 = 800.0, 1.0 // speed at the stroke (mm/s), stroke time (s)
		a := v0 * v0 / (2 * 700)  // stops 700 mm on
		stop := t0 + v0/a
		from := P(rest.X+700, rest.Y)
		ended := math.NaN()
		for f := 0; f < 60*6; f++ {
			tt := (float64(f) + 0.5) / 60
			var at table.Point
			switch {
			case tt < t0:
				at = from.Add(P(rng.NormFloat64(), rng.NormFloat64()))
			case tt < stop:
				s := tt - t0
				at = from.Add(P(-(v0*s - a*s*s/2), 0)).Add(P(rng.NormFloat64(), rng.NormFloat64()))
			default:
				at = rest.Add(P(4+14*rng.Float64(), 14*rng.Float64()-7))
			}
			obs := []Obs{{Ball: 0, At: at, Confidence: 0.8, Class: ClassCue},
				{Ball: 5, At: P(1500, 400).Add(P(rng.NormFloat64(), rng.NormFloat64())), Confidence: 0.9, Class: ClassSolid}}
			out, err := k.Push(tt, obs)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range out {
				if o.Kind == OutShot && math.IsNaN(ended) {
					ended = tt
				}
			}
		}
		if math.IsNaN(ended) || ended > stop+1 {
			t.Errorf("seed %d: shot ended at %.2f s, want within 1 s of the stop at %.2f s", seed, ended, stop)
		}
	}
}

// TestBackOutOfTheJaws runs the tracker on the detector's view of an 8-ball shot
// (cueref bench, seed 1, 52 to 56.5 s) in which the cue ball hits the jaw of a
// side pocket at 54.67 s, is not detected for six frames while it hangs in the
// mouth, and rolls back out. Cause fixed: the cue ball, the last ball moving, was
// taken for pocketed on the second frame unseen and the shot ended at once, so
// the ball seen again was no longer part of it: a cue_ball_pocketed foul. A shot
// now waits goneHold after a pocket. No shot may pocket a ball the truth keeps on
// the bed, and the cue ball must end where it truly is.
func TestBackOutOfTheJaws(t *testing.T) {
	fs := loadRendered(t, "testdata/jaw-8ball-rendered.json.gz")
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	var obs []Obs
	var shots []*shot.Shot
	for _, f := range fs {
		obs = f.obs(obs[:0])
		out, err := k.Push(f.T, obs)
		if err != nil {
			t.Fatal(err)
		}
		shots = appendShots(shots, out)
	}
	last := fs[len(fs)-1]
	onBed := map[int]table.Point{}
	for _, x := range last.Truth {
		if x[3] == 1 {
			onBed[int(x[0])] = table.Point{X: x[1], Y: x[2]}
		}
	}
	for _, s := range shots {
		for _, e := range s.Events {
			if _, ok := onBed[e.Ball]; ok && e.Kind == shot.Pocketed {
				t.Errorf("shot at %.2f s: ball %d pocketed at %.2f s, but it is on the bed (truth)", *s.Start, e.Ball, *s.Start+e.T)
			}
		}
	}
	for _, b := range k.Balls(nil) {
		if b.Ball == 0 && !b.Gone {
			if d := b.At.Dist(onBed[0]); d > 40 {
				t.Errorf("cue ball at %v, %.0f mm from where it truly is (%v)", b.At, d, onBed[0])
			}
			return
		}
	}
	t.Errorf("cue ball not on the bed at %.2f s; truth %v", last.T, onBed[0])
}

// TestLostInTheMouth runs the tracker on the detector's view of an 8-ball shot
// (cueref bench, seed 1, 69 to 78.5 s) in which the cue ball creeps into a side
// pocket at 0.3 m/s. The detector loses it a few centimetres before the mouth,
// and its last centres, pulled towards the cushion, make the fitted path run
// along the rail rather than into the pocket. Cause fixed: nothing told the
// drop; the ball was taken to rest where last seen, then for lifted (a missed
// cue_ball_pocketed foul). A moving ball lost in a pocket's mouth, moving
// towards the pocket, dropped: the shot must pocket the cue ball there (told
// unseen, so the shot goes to review).
func TestLostInTheMouth(t *testing.T) {
	fs := loadRendered(t, "testdata/mouth-8ball-rendered.json.gz")
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range fs[len(fs)-1].Truth {
		if x[0] == 0 && x[3] == 1 {
			t.Fatalf("the cue ball is on the bed at the end (truth): the test data are not the shot described")
		}
	}
	var obs []Obs
	pocketed := false
	for _, f := range fs {
		obs = f.obs(obs[:0])
		out, err := k.Push(f.T, obs)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range out {
			if o.Kind != OutShot {
				continue
			}
			for _, e := range o.Shot.Events {
				if e.Kind == shot.Pocketed && e.Ball == 0 {
					pocketed = true
					if e.Pocket != string(table.SL) {
						t.Errorf("cue ball pocketed in %s, want %s", e.Pocket, table.SL)
					}
				}
			}
		}
	}
	if !pocketed {
		t.Errorf("no shot pockets the cue ball")
	}
}
