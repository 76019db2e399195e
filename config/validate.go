package config

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// Validate checks every value and reports every problem, each with its key and
// where the value came from (file and line, environment variable, or default).
func (c *Config) Validate() error {
	v := validator{c: c}
	v.check()
	return v.errs.err()
}

type validator struct {
	c    *Config
	errs Errors
}

func (v *validator) fail(key, format string, args ...any) {
	e := &Error{Key: key, Msg: fmt.Sprintf(format, args...)}
	o, ok := v.c.origin[key]
	switch {
	case ok && o.env != "":
		e.Env = o.env
	case ok:
		e.File, e.Line = v.c.file, o.line
	default:
		e.File = v.c.file
		e.Msg += " (the default)"
	}
	v.errs = append(v.errs, e)
}

func oneOf(s string, list ...string) bool { return slices.Contains(list, s) }

func (v *validator) fileExists(key, path string) {
	if path == "" {
		return
	}
	if _, err := os.Stat(path); err != nil {
		v.fail(key, "%s: %v", path, errorsCause(err))
	}
}

// isDeviceIndex reports whether s is a camera index such as "0".
func isDeviceIndex(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 0 && n < 64
}

func errorsCause(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

func (v *validator) hostPort(key, addr string) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		v.fail(key, "want host:port like 127.0.0.1:1883 or :8080, got %q", addr)
		return
	}
	_ = host
	if p, err := net.LookupPort("tcp", port); err != nil || p < 0 || p > 65535 {
		v.fail(key, "bad port %q", port)
	}
}

func (v *validator) check() {
	c := v.c
	if strings.TrimSpace(c.Table.Name) == "" {
		v.fail("table.name", "must not be empty")
	}
	if _, err := table.New(c.Table.Size); err != nil {
		v.fail("table.size", "unknown size %q (want 7ft, 8ft or 9ft)", c.Table.Size)
	}

	// Source.
	in := c.Source.Input
	switch {
	case in == "":
		v.fail("source.input", "must not be empty (a device, file, URL, gst:PIPELINE or sim:GAME)")
	case strings.HasPrefix(in, "sim:"):
		if g := strings.TrimPrefix(in, "sim:"); !oneOf(g, shot.Games...) {
			v.fail("source.input", "unknown game %q after sim: (want %s)", g, strings.Join(shot.Games, ", "))
		}
	case strings.HasPrefix(in, "gst:"), strings.HasPrefix(in, "gstreamer:"):
		if strings.TrimSpace(in[strings.Index(in, ":")+1:]) == "" {
			v.fail("source.input", "empty GStreamer pipeline")
		}
	case strings.Contains(in, "://"):
		u, err := url.Parse(in)
		if err != nil || !oneOf(u.Scheme, "rtsp", "rtsps", "http", "https", "udp", "rtmp") || u.Host == "" {
			v.fail("source.input", "want an rtsp://, http(s):// or udp:// URL with a host, got %q", in)
		}
	case strings.HasPrefix(in, "/dev/video"), isDeviceIndex(in):
		// A camera may be absent at boot (USB enumeration, a loose cable): the
		// daemon reports it lost and retries, so it is not an error here.
	default: // a file
		v.fileExists("source.input", in)
	}
	if c.Source.FPS <= 0 || c.Source.FPS > 240 {
		v.fail("source.fps", "%v is outside 1–240", c.Source.FPS)
	}
	v.fileExists("calibration", c.Calibration)
	if c.Calibration == "" && in != "" && !strings.HasPrefix(in, "sim:") {
		v.fail("calibration", "a camera, file or stream source needs a calibration file (make one with: cueref calibrate --source %s --out calibration.yaml)", in)
	}

	// Game defaults.
	if !oneOf(c.Game.Game, shot.Games...) {
		v.fail("game.game", "unknown game %q (want %s)", c.Game.Game, strings.Join(shot.Games, ", "))
	}
	switch {
	case len(c.Game.Players) != 2:
		v.fail("game.players", "want two players, got %d", len(c.Game.Players))
	case strings.TrimSpace(c.Game.Players[0]) == "" || strings.TrimSpace(c.Game.Players[1]) == "":
		v.fail("game.players", "a name must not be empty")
	case c.Game.Players[0] == c.Game.Players[1]:
		v.fail("game.players", "both players are named %q", c.Game.Players[0])
	default:
		for _, p := range c.Game.Players {
			if len(p) > 64 {
				v.fail("game.players", "name %.20q… is longer than 64 bytes", p)
			}
		}
	}
	if c.Game.Race < 0 || c.Game.Race > 1000 {
		v.fail("game.race", "%d is outside 0–1000", c.Game.Race)
	}
	if c.Game.Target < 0 || c.Game.Target > 10000 {
		v.fail("game.target", "%d is outside 0–10000", c.Game.Target)
	}
	if strings.TrimSpace(c.Game.Rules) == "" {
		v.fail("game.rules", "must name a rule profile (standard)")
	}

	// MQTT.
	m := c.MQTT
	if m.Broker == "" {
		if m.Listen == "" {
			v.fail("mqtt.listen", "must not be empty when mqtt.broker is empty (the embedded broker listens here)")
		} else {
			v.hostPort("mqtt.listen", m.Listen)
		}
		if m.WSListen != "" {
			v.hostPort("mqtt.ws_listen", m.WSListen)
		}
	} else {
		u, err := url.Parse(m.Broker)
		switch {
		case err != nil || u.Host == "":
			v.fail("mqtt.broker", "want a URL like tcp://host:1883 or ssl://host:8883, got %q", m.Broker)
		case !oneOf(u.Scheme, "tcp", "mqtt", "ssl", "tls", "mqtts", "ws", "wss"):
			v.fail("mqtt.broker", "unknown scheme %q (want tcp, mqtt, ssl, tls, mqtts, ws or wss)", u.Scheme)
		}
	}
	switch {
	case m.Prefix == "":
		v.fail("mqtt.prefix", "must not be empty")
	case strings.ContainsAny(m.Prefix, "+#\x00"):
		v.fail("mqtt.prefix", "%q contains a wildcard (+ or #)", m.Prefix)
	case strings.HasPrefix(m.Prefix, "/") || strings.HasSuffix(m.Prefix, "/"):
		v.fail("mqtt.prefix", "%q must not start or end with /", m.Prefix)
	}
	if m.QoS < 0 || m.QoS > 2 {
		v.fail("mqtt.qos", "%d is not 0, 1 or 2", m.QoS)
	}
	if (m.TLS.Cert == "") != (m.TLS.Key == "") {
		if m.TLS.Cert == "" {
			v.fail("mqtt.tls.key", "set without mqtt.tls.cert")
		} else {
			v.fail("mqtt.tls.cert", "set without mqtt.tls.key")
		}
	}
	v.fileExists("mqtt.tls.ca", m.TLS.CA)
	v.fileExists("mqtt.tls.cert", m.TLS.Cert)
	v.fileExists("mqtt.tls.key", m.TLS.Key)
	if m.Password != "" && m.Username == "" {
		v.fail("mqtt.password", "set without mqtt.username")
	}
	if m.QueueDir != "" && !filepath.IsAbs(m.QueueDir) {
		v.fail("mqtt.queue_dir", "want an absolute path, got %q", m.QueueDir)
	}

	// GPIO.
	g := c.GPIO
	if !oneOf(g.Backend, "periph", "console", "none") {
		v.fail("gpio.backend", "unknown backend %q (want periph, console or none)", g.Backend)
	}
	used := map[string]string{}
	for _, p := range c.Pins() {
		if p.Pin == "" {
			continue
		}
		if strings.ContainsAny(p.Pin, " \t/") {
			v.fail(p.Key, "%q is not a pin name (like GPIO17)", p.Pin)
			continue
		}
		if other, dup := used[strings.ToUpper(p.Pin)]; dup {
			v.fail(p.Key, "pin %s is also %s", p.Pin, other)
			continue
		}
		used[strings.ToUpper(p.Pin)] = p.Key
	}
	if g.Debounce < time.Millisecond || g.Debounce > time.Second {
		v.fail("gpio.debounce", "%v is outside 1ms–1s", g.Debounce)
	}

	// HTTP.
	if c.HTTP.Listen != "" {
		v.hostPort("http.listen", c.HTTP.Listen)
	}
	if c.HTTP.Token != "" && len(c.HTTP.Token) < 8 {
		v.fail("http.token", "shorter than 8 characters")
	}

	// Replay.
	if r := c.Replay; r.Enabled {
		if !(r.Seconds >= 3 && r.Seconds <= 120) {
			v.fail("replay.seconds", "%v is outside 3–120", r.Seconds)
		}
		if r.Width < 160 || r.Width > 1920 {
			v.fail("replay.width", "%d is outside 160–1920", r.Width)
		}
		if r.DiskMB < 10 || r.DiskMB > 1000000 {
			v.fail("replay.disk_mb", "%d is outside 10–1000000", r.DiskMB)
		}
	}

	if c.StateDir != "" && !filepath.IsAbs(c.StateDir) {
		v.fail("state_dir", "want an absolute path, got %q", c.StateDir)
	}
	if !oneOf(c.Log.Format, "json", "text") {
		v.fail("log.format", "unknown format %q (want json or text)", c.Log.Format)
	}
	if !oneOf(c.Log.Level, "debug", "info", "warn", "error") {
		v.fail("log.level", "unknown level %q (want debug, info, warn or error)", c.Log.Level)
	}
}

