package tracking

import "testing"

// TestSwapKeepsLogs: rendered 14.1, seed 69, shot 49 (stroke at 372.645 s).
// The cue ball ran past the 4, resting in the foot-left corner, at 4.6 m/s,
// and touched nothing; the 4's reads were pulled toward it, a contact was
// told, and the two tracks were swapped after it (swapTracks). Swapped whole,
// the 4's shot log carried the cue ball's way in from the stroke, so the
// near-miss check took the 4 to have left its spot and the contact stood: a
// legal pot where the cue ball touched nothing (rule 1.16), unflagged. Each
// track's log must be its own up to the contact: the 4 never left its spot,
// and the contact either goes or is asked.
func TestSwapKeepsLogs(t *testing.T) {
	const stroke = 372.6445
	// (A judge for whom only the first ball counts: the other doubts of the
	// shot, about when its cushions came, are not asked.)
	fs := loadRendered(t, "testdata/swaplog-14.1-s69-rendered.json.gz")
	s := shotNear(t, renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15), Judge: keyJudge(firstBall)}), stroke, 0.05)
	if firstOf(s) >= 0 && s.Review == nil {
		t.Errorf("a contact told, no review; want none told or it asked; events:%s", fmtEvents(absEvents(s)))
	}
}
