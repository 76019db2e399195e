package feed

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"
)

// Defaults applied by Config.WithDefaults.
const (
	DefaultMaxQueue     = 10000
	DefaultMaxCmdBytes  = 64 << 10
	DefaultEmbeddedTCP  = ":1883"
	DefaultEmbeddedWS   = ":9001"
	DefaultKeepAlive    = 15 * time.Second
	DefaultConnTimeout  = 5 * time.Second
	DefaultReconnectMax = 10 * time.Second
)

// Constant slog attribute keys, so that log lines can be filtered by key.
const (
	keyAttempt  = "attempt"
	keyBroker   = "broker"
	keyConnects = "connects"
	keyBytes    = "bytes"
	keyClient   = "client_id"
	keyDepth    = "depth"
	keyDir      = "dir"
	keyDropped  = "dropped"
	keyErr      = "err"
	keyFile     = "file"
	keyKind     = "kind"
	keyListener = "listener"
	keyMax      = "max"
	keyOffset   = "offset"
	keyTopic    = "topic"
	keyTCP      = "tcp"
	keyWS       = "ws"
	keyWait     = "wait"
)

// Config configures a Feed. The zero values of the optional fields are replaced by
// WithDefaults; Validate checks the result.
type Config struct {
	// Broker is the broker's URL: tcp://host:1883 (or mqtt://), ssl://host:8883
	// (or tls://, mqtts://), ws://host:9001/mqtt or wss://…. Empty: start the
	// embedded broker (see Embedded) and connect to it.
	Broker string
	// Prefix is put before every topic; it must end in "/". Use TopicPrefix to
	// build the usual cueref/<hall>/<table>/.
	Prefix string
	// ClientID is the MQTT client id; it must be unique on the broker. Required.
	ClientID string
	// Username and Password, when Username is set, are sent on connect.
	Username string
	Password string
	// CAFile verifies the broker's certificate (PEM; default: the system roots).
	// CertFile and KeyFile, both or neither, are the client's certificate.
	CAFile   string
	CertFile string
	KeyFile  string
	// QueueDir is the directory of the persistent outgoing queue, normally a
	// directory under the daemon's state directory. Required.
	QueueDir string
	// MaxQueue bounds the outgoing queue in records; when a record is added to a
	// full queue the oldest is dropped (logged and counted). Default 10000.
	MaxQueue int
	// MaxCmdBytes bounds a command payload; larger ones are answered with an error
	// result without being parsed or handed to the command handler. Default 64 KiB.
	MaxCmdBytes int
	// KeepAlive, ConnectTimeout and ReconnectMax (the longest pause between
	// reconnection attempts, which back off exponentially from 1 s) tune the
	// connection. Defaults 15 s, 5 s, 10 s.
	KeepAlive      time.Duration
	ConnectTimeout time.Duration
	ReconnectMax   time.Duration
	// Embedded configures the embedded broker started when Broker is empty.
	Embedded EmbeddedConfig
}

// EmbeddedConfig configures the embedded broker.
type EmbeddedConfig struct {
	// TCPAddr is the plain MQTT listener's address (default ":1883").
	TCPAddr string
	// WSAddr is the MQTT-over-WebSocket listener's address for browser
	// scoreboards (default ":9001"); "-" disables it.
	WSAddr string
	// Users, when not empty, maps user names to passwords: only they may connect
	// (and then they may publish and subscribe to every topic). Empty: anyone may
	// connect, anonymously.
	Users map[string]string
}

// TopicPrefix returns the standard prefix "cueref/<hall>/<table>/".
func TopicPrefix(hall, table string) string {
	return "cueref/" + hall + "/" + table + "/"
}

// WithDefaults returns c with the zero optional fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.MaxQueue == 0 {
		c.MaxQueue = DefaultMaxQueue
	}
	if c.MaxCmdBytes == 0 {
		c.MaxCmdBytes = DefaultMaxCmdBytes
	}
	if c.KeepAlive == 0 {
		c.KeepAlive = DefaultKeepAlive
	}
	if c.ConnectTimeout == 0 {
		c.ConnectTimeout = DefaultConnTimeout
	}
	if c.ReconnectMax == 0 {
		c.ReconnectMax = DefaultReconnectMax
	}
	if c.Broker == "" {
		if c.Embedded.TCPAddr == "" {
			c.Embedded.TCPAddr = DefaultEmbeddedTCP
		}
		if c.Embedded.WSAddr == "" {
			c.Embedded.WSAddr = DefaultEmbeddedWS
		}
	}
	return c
}

