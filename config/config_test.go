package config

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// loadAndValidate is what check-config does: every error of the file, then every
// error of the values.
func loadAndValidate(path string, environ []string) (*Config, string) {
	c, err := Load(path, environ)
	var out []string
	if err != nil {
		out = append(out, err.Error())
	}
	if verr := c.Validate(); verr != nil {
		out = append(out, verr.Error())
	}
	if len(out) == 0 {
		return c, ""
	}
	return c, strings.Join(out, "\n") + "\n"
}

func TestGoldenErrors(t *testing.T) {
	for _, name := range []string{"typo", "types", "invalid", "syntax", "good"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", name+".yaml")
			_, got := loadAndValidate(path, nil)
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("errors of %s:\ngot:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
}

// Each error names the key and the line it is on, checked against the files.
func TestErrorsNameKeyAndLine(t *testing.T) {
	tests := []struct {
		file string
		line int
		key  string
		msg  string
	}{
		{"typo", 12, "mqtt.brokr", `unknown key "brokr" in mqtt (did you mean "broker"?)`},
		{"typo", 14, "mqtt.tsl", `unknown key "tsl" in mqtt (did you mean "tls"?)`},
		{"typo", 16, "gpoi", `unknown key "gpoi" (did you mean "gpio"?)`},
		{"types", 3, "source.loop", `want true or false, got "maybe"`},
		{"types", 4, "source.fps", `want a number, got "fast"`},
		{"types", 6, "game.players", `want a list, got "Anna"`},
		{"types", 7, "game.race", `want a whole number, got "7.5"`},
		{"types", 9, "mqtt.qos", `want a whole number, got a list`},
		{"types", 10, "mqtt.tls", `want a mapping of keys, got "yes"`},
		{"types", 12, "gpio.debounce", `want a duration like 30ms or 1.5s, got "30"`},
		{"types", 15, "gpio.buttons.undo", `want a string, got a mapping`},
		{"types", 18, "http.listen", `key repeated (first on line 17)`},
		{"invalid", 4, "table.size", `unknown size "6ft" (want 7ft, 8ft or 9ft)`},
		{"invalid", 13, "mqtt.broker", `unknown scheme "ftp" (want tcp, mqtt, ssl, tls, mqtts, ws or wss)`},
		{"invalid", 21, "gpio.ready_lamp", `pin GPIO17 is also gpio.foul_lamp`},
		{"invalid", 28, "log.format", `unknown format "xml" (want json or text)`},
		{"invalid", 31, "replay.seconds", `600 is outside 3–120`},
		{"invalid", 33, "replay.disk_mb", `0 is outside 10–1000000`},
		{"types", 20, "replay.enabled", `want true or false, got "yes"`},
		{"types", 21, "replay.seconds", `want a number, got "long"`},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.key, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file+".yaml")
			c, err := Load(path, nil)
			var all Errors
			if err != nil {
				if !errors.As(err, &all) {
					t.Fatalf("Load error is %T, want Errors", err)
				}
			}
			var verr Errors
			if err := c.Validate(); err != nil && errors.As(err, &verr) {
				all = append(all, verr...)
			}
			for _, e := range all {
				if e.Key == tt.key && e.Line == tt.line && e.Msg == tt.msg && e.File == path {
					return
				}
			}
			t.Errorf("no error {line %d, key %s, %q}; got:\n%v", tt.line, tt.key, tt.msg, all)
		})
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	c, _ := Load("testdata/invalid.yaml", nil)
	var errs Errors
	if !errors.As(c.Validate(), &errs) {
		t.Fatal("invalid.yaml validated")
	}
	// invalid.yaml has one wrong value on each of these keys.
	want := []string{"table.name", "table.size", "source.input", "source.fps", "game.players",
		"game.race", "mqtt.broker", "mqtt.prefix", "mqtt.qos", "mqtt.tls.cert", "mqtt.tls.cert",
		"gpio.backend", "gpio.ready_lamp", "gpio.debounce", "http.listen", "http.token",
		"state_dir", "log.format", "log.level", "replay.seconds", "replay.width", "replay.disk_mb"}
	got := map[string]bool{}
	for _, e := range errs {
		got[e.Key] = true
		if e.Line == 0 {
			t.Errorf("%s: no line in %q", e.Key, e.Error())
		}
	}
	for _, k := range want {
		if !got[k] {
			t.Errorf("no error for %s; got:\n%v", k, errs)
		}
	}
	if len(errs) != len(want) {
		t.Errorf("got %d errors, want %d:\n%v", len(errs), len(want), errs)
	}
}

func TestDefaultsValidate(t *testing.T) {
	c, err := Load("", nil)
	if err != nil {
		t.Fatalf("Load with no file: %v", err)
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("defaults do not validate:\n%v", err)
	}
	if c.Source.Input != "sim:9ball" || c.MQTT.Broker != "" || c.HTTP.Listen != ":8080" || c.GPIO.Backend != "console" {
		t.Errorf("defaults are not the demo: source %q broker %q http %q gpio %q",
			c.Source.Input, c.MQTT.Broker, c.HTTP.Listen, c.GPIO.Backend)
	}
}

// The documented file states every default: loading it gives Default() exactly,
// and it mentions every key.
func TestDocumentedFileIsTheDefaults(t *testing.T) {
	path := "../configs/cueref.yaml"
	c, err := Load(path, nil)
	if err != nil {
		t.Fatalf("Load(%s): %v", path, err)
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("%s does not validate:\n%v", path, err)
	}
	got, want := *c, *Default()
	got.file, got.origin = "", nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s differs from Default():\ngot  %+v\nwant %+v", path, got, want)
	}
	for _, k := range Keys() {
		if _, ok := c.origin[k]; !ok {
			t.Errorf("%s does not document key %s", path, k)
		}
	}
}

