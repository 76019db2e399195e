package tracking

import (
	"fmt"
	"math"
	"slices"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// track is one ball the tracker follows.
type track struct {
	used      bool
	confirmed bool
	hits      int
	votes     [16]float64
	ball      int // resolved identity, −1 when unknown
	// elim is the ball (+1; 0 none) the track was named by elimination, kept
	// while that ball stays free (see eliminate).
	elim int
	// elimMoved: named by elimination while it moved in a shot.
	elimMoved bool
	// namedT: when resolveIDs or eliminate last gave it a number (namedlate.go).
	namedT float64
	// backT is when it last came back onto the table after it was gone or
	// long unseen (see backLately); 0 never.
	backT float64
	// tookDownT is when it last took the number of a ball gone from the
	// table that another track held (see backLately); 0 never.
	tookDownT float64
	// putBack: it took that number between shots: the ball put
	// back on the table (see staleTake).
	putBack bool

	moving bool
	rest   table.Point // where it rests (valid when !moving)
	restW  float64     // weight of the running mean
	restT  float64     // when it came to rest
	startT float64     // when it last started from rest
	from   table.Point // where it rested before that start
	// fromRest: the last start was from rest at from (not a ball first seen
	// already rolling), see railback.go.
	fromRest bool

	seg   []sample   // the current piece of path, since the last start or break
	head  [16]sample // the first samples of the piece (for refitting the start)
	nhead int
	fit   path // fitted to the tail of seg; refreshed every frame
	fitN  int  // len(seg) when fit was made
	pend  [2]sample
	npend int
	// glitched: two reads off its path were dropped since the last read on
	// it (glitch.go).
	glitched bool
	// anchored: seg[0] is not a detection but where the ball was at the event that
	// began the piece (its rest point at a start, its contact point at a break).
	anchored bool
	// hitT: when this ball, moving, struck a ball whose start alone told
	// the contact (0 none; see afterhit.go).
	hitT    float64
	hidStop float64 // a stop predicted inside an occlusion, 0 if none
	shift   int     // detections in a row away from rest but not moving
	// flipT is when the last detection taken for a flip off a cushion came;
	// flipIn is how much further off the cushion than the last detection
	// kept the first of its run lay (cushionflip.go).
	flipT  float64
	flipIn float64

	last    sample     // last observation
	hist    [64]sample // the last detections, a ring (hist[(nh-1)%64] newest)
	clear   clearReads // its last clear readings of a number (swapboth.go)
	nh      int
	prev    sample // the one before
	seen    bool   // observed this frame
	missed  int    // frames since the last observation
	missClr int    // of those, frames when it was not in an occluded region
	hidden  bool   // missing inside an occluded region this frame
	wasHid  bool   // has been hidden since the last observation
	gone    bool   // pocketed or off the table, or lifted
	lifted  bool   // gone from where it rested, unseen and not occluded: taken by hand
	swept   bool   // lifted in a shot as a moving ball ran through its place (sweptBy)
	byRail  bool   // gone moving by a cushion, on the table (offrail.go)
	goneT   float64
	went    wentWay  // how it was going when goneEvent told it gone (rolledin.go)
	jaw     jawReads // its readings at the spot it went from, over trials (jawhang.go)

	moved bool // moved during the current shot or lag
	// provMet: when a provisional contact of it was last told (lastSeenOf).
	provMet float64
	// railGap is the least gap to a cushion (mm, away from the pocket mouths) of
	// its detections while moving in the current shot, with the time.
	railGap  float64
	railGapT float64
	// earlyGap is the least gap to a cushion, with the time, of its
	// detections between the stroke and the shot's start being told, which
	// the shot's log misses (railearly.go).
	earlyGap  float64
	earlyGapT float64
	slog      []sample    // its detections in the current shot (see logShot)
	rr        railReads   // its readings across a cushion at rest (frozendoubt.go)
	flick     flickMem    // where its centre flips to at rest (flicker.go, flickkeep.go)
	flit      flitHome    // its reads back at its rest point since its start (flithome.go)
	slowNext  int         // the first of them logShot has not looked at
	born      float64     // time of its first detection
	bornAt    table.Point // and where it was
	side      int         // lag: −1 in the left half at the start, +1 right
	lastSide  int
	// probe: the track came back (see ghost.go) and must be seen a while
	// before that is believed.
	probe probe
	// cst: its recent reads and the number it was followed by (contested.go).
	cst contestTrack
	// comeback: reads of its number while it is gone (comeback.go).
	comeback comeback
	// sure: its latest clear read, for taking a gone ball's number (comeback.go).
	sure sureRead
	// own: the most votes its number has had while it carried it (downhold.go).
	own ownPeak
	// home: where it rested before its first start (wanderhome.go) or lift
	// (lifthome.go) between shots since the last shot, when homeOK.
	home   table.Point
	homeOK bool
	// backIdle: it came back from gone (pocketed, off the table, lifted)
	// between shots; handT: when it then started untouched soon after
	// (handback.go).
	backIdle bool
	handT    float64
	// backLift: it had been lifted, not pocketed (liftback.go).
	backLift bool
}

// change is a start or a break in a ball's path, waiting to be explained by a
// contact, a cushion, or nothing.
type change struct {
	tr      int
	start   bool    // from rest (else a break in a moving path)
	t       float64 // estimated time
	frame   int
	in      path // path before the change (still for a start)
	first   sample
	lastIn  float64       // time of the last detection on the old path (at rest, for a start)
	inS     [inMax]sample // the last detections of the old path (not for a start)
	nIn     int
	done    bool
	partner int // track that explained it, −1 none
	gap     bool
	// hitT is the time of the contact pair told for it (hit says there is
	// one): a break's path in ran only until then.
	hitT float64
	hit  bool
	// For a start: slack (s) widens the window its cause is looked for in (a
	// slow start's time is uncertain); slow says it crept off (see slowStart),
	// too slow for a stroke.
	slack float64
	slow  bool
	fast  bool // a start between shots at a stroke's speed (see fastStart)
	told  bool // a start between shots told live as a touch

	// pre holds more of the old path's detections, for timing a contact by
	// approach.
	pre  [approachMax]sample
	nPre int
}

// pevent is an event of the shot in progress, with tracks instead of balls.
type pevent struct {
	t          float64 // source time
	kind       string
	a, b       int // tracks (b for contacts)
	rail       table.Rail
	pocket     table.PocketID
	at         table.Point
	hasAt      bool
	unseen     bool // decided while the ball could not be seen
	cancel     bool
	kept       bool // a provisional rail hit kept (see keepProvRails)
	emittedAny bool
	// ids are the balls of a and b when the event was found (−1 unknown): when a
	// track's number is lost by the end of the shot, the event keeps them.
	ids [2]int
	// fixed says ids are the balls told whatever the tracks' numbers at the
	// end (see firstByPath).
	fixed bool
	// frozenMet: a contact told by frozenFirst (frozenshift.go).
	frozenMet bool
	// far: a cushion hit told from a contact's model (contactRail) of a
	// ball further than contactRailGap from the cushion; a path that reaches
	// the cushion line retimes it (addEvent).
	far bool
	// still, for a contact with a ball at rest that was free to move: its track
	// and where it rested; the contact is dropped at the end of the shot if that
	// ball never moved (−1: no such check).
	still   int
	stillAt table.Point
	// hardMiss: a contact with a ball by a cushion met hard that never left
	// its place, dropped as a near miss though the other ball came within
	// missGap of touching it (see dropNearMisses): the doubt's other reading
	// (missDoubt). missTr is the track of the ball that never left.
	hardMiss bool
	missTr   int
	// homeTouch: a touch dropped because the ball never showed it left its
	// place before another met it (dropHomeTouches): the doubt's other
	// reading.
	homeTouch bool
	// handTouch: a touch of the bridge hand's track, dropped (bridgehand.go).
	handTouch bool
	// group: still's ball rested against other balls (see backed); the
	// contact is dropped only if none of them moved either.
	group bool
	// For a contact: each ball's side, to retime it when their outgoing paths are
	// known (see finishContacts).
	sides   [2]side
	refined bool
	// closing, for a contact told from both balls' ways in (contact): how
	// fast they closed along the line of centres (mm/s); closingOK says it
	// is known (see hardHitSince).
	closing   float64
	closingOK bool
	// inSpeed: the faster ball's speed into that contact (mm/s), no ball
	// leaves it faster (see struckInto).
	inSpeed float64
	// sd: the standard error of t (s) once the shot's end has timed the
	// contact again (combineContact); 0 before, or when nothing said.
	sd float64
	// seq numbers the events of a shot (from 1); a rail event derived from a
	// contact (a ball driven into a cushion too soon after it for its path to
	// show the bounce) names the contact in after and keeps its delay off, so
	// that it follows the contact when the contact is retimed.
	seq   int
	after int
	off   float64
	// forGone: told only to explain the vanishing of a ball at rest that a
	// ball passed close by (hitAndGone); see hitback.go.
	forGone bool
	// byPass: told from a close pass (closepass.go); a contact of the same
	// pair that explain pairs from the paths' changes replaces it.
	byPass bool
	// rack: told from the departures of a rack's balls (rackpush.go), which
	// do not say that the pairs not told did not meet.
	rack bool
	// waitBack: a gone ball's event whose judging waits on a track that may
	// hold the ball back on the table (backOnTable).
	waitBack bool
	// short: a cushion hit told from a path that came within railSlack of
	// the cushion line without reaching it (railHit; see dropRailTwice).
	short bool
	// deepIn: a cushion hit told for a bend deep in this pocket's opening,
	// no jaw touched (railHit; see dropMouthBends).
	deepIn table.PocketID
	// slowTimed: a cushion hit retimed from its slow fall (slowTell), which
	// veeTest leaves as it is.
	slowTimed bool
}

// side is one ball of a contact: its path into the contact (still when it was at
// rest), the time of its first detection after it (NaN if unknown), and its own
// estimate of the contact time with a weight (1/variance).
type side struct {
	tr    int
	in    path
	rest  bool
	first float64
	est   float64
	w     float64
	done  bool
	// For a ball that was moving: its last detections before the contact, to
	// time it by when they bring it within 2R of a ball at rest (approach).
	pre  [approachMax]sample
	nPre int
	// post holds its first detections after the contact, up to its next
	// contact or cushion, for the joint fit (see jointContact).
	post  [16]sample
	nPost int
	// startT, startSD: a struck ball's own start time and its standard
	// error, when nothing else may time the contact (frozentime.go).
	startT, startSD float64
}

type phase int

const (
	idle phase = iota
	inShot
	inLag
)

// Tracker follows the balls and cuts shots. It is not safe for concurrent use.
type Tracker struct {
	grazes []grazeMark // skim.go
	cfg    Config
	tab    table.Table
	dt     float64
	R      float64
	inPlay [16]bool
	rj     rackJumpCache // rackjump.go
	// rackPutT: when a rack was last put down between shots (rackput.go).
	rackPutT float64
	lifts    []float64 // when tracks were last taken for lifted (rackback.go)

	// ownReads counts the frame's clear reads of the cue ball and the eight
	// (ownread.go).
	ownReads [2]int

	tracks []track
	frame  int
	lastT  float64
	begun  bool

	jaws  []facing
	asg   assigner
	rowTr []int
	// rackCand, rackBar, rackSeen: scratch of rackWhites (rackwhite.go).
	rackCand []int
	rackBar  []bool
	rackSeen []int
	// apart: the start stayedApart last found was not the cue ball's (cuestayed.go).
	apart apartStart
	// movedFrom: the balls told moving at the stroke, where they rested before (movejit.go).
	movedFrom []movedFrom
	// renames: the tracks resolveIDs renamed this frame (restname.go).
	renames []rename
	obsUsed []bool
	fobs    []Obs   // this frame's detections (PushFrame; see restSnap)
	holder  [16]int // the live confirmed track (+1; 0 none) of each ball (associate)
	chg     []change
	out     []Output

	wayObs []wayObs      // the shot's frames (hiddenwaypot.go)
	wayPts []table.Point // and their detections
	// restKeep is restMeanAt's reused buffer of the detections it keeps
	// (railnudge.go).
	restKeep []sample

	trace      func(format string, args ...any)
	phase      phase
	strikeT    float64
	strikeTr   int
	before     map[int]table.Point // track → position at the stroke
	cueIn      []sample            // the cue ball's detections since the stroke (see firstpath.go)
	cueLead    []sample            // and its last few before (see stroke.go)
	leadKept   bool                // cueLead is kept for the shot in progress
	beforeID   map[int]int         // track → its ball at the stroke (−1 unknown)
	swapOff    [][2]int            // tracks that swapped balls in the shot, one then gone (gonetake.go)
	jawTips    []jawTip            // cushion hits at a jaw point left untold in the shot (jawtip.go)
	nearPasses []nearTold          // contacts told in the shot from a near pass (nearpass.go)
	onStroke   onStroke            // downshot.go
	faint      uint64              // tracks hardly seen since they came back, at the stroke (faint.go)
	events     []pevent
	movingAt   []int
	lagDue     bool
	// cueMovedTo+1 is the track cueMoved last found the cue ball in hand
	// put down on (0 none; restnotcue.go).
	cueMovedTo  int
	lagNames    [2]string
	occluded    []Region
	quietFrom   float64
	reviewWhy   string      // why the shot in progress needs a person's eye, if it does
	toldOff     []int       // balls lostOff told off the table in the shot ending (lostbed.go)
	missedShot  bool        // the shot in progress was begun by missedStroke (missedlate.go)
	doubts      []doubt     // doubts of the shot in progress that may not matter (doubt.go)
	weak        []weakStart // weak touches of the shot in progress, not told (weakback.go)
	railRests   []railRest  // resting balls by a cushion, maybe frozen to it, at the stroke (frozendoubt.go)
	seq         int         // the last pevent.seq given
	watches     []watch
	provs       []prov        // provisional events told lately
	heldTouches []heldTouch   // live touches held while a stroke told provisionally is confirmed (heldtouch.go)
	provDue     []provDue     // provisional events foreseen, told when their time comes (provlate.go)
	provRails   []provRailHit // provisional rail hits of the shot (see keepProvRails)
	passes      []pass        // close passes of two balls waiting to be judged (closepass.go)
	leaves      []leave       // balls that left their rest points in the shot (pressed.go)
	cones       []int         // seqs of the contacts whose push was played (presscone.go)
	rackNone    []rackPair    // pressed pairs a rack push passed nothing through (rackpush.go)
	rekissed    []int         // contacts looked at again for a re-kiss, by seq (rekiss.go)
	late        []lateContact // contacts told late, timed again at the end (lateside.go)
	rekissing   bool          // a re-kiss is being told: a contact of the pair near it is another
	cst         contestShot   // numbers two tracks were read as in the shot (contested.go)

	// backedNear: balls held by a cushion passed at touching distance with no
	// contact told (kissrail.go).
	backedNear []backedPass
	stopPasses []passMet // provPass contacts of the shot (stopagainst.go)

	// prevStrikeT is the stroke of the shot before the one in play (vanish.go).
	prevStrikeT float64

	// lastAfter is the last shot record's after: where the next shot's balls
	// unseen at its stroke rested (stillunseen.go).
	lastAfter shot.Positions
	// last is the last shot record's end and before (creepon.go).
	last lastShot
	// mouthGoneBalls: balls told pocketed unseen in the shot in progress
	// after another met them resting in a mouth (mouthgone.go).
	mouthGoneBalls []jawRest
	// idleGones: balls that went while no shot was in play (goneatstroke.go).
	idleGones []idleGone
	// strokeGone: the tracks of the balls the stroke set off that went
	// before the shot began (goneAtStroke), for groupStruck.
	strokeGone []int
	// handMove is the last shot record's move by hand, if it was one
	// (nostroke.go).
	handMove handMove
	lostRoll lostRoll // the cue ball last lost from view while rolling (backrolling.go)
	// jawRests are the balls taken for pocketed in shots before while they
	// may rest in the mouth unseen (jawrest.go).
	jawRests []jawRest

	// reviewFirst holds the tracks (+1; 0 none) of the two candidate first
	// balls when reviewWhy is their doubt (firstpath.go), for the judge.
	reviewFirst [2]int
	// reviewRead writes out the other readings of reviewWhy's doubt when it
	// is no first-ball doubt (readings.go), for the judge; nil: none known.
	reviewRead func(*shot.Shot) []*shot.Shot
	// reviewHid is set when a doubt was not told because reviewWhy already
	// held one: reviewWhy then stands for both and is always asked.
	reviewHid bool
}

// New returns a tracker for the table in cfg.
func New(cfg Config) (*Tracker, error) {
	if err := cfg.fill(); err != nil {
		return nil, err
	}
	k := &Tracker{cfg: cfg, tab: cfg.Table, dt: 1 / cfg.FPS, R: cfg.Table.BallR, trace: cfg.Trace, handMove: handMove{ball: -1}}
	if k.trace == nil {
		k.trace = debugf
	}
	for _, b := range cfg.Balls {
		k.inPlay[b] = true
	}
	k.jaws = facings(k.tab)
	k.tracks = make([]track, 0, 32)
	k.before = make(map[int]table.Point, 16)
	k.beforeID = make(map[int]int, 16)
	return k, nil
}

// ExpectLag tells the tracker that the next motion is the lag for the break (rule
// 1.5): two balls shot together from behind the head string. left names the player
// whose ball starts in the left half (y < W/2), right the other.
func (k *Tracker) ExpectLag(left, right string) {
	k.lagDue = true
	k.lagNames = [2]string{left, right}
}

// Push is PushFrame for a frame without occlusion information.
func (k *Tracker) Push(t float64, obs []Obs) ([]Output, error) {
	return k.PushFrame(Frame{T: t, Obs: obs})
}

// PushFrame feeds one frame. Frames must come in increasing time. It returns the
// live events and records this frame completed; the slice is reused by the next
// call. A rejected frame returns an error and leaves the tracker unchanged.
func (k *Tracker) PushFrame(f Frame) ([]Output, error) {
	if err := checkFrame(&f, k.lastT, k.begun); err != nil {
		return nil, err
	}
	k.out = k.out[:0]
	k.occluded = f.Occluded
	k.frame++
	k.begun = true
	k.lastT = f.T
	k.fobs = f.Obs
	k.noteWayObs(f.T, f.Obs) // hiddenwaypot.go
	k.associate(f.T, f.Obs)
	k.fobs = nil // the caller's; not kept past association
	k.checkSwaps()
	k.missing(f.T)
	k.cueBack()
	k.provDueTell()
	k.explain(f.T)
	k.watchPasses()
	k.watchRekisses()
	k.judgePressed(false)
	k.resolveIDs()
	k.eliminate()
	k.advance(f.T)
	return k.out, nil
}

// Ball is the tracker's current estimate for one ball.
type Ball struct {
	Ball   int // −1 while the identity is unknown
	At     table.Point
	Moving bool
	Hidden bool // not observed in the last frame
	Gone   bool
}

// Balls appends the confirmed balls to dst and returns it.
func (k *Tracker) Balls(dst []Ball) []Ball {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || !tr.confirmed {
			continue
		}
		dst = append(dst, Ball{Ball: tr.ball, At: k.position(tr), Moving: tr.moving, Hidden: !tr.seen, Gone: tr.gone})
	}
	return dst
}

