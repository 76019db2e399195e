package trackbench

import (
	"fmt"
	"math"
	"math/rand"
	"sort"
	"strconv"
	"time"

	"github.com/cueref/cueref/internal/cpuclock"
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// Config sets up a run.
type Config struct {
	Games  []string    // games to play (default all four)
	Racks  int         // racks of each game (default 2)
	Seed   int64       // matches and camera noise
	Table  table.Table // default 9ft
	Camera Camera      // default DefaultCamera(60)
	// Hand is how long a ball moved by hand between shots (ball in hand, spots,
	// re-racks) is out of view; Pre the time all balls stand still before a stroke;
	// Post the time after the last ball stops. Defaults 0.6, 0.8, 0.7 s.
	Hand, Pre, Post float64
	// Progress, when set, is called after each match.
	Progress func(game string, shots int)
	// Trace, when set, is given the tracker's trace, its outputs and the true
	// strike times.
	Trace func(format string, args ...any)
	// NoJudge leaves the tracker without its judge (tracking.Config.Judge):
	// every doubt is flagged for review, as before the judge (for comparison).
	NoJudge bool
	// Frame, when set, is given each frame the camera model makes (Run) with
	// its truth, before the tracker sees it: for writing test fixtures. The
	// slices are reused after it returns.
	Frame func(game string, f tracking.Frame, truth []Truth)
	// RestBias is the detector's bias at rest the tracker is told
	// (tracking.Config.RestBias): 0, the tracker's default, for the vision
	// package's detector. Run sets it to none: the camera model reads a ball
	// at rest about its true place.
	RestBias float64
}

// KindScore counts one kind of event.
type KindScore struct {
	True      int     `json:"true"`
	Found     int     `json:"found"`
	Matched   int     `json:"matched"`
	Recall    float64 `json:"recall"`
	Precision float64 `json:"precision"`
}

// Report is what a run measured.
type Report struct {
	Games  []string `json:"games"`
	Racks  int      `json:"racks"`
	FPS    float64  `json:"fps"`
	Frames int      `json:"frames"`
	Shots  int      `json:"shots"`
	Breaks int      `json:"breaks"`

	ShotsMatched int `json:"shots_matched"`
	ShotsExtra   int `json:"shots_extra"`
	// BadShots counts tracked shots that break the contract: events not starting
	// with a strike, or out of time order (the daemon refuses them).
	BadShots int `json:"bad_shots"`

	// Per-frame cost of the detector (rendered runs), the tracker with its
	// judge, and the rules on the frame that tells a shot (see cost.go): the
	// CPU time of the thread doing the work (FrameClock says which clock),
	// so that other load on the machine does not count.
	FramesPerCPUSecond float64 `json:"frames_per_cpu_second"`
	FrameUsP50         float64 `json:"frame_us_p50"`
	FrameUsP95         float64 `json:"frame_us_p95"`
	FrameUsP99         float64 `json:"frame_us_p99"`
	FrameUsMax         float64 `json:"frame_us_max"`
	FrameClock         string  `json:"frame_clock"`
	// The same work's wall-clock time per frame, which includes the time
	// other processes held the core.
	FrameWallUsP50 float64 `json:"frame_wall_us_p50"`
	FrameWallUsP95 float64 `json:"frame_wall_us_p95"`
	FrameWallUsP99 float64 `json:"frame_wall_us_p99"`
	// The detector alone, timed again (thread CPU time) on the first game's
	// first DetectAloneFrames frames, one at a time on one core with the
	// bench doing nothing else (rendered runs that rendered; see
	// SetDetectAlone), and the same frames' detector times in the run (the
	// Shared figures), taken while every core rendered and detected: the
	// cores' shared caches slow each of them.
	DetectAloneFrames int     `json:"detect_alone_frames,omitempty"`
	DetectAloneUsP50  float64 `json:"detect_alone_us_p50,omitempty"`
	DetectAloneUsP95  float64 `json:"detect_alone_us_p95,omitempty"`
	DetectAloneUsP99  float64 `json:"detect_alone_us_p99,omitempty"`
	DetectSharedUsP50 float64 `json:"detect_shared_us_p50,omitempty"`
	DetectSharedUsP95 float64 `json:"detect_shared_us_p95,omitempty"`
	DetectSharedUsP99 float64 `json:"detect_shared_us_p99,omitempty"`
	// Live-event delay: frames from the event's time to the frame that told it.
	EventDelayFramesP50 float64 `json:"event_delay_frames_p50"`
	EventDelayFramesP95 float64 `json:"event_delay_frames_p95"`
	// EventDelayByKind is the p95 of the live-event delay of each kind, frames.
	EventDelayByKind map[string]float64 `json:"event_delay_frames_p95_by_kind"`
	// First-emission delay: frames from a confirmed event's time to the frame
	// that first told it, provisionally (tracking.OutProvisional) or confirmed.
	FirstDelayFramesP50 float64            `json:"first_delay_frames_p50"`
	FirstDelayFramesP95 float64            `json:"first_delay_frames_p95"`
	FirstDelayByKind    map[string]float64 `json:"first_delay_frames_p95_by_kind"`
	// FirstWithin2 is the share of confirmed events first told within two
	// frames of their time.
	FirstWithin2 float64 `json:"first_within_2_frames"`
	// Late classes the confirmed live events by kind and by the truth of the
	// event they match, with their first-told delays (see latency.go).
	Late []LateClass `json:"first_told_by_class"`
	// FirstTrue is the first-told delay of the confirmed live events that
	// match a true event, outside breaks and with the breaks (see latency.go).
	FirstTrue       FirstTold `json:"first_told_true_events"`
	FirstTrueBreaks FirstTold `json:"first_told_true_events_breaks_included"`
	// FirstSeen is FirstTrue without the events the camera did not show (a
	// ball of the true event hidden or undetected within two frames of it):
	// the latency from the frame that shows an event to the event told.
	FirstSeen FirstTold `json:"first_told_seen_events"`
	// FirstShown is the first-told delay of the confirmed live events that
	// match a true event, breaks included, counted from the first frame that
	// shows the event (see shownAt in latency.go) rather than from its time;
	// NeverShown counts those no frame showed within a second.
	FirstShown FirstTold `json:"first_told_from_shown"`
	NeverShown int       `json:"first_told_never_shown"`
	// LateExamples lists the confirmed live events first told more than two
	// frames after their time (JSON only, for diagnosis).
	LateExamples []string `json:"first_told_late"`
	// WithdrawnExamples lists the provisional events withdrawn (JSON only).
	WithdrawnExamples []string `json:"provisional_withdrawn_examples"`
	// Provisional events told, and those of them that no confirmed event
	// followed (withdrawn), by kind.
	Provisional          map[string]int `json:"provisional"`
	ProvisionalWithdrawn map[string]int `json:"provisional_withdrawn"`
	// Rest to record: from the true moment the last ball stopped to the frame
	// that told the shot's record (which the ruling follows), ms.
	RestToShotMsP50 float64 `json:"rest_to_shot_ms_p50"`
	RestToShotMsP95 float64 `json:"rest_to_shot_ms_p95"`
	// Stop to record: from the time of the shot's own stop event (when the
	// tracker judged the last ball came to rest) to the frame that told it, ms.
	StopToShotMsP50 float64 `json:"stop_to_shot_ms_p50"`
	StopToShotMsP95 float64 `json:"stop_to_shot_ms_p95"`

	Events        map[string]*KindScore `json:"events"`          // every shot
	EventsNoBreak map[string]*KindScore `json:"events_no_break"` // breaks left out

	ContactErrMsP50 float64 `json:"contact_err_ms_p50"` // incoming ≥ 1 m/s, breaks left out
	ContactErrMsP95 float64 `json:"contact_err_ms_p95"`
	ContactErrN     int     `json:"contact_err_n"`
	// ContactBiasMs is the median signed error (told minus true) of the same
	// contacts: negative when they are told early.
	ContactBiasMs float64 `json:"contact_bias_ms"`
	// ContactErrBy breaks the same contacts' errors down by situation
	// (see ctime.go).
	ContactErrBy []CtimeSituation `json:"contact_err_by_situation,omitempty"`
	// ContactErrWorst lists the timed contacts whose error is above the
	// p95: game, shot, true time, balls, the incoming speed and the error.
	ContactErrWorst []string `json:"contact_err_worst,omitempty"`

	// ContactTraits breaks the true contacts (every shot) down by traits of
	// the simulator's truth, with how many of each the tracker missed;
	// ContactMissCause gives each missed contact one cause, ContactFalseCause
	// each contact told that the truth lacks (see contacts.go).
	ContactTraits     []ContactTrait `json:"contact_traits"`
	ContactMissCause  map[string]int `json:"contact_miss_cause"`
	ContactFalseCause map[string]int `json:"contact_false_cause"`
	// ObservableContacts scores the contacts a camera can see (breaks left
	// out): some ball's velocity changes by 30 mm/s or more, and the pair was
	// not already touching a frame before (see contactFacts.observable).
	ObservableContacts KindScore `json:"observable_contacts"`

	FirstContactCorrect float64 `json:"first_contact_correct"` // breaks left out
	FirstContactN       int     `json:"first_contact_n"`
	FirstContactAll     float64 `json:"first_contact_correct_all"` // breaks included
	FirstContactAllN    int     `json:"first_contact_all_n"`
	RulingAgreement     float64 `json:"ruling_agreement"`
	RulingN             int     `json:"ruling_n"`
	// ExtraRejected counts the tracked shots that match no true stroke and
	// that the rules engine rejected (so they changed nothing); those it
	// accepted are counted in RulingN as disagreements (see rulings).
	ExtraRejected int `json:"extra_rejected"`
	Reviews       int `json:"reviews"`
	// ReviewReasons counts the reviews by reason, ball numbers and times
	// taken out ("ball N lost from view while moving").
	ReviewReasons map[string]int `json:"review_reasons,omitempty"`
	// RulingUnflagged counts the shots whose ruling differs from the truth's with
	// no review asked for (or that were not tracked at all): the silent errors.
	RulingUnflagged int `json:"ruling_unflagged"`
	// The reviews split by what a person would find: needless when the
	// tracked shot's ruling is the true shot's (sameRuling), so that
	// confirming it changes nothing; differing when it is not, the reviews
	// that catch an error.
	ReviewsNeedless  int `json:"reviews_needless"`
	ReviewsDiffering int `json:"reviews_differing"`
	// ReviewsNeedlessByReason counts the needless reviews by reason, as
	// ReviewReasons does all of them: which doubts are asked for nothing.
	ReviewsNeedlessByReason map[string]int `json:"reviews_needless_by_reason,omitempty"`
	// ReviewsNeedlessExamples names the needless reviews' shots, with
	// their reasons (up to maxExamples).
	ReviewsNeedlessExamples []string `json:"reviews_needless_examples,omitempty"`
	// DoubtsJudged counts the doubts with other readings the tracker
	// put to its judge (judge.go); DoubtsAlike those the judge found could
	// not change the ruling, which were not flagged.
	DoubtsJudged int `json:"doubts_judged"`
	DoubtsAlike  int `json:"doubts_alike"`

	IDF1       float64 `json:"idf1"`
	IDSwitches int     `json:"id_switches"`

	// Detections against the visible truth (within 20 mm): of the camera model
	// with --no-render, of the detector on rendered frames otherwise.
	DetRecall    float64 `json:"det_recall"`
	DetPrecision float64 `json:"det_precision"`
	DetPosErrRMS float64 `json:"det_pos_err_rms_mm"`
	// Detection by ball speed.
	Detection map[string]*DetBin `json:"detection_by_speed"`
	// RestErrByBall is the position error (mm RMS) of each ball's
	// detections while it is at rest, by its number: a detector's bias at
	// rest shows here, ball by ball (a ball of the cloth's colour), where
	// the figures over all balls hide it.
	RestErrByBall map[string]float64 `json:"rest_err_rms_mm_by_ball,omitempty"`
	// MovingRecallByBall is the detection recall of each ball while it
	// moves, by its number: a ball of the cloth's colour is lost in motion
	// (its outline blurs into the cloth) more than the others.
	MovingRecallByBall map[string]float64 `json:"moving_recall_by_ball,omitempty"`
	// The tracker alone, per frame.
	TrackUsP50 float64 `json:"track_us_p50"`
	TrackUsP99 float64 `json:"track_us_p99"`

	Disagreements []string `json:"disagreements,omitempty"` // a few examples
	// Misses are a few missed and extra events (breaks left out), for diagnosis.
	Misses []string `json:"misses,omitempty"`
	// Rails is the cushion breakdown: missed and false cushion hits by cause.
	Rails *RailBreakdown `json:"rails,omitempty"`
	// RailRests scores the places at the stroke of the balls resting by a
	// cushion (railrest.go).
	RailRests *RailRests `json:"rail_rests,omitempty"`
}

var allGames = []string{"8ball", "9ball", "10ball", "14.1"}

// GameIndex is game's place among the four games, 8-ball first (−1 for
// another name).
func GameIndex(game string) int {
	for i, g := range allGames {
		if g == game {
			return i
		}
	}
	return -1
}

// MatchSeed is the seed of game's match in a bench run of seed: seed plus
// 1000 times GameIndex. A game's match is the same whichever games are played
// with it, so that one game can be rerun alone (--games 10ball plays the
// 10-ball match of the run of all four).
func MatchSeed(seed int64, game string) int64 {
	return seed + int64(max(GameIndex(game), 0))*1000
}

func (c *Config) fill() {
	if len(c.Games) == 0 {
		c.Games = allGames
	}
	if c.Racks == 0 {
		c.Racks = 2
	}
	if c.Table.L == 0 {
		c.Table = table.MustNew("9ft")
	}
	if c.Camera.FPS == 0 {
		c.Camera = DefaultCamera(60)
	}
	if c.Hand == 0 {
		c.Hand = 0.6
	}
	if c.Pre == 0 {
		c.Pre = 0.8
	}
	if c.Post == 0 {
		c.Post = 0.7
	}
}

type run struct {
	cfg      Config
	rep      *Report
	rng      *rand.Rand
	frameUs  []float64
	frameWUs []float64 // frameUs's wall-clock times
	delays   []float64
	delayBy  map[string][]float64
	first    []float64
	firstBy  map[string][]float64
	restLag  []float64
	stopLag  []float64
	cErr     []float64
	cSigned  []float64
	cRecs    []ctimeRec
	fcOK     int
	fcAllOK  int // first contacts right, breaks included
	fcAllN   int
	rulOK    int
	idTP     int
	idFP     int
	idFN     int
	detTrue  int
	detFound int
	detAll   int
	detSS    float64
	restSS   map[int]*[2]float64 // by ball: squared errors at rest, and their count
	movingN  map[int]*[2]int     // by ball: moving ball-frames found, and all
	cpu      time.Duration
	lastID   map[int]int
	trackUs  []float64
	prevAt   map[int]table.Point
	prevT    float64
	unseen   map[[2]int]*unseen // the match being scored's, by shot and ball
	late     map[lateKey]*lateAcc
	shown    []float64 // first-told delays from the frame that showed the event
	never    int       // true events of live ones no frame showed
}

// Truth is one ball's ground truth in one frame.
type Truth struct {
	Ball    int
	At      table.Point
	OnBed   bool // on the playing surface (not dropping, not gone)
	Visible bool // the camera can see it (not hidden by an arm or a cue)
}

// Runner scores the tracker over matches whose frames come from elsewhere (a
// renderer and a detector): NewMatch, then Push every frame, then Close; Report
// when all matches are done.
type Runner struct{ r *run }

// NewRunner returns a runner; cfg.Table, cfg.Camera.FPS, cfg.Seed and cfg.Trace
// are used.
func NewRunner(cfg Config) *Runner {
	cfg.fill()
	return &Runner{r: &run{cfg: cfg, rng: rand.New(rand.NewSource(cfg.Seed + 1)),
		rep: &Report{Racks: cfg.Racks, FPS: cfg.Camera.FPS,
			Events: map[string]*KindScore{}, EventsNoBreak: map[string]*KindScore{}}}}
}

// Report finishes the figures.
func (ru *Runner) Report() *Report {
	ru.r.finish()
	return ru.r.rep
}

// MatchRun is one match being tracked and scored.
type MatchRun struct {
	r       *run
	game    string
	m       *sim.Match
	k       *tracking.Tracker
	strikes []float64
	outs    []told
	provs   []told // provisional events not confirmed yet
	lives   []liveTold
	balls   []tracking.Ball
	lastT   float64
	closed  bool
	unseen  map[[2]int]*unseen // frames a ball was not seen, by shot and ball
	// hidden holds, by shot and ball, the times from the stroke of the frames
	// in which the ball was on the bed but out of view.
	hidden map[int]map[int][]float64
}

// NewMatch starts tracking a match.
func (ru *Runner) NewMatch(game string, m *sim.Match) (*MatchRun, error) {
	r := ru.r
	st := make([]float64, len(m.Shots))
	for i := range st {
		st[i] = math.NaN()
	}
	mr := &MatchRun{r: r, game: game, m: m, strikes: st}
	cfg := tracking.Config{Table: r.cfg.Table, FPS: r.cfg.Camera.FPS, Balls: rules.Balls(game), Trace: r.cfg.Trace, RestBias: r.cfg.RestBias}
	if !r.cfg.NoJudge {
		cfg.Judge = &judge{mr: mr, e: rules.New()}
	}
	k, err := tracking.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("trackbench: %w", err)
	}
	r.rep.Games = append(r.rep.Games, game)
	mr.k = k
	return mr, nil
}

