package trackbench

import (
	"fmt"
	"os"
	"testing"
)

// TestAgainstSimulatorTruth plays two racks of each game through the simulator,
// makes detections from the true motion with the failings of cueref's detector
// (DefaultCamera), and checks the tracker's events (breaks left out), contact
// times, first contacts, identities and the rulings of its shot log against the
// truth. The thresholds are floors just under what the tracker reaches today (see
// BenchmarkNoRender for the figures); the project's targets are higher.
func TestAgainstSimulatorTruth(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 8 racks")
	}
	rep, err := Run(Config{Racks: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Shots < 150 {
		t.Fatalf("only %d shots played", rep.Shots)
	}
	for _, c := range []struct {
		kind              string
		recall, precision float64
	}{
		{"strike", 0.99, 0.99},
		{"stop", 0.99, 0.99},
		// Slow contacts (a ball nudged off at a few cm/s) are found since
		// issue 5's second pass: recall 0.81 → 0.84 here, at the cost of a few
		// cluster contacts paired wrongly (precision 0.986 → 0.967 on this
		// sample; 0.947 → 0.959 over the 1,391 shots of `cueref bench
		// --no-render`).
		{"contact", 0.83, 0.96},
		// Cushions met just after a contact, grazed, or reached at a crawl
		// are found since issue 5's third pass: 0.93 → 0.967 here.
		{"rail", 0.95, 0.99},
		{"pocket", 0.97, 0.99},
	} {
		s := rep.EventsNoBreak[c.kind]
		if s == nil {
			t.Errorf("%s: no events scored", c.kind)
			continue
		}
		if s.Recall < c.recall || s.Precision < c.precision {
			t.Errorf("%s: recall %.3f precision %.3f, want at least %.2f and %.2f", c.kind, s.Recall, s.Precision, c.recall, c.precision)
		}
	}
	if rep.FirstContactCorrect < 0.99 {
		t.Errorf("first contact correct %.3f, want ≥ 0.99", rep.FirstContactCorrect)
	}
	if rep.RulingAgreement < 0.96 {
		t.Errorf("ruling agreement %.3f, want ≥ 0.96", rep.RulingAgreement)
	}
	if rep.RulingUnflagged > 6 {
		t.Errorf("%d rulings differ from the truth's without a review flag, want at most 6", rep.RulingUnflagged)
	}
	// Shots sent to a person: at most 3 % (an honest flag, not a blanket one).
	if rep.Reviews > rep.Shots*3/100 {
		t.Errorf("%d of %d shots sent to review, want at most 3%%", rep.Reviews, rep.Shots)
	}
	// Live events: the stroke and the pockets are told, provisionally, within
	// two frames, and a provisional strike is hardly ever withdrawn.
	for _, k := range []string{"strike", "pocket"} {
		if d, ok := rep.FirstDelayByKind[k]; !ok || d > 2+1e-6 {
			t.Errorf("%s first told %.1f frames after it (p95), want ≤ 2", k, d)
		}
	}
	if n, w := rep.Provisional["strike"], rep.ProvisionalWithdrawn["strike"]; n < rep.Shots/2 || w > n/50 {
		t.Errorf("%d provisional strikes, %d withdrawn: want at least one for half the %d shots, at most 2%% withdrawn", n, w, rep.Shots)
	}
	// The simulator's players never touch a ball: every touch event is a false
	// foul (an unexplained start with weak evidence goes to review instead).
	if s := rep.EventsNoBreak["touch"]; s != nil && s.Found > 1 {
		t.Errorf("%d touch events, want at most 1 (the truth has none)", s.Found)
	}
	if rep.BadShots > 0 {
		t.Errorf("%d shots break the contract (no strike first, or events out of order)", rep.BadShots)
	}
	if rep.ContactErrN < 100 || rep.ContactErrMsP50 > 1.5 || rep.ContactErrMsP95 > 4.5 {
		t.Errorf("contact time error p50 %.2f ms p95 %.2f ms over %d contacts, want ≤ 1.5 and ≤ 4.5 ms over ≥ 100",
			rep.ContactErrMsP50, rep.ContactErrMsP95, rep.ContactErrN)
	}
	if rep.IDF1 < 0.99 {
		t.Errorf("IDF1 %.4f, want ≥ 0.99", rep.IDF1)
	}
	if rep.ShotsMatched < rep.Shots-6 || rep.ShotsExtra > 3 {
		t.Errorf("shots tracked %d of %d, extra %d", rep.ShotsMatched, rep.Shots, rep.ShotsExtra)
	}
}

// BenchmarkNoRender reports the tracker's accuracy and speed on two racks of each
// game (true motion, the detector's failings modelled, no renderer).
func BenchmarkNoRender(b *testing.B) {
	var rep *Report
	for i := 0; i < b.N; i++ {
		var err error
		if rep, err = Run(Config{Racks: 2, Seed: 3}); err != nil {
			b.Fatal(err)
		}
	}
	nb := rep.EventsNoBreak
	b.ReportMetric(100*nb["contact"].Recall, "contact-recall%")
	b.ReportMetric(100*nb["contact"].Precision, "contact-precision%")
	b.ReportMetric(100*nb["rail"].Recall, "rail-recall%")
	b.ReportMetric(100*nb["pocket"].Recall, "pocket-recall%")
	b.ReportMetric(rep.ContactErrMsP95, "contact-ms-p95")
	b.ReportMetric(100*rep.FirstContactCorrect, "first-contact%")
	b.ReportMetric(100*rep.RulingAgreement, "ruling%")
	b.ReportMetric(rep.FirstTrueBreaks.P95, "frames-told-p95")
	b.ReportMetric(rep.FirstShown.P95, "frames-from-shown-p95")
	b.ReportMetric(rep.TrackUsP50, "µs/frame-p50")
	b.ReportMetric(rep.TrackUsP99, "µs/frame-p99")
}

// TestDiagTrace prints the tracker's decisions and outputs on one game next to the
// truth, for work on the tracker: DIAGGAME=9ball go test -run DiagTrace -v.
func TestDiagTrace(t *testing.T) {
	g := os.Getenv("DIAGGAME")
	if g == "" {
		t.Skip("a diagnostic printout: set DIAGGAME to a game to run it")
	}
	cfg := Config{Games: []string{g}, Racks: 2, Seed: 3 + int64(indexOf(g))*1000}
	cfg.Trace = func(f string, a ...any) { fmt.Printf(f+"\n", a...) }
	rep, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rep.Print(os.Stdout)
}

func indexOf(g string) int {
	for i, x := range allGames {
		if x == g {
			return i
		}
	}
	return 0
}