// position is the best estimate of where a track is now.
func (k *Tracker) position(tr *track) table.Point {
	if !tr.moving {
		return tr.rest
	}
	if tr.seen {
		return tr.last.p
	}
	return tr.fit.at(math.Min(k.lastT, tr.last.t+0.1))
}

// predict returns where a track should be at t and the scale of the gate.
func (k *Tracker) predict(tr *track, t float64) (table.Point, float64) {
	sm := k.cfg.SigmaMoving
	if !tr.moving {
		s := 2*k.cfg.Sigma + 1
		if tr.npend > 0 && tr.confirmed {
			// It may be starting: look around its first detection away from rest.
			return tr.pend[tr.npend-1].p, 25 + 200*(t-tr.pend[tr.npend-1].t)
		}
		return tr.rest, s
	}
	n := len(tr.seg)
	if n < 2 || (tr.npend == 1 && tr.pend[0].t >= tr.last.t) {
		return tr.last.p, 25 + 200*(t-tr.last.t)
	}
	tt := math.Min(t, tr.last.t+0.15)
	p := tr.fit.at(tt)
	v := tr.fit.vel(tr.last.t).Len()
	s := 2*sm + 2 + 0.1*v*(t-tr.last.t)
	if n < 4 {
		s += 6
	}
	return p, s
}

const bigCost = 1e9

// associate matches the frame's detections to the tracks: first within tight
// gates around the predicted positions, then, for what is left, within a jump gate
// wide enough for a ball struck hard or a path broken by a collision.
func (k *Tracker) associate(t float64, obs []Obs) {
	if cap(k.obsUsed) < len(obs) {
		k.obsUsed = make([]bool, len(obs), maxObs)
	}
	k.obsUsed = k.obsUsed[:len(obs)]
	clear(k.obsUsed)
	k.rowTr = k.rowTr[:0]
	clear(k.holder[:])
	k.noteOwnReads(obs) // ownread.go
	for i := range k.tracks {
		tr := &k.tracks[i]
		tr.seen = false
		if tr.used && !tr.gone {
			k.rowTr = append(k.rowTr, i)
			if tr.confirmed && tr.ball >= 0 {
				k.holder[tr.ball] = i + 1
			}
		}
	}
	vmax, vunknown := k.fastestMoving() // speedgate.go
	for pass := 0; pass < 2; pass++ {
		rows := k.rowTr[:0:0]
		put := pass == 1 && k.rackPut() // rackput.go
		for _, i := range k.rowTr {
			if tr := &k.tracks[i]; !tr.seen && !(put && tr.ball == 0 && !tr.moving && tr.npend == 0) {
				rows = append(rows, i)
			}
		}
		nO := len(obs)
		if len(rows) == 0 || nO == 0 {
			break
		}
		cols := nO + len(rows)
		c := k.asg.matrix(len(rows), cols)
		for r, i := range rows {
			tr := &k.tracks[i]
			pred, s := k.predict(tr, t)
			gate := 0.0
			if pass == 0 {
				gate = 16
			} else {
				// A moving ball may have gone far while unseen; one at rest
				// can only have started since the last frame.
				since := t - tr.last.t
				if !tr.moving {
					since = math.Min(since, k.dt)
				}
				gate = math.Min(40+12000*since, 600)
			}
			wide := 0.0 // (aheadOfPending)
			if pass == 1 && !tr.moving && tr.npend > 0 {
				wide = math.Min(40+12000*(t-tr.pend[tr.npend-1].t), 600)
			}
			for j := range obs {
				cost := bigCost
				if !k.obsUsed[j] && !k.readElsewhere(tr, &obs[j]) /* ownread.go */ && !k.cueReadHeld(tr, &obs[j]) /* cueread.go */ {
					d := obs[j].At.Dist(pred)
					if pass == 0 {
						if q := (d / s) * (d / s); q <= gate && !k.jumpToLiftSpot(i, &obs[j], d) /* liftspot.go */ && !k.onOthersRest(i, &obs[j], t, d) /* restread.go */ && !k.droppedPending(tr, &obs[j]) /* phantomjump.go */ {
							cost = q + k.idCost(tr, &obs[j], 8)
						}
					} else if (d <= gate || d <= wide && k.aheadOfPending(tr, &obs[j])) && !k.tooFar(tr, obs[j].At, t, vmax, vunknown) /* speedgate.go */ && !k.claimedBy(i, obs[j].At, t) && !k.namesMissing(tr, &obs[j]) && !k.namesHeld(tr, &obs[j]) && !k.namesOther(tr, &obs[j]) && !k.cueReturns(tr, &obs[j]) && !k.namesCue(tr, &obs[j]) && !k.behindPending(tr, &obs[j]) /* phantomjump.go */ && !k.namesMover(tr, &obs[j], t, d) && !k.neighbourJump(i, &obs[j]) /* rackjump.go */ && !k.slowJump(i, &obs[j], t, d) /* slowjump.go */ && !k.jumpToLiftSpot(i, &obs[j], d) /* liftspot.go */ {
						// A jump: a ball at rest struck hard, or a path broken by a
						// collision. Jumping from rest costs double, and a
						// detection that names another ball costs dearly; one
						// where another ball stands is that ball's.
						w := 1.0
						if !tr.moving && tr.npend == 0 && !obs[j].Moving && (tr.ball < 0 || obs[j].Ball != tr.ball) {
							// A jump from rest costs double, unless the
							// detection is a motion streak (a ball struck hard:
							// the break's cue ball goes 190 mm a frame at 60
							// fps) or names this very ball.
							w = 2
						}
						cost = w*d + k.idCost(tr, &obs[j], 150)
					}
				}
				c[r*cols+j] = cost
			}
			for j := nO; j < cols; j++ {
				c[r*cols+j] = bigCost
			}
			c[r*cols+nO+r] = gate + 10
			if pass == 1 && (tr.moving || tr.npend > 0) {
				c[r*cols+nO+r] = 2*gate + 100
			}
		}
		as := k.asg.solve(c, len(rows), cols)
		for r, i := range rows {
			j := as[r]
			if j >= nO || c[r*cols+j] >= bigCost {
				continue
			}
			k.obsUsed[j] = true
			if pass == 1 && k.trace != nil && !k.tracks[i].moving {
				k.trace("%.4f jump track %d ball %d from %v to %+v", t, i, k.tracks[i].ball, k.tracks[i].rest, obs[j])
			}
			k.update(i, t, &obs[j])
		}
	}
	// The detections no track took, in order; but when two or more read as
	// the cue ball, the surest of them first (cueFirst).
	first := k.cueFirst(obs)
	if first >= 0 {
		k.newTrack(t, &obs[first])
	}
	for j := range obs {
		if !k.obsUsed[j] && j != first {
			k.newTrack(t, &obs[j])
		}
	}
}

// cueFirst returns the surest of the detections no track took that read as
// the cue ball, when there are two or more; −1 otherwise. The cue ball,
// pocketed, comes back by hand on its first read (readBack): when the
// stripe at a rack's apex is read as white in the frame the cue ball is put
// down, the first of the two in the detections' order would take it.
// Rendered bench seed 19, 8-ball shot 28: the cue ball put down in the
// kitchen read as it at 0.78-0.82, stripe 14 at the apex at 0.56-0.63; the
// apex came first and took the cue ball's track, and the break was ruled
// cue_ball_outside_kitchen and touched_ball, unasked. (Every detection in
// the surest-first order instead shuffled the tracks a 14.1 rack's balls
// were born on, costing 3 points of contact precision on seed 17.)
func (k *Tracker) cueFirst(obs []Obs) int {
	best, n := -1, 0
	for j := range obs {
		if k.obsUsed[j] || obs[j].Ball != 0 {
			continue
		}
		n++
		if best < 0 || obs[j].Confidence > obs[best].Confidence {
			best = j
		}
	}
	if n < 2 {
		return -1
	}
	return best
}

// namesMissing reports whether a detection names, with some confidence, a ball
// that no live track carries (one taken off the table by hand, or not yet seen):
// it is that ball, not a jump of tr's.
func (k *Tracker) namesMissing(tr *track, o *Obs) bool {
	if o.Ball < 0 || o.Ball == tr.ball || (o.Confidence > 0 && o.Confidence < 0.5) || !classFits(o) {
		return false
	}
	// Balls do not overlap: a detection nearer than a diameter to where tr
	// stands is tr (struck, its number misread), whatever number it carries.
	if !tr.moving && o.At.Dist(tr.rest) < 2*k.R-10 && !k.rackReturn(tr, o) {
		return false
	}
	for j := range k.tracks {
		x := &k.tracks[j]
		if x.used && x.confirmed && !x.gone && x.ball == o.Ball {
			return false
		}
	}
	return true
}

// namesHeld reports whether a detection names, with some confidence, a ball
// that rests within a jump of it and was seen there a frame ago, tr having no
// identity: it is that ball, struck (its detection far from where it rested),
// not a jump of a track that followed an arm or a cue. A moving track that
// misses a detection costs dearly, one at rest little: left to the costs, the
// moving track would take it.
func (k *Tracker) namesHeld(tr *track, o *Obs) bool {
	conf := o.Confidence
	if conf == 0 {
		conf = 1
	}
	if tr.ball >= 0 || o.Ball < 0 || conf < 0.5 || !classFits(o) || k.holder[o.Ball] == 0 {
		return false
	}
	// (A ball seen where it rests until a frame ago: one long unseen there
	// has most likely been moved by hand, and its detections elsewhere start
	// a new track.)
	h := &k.tracks[k.holder[o.Ball]-1]
	return !h.moving && h.missed <= 1 && o.At.Dist(h.rest) < 40+12000*k.dt
}