// Push feeds one frame to the tracker and scores the frame: truth is the ground
// truth of its balls, shotIdx the index of the shot the frame belongs to (−1 none)
// and shotT the time from that shot's stroke. cost is time already spent on the
// frame outside the tracker (a detector), counted in the per-frame figures.
func (mr *MatchRun) Push(f tracking.Frame, truth []Truth, shotIdx int, shotT float64, cost FrameCost) error {
	r := mr.r
	if shotIdx >= 0 && shotIdx < len(mr.strikes) && math.IsNaN(mr.strikes[shotIdx]) {
		mr.strikes[shotIdx] = f.T - shotT
		if r.cfg.Trace != nil && shotIdx < len(mr.m.Shots) {
			ss := mr.m.Shots[shotIdx]
			b, _ := shot.Encode(ss.Record)
			r.cfg.Trace("TRUTH shot %d stroke at %.4f (%s): %s", shotIdx, f.T-shotT, ss.Intent, b)
		}
	}
	r.detectionStats(f.T, truth, f.Obs)
	mr.noteUnseen(truth, f.Obs, shotIdx, shotT)
	if shotIdx >= 0 {
		for _, b := range truth {
			if b.OnBed && !b.Visible {
				if mr.hidden == nil {
					mr.hidden = map[int]map[int][]float64{}
				}
				if mr.hidden[shotIdx] == nil {
					mr.hidden[shotIdx] = map[int][]float64{}
				}
				mr.hidden[shotIdx][b.Ball] = append(mr.hidden[shotIdx][b.Ball], shotT)
			}
		}
	}
	lap := cpuclock.Start()
	out, err := mr.k.PushFrame(f)
	el, wall := lap.Stop()
	if err != nil {
		return fmt.Errorf("trackbench: frame at %.3f s: %w", f.T, err)
	}
	r.addFrame(FrameCost{CPU: el + cost.CPU, Wall: wall + cost.Wall})
	r.trackUs = append(r.trackUs, float64(el.Nanoseconds())/1e3)
	dt := 1 / r.cfg.Camera.FPS
	for _, o := range out {
		if r.cfg.Trace != nil {
			switch o.Kind {
			case tracking.OutEvent:
				r.cfg.Trace("%.4f OUT event %s t=%.4f ball %d a %d b %d", f.T, o.Event.Kind, o.T, o.Event.Ball, o.Event.A, o.Event.B)
			case tracking.OutShot:
				b, _ := shot.Encode(o.Shot)
				r.cfg.Trace("%.4f OUT shot %s", f.T, b)
			}
		}
		if o.Kind == tracking.OutProvisional {
			if r.rep.Provisional == nil {
				r.rep.Provisional, r.rep.ProvisionalWithdrawn = map[string]int{}, map[string]int{}
			}
			r.rep.Provisional[o.Event.Kind]++
			mr.provs = append(mr.provs, told{f.T, o, len(r.frameUs) - 1})
			continue
		}
		mr.outs = append(mr.outs, told{f.T, o, len(r.frameUs) - 1})
		if o.Kind == tracking.OutEvent && o.Event.Kind != shot.Stop && o.Event.Kind != shot.Moving {
			r.delays = append(r.delays, (f.T-o.T)/dt)
			if r.delayBy == nil {
				r.delayBy = map[string][]float64{}
				r.firstBy = map[string][]float64{}
			}
			r.delayBy[o.Event.Kind] = append(r.delayBy[o.Event.Kind], (f.T-o.T)/dt)
			first := math.Min(f.T, mr.confirm(o))
			r.first = append(r.first, (first-o.T)/dt)
			mr.lives = append(mr.lives, liveTold{ev: o.Event, t: o.T, first: (first - o.T) / dt, prov: first < f.T})
			r.firstBy[o.Event.Kind] = append(r.firstBy[o.Event.Kind], (first-o.T)/dt)
		}
	}
	mr.withdraw(f.T - 1)
	mr.balls = mr.k.Balls(mr.balls[:0])
	r.identity(truth, mr.balls)
	r.rep.Frames++
	mr.lastT = f.T
	return nil
}

