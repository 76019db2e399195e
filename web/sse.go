package web

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"time"
)

// sseMessage formats one Server-Sent Event. data must be one line (compact JSON).
func sseMessage(id int64, event string, data []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(data) + len(event) + 32)
	b.WriteString("id: ")
	b.WriteString(strconv.FormatInt(id, 10))
	b.WriteString("\nevent: ")
	b.WriteString(event)
	b.WriteString("\ndata: ")
	b.Write(bytes.ReplaceAll(data, []byte("\n"), []byte("\ndata: ")))
	b.WriteString("\n\n")
	return b.Bytes()
}

// sseWriter streams events to one browser.
type sseWriter struct {
	w  http.ResponseWriter
	rc *http.ResponseController
}

// heartbeat keeps idle streams open through proxies and detects gone clients.
const heartbeat = 15 * time.Second

func newSSE(w http.ResponseWriter) (*sseWriter, bool) {
	if _, ok := w.(http.Flusher); !ok {
		return nil, false
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("Connection", "keep-alive")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	return &sseWriter{w: w, rc: http.NewResponseController(w)}, true
}

// stream writes messages from ch until ch is closed, the request ends or done closes.
func (s *sseWriter) stream(ctx context.Context, ch <-chan []byte, done <-chan struct{}) {
	// The browser waits 2 s before reconnecting after the stream ends.
	if _, err := s.w.Write([]byte("retry: 2000\n\n")); err != nil {
		return
	}
	s.rc.Flush()
	hb := time.NewTicker(heartbeat)
	defer hb.Stop()
	for {
		select {
		case msg, ok := <-ch:
			if !ok {
				return
			}
			s.rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := s.w.Write(msg); err != nil {
				return
			}
			// Write whatever else is queued before flushing.
			for more := true; more; {
				select {
				case m, ok := <-ch:
					if !ok {
						s.rc.Flush()
						return
					}
					if _, err := s.w.Write(m); err != nil {
						return
					}
				default:
					more = false
				}
			}
			if s.rc.Flush() != nil {
				return
			}
		case <-hb.C:
			s.rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := s.w.Write([]byte(": ping\n\n")); err != nil {
				return
			}
			if s.rc.Flush() != nil {
				return
			}
		case <-ctx.Done():
			return
		case <-done:
			return
		}
	}
}
