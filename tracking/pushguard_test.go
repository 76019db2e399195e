package tracking

import (
	"math"
	"testing"

	"github.com/cueref/cueref/shot"
)

// TestPushScale checks the noise scale of a push's fit: nominal (1) while the
// best misfit is within its degrees of freedom, the reduced misfit beyond.
func TestPushScale(t *testing.T) {
	for _, c := range []struct {
		bc   float64
		n    int
		want float64
	}{
		{bc: 6.8, n: 26, want: 1},   // fits to the noise
		{bc: 24, n: 26, want: 1},    // exactly its degrees of freedom
		{bc: 81, n: 22, want: 4.05}, // four times the noise variance
		{bc: 50, n: 2, want: 1},     // no degrees of freedom left: nominal
	} {
		if got := pushScale(c.bc, c.n); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("pushScale(%g, %d) = %g, want %g", c.bc, c.n, got, c.want)
		}
	}
}

// TestSlowPushKeptRendered runs the tracker on the detector's view of four
// slow contacts of a moving ball with one at rest (rendered bench): each is
// first timed within 16 ms of the truth, and the end of the shot's wide look
// (retimePushes) moved it 35–90 ms off, to where a model of a ball at rest,
// then sliding straight out, fitted the struck ball's detections better by
// more than pushGain in units of their nominal noise. In three the best
// misfit was 2–4 times the number of detections: the model did not hold
// there, and the gain was noise; in the fourth the struck ball was still
// rolling to a stop when it was met (pushguard.go). Each contact must be told
// once, within the bench's 30 ms of the truth.
func TestSlowPushKeptRendered(t *testing.T) {
	for _, c := range []struct {
		file         string
		stroke, tc   float64
		a, b         int
		speedStriker string
	}{
		// 8-ball shot 24, seed 4: the cue ball at 100 mm/s meets ball 15.
		{"testdata/slowpush-8ball-s4-rendered.json.gz", 181.6952, 184.3443, 0, 15, "100 mm/s"},
		// 9-ball shot 4, seed 6: ball 3 at 114 mm/s meets ball 4.
		{"testdata/slowpush-9ball-s6-rendered.json.gz", 31.1477, 35.1858, 3, 4, "114 mm/s"},
		// 14.1 shot 4, seed 3: the cue ball at 168 mm/s meets ball 6.
		{"testdata/slowpush-14.1-s3-rendered.json.gz", 31.6466, 32.4998, 0, 6, "168 mm/s"},
		// 8-ball shot 2, seed 6: ball 11 at 81 mm/s meets ball 1, which
		// still rolls at 20 mm/s from their contact 0.8 s before.
		{"testdata/creeppush-8ball-s6-rendered.json.gz", 21.4243, 24.5698, 1, 11, "81 mm/s"},
	} {
		got := shotStruckAt(t, loadRendered(t, c.file), c.stroke)
		n := 0
		for _, e := range absEvents(got) {
			if e.Kind != shot.Contact || !(e.A == c.a && e.B == c.b || e.A == c.b && e.B == c.a) || math.Abs(e.T-c.tc) > 0.2 {
				continue
			}
			n++
			if math.Abs(e.T-c.tc) > 0.03 {
				t.Errorf("%s: contact %d-%d at %.4f, want within 30 ms of %.4f (striker at %s)", c.file, c.a, c.b, e.T, c.tc, c.speedStriker)
			}
		}
		if n != 1 {
			t.Errorf("%s: got %d contacts %d-%d near %.4f, want 1: %s", c.file, n, c.a, c.b, c.tc, fmtEvents(absEvents(got)))
		}
	}
}
