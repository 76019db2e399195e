package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestStaleGoneTake: a track gone from the table before the shot (in the
// rendered 8-ball match of seed 3, a ball taken off the table in rack 1, still
// carrying 400 reads of 14) must not take the number of the ball on the table
// that holds it, even while that ball's own reads are weak for a moment (just
// struck, blurred): it lost 14, and the shot its pocket (next player wrong,
// unflagged). A track gone in the shot itself still competes on its votes, and
// so does one whose number a track on the table took only in the shot.
func TestStaleGoneTake(t *testing.T) {
	for _, c := range []struct {
		name     string
		goneT    float64 // s before the stroke (negative: after it)
		stroke   int     // the number the track on the table had at the stroke
		wantLive int     // the number the track on the table ends with
	}{
		{"gone a rack ago", 100, 3, 3},
		{"gone before the shot", 1, 3, 3},
		{"gone in the shot", -0.1, 3, -1},
		{"number taken in the shot", 1, -1, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, end, live := staleSetup(t)
			// The stroke now; ball 3's reads blurred: a third of its votes.
			k.phase, k.strikeT = inShot, end
			k.before[live], k.beforeID[live] = k.tracks[live].rest, c.stroke // on the table at the stroke
			k.tracks[live].votes = [16]float64{}
			k.tracks[live].votes[3], k.tracks[live].votes[1] = 1.6, 3.2
			old := track{used: true, confirmed: true, ball: -1, gone: true, goneT: end - c.goneT}
			old.votes[3] = 400
			k.tracks = append(k.tracks, old)
			k.resolveIDs()
			if got := k.tracks[live].ball; got != c.wantLive {
				t.Errorf("ball on the table numbered %d, want %d", got, c.wantLive)
			}
			if got, want := k.tracks[len(k.tracks)-1].ball, map[bool]int{true: -1, false: 3}[c.wantLive == 3]; got != want {
				t.Errorf("gone track numbered %d, want %d", got, want)
			}
		})
	}
}

// Rendered bench seed 47, 14.1 shot 39 (stroke at 292.5658 s): ball 14, a
// stripe resting by the left cushion and read mostly as the cue ball, lost
// its number between shots (the cue ball put back by hand after a scratch at
// 273.03 s) to a nameless track gone off the table at 158.7 s; the cue ball
// on the 14, potted, was ruled no contact. The 14 must keep its number, and
// be the shot's first contact (see stalegone.go).
func TestStaleTakeBetweenShots(t *testing.T) {
	fs := loadRendered(t, "testdata/stale-held-14.1-s47-rendered.json.gz")
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := shotNear(t, shots, 292.5658, 0.05)
	wantStrokeFirst(t, s, 292.5658, 14)
}

// TestStaleGoneTakeMoved: in a shot, a track gone before its stroke (400
// reads of the 3) must not take the 3 when the track that carried the 3 at
// the stroke has lost it since (its reads name another ball): the 3 is on
// the table, or went in this shot, on one of the stroke's tracks (see
// stalegone.go; camera model at 30 fps, seed 37, 9-ball shot 159).
func TestStaleGoneTakeMoved(t *testing.T) {
	k, end, live := staleSetup(t)
	k.phase, k.strikeT = inShot, end
	k.before[live], k.beforeID[live] = k.tracks[live].rest, 3
	k.tracks[live].votes = [16]float64{}
	k.tracks[live].votes[3], k.tracks[live].votes[1] = 0.5, 20 // read as another since the stroke
	k.resolveIDs()
	if got := k.tracks[live].ball; got != -1 {
		t.Fatalf("ball on the table numbered %d; want it to have lost the 3 (the case)", got)
	}
	old := track{used: true, confirmed: true, ball: -1, gone: true, goneT: end - 100}
	old.votes[3] = 400
	k.tracks = append(k.tracks, old)
	k.resolveIDs()
	if got := k.tracks[len(k.tracks)-1].ball; got == 3 {
		t.Errorf("track gone before the stroke numbered 3; want it to take no number of the stroke's balls")
	}
}

// staleSetup returns a tracker that has seen the cue ball and the 3 at rest
// for a second (60 fps), the time of its last frame, and the 3's track.
func staleSetup(t *testing.T) (*Tracker, float64, int) {
	t.Helper()
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 3}})
	if err != nil {
		t.Fatal(err)
	}
	end := identFrames(t, k, 0, 60, func(int) []Obs {
		return []Obs{
			{Ball: 0, At: P(600, 600), Confidence: 0.9, Class: ClassCue},
			{Ball: 3, At: P(1500, 300), Confidence: 0.9, Class: ClassSolid},
		}
	})
	for i := range k.tracks {
		if tr := &k.tracks[i]; tr.used && tr.ball == 3 {
			return k, end, i
		}
	}
	t.Fatal("no track holds ball 3")
	return nil, 0, -1
}
