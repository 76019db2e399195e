package web

// End-to-end tests in headless Chromium (Debian's /usr/bin/chromium, driven by
// chromedp). They FAIL when Chromium is missing: scripts/install-deps installs it.
// Run with -docs to write the screenshots to ../docs.

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	mqtt "github.com/eclipse/paho.mqtt.golang"

	"github.com/cueref/cueref/internal/mosquittotest"
	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

var writeDocs = flag.Bool("docs", false, "write the screenshots of the three views to ../docs")

// chromium is Debian's Chromium; CUEREF_CHROMIUM overrides it.
func chromium(t testing.TB) string {
	t.Helper()
	path := os.Getenv("CUEREF_CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("web: the browser tests need Chromium at %s (apt-get install chromium, or set CUEREF_CHROMIUM): %v", path, err)
	}
	return path
}

// newBrowser starts a headless Chromium with a fresh profile and returns a tab.
func newBrowser(t testing.TB) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("font-render-hinting", "none"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// waitJS polls a JS expression until it returns true (10 s).
func waitJS(t testing.TB, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	var ok bool
	for time.Now().Before(deadline) {
		var err error
		if ok, err = chromedp.Run(ctx, chromedp.Evaluate[bool](expr)); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok {
			return
		}
		time.Sleep(40 * time.Millisecond)
	}
	t.Fatalf("%s: not true within 10 s: %s", what, expr)
}

// waitText waits until the element's text contains want.
func waitText(t testing.TB, ctx context.Context, sel, want string) {
	t.Helper()
	js := fmt.Sprintf(`(function(){var e=document.querySelector(%q);return !!e && e.textContent.indexOf(%q)>=0;})()`, sel, want)
	deadline := time.Now().Add(10 * time.Second)
	var ok bool
	for time.Now().Before(deadline) {
		var err error
		if ok, err = chromedp.Run(ctx, chromedp.Evaluate[bool](js)); err != nil {
			t.Fatalf("waiting for %q in %s: %v", want, sel, err)
		}
		if ok {
			return
		}
		time.Sleep(40 * time.Millisecond)
	}
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(function(){var e=document.querySelector(%q);return e?e.textContent:"<no element>";})()`, sel)))
	t.Fatalf("%s: got %q, want it to contain %q", sel, got, want)
}

func text(t testing.TB, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(function(){var e=document.querySelector(%q);return e?e.textContent:"";})()`, sel)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testReferee is the test's referee: the real rules engine behind the command sink,
// as the daemon wires it (commands and tracker records go through one engine).
type testReferee struct {
	mu   sync.Mutex
	e    *rules.Engine
	s    *Server
	seq  int
	cmds int
}

func (r *testReferee) apply(rec shot.Record) shot.Ruling {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	ru := r.e.Apply(r.seq, rec)
	r.s.Record(rec)
	r.s.Ruling(ru)
	return ru
}

func (r *testReferee) command(ctx context.Context, raw []byte) (bool, int, error) {
	rec, err := shot.Decode(raw, 0)
	if err != nil {
		return false, 0, err
	}
	r.mu.Lock()
	r.cmds++
	r.mu.Unlock()
	ru := r.apply(rec)
	if ru.Kind == shot.KindError {
		err := fmt.Errorf("%s", ru.Error)
		r.s.Result("", ru.Seq, err)
		return false, ru.Seq, err
	}
	r.s.Result("", ru.Seq, nil)
	return true, ru.Seq, nil
}

func records(t testing.TB, name string) []shot.Record {
	t.Helper()
	var out []shot.Record
	for _, j := range judge(t, rules.New(), readTestdata(t, name), 1) {
		out = append(out, j.rec)
	}
	return out
}

func screenshot(t testing.TB, ctx context.Context) []byte {
	t.Helper()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func saveDoc(t testing.TB, name string, png []byte) {
	t.Helper()
	if !*writeDocs {
		return
	}
	if err := os.MkdirAll("../docs", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("../docs", name), png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote docs/%s (%d bytes)", name, len(png))
}

func TestBrowserTableView(t *testing.T) {
	ctx := newBrowser(t)
	s, ts := newTestServer(t, Config{Table: "t3", Hall: "Club 147", Token: "tok-147"})
	ref := &testReferee{e: rules.New(), s: s}
	s.SetCommandSink(ref.command)
	recs := records(t, "ninegame.jsonl")
	ref.apply(recs[0]) // game
	ref.apply(recs[1]) // Anna's break: the 3 drops
	s.Status(true, 29.97)

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 1000), chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#p0name", "Anna")
	waitText(t, ctx, "#p1name", "Boris")
	waitText(t, ctx, "#lastcall", "Anna (break): legal, the 3 scored")
	waitText(t, ctx, "#p0turn", "AT THE TABLE")
	waitText(t, ctx, "#meta", "race to 3")
	waitText(t, ctx, "#health", "camera OK")
	waitText(t, ctx, "#ontable", "ball on: 1")
	s.Event(shot.Event{Kind: shot.Strike, Ball: 0})
	s.Event(shot.Event{T: 0.4, Kind: shot.Contact, A: 0, B: 2})
	s.Event(shot.Event{T: 1.1, Kind: shot.RailHit, Ball: 2, Rail: "right"})
	waitText(t, ctx, "#live", "Live: stroke · contact 0–2 · ball 2 → right rail")

	// A foul: the last call and the fouls in a row change.
	ref.apply(recs[2])
	waitText(t, ctx, "#lastcall", "rule 3.8")
	waitText(t, ctx, "#lastkind", "FOUL")
	waitText(t, ctx, "#foullist", "FOUL: wrong ball hit first (rule 3.8)")
	waitText(t, ctx, "#p0fouls", "Fouls in a row: 1")
	waitText(t, ctx, "#inhand", "ANYWHERE ON THE TABLE")
	waitText(t, ctx, "#p1turn", "AT THE TABLE")
	after := map[int]table.Point{}
	for n, p := range recs[2].(*shot.Shot).After {
		after[n] = p.P()
	}
	s.Positions(8.2, after)
	waitJS(t, ctx, "balls drawn", fmt.Sprintf(`document.querySelectorAll("#topview g.ball").length===%d`, len(after)))
	saveDoc(t, "scoreboard-table.png", screenshot(t, ctx))

	// Boris sinks the 9: the score changes and the rack is filed.
	ref.apply(recs[3])
	waitText(t, ctx, "#p1score", "1")
	waitText(t, ctx, "#lastcall", "Boris wins the rack")
	waitText(t, ctx, "#over", "RACK OVER")
	waitText(t, ctx, "#history", "won by Boris")
	if got := text(t, ctx, "#p0score"); got != "0" {
		t.Errorf("Anna's racks: got %q, want 0", got)
	}

	// A page opened now shows the state at once.
	ctx2, cancel2 := chromedp.NewContext(ctx)
	defer cancel2()
	start := time.Now()
	if err := chromedp.Do(ctx2, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx2, "#p1score", "1")
	waitText(t, ctx2, "#lastcall", "Boris wins the rack")
	t.Logf("a new page showed the state %v after navigating", time.Since(start).Round(time.Millisecond))
	cancel2()

	// The referee panel: without the token the call is rejected and never reaches
	// the referee.
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#callballs button[data-ball="1"]`)),
		chromedp.Click(chromedp.CSS(`.pocketbtn[data-pocket="FL"]`)),
	); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#sendcall", "Call ball 1 → FL")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#sendcall"))); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#cmdresult", "401")
	ref.mu.Lock()
	if ref.cmds != 0 {
		t.Fatalf("the referee got %d commands without a token, want 0", ref.cmds)
	}
	ref.mu.Unlock()

	// With the token (entered once, kept in localStorage) the call is applied.
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#tokeninput"), "tok-147"),
		chromedp.Click(chromedp.CSS("#savetoken")),
	); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "token kept", `localStorage.getItem("cueref.token./")==="tok-147"`)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#sendcall"))); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#cmdresult", "call accepted")
	waitText(t, ctx, "#pending", "Called: ball 1 in the foot left pocket (FL)")
	waitText(t, ctx, "#lastcall", "Boris calls the 1 in FL")
	ref.mu.Lock()
	if ref.cmds != 1 {
		t.Errorf("the referee got %d commands, want 1", ref.cmds)
	}
	ref.mu.Unlock()

	// A safety from the panel, then the live top view and the restore aid: ball 5
	// hung on FR's edge and fell (rule 1.25) and must go back.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#safety"))); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#pending", "Called: safety")
	ref.apply(&shot.Settle{Ball: 5, Pocket: "FR", From: &shot.Point{2480, 1210}})
	live := map[int]table.Point{0: {X: 520, Y: 610}}
	for i, p := range table.MustNew("9ft").Diamond() {
		live[[]int{1, 2, 3, 4, 9, 6, 7, 8, 10}[i]] = p
	}
	delete(live, 10)
	delete(live, 9) // the 9 went down
	delete(live, 3)
	live[5] = table.Point{X: 2468, Y: 1210} // 12 mm from its mark
	s.Positions(12.5, live)
	waitJS(t, ctx, "balls drawn", `document.querySelectorAll("#topview g.ball").length===8`)
	waitText(t, ctx, "#restore", "put back ball 5: ✗ 12 mm off")
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS("#panel"))); err != nil {
		t.Fatal(err)
	}
	panel := screenshot(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0,0)`)); err != nil {
		t.Fatal(err)
	}
	saveDoc(t, "scoreboard-restore.png", screenshot(t, ctx))
	saveDoc(t, "scoreboard-panel.png", panel)
	live[5] = table.Point{X: 2478, Y: 1211}
	s.Positions(13, live)
	waitText(t, ctx, "#restore", "put back ball 5: ✓ in place")
	waitJS(t, ctx, "green mark", `document.querySelectorAll("#topview circle.mark.ok").length===1`)

	// Camera lost: the lamp says so in words.
	s.Status(false, 0)
	waitText(t, ctx, "#health", "CAMERA LOST")
}

// TestBrowserStripes checks that stripes are drawn as stripes and that every object
// ball carries its number.
func TestBrowserStripes(t *testing.T) {
	ctx := newBrowser(t)
	s, ts := newTestServer(t, Config{Table: "t1"})
	balls := map[int]table.Point{}
	for n := 0; n <= 15; n++ {
		balls[n] = table.Point{X: 150 + float64(n)*140, Y: 635}
	}
	s.Positions(1, balls)
	// An 8-ball board with the groups taken (the engine's game ruling, groups set
	// by hand: only the display is under test here).
	r := judge(t, rules.New(), []byte(`{"type":"game","game":"8ball","players":["Chen","Dana"],"race":5}`+"\n"), 1)[0].ruling
	r.Groups = map[string]string{"Chen": "solids", "Dana": "stripes"}
	s.Ruling(r)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#p0group", "Solids 1–7")
	waitText(t, ctx, "#p1group", "Stripes 9–15")
	waitJS(t, ctx, "no-call button in 8-ball", `!document.getElementById("nocall").hidden`)
	waitJS(t, ctx, "16 balls", `document.querySelectorAll("#topview g.ball").length===16`)
	type drawn struct {
		Stripes []int
		Numbers []string
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[drawn](`(function(){
		var st=[], nums=[];
		document.querySelectorAll("#topview g.ball").forEach(function(g){
			if (g.querySelector("rect")) st.push(+g.getAttribute("data-ball"));
			var t=g.querySelector("text"); nums.push(t?t.textContent:"");
		});
		return {Stripes: st, Numbers: nums};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got.Stripes) != "[9 10 11 12 13 14 15]" {
		t.Errorf("balls drawn with a band: got %v, want 9…15", got.Stripes)
	}
	want := []string{""}
	for n := 1; n <= 15; n++ {
		want = append(want, fmt.Sprint(n))
	}
	if fmt.Sprint(got.Numbers) != fmt.Sprint(want) {
		t.Errorf("numbers on balls: got %q, want %q", got.Numbers, want)
	}
}

