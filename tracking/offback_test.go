package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// TestOffBack: the cue ball's track, lost on the open bed at 1.9 s rolling at
// 1.9 m/s towards the foot cushion, was told off the table. A new track that
// shows up where the ball could have rolled since, reads as the cue ball a
// dozen times and rolls on is the cue ball back in view: the off_table is
// withdrawn and no person asked (rule 1.23: a ball that comes back onto the
// bed by itself is not off the table). One born too far for the ball to have
// got there, or before the stroke, or one that never rolls from where it
// showed (an arm read as the cue ball), or a ball last seen at a cushion
// line (gone over it), stays for review; while the track still rolls
// without having shown it, nothing is decided, and if it is then lost (into
// a pocket), a person is asked. A track born before the first went holds the
// cue ball only if the first read surely as another ball since.
func TestOffBack(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	lost := P(2356, 1011)
	for _, c := range []struct {
		name       string
		last       table.Point // where the cue ball's first track was last seen, at 1.9 s
		born       float64     // when the track on the table started
		bornAt     table.Point // and where
		votes      float64     // its evidence for the cue ball
		at         table.Point // where it is now
		moving     bool
		wantCancel bool
		wantReview bool
	}{
		{"back in view, rolled on", lost, 2.28, P(2253, 550), 12, P(2100, 340), false, true, false},
		{"back in view, still rolling", lost, 2.28, P(2253, 550), 12, P(2100, 340), true, true, false},
		{"born too far for its speed", lost, 2.0, P(2253, 550), 12, P(2100, 340), false, false, true},
		{"born before the stroke", lost, 0.5, P(2253, 550), 12, P(2100, 340), false, false, true},
		{"never rolled from where it showed", lost, 2.28, P(2253, 550), 12, P(2260, 545), false, false, true},
		{"few reads, at rest", lost, 2.28, P(2253, 550), 4, P(2100, 340), false, false, true},
		{"few reads, rolling", lost, 2.28, P(2253, 550), 4, P(2100, 340), true, false, false},
		{"last seen at the cushion line", P(2520, 1011), 2.28, P(2253, 550), 12, P(2100, 340), false, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := offBackTracker(t, c.last, c.born, c.bornAt, c.votes, c.at, c.moving)
			k.backOnTable()
			if got := k.events[0].cancel; got != c.wantCancel {
				t.Errorf("off_table withdrawn %v, want %v", got, c.wantCancel)
			}
			if got := k.reviewWhy != ""; got != c.wantReview {
				t.Errorf("review %q, want one: %v", k.reviewWhy, c.wantReview)
			}
		})
	}
	// The track on the table born before the first went, near where the cue
	// ball stopped on the rack, while the first went on with rack balls'
	// detections.
	for _, c := range []struct {
		name       string
		sure       sureRead // the first track's latest sure read
		wantCancel bool
	}{
		{"born before, the first read another ball since", sureRead{ball: 10 + 1, t: 1.85}, true},
		{"born before, the first read another ball before it", sureRead{ball: 10 + 1, t: 1.7}, false},
		{"born before, the first still read as the cue ball", sureRead{ball: 0 + 1, t: 1.85}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := offBackTracker(t, lost, 1.8, P(1835, 652), 12, P(1700, 800), false)
			k.tracks[0].sure = c.sure
			k.backOnTable()
			if got := k.events[0].cancel; got != c.wantCancel {
				t.Errorf("off_table withdrawn %v, want %v", got, c.wantCancel)
			}
			if got := k.reviewWhy != ""; got == c.wantCancel {
				t.Errorf("review %q, want one: %v", k.reviewWhy, !c.wantCancel)
			}
		})
	}
	t.Run("waited on, then pocketed", func(t *testing.T) {
		k := offBackTracker(t, lost, 2.28, P(2253, 550), 4, P(2100, 340), true)
		k.backOnTable()
		if k.reviewWhy != "" || k.events[0].cancel {
			t.Fatalf("while it rolls: review %q, withdrawn %v; want neither", k.reviewWhy, k.events[0].cancel)
		}
		k.tracks[1].gone, k.tracks[1].moving = true, false
		k.backOnTable()
		if want := goneWhy(0, shot.OffTable); k.reviewWhy != want || k.events[0].cancel {
			t.Errorf("once it is gone: review %q, withdrawn %v; want %q, kept", k.reviewWhy, k.events[0].cancel, want)
		}
	})
}

