package feed

import (
	"sort"
	"testing"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/cueref/cueref/shot"
)

// BenchmarkLatency measures publish→receive latency on loopback through mosquitto
// (set_tcp_nodelay true): for a ruling, from the call of Ruling (which appends and
// fsyncs it to the queue on disk) until a subscriber's handler has it; for an
// event, from Event (QoS 0, nothing on disk). One message in flight at a time.
func BenchmarkLatency(b *testing.B) {
	m := startMosquitto(b, "set_tcp_nodelay true")
	f := newTestFeed(b, Config{Broker: m.url()}, nil)
	waitConnected(b, f)
	got := make(chan time.Time, 16)
	o := paho.NewClientOptions().AddBroker(m.url()).SetClientID("bench-sub")
	sub := paho.NewClient(o)
	if tok := sub.Connect(); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		b.Fatal(tok.Error())
	}
	defer sub.Disconnect(50)
	h := func(paho.Client, paho.Message) { got <- time.Now() }
	if tok := sub.SubscribeMultiple(map[string]byte{prefix + TopicRuling: 1, prefix + TopicEvent: 0}, h); !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		b.Fatal(tok.Error())
	}
	r := ruling(1)
	cases := []struct {
		name string
		send func(i int)
	}{
		{"ruling", func(i int) {
			r.Seq = i
			if err := f.Ruling(r); err != nil {
				b.Fatal(err)
			}
		}},
		{"event", func(i int) { f.Event(shot.Event{T: float64(i), Kind: shot.Contact, A: 0, B: 5}) }},
	}
	// The ruling's latency is the fsync'd append plus the network; "after-disk"
	// counts from when Ruling returned, i.e. the network part alone.
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var lat, net []time.Duration
			for i := 0; b.Loop(); i++ {
				start := time.Now()
				c.send(i)
				sent := time.Now()
				select {
				case at := <-got:
					lat = append(lat, at.Sub(start))
					net = append(net, at.Sub(sent))
				case <-time.After(10 * time.Second):
					b.Fatalf("message %d not received within 10 s", i)
				}
			}
			report(b, lat, "")
			if c.name == "ruling" {
				report(b, net, "after-disk-")
			}
		})
	}
}

// report reports the 50th, 95th and 99th percentiles of ds in microseconds.
func report(b *testing.B, ds []time.Duration, prefix string) {
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	q := func(p float64) float64 { return float64(ds[int(p*float64(len(ds)-1))].Microseconds()) }
	b.ReportMetric(q(0.50), prefix+"p50-µs")
	b.ReportMetric(q(0.95), prefix+"p95-µs")
	b.ReportMetric(q(0.99), prefix+"p99-µs")
}