func TestBrowserOverlay(t *testing.T) {
	ctx := newBrowser(t)
	s, ts := newTestServer(t, Config{Table: "t3"})
	ref := &testReferee{e: rules.New(), s: s}
	recs := records(t, "ninegame.jsonl")
	for _, r := range recs[:3] {
		ref.apply(r)
	}
	s.Status(true, 30)
	live := map[int]table.Point{0: {X: 1450, Y: 780}, 1: {X: 2300, Y: 300}, 2: {X: 1700, Y: 1150}, 4: {X: 2400, Y: 1100},
		5: {X: 900, Y: 1000}, 6: {X: 1800, Y: 200}, 7: {X: 2200, Y: 700}, 8: {X: 1400, Y: 600}, 9: {X: 2000, Y: 1000}}
	s.Positions(3, live)
	// Chromium paints white where a page has no background; the override makes
	// that transparent, as OBS's browser source does. (A is omitted from the JSON
	// when zero, so a tiny alpha stands for zero.)
	transparent := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetDefaultBackgroundColorOverride,
			emulation.SetDefaultBackgroundColorOverrideParams{Color: &cdp.RGBA{A: 1e-6}})
		return err
	})
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1920, 1080), transparent, chromedp.Navigate(ts.URL+"/overlay"))
	if err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#p1name", "Boris")
	waitText(t, ctx, "#lastcall", "rule 3.8")
	waitJS(t, ctx, "balls drawn", `document.querySelectorAll("#topview g.ball").length===9`)
	type colors struct{ HTML, Body string }
	bg, err := chromedp.Run(ctx, chromedp.Evaluate[colors](`({HTML: getComputedStyle(document.documentElement).backgroundColor, Body: getComputedStyle(document.body).backgroundColor})`))
	if err != nil {
		t.Fatal(err)
	}
	if bg.HTML != "rgba(0, 0, 0, 0)" || bg.Body != "rgba(0, 0, 0, 0)" {
		t.Errorf("overlay background: html %q body %q, want both rgba(0, 0, 0, 0)", bg.HTML, bg.Body)
	}
	b := screenshot(t, ctx)
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got.X != 1920 || got.Y != 1080 {
		t.Errorf("screenshot: got %v, want 1920×1080", got)
	}
	// The middle of the picture is the stream: fully transparent. The score bar at
	// the bottom is not.
	if _, _, _, a := img.At(960, 400).RGBA(); a != 0 {
		t.Errorf("pixel (960,400): alpha %d, want 0 (transparent)", a>>8)
	}
	type point struct{ X, Y float64 }
	bar, err := chromedp.Run(ctx, chromedp.Evaluate[point](`(function(){var r=document.querySelector(".ov-bar").getBoundingClientRect();return {X:r.left+8,Y:r.top+r.height/2};})()`))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, a := img.At(int(bar.X), int(bar.Y)).RGBA(); a>>8 < 200 {
		t.Errorf("score bar pixel (%v,%v): alpha %d, want opaque", bar.X, bar.Y, a>>8)
	}
	saveDoc(t, "scoreboard-overlay.png", onCheckerboard(t, img))
}