func TestEnvOverrides(t *testing.T) {
	env := []string{
		"CUEREF_MQTT_BROKER=tcp://10.0.0.5:1883",
		"CUEREF_GPIO_BUTTONS_UNDO=GPIO4",
		"CUEREF_GAME_PLAYERS=Vera, Gleb",
		"CUEREF_SOURCE_FPS=60",
		"CUEREF_SOURCE_LOOP=false",
		"CUEREF_GPIO_DEBOUNCE=50ms",
		"CUEREF_STATE_DIR=/srv/cueref",
		"CUEREF_REPLAY_ENABLED=false",
		"CUEREF_REPLAY_SECONDS=7.5",
		"PATH=/usr/bin",
	}
	c, err := Load("testdata/good.yaml", env)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		key       string
		got, want any
	}{
		{"mqtt.broker", c.MQTT.Broker, "tcp://10.0.0.5:1883"},
		{"gpio.buttons.undo", c.GPIO.Buttons.Undo, "GPIO4"},
		{"game.players", c.Game.Players, []string{"Vera", "Gleb"}},
		{"source.fps", c.Source.FPS, 60.0},
		{"source.loop", c.Source.Loop, false},
		{"gpio.debounce", c.GPIO.Debounce, 50 * time.Millisecond},
		{"state_dir", c.StateDir, "/srv/cueref"},
		{"replay.enabled", c.Replay.Enabled, false},
		{"replay.seconds", c.Replay.Seconds, 7.5},
		{"replay.width", c.Replay.Width, 640},             // the default, untouched
		{"mqtt.prefix", c.MQTT.Prefix, "club147/table-3"}, // from the file, untouched
	}
	for _, ck := range checks {
		if !reflect.DeepEqual(ck.got, ck.want) {
			t.Errorf("%s: got %v, want %v", ck.key, ck.got, ck.want)
		}
	}
	// A bad override names the variable.
	c, _ = Load("", []string{"CUEREF_GPIO_BACKEND=pigpio"})
	err = c.Validate()
	if err == nil || !strings.Contains(err.Error(), "environment CUEREF_GPIO_BACKEND: gpio.backend: unknown backend \"pigpio\"") {
		t.Errorf("got %v, want an error naming CUEREF_GPIO_BACKEND", err)
	}
}

func TestEnvErrors(t *testing.T) {
	tests := []struct {
		env, want string
	}{
		{"CUEREF_SOURCE_FPS=fast", `environment CUEREF_SOURCE_FPS: source.fps: want a number, got "fast"`},
		{"CUEREF_SOURCE_LOOP=sometimes", `environment CUEREF_SOURCE_LOOP: source.loop: want true or false, got "sometimes"`},
		{"CUEREF_GPIO_DEBOUNCE=30", `environment CUEREF_GPIO_DEBOUNCE: gpio.debounce: want a duration like 30ms or 1.5s, got "30"`},
		{"CUEREF_MQTT_BROKR=tcp://x:1883", `environment CUEREF_MQTT_BROKR: unknown variable (did you mean CUEREF_MQTT_BROKER?)`},
	}
	for _, tt := range tests {
		_, err := Load("", []string{tt.env})
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: got %v, want %s", tt.env, err, tt.want)
		}
	}
}

func TestMissingFile(t *testing.T) {
	_, err := Load("testdata/nope.yaml", nil)
	want := "testdata/nope.yaml: config: no such file or directory"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestEnvNames(t *testing.T) {
	for _, k := range Keys() {
		if n := EnvName(k); strings.ContainsAny(n, ".- ") || !strings.HasPrefix(n, "CUEREF_") {
			t.Errorf("EnvName(%s) = %s", k, n)
		}
	}
	if got := EnvName("mqtt.broker"); got != "CUEREF_MQTT_BROKER" {
		t.Errorf("got %s, want CUEREF_MQTT_BROKER", got)
	}
}

func ExampleParse() {
	c, err := Parse("cueref.yaml", []byte("mqtt:\n  prefix: club/t1\n  brokr: tcp://b:1883\n"))
	fmt.Println(err)
	fmt.Println(c.MQTT.Prefix)
	// Output:
	// cueref.yaml: line 3: unknown key "brokr" in mqtt (did you mean "broker"?)
	// club/t1
}

// A camera source needs a calibration; a camera device may be absent at start
// (the daemon retries), a video file may not.
func TestSourceRules(t *testing.T) {
	tests := []struct {
		input, calib string
		wantKey      string // "" for no error on source.input or calibration
	}{
		{"rtsp://cam/1", "", "calibration"},
		{"rtsp://cam/1", "testdata/calibration.yaml", ""},
		{"/dev/video7", "testdata/calibration.yaml", ""},
		{"2", "testdata/calibration.yaml", ""},
		{"testdata/no-such-video.mp4", "testdata/calibration.yaml", "source.input"},
		{"sim:9ball", "", ""},
	}
	for _, tt := range tests {
		c := Default()
		c.Source.Input, c.Calibration = tt.input, tt.calib
		var got []string
		if err := c.Validate(); err != nil {
			var es Errors
			if !errors.As(err, &es) {
				t.Fatalf("Validate: %v", err)
			}
			for _, e := range es {
				if e.Key == "source.input" || e.Key == "calibration" {
					got = append(got, e.Key)
				}
			}
		}
		if (tt.wantKey == "" && len(got) > 0) || (tt.wantKey != "" && (len(got) != 1 || got[0] != tt.wantKey)) {
			t.Errorf("input %q calibration %q: errors on %v, want %q", tt.input, tt.calib, got, tt.wantKey)
		}
	}
}
