package feed

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestConfigValidate(t *testing.T) {
	ok := Config{Broker: "tcp://localhost:1883", Prefix: "cueref/h/t/", ClientID: "ref", QueueDir: "/var/lib/cueref/q"}
	ca := filepath.Join(t.TempDir(), "missing-ca.pem")
	tests := []struct {
		name string
		edit func(*Config)
		want string // a substring of the error; "" for valid
	}{
		{"valid", func(*Config) {}, ""},
		{"embedded", func(c *Config) { c.Broker = "" }, ""},
		{"websocket", func(c *Config) { c.Broker = "wss://example.org/mqtt" }, ""},
		{"bad scheme", func(c *Config) { c.Broker = "http://localhost" }, "scheme"},
		{"no host", func(c *Config) { c.Broker = "tcp://" }, "no host"},
		{"not a url", func(c *Config) { c.Broker = "tcp://[::1" }, "not a URL"},
		{"empty prefix", func(c *Config) { c.Prefix = "" }, "prefix is empty"},
		{"prefix without slash", func(c *Config) { c.Prefix = "cueref/h/t" }, "must end in /"},
		{"prefix with wildcard", func(c *Config) { c.Prefix = "cueref/+/t/" }, "wildcard"},
		{"prefix with empty level", func(c *Config) { c.Prefix = "cueref//t/" }, "empty topic level"},
		{"prefix with $", func(c *Config) { c.Prefix = "$SYS/t/" }, "reserved"},
		{"no client id", func(c *Config) { c.ClientID = "" }, "client id"},
		{"password alone", func(c *Config) { c.Password = "x" }, "without a username"},
		{"cert without key", func(c *Config) { c.Broker, c.CertFile = "ssl://h:8883", "c.pem" }, "together"},
		{"missing CA file", func(c *Config) { c.Broker, c.CAFile = "ssl://h:8883", ca }, "TLS file"},
		{"TLS files on tcp", func(c *Config) { c.CAFile = ca }, "not a TLS one"},
		{"no queue dir", func(c *Config) { c.QueueDir = "" }, "queue dir"},
		{"negative max queue", func(c *Config) { c.MaxQueue = -1 }, "max queue"},
		{"negative max cmd", func(c *Config) { c.MaxCmdBytes = -1 }, "max command"},
		{"short keep alive", func(c *Config) { c.KeepAlive = time.Millisecond }, "under a second"},
		{"bad embedded address", func(c *Config) { c.Broker, c.Embedded.TCPAddr = "", "1883" }, "embedded TCP"},
		{"bad embedded ws address", func(c *Config) { c.Broker, c.Embedded.WSAddr = "", "localhost" }, "embedded WebSocket"},
		{"ws disabled", func(c *Config) { c.Broker, c.Embedded.WSAddr = "", "-" }, ""},
		{"feed not among users", func(c *Config) { c.Broker, c.Embedded.Users = "", map[string]string{"a": "b"} }, "not among"},
		{"feed among users", func(c *Config) {
			c.Broker, c.Embedded.Users, c.Username, c.Password = "", map[string]string{"ref": "pw"}, "ref", "pw"
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.edit(&c)
			err := c.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("got %v, want no error", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("got %v, want an error about %q", err, tt.want)
			case err != nil && !strings.HasPrefix(err.Error(), "feed: "):
				t.Errorf("got %q, want it prefixed with feed:", err)
			}
		})
	}
}

func TestConfigDefaults(t *testing.T) {
	c := Config{}.WithDefaults()
	if c.MaxQueue != 10000 || c.MaxCmdBytes != 64<<10 || c.Embedded.TCPAddr != ":1883" || c.Embedded.WSAddr != ":9001" {
		t.Errorf("defaults: got %+v", c)
	}
	c = Config{Broker: "tcp://h", MaxQueue: 5}.WithDefaults()
	if c.MaxQueue != 5 || c.Embedded.TCPAddr != "" {
		t.Errorf("with a broker: got %+v, want MaxQueue kept and no embedded addresses", c)
	}
	if got := TopicPrefix("club", "t3"); got != "cueref/club/t3/" {
		t.Errorf("TopicPrefix: got %q", got)
	}
}