// offBackTracker is a tracker in a shot struck at 1 s whose cue ball was told
// off the table at 1.9 s (its track last seen at last, rolling at 1.9 m/s),
// and a track on the table born at born at bornAt, now at at, holding the cue
// ball on votes.
func offBackTracker(t *testing.T, last table.Point, born float64, bornAt table.Point, votes float64, at table.Point, moving bool) *Tracker {
	t.Helper()
	k, err := New(Config{Table: tab9, FPS: 60, Balls: []int{0, 7, 9}})
	if err != nil {
		t.Fatal(err)
	}
	k.phase, k.strikeT, k.lastT = inShot, 1, 2.6
	v := table.Point{X: 1190, Y: -1480} // 1.9 m/s
	gone := track{used: true, confirmed: true, gone: true, goneT: 1.9, ball: -1, last: sample{1.9, last}}
	gone.seg = []sample{{1.8833, last.Sub(v.Scale(1.0 / 60))}, {1.9, last}}
	gone.fit = path{t0: 1.9, a: last, b: v, n: 2, lo: 1.8833, hi: 1.9}
	gone.votes[0] = 20
	on := track{used: true, confirmed: true, ball: 0, born: born, bornAt: bornAt, moving: moving, seen: true}
	on.rest, on.last = at, sample{2.6, at}
	on.votes[0] = votes
	k.tracks = append(k.tracks[:0], gone, on)
	k.events = append(k.events[:0], pevent{t: 1.9, kind: shot.OffTable, a: 0, ids: [2]int{0, -1}, still: -1})
	return k
}

// TestCueBackInView runs the tracker on the detector's view of a 10-ball pot
// (cueref bench --racks 2 --seed 6, 10ball shot 34). The cue ball, after
// sending ball 7 off the table, rolls towards the foot cushion and is unseen
// for over a third of a second (hidden, then missed) as it comes off it; it
// shows again 0.45 m on, on a new track, and rolls on to strike ball 9. Its
// first track, lost 155 mm from the cushion, was told off the table: the shot
// was flagged with cue_ball_off_table besides ball 7's off_table. Only ball 7
// may be told off the table, and the cue ball must end where it truly is.
func TestCueBackInView(t *testing.T) {
	fs := loadRendered(t, "testdata/cueunseen-10ball-s6-rendered.json.gz")
	// The truth: the cue ball stays on the bed, unseen a while; ball 7 leaves it.
	unseen, run, seven := 0, 0, false
	for i := range fs {
		if _, on := truthOf(&fs[i], 0); !on {
			t.Fatalf("testdata: cue ball off the bed at %.4f s; want it on the bed throughout", fs[i].T)
		}
		seen := false
		for _, o := range fs[i].Obs {
			seen = seen || int(o[0]) == 0
		}
		if run++; seen {
			run = 0
		}
		unseen = max(unseen, run)
		if _, on := truthOf(&fs[i], 7); !on {
			seven = true
		}
	}
	if unseen < 20 || !seven {
		t.Fatalf("testdata: cue ball unread at most %d frames in a row, ball 7 off the bed %v; want 20 or more, and true", unseen, seven)
	}
	end, _ := truthOf(&fs[len(fs)-1], 0)
	shots := renderedShots(t, fs)
	var s *shot.Shot
	for _, x := range shots {
		for _, e := range x.Events {
			if e.Kind == shot.OffTable && e.Ball == 7 {
				s = x
			}
		}
	}
	if s == nil {
		t.Fatalf("no shot tells ball 7 off the table; got %d shots", len(shots))
	}
	for _, e := range s.Events {
		if e.Kind == shot.OffTable && e.Ball == 0 {
			t.Errorf("cue ball told off the table at %.4f s, want it on the table:%s", e.T, fmtEvents(s.Events))
		}
	}
	if s.Review != nil && s.Review.Reason == goneWhy(0, shot.OffTable) {
		t.Errorf("shot flagged: %q, want the cue ball back on the table", s.Review.Reason)
	}
	if p, ok := s.After[0]; !ok || p.P().Dist(end) > 15 {
		t.Errorf("cue ball after the shot at %v (told %v), want within 15 mm of %v", p, ok, end)
	}
}

