package tracking

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestOffAtStrokeRendered: the eight was pocketed long before, and no track had
// it at the stroke. A blob on the rail by a pocket (a sleeve, a bridge hand)
// read as the eight at 0.9 to 1 for a frame or two, went on into the pocket's
// mouth, and was told pocketed a second time. The shot must not pocket the
// eight, and must tell the pockets the simulator had.
func TestOffAtStrokeRendered(t *testing.T) {
	for _, c := range []struct {
		name   string
		file   string
		balls  int
		stroke float64
		want   []int // balls the simulator pocketed in the shot
	}{
		{"9-ball, seed 76, shot 11, by the head-left pocket", "testdata/offstroke-9ball-s76-rendered.json.gz", 9, 94.9006, nil},
		{"10-ball, seed 76, shot 47, by the right side pocket", "testdata/offstroke-10ball-s76-rendered.json.gz", 10, 401.7195, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := renderedShot(t, c.file, c.balls, c.stroke)
			if _, ok := s.Before[8]; ok {
				t.Errorf("got the eight on the table at the stroke, at %v; want it off", s.Before[8])
			}
			noPocket(t, s, 8, "in its pocket from before the stroke")
			var got []int
			for _, e := range s.Events {
				if e.Kind == shot.Pocketed {
					got = append(got, e.Ball)
				}
			}
			if len(got) != len(c.want) {
				t.Errorf("got balls %v pocketed, want %v; events:%s", got, c.want, fmtEvents(absEvents(s)))
			}
		})
	}
}
