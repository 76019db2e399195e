package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cueref/cueref/shot"
)

func TestTrackAndBenchFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"track"}, "--calib is required"},
		{[]string{"track", "--calib", "x.yaml"}, "want one video file"},
		{[]string{"track", "--calib", "x.yaml", "--rules", "snooker", "v.avi"}, "--rules"},
		{[]string{"track", "--calib", "x.yaml", "--players", "Anna", "v.avi"}, "--players"},
		{[]string{"bench", "--fps", "50"}, "--fps 50"},
		{[]string{"bench", "--games", "pool"}, "unknown game"},
		{[]string{"bench", "--cloth", "purple"}, `--cloth "purple": want one of green, blue, red`},
		{[]string{"bench", "extra"}, "unexpected arguments"},
		{[]string{"bench", "--fixture", "f.json.gz", "--from", "1", "--to", "2"}, "--fixture needs one game, and --cache or --no-render"},
		{[]string{"bench", "--fixture", "f.json.gz", "--games", "9ball", "--from", "1", "--to", "2"}, "--fixture needs one game, and --cache or --no-render"},
		{[]string{"bench", "--fixture", "f.json.gz", "--cache", "d", "--games", "9ball", "--from", "2", "--to", "1"}, "--to 1 must come after --from 2"},
	} {
		var out, errb bytes.Buffer
		code := runMain(context.Background(), tc.args, nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"track", "--calib", filepath.Join(t.TempDir(), "none.yaml"), "v.avi"}, nil, &out, &errb); code != 1 {
		t.Errorf("missing calibration: exit %d, want 1 (stderr %q)", code, errb.String())
	}
}

// TestBenchNoRenderQuick runs the tracker-only bench and checks the report's JSON:
// every shot played was scored, and the figures are in range.
func TestBenchNoRenderQuick(t *testing.T) {
	var out, errb bytes.Buffer
	code := runMain(context.Background(), []string{"bench", "--no-render", "--quick", "--json", "--games", "9ball"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Mode            string  `json:"mode"`
		Shots           int     `json:"shots"`
		ShotsMatched    int     `json:"shots_matched"`
		RulingN         int     `json:"ruling_n"`
		RulingAgreement float64 `json:"ruling_agreement"`
		Events          map[string]struct {
			True   int     `json:"true"`
			Recall float64 `json:"recall"`
		} `json:"events"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, out.String())
	}
	if rep.Mode != "no-render" || rep.Shots < 20 || rep.RulingN != rep.Shots {
		t.Errorf("mode %q, %d shots, %d rulings compared; want no-render, ≥ 20 shots, all compared", rep.Mode, rep.Shots, rep.RulingN)
	}
	if rep.ShotsMatched < rep.Shots*9/10 {
		t.Errorf("only %d of %d shots tracked", rep.ShotsMatched, rep.Shots)
	}
	if s := rep.Events["strike"]; s.True != rep.Shots || s.Recall < 0.9 {
		t.Errorf("strike: %d true, recall %.2f; want %d and ≥ 0.9", s.True, s.Recall, rep.Shots)
	}
	if rep.RulingAgreement < 0.7 || rep.RulingAgreement > 1 {
		t.Errorf("ruling agreement %.3f out of the expected range", rep.RulingAgreement)
	}
}

// TestTrackRenderedVideo renders the first two shots of a simulated 9-ball rack
// with `cueref sim`, tracks the video with `cueref track --rules 9ball`, and
// checks that the output is a shot log of the contract with rulings.
func TestTrackRenderedVideo(t *testing.T) {
	if testing.Short() {
		t.Skip("renders and tracks a video (about a minute)")
	}
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := runMain(context.Background(), []string{"sim", "--game", "9ball", "--max-shots", "2", "--seed", "4", "--out", dir}, nil, &out, &errb); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	code := runMain(context.Background(), []string{"track", "--calib", filepath.Join(dir, "calibration.yaml"), "--rules", "9ball",
		"--players", "Anna,Boris", filepath.Join(dir, "video.avi")}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("track: exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	shots, rulings := 0, 0
	for i, l := range lines {
		if strings.HasPrefix(l, `{"seq"`) {
			var r shot.Ruling
			if err := json.Unmarshal([]byte(l), &r); err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			if r.Kind == shot.KindError {
				t.Errorf("line %d: the rules rejected the record before: %s", i+1, r.Error)
			}
			rulings++
			continue
		}
		rec, err := shot.Decode([]byte(l), i+1)
		if err != nil {
			t.Fatalf("line %d is neither a ruling nor a record of the contract: %v\n%s", i+1, err, l)
		}
		if s, ok := rec.(*shot.Shot); ok {
			shots++
			if s.Events[0].Kind != shot.Strike || s.Start == nil {
				t.Errorf("shot at line %d: first event %s, start %v; want a strike and a start", i+1, s.Events[0].Kind, s.Start)
			}
		}
	}
	if shots < 1 || rulings != shots+1 {
		t.Errorf("%d shots and %d rulings in the output; want at least one shot and a ruling for each record (game + shots)\n%s", shots, rulings, out.String())
	}
}