// confirm finds the provisional event that confirmed event o confirms (same
// kind and balls, about the same time) and returns the frame time that told it
// (+Inf when none did); it is no longer pending.
func (mr *MatchRun) confirm(o tracking.Output) float64 {
	best, bd := -1, math.Inf(1)
	for j, p := range mr.provs {
		if p.out.Event.Kind != o.Event.Kind || !sameBalls(p.out.Event, o.Event) {
			continue
		}
		if d := math.Abs(p.out.T - o.T); d <= tolerance(o.Event.Kind) && d < bd {
			best, bd = j, d
		}
	}
	if best < 0 {
		return math.Inf(1)
	}
	t := mr.provs[best].frameT
	mr.provs = append(mr.provs[:best], mr.provs[best+1:]...)
	return t
}

// withdraw counts the provisional events told before frame time t that no
// confirmed event followed: withdrawn.
func (mr *MatchRun) withdraw(t float64) {
	n := 0
	for _, p := range mr.provs {
		if p.frameT < t {
			mr.r.rep.ProvisionalWithdrawn[p.out.Event.Kind]++
			mr.noteWithdrawn(p)
			continue
		}
		mr.provs[n] = p
		n++
	}
	mr.provs = mr.provs[:n]
}

// Close ends the match and scores its events, shots and rulings.
func (mr *MatchRun) Close() error {
	if mr.closed {
		return nil
	}
	mr.closed = true
	for _, o := range mr.k.Flush() {
		mr.outs = append(mr.outs, told{mr.lastT, o, len(mr.r.frameUs) - 1})
	}
	mr.withdraw(math.Inf(1))
	mr.r.unseen = mr.unseen
	mr.r.lateIn(mr.game, mr.m, mr.strikes, mr.lives)
	return mr.r.score(mr.game, mr.m, mr.strikes, mr.outs, mr.hiddenIn)
}

