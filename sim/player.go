package sim

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand"
	"sort"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// MatchConfig sets up a simulated match between two automatic players.
type MatchConfig struct {
	Game    string      // "8ball", "9ball", "10ball" or "14.1"
	Racks   int         // racks to play (14.1: racks of fifteen, counting re-racks); ≥ 1
	Seed    int64       // everything random (players and physics) comes from this seed
	Table   table.Table // a standard size (7ft, 8ft or 9ft): the rules engine knows only those
	Players [2]string   // the first breaks the first rack
	// Skill is the players' aim error: the standard deviation of the stroke's
	// direction in radians. 0 means the default, 0.006 (a decent club player);
	// a negative value means perfect aim.
	Skill float64
	// SpeedError is the relative standard deviation of the stroke's speed
	// (default 0.06).
	SpeedError float64
	// FoulRate is the chance per shot of a deliberate foul the camera can see:
	// wrong ball first, no rail, no contact or a scratch (default 0.04; negative
	// for none).
	FoulRate float64
	// PushOutRate is the chance of a push-out when one is allowed (9- and 10-ball,
	// default 0.2; negative for none).
	PushOutRate float64
	Race        int // racks to win the match, written in the game record (0: none)
	Target      int // 14.1 points target (default 150)
	// Lag plays a lag for the break (rule 1.5) before the first rack; the lag's
	// winner breaks (or passes). Without it the first player breaks.
	Lag    bool
	Params *Params // physics; nil for DefaultParams()
	// MaxShots bounds the shots of the match (default 400 per rack); reaching it
	// ends the match early without an error.
	MaxShots int
}

// Match is a simulated match: the ground-truth shot log, the rules engine's rulings
// and every physical shot.
type Match struct {
	Records []shot.Record // the shot log: game, shots, decisions (what shots.jsonl holds)
	Rulings []shot.Ruling // the engine's ruling for each record
	Shots   []*ShotSim    // every physical shot in order
	Lags    []*LagSim     // the lag (and re-lags), when MatchConfig.Lag
}

// LagSim is one lag: both players' balls in one motion (ball 0 is the first
// player's, ball 1 the second's).
type LagSim struct {
	Index  int // index into Match.Records
	Record *shot.Lag
	Motion *Motion
}

// ShotSim is one physical shot of a match.
type ShotSim struct {
	Index   int // index into Match.Records
	Shooter string
	Record  *shot.Shot
	Motion  *Motion
	Before  Layout
	Stroke  Stroke
	// Intent is what the player meant: "break", "pot", "safety", "push_out", or a
	// deliberate foul "foul:" + wrong_ball_first, no_rail, no_contact or
	// cue_ball_pocketed.
	Intent string
}

// WriteJSONL writes the shot log, one record a line.
func (m *Match) WriteJSONL(w io.Writer) error {
	for _, r := range m.Records {
		b, err := shot.Encode(r)
		if err != nil {
			return fmt.Errorf("sim: %w", err)
		}
		b = append(b, '\n')
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("sim: %w", err)
		}
	}
	return nil
}

// player is the automatic player (both players share it; they differ only in
// their luck).
type player struct {
	cfg MatchConfig
	t   table.Table
	p   Params
	rng *rand.Rand
	R   float64 // ball radius, mm
	pk  [6]table.Pocket
	g   *geometry
}

func (c *MatchConfig) defaults() error {
	switch c.Game {
	case "8ball", "9ball", "10ball", "14.1":
	default:
		return fmt.Errorf("sim: unknown game %q (want 8ball, 9ball, 10ball or 14.1)", c.Game)
	}
	if c.Racks < 1 {
		return fmt.Errorf("sim: racks %d: want at least 1", c.Racks)
	}
	if _, err := table.New(c.Table.Name); err != nil {
		return fmt.Errorf("sim: table %q: the rules engine needs a standard size (7ft, 8ft or 9ft)", c.Table.Name)
	}
	if std := table.MustNew(c.Table.Name); std != c.Table {
		return fmt.Errorf("sim: table %q differs from the standard %s table", c.Table.Name, c.Table.Name)
	}
	if c.Players[0] == "" || c.Players[1] == "" || c.Players[0] == c.Players[1] {
		return errors.New("sim: a match needs two different player names")
	}
	if c.Params != nil {
		if err := c.Params.Validate(); err != nil {
			return err
		}
	}
	if c.Skill == 0 {
		c.Skill = 0.006
	}
	if c.Skill < 0 {
		c.Skill = 0
	}
	if c.SpeedError == 0 {
		c.SpeedError = 0.06
	}
	if c.FoulRate == 0 {
		c.FoulRate = 0.04
	}
	if c.PushOutRate == 0 {
		c.PushOutRate = 0.2
	}
	if c.Target == 0 && c.Game == "14.1" {
		c.Target = 150
	}
	if c.MaxShots == 0 {
		c.MaxShots = 400 * c.Racks
	}
	return nil
}

