package pipeline

import (
	"testing"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// judgeFunc is a tracking.Judge from a function.
type judgeFunc func(rec *shot.Shot, alts []*shot.Shot) bool

func (f judgeFunc) Alike(rec *shot.Shot, alts []*shot.Shot) bool { return f(rec, alts) }

// The track stage's tracker (made again when the stage restarts) is given
// the configured judge, as cueref run gives it the referee's.
func TestTrackerGetsTheJudge(t *testing.T) {
	asked := 0
	j := judgeFunc(func(*shot.Shot, []*shot.Shot) bool { asked++; return true })
	tc := trackerConfig(Config{Calibration: &calibration.Calibration{Table: table.MustNew("9ft")}, FPS: 60, Judge: j})
	if tc.Judge == nil {
		t.Fatal("tracker config has no judge, want the pipeline's")
	}
	if !tc.Judge.Alike(nil, nil) || asked != 1 {
		t.Errorf("the tracker's judge is not the pipeline's: asked %d times, want 1", asked)
	}
	if tc := trackerConfig(Config{Calibration: &calibration.Calibration{Table: table.MustNew("9ft")}}); tc.Judge != nil {
		t.Errorf("tracker config without a judge got %v, want none", tc.Judge)
	}
}