// Pin is one wired GPIO line: its key and its pin name.
type Pin struct {
	Key  string // e.g. "gpio.buttons.undo"
	Name string // short name, e.g. "undo"
	Pin  string // e.g. "GPIO26"; "" when not wired
}

// Pins lists the lamps, buzzer and buttons in a fixed order.
func (c *Config) Pins() []Pin {
	g, b := c.GPIO, c.GPIO.Buttons
	return []Pin{
		{"gpio.foul_lamp", "foul", g.FoulLamp},
		{"gpio.ready_lamp", "ready", g.ReadyLamp},
		{"gpio.buzzer", "buzzer", g.Buzzer},
		{"gpio.buttons.safety", "safety", b.Safety},
		{"gpio.buttons.push_out", "push_out", b.PushOut},
		{"gpio.buttons.accept", "accept", b.Accept},
		{"gpio.buttons.pass", "pass", b.Pass},
		{"gpio.buttons.undo", "undo", b.Undo},
		{"gpio.buttons.new_rack", "new_rack", b.NewRack},
	}
}

// StatePath returns the state directory: state_dir, else $STATE_DIRECTORY (the
// first of its colon-separated list), else $HOME/.local/state/cueref.
func (c *Config) StatePath() string {
	if c.StateDir != "" {
		return c.StateDir
	}
	if s := os.Getenv("STATE_DIRECTORY"); s != "" {
		first, _, _ := strings.Cut(s, ":")
		return first
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "state", "cueref")
	}
	return filepath.Join(os.TempDir(), "cueref-state")
}
