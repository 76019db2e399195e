package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Flits home. A resting ball the detector reads, one frame in two or three,
// at scattered places up to two centimetres off it (toward a ball near it,
// along a cushion, into a corner's jaws) may be started by two such reads in
// a row when they land on no one place flickRead has learned. Once started,
// its reads jump between its place and the scattered ones: its path breaks
// every few frames, it never shows the still run checkRest needs, and so it
// never comes to rest. The shot cannot end while it "moves", and each jump
// toward a ball near it is told as a contact with it. Rendered 8-ball, seed
// 27, after shot 51: ball 15, nudged into the foot-left corner's jaws 65 mm
// from the resting cue ball, was read at its place and 7–18 mm toward the
// cue ball in turn for 5.5 s: shot 51 ran on past the true stroke of shot
// 52 (a pot, then untracked) with a dozen contacts of the 15 and the cue
// ball, and the pot's record was never told.
//
// A ball that truly leaves its rest point does not come back to it again and
// again: once under way only a ball or a cushion brings it back, and then it
// goes on through (flipstart.go takes the same view of a struck ball). So a
// ball started from rest that, never read farther than flipStartReach from
// its rest point, has been read back there (within noStrokeStill) after
// being read off it flipStartSeen times never left: it rests where it stood,
// and what its flits were told to do since its start (contacts, cushion
// hits, touches, cushion hits waiting to be kept) is dropped. The struck
// ball of the shot in progress is left to flipstart.go, and a ball come back
// from gone between shots to handback.go (the detector's read of a hand may
// flit so, and start untouched: the ball was not there).
//
// The detector may read such a ball at a wrong place more surely than at its
// own, and the ball be taken to rest there (same case, seen from 401 s on:
// the 15 was taken to rest 17 mm off, towards the cue ball, and read at its
// true place now and then). A start from there is then read coming to rest
// where the ball truly lies, which checkRest sees as a still run, and tells
// as a move of 17 mm: begun between shots next to the cue ball, the pot's
// stroke was taken as struck through the 15 0.7 s early. So the places a
// ball flitted to, in starts that came home, are kept while it rests at its
// rest point or at one of them; a start from there that comes to rest on
// one of them, never read farther than flipStartReach off, is a flit too.

// A ball resting in a pocket's mouth is read farther off its place: the
// jaws and the hole merge with its outline. Rendered 10-ball, seed 29, shots
// 14 and 15: the 6, come to rest frozen to the foot cushion in the foot-left
// mouth, was read at five places up to 45 mm apart, and taken to rest on one
// of them, 23 mm off its centre; from there another lay 32.0–32.1 mm off
// and a third 43 mm (read alone, between reads within reach). Every start
// of it went beyond flipStartReach at once and never came home: the 6 was
// told hitting the foot cushion dozens of times through shot 15, once after
// the cue ball met the 7 (the wrong ball), and the shot's no-rail foul went
// untold. So in a pocket's mouth (its rest point within a diameter of the
// mouth's half width from the pocket's centre) a flit may reach stayPutRoam,
// the farthest a ball that stayed put is read from its place (ghost.go);
// and a lone read beyond the reach, the read after it back within it, says
// nothing of a way out (straylone.go): only two reads in a row beyond it
// show the ball under way.

// flitHome counts a moving track's reads back at its rest point (see above).
type flitHome struct {
	n   int  // reads back at the rest point after a read off it
	off bool // the latest read lay off the rest point
	far bool // a read lay beyond flipStartReach: under way
	// beyond: the latest read lay beyond flipStartReach, alone so far (a lone
	// stray read is no sign of a way out: straylone.go)
	beyond bool
	moved  bool // the track's moved flag before the start
	// at: the places it flitted to in starts that came home (the latest
	// flitKeep), and from where; kept across starts.
	at   [flitKeep]table.Point
	nat  int
	home table.Point
}

// flitKeep: how many of the places a ball flitted to are kept.
const flitKeep = 16

// flitStart resets the count at a start of track i from rest.
func (k *Tracker) flitStart(i int) {
	h := &k.tracks[i].flit
	h.n, h.off, h.far, h.beyond, h.moved = 0, false, false, false, k.tracks[i].moved
}

// flitPlace reports whether p lies where track i was read in a flit that
// came home to its present rest point.
func (k *Tracker) flitPlace(i int, p table.Point) bool {
	tr := &k.tracks[i]
	h := &tr.flit
	if h.nat == 0 || h.home.Dist(tr.from) > k.noStrokeStill() {
		return false
	}
	for j := range min(h.nat, flitKeep) {
		if h.at[j].Dist(p) <= k.noStrokeStill() {
			return true
		}
	}
	return false
}