// hiddenIn reports whether ball b was on the bed and out of view in a frame of
// shot si within [t0, t1] (times from its stroke).
func (mr *MatchRun) hiddenIn(si, b int, t0, t1 float64) bool {
	for _, t := range mr.hidden[si][b] {
		if t >= t0 && t <= t1 {
			return true
		}
	}
	return false
}

// Run plays the matches, makes the detections with the camera model, and scores
// the tracker.
func Run(cfg Config) (*Report, error) {
	cfg.fill()
	if cfg.RestBias == 0 {
		cfg.RestBias = -1
	}
	ru := NewRunner(cfg)
	for _, game := range cfg.Games {
		m, err := sim.PlayMatch(sim.MatchConfig{Game: game, Racks: cfg.Racks, Seed: MatchSeed(cfg.Seed, game),
			Table: cfg.Table, Players: [2]string{"Anna", "Boris"}})
		if err != nil {
			return nil, fmt.Errorf("trackbench: %s: %w", game, err)
		}
		// Each match has its own noise, so that one game can be rerun alone.
		ru.r.rng = rand.New(rand.NewSource(MatchSeed(cfg.Seed, game) + 1))
		if err := ru.r.match(ru, game, m); err != nil {
			return nil, err
		}
		if cfg.Progress != nil {
			cfg.Progress(game, len(m.Shots))
		}
	}
	return ru.Report(), nil
}

// maxExamples bounds the misses and disagreements a report keeps (Print shows
// the first few; the JSON report has them all, for diagnosis).
const maxExamples = 5000

// told is one tracker output kept with the frame time that produced it.
type told struct {
	frameT float64
	out    tracking.Output
	frame  int // the index of that frame in run.frameUs
}

// match makes a match's frames with the camera model: between shots the balls
// moved by hand are out of view for a while, then every ball stands still, then
// the stroke's motion plays until the balls rest.
func (r *run) match(ru *Runner, game string, m *sim.Match) error {
	cam := r.cfg.Camera
	mr, err := ru.NewMatch(game, m)
	if err != nil {
		return err
	}
	dt := 1 / cam.FPS
	tf := 0.5 * dt // next frame time
	var prev sim.Layout
	var obs []tracking.Obs
	var sa, sm, sb []sim.BallState
	var truth []Truth
	frame := tracking.Frame{}
	shotIdx, t0 := -1, 0.0
	push := func(occl []occluder) error {
		frame.T = tf
		frame.Occluded = frame.Occluded[:0]
		for _, o := range occl {
			if tf >= o.from && tf <= o.to {
				frame.Occluded = append(frame.Occluded, o.r)
			}
		}
		hidden := func(p table.Point) bool {
			for _, o := range frame.Occluded {
				if o.Contains(p, 0) {
					return true
				}
			}
			return false
		}
		obs = cam.observe(obs[:0], sa, sm, sb, hidden, r.rng)
		frame.Obs = obs
		truth = truth[:0]
		for _, s := range sm {
			on := s.OnBed && !s.Gone
			truth = append(truth, Truth{Ball: s.Ball, At: s.Pos, OnBed: on, Visible: on && !hidden(s.Pos)})
		}
		if !cam.TellOccluded {
			frame.Occluded = frame.Occluded[:0]
		}
		if r.cfg.Frame != nil {
			r.cfg.Frame(game, frame, truth)
		}
		if err := mr.Push(frame, truth, shotIdx, tf-t0, FrameCost{}); err != nil {
			return err
		}
		tf += dt
		return nil
	}
	static := func(l sim.Layout, until float64, occl []occluder) error {
		sm = sm[:0]
		for _, b := range l.Balls() {
			sm = append(sm, sim.BallState{Ball: b, Pos: l[b], OnBed: true})
		}
		// Copies, not the same slice: the motion below fills each in turn.
		sa = append(sa[:0], sm...)
		sb = append(sb[:0], sm...)
		for tf < until {
			if err := push(occl); err != nil {
				return err
			}
		}
		return nil
	}
	t := 0.0
	for si, ss := range m.Shots {
		before := ss.Before
		// Balls moved by hand since the last shot are out of view for a while.
		hide := map[int]bool{}
		for _, b := range before.Balls() {
			if p, ok := prev[b]; !ok || p.Dist(before[b]) > 0.5 {
				hide[b] = true
			}
		}
		if len(hide) > 0 && prev != nil {
			// The old places stay visible as they were while the hand works.
			l := sim.Layout{}
			for b, p := range prev {
				if !hide[b] {
					l[b] = p
				}
			}
			if err := static(l, t+r.cfg.Hand, nil); err != nil {
				return err
			}
			t += r.cfg.Hand
		} else if len(hide) > 0 {
			t += r.cfg.Hand
		}
		shotIdx, t0 = si, t+r.cfg.Pre
		if r.cfg.Trace != nil {
			b, _ := shot.Encode(ss.Record)
			r.cfg.Trace("TRUTH shot %d at %.4f (%s): %s", si, t0, ss.Intent, b)
		}
		var occl []occluder
		if cam.Occluders {
			occl = strokeOccluders(before[0], ss.Stroke.Angle, t0)
			if r.rng.Float64() < cam.LeanRate {
				c := table.Point{X: r.rng.Float64() * r.cfg.Table.L, Y: r.rng.Float64() * r.cfg.Table.W}
				from := t0 + 0.2 + r.rng.Float64()
				occl = append(occl, occluder{from: from, to: from + 1, r: tracking.Region{
					Min: c.Sub(table.Point{X: 125, Y: 125}), Max: c.Add(table.Point{X: 125, Y: 125})}})
			}
		}
		if err := static(before, t0, occl); err != nil {
			return err
		}
		mo := ss.Motion
		end := t0 + mo.Duration() + r.cfg.Post
		for tf < end {
			tt := tf - t0
			sa = mo.State(tt-cam.Exposure/2, sa)
			sm = mo.State(tt, sm)
			sb = mo.State(tt+cam.Exposure/2, sb)
			if err := push(occl); err != nil {
				return err
			}
		}
		t = end
		prev = mo.After()
	}
	return mr.Close()
}

