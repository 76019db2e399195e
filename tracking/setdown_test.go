package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestSetDownNoStroke: rendered 8-ball, seed 74 (see setDownBefore). The cue
// ball in hand was set down 795 mm away at 220.90 s, and shot 27 was struck
// at 222.593 s. No shot may be told before that stroke, and that one must
// be told.
//
// The second fixture is the same frames read by a detector whose outline fit
// differed (hue edges for dim balls, tried in session 59): the track that
// held the set-down cue ball had no number yet when the record was made, and
// the no-stroke was missed, so a shot of nothing was told (for review).
// That track is the cue ball too: it rested, unnamed from the stroke on,
// where the cue ball ended, and no other ball can end where one rests.
func TestSetDownNoStroke(t *testing.T) {
	const stroke = 222.5926
	for _, file := range []string{"testdata/setdown-8ball-s74-rendered.json.gz", "testdata/setdown-8ball-s74-unnamed-rendered.json.gz"} {
		shots := renderedShotsOf(t, loadRendered(t, file), Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
		shotNear(t, shots, stroke, 0.05)
		for _, s := range shots {
			if *s.Start < stroke-0.05 {
				t.Errorf("%s: got a shot struck at %.4f s (review %v); want none before %.4f s; events:%s", file, *s.Start, s.Review, stroke, fmtEvents(absEvents(s)))
			}
		}
	}
}

// TestPlacesBefore: two tracks end with the cue ball's number, one of which
// held it at the stroke (the other carried it on since, see placesBefore).
// The shot record must put the cue ball where the one that held it rested,
// whatever the order in which a map gives them.
func TestPlacesBefore(t *testing.T) {
	for range 20 {
		k, err := New(Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
		if err != nil {
			t.Fatal(err)
		}
		k.tracks = make([]track, 6)
		for i := range k.tracks {
			k.tracks[i] = track{used: true, confirmed: true, ball: i + 2}
		}
		k.tracks[1].ball, k.tracks[4].ball = 0, 0
		k.before = map[int]table.Point{}
		k.beforeID = map[int]int{}
		for i := range k.tracks {
			k.before[i] = table.Point{X: 100 * float64(i+1), Y: 300}
			k.beforeID[i] = k.tracks[i].ball
		}
		k.beforeID[1] = -1 // not named at the stroke: it carried the cue ball on since
		rec := &shot.Shot{Before: shot.Positions{}}
		k.placesBefore(rec)
		if got, want := rec.Before[0].P(), k.before[4]; got != want {
			t.Fatalf("cue ball before at %v; want %v, where the track that held it rested", got, want)
		}
		if got, want := rec.Before[2].P(), k.before[0]; got != want {
			t.Fatalf("ball 2 before at %v; want %v", got, want)
		}
	}
}

// TestCueBeforeLiveTrack: the struck track ends with ball 5's number and the
// cue ball's is held by another track, as cueBefore swaps back; a track
// freed since (carried on into another) still carries the cue ball's number
// too. Ball 5 must be put where the live track holding the cue ball rested,
// whatever the order in which a map gives them.
func TestCueBeforeLiveTrack(t *testing.T) {
	for range 20 {
		k, err := New(Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
		if err != nil {
			t.Fatal(err)
		}
		k.tracks = []track{
			{used: true, confirmed: true, ball: 5},
			{used: true, confirmed: true, ball: 0},
			{used: false, ball: 0},
		}
		k.strikeTr = 0
		k.before = map[int]table.Point{0: {X: 300, Y: 300}, 1: {X: 1500, Y: 600}, 2: {X: 900, Y: 900}}
		k.beforeID = map[int]int{0: 0, 1: 5, 2: -1}
		rec := &shot.Shot{Before: shot.Positions{}}
		k.placesBefore(rec)
		k.cueBefore(rec)
		if got, want := rec.Before[0].P(), k.before[0]; got != want {
			t.Fatalf("cue ball before at %v; want %v, where the struck track rested", got, want)
		}
		if got, want := rec.Before[5].P(), k.before[1]; got != want {
			t.Fatalf("ball 5 before at %v; want %v, where the live track with the cue ball's number rested", got, want)
		}
	}
}
