package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/cueref/cueref/config"
)

func runFreeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// runLogBuf is a log sink safe for the runProc's goroutines.
type runLogBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *runLogBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *runLogBuf) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

type runProc struct {
	cfg    *config.Config
	cancel context.CancelFunc
	done   chan error
	log    *runLogBuf
}

func startRunProc(t *testing.T, cfg *config.Config, newMatch bool) *runProc {
	t.Helper()
	d := &runProc{cfg: cfg, done: make(chan error, 1), log: &runLogBuf{}}
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel = cancel
	go func() { d.done <- run(ctx, cfg, newMatch, slog.New(slog.NewTextHandler(d.log, nil))) }()
	runWaitUntil(t, func() bool {
		resp, err := http.Get("http://" + cfg.HTTP.Listen + "/healthz")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil
	})
	return d
}

func (d *runProc) stop(t *testing.T) {
	t.Helper()
	d.cancel()
	select {
	case err := <-d.done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("run returned %v, want context.Canceled (a clean stop)", err)
		}
	case <-time.After(10 * time.Second):
		buf := make([]byte, 1<<20)
		t.Fatalf("run did not stop; goroutines:\n%s", buf[:runtime.Stack(buf, true)])
	}
}

func runWaitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func runGetJSON(t *testing.T, url string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return resp.StatusCode, body
}

