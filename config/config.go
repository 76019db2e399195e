// Package config is the configuration of `cueref run`: one YAML file, environment
// overrides CUEREF_<SECTION>_<KEY>, and built-in defaults that run the demo (a
// simulated 9-ball table, an embedded MQTT broker, the web scoreboard on :8080 and
// lamps logged to the console) when there is no file at all.
//
// Every error names the key and where its value came from: the file and line, the
// environment variable, or the default. Load reports every problem of the file at
// once (unknown keys with a suggestion, wrong types, repeated keys); Validate
// reports every problem of the values.
package config

import (
	"time"
)

// Config is the whole configuration. The yaml tags are the keys of the file.
type Config struct {
	// Hall is the club or hall name, used in MQTT topics and the scoreboard.
	Hall  string `yaml:"hall"`
	Table Table  `yaml:"table"`
	// Source is where frames come from.
	Source Source `yaml:"source"`
	// Calibration is the camera calibration file ("" for none; sim needs none).
	Calibration string `yaml:"calibration"`
	Game        Game   `yaml:"game"`
	MQTT        MQTT   `yaml:"mqtt"`
	GPIO        GPIO   `yaml:"gpio"`
	HTTP        HTTP   `yaml:"http"`
	Replay      Replay `yaml:"replay"`
	// StateDir holds the match journal, the MQTT queue and the replay clips. "" means
	// $STATE_DIRECTORY (set by systemd's StateDirectory=) or else
	// $HOME/.local/state/cueref.
	StateDir string `yaml:"state_dir"`
	Log      Log    `yaml:"log"`

	// origin of each key's value: "line N" in file, or an environment variable.
	file   string
	origin map[string]origin
}

// Table names the table and its size.
type Table struct {
	Name string `yaml:"name"`
	Size string `yaml:"size"` // 7ft, 8ft or 9ft
}

// Source is the frame source.
type Source struct {
	// Input is a V4L2 device (/dev/video0), a video file, an rtsp:// or http(s)://
	// URL, a GStreamer pipeline ("gst:…"), or the simulator ("sim:9ball").
	Input string  `yaml:"input"`
	Loop  bool    `yaml:"loop"` // restart a file at its end
	FPS   float64 `yaml:"fps"`  // frames per second wanted from the source
}

// Game is what a new match starts with (the new-rack button, the demo).
type Game struct {
	Game    string   `yaml:"game"` // 8ball, 9ball, 10ball or 14.1
	Players []string `yaml:"players"`
	Race    int      `yaml:"race"`   // racks to win (rack games); 0: no limit
	Target  int      `yaml:"target"` // points to win (14.1); 0: no limit
	Rules   string   `yaml:"rules"`  // rule profile
}

// MQTT is the broker connection.
type MQTT struct {
	// Broker is the broker URL (tcp://host:1883, ssl://host:8883, ws://…); ""
	// runs the embedded broker on Listen.
	Broker   string `yaml:"broker"`
	Listen   string `yaml:"listen"`    // embedded broker address
	WSListen string `yaml:"ws_listen"` // embedded broker's MQTT-over-WebSocket address; "" for none
	Prefix   string `yaml:"prefix"`    // topic prefix
	ClientID string `yaml:"client_id"`
	QoS      int    `yaml:"qos"`
	TLS      TLS    `yaml:"tls"`
	Username string `yaml:"username"`
	Password string `yaml:"password"`
	// QueueDir keeps messages while the broker is unreachable; "" is
	// <state_dir>/mqtt-queue.
	QueueDir string `yaml:"queue_dir"`
}

// TLS is the client's TLS setup for an ssl:// or wss:// broker.
type TLS struct {
	CA                 string `yaml:"ca"`
	Cert               string `yaml:"cert"`
	Key                string `yaml:"key"`
	InsecureSkipVerify bool   `yaml:"insecure_skip_verify"`
}

// GPIO are the lamps, the buzzer and the buttons, by pin name (gpioreg.ByName:
// "GPIO17"). An empty pin name means not wired.
type GPIO struct {
	Backend   string        `yaml:"backend"` // periph, console or none
	FoulLamp  string        `yaml:"foul_lamp"`
	ReadyLamp string        `yaml:"ready_lamp"`
	Buzzer    string        `yaml:"buzzer"`
	Buttons   Buttons       `yaml:"buttons"`
	Debounce  time.Duration `yaml:"debounce"`
}

// Buttons are the referee's push buttons (active low, to ground, internal pull-up).
type Buttons struct {
	Safety  string `yaml:"safety"`
	PushOut string `yaml:"push_out"`
	Accept  string `yaml:"accept"`
	Pass    string `yaml:"pass"`
	Undo    string `yaml:"undo"`
	NewRack string `yaml:"new_rack"`
}

// HTTP is the web server: scoreboard, referee panel, /healthz, /metrics.
type HTTP struct {
	Listen string `yaml:"listen"` // "" disables the server
	// Token is the bearer token the referee panel needs to send commands; ""
	// disables the panel's commands (the scoreboard stays readable).
	Token string `yaml:"token"`
}

// Replay is the instant replay: the last seconds of the camera kept in memory,
// and for every foul and every shot flagged for review a clip (MJPG AVI) and a
// still (PNG) written to <state_dir>/clips and linked on the scoreboard.
type Replay struct {
	Enabled bool    `yaml:"enabled"`
	Seconds float64 `yaml:"seconds"` // seconds of frames kept in memory
	Width   int     `yaml:"width"`   // width of the kept frames, pixels
	DiskMB  int     `yaml:"disk_mb"` // disk budget of the clips, MiB; the oldest go first
}

// Log is the logging setup.
type Log struct {
	Format string `yaml:"format"` // json or text
	Level  string `yaml:"level"`  // debug, info, warn or error
}

// Default returns the built-in configuration: the demo.
func Default() *Config {
	return &Config{
		Hall:   "demo",
		Table:  Table{Name: "table-1", Size: "9ft"},
		Source: Source{Input: "sim:9ball", Loop: true, FPS: 30},
		Game: Game{
			Game:    "9ball",
			Players: []string{"Anna", "Boris"},
			Race:    5,
			Rules:   "standard",
		},
		MQTT: MQTT{
			Listen:   "127.0.0.1:1883",
			WSListen: "127.0.0.1:9001",
			Prefix:   "cueref/demo/table-1",
			QoS:      1,
		},
		GPIO: GPIO{
			Backend:   "console",
			FoulLamp:  "GPIO17",
			ReadyLamp: "GPIO27",
			Buzzer:    "GPIO22",
			Buttons: Buttons{
				Safety:  "GPIO5",
				PushOut: "GPIO6",
				Accept:  "GPIO13",
				Pass:    "GPIO19",
				Undo:    "GPIO26",
				NewRack: "GPIO21",
			},
			Debounce: 30 * time.Millisecond,
		},
		HTTP:   HTTP{Listen: ":8080"},
		Replay: Replay{Enabled: true, Seconds: 20, Width: 640, DiskMB: 500},
		Log:    Log{Format: "text", Level: "info"},
	}
}

// File is the file the configuration was loaded from ("" for none).
func (c *Config) File() string { return c.file }
