package tracking

import (
	"testing"

	"github.com/cueref/cueref/table"
)

// TestReturnMisread: balls taken off after a rack and racked again. The first
// detection of the new head ball carries a wrong number (that of a ball of
// the last rack, now racked elsewhere), so the head ball takes that ball's old
// track. The readings at the new spots must name both balls rightly before
// the break, however long the old track was read as the other ball; and a
// ball put back and read rightly keeps its number.
func TestReturnMisread(t *testing.T) {
	P := func(x, y float64) table.Point { return table.Point{X: x, Y: y} }
	const fps = 120
	cue := Obs{Ball: 0, At: P(600, 600), Confidence: 0.9, Class: ClassCue}
	two := Obs{Ball: 2, At: P(1000, 1000), Confidence: 0.9, Class: ClassSolid}
	oldOne, oldThree := P(1800, 900), P(1500, 300) // the last rack's end
	head, other := P(1905, 635), P(2100, 500)      // the new rack
	for _, c := range []struct {
		name      string
		firstRead int // the number on the head ball's first detection
		wantHead  int
		wantOther int
	}{
		{"head ball first read as another ball", 3, 1, 3},
		{"head ball read rightly", 1, 1, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, err := New(Config{Table: tab9, FPS: fps, Balls: []int{0, 1, 2, 3}})
			if err != nil {
				t.Fatal(err)
			}
			const (
				played  = 20 * fps // the last rack: read again and again
				off     = fps      // taken off the table
				racked  = fps      // racked again, until the break
				nFrames = played + off + racked
			)
			for f := 0; f < nFrames; f++ {
				obs := []Obs{cue, two}
				switch {
				case f < played:
					obs = append(obs, Obs{Ball: 1, At: oldOne, Confidence: 0.9, Class: ClassSolid},
						Obs{Ball: 3, At: oldThree, Confidence: 0.9, Class: ClassSolid})
				case f == played+off:
					obs = append(obs, Obs{Ball: c.firstRead, At: head, Confidence: 0.9, Class: ClassSolid})
				case f > played+off && f%3 == 0:
					// A racked ball is seen now and then (the detector
					// cannot split the rack), and read rightly.
					obs = append(obs, Obs{Ball: 1, At: head, Confidence: 0.9, Class: ClassSolid},
						Obs{Ball: 3, At: other, Confidence: 0.9, Class: ClassSolid})
				}
				if _, err := k.Push(float64(f)/fps, obs); err != nil {
					t.Fatal(err)
				}
			}
			got := map[table.Point]int{head: -2, other: -2}
			for _, b := range k.Balls(nil) {
				for p := range got {
					if !b.Gone && b.At.Dist(p) < 5 {
						got[p] = b.Ball
					}
				}
			}
			if got[head] != c.wantHead || got[other] != c.wantOther {
				t.Errorf("head ball named %d, want %d; other ball named %d, want %d (−2: no track); balls %+v",
					got[head], c.wantHead, got[other], c.wantOther, k.Balls(nil))
			}
		})
	}
}
