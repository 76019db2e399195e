package tracking

import (
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// truthAt returns where the simulator's truth has ball b in the first frame
// of fs at or after time t, and whether it is on the bed there.
func truthAt(fs []renderedFrame, b int, t float64) (table.Point, bool) {
	for _, f := range fs {
		if f.T < t {
			continue
		}
		for _, x := range f.Truth {
			if int(x[0]) == b {
				return table.Point{X: x[1], Y: x[2]}, x[3] == 1
			}
		}
		return table.Point{}, false
	}
	return table.Point{}, false
}

// TestHiddenPotRendered runs the tracker on the detector's view of two pots
// whose contact and drop no frame shows well (rendered bench, seed 12):
//   - 8-ball shot 32: ball 7 rests in the FL mouth, where the detector reads
//     it only now and then (its track is taken for lifted before the stroke);
//     the cue ball, 70 mm away, strikes it 39 ms after the stroke under the
//     cue stick and it drops 37 ms later, read once on its way;
//   - 14.1 shot 19: ball 9, 210 mm from the HL pocket, struck from rest; a
//     false detection beside it as it sets off starts a track that takes up
//     its way into the pocket, while its own track waits at its spot.
//
// Both were no_contact fouls (rule 1.16) on legal pots, the first unflagged.
// The ball that left its spot, with the cue ball's way bent there, was struck
// by it: the record has the cue ball meet it first and it pocketed where the
// truth has it (vanish.go).
func TestHiddenPotRendered(t *testing.T) {
	for _, tc := range []struct {
		file   string
		balls  int
		stroke float64
		ball   int
		pocket string
	}{
		{"testdata/hiddenpot-8ball-s12-rendered.json.gz", 15, 245.9624, 7, "FL"},
		{"testdata/restcarry-14.1-s12-rendered.json.gz", 15, 162.0807, 9, "HL"},
	} {
		fs := loadRendered(t, tc.file)
		if _, on := truthAt(fs, tc.ball, tc.stroke); !on {
			t.Fatalf("%s: testdata: ball %d not on the bed at the stroke", tc.file, tc.ball)
		}
		if _, on := truthAt(fs, tc.ball, tc.stroke+1); on {
			t.Fatalf("%s: testdata: ball %d on the bed 1 s after the stroke; want it pocketed", tc.file, tc.ball)
		}
		got := shotAt(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(tc.balls)}, tc.stroke)
		i := firstOf(got)
		if i < 0 || got.Events[i].A+got.Events[i].B != tc.ball {
			t.Errorf("%s: first contact of the cue ball %d; want with ball %d (truth); events:%s", tc.file, i, tc.ball, fmtEvents(absEvents(got)))
			continue
		}
		potted := false
		for _, e := range got.Events {
			potted = potted || e.Kind == shot.Pocketed && e.Ball == tc.ball && e.Pocket == tc.pocket
		}
		if !potted {
			t.Errorf("%s: no pocket of ball %d in %s; want it (truth); events:%s", tc.file, tc.ball, tc.pocket, fmtEvents(absEvents(got)))
		}
	}
}

// TestHiddenPotNeeds builds the end of a shot in which no contact of the cue
// ball was told, with a ball taken for lifted in the FL mouth, and checks
// that its contact and pot are told only when every piece of evidence holds:
// the cue ball reached it and its way bent there, the ball rested in the
// mouth, and no track holds its number on the table.
func TestHiddenPotNeeds(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	if err != nil {
		t.Fatal(err)
	}
	fl := k.tab.Pocket(table.FL)
	// Ball 7 rests in the mouth, a radius and a half in from the pocket's
	// centre (or 400 mm further out); the cue ball comes at it along the same
	// line from 300 mm.
	in := fl.In.Scale(-1)
	mouth := fl.Center.Add(in.Scale(1.5 * k.R))
	far := mouth.Add(in.Scale(400))
	const t0 = 10.0
	// way returns the cue ball's detections: at 1.2 m/s towards spot until
	// it is stopAt mm from it, then on at after mm/s in the same direction, all
	// shifted side mm across the line.
	way := func(spot table.Point, stopAt, after, side float64) []sample {
		var log []sample
		across := table.Point{X: -in.Y, Y: in.X}.Scale(side)
		p, t := spot.Add(in.Scale(300)), t0
		for i := 0; i < 40; i++ {
			log = append(log, sample{t: t, p: p.Add(across)})
			v := 1200.0
			if p.Dist(spot) <= stopAt {
				v = after
			}
			p = p.Sub(in.Scale(v * k.dt))
			t += k.dt
		}
		return log
	}
	for _, c := range []struct {
		name     string
		log      []sample
		spot     table.Point
		held     bool // another track holds ball 7 on the table
		wantTold bool
		wantAsk  bool // no bend: not told, but asked
	}{
		{"stopped at it", way(mouth, 2*k.R+5, 100, 0), mouth, false, true, false},
		{"bounced back off it", way(mouth, 2*k.R+5, -300, 0), mouth, false, true, false},
		{"passed it 12 mm clear, keeping its way", way(mouth, 0, 1200, 2*k.R+12), mouth, false, false, true},
		{"passed it 30 mm clear, keeping its way", way(mouth, 0, 1200, 2*k.R+30), mouth, false, false, false},
		{"stopped 40 mm short", way(mouth, 2*k.R+40, 0, 0), mouth, false, false, false},
		{"stopped at it, ball on the table under another track", way(mouth, 2*k.R+5, 100, 0), mouth, true, false, false},
		{"stopped at it, 400 mm from the pocket", way(far, 2*k.R+5, 100, 0), far, false, false, false},
		{"stopped at it, ball last seen before the shot before", way(mouth, 2*k.R+5, 100, 0), mouth, false, false, false},
	} {
		k.phase = inShot
		k.events = k.events[:0]
		k.reviewWhy, k.reviewRead, k.reviewHid = "", nil, false
		k.strikeT = t0
		k.prevStrikeT = t0 - 5 // (ball 7 last seen 2 s before the stroke)
		if strings.Contains(c.name, "before the shot before") {
			k.prevStrikeT = t0 - 1
		}
		k.strikeTr = 0
		cue := track{used: true, confirmed: true, ball: 0, slog: c.log, moved: true}
		ball := track{used: true, confirmed: true, ball: 7, gone: true, lifted: true, goneT: t0 - 2, last: sample{t: t0 - 2, p: c.spot}}
		k.tracks = []track{cue, ball}
		if c.held {
			k.tracks = append(k.tracks, track{used: true, confirmed: true, ball: 7, rest: table.Point{X: 1000, Y: 600}})
		}
		k.before = map[int]table.Point{0: c.log[0].p}
		k.hiddenPot()
		contact, pot := false, false
		for _, e := range k.events {
			contact = contact || e.kind == shot.Contact && e.a+e.b == 1 && !e.cancel
			pot = pot || e.kind == shot.Pocketed && e.a == 1 && e.pocket == table.FL && !e.cancel
		}
		if contact != c.wantTold || pot != c.wantTold {
			t.Errorf("%s: contact %v pot %v; want %v", c.name, contact, pot, c.wantTold)
		}
		if asked := k.reviewWhy != ""; asked != c.wantAsk {
			t.Errorf("%s: doubt %q; want raised %v", c.name, k.reviewWhy, c.wantAsk)
		} else if asked && (!strings.Contains(k.reviewWhy, "ball 7") || !strings.Contains(k.reviewWhy, "FL")) {
			t.Errorf("%s: doubt %q; want it to name ball 7 and the FL pocket", c.name, k.reviewWhy)
		}
	}
}
