package journal

import (
	"testing"

	"github.com/cueref/cueref/shot"
)

// BenchmarkAppend: one shot record appended and fsync'd.
func BenchmarkAppend(b *testing.B) {
	j, _, err := Open(b.TempDir(), quiet())
	if err != nil {
		b.Fatal(err)
	}
	defer j.Close()
	rec := records()[2]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := j.Append(rec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/append")
}

// BenchmarkOpen: reading back a journal of 1000 shot records.
func BenchmarkOpen(b *testing.B) {
	dir := b.TempDir()
	j, _, _ := Open(dir, quiet())
	for i := 0; i < 1000; i++ {
		j.Append(records()[2])
	}
	j.Close()
	var _ shot.Record
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j, es, err := Open(dir, quiet())
		if err != nil || len(es) != 1000 {
			b.Fatal(err, len(es))
		}
		j.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*1000), "µs/record")
}
