package referee

import "github.com/prometheus/client_golang/prometheus"

// Metrics are the referee loop's Prometheus metrics.
type Metrics struct {
	Rulings  *prometheus.CounterVec // by kind
	Commands *prometheus.CounterVec // by source and result: ok, rejected (a ruling of kind error), malformed
	Events   *prometheus.CounterVec // live tracker events by kind
	Dropped  prometheus.Counter     // live events dropped because the loop was busy
	Shots    prometheus.Counter
	Journal  prometheus.Histogram // seconds to append and fsync one record
	Records  prometheus.Gauge     // records in the journal (the last seq)
}

// NewMetrics creates the metrics and registers them with reg (none when nil).
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		Rulings: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cueref_rulings_total", Help: "Rulings given, by kind (shot, foul, decision, error, …).",
		}, []string{"kind"}),
		Commands: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cueref_commands_total", Help: "Commands received, by source and result (ok, rejected, malformed).",
		}, []string{"source", "result"}),
		Events: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "cueref_events_total", Help: "Live tracker events, by kind.",
		}, []string{"kind"}),
		Dropped: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cueref_events_dropped_total", Help: "Live events dropped because the referee loop was busy.",
		}),
		Shots: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "cueref_shots_total", Help: "Shot records received from the tracker.",
		}),
		Journal: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "cueref_journal_append_seconds",
			Help:    "Time to append and fsync one record to the match journal.",
			Buckets: prometheus.ExponentialBuckets(50e-6, 2, 14),
		}),
		Records: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "cueref_journal_records", Help: "Lines in the match journal (the last seq).",
		}),
	}
	if reg != nil {
		reg.MustRegister(m.Rulings, m.Commands, m.Events, m.Dropped, m.Shots, m.Journal, m.Records)
	}
	return m
}