// namesMover reports whether a detection, d from tr's prediction, names, with
// some confidence, a ball that a moving track follows, seen a frame ago and
// still without a detection this frame, the detection nearer to that track and
// within its jump, tr having no identity or another one: it is that ball (its
// path broken by a collision or a cushion), not a jump of a track that
// followed an arm or a cue. Left to the costs, such a track, unseen for a
// while and so with a wide gate, would outbid the ball for it and carry its
// path off under no number, or under a wrong one (rendered bench, 8-ball seed
// 29 shot 5: a track that had followed the shooter's arm under ball 8's number,
// unseen for 0.45 s, took ball 10's detections as it came off the foot
// cushion, read as the 10 at 0.7; the 10's track, its path carried on into
// the cushion, was lost there and the 10 told off the table).
func (k *Tracker) namesMover(tr *track, o *Obs, t, d float64) bool {
	conf := o.Confidence
	if conf == 0 {
		conf = 1
	}
	if tr.ball == o.Ball || o.Ball < 0 || conf < 0.5 || !classFits(o) || k.holder[o.Ball] == 0 {
		return false
	}
	h := &k.tracks[k.holder[o.Ball]-1]
	if h == tr || !h.moving || h.seen || h.missed > 1 {
		return false
	}
	p, _ := k.predict(h, t)
	dh := o.At.Dist(p)
	return dh < d && dh <= 40+12000*(t-h.last.t)
}

// claimedBy reports whether p lies where a track other than i stands at rest, or
// is predicted to be now: a detection there is that ball's, not a jump of i's.
func (k *Tracker) claimedBy(i int, p table.Point, t float64) bool {
	for j := range k.tracks {
		o := &k.tracks[j]
		// A ball taken for lifted during this shot most likely stood unseen
		// where it rested (in a cluster): its place is still claimed.
		liftedNow := o.gone && o.lifted && k.phase == inShot && o.goneT >= k.strikeT
		if j == i || !o.used || o.gone && !liftedNow {
			continue
		}
		var q table.Point
		switch {
		case !o.moving || liftedNow:
			q = o.rest
		case len(o.seg) >= 2:
			q = o.fit.at(math.Min(t, o.last.t+0.1))
		default:
			q = o.last.p
		}
		if p.Dist(q) < k.R {
			return true
		}
	}
	return false
}

// idCost is the identity term of an association cost: a bonus when the detector's
// label agrees with the track's identity, a penalty when it contradicts it.
func (k *Tracker) idCost(tr *track, o *Obs, w float64) float64 {
	conf := o.Confidence
	if conf == 0 {
		conf = 1
	}
	if tr.ball < 0 {
		// A detection that names, with some confidence, a ball another
		// track holds on the table is most likely that ball (struck, its
		// detection far from where it rested): a track without an identity
		// (one that followed an arm or a cue, say) takes it only if nothing
		// else will.
		if k.namesHeld(tr, o) {
			return w * 0.5 * conf
		}
		return 0
	}
	if o.Ball >= 0 && classFits(o) {
		if o.Ball == tr.ball {
			return -w * 0.5 * conf
		}
		return w * conf
	}
	// No number, or one its colour contradicts (a misread): the class alone.
	// White and black are one ball each: as telling as a number.
	switch o.Class {
	case ClassCue:
		if tr.ball != 0 {
			return w * conf
		}
	case ClassEight:
		if tr.ball != 8 {
			return w * conf
		}
	case ClassSolid:
		if tr.ball < 1 || tr.ball > 7 {
			return w * 0.5 * conf
		}
	case ClassStripe:
		if tr.ball < 9 {
			return w * 0.5 * conf
		}
	}
	return 0
}

// voteDecay is how much of its identity votes a track keeps at each detection: a
// half-life of about 350 detections (6 s at 60 fps), so that a detector that
// often misreads a ball's number does not move the identity.
const voteDecay = 0.998

// vote adds a detection's identity evidence to a track: to its votes, and to
// its recent reads (contested.go).
func (k *Tracker) vote(tr *track, o *Obs) {
	addVotes(&tr.votes, o, voteDecay)
	addVotes(&tr.cst.recent, o, recentDecay)
	k.noteRead(tr, o) // comeback.go
}

func (k *Tracker) trackIndex(tr *track) int {
	for i := range k.tracks {
		if &k.tracks[i] == tr {
			return i
		}
	}
	return -1
}

func (k *Tracker) newTrack(t float64, o *Obs) {
	if !k.tab.OnBed(o.At) && !k.nearBed(o.At) {
		return
	}
	if k.backOnSpot(t, o) || k.cueBackOnSpot(t, o) { // liftspot.go, cuespot.go
		return
	}
	if k.misreadOnSpot(t, o) { // spotmisread.go
		return
	}
	// A ball that comes back (spotted, placed by hand) takes its old track when the
	// detector names it; only between shots.
	if o.Ball >= 0 && k.phase != idle && classFits(o) {
		// A ball taken for pocketed or lost in this shot that shows up again
		// where it went: it was not gone.
		for i := range k.tracks {
			tr := &k.tracks[i]
			if tr.used && tr.confirmed && tr.gone && !tr.lifted && tr.ball == o.Ball && tr.goneT >= k.strikeT &&
				o.At.Dist(tr.last.p) < 150 {
				k.startProbe(i, t)
				for j := range k.events {
					if e := &k.events[j]; e.a == i && (e.kind == shot.Pocketed || e.kind == shot.OffTable) {
						// Taken back once it is seen a while (see confirmProbe).
						tr.probe.cancel = append(tr.probe.cancel, e.seq)
					}
				}
				if k.trace != nil {
					k.trace("%.4f back track %d ball %d at %v", t, i, tr.ball, o.At)
				}
				k.reset(tr, t, o.At)
				tr.seen = true
				k.vote(tr, o)
				return
			}
		}
	}
	if k.byRailBack(t, o) { // byrailback.go
		return
	}
	if o.Ball >= 0 && classFits(o) && !k.overlapsLive(o.At) {
		for i := range k.tracks {
			tr := &k.tracks[i]
			if k.phase != idle && !tr.lifted {
				continue
			}
			if tr.used && tr.confirmed && tr.ball == o.Ball && (tr.gone || tr.missed > int(liftTime*k.cfg.FPS)) {
				if !k.readBack(tr, t, o) {
					return // not yet read enough to be the gone ball (comeback.go)
				}
				if k.trace != nil {
					k.trace("%.4f return track %d ball %d at %v", t, i, tr.ball, o.At)
				}
				if tr.gone && k.phase != idle {
					// (Between shots balls come back by hand, and one racked
					// among others may show only now and then: no trial.)
					k.startProbe(i, t)
				}
				k.backHand(tr) // handback.go
				k.reset(tr, t, o.At)
				tr.seen = true
				tr.backT = t
				forgetOldVotes(tr) // one reading links it to its past (see returnvotes.go)
				k.vote(tr, o)
				return
			}
		}
	}
	if k.phase == idle && k.onKnownBall(o.At, -1) {
		return // a second detection of a ball at rest, or a false one beside it (see dropDuplicates)
	}
	slot := -1
	for i := range k.tracks {
		if !k.tracks[i].used {
			slot = i
			break
		}
	}
	if slot < 0 && len(k.tracks) >= maxTracks {
		if slot = k.staleSlot(); slot < 0 { // slots.go
			return
		}
		if k.trace != nil {
			k.trace("%.4f new track in the slot of track %d, gone at %.4f", t, slot, k.tracks[slot].goneT)
		}
	}
	if slot < 0 {
		k.tracks = append(k.tracks, track{})
		slot = len(k.tracks) - 1
	}
	tr := &k.tracks[slot]
	seg := tr.seg[:0]
	if seg == nil {
		seg = make([]sample, 0, 256)
	}
	*tr = track{used: true, ball: -1, seg: seg, slog: tr.slog[:0], born: t, bornAt: o.At}
	k.reset(tr, t, o.At)
	tr.seen = true
	tr.hits = 1
	// Its first detection starts its history: confirmMoving judges the first
	// three, and cueTakeover the path since the cue ball was last seen.
	tr.hist[0] = sample{t, o.At}
	tr.nh = 1
	k.vote(tr, o)
}

// classFits reports whether a detection's number agrees with its colour class
// (or the class is unknown): one that does not is a misread number, too weak to
// bring a ball back on its own.
func classFits(o *Obs) bool {
	switch o.Class {
	case ClassCue:
		return o.Ball == 0
	case ClassEight:
		return o.Ball == 8
	case ClassSolid:
		return o.Ball >= 1 && o.Ball <= 7
	case ClassStripe:
		return o.Ball >= 9
	}
	return true
}

// overlapsLive reports whether p lies nearer than a diameter (less a margin for
// the noise) to a live track's position: no other ball can stand there.
func (k *Tracker) overlapsLive(p table.Point) bool {
	for j := range k.tracks {
		x := &k.tracks[j]
		if x.used && x.confirmed && !x.gone && p.Dist(k.position(x)) < 2*k.R-10 {
			return true
		}
	}
	return false
}

func (k *Tracker) nearBed(p table.Point) bool {
	return p.X > -k.R && p.X < k.tab.L+k.R && p.Y > -k.R && p.Y < k.tab.W+k.R
}

// reset puts a track at rest at p.
func (k *Tracker) reset(tr *track, t float64, p table.Point) {
	tr.moving = false
	tr.rest = p
	tr.restW = 1
	tr.restT = t
	tr.seg = tr.seg[:0]
	tr.nhead = 0
	tr.npend = 0
	tr.anchored = false
	tr.last = sample{t, p}
	tr.missed, tr.missClr = 0, 0
	tr.gone = false
	tr.lifted, tr.swept = false, false
	tr.byRail = false
	tr.wasHid = false
}

// update applies one observation to a track: rest or motion, starts and breaks.
func (k *Tracker) update(i int, t float64, o *Obs) {
	tr := &k.tracks[i]
	k.swapEvidence(i, t, o)
	s := sample{t, o.At}
	// clampedRead: a centre the detector clamped onto a cushion line (clampread.go);
	// clampRest: one of a ball resting off that line (clamprest.go);
	// flickRead: one on a place a resting ball's centre flips to and back (flicker.go);
	// pairMerge: one merged with a touching-close neighbour's (pairmerge.go).
	if k.cushionFlip(i, s) || k.clampedRead(i, s) || k.restSnap(i, s, o) || k.clampRest(i, s, o) || k.flickRead(i, s, o) || k.pairMerge(i, s, o) {
		tr.seen = true
		tr.missed, tr.missClr = 0, 0
		k.vote(tr, o)
		return
	}
	tr.hist[tr.nh%len(tr.hist)] = s
	tr.nh++
	k.logShot(i, s)
	k.noteRailRead(i, s) // frozendoubt.go
	// Unseen around a change: two frames or more missed in a row (a single
	// dropped detection says nothing about what happened).
	gap := tr.missed > 1
	tr.seen = true
	tr.missed, tr.missClr = 0, 0
	tr.wasHid = false
	if tr.probe.on {
		k.confirmProbe(i)
	}
	if !tr.confirmed {
		tr.hits++
		if tr.hits >= 3 {
			tr.confirmed = true
			if k.confirmMoving(tr) {
				k.vote(tr, o)
				tr.prev, tr.last = tr.last, s
				return
			}
		}
	}
	k.vote(tr, o)
	defer func() { tr.prev, tr.last = tr.last, s }()
	sig := k.cfg.Sigma
	if !tr.moving {
		d := s.p.Dist(tr.rest)
		thr := math.Max(4*sig, 4.5)
		if d <= thr {
			tr.npend = 0
			tr.shift = 0
			if tr.restW < 30 {
				tr.restW++
			}
			tr.rest = tr.rest.Add(s.p.Sub(tr.rest).Scale(1 / tr.restW))
			return
		}
		// Told at once, provisionally: a stroke, or a contact next to a mover.
		k.provStart(i, s)
		// A detection far from the rest position: a start when two in a row move
		// away, and apart from each other (a detector whose centre for a still
		// ball flips between two places, as near a cushion, does not start it).
		// A fast start shows in two detections; a slow one must also show a third
		// still further away in the same direction (a detector's centre for a still
		// ball may flip between two places, as against a cushion).
		if tr.npend >= 1 {
			p0 := tr.pend[tr.npend-1]
			d0 := p0.p.Dist(tr.rest)
			apart := s.p.Dist(p0.p)
			reach := apart < 12000*(t-p0.t)+30
			away := d >= d0+0.5*sig
			if reach && d+sig >= d0 && d > startFar || reach && d > startFar && k.bounceBack(tr, p0, s) /* bounceback.go */ {
				if k.placedStill(i, p0, s) { // handplace.go
					tr.rest, tr.restW, tr.npend, tr.shift = s.p, 1, 0, 0
					return
				}
				k.startMoving(i, p0, s, gap, false)
				return
			}
			if reach && away && apart >= math.Max(2*sig, 3) {
				u, v := p0.p.Sub(tr.rest), s.p.Sub(tr.rest)
				if tr.npend == 2 && u.Dot(v) > 0.8*u.Len()*v.Len() {
					k.startMoving(i, p0, s, gap, false)
					return
				}
				if tr.npend == 1 {
					tr.pend[1] = s
					tr.npend = 2
					return
				}
			}
			if tr.confirmed && k.slowStart(tr, s) {
				// Creeping away, too slowly to show between two frames: a ball
				// nudged by a slow contact.
				k.startMoving(i, p0, s, gap, true)
				return
			}
			if apart < math.Max(2*sig, 3) {
				// Away but still: after a while that is where it rests.
				if tr.shift++; tr.shift >= int(math.Round(shiftTime*k.cfg.FPS)) {
					k.nudged(i, tr.rest, s.p, tr.pend[0].t)
					k.shiftHome(i) // shifthome.go
					tr.rest, tr.restW, tr.npend, tr.shift = s.p, 1, 0, 0
					return
				}
			}
		}
		if tr.confirmed && tr.npend == 0 && k.slowStart(tr, s) {
			k.startMoving(i, tr.hist[(tr.nh-2)%len(tr.hist)], s, gap, true)
			return
		}
		tr.pend[0] = s
		tr.npend = 1
		if !tr.confirmed {
			// A tentative track simply follows its detections.
			tr.rest = s.p
			tr.npend = 0
		}
		return
	}
	// Moving.
	if k.flitBack(i, s) { // flithome.go
		return
	}
	if len(tr.seg) < 2 {
		k.appendSeg(tr, s)
		return
	}
	pred := tr.fit.at(t)
	r := s.p.Dist(pred)
	thr := 4*k.cfg.SigmaMoving + 2
	if len(tr.seg) < 4 {
		thr += 6
	}
	k.provCushion(i, s)
	k.provMeet(i, s)
	if r > thr {
		if tr.npend == 1 {
			if k.glitchPair(i, tr.pend[0], s) { // glitch.go
				return
			}
			if k.trace != nil {
				k.trace("%.4f residuals %.1f %.1f thr %.1f n %d v %.0f", t, tr.pend[0].p.Dist(tr.fit.at(tr.pend[0].t)), r, thr, len(tr.seg), tr.fit.vel(t).Len())
			}
			if k.trace != nil {
				w := tr.seg[max(0, len(tr.seg)-fitWindow):]
				for _, x := range w {
					k.trace("   seg %.4f %v fit %v", x.t, x.p, tr.fit.at(x.t))
				}
				k.trace("   pend %v now %v fit %+v", tr.pend[0], s, tr.fit)
			}
			k.breakPath(i, tr.pend[0], s, gap)
			return
		}
		k.provBreak(i, s)
		tr.pend[0] = s
		tr.npend = 1
		return
	}
	tr.npend = 0
	tr.glitched = false
	k.provPass(i, s)
	k.appendSeg(tr, s)
	k.railBackHome(i) // railback.go
	if !k.kinkTest(i) {
		k.onCushion(i, false)
		k.checkRest(tr)
	}
	k.veeTest(i)
}

