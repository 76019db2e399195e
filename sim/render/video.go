package render

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// Timeline constants: times in seconds, distances in mm.
const (
	enterTime    = 0.9  // the shooter moves in
	placeTime    = 0.45 // after the start of the aim: balls in hand or spotted appear
	backswingAt  = 0.5  // before the stroke: the final backswing starts
	followTime   = 0.12 // follow-through
	withdrawAt   = 0.45 // after the stroke: the shooter starts to withdraw
	withdrawTime = 1.0
	restTime     = 0.7 // after the last ball stops
	enterDist    = 1600.0
	backswing    = 150.0 // mm
	followDist   = 90.0  // mm
)

// clip is one shot of the video: aiming, stroke, motion, rest.
type clip struct {
	index  int // into Match.Shots
	motion *sim.Motion
	start  float64 // video time the aim starts
	aim    float64 // aiming time before the stroke
	length float64
	prev   []ballSample // the balls at rest before the balls in hand are placed
	base   map[int][9]float64
	dir    table.Point
	cue    table.Point
	stroke float64 // forward-stroke time, s
	player *player
	hasCue bool
}

// Video renders a match as a stream of frames with ground truth.
type Video struct {
	cfg      Config
	r        *renderer
	clips    []*clip
	duration float64
	frames   int
	next     int
	states   []sim.BallState
	samples  [][]ballSample
	at       []ballSample
	rigs     []pose
	truth    []TruthBall
}

// clipSource is one shot to render: its motion, who plays it and, when known,
// the stroke's direction (radians) and cue speed (mm/s).
type clipSource struct {
	motion  *sim.Motion
	shooter string
	angle   float64
	speed   float64
	stroke  bool
}

func newVideo(t table.Table, sources []clipSource, cfg Config) (*Video, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if len(sources) == 0 {
		return nil, errors.New("render: no shots to render")
	}
	r, err := newRenderer(t, cfg)
	if err != nil {
		return nil, err
	}
	v := &Video{cfg: cfg, r: r}
	rng := rand.New(rand.NewSource(cfg.Seed ^ 0x71de0))
	players := map[string]*player{}
	base := map[int][9]float64{}
	var prev []ballSample
	var prevMotion *sim.Motion
	now := 0.0
	var st []sim.BallState
	for i, src := range sources {
		m := src.motion
		c := &clip{index: i, motion: m, start: now, aim: 1.5 + 1.1*rng.Float64()}
		name := src.shooter
		if name == "" {
			name = fmt.Sprint(i % 2)
		}
		if players[name] == nil {
			players[name] = newPlayer(rng)
		}
		c.player = players[name]
		// Orientation: a ball that stays where it was keeps its turn from the last
		// shot; a ball placed anew gets a random one.
		st = m.State(0, st)
		c.base = map[int][9]float64{}
		var last map[int]sim.BallState
		if prevMotion != nil {
			last = map[int]sim.BallState{}
			for _, b := range prevMotion.State(prevMotion.Duration()+1, nil) {
				if !b.Gone {
					last[b.Ball] = b
				}
			}
		}
		for _, b := range st {
			if lb, ok := last[b.Ball]; ok && lb.Pos.Dist(b.Pos) < 0.05 {
				c.base[b.Ball] = mulOrient(lb.Orient, base[b.Ball])
			} else {
				c.base[b.Ball] = randomOrient(rng)
			}
		}
		base = c.base
		if prev == nil {
			for i := range st {
				st[i].Vel = table.Point{}
			}
			prev = v.layoutSamples(st, c.base, prev)
		}
		c.prev = prev
		// The stroke: its direction from the cue ball's first motion.
		if cb, ok := m.Ball(0, 0); ok {
			c.hasCue = true
			c.cue = cb.Pos
			c.dir = table.Point{X: 1}
			speed := 0.0
			if b1, ok := m.Ball(0, 1e-4); ok && b1.Vel.Len() > 1 {
				c.dir = b1.Vel.Scale(1 / b1.Vel.Len())
				speed = b1.Vel.Len() / 1.5
			}
			if src.stroke {
				c.dir = table.Point{X: math.Cos(src.angle), Y: math.Sin(src.angle)}
				speed = src.speed
			}
			vc := math.Max(speed, 200)
			c.stroke = math.Max(0.07, math.Min(0.35, 2*backswing/vc))
		}
		c.length = c.aim + math.Max(m.Duration()+restTime, withdrawAt+withdrawTime)
		now += c.length
		v.clips = append(v.clips, c)
		// What the next shot starts from: this one's balls at rest.
		end := m.State(m.Duration()+1, nil)
		prev = nil
		for _, b := range end {
			if b.Gone {
				continue
			}
			prev = append(prev, ballSample{ball: b.Ball, pos: b.Pos, z: b.Z, onBed: b.OnBed,
				orient: mulOrient(b.Orient, c.base[b.Ball])})
		}
		prevMotion = m
	}
	v.duration = now
	v.frames = int(math.Ceil(now*cfg.FPS - 1e-9))
	return v, nil
}