// The runProc end to end, without the frame pipeline: systemd notify, /healthz,
// commands over real MQTT through the embedded broker, /metrics, a clean stop,
// and a restart that restores the match from the journal.
func TestRunDaemon(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "notify.sock")
	notify, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer notify.Close()
	t.Setenv("NOTIFY_SOCKET", sock)
	t.Setenv("WATCHDOG_USEC", "200000")
	t.Setenv("WATCHDOG_PID", "")

	// A camera that cannot be read (a file that is not a video): the eye keeps
	// retrying with the camera lost, and the rest of the daemon works.
	video := filepath.Join(dir, "table.mp4")
	os.WriteFile(video, []byte("not a video"), 0o644)
	calib := filepath.Join(dir, "calibration.yaml")
	os.WriteFile(calib, []byte("table: 9ft\nimage_size: [1280, 720]\ncorners_px:\n  head_left: [100, 100]\n  head_right: [100, 620]\n  foot_right: [1180, 620]\n  foot_left: [1180, 100]\n"), 0o644)
	cfg := config.Default()
	cfg.StateDir = filepath.Join(dir, "state")
	cfg.Source.Input = video
	cfg.Calibration = calib
	cfg.HTTP.Listen = runFreeAddr(t)
	cfg.MQTT.Listen = runFreeAddr(t)
	cfg.MQTT.WSListen = ""
	cfg.GPIO.Backend = "console"
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	d := startRunProc(t, cfg, false)

	// systemd hears READY=1 and then watchdog pings.
	got := map[string]bool{}
	buf := make([]byte, 256)
	notify.SetReadDeadline(time.Now().Add(5 * time.Second))
	for !(got["READY=1"] && got["WATCHDOG=1"]) {
		n, err := notify.Read(buf)
		if err != nil {
			t.Fatalf("notify socket: %v (got %v)", err, got)
		}
		for _, l := range strings.Split(string(buf[:n]), "\n") {
			got[l] = true
		}
	}

	// No camera yet: 503, though the referee is alive.
	code, body := runGetJSON(t, "http://"+cfg.HTTP.Listen+"/healthz")
	if code != http.StatusServiceUnavailable || (body["camera"] != "none" && body["camera"] != "lost") || body["referee"].(map[string]any)["alive"] != true {
		t.Errorf("healthz without a camera: got %d %v, want 503, camera none or lost, referee alive", code, body)
	}

	// Commands over MQTT.
	prefix := cfg.MQTT.Prefix + "/"
	cl := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + cfg.MQTT.Listen).SetClientID("run-test"))
	if tok := cl.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("mqtt connect: %v", tok.Error())
	}
	defer cl.Disconnect(100)
	results := make(chan map[string]any, 16)
	rulings := make(chan map[string]any, 16)
	sub := func(topic string, ch chan map[string]any) {
		tok := cl.Subscribe(prefix+topic, 1, func(_ paho.Client, m paho.Message) {
			var v map[string]any
			json.Unmarshal(m.Payload(), &v)
			ch <- v
		})
		if !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
			t.Fatalf("subscribe %s: %v", topic, tok.Error())
		}
	}
	sub("cmd/result", results)
	sub("ruling", rulings)
	// The feed publishes its (retained) status once it has subscribed to cmd.
	status := make(chan map[string]any, 16)
	sub("status", status)
	select {
	case st := <-status:
		if st["state"] != "online" || (st["camera"] != "none" && st["camera"] != "lost") {
			t.Errorf("status: got %v, want online with camera none or lost", st)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no status published")
	}
	send := func(payload string) map[string]any {
		t.Helper()
		cl.Publish(prefix+"cmd", 1, false, payload).WaitTimeout(5 * time.Second)
		select {
		case r := <-results:
			return r
		case <-time.After(5 * time.Second):
			t.Fatalf("no result for %s", payload)
			return nil
		}
	}
	r := send(`{"type":"game","game":"8ball","players":["Vera","Gleb"],"id":"m1"}`)
	if r["ok"] != true || r["seq"] != 1.0 || r["id"] != "m1" {
		t.Errorf("game command: got %v, want ok seq 1 id m1", r)
	}
	select {
	case ru := <-rulings:
		if ru["kind"] != "game" || ru["seq"] != 1.0 {
			t.Errorf("ruling: got %v", ru)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no ruling published")
	}
	if r := send(`{"type":"call","ball":3,"pocket":"FR"}`); r["ok"] != true || r["seq"] != 2.0 {
		t.Errorf("call command: got %v, want ok seq 2", r)
	}
	if r := send(`{"type":"decision","choice":"shrug","id":"m3"}`); r["ok"] != false || r["seq"] != nil || !strings.Contains(r["error"].(string), "unknown choice") {
		t.Errorf("bad command: got %v, want refused without a seq", r)
	}

	// /metrics counts them.
	resp, err := http.Get("http://" + cfg.HTTP.Listen + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`cueref_commands_total{result="ok",source="mqtt"} 2`,
		`cueref_commands_total{result="malformed",source="mqtt"} 1`,
		`cueref_rulings_total{kind="game"} 1`,
		`cueref_journal_records 2`,
		`cueref_mqtt_connected 1`,
		`cueref_mqtt_queue_depth`,
		`cueref_mqtt_reconnects_total 0`,
	} {
		if !strings.Contains(string(m), want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if !strings.Contains(d.log.String(), `msg="lamp ready on"`) {
		t.Errorf("console lamps: no \"lamp ready on\" line in the log:\n%s", d.log.String())
	}
	d.stop(t)
	if got, _ := notify.Read(buf); !strings.Contains(string(buf[:got]), "STOPPING=1") {
		// Watchdog pings may come first; read on until STOPPING.
		found := false
		for i := 0; i < 20 && !found; i++ {
			n, err := notify.Read(buf)
			if err != nil {
				break
			}
			found = strings.Contains(string(buf[:n]), "STOPPING=1")
		}
		if !found {
			t.Error("no STOPPING=1 on stop")
		}
	}

	// Restart over the same state directory: the match and the held call are back.
	d = startRunProc(t, cfg, false)
	_, body = runGetJSON(t, "http://"+cfg.HTTP.Listen+"/healthz")
	if body["seq"] != 2.0 || body["game"] != "8ball" {
		t.Errorf("after restart: got %v, want seq 2 game 8ball", body)
	}
	d.stop(t)

	// --new-match: a fresh journal, the old one kept beside it.
	d = startRunProc(t, cfg, true)
	_, body = runGetJSON(t, "http://"+cfg.HTTP.Listen+"/healthz")
	if body["seq"] != 0.0 || body["game"] != "" {
		t.Errorf("after --new-match: got %v, want seq 0 and no game", body)
	}
	d.stop(t)
	old, _ := filepath.Glob(filepath.Join(cfg.StateDir, "match-*.jsonl"))
	if len(old) != 1 {
		t.Fatalf("rotated journals: %v, want one", old)
	}
	if data, _ := os.ReadFile(old[0]); strings.Count(string(data), "\n") != 2 {
		t.Errorf("the rotated journal holds %q, want the two records", data)
	}
}

// A configuration with errors stops run before anything starts, listing them all.
func TestRunBadConfig(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(path, []byte("mqtt:\n  brokr: x\ngpio:\n  backend: pigpio\n"), 0o644)
	var out, errb bytes.Buffer
	code := runMain(context.Background(), []string{"run", "--config", path}, nil, &out, &errb)
	want := []string{
		"2 configuration error(s):",
		path + `: line 2: unknown key "brokr" in mqtt (did you mean "broker"?)`,
		path + `: line 4: gpio.backend: unknown backend "pigpio" (want periph, console or none)`,
	}
	for _, w := range want {
		if !strings.Contains(errb.String(), w) {
			t.Errorf("stderr lacks %q:\n%s", w, errb.String())
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
}

func TestCheckConfig(t *testing.T) {
	tests := []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"check-config", "../../configs/cueref.yaml"}, 0, "../../configs/cueref.yaml: ok\n"},
		{[]string{"check-config", "../../config/testdata/typo.yaml"}, 1,
			"../../config/testdata/typo.yaml: line 12: unknown key \"brokr\" in mqtt (did you mean \"broker\"?)\n" +
				"../../config/testdata/typo.yaml: line 14: unknown key \"tsl\" in mqtt (did you mean \"tls\"?)\n" +
				"../../config/testdata/typo.yaml: line 16: unknown key \"gpoi\" (did you mean \"gpio\"?)\n"},
		{[]string{"check-config"}, 2, ""},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		code := runMain(context.Background(), tt.args, nil, &out, &errb)
		if code != tt.code || out.String() != tt.out {
			t.Errorf("%v: got exit %d, stdout\n%s\nwant exit %d, stdout\n%s(stderr %s)", tt.args, code, out.String(), tt.code, tt.out, errb.String())
		}
	}
}

// A component that cannot start (the HTTP port is taken) stops run with its
// error, after stopping what had started.
func TestRunPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cfg := config.Default()
	cfg.StateDir = t.TempDir()
	cfg.Source.Input = "sim:9ball"
	cfg.HTTP.Listen = ln.Addr().String()
	cfg.MQTT.Listen = runFreeAddr(t)
	cfg.MQTT.WSListen = ""
	done := make(chan error, 1)
	go func() { done <- run(context.Background(), cfg, false, slog.New(slog.DiscardHandler)) }()
	select {
	case err := <-done:
		if err == nil || !strings.HasPrefix(err.Error(), "http: ") || !strings.Contains(err.Error(), "address already in use") {
			t.Errorf("got %v, want the http listen error", err)
		}
	case <-time.After(30 * time.Second):
		// Generous: on a loaded 2-core CI machine, starting the simulated
		// source (playing and laying out a match) has taken over 10 s.
		buf := make([]byte, 1<<20)
		t.Fatalf("run did not return; goroutines:\n%s", buf[:runtime.Stack(buf, true)])
	}
}