// onCushion looks for a ball that reached a cushion so slowly, or at so glancing
// an angle, that its path shows no bend: its distance to the cushion falls to
// nothing and stays there (it rolls along the nose, or dies against it). The
// rail event is timed where the fall meets zero, by fitting a hinge to the
// distances: a straight fall, then zero.
func (k *Tracker) onCushion(i int, final bool) {
	tr := &k.tracks[i]
	if k.phase != inShot {
		return
	}
	// As it comes to rest (final) the ball's place is known for good: it
	// need not have been seen there for onMin detections.
	need, span := onMin, onWindow
	if final {
		need, span = 5, 2.5*onWindow
	}
	// The anchor of a piece (its rest point or the contact that began it) is
	// kept: it pins where the fall to the cushion began.
	n := len(tr.seg)
	lo := 0
	if n-lo < need+3 {
		return
	}
	j := n - need - 3
	for j > lo && tr.seg[j-1].t >= tr.seg[n-1].t-span && n-j < 64 {
		j--
	}
	w := tr.seg[j:]
	newest := w[len(w)-1]
	for _, rail := range table.Rails {
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		if g(newest.p) > onGap+3*k.cfg.Sigma {
			continue
		}
		// By a pocket the nose line crosses the opening, where there is no
		// cushion: not there, except by a side pocket for a ball that met
		// the nose line clear of the opening (onSideJaw).
		pk, d := k.tab.NearestPocket(newest.p)
		byMouth := d < pk.Width/2+2*k.R
		if byMouth && pk.Corner {
			continue
		}
		th, slope, ok := hinge(w, g, 3)
		if !ok || g(w[0].p) < onRise || slope < onFall {
			continue
		}
		// On the cushion at th: the detections after it start from its line
		// (a straight line through them meets th within onGap of it; a ball
		// that stopped short sits off it, one that bounced rises from it).
		var st, sy, stt, sty float64
		na := 0
		for _, x := range w {
			if x.t >= th {
				d, y := x.t-th, g(x.p)
				st += d
				sy += y
				stt += d * d
				sty += d * y
				na++
			}
		}
		if na < need {
			return // not yet on the cushion long enough to tell
		}
		fn := float64(na)
		b0 := sy / fn
		if den := fn*stt - st*st; den > 0 {
			b0 = (sy*stt - st*sty) / den
		}
		if b0 > onGap || sy/fn > 3*onGap || byMouth && (g(w[0].p) < onSideRise || slope < onSideFall || !k.onSideJaw(w, g, th, rail)) {
			continue
		}
		told := false
		for _, e := range k.events {
			if e.kind == shot.RailHit && e.a == i && e.rail == rail && !e.cancel && e.t > th-0.5 {
				told = true
			}
		}
		if told {
			return
		}
		at := k.tab.Clamp(newest.p)
		for _, x := range w {
			if x.t >= th {
				at = k.tab.Clamp(x.p)
				break
			}
		}
		at = at.Add(railOut(rail).Scale(k.R))
		if k.trace != nil {
			k.trace("%.4f on cushion track %d ball %d %s since %.4f (fall %.0f mm/s)", k.lastT, i, tr.ball, rail, th, slope)
		}
		k.tracks[i].moved = true
		k.addEvent(pevent{t: th, kind: shot.RailHit, a: i, rail: rail, at: at, hasAt: true})
		return
	}
}

// railOut is the unit vector from the bed towards a rail.
func railOut(r table.Rail) table.Point {
	switch r {
	case table.Head:
		return table.Point{X: -1}
	case table.Foot:
		return table.Point{X: 1}
	case table.Left:
		return table.Point{Y: -1}
	}
	return table.Point{Y: 1}
}

// hinge fits g(p(t)) over w by a fall to zero at th (slowing down), then a slow
// rise (the rebound, or nothing), with at least after samples from th on; it
// returns th and the rate of the fall at th.
func hinge(w []sample, g func(table.Point) float64, after int) (th, slope float64, ok bool) {
	best := math.Inf(1)
	fit := func(t float64) (float64, float64) {
		// g = s·τ + c·τ², τ = t − tᵢ back from the hinge: the fall slows as the
		// ball runs out of speed (c ≥ 0), by least squares with s, c ≥ 0.
		m := vertexMoments(w, g, t, true)
		s2, s3, r1 := m.s2, m.s3, m.r1
		s, c := m.free()
		if c < 0 || s < 0 || c > hingeAccel {
			c = math.Max(0, math.Min(hingeAccel, c))
			if s2 > 0 {
				s = math.Max(0, (r1-c*s3)/s2)
			}
		}
		// After it, a slow rebound: g = a·(tᵢ − t), a ≥ 0.
		var q2, q1 float64
		for _, x := range w {
			if x.t >= t {
				d := x.t - t
				q2 += d * d
				q1 += g(x.p) * d
			}
		}
		a := 0.0
		if q2 > 0 {
			a = math.Max(0, q1/q2)
		}
		var rss float64
		for _, x := range w {
			r := g(x.p)
			if x.t < t {
				d := t - x.t
				r -= s*d + c*d*d
			} else {
				r -= a * (x.t - t)
			}
			rss += r * r
		}
		return rss, s
	}
	for j := 2; j <= len(w)-after; j++ {
		a, b := w[j-1].t, w[j].t
		for q := 0; q < 8; q++ {
			t := a + (b-a)*float64(q+1)/8
			if rss, s := fit(t); rss < best {
				best, th, slope, ok = rss, t, s, true
			}
		}
	}
	return
}

// hingeAccel (mm/s²) bounds the curvature of hinge's fall: half the sliding
// friction's deceleration.
const hingeAccel = slideDecel / 2

// onCushion's thresholds: over the last onWindow seconds the distance to the
// cushion line falls by at least onRise (mm), at onFall (mm/s) or more where it
// meets zero, and at least onMin detections after that start within onGap (mm)
// of the line.
const (
	onMin    = 4
	onGap    = 1.0
	onRise   = 3.0
	onFall   = 15.0 // mm/s: a slower fall is a ball dying short of the cushion
	onWindow = 0.4  // s
)

// slowStart reports whether a resting track's detections, the newest s away from
// its rest point, creep steadily away from it: over the last slowWindow seconds
// they lie on a straight line (within the noise) whose speed is well beyond the
// noise, heading away from rest, and each third of them lies further out than the
// one before. A ball nudged at a few centimetres a second moves less than the
// noise between two frames, so the two-detection start test never fires; a
// detector whose centre for a still ball flips between two places fails the line
// or the steady-progress test.
func (k *Tracker) slowStart(tr *track, s sample) bool {
	var w [len(tr.hist)]sample
	n := 0
	for j := 0; j < len(tr.hist) && j < tr.nh; j++ {
		x := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if x.t < s.t-slowWindow {
			break
		}
		n++
		w[len(w)-n] = x
	}
	if n < 6 {
		return false
	}
	win := w[len(w)-n:]
	lin := fitLine(win)
	sig := k.cfg.Sigma
	var stt, ss float64
	for _, x := range win {
		tau := x.t - lin.t0
		stt += tau * tau
		d := x.p.Sub(lin.at(x.t))
		ss += d.Dot(d)
	}
	v := lin.b.Len()
	if stt == 0 || v < slowSpeed || v*math.Sqrt(stt) < 6*sig {
		return false
	}
	if math.Sqrt(ss/float64(2*(n-2))) > 1.5*sig {
		return false
	}
	if lin.b.Dot(s.p.Sub(tr.rest)) <= 0 || lin.at(s.t).Dist(tr.rest) < math.Max(4*sig, 4.5) {
		return false
	}
	// Steady progress away from rest.
	third := n / 3
	mean := func(xs []sample) float64 {
		var m float64
		for _, x := range xs {
			m += x.p.Dist(tr.rest)
		}
		return m / float64(len(xs))
	}
	d0, d1, d2 := mean(win[:third]), mean(win[third:n-third]), mean(win[n-third:])
	return d1 > d0+0.5*sig && d2 > d1+0.5*sig
}

// shiftTime (s): a resting ball's detections that stay away from its rest point,
// still, for this long show where it rests now (six frames at 60 fps).
const shiftTime = 0.1

// minStroke (mm/s): no stroke sends the cue ball off slower; a ball seen to creep
// off slower than this was nudged.
const minStroke = 150.0

// slowWindow (s) and slowSpeed (mm/s): the span of detections slowStart looks at,
// and the least speed it takes for a start.
const (
	slowWindow = 0.3
	slowSpeed  = 1.5 * restSpeed
)

// confirmMoving makes a track confirmed on its third detection a moving one when
// those detections moved (a ball first seen already rolling: out of a cluster the
// detector could not split, or from under an arm); it reports whether it did.
func (k *Tracker) confirmMoving(tr *track) bool {
	if tr.nh < 3 {
		return false
	}
	h0 := tr.hist[(tr.nh-3)%len(tr.hist)]
	h2 := tr.hist[(tr.nh-1)%len(tr.hist)]
	if h2.p.Dist(h0.p) <= math.Max(4*k.cfg.Sigma, 6) {
		return false
	}
	tr.moving = true
	tr.npend = 0
	tr.seg = tr.seg[:0]
	tr.nhead = 0
	tr.anchored = false
	for j := 3; j >= 1; j-- {
		k.appendSeg(tr, tr.hist[(tr.nh-j)%len(tr.hist)])
	}
	tr.startT = tr.seg[0].t
	tr.fromRest = false
	tr.moved = k.phase != idle
	return true
}

func (k *Tracker) appendSeg(tr *track, s sample) {
	if len(tr.seg) == cap(tr.seg) {
		n := copy(tr.seg, tr.seg[len(tr.seg)/2:])
		tr.seg = tr.seg[:n]
	}
	tr.seg = append(tr.seg, s)
	if k.phase == inShot {
		if g := k.railGapAt(s.p); g < tr.railGap {
			tr.railGap, tr.railGapT = g, s.t
		}
	}
	if tr.nhead < len(tr.head) {
		tr.head[tr.nhead] = s
		tr.nhead++
	}
	k.refit(tr)
}

// fitWindow is the most samples a path is fitted to; shortWindow is used when the
// long fit does not explain them (the friction changed, sliding to rolling).
const (
	fitWindow   = 20
	shortWindow = 10
)

func (k *Tracker) refit(tr *track) {
	tr.fit = k.fitTail(tr.seg)
	tr.fitN = len(tr.seg)
}

// incomingFit fits the path that led into an event: the last inWindow samples
// only, so that a change of friction a little earlier (sliding to rolling, a
// follow shot's spin taking hold) does not bend it.
func (k *Tracker) incomingFit(seg []sample) path {
	if len(seg) > inWindow {
		seg = seg[len(seg)-inWindow:]
	}
	gen := fitPath(seg)
	n := len(seg)
	if n < minQuad {
		return gen
	}
	// A ball on the cloth either rolls (slowing at μ_roll·g) or slides (its
	// friction μ_slide·g, along its path when the spin is top or back): when one
	// of those fits the detections about as well as a free acceleration, its two
	// fewer unknowns make a much steadier path.
	rss := func(p *path) float64 {
		var ss float64
		for _, x := range seg {
			d := x.p.Sub(p.at(x.t))
			ss += d.Dot(d)
		}
		return ss
	}
	rg := rss(&gen)
	s2 := math.Max(rg/float64(2*n-6), 0.25)
	best, score := gen, rg/s2+2*6
	for _, acc := range [...]float64{-rollDecel, -slideDecel, slideDecel} {
		p := fitAccel(seg, acc)
		if sc := rss(&p)/s2 + 2*4; sc < score {
			best, score = p, sc
		}
	}
	return best
}

// Accelerations of a ball on the cloth, mm/s²: rolling resistance and sliding
// friction (μ 0.01 and 0.2 of g).
const (
	rollDecel  = 98
	slideDecel = 1962
)

// fitAccel fits a path with a known acceleration acc along its direction of
// motion (negative: slowing down), the direction taken from a straight-line fit.
func fitAccel(s []sample, acc float64) path {
	lin := fitLine(s)
	v := lin.b
	l := v.Len()
	if l < 1 {
		return lin
	}
	c := v.Scale(acc / 2 / l)
	var buf [inMax]sample
	adj := buf[:0]
	if len(s) > len(buf) {
		adj = make([]sample, 0, len(s))
	}
	adj = adj[:len(s)]
	for i, x := range s {
		tau := x.t - lin.t0
		adj[i] = sample{x.t, x.p.Sub(c.Scale(tau * tau))}
	}
	p := fitLine(adj)
	p.t0 = lin.t0
	// fitLine centres on its own mean time, which is lin.t0 too.
	p.c = c
	return p
}

// inWindow is how many samples incomingFit uses; inMax how many a change keeps.
const (
	inWindow = 10
	inMax    = inWindow + 4
)

// fitTail fits the last samples of a piece of path.
func (k *Tracker) fitTail(seg []sample) path {
	w := seg
	if len(w) > fitWindow {
		w = w[len(w)-fitWindow:]
	}
	f := fitPath(w)
	if len(w) <= shortWindow {
		return f
	}
	var ss float64
	for _, s := range w {
		d := s.p.Sub(f.at(s.t))
		ss += d.Dot(d)
	}
	lim := 1.6 * k.cfg.SigmaMoving
	if ss/float64(len(w)) <= 2*lim*lim {
		return f
	}
	return fitPath(w[len(w)-shortWindow:])
}