// layoutSamples converts states to samples with the given base turns. Gone balls
// stay in the list (flagged) so that every instant of a frame has the same balls.
func (v *Video) layoutSamples(st []sim.BallState, base map[int][9]float64, dst []ballSample) []ballSample {
	dst = dst[:0]
	for _, b := range st {
		dst = append(dst, ballSample{ball: b.Ball, pos: b.Pos, z: b.Z, onBed: b.OnBed, vel: b.Vel,
			orient: mulOrient(b.Orient, base[b.Ball]), gone: b.Gone})
	}
	return dst
}

// Calibration is the true calibration of the video's camera.
func (v *Video) Calibration() *calibration.Calibration { return v.r.cal }

// Duration is the length of the video in seconds.
func (v *Video) Duration() float64 { return v.duration }

// Frames is the number of frames: ⌈Duration·FPS⌉.
func (v *Video) Frames() int { return v.frames }

// FPS is the frame rate.
func (v *Video) FPS() float64 { return v.cfg.FPS }

// Size is the frame size, width and height.
func (v *Video) Size() [2]int { return v.cfg.Size }

// Seek makes frame the next one Next renders (0 ≤ frame ≤ Frames()). The frames
// do not depend on what was rendered before.
func (v *Video) Seek(frame int) error {
	if frame < 0 || frame > v.frames {
		return fmt.Errorf("render: seek to frame %d: the video has %d frames", frame, v.frames)
	}
	v.next = frame
	return nil
}

// FrameAt returns the first frame at or after shotT seconds from the stroke of
// shot (an index into Match.Shots; negative shotT: while aiming).
func (v *Video) FrameAt(shot int, shotT float64) (int, error) {
	if shot < 0 || shot >= len(v.clips) {
		return 0, fmt.Errorf("render: shot %d: the video has %d shots", shot, len(v.clips))
	}
	c := v.clips[shot]
	if shotT < -c.aim || shotT >= c.length-c.aim {
		return 0, fmt.Errorf("render: shot %d runs from %.3f s to %.3f s about its stroke, not %.3f s", shot, -c.aim, c.length-c.aim, shotT)
	}
	return int(math.Ceil((c.start+c.aim+shotT)*v.cfg.FPS - 1e-9)), nil
}

// Close frees the renderer.
func (v *Video) Close() error {
	if v.r != nil {
		v.r.Close()
		v.r = nil
	}
	return nil
}

