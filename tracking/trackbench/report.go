package trackbench

import (
	"fmt"
	"io"
	"slices"
	"sort"
)

// Print writes the report for people.
func (rep *Report) Print(w io.Writer) {
	fmt.Fprintf(w, "games %v, %d racks each, %.0f fps: %d shots (%d breaks), %d frames\n", rep.Games, rep.Racks, rep.FPS, rep.Shots, rep.Breaks, rep.Frames)
	fmt.Fprintf(w, "shots tracked %d of %d, extra %d, sent to review %d, breaking the contract %d\n", rep.ShotsMatched, rep.Shots, rep.ShotsExtra, rep.Reviews, rep.BadShots)
	if len(rep.ReviewReasons) > 0 {
		fmt.Fprintf(w, "review reasons:")
		for _, k := range byValue(rep.ReviewReasons) {
			fmt.Fprintf(w, " %d %q;", rep.ReviewReasons[k], k)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "pipeline: %.0f frames per CPU second; per frame p50 %.1f µs, p95 %.1f µs, p99 %.1f µs, max %.0f µs (%s time)\n",
		rep.FramesPerCPUSecond, rep.FrameUsP50, rep.FrameUsP95, rep.FrameUsP99, rep.FrameUsMax, rep.FrameClock)
	fmt.Fprintf(w, "pipeline wall-clock (with the machine's other load): per frame p50 %.1f µs, p95 %.1f µs, p99 %.1f µs\n",
		rep.FrameWallUsP50, rep.FrameWallUsP95, rep.FrameWallUsP99)
	if rep.DetectAloneFrames > 0 {
		fmt.Fprintf(w, "detector alone (the first game's first %d frames again, one core, the bench doing nothing else; %s time): per frame p50 %.1f µs, p95 %.1f µs, p99 %.1f µs (in the run, every core busy: %.1f, %.1f, %.1f µs)\n",
			rep.DetectAloneFrames, rep.FrameClock, rep.DetectAloneUsP50, rep.DetectAloneUsP95, rep.DetectAloneUsP99,
			rep.DetectSharedUsP50, rep.DetectSharedUsP95, rep.DetectSharedUsP99)
	}
	fmt.Fprintf(w, "live event delay: p50 %.2f frames, p95 %.2f frames", rep.EventDelayFramesP50, rep.EventDelayFramesP95)
	var ks []string
	for k := range rep.EventDelayByKind {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Fprintf(w, "; %s %.1f", k, rep.EventDelayByKind[k])
	}
	fmt.Fprintf(w, "\nfirst told (provisional or confirmed): p50 %.2f frames, p95 %.2f frames, within 2 frames %.1f%%", rep.FirstDelayFramesP50, rep.FirstDelayFramesP95, 100*rep.FirstWithin2)
	ks = ks[:0]
	for k := range rep.FirstDelayByKind {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Fprintf(w, "; %s %.1f", k, rep.FirstDelayByKind[k])
	}
	ft, fb := rep.FirstTrue, rep.FirstTrueBreaks
	fmt.Fprintf(w, "\nfirst told, events matching a true one: breaks left out p50 %.2f, p95 %.2f frames, within 2 frames %.1f%% (n=%d); breaks included p50 %.2f, p95 %.2f, within 2 %.1f%% (n=%d)",
		ft.P50, ft.P95, 100*ft.Within2, ft.N, fb.P50, fb.P95, 100*fb.Within2, fb.N)
	fs := rep.FirstSeen
	fmt.Fprintf(w, "\nfirst told, true events the camera showed (breaks left out; no ball of it hidden or undetected within 2 frames): p50 %.2f, p95 %.2f frames, within 2 frames %.1f%% (n=%d)",
		fs.P50, fs.P95, 100*fs.Within2, fs.N)
	fw := rep.FirstShown
	fmt.Fprintf(w, "\nfirst told, from the first frame that shows the true event (a ball of it seen %d mm off its way in; breaks included): p50 %.2f, p95 %.2f frames, within 2 frames %.1f%% (n=%d, %d never shown)",
		showDist, fw.P50, fw.P95, 100*fw.Within2, fw.N, rep.NeverShown)
	ks = ks[:0]
	for k := range rep.Provisional {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	fmt.Fprintf(w, "\nprovisional events (withdrawn):")
	for _, k := range ks {
		fmt.Fprintf(w, " %s %d (%d, %.1f%%)", k, rep.Provisional[k], rep.ProvisionalWithdrawn[k], 100*float64(rep.ProvisionalWithdrawn[k])/float64(max(1, rep.Provisional[k])))
	}
	fmt.Fprintln(w)
	rep.printLate(w)
	fmt.Fprintf(w, "shot record after the true rest: p50 %.0f ms, p95 %.0f ms; after its own stop event: p50 %.0f ms, p95 %.0f ms\n",
		rep.RestToShotMsP50, rep.RestToShotMsP95, rep.StopToShotMsP50, rep.StopToShotMsP95)
	printKinds := func(title string, m map[string]*KindScore) {
		fmt.Fprintf(w, "%s\n  %-10s %6s %6s %6s %8s %9s\n", title, "kind", "true", "found", "match", "recall", "precision")
		var kinds []string
		for k := range m {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		for _, k := range kinds {
			s := m[k]
			fmt.Fprintf(w, "  %-10s %6d %6d %6d %7.2f%% %8.2f%%\n", k, s.True, s.Found, s.Matched, 100*s.Recall, 100*s.Precision)
		}
	}
	printKinds("events, every shot:", rep.Events)
	printKinds("events, breaks left out:", rep.EventsNoBreak)
	rep.Rails.print(w)
	if len(rep.ContactTraits) > 0 {
		fmt.Fprintf(w, "true contacts by trait (simulator's truth; traits overlap):\n  %-38s %-23s   %-23s\n  %-38s %6s %6s %8s   %6s %6s %8s\n",
			"", "every shot", "breaks left out", "trait", "true", "missed", "recall", "true", "missed", "recall")
		recall := func(n, miss int) float64 {
			if n == 0 {
				return 1
			}
			return 1 - float64(miss)/float64(n)
		}
		for _, c := range rep.ContactTraits {
			fmt.Fprintf(w, "  %-38s %6d %6d %7.2f%%   %6d %6d %7.2f%%\n", c.Trait, c.True, c.Missed, 100*recall(c.True, c.Missed),
				c.TrueNoBreak, c.MissedNoBreak, 100*recall(c.TrueNoBreak, c.MissedNoBreak))
		}
		printCounts(w, "missed contacts by cause (first that applies):", rep.ContactMissCause)
		printCounts(w, "false contacts by cause:", rep.ContactFalseCause)
		o := rep.ObservableContacts
		fmt.Fprintf(w, "observable contacts (breaks left out; Δv ≥ 30 mm/s and not touching a frame before): recall %.2f%% (%d of %d)\n",
			100*float64(o.Matched)/float64(max(1, o.True)), o.Matched, o.True)
	}
	fmt.Fprintf(w, "contact time error (incoming ≥ 1 m/s, n=%d): p50 %.2f ms, p95 %.2f ms; median signed %+.2f ms\n", rep.ContactErrN, rep.ContactErrMsP50, rep.ContactErrMsP95, rep.ContactBiasMs)
	printCtime(w, rep)
	fmt.Fprintf(w, "first contact correct: %.2f%% of %d shots (breaks left out); %.2f%% of %d with the breaks\n", 100*rep.FirstContactCorrect, rep.FirstContactN, 100*rep.FirstContactAll, rep.FirstContactAllN)
	fmt.Fprintf(w, "ruling agreement: %.2f%% of %d shots; differing without a review flag: %d\n", 100*rep.RulingAgreement, rep.RulingN, rep.RulingUnflagged)
	if rep.ShotsExtra > 0 {
		fmt.Fprintf(w, "  of them %d tracked where no shot was played (each a ruling the truth never made); %d more such the rules rejected\n", rep.ShotsExtra-rep.ExtraRejected, rep.ExtraRejected)
	}
	fmt.Fprintf(w, "reviews: %d needless (the tracked ruling is the true one), %d differing; doubts judged %d, not asked (the ruling is alike either way) %d\n",
		rep.ReviewsNeedless, rep.ReviewsDiffering, rep.DoubtsJudged, rep.DoubtsAlike)
	rep.RailRests.print(w)
	fmt.Fprintf(w, "identity: IDF1 %.4f, ID switches %d\n", rep.IDF1, rep.IDSwitches)
	fmt.Fprintf(w, "tracker alone (with its judge; %s time): p50 %.1f µs, p99 %.1f µs per frame\n", rep.FrameClock, rep.TrackUsP50, rep.TrackUsP99)
	fmt.Fprintf(w, "detections: recall %.4f, precision %.4f, position error %.2f mm RMS\n", rep.DetRecall, rep.DetPrecision, rep.DetPosErrRMS)
	fmt.Fprintf(w, "  %-11s %8s %7s %8s %8s %8s %7s\n", "speed", "balls", "recall", "err mm", "number", "wrong#", "streak")
	for _, b := range speedBins {
		if d := rep.Detection[b.name]; d != nil {
			fmt.Fprintf(w, "  %-11s %8d %6.1f%% %8.2f %7.1f%% %7.1f%% %6.1f%%\n", b.name, d.Balls, 100*d.Recall, d.ErrRMS, 100*d.Numbered, 100*d.WrongNum, 100*d.Moving)
		}
	}
	if len(rep.RestErrByBall) > 0 {
		balls := byValue(rep.RestErrByBall)
		fmt.Fprintf(w, "  at rest, the balls read worst (error RMS):")
		for _, b := range balls[:min(3, len(balls))] {
			fmt.Fprintf(w, " %s %.2f mm;", b, rep.RestErrByBall[b])
		}
		fmt.Fprintf(w, " the best: %s %.2f mm\n", balls[len(balls)-1], rep.RestErrByBall[balls[len(balls)-1]])
	}
	if len(rep.MovingRecallByBall) > 0 {
		balls := byValue(rep.MovingRecallByBall)
		slices.Reverse(balls)
		fmt.Fprintf(w, "  moving, the balls found least (recall):")
		for _, b := range balls[:min(3, len(balls))] {
			fmt.Fprintf(w, " %s %.1f%%;", b, 100*rep.MovingRecallByBall[b])
		}
		fmt.Fprintf(w, " the best: %s %.1f%%\n", balls[len(balls)-1], 100*rep.MovingRecallByBall[balls[len(balls)-1]])
	}
	for i, d := range rep.Disagreements {
		if i == 40 {
			fmt.Fprintf(w, "  … %d more (see --json)\n", len(rep.Disagreements)-i)
			break
		}
		fmt.Fprintf(w, "  - %s\n", d)
	}

}

// printCounts prints counts by name, largest first.
func printCounts(w io.Writer, title string, m map[string]int) {
	fmt.Fprintf(w, "%s", title)
	for _, k := range byValue(m) {
		fmt.Fprintf(w, " %d %s;", m[k], k)
	}
	fmt.Fprintln(w)
}

// byValue returns m's keys, largest value first (ties by key).
func byValue[V int | float64](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := m[keys[i]], m[keys[j]]
		return a > b || a == b && keys[i] < keys[j]
	})
	return keys
}
