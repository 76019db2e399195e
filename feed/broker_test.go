package feed

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
	"github.com/eclipse/paho.mqtt.golang/packets"
	"github.com/gorilla/websocket"
)

// TestEmbeddedBroker runs the feed on its embedded broker and checks that a paho
// client (TCP) and a WebSocket client (as a browser scoreboard talks) both get the
// retained state.
func TestEmbeddedBroker(t *testing.T) {
	f := newTestFeed(t, Config{Embedded: EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0"}}, nil)
	b := f.Broker()
	if b == nil || b.TCPAddr() == "" || b.WSAddr() == "" {
		t.Fatalf("embedded broker: got %v, want one with TCP and WebSocket addresses", b)
	}
	for s := 1; s <= 3; s++ {
		if err := f.Ruling(ruling(s)); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Flush(ctxTimeout(t, 10*time.Second)); err != nil {
		t.Fatal(err)
	}

	tcp := subscribe(t, "tcp://"+b.TCPAddr(), "scoreboard-tcp", true, prefix+TopicState)
	got := tcp.waitFor(t, prefix+TopicState, 5*time.Second, "retained state over TCP", func(ms []msg) bool { return len(ms) > 0 })
	if !got[0].retained || seqOf(got[0].payload) != 3 {
		t.Errorf("TCP client: got retained=%v seq %d, want retained seq 3", got[0].retained, seqOf(got[0].payload))
	}

	pk := wsRetained(t, "ws://"+b.WSAddr()+"/mqtt", prefix+TopicState)
	if !pk.Retain || seqOf(pk.Payload) != 3 || pk.TopicName != prefix+TopicState {
		t.Errorf("WebSocket client: got %s retained=%v seq %d, want retained seq 3", pk.TopicName, pk.Retain, seqOf(pk.Payload))
	}
}

// wsRetained connects over WebSocket with raw MQTT packets, subscribes to topic
// and returns the first PUBLISH.
func wsRetained(t *testing.T, url, topic string) *packets.PublishPacket {
	t.Helper()
	d := websocket.Dialer{Subprotocols: []string{"mqtt"}, HandshakeTimeout: 5 * time.Second}
	c, resp, err := d.Dial(url, http.Header{})
	if err != nil {
		t.Fatalf("websocket dial %s: %v", url, err)
	}
	defer c.Close()
	if resp.Header.Get("Sec-Websocket-Protocol") != "mqtt" {
		t.Errorf("websocket subprotocol: got %q, want mqtt", resp.Header.Get("Sec-Websocket-Protocol"))
	}
	conn := &wsConn{Conn: c.UnderlyingConn(), c: c}
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	send := func(p packets.ControlPacket) {
		var buf bytes.Buffer
		if err := p.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Write(buf.Bytes()); err != nil {
			t.Fatalf("websocket write: %v", err)
		}
	}
	r := bufio.NewReader(conn)
	recv := func() packets.ControlPacket {
		p, err := packets.ReadPacket(r)
		if err != nil {
			t.Fatalf("websocket read: %v", err)
		}
		return p
	}
	cp := packets.NewControlPacket(packets.Connect).(*packets.ConnectPacket)
	cp.ProtocolName, cp.ProtocolVersion, cp.CleanSession, cp.ClientIdentifier, cp.Keepalive = "MQTT", 4, true, "scoreboard-ws", 30
	send(cp)
	if ack, ok := recv().(*packets.ConnackPacket); !ok || ack.ReturnCode != 0 {
		t.Fatalf("websocket CONNACK: got %v", ack)
	}
	sp := packets.NewControlPacket(packets.Subscribe).(*packets.SubscribePacket)
	sp.MessageID, sp.Topics, sp.Qoss = 1, []string{topic}, []byte{0}
	send(sp)
	for {
		switch p := recv().(type) {
		case *packets.SubackPacket:
		case *packets.PublishPacket:
			return p
		default:
			t.Fatalf("websocket: unexpected packet %v", p)
		}
	}
}

// TestEmbeddedBrokerUsers checks that with users configured only they may connect.
func TestEmbeddedBrokerUsers(t *testing.T) {
	b := NewBroker(EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "-", Users: map[string]string{"ref": "s3cret"}}, testLogger(t))
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.WSAddr() != "" {
		t.Errorf("WSAddr with the WebSocket listener disabled: got %q, want empty", b.WSAddr())
	}
	tests := []struct {
		name, user, pass string
		ok               bool
	}{
		{"right password", "ref", "s3cret", true},
		{"wrong password", "ref", "guess", false},
		{"unknown user", "eve", "s3cret", false},
		{"anonymous", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := paho.NewClientOptions().AddBroker("tcp://" + b.TCPAddr()).SetClientID("c-" + tt.user).
				SetUsername(tt.user).SetPassword(tt.pass).SetConnectTimeout(5 * time.Second)
			c := paho.NewClient(o)
			tok := c.Connect()
			tok.WaitTimeout(5 * time.Second)
			if got := tok.Error() == nil; got != tt.ok {
				t.Errorf("connect as %q/%q: got ok=%v (%v), want %v", tt.user, tt.pass, got, tok.Error(), tt.ok)
			}
			c.Disconnect(50)
		})
	}
}

// TestEmbeddedBrokerAddressInUse: Start reports a port that is taken.
func TestEmbeddedBrokerAddressInUse(t *testing.T) {
	a := NewBroker(EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0"}, nil)
	if err := a.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for _, cfg := range []EmbeddedConfig{
		{TCPAddr: a.TCPAddr(), WSAddr: "-"},
		{TCPAddr: "127.0.0.1:0", WSAddr: a.WSAddr()},
	} {
		b := NewBroker(cfg, nil)
		if err := b.Start(context.Background()); err == nil {
			b.Close()
			t.Errorf("Start on %+v: got no error, want address in use", cfg)
		}
	}
	// The feed reports it too, from Start.
	f, err := New(Config{Prefix: prefix, ClientID: "x", QueueDir: filepath.Join(t.TempDir(), "q"),
		Embedded: EmbeddedConfig{TCPAddr: a.TCPAddr(), WSAddr: "-"}}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Start(context.Background()); err == nil {
		t.Error("feed Start with the embedded broker's port taken: got no error")
	}
}

// TestEmbeddedBrokerCloseWithSilentClients checks that Close returns while
// clients are connected that have not sent CONNECT (over TCP and WebSocket): a
// tablet that hung, or a client that reconnected just as the broker began to
// stop. mochi waits for every connection it accepted to end, and one that never
// sends CONNECT would end only with its client; a daemon on SIGTERM must not wait
// for that.
func TestEmbeddedBrokerCloseWithSilentClients(t *testing.T) {
	b := NewBroker(EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "127.0.0.1:0"}, nil)
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	tcp, err := net.Dial("tcp", b.TCPAddr())
	if err != nil {
		b.Close()
		t.Fatal(err)
	}
	defer tcp.Close()
	d := websocket.Dialer{Subprotocols: []string{"mqtt"}, HandshakeTimeout: 5 * time.Second}
	ws, _, err := d.Dial("ws://"+b.WSAddr()+"/mqtt", http.Header{})
	if err != nil {
		b.Close()
		t.Fatal(err)
	}
	defer ws.Close()
	// And one client that connected properly.
	subscribe(t, "tcp://"+b.TCPAddr(), "scoreboard", true, prefix+TopicState)
	time.Sleep(50 * time.Millisecond) // let the broker accept both silent connections

	closed := make(chan error, 1)
	go func() { closed <- b.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Errorf("Close: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not return within 5 s with silent clients connected")
	}
	tcp.SetReadDeadline(time.Now().Add(2 * time.Second))
	if n, err := tcp.Read(make([]byte, 1)); err == nil {
		t.Errorf("silent TCP client after Close: read %d bytes, want the connection closed", n)
	}
	ws.SetReadDeadline(time.Now().Add(2 * time.Second))
	if _, _, err := ws.ReadMessage(); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("silent WebSocket client after Close: got %v, want the connection closed", err)
	}
}

// TestEmbeddedBrokerConnectDeadline checks that a connection that does not send
// CONNECT within connectWait is dropped while the broker goes on serving.
func TestEmbeddedBrokerConnectDeadline(t *testing.T) {
	defer func(d time.Duration) { connectWait = d }(connectWait)
	connectWait = 200 * time.Millisecond
	b := NewBroker(EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "-"}, nil)
	if err := b.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	c, err := net.Dial("tcp", b.TCPAddr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	start := time.Now()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err = c.Read(make([]byte, 1))
	if err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("silent client: got %v after %v, want the broker to close it after %v", err, time.Since(start), connectWait)
	}
	// A client that sent CONNECT keeps its connection past connectWait.
	col := subscribe(t, "tcp://"+b.TCPAddr(), "scoreboard", true, prefix+TopicState)
	time.Sleep(3 * connectWait)
	pub := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + b.TCPAddr()).SetClientID("pub"))
	if tok := pub.Connect(); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	defer pub.Disconnect(100)
	pub.Publish(prefix+TopicState, 1, false, []byte(`{"seq":1}`)).WaitTimeout(5 * time.Second)
	col.waitFor(t, prefix+TopicState, 5*time.Second, "a message past connectWait", func(ms []msg) bool { return len(ms) > 0 })
}
