package feed

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the feed's goroutines to log into.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestStopQuietly: a referee stopped by its context (SIGTERM) takes its
// embedded broker down with it, and the feed's client sees the connection
// end before Close runs. That is the shutdown, not a lost broker: nothing is
// logged as a warning.
func TestStopQuietly(t *testing.T) {
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	f, err := New(Config{
		Prefix: TopicPrefix("hall1", "t1"), ClientID: "cueref-test",
		QueueDir: filepath.Join(t.TempDir(), "queue"), ReconnectMax: time.Second,
		Embedded: EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "-"},
	}, log, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := f.Start(ctx); err != nil {
		cancel()
		t.Fatal(err)
	}
	waitConnected(t, f)
	cancel()
	deadline := time.Now().Add(5 * time.Second)
	for f.Stats().Connected && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if f.Stats().Connected {
		t.Fatal("still connected 5 s after the context was cancelled; want the embedded broker stopped with it")
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "level=WARN") || strings.Contains(l, "level=ERROR") {
			t.Errorf("logged on a clean stop: %s", l)
		}
	}
	if !strings.Contains(logs.String(), "feed: closed") {
		t.Errorf("no \"feed: closed\" in the log:\n%s", logs.String())
	}
}