// clipAt returns the clip playing at video time T.
func (v *Video) clipAt(T float64) *clip {
	lo, hi := 0, len(v.clips)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if v.clips[mid].start <= T {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return v.clips[lo]
}

// ballsAt fills dst with clip c's balls at shot time s.
func (v *Video) ballsAt(c *clip, s float64, placed bool, dst []ballSample) []ballSample {
	if !placed {
		return append(dst[:0], c.prev...)
	}
	v.states = c.motion.State(s, v.states)
	if s < 0 {
		// Before the stroke everything is at rest (the motion's state at 0 already
		// has the cue ball's launch speed).
		for i := range v.states {
			v.states[i].Vel = table.Point{}
		}
	}
	return v.layoutSamples(v.states, c.base, dst)
}

// poseAt returns the shooter's pose at shot time s, and false when the shooter is
// away from the table.
func (c *clip) poseAt(s float64) (pose, bool) {
	if !c.hasCue || s < -c.aim || s > withdrawAt+withdrawTime {
		return pose{}, false
	}
	p := pose{cue: c.cue, dir: c.dir}
	ease := func(x float64) float64 { x = clamp01(x); return x * x * (3 - 2*x) }
	p0 := -c.aim + enterTime
	gapAt := func(s float64) float64 {
		// Practice strokes between 35 and 85 mm from the ball.
		if s < p0 {
			return 60
		}
		return 35 + 50*(1-math.Cos(2*math.Pi*(s-p0)/0.8+math.Acos(1-2*25.0/50)))/2
	}
	switch {
	case s < p0:
		p.gap = gapAt(s)
		p.enter = enterDist * (1 - ease((s+c.aim)/enterTime))
	case s < -backswingAt:
		p.gap = gapAt(s)
	case s < -c.stroke:
		g0 := gapAt(-backswingAt)
		p.gap = g0 + (backswing-g0)*ease((s+backswingAt)/(backswingAt-c.stroke))
	case s < 0:
		x := -s / c.stroke
		p.gap = backswing * x * x
	case s < withdrawAt:
		p.gap = -followDist * ease(s/followTime)
	default:
		x := ease((s - withdrawAt) / withdrawTime)
		p.gap = -followDist
		p.enter = enterDist * x
		p.lift = 120 * x
	}
	return p, true
}

// Next renders the next frame into dst (allocated or resized as needed) and
// returns its ground truth; io.EOF after the last frame. The truth's Balls slice
// is reused by the next call.
func (v *Video) Next(dst *gocv.Mat) (FrameTruth, error) {
	if v.r == nil {
		return FrameTruth{}, errors.New("render: video closed")
	}
	if v.next >= v.frames {
		return FrameTruth{}, io.EOF
	}
	k := v.next
	v.next++
	T := float64(k) / v.cfg.FPS
	c := v.clipAt(T)
	s := T - c.start - c.aim
	placed := s >= -c.aim+placeTime
	exp := v.cfg.Exposure / v.cfg.FPS
	// How many instants to average: enough that a moving ball moves ≤ 2.5 px
	// (a fraction of its radius) between them.
	lo, hi := math.Max(c.start, T-exp/2), math.Min(c.start+c.length, T+exp/2)
	sLo, sHi := lo-c.start-c.aim, hi-c.start-c.aim
	if !placed {
		sLo, sHi = s, s
	}
	v.at = v.ballsAt(c, s, placed, v.at)
	K := 1
	if v.cfg.Blur && placed {
		pxmm := v.r.sc.cam.Focal / v.r.sc.cam.Pos[2]
		var maxV float64
		for _, tt := range []float64{sLo, s, sHi} {
			if tt < 0 {
				continue
			}
			v.states = c.motion.State(tt, v.states)
			for _, b := range v.states {
				if !b.Gone {
					maxV = math.Max(maxV, b.Vel.Len())
				}
			}
		}
		K = min(12, 1+int(math.Ceil(maxV*(sHi-sLo)*pxmm/2.5)))
	}
	for len(v.samples) < K {
		v.samples = append(v.samples, nil)
	}
	v.samples = v.samples[:K]
	for i := 0; i < K; i++ {
		ss := s
		if K > 1 {
			ss = sLo + (sHi-sLo)*float64(i)/float64(K-1)
		}
		v.samples[i] = v.ballsAt(c, ss, placed, v.samples[i])
	}
	spec := &frameSpec{samples: v.samples, at: v.at, player: c.player}
	v.rigs = v.rigs[:0]
	if v.cfg.Occluders {
		if p, ok := c.poseAt(s); ok {
			n := 1
			if v.cfg.Blur {
				a, okA := c.poseAt(sLo)
				b, okB := c.poseAt(sHi)
				if okA && okB {
					d := math.Abs(a.gap-b.gap) + math.Abs(a.enter-b.enter)
					n = min(8, 1+int(math.Ceil(d*v.r.sc.cam.Focal/v.r.sc.cam.Pos[2]/2.5)))
				}
			}
			if n == 1 {
				v.rigs = append(v.rigs, p)
			} else {
				for i := 0; i < n; i++ {
					q, _ := c.poseAt(sLo + (sHi-sLo)*float64(i)/float64(n-1))
					v.rigs = append(v.rigs, q)
				}
			}
		}
	}
	spec.rigs = v.rigs
	truth, err := v.r.drawFrame(dst, spec, v.truth, k)
	if err != nil {
		return FrameTruth{}, err
	}
	v.truth = truth
	return FrameTruth{Frame: k, T: T, Shot: c.index, ShotT: s, Balls: truth}, nil
}