// startMoving turns a resting track into a moving one from two detections; slow
// says slowStart found it (a creep, its start time less certain).
func (k *Tracker) startMoving(i int, a, b sample, gap, slow bool) {
	k.flitStart(i) // flithome.go
	tr := &k.tracks[i]
	from := tr.rest
	tr.moving = true
	tr.npend = 0
	tr.seg = tr.seg[:0]
	tr.nhead = 0
	tr.anchored = false
	// A slow start creeps away from rest for a while before it shows: take back
	// the recent detections already on the way, along the direction of motion.
	sig := k.cfg.Sigma
	u := b.p.Sub(from)
	earliest := a.t - 2*k.dt
	var back [24]sample
	nb := 0
	if l := u.Len(); l > 0 {
		u = u.Scale(1 / l)
		// A creeping ball is near its rest point for many frames: one noisy
		// detection there does not end the way back (the next older one must
		// be on the way too).
		skip := 0
		if slow {
			skip = 1
		}
		// A ball seen well on its way in a and b (fastStep apart, a off its
		// rest point along the way to b) left rest about when the line
		// through them leaves it: a detection before then, less the noise's
		// travel and half a frame, within the noise of rest, is rest's
		// noise, not the way (camera model, seed 7, 9-ball shot 79: the 4,
		// struck at 1 m/s, read 2.5 mm towards its way 21 ms before the
		// contact, was started there; rendered seed 64, 8-ball shot 24:
		// reads 5–20 mm off a ball struck off a cushion are on no line from
		// rest).
		before := math.Inf(-1)
		w, q := b.p.Sub(a.p), a.p.Sub(from)
		if !slow && w.Len() >= fastStep*sig && q.Dot(w) >= fastAlong*q.Len()*w.Len() {
			v := w.Len() / (b.t - a.t)
			before = a.t - q.Dot(u)/v - 3*sig/v - k.dt/2
		}
		vab := b.p.Sub(a.p).Dot(u) / (b.t - a.t)
		next := a
		for j := 0; j < len(tr.hist) && j < tr.nh && nb < len(back); j++ {
			s := tr.hist[(tr.nh-1-j)%len(tr.hist)]
			if s.t >= a.t {
				continue
			}
			earliest = s.t
			q := s.p.Sub(from)
			d := q.Dot(u)
			if d < 1.5*sig || math.Abs(q.X*u.Y-q.Y*u.X) > 3*sig+1 || (s.t < before || tr.ball != 0 && next.t-s.t > backUnseen) && q.Len() <= 3*sig+1 || !slow && k.phase == idle && tr.ball == 0 && k.tooSlowBack(s, next, u, vab) {
				if skip > 0 && d >= 0.5*sig {
					skip--
					continue
				}
				if slow {
					// Still within the noise of rest, but a creeping ball
					// may have been on its way already.
					earliest = s.t - k.dt
				}
				break
			}
			back[nb] = s
			nb++
			next = s
		}
	}
	for j := nb - 1; j >= 0; j-- {
		k.appendSeg(tr, back[j])
	}
	k.appendSeg(tr, a)
	k.appendSeg(tr, b)
	first := tr.seg[0]
	t0 := backTime(&tr.fit, from, first.t, k.dt)
	if t0 < earliest {
		t0 = earliest
	}
	if nb == 0 && !slow && k.bounceBack(tr, a, b) {
		// Off a cushion: its way out says nothing of the way in, which was
		// no slower (bounceback.go).
		// (No more than two frames back, as a start's way back goes.)
		t0 = math.Min(t0, math.Max(a.t-from.Dist(a.p)*(b.t-a.t)/a.p.Dist(b.p), a.t-2*k.dt))
	}
	t0 = k.reachStart(i, from, t0, first.t) // strikereach.go
	k.prepend(tr, sample{t0, from})
	tr.startT = t0
	tr.from = from
	tr.fromRest = true
	if k.trace != nil {
		k.trace("%.4f start track %d ball %d at %.4f from %v (%d back)", k.lastT, i, tr.ball, t0, from, nb)
	}
	// A slow ball takes a while to get clear of the noise around its rest point:
	// its start time is that much less certain.
	v0 := tr.fit.vel(t0).Len()
	slack := 0.3
	if v0 > 0 {
		slack = math.Min(0.3, 3*sig/v0)
	}
	slow = slow && v0 < minStroke
	k.chg = append(k.chg, change{tr: i, start: true, t: t0, frame: k.frame, in: still(from, t0), first: first, lastIn: earliest, partner: -1, gap: gap, slack: slack, slow: slow})
	k.noteLeave(i, from, t0)
}

// prepend puts an anchor at the front of a track's piece of path.
func (k *Tracker) prepend(tr *track, a sample) {
	if tr.anchored {
		tr.seg[0] = a
	} else {
		tr.seg = append(tr.seg, sample{})
		copy(tr.seg[1:], tr.seg)
		tr.seg[0] = a
		tr.anchored = true
	}
	k.refit(tr)
}

// anchorAt anchors the piece of path of track i that began with the detection at
// firstT (if it is still the current piece) at p at time t.
func (k *Tracker) anchorAt(i int, firstT, t float64, p table.Point) {
	tr := &k.tracks[i]
	if !tr.moving || len(tr.seg) == 0 || t >= firstT {
		return
	}
	j := 0
	if tr.anchored {
		j = 1
	}
	if j >= len(tr.seg) || tr.seg[j].t != firstT {
		return
	}
	k.prepend(tr, sample{t, p})
}

// stopTime is when a path's speed falls to zero (rolling to a stop), if it does.
func stopTime(p *path) (float64, bool) {
	cc := p.c.Dot(p.c)
	if cc < 1 {
		return 0, false
	}
	tau := -p.b.Dot(p.c) / (2 * cc)
	return p.t0 + tau, true
}

// backUnseen (s): a detection of an object ball within the noise of rest read
// this long or longer before the next one on its start's way is not taken
// back onto the way (startMoving): unseen between, the ball may have left any
// time then, and a way fitted through rest's noise puts the start too early.
// Camera model at 30 fps, seed 35, 14.1 shot 211: the 6, by the cue ball,
// read 2.4 mm off its rest point, then unseen for 6 frames under the cue,
// then 14 mm off; taken back, it was started 0.2 s before the stroke, and the
// stroke with it (TestStartNotThroughGap). (Not the cue ball: under the cue
// and the arm it is read now and then, and its stroke is timed by its way
// back to rest, TestClusterStrike.)
const backUnseen = 0.1

// fastStep: a start's two detections this many standard errors of a resting
// ball's detection apart, the first off the rest point within
// acos(fastAlong) of the way between them, time its start well enough to
// tell the detections before it as rest's noise (startMoving).
const (
	fastStep  = 8.0
	fastAlong = 0.8
)

// backTime extrapolates a path back to where it leaves from: the time in
// (first−2 frames, first] when the ball was last at from.
func backTime(p *path, from table.Point, first, dt float64) float64 {
	v := p.vel(first)
	vv := v.Dot(v)
	if vv < 1e-9 {
		return first - dt/2
	}
	// Solve (p(t) − from)·v̂ = 0 near first by Newton steps on the fitted path.
	t := first
	for it := 0; it < 4; it++ {
		g := p.at(t).Sub(from).Dot(v)
		dg := p.vel(t).Dot(v)
		if dg <= 0 {
			break
		}
		t -= g / dg
	}
	return math.Max(first-math.Max(8*dt, backLimit), math.Min(first, t))
}

// backLimit (s): backTime looks back at most this far (or 8 frames, if longer),
// whatever the frame rate.
const backLimit = 0.135

// breakPath ends a moving track's piece of path at a collision (or noise) and
// starts a new piece from two detections that the old path does not explain.
func (k *Tracker) breakPath(i int, a, b sample, gap bool) {
	tr := &k.tracks[i]
	n := len(tr.seg)
	tr.seg = append(tr.seg, a, b)
	k.splitSeg(i, n, gap, false)
}

// kinkTest looks for a bend in a moving track's path that grew over the last few
// detections (a cushion or a thin contact at low speed): their mean residual from
// the path fitted to the detections before them is beyond the noise.
func (k *Tracker) kinkTest(i int) bool {
	tr := &k.tracks[i]
	const P = 4
	n := len(tr.seg)
	if n < 6 {
		return false
	}
	// A path that would have gone through a cushion bent at it.
	if k.bounceTest(i) || k.grazeTest(i) {
		return true
	}
	if j, ok := k.throughCushion(tr); ok {
		if k.trace != nil {
			k.trace("%.4f cushion kink track %d at %.4f", k.lastT, i, tr.seg[j].t)
		}
		k.splitSeg(i, j, false, true)
		return true
	}
	if n < P+12 {
		return false
	}
	sig := k.cfg.SigmaMoving
	newest := tr.seg[n-1]
	w := tr.seg[max(0, n-P-fitWindow) : n-P]
	base := k.fitTail(tr.seg[:n-P])
	if newest.p.Dist(base.at(newest.t)) < 2*sig {
		return false
	}
	// The noise as the base fit sees it, if worse than nominal.
	var ss float64
	for _, s := range w {
		d := s.p.Sub(base.at(s.t))
		ss += d.Dot(d)
	}
	if r := math.Sqrt(ss / float64(2*len(w))); r > sig {
		sig = r
	}
	var sum table.Point
	var lev float64
	for m := 1; m <= P; m++ {
		s := tr.seg[n-m]
		sum = sum.Add(s.p.Sub(base.at(s.t)))
		lev += leverage(w, &base, s.t)
		if m < 2 {
			continue
		}
		// The mean residual's spread: the noise of m detections and the fit's own
		// error where it is extrapolated.
		fm := float64(m)
		spread := sig * math.Sqrt(1/fm+lev/fm)
		if sum.Len()/fm > kinkK*spread+1 {
			if k.trace != nil {
				k.trace("%.4f kink track %d m %d mean %.1f spread %.1f", k.lastT, i, m, sum.Len()/fm, spread)
			}
			k.splitSeg(i, n-m, false, true)
			return true
		}
	}
	return false
}

// leverage is the variance of a path fitted to w at time t, in units of the
// detections' variance: xᵀ(XᵀX)⁻¹x.
func leverage(w []sample, p *path, t float64) float64 {
	n := float64(len(w))
	var s1, s2, s3, s4 float64
	for _, x := range w {
		tau := x.t - p.t0
		s1 += tau
		s2 += tau * tau
		s3 += tau * tau * tau
		s4 += tau * tau * tau * tau
	}
	tau := t - p.t0
	if len(w) < minQuad {
		det := n*s2 - s1*s1
		if det <= 0 {
			return 1
		}
		return (s2 - 2*s1*tau + n*tau*tau) / det
	}
	s4 += ridge
	// Inverse of the symmetric 3×3 [n s1 s2; s1 s2 s3; s2 s3 s4].
	a11 := s2*s4 - s3*s3
	a12 := -(s1*s4 - s3*s2)
	a13 := s1*s3 - s2*s2
	a22 := n*s4 - s2*s2
	a23 := -(n*s3 - s1*s2)
	a33 := n*s2 - s1*s1
	det := n*a11 + s1*a12 + s2*a13
	if det <= 0 {
		return 1
	}
	x0, x1, x2 := 1.0, tau, tau*tau
	q := x0*x0*a11 + x1*x1*a22 + x2*x2*a33 + 2*(x0*x1*a12+x0*x2*a13+x1*x2*a23)
	return q / det
}

// bounceTest looks for a slow cushion hit: a ball whose distance to a cushion
// line fell to about nothing and rises again, seen in the last few detections.
func (k *Tracker) bounceTest(i int) bool {
	tr := &k.tracks[i]
	const before, after = 5, 3
	n := len(tr.seg)
	if n < before+after || tr.anchored && n < before+after+1 {
		return false
	}
	newest := tr.seg[n-1]
	sig := k.cfg.SigmaMoving
	tol := math.Max(2.5*sig+1, railSlack)
	for _, rail := range table.Rails {
		if k.tab.RailDistance(newest.p, rail) > 4*k.R {
			continue
		}
		// The closest detection to the cushion, with `after` detections after it.
		jm := n - 1 - after
		lo := max(0, n-1-after-before)
		if tr.anchored && lo == 0 {
			lo = 1
		}
		for j := lo; j <= n-1-after; j++ {
			if k.tab.RailDistance(tr.seg[j].p, rail) < k.tab.RailDistance(tr.seg[jm].p, rail) {
				jm = j
			}
		}
		if jm-lo < 2 || k.tab.RailDistance(tr.seg[jm].p, rail) > tol {
			continue
		}
		// Slopes of the distance before and after the closest point.
		sb, eb := slope(tr.seg[lo:jm+1], func(p table.Point) float64 { return k.tab.RailDistance(p, rail) })
		sa, ea := slope(tr.seg[jm:], func(p table.Point) float64 { return k.tab.RailDistance(p, rail) })
		if !(sb < -3*eb-10 && sa > 3*ea+10) {
			continue
		}
		if k.fallOutruns(tr, lo, sb) || k.fallUnheralded(tr, lo, jm, sb, eb, rail) {
			continue
		}
		// Cut after the apex: the first detection that moves away faster than the
		// approach would explain.
		j := jm
		if k.tab.RailDistance(tr.seg[jm-1].p, rail) > k.tab.RailDistance(tr.seg[jm+1].p, rail) {
			j = jm + 1
		}
		if k.trace != nil {
			k.trace("%.4f bounce track %d %s at %.4f slopes %.0f±%.0f %.0f±%.0f", k.lastT, i, rail, tr.seg[j].t, sb, eb, sa, ea)
		}
		// The bounce is the cushion hit: timed where a V pinned to the
		// cushion line fits the distances best (the path in may be too
		// short for railHit to find the crossing, just after a contact).
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		if pk, d := k.tab.NearestPocket(tr.seg[jm].p); k.phase == inShot && d > pk.Width/2+2*k.R && !k.alongRail(i, rail) {
			th, _, _, _ := veeFit(tr.seg[lo:], g, tr.seg[jm-1].t, tr.seg[jm+1].t)
			f := (th - tr.seg[jm-1].t) / (tr.seg[jm+1].t - tr.seg[jm-1].t)
			at := tr.seg[jm-1].p.Add(tr.seg[jm+1].p.Sub(tr.seg[jm-1].p).Scale(f))
			at = k.tab.Clamp(at).Add(railOut(rail).Scale(k.R))
			tr.moved = true
			k.addEvent(pevent{t: th, kind: shot.RailHit, a: i, rail: rail, at: at, hasAt: true})
		}
		k.splitSeg(i, j, false, true)
		return true
	}
	return false
}

