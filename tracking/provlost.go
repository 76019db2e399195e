package tracking

import (
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// The detector often loses a ball a frame or two before it drops: in a
// pocket's mouth its outline merges with the jaws, the hole and the cushion's
// shadow (the black ball worst of all), and a rattle between the jaws turns
// its path so that the fit no longer crosses the mouth line (provGone).
// Confirmed, such a ball waits the lost-ball timeout in missing (it may come
// back into view); told provisionally as soon as it is missing provLostFrames
// frames, with nothing hiding it, it is not (withdrawn if it shows up again).

// provLostFrames: the frames a moving ball is missing before provLost tells
// it (one more than provGone: a single dropped frame in the mouth is common).
const provLostFrames = 2

// provLost tells moving track i, missing for provLostFrames frames with
// nothing hiding it, pocketed when it was last seen rolling in a pocket's jaws
// (rattling: lostAtPocket pockets it if it stays lost). It is timed at the
// last sight, as lostAtPocket times it. (Not in its direction of travel: a
// ball rattling off a facing may be seen last heading away from the hole.
// Not the wider mouth of atMouth or headingInto either: balls hitting the
// cushion by a pocket drop out of view there for a frame or two as well.)
func (k *Tracker) provLost(i int) {
	tr := &k.tracks[i]
	if k.phase != inShot || tr.ball < 0 || !tr.confirmed || len(tr.seg) < 2 {
		return
	}
	pk, ok := k.rattling(tr)
	if !ok {
		return
	}
	t := tr.last.t
	k.provisional(shot.Pocketed, i, -1, t, shot.Event{T: math.Max(0, t-k.strikeT), Ball: tr.ball, Pocket: string(pk)})
}

// provDrop tells resting track i, at the edge of pocket pk and missing for
// provLostFrames frames with nothing hiding it, pocketed when a contact with
// it was told provisionally since just before its last sight: hit and gone
// at once, it dropped (missing pockets it so once the contact is confirmed).
func (k *Tracker) provDrop(i int, pk table.PocketID) {
	tr := &k.tracks[i]
	if tr.ball < 0 || !tr.confirmed {
		return
	}
	for _, p := range k.provs {
		if p.kind != shot.Contact || p.a != i && p.b != i || p.t < tr.last.t-0.1 {
			continue
		}
		t := k.edgeDropTime(tr, p.t)
		k.provisional(shot.Pocketed, i, -1, t, shot.Event{T: math.Max(0, t-k.strikeT), Ball: tr.ball, Pocket: string(pk)})
		return
	}
}

// edgeDropTime is the time resting track tr, hit at tc and gone at once at a
// pocket's edge, dropped: just after the hit, but not before its last sight
// (a ball seen at or by its rest point after the hit was still on the bed;
// the detector loses it there, against the hole, before it drops). A track
// of no identity there is most often a ghost of the hole or a jaw (its
// pocket is not told: see phantom), whose sightings say nothing of a ball on
// the bed: it keeps the hit's time (a later one only holds the shot open).
func (k *Tracker) edgeDropTime(tr *track, tc float64) float64 {
	if tr.ball < 0 {
		return tc + 0.01
	}
	return math.Max(tc+0.01, tr.last.t+0.5*k.dt)
}
