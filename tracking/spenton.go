package tracking

import "math"

// A change of one ball explains one change of the other in a contact. Struck
// 21 mm off a cushion, a ball meets it a frame or two after it left rest: its
// start and its break off the cushion lie a few frames apart, both next to the
// striker's break. Once the start was paired with that break, the contact is
// told; the break off the cushion must not be paired with it again (pair would
// find the striker's way in, run on, inside touching distance, and say "the
// same contact, already told"), or the cushion hit is lost (rendered 8-ball,
// seed 74, shot 59: a legal safety ruled a foul for no cushion).

// spentOn reports whether change oc (another ball's) was already paired with a
// change of change ci's track other than ci, in a contact at the same time:
// the contact it explains is told.
func (k *Tracker) spentOn(ci, oc int) bool {
	c, o := &k.chg[ci], &k.chg[oc]
	if !o.done || !o.hit || o.partner != c.tr {
		return false
	}
	for cj := range k.chg {
		if x := &k.chg[cj]; cj != ci && x.tr == c.tr && x.done && x.hit && x.partner == o.tr && math.Abs(x.hitT-o.hitT) < k.dt {
			return true
		}
	}
	return false
}
