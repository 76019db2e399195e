package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/cueref/cueref/internal/mosquittotest"
)

func TestHallUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--bogus"},
		{"extra"},
		{"--prefix", "cueref/#"},
		{"--broker", "http://localhost:1883"},
		{"--broker", "not a url"},
	} {
		err := runHall(context.Background(), args, nil, io.Discard, io.Discard)
		if !errors.Is(err, errUsage) {
			t.Errorf("cueref hall %q: got %v, want a usage error", args, err)
		}
	}
}

// TestHallRun runs the command against a real mosquitto with two tables that
// published retained state and status, and reads the tables back over HTTP.
func TestHallRun(t *testing.T) {
	broker := mosquittotest.Start(t, mosquittotest.Options{}).URL()
	c := mosquittotest.Connect(t, broker, "ref-test")
	for topic, payload := range map[string]string{
		"cueref/club/t1/state":  `{"seq":3,"kind":"shot","players":["Anna","Boris"],"racks":{"Anna":1,"Boris":0},"next":{"player":"Boris","ball_in_hand":"table","options":[]},"text":"Anna: foul (rule 3.8)."}`,
		"cueref/club/t1/status": `{"state":"online","camera":"ok","fps":30}`,
		"cueref/club/t2/status": `{"state":"offline","camera":"unknown"}`,
	} {
		if tok := c.Publish(topic, 1, true, payload); !tok.WaitTimeout(5*time.Second) || tok.Error() != nil {
			t.Fatalf("publish: %v", tok.Error())
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	var out runLogBuf
	done := make(chan error, 1)
	go func() {
		done <- runHall(ctx, []string{"--broker", broker, "--prefix", "cueref/club", "--listen", "127.0.0.1:0"}, nil, &out, &out)
	}()
	re := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`)
	var addr string
	for i := 0; i < 100 && addr == ""; i++ {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			addr = m[1]
		}
		time.Sleep(50 * time.Millisecond)
	}
	if addr == "" {
		cancel()
		t.Fatalf("no address printed: %s", out.String())
	}
	type table struct {
		Key    string
		Online *bool
	}
	var got struct {
		Broker bool
		Tables []table
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get("http://" + addr + "/api/tables")
		if err == nil {
			json.NewDecoder(resp.Body).Decode(&got)
			resp.Body.Close()
			if len(got.Tables) == 2 {
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if len(got.Tables) != 2 || got.Tables[0].Key != "t1" || got.Tables[1].Key != "t2" {
		t.Fatalf("tables: got %+v, want t1 and t2", got.Tables)
	}
	if o := got.Tables[0].Online; o == nil || !*o {
		t.Errorf("t1 online: got %v, want true", o)
	}
	if o := got.Tables[1].Online; o == nil || *o {
		t.Errorf("t2 online: got %v, want false", o)
	}
	if !got.Broker {
		t.Error("broker: got disconnected, want connected")
	}
	resp, err := http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Contains(page, []byte("assets/hall.js")) {
		t.Errorf("hall page: %s", page)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("hall: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("hall did not stop")
	}
}
