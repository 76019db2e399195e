package sim

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// lagStroke is a lag stroke for one ball (index i in the two-ball layout).
type lagStroke struct {
	speed, angle float64
}

// lagTarget finds by bisection the cue speed that sends a ball from start up to
// the foot rail and back to rest dist mm from the head rail's nose, alone on the
// table.
func (pl *player) lagTarget(start table.Point, dist float64) float64 {
	lo, hi := 0.3, 4.0
	for k := 0; k < 30; k++ {
		mid := 0.5 * (lo + hi)
		m, err := pl.lagRun(Layout{0: start}, []lagStroke{{mid, 0}})
		if err != nil {
			return mid
		}
		end, ok := m.After()[0]
		foot, head := false, false
		for _, e := range m.Events() {
			foot = foot || (e.Kind == shot.RailHit && e.Rail == string(table.Foot))
			head = head || (e.Kind == shot.RailHit && e.Rail == string(table.Head))
		}
		switch {
		case !ok || head || (foot && end.X-pl.R < dist):
			hi = mid // too fast: back to the head rail, or nearer it than dist
		default:
			lo = mid
		}
	}
	return 0.5 * (lo + hi)
}

// lagRun simulates the balls of l (0 and 1) struck together.
func (pl *player) lagRun(l Layout, s []lagStroke) (*Motion, error) {
	sm, err := newSimulator(pl.t, pl.p, l, nil)
	if err != nil {
		return nil, err
	}
	for i := range s {
		v, w := sm.ph.strike(s[i].speed, s[i].angle, 0, 0.1, 0)
		sm.set(i, v, w)
		sm.evs = append(sm.evs, shot.Event{Kind: shot.Strike, Ball: sm.ids[i]})
	}
	return sm.run(pl.t, l)
}

// lag plays the lag for the break (rule 1.5): both players at once from behind the
// head string, each in his own half, up to the foot rail and back. The record's
// events per ball are its rails, pocket, off_table and its crossing of the long
// axis (found on the analytic path to a microsecond).
func (pl *player) lag() (*shot.Lag, *Motion) {
	t := pl.t
	rng := pl.rng
	l := Layout{}
	var strokes []lagStroke
	for i := range 2 {
		y := t.W/4 + (rng.Float64()*2-1)*t.W*0.08
		if i == 1 {
			y = t.W - y
		}
		start := table.Point{X: round2(t.HeadString() - 60 - 60*rng.Float64()), Y: round2(y)}
		l[i] = start
		v := pl.lagTarget(start, 20+200*rng.Float64())
		v *= 1 + rng.NormFloat64()*pl.cfg.SpeedError*0.5
		strokes = append(strokes, lagStroke{speed: v, angle: rng.NormFloat64() * pl.cfg.Skill * 2})
	}
	m, err := pl.lagRun(l, strokes)
	if err != nil {
		return nil, nil
	}
	rec := &shot.Lag{Balls: map[string]shot.LagBall{}}
	for i, name := range pl.cfg.Players {
		var evs []shot.Event
		for _, e := range m.Events() {
			switch e.Kind {
			case shot.RailHit, shot.Pocketed, shot.OffTable:
				if e.Ball == i {
					e.Ball = 0
					evs = append(evs, e)
				}
			}
		}
		if tc, ok := pl.crossing(m, i, l[i].Y < t.W/2); ok {
			evs = append(evs, shot.Event{T: tc, Kind: shot.Cross})
		}
		sortEvents(evs)
		lb := shot.LagBall{Events: evs}
		if q, ok := m.After()[i]; ok {
			p := shot.FromP(q)
			lb.Rest = &p
		}
		if lb.Events == nil {
			lb.Events = []shot.Event{}
		}
		rec.Balls[name] = lb
	}
	return rec, m
}

// crossing finds when ball i's centre first crosses y = W/2 (from the low side when
// low), scanning the motion every 5 ms and bisecting the crossing.
func (pl *player) crossing(m *Motion, i int, low bool) (float64, bool) {
	mid := pl.t.W / 2
	side := func(t float64) bool {
		st, _ := m.Ball(i, t)
		return (st.Pos.Y > mid) == low && st.OnBed
	}
	prev := 0.0
	for t := 0.005; t < m.Duration()+0.005; t += 0.005 {
		if side(t) {
			a, b := prev, t
			for k := 0; k < 40; k++ {
				c := 0.5 * (a + b)
				if side(c) {
					b = c
				} else {
					a = c
				}
			}
			return math.Round(b*1e6) / 1e6, true
		}
		prev = t
	}
	return 0, false
}

func sortEvents(evs []shot.Event) {
	for i := 1; i < len(evs); i++ {
		for j := i; j > 0 && evs[j].T < evs[j-1].T; j-- {
			evs[j], evs[j-1] = evs[j-1], evs[j]
		}
	}
}