// onCheckerboard composes an image with transparency over a grey checkerboard, as
// image editors show transparency, for the docs.
func onCheckerboard(t testing.TB, img image.Image) []byte {
	t.Helper()
	r := img.Bounds()
	out := image.NewRGBA(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBA{0x9a, 0x9a, 0x9a, 0xff}
			if (x/40+y/40)%2 == 0 {
				c = color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
			}
			out.SetRGBA(x, y, c)
		}
	}
	draw.Draw(out, r, img, r.Min, draw.Over)
	var buf bytes.Buffer
	if err := png.Encode(&buf, out); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func publish(t testing.TB, c mqtt.Client, topic string, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if tok := c.Publish(topic, 1, true, b); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("publish %s: %v", topic, tok.Error())
	}
}

func TestBrowserHall(t *testing.T) {
	broker := mosquittotest.Start(t, mosquittotest.Options{}).URL()
	ctx := newBrowser(t)

	// Two tables publish before the hall starts: it finds them by their retained
	// messages.
	js := judge(t, rules.New(), readTestdata(t, "ninegame.jsonl"), 1)
	t1 := mosquittotest.Connect(t, broker, "ref-t1")
	publish(t, t1, "cueref/club/t1/state", js[2].ruling)
	publish(t, t1, "cueref/club/t1/status", map[string]any{"state": "online", "camera": "ok", "fps": 29.9})
	e2 := rules.New()
	eight := judge(t, e2, []byte(`{"type":"game","game":"8ball","players":["Chen","Dana"],"race":5}`+"\n"), 1)
	t2 := mosquittotest.Connect(t, broker, "ref-t2")
	publish(t, t2, "cueref/club/t2/state", eight[0].ruling)
	publish(t, t2, "cueref/club/t2/status", map[string]any{"state": "offline", "camera": "unknown"})
	// Another hall's table is not shown.
	publish(t, t2, "cueref/other/t9/status", map[string]any{"state": "online"})

	h, err := NewHall(HallConfig{Prefix: "cueref/club"})
	if err != nil {
		t.Fatal(err)
	}
	disconnect, err := h.Connect(broker)
	if err != nil {
		t.Fatal(err)
	}
	defer disconnect()
	ts := httptest.NewServer(h.Handler())
	defer func() { h.Close(); ts.Close() }() // end the page's event stream first

	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 800), chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, "two tables", `document.querySelectorAll("article.tcard").length===2`)
	waitText(t, ctx, `article[data-table="t1"]`, "▶ Boris")
	waitText(t, ctx, `article[data-table="t1"]`, "rule 3.8")
	waitText(t, ctx, `article[data-table="t1"]`, "LIVE")
	waitText(t, ctx, `article[data-table="t2"]`, "OFFLINE")
	waitText(t, ctx, `article[data-table="t2"]`, "Chen")
	waitJS(t, ctx, "t2 greyed out", `document.querySelector('article[data-table="t2"]').classList.contains("offline") && !document.querySelector('article[data-table="t1"]').classList.contains("offline")`)
	waitText(t, ctx, "#broker", "broker connected")

	// Live: t1's next ruling reaches the page through the hall's event stream.
	publish(t, t1, "cueref/club/t1/state", js[3].ruling)
	waitText(t, ctx, `article[data-table="t1"]`, "Boris wins the rack")
	waitJS(t, ctx, "Boris 1", `Array.from(document.querySelectorAll('article[data-table="t1"] .sc')).map(function(e){return e.textContent}).join(",")==="0,1"`)
	publish(t, t2, "cueref/club/t2/status", map[string]any{"state": "online", "camera": "ok", "fps": 30})
	waitJS(t, ctx, "t2 back", `!document.querySelector('article[data-table="t2"]').classList.contains("offline")`)
	publish(t, t2, "cueref/club/t2/status", map[string]any{"state": "offline", "camera": "unknown"})
	waitJS(t, ctx, "t2 offline again", `document.querySelector('article[data-table="t2"]').classList.contains("offline")`)
	saveDoc(t, "scoreboard-hall.png", screenshot(t, ctx))
	if strings.Contains(text(t, ctx, "#grid"), "t9") {
		t.Error("a table of another hall is shown")
	}
}