// fallOutruns reports whether a fall towards a cushion at sb (mm/s, negative),
// over track tr's detections from lo on, is far faster than the ball went
// before them (over up to bounceBack detections before lo): its reads, not
// the ball, came nearer the cushion. A ball speeds up only when another meets
// it, and that breaks its path. Default bench at 120 fps, 8-ball shot 8: the
// 8, rolling away from the foot cushion at 35 mm/s through its shade, was read
// up to 7 mm towards it for a few frames: a fall of 547 mm/s and a rise, told
// as a hit of the foot cushion.
func (k *Tracker) fallOutruns(tr *track, lo int, sb float64) bool {
	first := 0
	if tr.anchored {
		first = 1
	}
	a := max(first, lo-bounceBack)
	if lo-a < 3 || tr.seg[lo].t <= tr.seg[a].t {
		return false
	}
	v := tr.seg[lo].p.Dist(tr.seg[a].p) / (tr.seg[lo].t - tr.seg[a].t)
	return -sb > bounceRise*v+bounceJump
}

// bounceBack is how many detections fallOutruns takes the speed over;
// bounceRise and bounceJump (mm/s) how much faster than that speed a fall
// may be (the noise of a few detections' slope).
const (
	bounceBack = 6
	bounceRise = 3.0
	bounceJump = 200.0
)

// fallUnheralded reports whether a fall towards rail at sb ± eb (mm/s), over
// track tr's detections from lo on, comes out of a path that did not head
// into the cushion: fitted over up to approachBack detections at 60 fps
// before lo, the distance to the cushion fell far slower, or not at all. A
// rolling ball runs straight, so only another ball could turn it into the
// cushion, and that breaks its path. Default bench at 120 fps, 9-ball shot 7:
// the 2, rolling along the right cushion at 315 mm/s 4-6 mm off it, was read
// on the cushion line in four frames of five: a fall of 114 mm/s and a rise,
// told as a hit of the right cushion, where the reads before held the ball
// 6 mm off it for 0.2 s. By a pocket's mouth (its apex jm within a radius
// of the jaw points or inside) a jaw's facing may have turned the ball: no
// cushion line holds there.
func (k *Tracker) fallUnheralded(tr *track, lo, jm int, sb, eb float64, rail table.Rail) bool {
	if k.inMouthBy(k.tab.Clamp(tr.seg[jm].p).Add(railOut(rail).Scale(k.R)), k.R) {
		return false
	}
	first := 0
	if tr.anchored {
		first = 1
	}
	a := max(first, lo-k.atRate(approachBack))
	if lo-a < approachBack/2 {
		return false
	}
	sp, ep := slope(tr.seg[a:lo+1], func(p table.Point) float64 { return k.tab.RailDistance(p, rail) })
	return sp-sb > 3*math.Hypot(ep, eb)+approachSlack
}

// approachBack is how many detections (at 60 fps) fallUnheralded fits the
// approach to a cushion over; approachSlack (mm/s) how much faster than that
// approach a fall may be beyond the noise of the two slopes.
const (
	approachBack  = 12
	approachSlack = 20.0
)

// grazeTest looks for a cushion met at a glancing angle: the distance to the
// cushion line, fitted over the last detections, has a minimum of about nothing
// inside them.
func (k *Tracker) grazeTest(i int) bool {
	tr := &k.tracks[i]
	// The last 10 detections at 60 fps: a span of time, for the curve must
	// stand out of the noise.
	w := k.atRate(10)
	edge := w / 5
	n := len(tr.seg)
	if n < w+1 {
		return false
	}
	win := tr.seg[n-w:]
	for _, rail := range table.Rails {
		if k.tab.RailDistance(tr.seg[n-1].p, rail) > 3*k.R {
			continue
		}
		rail := rail
		a, b, c := quad(win, func(p table.Point) float64 { return k.tab.RailDistance(p, rail) })
		if c <= 0 {
			continue
		}
		apex := -b / (2 * c)
		t0 := win[0].t
		// The apex must lie between the third detection and the third from
		// last (at 60 fps; a fifth of the window in from either end).
		if apex < win[edge].t-t0 || apex > win[w-1-edge].t-t0 {
			continue
		}
		if d := a + b*apex + c*apex*apex; d > grazeGap {
			continue
		}
		// The approach and the departure must both be clear of the noise.
		if sp := 2 * c * (win[w-1].t - t0 - apex); sp < 15 {
			continue
		}
		// The curve must be real: the quadratic must explain the distances
		// clearly better than a straight line (a ball rolling along the
		// nose, its distance jittering about nothing, does not).
		g := func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }
		_, _, _, rq := quadRSS(win, g)
		if lineRSS(win, g)-rq < grazeK*math.Max(rq/float64(w-3), 1) {
			continue
		}
		// A ball rolling along the nose since it last met it: one lasting touch.
		if k.alongRail(i, rail) {
			continue
		}
		j := n - w
		for j < n-1 && tr.seg[j].t-t0 <= apex {
			j++
		}
		if k.trace != nil {
			k.trace("%.4f graze track %d %s at %.4f", k.lastT, i, rail, t0+apex)
		}
		k.noteGraze(i, rail, t0+apex) // skim.go
		k.splitSeg(i, j, false, true)
		return true
	}
	return false
}

// alongRail reports whether track i has kept close to rail's cushion since a rail
// event of its on it in the last half second: it rolls along the nose, and its
// distance jittering about nothing is no new touch.
func (k *Tracker) alongRail(i int, rail table.Rail) bool {
	tr := &k.tracks[i]
	since := math.Inf(1)
	for j := len(k.events) - 1; j >= 0; j-- {
		if e := &k.events[j]; e.kind == shot.RailHit && e.a == i && e.rail == rail && !e.cancel && e.t >= tr.last.t-0.5 {
			since = math.Min(since, e.t)
		}
	}
	if math.IsInf(since, 1) {
		return false
	}
	for j := 0; j < len(tr.hist) && j < tr.nh; j++ {
		x := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if x.t < since {
			break
		}
		if k.tab.RailDistance(x.p, rail) > alongGap {
			return false
		}
	}
	return true
}

// alongGap (mm): a ball that keeps within this of a cushion rolls along it.
const alongGap = 12.0

// startFar (mm): two detections in a row this far from rest, moving away, start a
// ball at once; nearer, a third must confirm the motion.
var startFar = 16.0

// railSlack (mm) is how far short of a cushion line a bent path may seem to turn
// and still be taken for a cushion hit: detectors place balls against a cushion
// some millimetres off (its shadow, the nose hiding the ball's edge).
const railSlack = 10.0

// grazeK is how many times the noise's variance the quadratic of grazeTest
// must beat a straight line by.
const grazeK = 9.0

// lineRSS is the residual sum of squares of a straight line fitted to g(p(t))
// over w.
func lineRSS(w []sample, g func(table.Point) float64) float64 {
	_, rss, _ := lineFit(w, g)
	return rss
}

// lineFit fits f(p(t)) = a + b·t over the samples by least squares and returns
// the slope b, the residual sum of squares and Σ(t − mean t)² (0 when every
// sample has the same time; b is then 0).
func lineFit(w []sample, f func(table.Point) float64) (b, rss, stt float64) {
	n := float64(len(w))
	var mt, mf float64
	for _, s := range w {
		mt += s.t
		mf += f(s.p)
	}
	mt /= n
	mf /= n
	var stf float64
	for _, s := range w {
		stt += (s.t - mt) * (s.t - mt)
		stf += (s.t - mt) * (f(s.p) - mf)
	}
	if stt > 0 {
		b = stf / stt
	}
	for _, s := range w {
		r := f(s.p) - mf - b*(s.t-mt)
		rss += r * r
	}
	return b, rss, stt
}

// grazeGap (mm) is how close to a cushion line the fitted path of a ball must come
// for a glancing touch.
const grazeGap = 1.5

// quad fits f(p(t)) = a + b·τ + c·τ² (τ from the first sample) by least squares.
func quad(w []sample, f func(table.Point) float64) (a, b, c float64) {
	t0 := w[0].t
	var s0, s1, s2, s3, s4, r0, r1, r2 float64
	for _, s := range w {
		x := s.t - t0
		y := f(s.p)
		x2 := x * x
		s0++
		s1 += x
		s2 += x2
		s3 += x2 * x
		s4 += x2 * x2
		r0 += y
		r1 += x * y
		r2 += x2 * y
	}
	det := s0*(s2*s4-s3*s3) - s1*(s1*s4-s3*s2) + s2*(s1*s3-s2*s2)
	if det == 0 {
		return 0, 0, 0
	}
	a = (r0*(s2*s4-s3*s3) - s1*(r1*s4-s3*r2) + s2*(r1*s3-s2*r2)) / det
	b = (s0*(r1*s4-r2*s3) - r0*(s1*s4-s3*s2) + s2*(s1*r2-r1*s2)) / det
	c = (s0*(s2*r2-s3*r1) - s1*(s1*r2-s2*r1) + r0*(s1*s3-s2*s2)) / det
	return a, b, c
}

// slope fits f(p(t)) = a + b·t over the samples and returns b and its standard
// error, taking the noise as the fit's residuals (at least 1 mm).
func slope(w []sample, f func(table.Point) float64) (float64, float64) {
	b, ss, stt := lineFit(w, f)
	if stt == 0 {
		return 0, math.Inf(1)
	}
	sig := 1.0
	if len(w) > 2 {
		sig = math.Max(sig, math.Sqrt(ss/float64(len(w)-2)))
	}
	return b, sig / math.Sqrt(stt)
}

// throughCushion reports whether the path fitted before the last two detections
// crosses a cushion line (R from the nose, away from the pocket mouths) before the
// newest detection, which is still on the bed; it returns the index of the first
// detection after the crossing.
func (k *Tracker) throughCushion(tr *track) (int, bool) {
	n := len(tr.seg)
	const back = 2
	base := k.fitTail(tr.seg[:n-back])
	newest := tr.seg[n-1]
	lim := 3*k.cfg.SigmaMoving + 2
	for _, rail := range table.Rails {
		if k.tab.RailDistance(newest.p, rail) < -lim || k.tab.RailDistance(base.at(newest.t), rail) > -lim {
			continue
		}
		rail := rail
		lo := tr.seg[n-back-1].t
		tc, ok := crossing(&base, func(p table.Point) float64 { return k.tab.RailDistance(p, rail) }, lo, newest.t)
		if !ok {
			continue
		}
		q := base.at(tc)
		inMouth := false
		for _, pk := range k.tab.Pockets() {
			if q.Dist(pk.Center) < pk.Width/2+k.R {
				inMouth = true
			}
		}
		if inMouth {
			continue
		}
		for j := n - back - 1; j < n; j++ {
			if tr.seg[j].t > tc {
				return j, true
			}
		}
	}
	return 0, false
}

// kinkK is the threshold of kinkTest in standard deviations.
const kinkK = 4

// pathTol (mm) is how far off a fitted path a detection may lie and still be
// on it: two and a half moving noises, and a millimetre for the fit.
func (k *Tracker) pathTol() float64 { return 2.5*k.cfg.SigmaMoving + 1 }

// splitSeg cuts a moving track's piece of path before index j: seg[:j] is the path
// that ended, seg[j:] the new one. The cut is first moved to where the old path
// stops explaining the detections.
func (k *Tracker) splitSeg(i, j int, gap, exact bool) {
	tr := &k.tracks[i]
	tol := k.pathTol()
	// Detections after the cut that the old path still explains belong to it.
	for !exact && j < len(tr.seg)-2 && j >= 3 {
		f := k.fitTail(tr.seg[:j])
		if s := tr.seg[j]; s.p.Dist(f.at(s.t)) > tol {
			break
		}
		j++
	}
	// Detections before the cut that the path before them does not explain were
	// already on the new path.
	for back := 0; back < 2 && j > 4; back++ {
		f := k.fitTail(tr.seg[:j-1])
		if s := tr.seg[j-1]; s.p.Dist(f.at(s.t)) <= tol {
			break
		}
		j--
	}
	real := tr.seg[:j]
	if tr.anchored && j > 3 {
		real = tr.seg[1:j]
	}
	in := k.incomingFit(real)
	lastIn := tr.seg[j-1].t
	first := tr.seg[j]
	var oldBuf [approachMax]sample
	old := oldBuf[:copy(oldBuf[:], real[max(0, len(real)-approachMax):])]
	k.finishContacts(i)
	var moved [fitWindow]sample
	m := copy(moved[:], tr.seg[j:])
	tr.seg = tr.seg[:0]
	tr.nhead = 0
	tr.npend = 0
	tr.anchored = false
	tr.hidStop = 0
	if first.t-lastIn > 3*k.dt {
		// Unseen for a while: if the old path came to a stop in the gap, that is
		// when the ball stopped (it is seen again at rest).
		gen := k.fitTail(real)
		if ts, ok := stopTime(&gen); ok && ts > lastIn && ts < first.t {
			tr.hidStop = ts
		}
	}
	for _, s := range moved[:m] {
		k.appendSeg(tr, s)
	}
	t := (lastIn + first.t) / 2
	if k.trace != nil {
		k.trace("%.4f break track %d ball %d at %.4f new %d", k.lastT, i, tr.ball, t, m)
	}
	k.chg = append(k.chg, change{tr: i, t: t, frame: k.frame, in: in, first: first, lastIn: lastIn, partner: -1, gap: gap || first.t-lastIn > 2.5*k.dt})
	c := &k.chg[len(k.chg)-1]
	c.nIn = copy(c.inS[:], old[max(0, len(old)-inMax):])
	c.nPre = copy(c.pre[:], old)
}

