package tracking

import (
	"fmt"
	"testing"

	"github.com/cueref/cueref/table"
)

// TestOnFreeLine: the cue ball's centre at the contact told lies on the line
// through its own detections whatever error its rest point had, and off it when
// the cue ball turned before it got there.
func TestOnFreeLine(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	// A straight way from (0, 0) along (0.85, -0.53), detected every 13 mm
	// with ±1.5 mm of noise across it; the rest point's error shifts every
	// point seen from it.
	u := table.Point{X: 0.848, Y: -0.530}
	n := table.Point{X: -u.Y, Y: u.X}
	noise := []float64{1.2, -0.8, 0.3, -1.5, 0.9, -0.2, 1.4, -1.1, 0.5, -0.6}
	at := func(s, h float64, restErr table.Point) table.Point {
		return u.Scale(s).Add(n.Scale(h)).Sub(restErr)
	}
	tests := []struct {
		restErr table.Point // where the rest point was seen, off the true one
		off     float64     // the contact's cue centre, off the straight way (mm)
		want    bool
	}{
		{table.Point{}, 0, true},
		{table.Point{X: 17, Y: -25}, 0, true}, // a rest point seen 30 mm off, by a cushion
		{table.Point{X: 17, Y: -25}, 2, true},
		{table.Point{}, 25, false}, // turned on the way: it is not where the line goes
		{table.Point{X: 17, Y: -25}, -25, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%v", tt.restErr, tt.off), func(t *testing.T) {
			var use []table.Point
			for i := range 40 {
				use = append(use, at(100+13*float64(i), noise[i%len(noise)], tt.restErr))
			}
			v := at(800, tt.off, tt.restErr)
			if got := k.onFreeLine(cueWay{u: u, use: use}, v); got != tt.want {
				t.Errorf("onFreeLine: got %v, want %v", got, tt.want)
			}
		})
	}
}

// TestReadAs: the object ball a track's readings name most often; the cue
// ball's readings and no readings name none.
func TestReadAs(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		votes map[int]float64
		want  int
	}{
		{map[int]float64{}, -1},
		{map[int]float64{0: 300}, -1},
		{map[int]float64{0: 16, 13: 0, 14: 217}, 14},
		{map[int]float64{0: 118, 11: 0.05, 15: 278}, 15},
		{map[int]float64{6: 286, 14: 6}, 6},
	}
	for _, tt := range tests {
		k.tracks = []track{{}}
		for b, v := range tt.votes {
			k.tracks[0].votes[b] = v
		}
		if got := k.readAs(0); got != tt.want {
			t.Errorf("readAs(%v): got %d, want %d", tt.votes, got, tt.want)
		}
	}
}

// TestBackLately: only a track that came back, or took a gone ball's number,
// within backFresh of the time asked about is fresh.
func TestBackLately(t *testing.T) {
	k, err := New(Config{Table: tab9, FPS: 60})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		backT, tookDownT, t float64
		want                bool
	}{
		{0, 0, 1, false}, // never came back
		{202.05, 0, 203.04, true},
		{202.05, 0, 202.05 + backFresh + 0.1, false},
		{0, 69.94, 70.16, true}, // took a pocketed ball's number (tookdown_test.go)
		{0, 69.94, 69.94 + backFresh + 0.1, false},
	}
	for _, tt := range tests {
		k.tracks = []track{{backT: tt.backT, tookDownT: tt.tookDownT}}
		if got := k.backLately(0, tt.t); got != tt.want {
			t.Errorf("backLately(back %v, took a gone ball's number %v, at %v): got %v, want %v", tt.backT, tt.tookDownT, tt.t, got, tt.want)
		}
	}
}
