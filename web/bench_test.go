package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"testing"

	"github.com/cueref/cueref/rules"
)

// BenchmarkRulingFanout measures the time from Ruling to the moment every one of
// ten connected pages has read it off its event stream (real HTTP, loopback).
func BenchmarkRulingFanout(b *testing.B) {
	s, ts := newTestServer(b, Config{Table: "t1"})
	base := judge(b, rules.New(), readTestdata(b, "ninegame.jsonl"), 1)[2].ruling
	const clients = 10
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var chans []<-chan sseEvent
	for i := 0; i < clients; i++ {
		ch := openEvents(b, ctx, ts.URL)
		next(b, ch) // state
		chans = append(chans, ch)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := base
		r.Seq = i + 1
		s.Ruling(r)
		for _, ch := range chans {
			ev := next(b, ch)
			var re rulingEvent
			if err := json.Unmarshal(ev.Data, &re); err != nil || re.Ruling.Seq != i+1 {
				b.Fatalf("got %s, want ruling %d", ev.Data, i+1)
			}
		}
	}
	b.ReportMetric(clients, "pages")
}

// BenchmarkPageWeight reports the bytes the table page ships (HTML, JS, CSS), plain
// and gzipped, and what one state event weighs mid-game.
func BenchmarkPageWeight(b *testing.B) {
	var plain, gz int
	for i := 0; i < b.N; i++ {
		plain, gz = 0, 0
		for _, name := range []string{"index.html", "common.js", "app.js", "style.css"} {
			data, err := fs.ReadFile(assets, name)
			if err != nil {
				b.Fatal(err)
			}
			plain += len(data)
			var buf bytes.Buffer
			w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			w.Write(data)
			w.Close()
			gz += buf.Len()
		}
	}
	s, ts := newTestServer(b, Config{Table: "t1"})
	feed(s, judge(b, rules.New(), readTestdata(b, "ninegame.jsonl"), 1))
	resp, err := http.Get(ts.URL + "/api/state")
	if err != nil {
		b.Fatal(err)
	}
	state, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	b.ReportMetric(float64(plain), "page-B")
	b.ReportMetric(float64(gz), "page-gzip-B")
	b.ReportMetric(float64(len(state)), "state-B")
}