// flitRest reports whether moving track i, found at rest at m by checkRest,
// only flitted there from a place it flitted from before (see above); if so
// it drops what the start was told to do. Otherwise the places it flitted to
// are forgotten when it rests anywhere but its rest point.
func (k *Tracker) flitRest(i int, m table.Point) bool {
	tr := &k.tracks[i]
	h := &tr.flit
	if k.restHome(i, m) {
		return true
	}
	if !tr.fromRest || h.far || tr.backIdle || !k.flitPlace(i, m) || k.struckStart(i) {
		if m.Dist(tr.from) > k.noStrokeStill() {
			h.nat = 0
		}
		return false
	}
	if k.trace != nil {
		k.trace("%.4f flit rest track %d ball %d: at rest at %v, where it was read flitting from %v: it never left", k.lastT, i, tr.ball, m, tr.from)
	}
	k.dropFlit(i)
	h.home = m
	return true
}

// struckStart reports whether track i's start is the stroke of the shot in
// progress (flipstart.go judges those).
func (k *Tracker) struckStart(i int) bool {
	tr := &k.tracks[i]
	return k.phase == inShot && i == k.strikeTr && math.Abs(tr.startT-k.strikeT) < 0.1
}

// flitBack reports whether read s of moving track i showed that it never
// left its rest point (see above), and if so puts it back at rest there and
// drops what its start was told to do.
func (k *Tracker) flitBack(i int, s sample) bool {
	tr := &k.tracks[i]
	h := &tr.flit
	if !tr.fromRest || h.far || tr.backIdle {
		return false // (a ball come back from gone: handback.go)
	}
	d := s.p.Dist(tr.from)
	switch {
	case d > k.flitReach(tr):
		// Two reads in a row out there: under way.
		h.far = h.beyond
		h.beyond, h.off = true, true
		return false
	case d > k.noStrokeStill():
		h.beyond, h.off = false, true
		return false
	}
	h.beyond = false
	if !h.off {
		return false
	}
	h.off = false
	h.n++
	if h.n < flipStartSeen || k.struckStart(i) {
		return false
	}
	if h.far = k.flitMet(i); h.far { // flitmet.go
		return false
	}
	if k.trace != nil {
		k.trace("%.4f flit home track %d ball %d: read back at %v %d times since its start at %.4f, never %.0f mm off: it never left", s.t, i, tr.ball, tr.from, h.n, tr.startT, k.flitReach(tr))
	}
	if h.home.Dist(tr.from) > k.noStrokeStill() {
		h.nat = 0
	}
	h.home = tr.from
	for j := range min(tr.nh, len(tr.hist)) {
		x := tr.hist[(tr.nh-1-j)%len(tr.hist)]
		if x.t >= tr.startT && x.p.Dist(tr.from) > k.noStrokeStill() {
			h.at[h.nat%flitKeep] = x.p
			h.nat++
		}
	}
	k.dropFlit(i)
	tr.rest = tr.from
	return true
}

// dropFlit drops what track i's start was told to do (see above), and puts
// it at rest.
func (k *Tracker) dropFlit(i int) {
	tr := &k.tracks[i]
	t0 := tr.startT
	for j := range k.events {
		e := &k.events[j]
		if e.cancel || e.t < t0-k.dt {
			continue
		}
		if e.a == i || e.kind == shot.Contact && e.b == i {
			e.cancel = true
		}
	}
	m := 0
	for _, p := range k.provRails { // provkeep.go: not to be kept later
		if p.tr != i || p.t < t0-k.dt {
			k.provRails[m] = p
			m++
		}
	}
	k.provRails = k.provRails[:m]
	for j := range k.chg {
		c := &k.chg[j]
		if c.tr == i && c.t >= t0-k.dt {
			c.done = true
		}
	}
	k.dropMovingDoubts(i)       // wanderhome.go
	k.weakBackSince(i, t0-k.dt) // weakback.go
	tr.moving = false
	tr.moved = tr.flit.moved
	tr.npend = 0
	tr.seg = tr.seg[:0]
	tr.flit.n, tr.flit.off = 0, false
}

// flitReach (mm) is how far from its rest point the detector may read a
// resting ball: flipStartReach, or, in a pocket's mouth, stayPutRoam (see
// above).
func (k *Tracker) flitReach(tr *track) float64 {
	if pk, d := k.tab.NearestPocket(tr.from); d <= pk.Width/2+2*k.R {
		return stayPutRoam
	}
	return flipStartReach
}