// TestCueStoppedOnRack runs the tracker on the detector's view of a
// 10-ball break (cueref bench --racks 2 --seed 2, 10ball shot 0). The cue ball
// hits the rack head on at 11 m/s and stops dead; its track, predicted on at
// break speed, took a rack ball's detection just ahead (read as a stripe)
// while the cue ball's own, read as the cue ball where it stopped, started a
// new track. The first track went on from ball to ball and, gone fast from the
// bed, was told off the table: cue_ball_off_table (rule 1.23), flagged, where
// the truth has the cue ball pocketed later (rule 1.18). The new track held
// the cue ball while the first read other balls: no off_table of the cue ball
// may be told, and its pocket must be.
func TestCueStoppedOnRack(t *testing.T) {
	fs := loadRendered(t, "testdata/breakstop-10ball-s2-rendered.json.gz")
	// The truth: the cue ball leaves the bed at a pocket, and no ball leaves it
	// elsewhere.
	var last table.Point
	gone := false
	for i := range fs {
		p, on := truthOf(&fs[i], 0)
		if !on {
			gone = true
			break
		}
		last = p
	}
	if _, d := tab9.NearestPocket(last); !gone || d > 2*tab9.BallR {
		t.Fatalf("testdata: cue ball gone %v, last on the bed at %v (%.0f mm from a pocket); want it pocketed", gone, last, d)
	}
	shots := renderedShots(t, fs)
	if len(shots) == 0 {
		t.Fatal("no shot told")
	}
	s := shots[0]
	pocketed := false
	for _, e := range s.Events {
		if e.Kind == shot.OffTable && e.Ball == 0 {
			t.Errorf("cue ball told off the table at %.4f s, want pocketed:%s", e.T, fmtEvents(s.Events))
		}
		if e.Kind == shot.Pocketed && e.Ball == 0 {
			pocketed = true
		}
	}
	if !pocketed {
		t.Errorf("the cue ball's pocket not told:%s", fmtEvents(s.Events))
	}
}

// TestCueTookUpRendered: rendered 14.1 break (sim seed 16, the current
// detector). The cue's blob, a nameless track moving along the stroke line,
// took the cue ball's first blurred reads; the cue ball's own track lost it
// two frames after the stroke and the cue ball was told off the table, a
// foul on a legal break, while the cue's track followed it into the rack and
// came to hold its number (cueTookUp). The truth (checked here) has the cue
// ball on the bed all through: the break may not tell it off the table, and
// must have the cue ball's first contact on the rack.
func TestCueTookUpRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/cuetook-14.1-s16-rendered.json.gz")
	wantOnBedInTruth(t, fs, 0)
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	if len(shots) == 0 {
		t.Fatal("no shot told; want the break")
	}
	s := shots[0]
	for _, e := range s.Events {
		if e.Kind == shot.OffTable {
			t.Errorf("ball %d told off the table at %.4f; want none (truth: all on the bed)", e.Ball, e.T)
		}
	}
	if firstOf(s) < 0 {
		t.Errorf("no first contact of the cue ball; events:%s", fmtEvents(s.Events))
	}
}