// PlayMatch plays a match between two automatic players through the rules engine:
// a game record, then every break, shot and decision until Racks racks are done,
// the match is over or MaxShots is reached. The same config gives the same match.
func PlayMatch(cfg MatchConfig) (*Match, error) {
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	p := DefaultParams()
	if cfg.Params != nil {
		p = *cfg.Params
	}
	pl := &player{cfg: cfg, t: cfg.Table, p: p, rng: rand.New(rand.NewSource(cfg.Seed)),
		R: cfg.Table.BallR, pk: cfg.Table.Pockets(), g: cachedGeometry(cfg.Table, p)}
	e := rules.New()
	m := &Match{}
	apply := func(rec shot.Record) (shot.Ruling, error) {
		seq := len(m.Records) + 1
		r := e.Apply(seq, rec)
		if r.Kind == shot.KindError {
			b, _ := shot.Encode(rec)
			return r, fmt.Errorf("sim: the rules engine rejected record %d: %s (record %s)", seq, r.Error, b)
		}
		m.Records = append(m.Records, rec)
		m.Rulings = append(m.Rulings, r)
		return r, nil
	}
	g := &shot.Game{Game: cfg.Game, Players: []string{cfg.Players[0], cfg.Players[1]}, Breaker: cfg.Players[0],
		Table: cfg.Table.Name, Race: cfg.Race, Target: cfg.Target}
	if cfg.Game != "14.1" {
		g.Target = 0
	}
	if _, err := apply(g); err != nil {
		return nil, err
	}
	for lags := 0; cfg.Lag && lags < 5; lags++ {
		rec, mo := pl.lag()
		if rec == nil {
			break
		}
		r, err := apply(rec)
		if err != nil {
			return m, err
		}
		m.Lags = append(m.Lags, &LagSim{Index: len(m.Records) - 1, Record: rec, Motion: mo})
		if _, ok := r.LagWinner(); ok {
			break
		}
	}
	for shots := 0; shots < cfg.MaxShots; {
		st := e.Snapshot()
		switch {
		case st.MatchOver != nil:
			return m, nil
		case st.GameOver != nil && st.Rack >= cfg.Racks:
			return m, nil
		case st.Rack > cfg.Racks:
			return m, nil
		}
		if len(st.Pending) > 0 {
			if _, err := apply(&shot.Decision{Choice: pl.decide(st)}); err != nil {
				return m, err
			}
			continue
		}
		layout, err := pl.layout(st)
		if err != nil {
			return m, err
		}
		stroke, call, intent := pl.choose(st, layout)
		mo, err := Simulate(pl.t, pl.p, layout, stroke, pl.rng)
		if err != nil {
			return m, fmt.Errorf("sim: shot %d (%s, %s): %w", shots+1, st.Next, intent, err)
		}
		rec := mo.Shot(call)
		if _, err := apply(rec); err != nil {
			return m, err
		}
		m.Shots = append(m.Shots, &ShotSim{Index: len(m.Records) - 1, Shooter: st.Next, Record: rec, Motion: mo,
			Before: layout, Stroke: stroke, Intent: intent})
		shots++
	}
	return m, nil
}

func round2(v float64) float64 { return math.Round(v*100) / 100 }