// speedBins are the ball speeds (mm/s) the detection figures are split by.
var speedBins = []struct {
	name string
	max  float64
}{{"rest", 5}, {"<0.5m/s", 500}, {"0.5-1.5m/s", 1500}, {"1.5-3m/s", 3000}, {">3m/s", math.Inf(1)}}

// DetBin is how the detections did on balls in one speed range.
type DetBin struct {
	Balls    int     `json:"balls"`  // visible ball-frames
	Recall   float64 `json:"recall"` // found within 20 mm
	ErrRMS   float64 `json:"err_rms_mm"`
	Numbered float64 `json:"numbered"` // found with the right number
	WrongNum float64 `json:"wrong_number"`
	Moving   float64 `json:"moving_flag"` // found with the motion-streak flag
	found    int
	ss       float64
	right    int
	wrong    int
	moving   int
}

// detectionStats compares the frame's detections with the visible truth: a
// visible ball is found when a detection lies within 20 mm of it.
func (r *run) detectionStats(t float64, truth []Truth, obs []tracking.Obs) {
	// Precision counts every detection but those of a ball the camera can
	// hardly see (under an arm, in a pocket's jaws, off the bed): finding
	// what is half hidden is no error, nor required.
	for _, o := range obs {
		hidden := false
		bd := math.Inf(1)
		for _, s := range truth {
			if d := o.At.Dist(s.At); d < bd && d < 20 {
				bd, hidden = d, !s.Visible
			}
		}
		if !hidden {
			r.detAll++
		}
	}
	if r.prevAt == nil {
		r.prevAt = map[int]table.Point{}
	}
	dt := t - r.prevT
	for _, s := range truth {
		speed := 0.0
		if p, ok := r.prevAt[s.Ball]; ok && dt > 0 && dt < 0.1 {
			speed = s.At.Dist(p) / dt
		}
		r.prevAt[s.Ball] = s.At
		if !s.Visible {
			continue
		}
		bin := 0
		for bin < len(speedBins)-1 && speed > speedBins[bin].max {
			bin++
		}
		if r.rep.Detection == nil {
			r.rep.Detection = map[string]*DetBin{}
		}
		db := r.rep.Detection[speedBins[bin].name]
		if db == nil {
			db = &DetBin{}
			r.rep.Detection[speedBins[bin].name] = db
		}
		db.Balls++
		r.detTrue++
		best, bd := -1, math.Inf(1)
		for j, o := range obs {
			if d := o.At.Dist(s.At); d < bd {
				best, bd = j, d
			}
		}
		if bin > 0 {
			if r.movingN == nil {
				r.movingN = map[int]*[2]int{}
			}
			if r.movingN[s.Ball] == nil {
				r.movingN[s.Ball] = &[2]int{}
			}
			r.movingN[s.Ball][1]++
			if bd < 20 {
				r.movingN[s.Ball][0]++
			}
		}
		if bd < 20 {
			r.detFound++
			r.detSS += bd * bd
			if bin == 0 {
				if r.restSS == nil {
					r.restSS = map[int]*[2]float64{}
				}
				if r.restSS[s.Ball] == nil {
					r.restSS[s.Ball] = &[2]float64{}
				}
				r.restSS[s.Ball][0] += bd * bd
				r.restSS[s.Ball][1]++
			}
			db.found++
			db.ss += bd * bd
			switch o := obs[best]; {
			case o.Ball == s.Ball:
				db.right++
			case o.Ball >= 0:
				db.wrong++
			}
			if obs[best].Moving {
				db.moving++
			}
		}
	}
	r.prevT = t
}

// ballFigures fills the figures by ball, rep.RestErrByBall and
// rep.MovingRecallByBall, from what detectionStats kept.
func (r *run) ballFigures(rep *Report) {
	for b, ss := range r.restSS {
		if rep.RestErrByBall == nil {
			rep.RestErrByBall = map[string]float64{}
		}
		rep.RestErrByBall[strconv.Itoa(b)] = math.Sqrt(ss[0] / ss[1])
	}
	for b, n := range r.movingN {
		if rep.MovingRecallByBall == nil {
			rep.MovingRecallByBall = map[string]float64{}
		}
		rep.MovingRecallByBall[strconv.Itoa(b)] = float64(n[0]) / float64(n[1])
	}
}

// identity scores the tracker's balls against the truth in one frame: a truth
// ball is an identity true positive when a tracked ball within 40 mm carries its
// number.
func (r *run) identity(truth []Truth, balls []tracking.Ball) {
	if r.lastID == nil {
		r.lastID = map[int]int{}
	}
	used := 0
	for _, s := range truth {
		if !s.OnBed {
			continue
		}
		best, bd := -1, 40.0
		for j, b := range balls {
			if b.Gone {
				continue
			}
			if d := b.At.Dist(s.At); d < bd {
				best, bd = j, d
			}
		}
		if best < 0 {
			r.idFN++
			continue
		}
		used++
		id := balls[best].Ball
		if id == s.Ball {
			r.idTP++
		} else {
			r.idFN++
			r.idFP++
		}
		if last, ok := r.lastID[s.Ball]; ok && last != id {
			r.rep.IDSwitches++
		}
		r.lastID[s.Ball] = id
	}
	live := 0
	for _, b := range balls {
		if !b.Gone {
			live++
		}
	}
	if live > used {
		r.idFP += live - used
	}
}

// railJaw is the kind the scores give a rail event at a pocket's jaw (the facing
// inside a pocket's mouth), told apart from the cushions between pockets.
const railJaw = "rail_jaw"

// ballsOf returns the balls of event e, reading a railJaw event as the rail
// event it was.
func ballsOf(e shot.Event) []int {
	if e.Kind == railJaw {
		return []int{e.Ball}
	}
	return e.Balls()
}

