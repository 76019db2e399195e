package feed

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
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