// layout is the table the next shot is played on: a fresh rack for a break, else
// the engine's layout (after spots and re-racks), with the cue ball placed when in
// hand. Positions are rounded to the shot log's 0.01 mm.
func (pl *player) layout(st rules.State) (Layout, error) {
	l := Layout{}
	if st.Breaking {
		l = pl.rack(st)
	} else {
		for b, q := range st.Layout {
			l[b] = table.Point{X: round2(q[0]), Y: round2(q[1])}
		}
	}
	if st.Breaking || st.BallInHand != shot.InHandNone {
		delete(l, 0)
	}
	if _, ok := l[0]; !ok {
		if !st.Breaking && st.BallInHand == shot.InHandNone {
			return nil, fmt.Errorf("sim: the rules engine's layout has no cue ball but %s has no ball in hand", st.Next)
		}
		l[0] = pl.placeCue(st, l, st.Breaking || st.BallInHand == shot.InHandKitchen)
	}
	return l, nil
}

// rack builds the rack of st.Game for a break: the rule placements (rules 2.4, 3.3,
// 4.4, 5.3), the other balls at random, and gaps of up to 0.2 mm between balls as
// in a real rack.
func (pl *player) rack(st rules.State) Layout {
	t := pl.t
	var pos []table.Point
	fixed := map[int]int{} // index → ball
	var balls []int
	switch st.Game {
	case "9ball":
		pos = t.Diamond()
		fixed[0], fixed[4] = 1, 9
		balls = []int{2, 3, 4, 5, 6, 7, 8}
	case "10ball":
		pos = t.Rack(4)
		fixed[0], fixed[4] = 1, 10
		balls = []int{2, 3, 4, 5, 6, 7, 8, 9}
	case "8ball":
		pos = t.Rack(5)
		fixed[4] = 8
		solid, stripe := 1+pl.rng.Intn(7), 9+pl.rng.Intn(7)
		if pl.rng.Intn(2) == 0 {
			fixed[10], fixed[14] = solid, stripe
		} else {
			fixed[10], fixed[14] = stripe, solid
		}
		for b := 1; b <= 15; b++ {
			if b != 8 && b != solid && b != stripe {
				balls = append(balls, b)
			}
		}
	default: // 14.1: the 1 and the 5 in the back corners (rule 4.4)
		pos = t.Rack(5)
		fixed[14], fixed[10] = 1, 5
		for b := 2; b <= 15; b++ {
			if b != 5 {
				balls = append(balls, b)
			}
		}
	}
	pl.rng.Shuffle(len(balls), func(i, j int) { balls[i], balls[j] = balls[j], balls[i] })
	apex := t.FootSpot()
	gap := 0.2 * pl.rng.Float64()
	k := 1 + gap/(2*t.BallR)
	l := Layout{}
	n := 0
	for i, q := range pos {
		b, ok := fixed[i]
		if !ok {
			b = balls[n]
			n++
		}
		a := pl.rng.Float64() * 2 * math.Pi
		r := 0.45 * gap * pl.rng.Float64()
		q = apex.Add(q.Sub(apex).Scale(k))
		if i > 0 {
			q = q.Add(table.Point{X: r * math.Cos(a), Y: r * math.Sin(a)})
		}
		l[b] = table.Point{X: round2(q.X), Y: round2(q.Y)}
	}
	return l
}

// free reports whether a cue ball at q fits: on the bed and at least gap mm clear of
// every other ball.
func (pl *player) free(l Layout, q table.Point, gap float64) bool {
	if !pl.t.OnBed(q) || q.X < pl.R || q.X > pl.t.L-pl.R || q.Y < pl.R || q.Y > pl.t.W-pl.R {
		return false
	}
	if !pl.g.fits(vec2{q.X * 1e-3, q.Y * 1e-3}, 0) {
		return false
	}
	for b, o := range l {
		if b != 0 && q.Dist(o) < 2*pl.R+gap {
			return false
		}
	}
	return true
}