// jaws returns the events with rail events at a pocket's jaw renamed railJaw.
func (r *run) jaws(ev []shot.Event) []shot.Event {
	out := make([]shot.Event, len(ev))
	copy(out, ev)
	tab := r.cfg.Table
	for i := range out {
		e := &out[i]
		if e.Kind != shot.RailHit || e.At == nil {
			continue
		}
		p := e.At.P()
		jaw := p.X < -0.5 || p.Y < -0.5 || p.X > tab.L+0.5 || p.Y > tab.W+0.5
		for _, pk := range tab.Pockets() {
			if p.Dist(pk.Center) < pk.Width/2+5 {
				jaw = true
			}
		}
		if jaw {
			e.Kind = railJaw
		}
	}
	return out
}

func tolerance(kind string) float64 {
	switch kind {
	case shot.Strike:
		return 0.05
	case shot.Contact:
		return 0.03
	case shot.RailHit, railJaw:
		return 0.05
	case shot.Pocketed, shot.OffTable:
		return 0.4
	case shot.Stop:
		return 1.5
	}
	return 0.1
}

func sameBalls(a, b shot.Event) bool {
	switch a.Kind {
	case shot.Contact:
		return (a.A == b.A && a.B == b.B) || (a.A == b.B && a.B == b.A)
	case shot.Stop:
		return true
	case shot.Pocketed:
		return a.Ball == b.Ball && a.Pocket == b.Pocket
	case shot.RailHit:
		return a.Ball == b.Ball && a.Rail == b.Rail
	case railJaw:
		return a.Ball == b.Ball
	}
	return a.Ball == b.Ball
}

// matchEvents pairs true and found events (times relative to the true stroke):
// same kind and balls, closest in time within the kind's tolerance.
func matchEvents(truth, got []shot.Event) (pairs [][2]int, usedGot []bool) {
	usedGot = make([]bool, len(got))
	for i, te := range truth {
		best, bd := -1, math.Inf(1)
		for j, ge := range got {
			if usedGot[j] || ge.Kind != te.Kind || !sameBalls(te, ge) {
				continue
			}
			if d := math.Abs(ge.T - te.T); d <= tolerance(te.Kind) && d < bd {
				best, bd = j, d
			}
		}
		if best >= 0 {
			usedGot[best] = true
			pairs = append(pairs, [2]int{i, best})
		}
	}
	return
}

func (r *run) count(m map[string]*KindScore, kind string) *KindScore {
	s := m[kind]
	if s == nil {
		s = &KindScore{}
		m[kind] = s
	}
	return s
}

// wellFormed reports whether a shot's events start with a strike and run in time
// order.
func wellFormed(s *shot.Shot) bool {
	if len(s.Events) == 0 || s.Events[0].Kind != shot.Strike {
		return false
	}
	for i := 1; i < len(s.Events); i++ {
		if s.Events[i].T < s.Events[i-1].T {
			return false
		}
	}
	return true
}

func firstContact(ev []shot.Event) int {
	for _, e := range ev {
		if e.Kind == shot.Contact {
			if o, ok := e.Other(0); ok {
				return o
			}
		}
	}
	return -1
}

func (r *run) score(game string, m *sim.Match, strikes []float64, outs []told, hidden func(si, b int, t0, t1 float64) bool) error {
	var shots []*shot.Shot
	for _, o := range outs {
		if o.out.Kind == tracking.OutShot {
			shots = append(shots, o.out.Shot)
			if !wellFormed(o.out.Shot) {
				r.rep.BadShots++
			}
		}
	}
	found := make([]*shot.Shot, len(m.Shots))
	foundAt := make([]float64, len(m.Shots))
	foundFrame := make([]int, len(m.Shots))
	usedShot := make([]bool, len(shots))
	for i, t0 := range strikes {
		for j, s := range shots {
			if !usedShot[j] && math.Abs(*s.Start-t0) < strokeMatch {
				usedShot[j] = true
				found[i] = s
				break
			}
		}
	}
	for _, o := range outs {
		for i := range found {
			if found[i] != nil && o.out.Kind == tracking.OutShot && o.out.Shot == found[i] {
				foundAt[i], foundFrame[i] = o.frameT, o.frame
			}
		}
	}
	for i, ss := range m.Shots {
		if found[i] == nil {
			continue
		}
		for _, e := range ss.Motion.Events() {
			if e.Kind == shot.Stop {
				r.restLag = append(r.restLag, 1000*(foundAt[i]-(strikes[i]+e.T)))
			}
		}
		for _, e := range found[i].Events {
			if e.Kind == shot.Stop {
				r.stopLag = append(r.stopLag, 1000*(foundAt[i]-(*found[i].Start+e.T)))
			}
		}
	}
	var extra []*shot.Shot
	for j := range shots {
		if !usedShot[j] {
			r.rep.ShotsExtra++
			extra = append(extra, shots[j])
			for _, e := range shots[j].Events {
				r.count(r.rep.Events, e.Kind).Found++
			}
		}
	}
	for i, ss := range m.Shots {
		r.rep.Shots++
		isBreak := ss.Intent == "break"
		if isBreak {
			r.rep.Breaks++
		}
		truth := r.jaws(ss.Motion.Events())
		var got []shot.Event
		if s := found[i]; s != nil {
			r.rep.ShotsMatched++
			if !isBreak {
				r.railRest(ss.Before, s) // railrest.go
			}
			if s.Review != nil {
				r.rep.Reviews++
				if r.rep.ReviewReasons == nil {
					r.rep.ReviewReasons = map[string]int{}
				}
				r.rep.ReviewReasons[reviewKind(s.Review.Reason)]++
			}
			off := *s.Start - strikes[i]
			for _, e := range r.jaws(s.Events) {
				e.T += off
				got = append(got, e)
			}
		}
		r.sameSide(truth, got)
		pairs, usedGot := matchEvents(truth, got)
		tally := func(mm map[string]*KindScore) {
			for _, e := range truth {
				r.count(mm, e.Kind).True++
			}
			for _, e := range got {
				r.count(mm, e.Kind).Found++
			}
			for _, p := range pairs {
				r.count(mm, truth[p[0]].Kind).Matched++
			}
		}
		tally(r.rep.Events)
		si := i
		r.contactBreakdown(ss, truth, got, pairs, usedGot, isBreak, func(b int, t0, t1 float64) bool { return hidden(si, b, t0, t1) })
		if !isBreak && len(r.rep.Misses) < maxExamples {
			matchedT := make([]bool, len(truth))
			for _, p := range pairs {
				matchedT[p[0]] = true
			}
			for ti, te := range truth {
				if matchedT[ti] {
					continue
				}
				speed := 0.0
				for _, b := range ballsOf(te) {
					if st, ok := ss.Motion.Ball(b, te.T-1e-4); ok {
						speed = math.Max(speed, st.Vel.Len())
					}
				}
				why := ""
				if te.Kind == shot.Contact {
					f := r.factsOf(ss, truth, ti, isBreak, func(b int, t0, t1 float64) bool { return hidden(i, b, t0, t1) })
					why = fmt.Sprintf(" (%s, Δv %.0f mm/s)", f.cause(), f.dv)
				}
				r.rep.Misses = append(r.rep.Misses, fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): missed %s %v %s%s at %.0f mm/s%s",
					game, i, te.T, te.T+strikes[i], te.Kind, ballsOf(te), te.Rail, te.Pocket, speed, why))
			}
			for gi, ge := range got {
				if !usedGot[gi] {
					why := ""
					if ge.Kind == shot.Contact {
						why = " (" + r.falseCause(ss, truth, ge) + ")"
					}
					r.rep.Misses = append(r.rep.Misses, fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): extra %s %v %s%s%s",
						game, i, ge.T, ge.T+strikes[i], ge.Kind, ballsOf(ge), ge.Rail, ge.Pocket, why))
				}
			}
		}
		r.fcAllN++
		if found[i] != nil && firstContact(truth) == firstContact(got) {
			r.fcAllOK++
		} else if isBreak && len(r.rep.Disagreements) < maxExamples {
			r.rep.Disagreements = append(r.rep.Disagreements, fmt.Sprintf("%s shot %d (%s): first contact %d, tracked %d",
				game, i, ss.Intent, firstContact(truth), firstContact(got)))
		}
		if !isBreak {
			tally(r.rep.EventsNoBreak)
			r.railScore(game, i, strikes[i], ss.Motion, truth, got, pairs, usedGot)
			for _, p := range pairs {
				te, ge := truth[p[0]], got[p[1]]
				if te.Kind != shot.Contact {
					continue
				}
				va, _ := ss.Motion.Ball(te.A, te.T-1e-4)
				vb, _ := ss.Motion.Ball(te.B, te.T-1e-4)
				if math.Max(va.Vel.Len(), vb.Vel.Len()) >= 1000 {
					err := math.Abs(ge.T-te.T) * 1000
					r.cErr = append(r.cErr, err)
					r.cSigned = append(r.cSigned, (ge.T-te.T)*1000)
					r.cRecs = append(r.cRecs, ctimeRec{err: err, sits: ctimeSituations(ss.Motion, truth, te),
						what: fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): contact %v at %.0f mm/s, told %+.2f ms",
							game, i, te.T, te.T+strikes[i], te.Balls(), math.Max(va.Vel.Len(), vb.Vel.Len()), (ge.T-te.T)*1000)})
					if err > 3 && len(r.rep.Misses) < maxExamples {
						cut := 0.0
						if va.Vel.Len() > 0 && te.At != nil {
							n := te.At.P().Sub(va.Pos)
							cut = math.Acos(math.Min(1, math.Abs(n.Dot(va.Vel))/(n.Len()*va.Vel.Len()))) * 180 / math.Pi
						}
						r.rep.Misses = append(r.rep.Misses, fmt.Sprintf("%s shot %d t=%.4f (abs %.4f): contact %d-%d off by %.1f ms (speeds %.0f/%.0f, cut %.0f°)",
							game, i, te.T, te.T+strikes[i], te.A, te.B, (ge.T-te.T)*1000, va.Vel.Len(), vb.Vel.Len(), cut))
					}
				}
			}
			r.rep.FirstContactN++
			if found[i] != nil && firstContact(truth) == firstContact(got) {
				r.fcOK++
			} else if len(r.rep.Disagreements) < maxExamples {
				r.rep.Disagreements = append(r.rep.Disagreements, fmt.Sprintf("%s shot %d (%s): first contact %d, tracked %d",
					game, i, ss.Intent, firstContact(truth), firstContact(got)))
			}
		}
		_ = usedGot
	}
	return r.rulings(game, m, strikes, found, foundFrame, extra)
}