// checkRest decides whether a moving track has come to rest: its last detections,
// over about 0.12 s, stay within the noise of their mean.
func (k *Tracker) checkRest(tr *track) {
	// The detections of the last restWindow seconds (a ball missed in some
	// frames, in a cluster, is judged on the time it was watched, not on a
	// number of detections), at least restMin of them.
	ns := len(tr.seg)
	if ns < restMin {
		return
	}
	// Near a cushion a slow ball bounces back off it: detections in and out
	// again average to no speed over a short window, so it is watched longer.
	win := restWindow
	tol := 2.5*k.cfg.Sigma + 1
	if _, gap := k.tab.NearestRail(tr.seg[ns-1].p); gap < restNearRail {
		win = restWindowRail
		// Against a cushion the detector's centre for a still ball
		// wanders further (the cushion's edge and shadow merge with
		// the ball's outline).
		tol = math.Max(tol, restTolRail)
	}
	if tr.seg[0].t > tr.seg[ns-1].t-win+0.25*k.dt {
		return
	}
	n := restMin
	for n < ns && tr.seg[ns-1-n].t >= tr.seg[ns-1].t-win+0.25*k.dt {
		n++
	}
	w := tr.seg[ns-n:]
	// Around the median, so that a stray detection or two does not keep a still
	// ball moving.
	var xs, ys [64]float64
	nn := min(n, len(xs))
	for j, s := range w[n-nn:] {
		xs[j], ys[j] = s.p.X, s.p.Y
	}
	slices.Sort(xs[:nn])
	slices.Sort(ys[:nn])
	med := table.Point{X: xs[nn/2], Y: ys[nn/2]}
	var in [64]sample
	ni := 0
	var m table.Point
	for _, s := range w[n-nn:] {
		if s.p.Dist(med) <= tol {
			in[ni] = s
			ni++
			m = m.Add(s.p)
		}
	}
	if ni < nn-max(1, nn/8) {
		return
	}
	m = m.Scale(1 / float64(ni))
	lin := fitLine(in[:ni])
	if lin.b.Len() > restSpeed {
		return
	}
	// It came to rest when it first got within the noise of where it stays.
	rt := w[0].t
	for j := len(tr.seg) - n; j < len(tr.seg); j++ {
		if tr.seg[j].p.Dist(m) <= 1.5*k.cfg.Sigma+0.5 {
			rt = tr.seg[j].t
			break
		}
	}
	// Better: where the path before the still detections runs out of speed.
	if j := len(tr.seg) - n; j >= minQuad {
		f := k.fitTail(tr.seg[:j+1])
		if ts, ok := stopTime(&f); ok && ts > tr.seg[max(0, j-fitWindow)].t && ts < w[n-1].t {
			rt = ts
		}
	}
	// A stop foreseen while it was unseen, if it was seen again where it
	// rests (not if it came back into view still rolling).
	if tr.hidStop > 0 && tr.hidStop < rt && tr.seg[0].p.Dist(m) <= tol {
		rt = tr.hidStop
	}
	if k.flitRest(k.trackIndex(tr), m) { // flithome.go
		tr.rest, tr.restW = m, float64(n)
		return
	}
	k.finishContacts(k.trackIndex(tr))
	k.restVee(k.trackIndex(tr))
	k.onCushion(k.trackIndex(tr), true)
	if k.trace != nil {
		k.trace("%.4f rest track %d ball %d at %v since %.4f", k.lastT, k.trackIndex(tr), tr.ball, m, rt)
	}
	tr.moving = false
	tr.rest = m
	tr.restW = float64(n)
	tr.restT = rt
	tr.npend = 0
	if k.phase == inShot {
		k.dropTouchBack(k.trackIndex(tr))
		k.dropWeakBack(k.trackIndex(tr))  // weakback.go
		k.dropFlipTouch(k.trackIndex(tr)) // touchflip.go
		k.dropRailBack(k.trackIndex(tr))
	}
}

// liftTime is how long (s) a resting ball may be unseen, with nothing hiding it,
// before it is taken to be off the table.
const liftTime = 0.3

// restWindow (s) and restSpeed (mm/s): a ball is at rest when its detections over
// the window stay within the noise and their fitted speed is below restSpeed.
const (
	restWindow = 0.15
	restSpeed  = 25
	restMin    = 5
	// restWindowRail (s) is the window for a ball within restNearRail (mm) of a
	// cushion.
	restWindowRail = 0.25
	restNearRail   = 20.0
	// restTolRail (mm): there, the detections of a ball at rest stay within
	// this of their median.
	restTolRail = 10.0
)

// missing handles tracks without a detection this frame: occlusion, pockets,
// balls lost off the table, and tentative tracks that were noise.
func (k *Tracker) missing(t float64) {
	for i := range k.tracks {
		tr := &k.tracks[i]
		if !tr.used || tr.seen || tr.gone {
			continue
		}
		tr.missed++
		if tr.probe.on && tr.missed >= max(2, int(probeLost*k.cfg.FPS)) {
			k.ghostGone(i)
			continue
		}
		if !tr.confirmed {
			// A ball the detector sees only now and then (in a cluster) is
			// given time to be confirmed.
			if tr.missed >= 8 {
				tr.used = false
			}
			continue
		}
		p := k.position(tr)
		tr.hidden = false
		for _, r := range k.occluded {
			if r.Contains(p, k.R) || r.Contains(tr.last.p, k.R) {
				tr.hidden = true
				break
			}
		}
		if tr.hidden {
			tr.wasHid = true
			continue
		}
		tr.missClr++
		if tr.moving && tr.missClr == 1 {
			k.provGone(i, t)
		}
		if tr.moving {
			k.provUnseenCushion(i, t) // provunseen.go
		}
		if tr.moving && tr.missClr == provLostFrames {
			k.provLost(i) // provlost.go
		}
		k.provPushedIn(i) // provfrozen.go: pushed in by a stroke of the cue ball frozen to it
		if !tr.moving && tr.ball == 0 && k.phase == idle && !k.lagDue && tr.missClr >= 2 && tr.missClr <= max(4, int(takeoverTime*k.cfg.FPS)) && k.cueTakeover(i) {
			continue
		}
		if !tr.moving && tr.ball == 0 && tr.missClr >= 2 && k.cueMoved(i) { // cuemoved.go
			continue
		}
		if !tr.moving && tr.missClr >= 2 && tr.missClr < int(liftTime*k.cfg.FPS) && k.phase == inShot {
			// A ball at the edge of a pocket that was just hit and is gone at once
			// dropped before it could be seen to move.
			if pk, d := k.tab.NearestPocket(tr.rest); d < pk.Width/2+2*k.R {
				if tc, ok := k.hitSince(i, tr.last.t-0.1); ok {
					k.goneEvent(i, shot.Pocketed, k.edgeDropTime(tr, tc), pk.ID, false)
					continue
				}
				if tr.missClr == provLostFrames {
					k.provDrop(i, pk.ID) // provlost.go
				}
				// Hit by a ball seen passing it, too lightly for the passing
				// ball's path to show the contact.
				n := len(k.events)
				if tc, ok := k.passedBy(i, 300, passByLook, tr.missClr >= int(liftTime*k.cfg.FPS)-1); ok && !k.touching(i) {
					k.markForGone(i, n) // hitback.go
					tr.moved = true
					k.goneEvent(i, shot.Pocketed, k.edgeDropTime(tr, tc), pk.ID, false)
					continue
				}
				// Hanging past the mouth line, over the hole, and gone with
				// nothing hiding it: it dropped (a ball rattled in the jaws
				// and crept in, too slowly to be seen moving).
				if id, ok := k.overHole(tr.rest); ok && tr.moved && !k.jawHung(i) { // jawhang.go
					k.goneEvent(i, shot.Pocketed, tr.last.t+0.5*k.dt, id, false)
					continue
				}
				// Frozen to a ball that set off towards it as it vanished:
				// pushed in unseen (see pushedIn).
				if k.pushedIn(i, pk) {
					continue
				}
				// Met there and gone at once: knocked in or deeper into
				// the jaws (mouthgone.go).
				if k.mouthGone(i, pk) {
					continue
				}
			}
		}
		if !tr.moving && k.phase == inShot && tr.missClr >= int(liftTime*k.cfg.FPS) && tr.last.t >= k.strikeT-k.dt {
			// Hit at rest and gone at once, with nothing hiding it and no
			// pocket near: it jumped off the table (taken back if it shows
			// up again).
			if k.hitAndGone(i) {
				continue
			}
		}
		if !tr.moving && tr.missClr >= int(liftTime*k.cfg.FPS) && (k.dropFromHole(i) || k.struckAway(i)) { // holedrop.go
			continue
		}
		if !tr.moving && tr.missClr >= int(liftTime*k.cfg.FPS) && (tr.missClr >= int(3*liftTime*k.cfg.FPS) || !k.touching(i)) {
			// Not where it rested, and nothing hides it: taken off by hand (ball in
			// hand, a re-rack) or lost. It comes back when it is seen again.
			// Unless a track the shot started took up its way (vanish.go).
			if k.carriedFromRest(i) {
				continue
			}
			tr.gone, tr.lifted, tr.goneT = true, true, t
			// (Met, not lifted, as a ball ran through its place: vanished.go.)
			tr.swept = k.phase == inShot && tr.last.t >= k.strikeT && k.sweptBy(i)
			k.noteLift(t) // rackback.go
			k.liftHome(i) // lifthome.go
			if k.trace != nil {
				k.trace("%.4f lifted track %d ball %d from %v", t, i, tr.ball, tr.rest)
			}
			continue
		}
		if !tr.moving || tr.missClr < 2 {
			continue
		}
		if k.hopLost(i) { // hoplost.go
			continue
		}
		if pk, tc, ok := k.intoPocket(tr, t); ok {
			k.goneEvent(i, shot.Pocketed, tc, pk, tr.wasHid)
			continue
		}
		if id, ok := k.overHole(tr.last.p); ok && !k.stopsOnShelf(tr, k.tab.Pocket(id)) { // shelf.go
			// Last seen past the mouth line, over the hole (rattling in the
			// jaws, or creeping in): gone from there, it dropped.
			k.goneEvent(i, shot.Pocketed, tr.last.t+0.5*k.dt, id, tr.wasHid)
			continue
		}
		lost := int(0.5 * k.cfg.FPS)
		if tr.missClr >= lost {
			k.strayLast(i) // its last detection a stray's: lost before it (straylast.go)
			// Not seen for a while with nothing hiding it. Merely missing near a
			// pocket is no pocket; missing on the way into one, heading through
			// its mouth, is (and is taken back if the ball shows up again).
			if pk, ok := k.headingInto(tr); ok {
				k.goneEvent(i, shot.Pocketed, tr.last.t, pk, true)
				continue
			}
			if k.carriedOn(i) {
				continue
			}
			_, gap := k.tab.NearestRail(tr.last.p)
			k.noteLostRoll(tr) // backrolling.go
			if k.trace != nil {
				pk, d := k.tab.NearestPocket(tr.last.p)
				k.trace("%.4f lost track %d ball %d at %v: v %.0f, cushion gap %.1f, pocket %s %.1f mm (mouth %.0f)", k.lastT, i, tr.ball, tr.last.p, tr.fit.vel(tr.last.t).Len(), gap, pk.ID, d, pk.Width)
			}
			if k.lostAtPocket(i) {
				continue
			}
			// (Fast on the open bed but rolling straight into a pocket: see
			// rollsInto below, straylast.go.)
			// Read once more after going over a cushion (offlone.go).
			if k.offLone(i) {
				continue
			}
			// By a cushion: read on off it on a new track (onward.go), off
			// the table over it, or lost on the bed by it (offrail.go).
			if k.carriedOff(i, gap) || k.lostByRail(i, gap) {
				continue
			}
			if v := tr.fit.vel(tr.last.t).Len(); v > offSpeed && !k.rollsOn(tr, gap) && k.seenEnough(i) {
				// Vanished on the open bed: a person confirms (an unseen
				// arm may hide it).
				k.goneEvent(i, shot.OffTable, tr.last.t, "", true)
				continue
			}
			// Out of sight on its way into a pocket further on (an unseen arm
			// hides it): pocketed, for a person to confirm. Not a track read
			// in too few of its frames (seenshare.go).
			if pk, ok := k.rollsInto(tr); ok && k.seenEnough(i) {
				k.goneEvent(i, shot.Pocketed, tr.last.t, pk, true)
				continue
			}
			if pk, ok := k.atMouth(tr); ok {
				k.goneEvent(i, shot.Pocketed, tr.last.t, pk, true)
				continue
			}
			if k.lostInMouth(i) { // mouthrest.go
				continue
			}
			if v := tr.fit.vel(tr.last.t).Len(); v > 300 && k.phase == inShot && k.seenEnough(i) {
				k.doubts = append(k.doubts, doubt{lost: true, tr: i, t: tr.last.t, why: fmt.Sprintf("ball %d lost from view while moving", tr.ball)})
			}
			// Lost on the bed: assume it rests where it was last seen.
			tr.moving = false
			tr.rest = tr.last.p
			tr.restW = 1
			tr.restT = tr.last.t
		}
	}
}

// hitAndGone handles resting track i, unseen for a while with nothing hiding
// it, when a ball hit it just before it vanished: a contact told, or a fast ball
// seen passing within reach of it then (the contact is added). It tells the ball
// off the table and reports whether it did.
func (k *Tracker) hitAndGone(i int) bool {
	tr := &k.tracks[i]
	if i == k.strikeTr && tr.last.t <= k.strikeT+k.dt {
		// The cue ball unseen since its stroke: gone from its rest
		// point by the stroke, flying too fast to read (30 fps
		// blue-cloth 9-ball breaks, bench seeds 8, 16 and 24: a
		// contact of the rack's front ball told for it by lineMet,
		// it was told off the table, a foul, while it ran on).
		return false
	}
	if pk, d := k.tab.NearestPocket(tr.rest); d < pk.Width/2+2*k.R {
		return false
	}
	// Well seen at rest since before the stroke (not a track that only just
	// took the place of another).
	if tr.restT > k.strikeT || tr.restW < 10 {
		return false
	}
	// Not a ball of a cluster (the detector often misses those, and one hit
	// may be followed by a new track), and no ball showed up near it since.
	for oi, p := range k.before {
		// (Where it stood itself is no neighbour: a swap after a contact
		// leaves a track's place under the other's index.)
		if d := p.Dist(tr.rest); oi != i && d < 2*k.R+5 && d > k.R {
			return false
		}
	}
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi != i && o.used && o.born > tr.last.t-3*k.dt && o.last.p.Dist(tr.rest) < 800 {
			return false
		}
		// Another track that set off from about where it stood: it is
		// that ball (two tracks had shared it).
		if oi != i && o.used && o.moving && o.startT >= tr.last.t-3*k.dt && o.from.Dist(tr.rest) < k.R {
			return false
		}
	}
	tc, ok := k.hitSince(i, tr.last.t-0.1)
	if !ok {
		n := len(k.events)
		if tc, ok = k.passedBy(i, offSpeed/2, 0, false); !ok {
			return false
		}
		k.markForGone(i, n) // hitback.go
	}
	if k.trace != nil {
		k.trace("%.4f hit and gone track %d ball %d (hit at %.4f)", k.lastT, i, tr.ball, tc)
	}
	tr.moved = true
	if pk, t, ok := k.struckInto(i, tc); ok {
		k.goneEvent(i, shot.Pocketed, t, pk, true) // struckinto.go
		return true
	}
	if pk, t, ok := k.readInto(i, tc); ok {
		k.goneEvent(i, shot.Pocketed, t, pk, true) // struckinto.go
		return true
	}
	k.goneEvent(i, shot.OffTable, math.Max(tc, tr.last.t)+0.5*k.dt, "", false)
	return true
}