// placeCue picks a spot for the cue ball in hand: for a break near the head string
// (9- and 10-ball often from the side), otherwise the best of a few random places
// in the kitchen or anywhere for the shot they leave.
func (pl *player) placeCue(st rules.State, l Layout, kitchen bool) table.Point {
	t := pl.t
	R := pl.R
	if st.Breaking {
		y := t.W/2 + (pl.rng.Float64()*2-1)*t.W*0.12
		if st.Game == "9ball" || st.Game == "10ball" {
			if pl.rng.Intn(2) == 0 {
				y = t.W/2 + (pl.rng.Float64()*2-1)*t.W*0.35
			}
		}
		q := table.Point{X: round2(t.HeadString() - 20 - 80*pl.rng.Float64()), Y: round2(y)}
		if pl.free(l, q, 1) {
			return q
		}
	}
	xmax := t.L - R
	if kitchen {
		xmax = t.HeadString() - 1
	}
	best, bestScore := table.Point{}, math.Inf(-1)
	for k := 0; k < 40; k++ {
		q := table.Point{X: round2(R + 1 + pl.rng.Float64()*(xmax-R-1)), Y: round2(R + 1 + pl.rng.Float64()*(t.W-2*R-2))}
		if !pl.free(l, q, 2) {
			continue
		}
		score := -1.0
		l[0] = q
		if pp, ok := pl.bestPot(st, l, kitchen); ok {
			score = pp.score
		}
		delete(l, 0)
		if score > bestScore {
			best, bestScore = q, score
		}
	}
	if bestScore > math.Inf(-1) {
		return best
	}
	// Crowded: scan the area for any free place.
	for x := R + 1; x < xmax; x += 10 {
		for y := R + 1; y < t.W-R; y += 10 {
			q := table.Point{X: x, Y: y}
			if pl.free(l, q, 1) {
				return q
			}
		}
	}
	return t.HeadSpot()
}

// plan is a shot the player considers.
type plan struct {
	target int
	pocket table.PocketID
	aim    table.Point // where the cue ball's centre is sent (the ghost ball)
	cut    float64     // radians
	dCue   float64     // mm, cue ball to the ghost ball
	dObj   float64     // mm, object ball to the pocket
	score  float64
}

// clear reports whether a ball moving from a to b passes every ball of l except
// those in skip with at least 2R+margin between centres.
func (pl *player) clear(l Layout, a, b table.Point, margin float64, skip ...int) bool {
	d := b.Sub(a)
	n := d.Len()
	if n == 0 {
		return true
	}
	u := d.Scale(1 / n)
outer:
	for _, k := range l.Balls() {
		for _, s := range skip {
			if k == s {
				continue outer
			}
		}
		q := l[k].Sub(a)
		x := math.Max(0, math.Min(n, q.Dot(u)))
		if l[k].Dist(a.Add(u.Scale(x))) < 2*pl.R+margin {
			return false
		}
	}
	return true
}

// legalTargets are the balls the shooter may hit first; from the kitchen those
// outside it are preferred (rule 1.7).
func (pl *player) legalTargets(st rules.State, l Layout, kitchen bool) []int {
	var out []int
	for _, b := range st.LegalFirst {
		if _, ok := l[b]; !ok {
			continue
		}
		if kitchen && pl.t.InKitchen(l[b]) {
			continue
		}
		out = append(out, b)
	}
	return out
}

// bestPot finds the easiest direct pot of a legal ball: ghost-ball aiming at each
// pocket, with clear paths for the cue ball and the object ball, scored by cut
// angle, distances and the angle into the pocket.
func (pl *player) bestPot(st rules.State, l Layout, kitchen bool) (plan, bool) {
	cue, ok := l[0]
	if !ok {
		return plan{}, false
	}
	R := pl.R
	best := plan{score: -1}
	for _, b := range pl.legalTargets(st, l, kitchen) {
		ob := l[b]
		for _, pk := range pl.pk {
			depth := 8.0
			if pk.Corner {
				depth = 20
			}
			in := pk.In
			aimAt := pk.Center.Add(in.Scale(depth))
			d := aimAt.Sub(ob)
			dObj := d.Len()
			u := d.Scale(1 / dObj)
			// The angle into the pocket.
			entry := math.Acos(math.Max(-1, math.Min(1, u.Dot(in))))
			maxEntry := 50 * math.Pi / 180
			if !pk.Corner {
				maxEntry = 35 * math.Pi / 180
			}
			if entry > maxEntry {
				continue
			}
			ghost := ob.Sub(u.Scale(2 * R))
			if !pl.t.OnBed(ghost) {
				continue
			}
			v := ghost.Sub(cue)
			dCue := v.Len()
			if dCue < 1 {
				continue
			}
			cosCut := v.Scale(1 / dCue).Dot(u)
			cut := math.Acos(math.Max(-1, math.Min(1, cosCut)))
			if cut > 78*math.Pi/180 {
				continue
			}
			if !pl.clear(l, cue, ghost, 1, 0, b) || !pl.clear(l, ob, aimAt, 1, 0, b) {
				continue
			}
			score := cosCut * cosCut * math.Exp(-dObj/1500) * math.Exp(-dCue/3000) * math.Cos(entry)
			if score > best.score {
				best = plan{target: b, pocket: pk.ID, aim: ghost, cut: cut, dCue: dCue, dObj: dObj, score: score}
			}
		}
	}
	return best, best.score > 0
}

