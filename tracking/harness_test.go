package tracking

import (
	"fmt"
	"math"
	"os"
	"sort"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// runFrames feeds frames to a new tracker and collects what it says.
func runFrames(t testing.TB, tab table.Table, frames []Frame, lag *[2]string) (shots []*shot.Shot, lags []*shot.Lag, live []Output) {
	t.Helper()
	// The toy world's balls never slide: they slow at its one deceleration.
	return runConfig(t, Config{Table: tab, SlideDecel: toyDecel}, frames, lag)
}

// runConfig feeds frames to a new tracker of configuration cfg (TRACKTRACE
// in the environment turns its trace on) and collects what it says.
func runConfig(t testing.TB, cfg Config, frames []Frame, lag *[2]string) (shots []*shot.Shot, lags []*shot.Lag, live []Output) {
	t.Helper()
	if os.Getenv("TRACKTRACE") != "" {
		cfg.Trace = func(f string, a ...any) { fmt.Printf(f+"\n", a...) }
	}
	k, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if lag != nil {
		k.ExpectLag(lag[0], lag[1])
	}
	collect := func(out []Output) {
		for _, o := range out {
			switch o.Kind {
			case OutShot:
				shots = append(shots, o.Shot)
			case OutLag:
				lags = append(lags, o.Lag)
			case OutEvent:
				live = append(live, o)
			}
		}
	}
	for _, f := range frames {
		out, err := k.PushFrame(f)
		if err != nil {
			t.Fatalf("frame at %.3f: %v", f.T, err)
		}
		collect(out)
	}
	collect(k.Flush())
	return shots, lags, live
}

// match pairs true and tracked events of one shot: same kind, same balls, times
// within the kind's tolerance. Times are absolute (tracked ones are shifted by the
// shot's start).
type evMatch struct {
	truth, got shot.Event
}

func tolFor(kind string) float64 {
	switch kind {
	case shot.Contact:
		return 0.010
	case shot.RailHit, shot.Strike:
		return 0.020
	case shot.Pocketed, shot.OffTable:
		return 0.150
	case shot.Stop:
		return 0.6
	}
	return 0.05
}

func sameBalls(a, b shot.Event) bool {
	switch a.Kind {
	case shot.Contact:
		return (a.A == b.A && a.B == b.B) || (a.A == b.B && a.B == b.A)
	case shot.Stop:
		return true
	case shot.RailHit:
		return a.Ball == b.Ball && a.Rail == b.Rail
	case shot.Pocketed:
		return a.Ball == b.Ball && a.Pocket == b.Pocket
	}
	return a.Ball == b.Ball
}

// matchEvents returns the matched pairs, the true events missed and the tracked
// events that match nothing. got must be in absolute time.
func matchEvents(truth, got []shot.Event) (m []evMatch, missed, extra []shot.Event) {
	used := make([]bool, len(got))
	for _, te := range truth {
		best, bd := -1, math.Inf(1)
		for j, ge := range got {
			if used[j] || ge.Kind != te.Kind || !sameBalls(te, ge) {
				continue
			}
			if d := math.Abs(ge.T - te.T); d <= tolFor(te.Kind) && d < bd {
				best, bd = j, d
			}
		}
		if best < 0 {
			missed = append(missed, te)
			continue
		}
		used[best] = true
		m = append(m, evMatch{te, got[best]})
	}
	for j, ge := range got {
		if !used[j] {
			extra = append(extra, ge)
		}
	}
	return
}

// noPocket fails the test if shot s tells ball b pocketed; where says where
// the ball is wanted instead.
func noPocket(t *testing.T, s *shot.Shot, b int, where string) {
	t.Helper()
	for _, e := range s.Events {
		if e.Kind == shot.Pocketed && e.Ball == b {
			t.Errorf("got ball %d pocketed at %.3f s; want it %s; events:%s", b, e.T, where, fmtEvents(absEvents(s)))
		}
	}
}

// railHitsOf returns the times (s, from the source's start) at which shot s
// tells ball b hitting the rail.
func railHitsOf(s *shot.Shot, b int, rail string) []float64 {
	var ts []float64
	for _, e := range s.Events {
		if e.Kind == shot.RailHit && e.Ball == b && e.Rail == rail {
			ts = append(ts, e.T+*s.Start)
		}
	}
	return ts
}

func absEvents(s *shot.Shot) []shot.Event {
	out := make([]shot.Event, len(s.Events))
	for i, e := range s.Events {
		e.T += *s.Start
		out[i] = e
	}
	return out
}

func fmtEvents(es []shot.Event) string {
	s := ""
	for _, e := range es {
		switch e.Kind {
		case shot.Contact:
			s += fmt.Sprintf(" %.4f contact %d-%d;", e.T, e.A, e.B)
		case shot.RailHit:
			s += fmt.Sprintf(" %.4f rail %d %s;", e.T, e.Ball, e.Rail)
		case shot.Pocketed:
			s += fmt.Sprintf(" %.4f pocket %d %s;", e.T, e.Ball, e.Pocket)
		case shot.Stop:
			s += fmt.Sprintf(" %.4f stop;", e.T)
		default:
			s += fmt.Sprintf(" %.4f %s %d;", e.T, e.Kind, e.Ball)
		}
	}
	return s
}

func sortEvents(es []shot.Event) {
	sort.SliceStable(es, func(i, j int) bool { return es[i].T < es[j].T })
}

// appendShots appends the shot records among a tracker's outputs to shots.
func appendShots(shots []*shot.Shot, out []Output) []*shot.Shot {
	for _, o := range out {
		if o.Kind == OutShot {
			shots = append(shots, o.Shot)
		}
	}
	return shots
}

// pushed feeds frames to a new tracker of configuration cfg and returns it,
// with the shots it told, for tests that look at its state after.
func pushed(t testing.TB, cfg Config, frames []Frame) (*Tracker, []*shot.Shot) {
	t.Helper()
	k, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var shots []*shot.Shot
	for _, f := range frames {
		out, err := k.PushFrame(f)
		if err != nil {
			t.Fatal(err)
		}
		shots = appendShots(shots, out)
	}
	return k, shots
}

// fixtureShot30 runs the tracker at 30 fps on the rendered or camera-model
// fixture file (a game of n balls) and returns the shot struck within
// within (s) of stroke.
func fixtureShot30(t *testing.T, file string, n int, stroke, within float64) *shot.Shot {
	t.Helper()
	fs := loadRendered(t, file)
	return shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 30, Balls: gameBalls(n)}), stroke, within)
}
