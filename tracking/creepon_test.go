package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// 9-ball pot (bench seed 23, rendered, shot 12): the cue ball crawls into the
// head-left corner after the pot and is taken for at rest before it stops;
// seen moving again 0.3 s after the shot ended, it began a shot of its own,
// ruled a no-contact foul (creepon.go). The truth has two strokes in the
// fixture, at 89.21 s and 95.26 s: the shots told must be those two.
func TestCreepOnNoShotRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/creepon-9ball-s23-rendered.json.gz")
	strokes := truthCueStrokes(fs)
	at924 := truthCueAt(fs, 92.4)
	var crawl float64 // how far the cue ball goes in the truth from 92.4 s on
	for _, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) == 0 && f.T >= 92.4 {
				crawl = max(crawl, table.Point{X: x[1], Y: x[2]}.Dist(at924))
			}
		}
	}
	if len(strokes) != 2 || strokes[0] > 89.3 || strokes[1] < 95.2 {
		t.Fatalf("testdata: cue ball strokes at %v; want two, at about 89.21 s and 95.26 s", strokes)
	}
	if crawl < 5 {
		t.Fatalf("testdata: the cue ball goes %.1f mm after 92.4 s; want it still crawling then (5 mm or more)", crawl)
	}
	shots := renderedShots(t, fs)
	wantShotsAt(t, shots, strokes)
}

// wantShotsAt fails the test unless shots are one for each of the two
// strokes, each struck within 50 ms of it.
func wantShotsAt(t *testing.T, shots []*shot.Shot, strokes []float64) {
	t.Helper()
	if len(shots) != 2 {
		for _, s := range shots {
			t.Logf("told: shot struck at %.3f s with %d events", *s.Start, len(s.Events))
		}
		t.Fatalf("got %d shots told; want 2, struck at %.3f s and %.3f s", len(shots), strokes[0], strokes[1])
	}
	for i, s := range shots {
		if d := *s.Start - strokes[i]; d < -0.05 || d > 0.05 {
			t.Errorf("shot %d struck at %.3f s; want %.3f s", i, *s.Start, strokes[i])
		}
	}
}

// truthCueStrokes returns the strokes of the simulator's truth in fs: the cue
// ball's first move after half a second or more still (fs begins with it at
// rest).
func truthCueStrokes(fs []renderedFrame) []float64 {
	var strokes []float64
	var prev table.Point
	lastMove := fs[0].T
	for i, f := range fs {
		for _, x := range f.Truth {
			if int(x[0]) != 0 {
				continue
			}
			p := table.Point{X: x[1], Y: x[2]}
			if i > 0 && p.Dist(prev) > 0.05 {
				if f.T-lastMove >= 0.5 {
					strokes = append(strokes, f.T)
				}
				lastMove = f.T
			}
			prev = p
		}
	}
	return strokes
}

// truthCueAt returns where the truth has the cue ball in the first frame of
// fs at or after t.
func truthCueAt(fs []renderedFrame, t float64) table.Point {
	for _, f := range fs {
		if f.T < t {
			continue
		}
		for _, x := range f.Truth {
			if int(x[0]) == 0 {
				return table.Point{X: x[1], Y: x[2]}
			}
		}
	}
	return table.Point{}
}
