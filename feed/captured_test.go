package feed

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/cueref/cueref/shot"
)

// A live event carries its frame's capture time as the extra field "captured";
// the rest of the JSON is the contract's event.
func TestEventCapturedField(t *testing.T) {
	at := time.Date(2026, 11, 30, 10, 0, 0, 123456789, time.UTC)
	f := &Feed{events: make(chan []byte, 1)}
	f.connected, f.ready = true, true
	f.Event(shot.Event{T: 0.5, Kind: shot.Contact, A: 0, B: 3, Captured: at})
	var b []byte
	select {
	case b = <-f.events:
	default:
		t.Fatal("event not queued")
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("event JSON %s: %v", b, err)
	}
	if got["captured"] != "2026-11-30T10:00:00.123456789Z" || got["kind"] != "contact" || got["b"] != 3.0 {
		t.Errorf("event JSON %s", b)
	}
}

// A provisional live event says so in the extra field "provisional"; a
// confirmed one has no such field.
func TestEventProvisionalField(t *testing.T) {
	f := &Feed{events: make(chan []byte, 2)}
	f.connected, f.ready = true, true
	f.Event(shot.Event{T: 0.5, Kind: shot.Strike, Ball: 0, Provisional: true})
	f.Event(shot.Event{T: 0.49, Kind: shot.Strike, Ball: 0})
	for i, want := range []any{true, nil} {
		var b []byte
		select {
		case b = <-f.events:
		default:
			t.Fatalf("event %d not queued", i)
		}
		var got map[string]any
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("event JSON %s: %v", b, err)
		}
		if got["provisional"] != want || got["kind"] != "strike" {
			t.Errorf("event %d JSON %s: provisional got %v, want %v", i, b, got["provisional"], want)
		}
	}
}