// launch returns the cue speed (m/s) that sends the cue ball dCue mm to arrive
// rolling at vArrive m/s with a centre hit.
func (pl *player) launch(dCue, vArrive float64) float64 {
	mu := pl.p.MuRoll * pl.p.Gravity
	v0 := 7.0 / 5 * math.Sqrt(vArrive*vArrive+2*mu*dCue/1000)
	m, M := pl.p.BallMass, pl.p.CueMass
	return v0 * (1 + m/M) / 2 // ball speed = 2V/(1+m/M) for a centre hit
}

func (pl *player) noisy(s Stroke) Stroke {
	s.Angle += pl.rng.NormFloat64() * pl.cfg.Skill
	s.Speed *= math.Max(0.3, 1+pl.rng.NormFloat64()*pl.cfg.SpeedError)
	s.Speed = math.Max(0.2, math.Min(9, s.Speed))
	return s
}

func angleTo(a, b table.Point) float64 { return math.Atan2(b.Y-a.Y, b.X-a.X) }

// choose decides the next stroke: the break, a deliberate foul now and then, a
// push-out, a pot (called where the game needs it) or a safety.
func (pl *player) choose(st rules.State, l Layout) (Stroke, *shot.Call, string) {
	cue := l[0]
	rng := pl.rng
	kitchen := st.BallInHand == shot.InHandKitchen || st.Breaking
	if st.Breaking {
		// Aim at the rack's front ball.
		front := -1
		for _, b := range l.Balls() {
			if b != 0 && (front < 0 || l[b].X < l[front].X) {
				front = b
			}
		}
		s := Stroke{Angle: angleTo(cue, l[front]), Speed: 6.3 + 1.5*rng.Float64(), Follow: (rng.Float64()*2 - 1) * 0.15}
		if st.Game == "14.1" {
			s.Speed = 3.5 + 1.5*rng.Float64()
		}
		s.Angle += rng.NormFloat64() * pl.cfg.Skill * 0.5
		return s, nil, "break"
	}
	if pl.cfg.FoulRate > 0 && rng.Float64() < pl.cfg.FoulRate {
		if s, intent, ok := pl.foul(st, l, kitchen); ok {
			var call *shot.Call
			if st.NeedCall {
				call = &shot.Call{Safety: true} // 14.1: every shot is declared
			}
			return s, call, intent
		}
	}
	if st.PushOut && pl.cfg.PushOutRate > 0 && rng.Float64() < pl.cfg.PushOutRate {
		s := Stroke{Angle: rng.Float64() * 2 * math.Pi, Speed: 0.6 + 0.8*rng.Float64()}
		return pl.noisy(s), &shot.Call{PushOut: true}, "push_out"
	}
	pp, ok := pl.bestPot(st, l, kitchen)
	if ok && (pp.score > 0.12 || rng.Float64() < 0.5) {
		// Object ball speed to reach the pocket at 0.3–0.8 m/s, then the cue ball's.
		mu := pl.p.MuRoll * pl.p.Gravity
		vArr := 0.3 + 0.5*rng.Float64()
		vObj := 7.0 / 5 * math.Sqrt(vArr*vArr+2*mu*pp.dObj/1000)
		vCue := vObj / ((1 + pl.p.EBall) / 2 * math.Max(math.Cos(pp.cut), 0.2))
		s := Stroke{Angle: angleTo(cue, pp.aim), Speed: pl.launch(pp.dCue, vCue)*(1+0.3*rng.Float64()) + 0.05,
			Follow: (rng.Float64()*2 - 1) * 0.35, Side: (rng.Float64()*2 - 1) * 0.15}
		var call *shot.Call
		if st.NeedCall || st.Game == "8ball" || st.Game == "14.1" {
			b := pp.target
			call = &shot.Call{Ball: &b, Pocket: string(pp.pocket)}
		}
		return pl.noisy(s), call, "pot"
	}
	s := pl.safety(st, l, kitchen)
	var call *shot.Call
	if st.Game == "14.1" || st.Game == "8ball" {
		call = &shot.Call{Safety: true}
	}
	return pl.noisy(s), call, "safety"
}

