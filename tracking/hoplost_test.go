package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestHopLostRendered: seed 37 14.1 (frames 109–154 s). Ball 10 rests 240
// mm from the foot-left corner from shot 14 to shot 20; at 121.5 s, between
// shots, its reads hop 40 mm and the detector loses it under the player's
// arm. It was not pocketed: at 121.75 s (before it would be taken for
// lifted) it rests where it stood, and it is on the table at the stroke of
// shot 16 (on the whole game, shot 20 meets it first, rule 3.8).
func TestHopLostRendered(t *testing.T) {
	fs := loadRendered(t, "testdata/hoplost-14.1-s37-rendered.json.gz")
	want := table.Point{X: 2483.71, Y: 237.48} // the simulator's
	k, err := New(Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	if err != nil {
		t.Fatal(err)
	}
	var obs []Obs
	for _, f := range fs {
		if f.T > 121.75 {
			break
		}
		if _, err := k.Push(f.T, f.obs(obs[:0])); err != nil {
			t.Fatal(err)
		}
	}
	found := false
	for _, b := range k.Balls(nil) {
		if b.Ball != 10 {
			continue
		}
		found = true
		if b.Gone || b.At.Dist(want) > 10 {
			t.Errorf("at 121.75 s got ball 10 %+v; want it at rest, not gone, within 10 mm of %v", b, want)
		}
	}
	if !found {
		t.Errorf("at 121.75 s got no ball 10; want it at rest at %v", want)
	}
	shots := renderedShotsOf(t, fs, Config{Table: tab9, FPS: 60, Balls: gameBalls(15)})
	s := shotNear(t, shots, 122.4036, 0.05)
	if p, ok := s.Before[10]; !ok || p.P().Dist(want) > 10 {
		t.Errorf("shot 16: got ball 10 at the stroke at %v (on the table %v); want within 10 mm of %v", p, ok, want)
	}
}
