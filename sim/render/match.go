package render

import (
	"errors"
	"fmt"

	"github.com/cueref/cueref/sim"
	"github.com/cueref/cueref/table"
)

// NewVideo renders the match m played on cfg.Table (the zero value: 9 ft; it must
// be the table the match was played on). It lays out the timeline of the match's shots — for each, some aiming
// time with the shooter's arm and cue moving in, the stroke, the motion and
// restTime seconds after the last ball stops; balls in hand and spotted balls
// are placed early in the aim — and prepares the renderer. Close it when done.
func NewVideo(m *sim.Match, cfg Config) (*Video, error) {
	if m == nil || len(m.Shots) == 0 {
		return nil, errors.New("render: the match has no shots")
	}
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	t := cfg.Table
	if t.L == 0 {
		t = table.MustNew("9ft")
	}
	clips := make([]clipSource, len(m.Shots))
	for i, s := range m.Shots {
		if s == nil || s.Motion == nil {
			return nil, fmt.Errorf("render: shot %d has no motion", i)
		}
		clips[i] = clipSource{motion: s.Motion, shooter: s.Shooter, angle: s.Stroke.Angle, speed: s.Stroke.Speed * 1000, stroke: true}
	}
	return newVideo(t, clips, cfg)
}