// safety plays the legal ball full with enough pace for it to reach a rail.
func (pl *player) safety(st rules.State, l Layout, kitchen bool) Stroke {
	cue := l[0]
	targets := pl.legalTargets(st, l, kitchen)
	if len(targets) == 0 {
		targets = st.LegalFirst
	}
	pick, clearPick := -1, false
	for _, b := range targets {
		q, ok := l[b]
		if !ok {
			continue
		}
		c := pl.clear(l, cue, q, 0, 0, b)
		if pick < 0 || (c && !clearPick) || (c == clearPick && cue.Dist(q) < cue.Dist(l[pick])) {
			pick, clearPick = b, c
		}
	}
	if pick < 0 {
		// Nothing to hit: roll the cue ball up the table.
		return Stroke{Angle: pl.rng.Float64() * 2 * math.Pi, Speed: 1}
	}
	if !clearPick {
		if s, ok := pl.kick(l, targets); ok {
			return s
		}
	}
	q := l[pick]
	// A fuller or thinner hit at random.
	off := (pl.rng.Float64()*2 - 1) * pl.R
	dir := q.Sub(cue)
	n := dir.Len()
	perp := table.Point{X: -dir.Y / n, Y: dir.X / n}
	aim := q.Add(perp.Scale(off))
	// Distance for the object ball to a rail along the line, generously.
	toRail := math.Min(math.Min(q.X, pl.t.L-q.X), math.Min(q.Y, pl.t.W-q.Y)) + 400
	mu := pl.p.MuRoll * pl.p.Gravity
	vObj := 7.0 / 5 * math.Sqrt(0.3*0.3+2*mu*toRail/1000)
	return Stroke{Angle: angleTo(cue, aim), Speed: pl.launch(n, vObj/0.8), Follow: (pl.rng.Float64()*2 - 1) * 0.3}
}

// kick finds the shortest one-rail kick at a target whose direct path is blocked:
// the cue ball aimed at the target's mirror image in a rail (the line a ball
// centre touching that rail runs along), with both legs clear and the rail point
// away from the pockets. The cushion is no mirror (restitution, spin), so kicks
// miss as they do in life.
func (pl *player) kick(l Layout, targets []int) (Stroke, bool) {
	t, R := pl.t, pl.R
	cue := l[0]
	a := t.CornerMouth/math.Sqrt2 + R
	best, bestLen := Stroke{}, math.Inf(1)
	for _, b := range targets {
		q, ok := l[b]
		if !ok {
			continue
		}
		mirrors := [4]table.Point{
			{X: 2*R - q.X, Y: q.Y}, {X: 2*(t.L-R) - q.X, Y: q.Y},
			{X: q.X, Y: 2*R - q.Y}, {X: q.X, Y: 2*(t.W-R) - q.Y},
		}
		for k, m := range mirrors {
			d := m.Sub(cue)
			var f float64 // fraction of the way to the mirror where the rail line is met
			switch k {
			case 0:
				f = (R - cue.X) / d.X
			case 1:
				f = (t.L - R - cue.X) / d.X
			case 2:
				f = (R - cue.Y) / d.Y
			case 3:
				f = (t.W - R - cue.Y) / d.Y
			}
			if !(f > 0 && f < 1) {
				continue
			}
			p := cue.Add(d.Scale(f))
			var along, lo, hi float64
			if k < 2 {
				along, lo, hi = p.Y, a, t.W-a
			} else {
				along, lo, hi = p.X, a, t.L-a
				if math.Abs(p.X-t.L/2) < t.SideMouth/2+R {
					continue
				}
			}
			if along < lo || along > hi {
				continue
			}
			if !pl.clear(l, cue, p, 1, 0) || !pl.clear(l, p, q, 1, 0, b) {
				continue
			}
			if n := d.Len(); n < bestLen {
				bestLen = n
				best = Stroke{Angle: angleTo(cue, m), Speed: pl.launch(n/0.8, 1.2)}
			}
		}
	}
	return best, bestLen < math.Inf(1)
}

