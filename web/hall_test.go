package web

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"
)

func TestHallTopics(t *testing.T) {
	tests := []struct {
		prefix, topic string
		key, kind     string
		ok            bool
	}{
		{"cueref/club", "cueref/club/t1/state", "t1", "state", true},
		{"cueref/club", "cueref/club/t1/status", "t1", "status", true},
		{"cueref/club", "cueref/club/t1/ruling", "t1", "ruling", true},
		{"cueref/club", "cueref/club/t1/shot", "", "", false},
		{"cueref/club", "cueref/club/t1/cmd/result", "", "", false},
		{"cueref/club", "cueref/other/t1/state", "", "", false},
		{"cueref/club/", "cueref/club/t1/state", "t1", "state", true},
		{"cueref/+", "cueref/club/t1/status", "club/t1", "status", true},
		{"cueref/+", "cueref/t1/status", "", "", false},
	}
	for _, tt := range tests {
		h, err := NewHall(HallConfig{Prefix: tt.prefix})
		if err != nil {
			t.Fatal(err)
		}
		key, kind, ok := h.match(tt.topic)
		if key != tt.key || kind != tt.kind || ok != tt.ok {
			t.Errorf("prefix %q topic %q: got %q %q %v, want %q %q %v", tt.prefix, tt.topic, key, kind, ok, tt.key, tt.kind, tt.ok)
		}
		h.Close()
	}
	for _, bad := range []string{"cueref/#", "cueref//x", "cue+ref/x"} {
		if _, err := NewHall(HallConfig{Prefix: bad}); err == nil {
			t.Errorf("NewHall(%q): got no error", bad)
		}
	}
}

func TestParseOnline(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		payload string
		want    *bool
	}{
		{`{"state":"online","camera":"ok","fps":59.8}`, &yes}, // the feed's status
		{`{"state":"offline","camera":"unknown"}`, &no},       // the feed's last will
		{`"online"`, &yes},
		{`"OFFLINE"`, &no},
		{`{"online":false}`, &no},
		{`{"status":"up"}`, &yes},
		{`true`, &yes},
		{`{"camera":"ok"}`, nil},
		{`42`, nil},
	}
	for _, tt := range tests {
		got := parseOnline(json.RawMessage(tt.payload))
		if (got == nil) != (tt.want == nil) || (got != nil && *got != *tt.want) {
			t.Errorf("parseOnline(%s): got %v, want %v", tt.payload, fmtBool(got), fmtBool(tt.want))
		}
	}
}

func fmtBool(b *bool) string {
	if b == nil {
		return "unknown"
	}
	if *b {
		return "online"
	}
	return "offline"
}

// TestHallMessages feeds messages as the MQTT client does: plain-text payloads,
// tables appearing, and a table forgotten when its retained messages are cleared.
func TestHallMessages(t *testing.T) {
	h, err := NewHall(HallConfig{Prefix: "cueref/club"})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(h.Handler())
	defer func() { h.Close(); ts.Close() }()

	h.Message("cueref/club/t10/status", []byte("online"))
	h.Message("cueref/club/t2/state", []byte(`{"seq":1,"kind":"game","players":["A","B"]}`))
	h.Message("cueref/club/t2/status", []byte(`{"state":"offline"}`))
	h.Message("cueref/club/t2/shot", []byte(`{}`))
	var got hallSnapshot
	waitFor(t, func() bool { getJSON(t, ts.URL+"/api/tables", &got); return len(got.Tables) == 2 })
	if got.Tables[0].Key != "t2" || got.Tables[1].Key != "t10" {
		t.Fatalf("order: got %s, %s, want t2, t10", got.Tables[0].Key, got.Tables[1].Key)
	}
	if o := got.Tables[1].Online; o == nil || !*o || string(got.Tables[1].Status) != `"online"` {
		t.Errorf("t10: got online %v status %s, want online and the JSON string", fmtBool(o), got.Tables[1].Status)
	}
	if o := got.Tables[0].Online; o == nil || *o {
		t.Errorf("t2: got %v, want offline", fmtBool(o))
	}
	h.Message("cueref/club/t10/status", nil)
	waitFor(t, func() bool { getJSON(t, ts.URL+"/api/tables", &got); return len(got.Tables) == 1 })
	if got.Tables[0].Key != "t2" {
		t.Errorf("left: got %s, want t2", got.Tables[0].Key)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met within 5 s")
}

func TestNaturalLess(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{{"t2", "t10", true}, {"t10", "t2", false}, {"a", "b", true}, {"t1", "t1", false}, {"club/t9", "club/t11", true}, {"t", "t1", true}} {
		if got := naturalLess(tt.a, tt.b); got != tt.want {
			t.Errorf("naturalLess(%q, %q): got %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
