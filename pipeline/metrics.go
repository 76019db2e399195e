package pipeline

import "github.com/prometheus/client_golang/prometheus"

// Metrics are the pipeline's Prometheus metrics.
type Metrics struct {
	Frames  prometheus.Counter
	Dropped prometheus.Counter
	Detect  prometheus.Histogram   // seconds to detect the balls of one frame
	Track   prometheus.Histogram   // seconds to track one frame and hand out its results
	Latency prometheus.Histogram   // seconds from capture to the end of tracking
	Events  *prometheus.CounterVec // live events by kind
}

// NewMetrics creates the metrics and registers them with reg (none when nil).
func NewMetrics(reg prometheus.Registerer) *Metrics {
	buckets := prometheus.ExponentialBuckets(250e-6, 2, 14) // 0.25 ms … 2 s
	m := &Metrics{
		Frames:  prometheus.NewCounter(prometheus.CounterOpts{Name: "cueref_frames_total", Help: "Frames read from the source."}),
		Dropped: prometheus.NewCounter(prometheus.CounterOpts{Name: "cueref_frames_dropped_total", Help: "Frames read but dropped because detection was behind."}),
		Detect:  prometheus.NewHistogram(prometheus.HistogramOpts{Name: "cueref_stage_detect_seconds", Help: "Ball detection time per frame.", Buckets: buckets}),
		Track:   prometheus.NewHistogram(prometheus.HistogramOpts{Name: "cueref_stage_track_seconds", Help: "Tracking time per frame.", Buckets: buckets}),
		Latency: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "cueref_frame_latency_seconds", Help: "From frame capture to the end of tracking.", Buckets: buckets}),
		Events:  prometheus.NewCounterVec(prometheus.CounterOpts{Name: "cueref_tracker_events_total", Help: "Events seen by the tracker, by kind."}, []string{"kind"}),
	}
	if reg != nil {
		reg.MustRegister(m.Frames, m.Dropped, m.Detect, m.Track, m.Latency, m.Events)
	}
	return m
}