// Validate reports every problem of the configuration (defaults are not applied).
func (c Config) Validate() error {
	var errs []error
	bad := func(format string, a ...any) { errs = append(errs, fmt.Errorf("feed: "+format, a...)) }

	if c.Broker != "" {
		u, err := url.Parse(c.Broker)
		switch {
		case err != nil:
			bad("broker %q is not a URL: %v", c.Broker, err)
		case !knownScheme(u.Scheme):
			bad("broker %q: scheme %q is not one of tcp, mqtt, ssl, tls, mqtts, ws, wss", c.Broker, u.Scheme)
		case u.Host == "":
			bad("broker %q has no host", c.Broker)
		}
		if err == nil && (c.CAFile != "" || c.CertFile != "") && !secureScheme(u.Scheme) {
			bad("broker %q: TLS files given but the scheme %q is not a TLS one (ssl, tls, mqtts, wss)", c.Broker, u.Scheme)
		}
	}
	if err := checkPrefix(c.Prefix); err != nil {
		errs = append(errs, err)
	}
	if c.ClientID == "" {
		bad("client id is empty")
	}
	if c.Password != "" && c.Username == "" {
		bad("password given without a username")
	}
	if (c.CertFile == "") != (c.KeyFile == "") {
		bad("cert file and key file must be given together")
	}
	for _, f := range []string{c.CAFile, c.CertFile, c.KeyFile} {
		if f == "" {
			continue
		}
		if _, err := os.Stat(f); err != nil {
			bad("TLS file: %v", err)
		}
	}
	if c.QueueDir == "" {
		bad("queue dir is empty")
	}
	if c.MaxQueue < 0 {
		bad("max queue %d is negative", c.MaxQueue)
	}
	if c.MaxCmdBytes < 0 {
		bad("max command bytes %d is negative", c.MaxCmdBytes)
	}
	for name, d := range map[string]time.Duration{"keep alive": c.KeepAlive, "connect timeout": c.ConnectTimeout, "reconnect max": c.ReconnectMax} {
		if d < 0 {
			bad("%s %v is negative", name, d)
		}
	}
	if c.KeepAlive > 0 && c.KeepAlive < time.Second {
		bad("keep alive %v is under a second", c.KeepAlive)
	}
	if c.Broker == "" {
		if c.Embedded.TCPAddr != "" {
			if _, _, err := net.SplitHostPort(c.Embedded.TCPAddr); err != nil {
				bad("embedded TCP address %q: %v", c.Embedded.TCPAddr, err)
			}
		}
		if a := c.Embedded.WSAddr; a != "" && a != "-" {
			if _, _, err := net.SplitHostPort(a); err != nil {
				bad("embedded WebSocket address %q: %v", a, err)
			}
		}
		if len(c.Embedded.Users) > 0 {
			for u, p := range c.Embedded.Users {
				if u == "" || p == "" {
					bad("embedded broker users need a name and a password")
					break
				}
			}
			if pw, ok := c.Embedded.Users[c.Username]; !ok || pw != c.Password {
				bad("the feed's own username %q is not among the embedded broker's users", c.Username)
			}
		}
	}
	return errors.Join(errs...)
}

func checkPrefix(p string) error {
	switch {
	case p == "":
		return errors.New("feed: prefix is empty")
	case !strings.HasSuffix(p, "/"):
		return fmt.Errorf("feed: prefix %q must end in /", p)
	case strings.HasPrefix(p, "/"), strings.Contains(p, "//"):
		return fmt.Errorf("feed: prefix %q has an empty topic level", p)
	case strings.ContainsAny(p, "+#\x00"):
		return fmt.Errorf("feed: prefix %q contains a wildcard or NUL", p)
	case strings.HasPrefix(p, "$"):
		return fmt.Errorf("feed: prefix %q starts with $, reserved for the broker", p)
	}
	return nil
}

func knownScheme(s string) bool {
	switch s {
	case "tcp", "mqtt", "ssl", "tls", "mqtts", "ws", "wss":
		return true
	}
	return false
}

func secureScheme(s string) bool {
	switch s {
	case "ssl", "tls", "mqtts", "wss":
		return true
	}
	return false
}

// tlsConfig builds the client's TLS configuration from the files (nil when none of
// them is set and the scheme needs no TLS).
func (c Config) tlsConfig() (*tls.Config, error) {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if c.CAFile != "" {
		pem, err := os.ReadFile(c.CAFile)
		if err != nil {
			return nil, fmt.Errorf("feed: CA file: %w", err)
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("feed: CA file %s holds no PEM certificate", c.CAFile)
		}
		cfg.RootCAs = pool
	}
	if c.CertFile != "" {
		cert, err := tls.LoadX509KeyPair(c.CertFile, c.KeyFile)
		if err != nil {
			return nil, fmt.Errorf("feed: client certificate: %w", err)
		}
		cfg.Certificates = []tls.Certificate{cert}
	}
	return cfg, nil
}
