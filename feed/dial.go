package feed

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/url"

	paho "github.com/eclipse/paho.mqtt.golang"
)

// openConn is the client's paho OpenConnectionFunc. Go already turns Nagle's
// algorithm off on every TCP connection it makes; doing it here by hand keeps the
// choice explicit and visible: a ruling is a few hundred bytes that must not wait
// for the previous segment's ACK.
func (f *Feed) openConn(u *url.URL, o paho.ClientOptions) (net.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), o.ConnectTimeout)
	defer cancel()
	var conn net.Conn
	var err error
	switch u.Scheme {
	case "tcp", "mqtt":
		conn, err = dialNoDelay(ctx, hostPort(u, "1883"))
	case "ssl", "tls", "mqtts":
		var raw net.Conn
		raw, err = dialNoDelay(ctx, hostPort(u, "8883"))
		if err != nil {
			break
		}
		cfg := f.tlsCfg.Clone()
		if cfg.ServerName == "" {
			cfg.ServerName = u.Hostname()
		}
		tc := tls.Client(raw, cfg)
		if err = tc.HandshakeContext(ctx); err != nil {
			raw.Close()
			break
		}
		conn = tc
	case "ws", "wss":
		// gorilla/websocket dials through net.Dialer, which leaves TCP_NODELAY on.
		ws := *u
		ws.User = nil
		conn, err = paho.NewWebsocket(ws.String(), f.tlsCfg, o.ConnectTimeout, o.HTTPHeaders, o.WebsocketOptions)
	default:
		err = fmt.Errorf("feed: unknown broker scheme %q", u.Scheme)
	}
	if err != nil {
		return nil, err
	}
	f.lastConn.Store(&conn)
	return conn, nil
}

func dialNoDelay(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	if tc, ok := c.(*net.TCPConn); ok {
		if err := tc.SetNoDelay(true); err != nil {
			c.Close()
			return nil, fmt.Errorf("feed: TCP_NODELAY: %w", err)
		}
	}
	return c, nil
}

func hostPort(u *url.URL, port string) string {
	if u.Port() != "" {
		return u.Host
	}
	return net.JoinHostPort(u.Hostname(), port)
}