// passedBy looks for a ball seen passing resting track i, at minSpeed (mm/s) or
// more, close enough to touch it about when i was last seen; it adds their
// contact and returns its time. The passing ball's detections from look (s; at
// least three frames) before that sight are fitted: a time, not a number of
// frames, for at 120 fps three frames of noise swamp a slow ball's way. wayIn
// lets the detections up to that sight alone tell the passing ball's speed
// (the last resort: other explanations, a ball frozen to a cushion driven into
// it, have had their time).
func (k *Tracker) passedBy(i int, minSpeed, look float64, wayIn bool) (float64, bool) {
	tr := &k.tracks[i]
	best, bt := -1, 0.0
	var bp path
	look = math.Max(3*k.dt, look)
	for oi := range k.tracks {
		o := &k.tracks[oi]
		if oi == i || !o.used || !o.confirmed || !k.wasMoving(o, tr.last.t) {
			continue
		}
		// Its detections around the last sight of tr, up to the frame after.
		var buf [12]sample
		w := buf[:0]
		near := false
		for j := 0; j < len(o.hist) && j < o.nh; j++ {
			x := o.hist[(o.nh-1-j)%len(o.hist)]
			if x.t < tr.last.t-look {
				break
			}
			if x.t <= tr.last.t+1.01*k.dt && len(w) < len(buf) {
				w = append(w, x)
				near = near || x.p.Dist(tr.rest) < 2*k.R+40
			}
		}
		if !near || len(w) < 2 {
			continue
		}
		slices.Reverse(w)
		po := fitLine(w)
		if po.vel(tr.last.t).Len() < minSpeed {
			// The frame after the last sight may show the passing ball
			// slowed by the contact already: with wayIn, its way in alone
			// tells its speed.
			n := len(w)
			for n > 0 && w[n-1].t > tr.last.t+1e-6 {
				n--
			}
			if !wayIn || n == len(w) || n < 3 {
				continue
			}
			if po = fitLine(w[:n]); po.vel(tr.last.t).Len() < minSpeed {
				continue
			}
		}
		st := still(tr.rest, tr.last.t)
		t, gap, hit := firstWithin(&po, &st, 2*k.R, tr.last.t-look, tr.last.t+2*k.dt)
		if hit && po.vel(t).Dot(tr.rest.Sub(po.at(t))) <= 0 {
			// Within reach but going away: a ball struck off from
			// against it, its line drawn back through it.
			continue
		}
		if hit || gap < 2*k.cfg.SigmaMoving+2 {
			best, bt, bp = oi, t, po
		}
	}
	if best < 0 {
		return 0, false
	}
	st := still(tr.rest, bt)
	k.noteLate(k.contact(best, i, bt, &bp, &st, false), best, i, bp, tr.rest) // timed again at the end (lateside.go)
	return bt, true
}

// passByLook (s): how far back passedBy fits the passing ball's detections
// (three frames at 60 fps).
const passByLook = 0.05

// touching reports whether resting track i touches another ball at rest: a
// detector often misses such a ball for a while (it cannot split the cluster),
// so it is given longer before it is taken to be lifted.
func (k *Tracker) touching(i int) bool {
	p := k.tracks[i].rest
	for j := range k.tracks {
		o := &k.tracks[j]
		if j != i && o.used && o.confirmed && !o.gone && !o.moving && o.rest.Dist(p) < 2*k.R+5 {
			return true
		}
	}
	return false
}

// overHole reports whether a ball centre at p is past a pocket's mouth line,
// between its jaws: hanging over the hole, where a ball that vanishes dropped.
func (k *Tracker) overHole(p table.Point) (table.PocketID, bool) {
	pk, d := k.tab.NearestPocket(p)
	if d > pk.Width/2+2*k.R {
		return "", false
	}
	q := p.Sub(pk.Center)
	in := q.Dot(pk.In)
	return pk.ID, in > 0 && q.Sub(pk.In.Scale(in)).Len() < pk.Width/2
}

// offSpeed (mm/s): a ball this fast that vanishes on the open bed, with nothing
// seen hiding it and no pocket ahead, has jumped off the table (it is taken back if
// it shows up again where it went).
const offSpeed = 1500.0

// headingInto reports whether a lost moving ball was last seen near a pocket
// and heading through its mouth.
func (k *Tracker) headingInto(tr *track) (table.PocketID, bool) {
	v := tr.fit.vel(tr.last.t)
	if v.Len() < 30 {
		return "", false
	}
	for _, pk := range k.tab.Pockets() {
		q := tr.last.p.Sub(pk.Center)
		ahead := -q.Dot(pk.In) // distance in front of the mouth line
		if ahead > 3*k.R || v.Dot(pk.In) <= 0 {
			continue
		}
		// Where the straight path crosses the mouth line.
		tc := math.Max(0, ahead) / v.Dot(pk.In)
		x := q.Add(v.Scale(tc))
		lat := x.Sub(pk.In.Scale(x.Dot(pk.In))).Len()
		if lat < pk.Width/2+k.R/2 {
			return pk.ID, true
		}
	}
	return "", false
}

// rollsInto reports whether a lost moving ball, rolling on along its last
// direction until rolling resistance stops it, would have dropped into a pocket:
// its line crosses the pocket's mouth before it stops, and before any cushion.
func (k *Tracker) rollsInto(tr *track) (table.PocketID, bool) {
	v := tr.fit.vel(tr.last.t)
	sp := v.Len()
	if sp < 100 {
		return "", false
	}
	pk, _, ok := k.lineInto(tr.last.p, v.Scale(1/sp), sp*sp/(2*rollDecel))
	return pk, ok
}

// lineInto reports the pocket a ball at p rolling along unit direction u
// reaches within reach (mm) with no cushion in the way, and its run to the
// mouth line.
func (k *Tracker) lineInto(p, u table.Point, reach float64) (table.PocketID, float64, bool) {
	for _, pk := range k.tab.Pockets() {
		q := p.Sub(pk.Center)
		ahead := -q.Dot(pk.In) // distance in front of the mouth line
		along := u.Dot(pk.In)
		if along <= 0.1 || ahead < 0 {
			continue
		}
		d := ahead / along // run to the mouth line
		if d > reach {
			continue
		}
		x := q.Add(u.Scale(d))
		if lat := x.Sub(pk.In.Scale(x.Dot(pk.In))).Len(); lat > pk.Width/2 {
			continue
		}
		// No cushion in the way: the line stays on the bed until the mouth.
		mid := p.Add(u.Scale(d - 2*k.R))
		if d > 2*k.R && !k.tab.OnBed(mid) {
			continue
		}
		return pk.ID, d, true
	}
	return "", 0, false
}

// hitSince returns the time of the last contact with track i after t.
func (k *Tracker) hitSince(i int, t float64) (float64, bool) {
	for j := len(k.events) - 1; j >= 0; j-- {
		e := &k.events[j]
		if e.kind == shot.Contact && !e.cancel && (e.a == i || e.b == i) && e.t >= t {
			return e.t, true
		}
	}
	return 0, false
}

// intoPocket reports whether a missing moving track's fitted path crossed a pocket
// mouth by now, and when.
func (k *Tracker) intoPocket(tr *track, t float64) (table.PocketID, float64, bool) {
	if len(tr.seg) < 2 {
		return "", 0, false
	}
	f := tr.fit
	lo := tr.last.t - k.dt
	hi := math.Min(t, tr.last.t+0.3)
	for _, pk := range k.tab.Pockets() {
		if tr.last.p.Dist(pk.Center) > 4*k.R+f.vel(tr.last.t).Len()*k.dt*2 {
			continue
		}
		pk := pk
		if k.lastStepOut(tr, pk) {
			continue // the detections themselves go away from it (see lastStepOut)
		}
		tc, ok := crossing(&f, func(p table.Point) float64 { return pk.Center.Sub(p).Dot(pk.In) }, lo, hi)
		if !ok {
			continue
		}
		q := f.at(tc).Sub(pk.Center)
		lat := q.Sub(pk.In.Scale(q.Dot(pk.In))).Len()
		if lat > pk.Width/2+k.R*0.5 {
			continue
		}
		if f.vel(tc).Dot(pk.In) <= 0 {
			continue
		}
		if k.stopsOnShelf(tr, pk) {
			continue // shelf.go
		}
		return pk.ID, tc, true
	}
	return "", 0, false
}

func (k *Tracker) goneEvent(i int, kind string, tc float64, pk table.PocketID, unseen bool) {
	tr := &k.tracks[i]
	if tr.probe.on {
		// Back a moment and gone again: it never came back (see ghostGone).
		k.ghostGone(i)
		return
	}
	if k.trace != nil {
		k.trace("%.4f gone %s track %d ball %d at %.4f last %v hidden %v", k.lastT, kind, i, tr.ball, tc, tr.last, tr.wasHid)
	}
	if kind == shot.Pocketed && k.phase != idle && tr.moving && len(tr.seg) >= 2 {
		// Into the pocket off a jaw: the path touched a facing on its way in.
		lo := math.Max(tr.seg[0].t, tr.last.t-k.dt)
		k.jawEvent(i, &tr.fit, lo, k.jawSearchEnd(tr, pk, lo, tc), unseen, pk)
	}
	// Its way out times its contacts now: a read of it back in the mouth
	// (a ghost) would start its track again and drop that way before the
	// end of the shot (rendered seed 74, 10-ball shot 12: the 6, cut by
	// the cue ball and pocketed, lost its way out so, and the stroke fit
	// timed the contact 10 ms late).
	if k.phase == inShot {
		k.finishContacts(i)
	}
	k.noteWent(i, tc) // rolledin.go
	tr.gone = true
	tr.goneT = tc
	tr.moving = false
	tr.npend = 0
	if k.phase == idle {
		k.noteIdleGone(i, kind, tc, pk, unseen) // goneatstroke.go
		return
	}
	if k.phantom(i) {
		// No ball is left for it: it followed a false detection (an arm, the
		// cue) that went from view. Forgotten at the end of the shot.
		if k.trace != nil {
			k.trace("%.4f phantom track %d: no %s event", k.lastT, i, kind)
		}
		return
	}
	if kind == shot.OffTable {
		k.dropOffThrough(i, tc) // offthrough.go
	}
	k.addEvent(pevent{t: tc, kind: kind, a: i, pocket: pk, unseen: unseen})
}

// carriedOn handles moving track i, lost from view for a while with nothing
// hiding it, when a track without an identity took up its detections: it was
// seen within reach of where i was last seen, in the frames just after, and it
// moved. That happens at a cushion, where i's path, predicted on into the
// cushion, loses the detections after the bounce to a track nearer to them.
// The other track is the ball: it takes i's identity and i ends. It reports
// whether it did.
func (k *Tracker) carriedOn(i int) bool {
	tr := &k.tracks[i]
	if tr.ball < 0 {
		return false
	}
	v := tr.fit.vel(tr.last.t).Len()
	for oi := range k.tracks {
		o := &k.tracks[oi]
		// (Still seen now: a track lost as well carries nothing on.)
		if oi == i || !o.used || o.gone || !o.confirmed || o.ball >= 0 || !o.moving && !o.moved || o.missed > 2 {
			continue
		}
		// Its first detection after i's last one.
		var first sample
		found := false
		for j := 0; j < len(o.hist) && j < o.nh; j++ {
			x := o.hist[(o.nh-1-j)%len(o.hist)]
			if x.t <= tr.last.t {
				break
			}
			first, found = x, true
		}
		if !found || first.t > tr.last.t+carryFrames*k.dt {
			continue
		}
		if first.p.Dist(tr.last.p) > 2*k.R+1.5*v*(first.t-tr.last.t) {
			continue
		}
		if b, ok := readAsOther(o, tr.ball); ok && tr.ball == 0 {
			if k.trace != nil {
				k.trace("%.4f not carried on: track %d (the cue ball) lost at %v, track %d read as ball %d", k.lastT, i, tr.last.p, oi, b)
			}
			continue
		}
		if k.trace != nil {
			k.trace("%.4f carried on: track %d (ball %d) lost at %v, track %d carries it from %v at %.4f", k.lastT, i, tr.ball, tr.last.p, oi, first.p, first.t)
		}
		k.undoHijack(i, oi)         // hijack.go
		k.carriedRail(i, oi, first) // carryrail.go
		o.votes, o.ball = tr.votes, tr.ball
		o.moved = o.moved || tr.moved
		tr.used = false
		tr.moving = false
		return true
	}
	return false
}

// carryFrames: carriedOn looks for the other track's first detection within
// this many frames of the lost track's last one.
const carryFrames = 3

// readAsOther reports whether track o's detections were read as a ball other
// than b, by carryVotes more than as b, and which. Such a track does not carry
// the cue ball on: white, it is not read as another ball. Rendered bench at
// 30 fps on a blue cloth, 14.1 break: the cue ball, struck at 7 m/s, went
// unseen for five frames; its track took a read of the shooter's bridge hand
// by its rest point and was lost there, and the hand's track (read as the 10
// and the 13) carried it on, named the cue ball, to the head cushion: a false
// cue_ball_off_table, while the cue ball was read as itself on its own track
// across the table. (Object balls are read as one another in a cluster:
// camera model seed 4, 14.1 shot 349, the 7's track, read as the 7, carried
// on the 5 of a track that had jumped onto it in the rack; refused, two false
// contacts were told.)
func readAsOther(o *track, b int) (int, bool) {
	if b < 0 || b >= len(o.votes) {
		return -1, false
	}
	best := -1
	for x, v := range o.votes {
		if x != b && v > o.votes[b]+carryVotes && (best < 0 || v > o.votes[best]) {
			best = x
		}
	}
	return best, best >= 0
}

// carryVotes: how many more votes for another ball make a track read as it
// (see readAsOther); a vote is one detection's confidence.
const carryVotes = 1.0

// atMouth reports whether a lost moving ball was last seen in a pocket's mouth,
// moving towards the pocket: the detector often loses a ball there (the jaws
// and the hole merge with its outline, and its last centres are pulled off its
// path), so the path fitted to them need not point into the pocket. Nothing
// hides it and it was not seen again: it dropped (told unseen, for a person to
// confirm).
func (k *Tracker) atMouth(tr *track) (table.PocketID, bool) {
	pk, d := k.tab.NearestPocket(tr.last.p)
	if d > pk.Width/2+2*k.R {
		return "", false
	}
	v := tr.fit.vel(tr.last.t)
	return pk.ID, v.Len() > 30 && v.Dot(pk.Center.Sub(tr.last.p)) > 0
}