// rulings runs the rules on the tracker's shot records in the true match: each
// tracked shot is judged in the state the true record was judged in (then taken
// back with an undo), and its ruling compared with the true one. The ruling's
// cost counts in the frame that told the shot (foundFrame), as live.
//
// A tracked shot that matches no true stroke (extra, in stroke order) is
// ruled too, in the true state at its time, as the live referee would rule
// it: one the engine accepts is a ruling the truth never made, a
// disagreement (unflagged unless the shot asked for review); one it rejects
// changes nothing and is not counted.
func (r *run) rulings(game string, m *sim.Match, strikes []float64, found []*shot.Shot, foundFrame []int, extra []*shot.Shot) error {
	e := rules.New()
	shotAt := map[int]int{}
	for i, ss := range m.Shots {
		shotAt[ss.Index] = i
	}
	seq := 0
	for ri, rec := range m.Records {
		if i, ok := shotAt[ri]; ok {
			for len(extra) > 0 && *extra[0].Start < strikes[i] {
				seq = r.ruleExtra(game, e, seq, extra[0])
				extra = extra[1:]
			}
			r.rep.RulingN++
			truth := m.Rulings[ri]
			if s := found[i]; s != nil {
				mine := *s
				mine.Call = m.Shots[i].Record.Call
				seq++
				lap := cpuclock.Start()
				got := e.Apply(seq, &mine)
				cpu, wall := lap.Stop()
				r.addCost(foundFrame[i], FrameCost{CPU: cpu, Wall: wall})
				if got.Kind != shot.KindError {
					seq++
					e.Apply(seq, &shot.Undo{})
				}
				same, why := sameRuling(truth, got)
				if !same && s.Review == nil {
					r.rep.RulingUnflagged++
				}
				switch {
				case s.Review != nil && same:
					r.rep.ReviewsNeedless++
					if r.rep.ReviewsNeedlessByReason == nil {
						r.rep.ReviewsNeedlessByReason = map[string]int{}
					}
					r.rep.ReviewsNeedlessByReason[reviewKind(s.Review.Reason)]++
					if len(r.rep.ReviewsNeedlessExamples) < maxExamples {
						r.rep.ReviewsNeedlessExamples = append(r.rep.ReviewsNeedlessExamples, fmt.Sprintf("%s shot %d (%s): %s", game, i, m.Shots[i].Intent, s.Review.Reason))
					}
				case s.Review != nil:
					r.rep.ReviewsDiffering++
				}
				if same {
					r.rulOK++
				} else if len(r.rep.Disagreements) < maxExamples {
					flag := "unflagged"
					if s.Review != nil {
						flag = "review: " + s.Review.Reason
					}
					r.rep.Disagreements = append(r.rep.Disagreements, fmt.Sprintf("%s shot %d (%s): ruling differs: %s [%s]", game, i, m.Shots[i].Intent, why, flag))
				}
			} else {
				r.rep.RulingUnflagged++
				if len(r.rep.Disagreements) < maxExamples {
					r.rep.Disagreements = append(r.rep.Disagreements, fmt.Sprintf("%s shot %d (%s): no shot tracked", game, i, m.Shots[i].Intent))
				}
			}
		}
		seq++
		if got := e.Apply(seq, rec); got.Kind == shot.KindError {
			return fmt.Errorf("trackbench: %s: the true record %d was rejected after a tracked one: %s", game, ri+1, got.Error)
		}
	}
	for _, x := range extra {
		seq = r.ruleExtra(game, e, seq, x)
	}
	return nil
}

