package tracking

import (
	"math"
	"strings"
	"testing"

	"github.com/cueref/cueref/table"
)

func TestRejectsBadFrames(t *testing.T) {
	k, err := New(Config{Table: tab9})
	if err != nil {
		t.Fatal(err)
	}
	good := []Obs{{Ball: 0, At: table.Point{X: 600, Y: 600}, Confidence: 0.9}}
	if _, err := k.Push(1.0, good); err != nil {
		t.Fatalf("good frame: %v", err)
	}
	for _, tc := range []struct {
		name string
		t    float64
		obs  []Obs
		want string
	}{
		{"time not after the last", 1.0, good, "not after"},
		{"time backwards", 0.5, good, "not after"},
		{"time NaN", math.NaN(), good, "not a number"},
		{"ball 16", 2, []Obs{{Ball: 16, At: table.Point{X: 1, Y: 1}}}, "ball 16"},
		{"position NaN", 2, []Obs{{Ball: 1, At: table.Point{X: math.NaN(), Y: 1}}}, "not a number"},
		{"confidence 2", 2, []Obs{{Ball: 1, At: table.Point{X: 5, Y: 5}, Confidence: 2}}, "confidence"},
		{"class 9", 2, []Obs{{Ball: 1, At: table.Point{X: 5, Y: 5}, Class: 9}}, "class"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := k.Push(tc.t, tc.obs)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "tracking: ") {
				t.Errorf("got error %v, want one with %q", err, tc.want)
			}
		})
	}
	// The rejected frames changed nothing: the next good frame is accepted and
	// the ball is still where it was.
	if _, err := k.Push(1.1, good); err != nil {
		t.Fatalf("good frame after rejected ones: %v", err)
	}
	if _, err := k.Push(1.2, good); err != nil {
		t.Fatal(err)
	}
	balls := k.Balls(nil)
	if len(balls) != 1 || balls[0].At.Dist(good[0].At) > 1e-9 {
		t.Errorf("balls %+v, want one at %v", balls, good[0].At)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"no table", Config{}, "tracking: "},
		{"fps", Config{Table: tab9, FPS: 5}, "frame rate"},
		{"noise", Config{Table: tab9, Sigma: -1}, "noise"},
		{"rest bias", Config{Table: tab9, RestBias: 60}, "rest bias"},
		{"rest bias NaN", Config{Table: tab9, RestBias: math.NaN()}, "rest bias"},
		{"ball", Config{Table: tab9, Balls: []int{0, 16}}, "ball 16"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an error with %q", err, tc.want)
			}
		})
	}
}