// foul plays a deliberate foul the camera can see, when the table allows it.
func (pl *player) foul(st rules.State, l Layout, kitchen bool) (Stroke, string, bool) {
	cue := l[0]
	rng := pl.rng
	legal := map[int]bool{}
	for _, b := range st.LegalFirst {
		legal[b] = true
	}
	switch rng.Intn(4) {
	case 0: // wrong ball first: a full hit on an illegal ball with a clear path
		for _, b := range l.Balls() {
			if b == 0 || legal[b] {
				continue
			}
			if pl.clear(l, cue, l[b], 0.5, 0, b) {
				return Stroke{Angle: angleTo(cue, l[b]), Speed: pl.launch(cue.Dist(l[b]), 1.5)}, "foul:" + shot.WrongBallFirst, true
			}
		}
	case 1: // no rail: touch a legal ball softly
		for _, b := range pl.legalTargets(st, l, kitchen) {
			q := l[b]
			if pl.clear(l, cue, q, 0.5, 0, b) && !pl.t.FrozenToRail(q) && pl.railGap(q) > 150 {
				return Stroke{Angle: angleTo(cue, q), Speed: pl.launch(cue.Dist(q)-2*pl.R, 0.12)}, "foul:" + shot.NoRail, true
			}
		}
	case 2: // no contact: roll the cue ball a short way where nothing is
		for k := 0; k < 12; k++ {
			a := rng.Float64() * 2 * math.Pi
			to := cue.Add(table.Point{X: 350 * math.Cos(a), Y: 350 * math.Sin(a)})
			if pl.t.OnBed(to) && pl.clear(l, cue, to, 20, 0) && pl.railGap(to) > 60 {
				return Stroke{Angle: a, Speed: pl.launch(300, 0.02)}, "foul:" + shot.NoContact, true
			}
		}
	case 3: // scratch: the cue ball straight into a pocket
		for _, pk := range pl.pk {
			to := pk.Center.Add(pk.In.Scale(20))
			d := to.Sub(cue)
			if math.Acos(math.Max(-1, math.Min(1, d.Scale(1/d.Len()).Dot(pk.In)))) > 30*math.Pi/180 {
				continue
			}
			if pl.clear(l, cue, to, 2, 0) {
				return Stroke{Angle: angleTo(cue, to), Speed: pl.launch(d.Len(), 0.8)}, "foul:" + shot.CueBallPocketed, true
			}
		}
	}
	return Stroke{}, "", false
}

// railGap is the distance from a ball at q to the nearest cushion nose, mm.
func (pl *player) railGap(q table.Point) float64 {
	_, g := pl.t.NearestRail(q)
	return g
}

// decide answers the options of st.Pending.
func (pl *player) decide(st rules.State) string {
	opts := append([]string{}, st.Pending...)
	sort.Strings(opts)
	has := func(s string) bool {
		for _, o := range opts {
			if o == s {
				return true
			}
		}
		return false
	}
	switch {
	case has("break"):
		return "break"
	case has("accept") && has("pass"):
		// After a push-out: play if there is a decent pot.
		l := Layout{}
		for b, q := range st.Layout {
			l[b] = q.P()
		}
		if pp, ok := pl.bestPot(st, l, false); ok && pp.score > 0.2 {
			return "accept"
		}
		return "pass"
	case has("accept") && pl.rng.Float64() < 0.6:
		return "accept"
	}
	return opts[pl.rng.Intn(len(opts))]
}