// sameRuling compares what matters of two rulings: legal, fouls, who plays next
// and the game's end.
func sameRuling(a, b shot.Ruling) (bool, string) {
	if b.Kind == shot.KindError {
		return false, "error: " + b.Error
	}
	la, lb := a.Legal != nil && *a.Legal, b.Legal != nil && *b.Legal
	if la != lb {
		return false, fmt.Sprintf("legal %v, tracked %v (fouls %v / %v)", la, lb, codes(a.Fouls), codes(b.Fouls))
	}
	if ca, cb := codes(a.Fouls), codes(b.Fouls); fmt.Sprint(ca) != fmt.Sprint(cb) {
		return false, fmt.Sprintf("fouls %v, tracked %v", ca, cb)
	}
	if a.Next.Player != b.Next.Player {
		return false, fmt.Sprintf("next %s, tracked %s", a.Next.Player, b.Next.Player)
	}
	ga, gb := outcome(a.GameOver), outcome(b.GameOver)
	if ga != gb {
		return false, fmt.Sprintf("game over %q, tracked %q", ga, gb)
	}
	return true, ""
}

func codes(f []shot.FoulCall) []string {
	out := make([]string, 0, len(f))
	for _, c := range f {
		out = append(out, c.Code)
	}
	sort.Strings(out)
	return out
}

func outcome(o *shot.Outcome) string {
	if o == nil {
		return ""
	}
	w := "-"
	if o.Winner != nil {
		w = *o.Winner
	}
	return w + ":" + o.Reason
}

func pct(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(math.Ceil(p*float64(len(s)))) - 1
	if i < 0 {
		i = 0
	}
	return s[i]
}

func (r *run) finish() {
	rep := r.rep
	for _, mm := range []map[string]*KindScore{rep.Events, rep.EventsNoBreak} {
		for _, s := range mm {
			s.Recall, s.Precision = 1, 1
			if s.True > 0 {
				s.Recall = float64(s.Matched) / float64(s.True)
			}
			if s.Found > 0 {
				s.Precision = float64(s.Matched) / float64(s.Found)
			}
		}
	}
	r.frameCosts(rep)
	rep.EventDelayFramesP50 = pct(r.delays, 0.5)
	rep.EventDelayFramesP95 = pct(r.delays, 0.95)
	rep.EventDelayByKind = map[string]float64{}
	for k, d := range r.delayBy {
		rep.EventDelayByKind[k] = pct(d, 0.95)
	}
	rep.FirstDelayFramesP50 = pct(r.first, 0.5)
	rep.FirstDelayFramesP95 = pct(r.first, 0.95)
	if len(r.first) > 0 {
		n := 0
		for _, d := range r.first {
			if d <= lateFrames {
				n++
			}
		}
		rep.FirstWithin2 = float64(n) / float64(len(r.first))
	}
	rep.FirstDelayByKind = map[string]float64{}
	for k, d := range r.firstBy {
		rep.FirstDelayByKind[k] = pct(d, 0.95)
	}
	r.lateFinish()
	rep.RestToShotMsP50 = pct(r.restLag, 0.5)
	rep.RestToShotMsP95 = pct(r.restLag, 0.95)
	rep.StopToShotMsP50 = pct(r.stopLag, 0.5)
	rep.StopToShotMsP95 = pct(r.stopLag, 0.95)
	rep.ContactErrMsP50 = pct(r.cErr, 0.5)
	rep.ContactErrMsP95 = pct(r.cErr, 0.95)
	rep.ContactErrN = len(r.cErr)
	rep.ContactBiasMs = pct(r.cSigned, 0.5)
	r.ctimeFinish()
	if rep.FirstContactAllN = r.fcAllN; r.fcAllN > 0 {
		rep.FirstContactAll = float64(r.fcAllOK) / float64(r.fcAllN)
	}
	if rep.FirstContactN > 0 {
		rep.FirstContactCorrect = float64(r.fcOK) / float64(rep.FirstContactN)
	}
	if rep.RulingN > 0 {
		rep.RulingAgreement = float64(r.rulOK) / float64(rep.RulingN)
	}
	if d := 2*r.idTP + r.idFP + r.idFN; d > 0 {
		rep.IDF1 = float64(2*r.idTP) / float64(d)
	}
	if r.detTrue > 0 {
		rep.DetRecall = float64(r.detFound) / float64(r.detTrue)
	}
	if r.detFound > 0 {
		rep.DetPosErrRMS = math.Sqrt(r.detSS / float64(r.detFound))
	}
	for _, db := range rep.Detection {
		if db.Balls > 0 {
			db.Recall = float64(db.found) / float64(db.Balls)
		}
		if db.found > 0 {
			db.ErrRMS = math.Sqrt(db.ss / float64(db.found))
			db.Numbered = float64(db.right) / float64(db.found)
			db.WrongNum = float64(db.wrong) / float64(db.found)
			db.Moving = float64(db.moving) / float64(db.found)
		}
	}
	if r.detAll > 0 {
		rep.DetPrecision = math.Min(1, float64(r.detFound)/float64(r.detAll))
	}
	r.ballFigures(rep)
	rep.TrackUsP50 = pct(r.trackUs, 0.5)
	rep.TrackUsP99 = pct(r.trackUs, 0.99)
	rep.RailRests.finish()
}

// reviewKind is a review reason with its numbers replaced by N, so that
// reasons of one kind count together.
func reviewKind(reason string) string {
	b := make([]byte, 0, len(reason))
	for i := 0; i < len(reason); i++ {
		c := reason[i]
		if c >= '0' && c <= '9' || (c == '.' || c == '-') && i+1 < len(reason) && reason[i+1] >= '0' && reason[i+1] <= '9' {
			if len(b) == 0 || b[len(b)-1] != 'N' {
				b = append(b, 'N')
			}
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// ruleExtra rules x, a tracked shot that matches no true stroke, in e's state
// (then undoes it) and counts what the referee would have said; it returns
// the last sequence number used.
func (r *run) ruleExtra(game string, e *rules.Engine, seq int, x *shot.Shot) int {
	seq++
	got := e.Apply(seq, x)
	if got.Kind == shot.KindError {
		r.rep.ExtraRejected++
		return seq
	}
	seq++
	e.Apply(seq, &shot.Undo{})
	r.rep.RulingN++
	flag := "unflagged"
	if x.Review != nil {
		r.rep.ReviewsDiffering++
		r.rep.Reviews++
		flag = "review: " + x.Review.Reason
	} else {
		r.rep.RulingUnflagged++
	}
	if len(r.rep.Disagreements) < maxExamples {
		r.rep.Disagreements = append(r.rep.Disagreements, fmt.Sprintf("%s: a shot tracked at %.3f s where none was played, ruled %s [%s]", game, *x.Start, rulingWords(got), flag))
	}
	return seq
}

// rulingWords says a ruling in a few words for the report.
func rulingWords(g shot.Ruling) string {
	w := "legal"
	if g.Legal == nil || !*g.Legal {
		w = fmt.Sprintf("foul %v", codes(g.Fouls))
	}
	w += ", next " + g.Next.Player
	if o := outcome(g.GameOver); o != "" {
		w += ", game over " + o
	}
	return w
}
