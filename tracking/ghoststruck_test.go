package tracking

import "testing"

// TestGhostStruckRendered: rendered 10-ball, seed 68, shot 49 (stroke
// 418.4436 s): the 6, green on the green cloth, read at rest only now and
// then, was taken for lifted and came back on its spot twice in the shot; the
// cue ball met it there 1.07 s after the stroke, and it rolled off unseen,
// its trial ended after two reads. The contact was dropped with the trial
// (a ghost's events), and the pot of the 6 was ruled no_contact. The ball
// met where it rested was there: the contact stands.
func TestGhostStruckRendered(t *testing.T) {
	const stroke = 418.4436
	s := renderedShot(t, "testdata/ghoststruck-10ball-s68-rendered.json.gz", 10, stroke)
	first := firstContactOf(s.Events)
	if first != 6 {
		t.Errorf("got first contact %d; want the 6; events:%s", first, fmtEvents(absEvents(s)))
	}
}
