package clips_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/cueref/cueref/clips"
	"github.com/cueref/cueref/shot"
)

// A replay covers the shot from a second before the stroke to a second after
// every ball stopped, in the source's time.
func ExampleSpan() {
	start := 12.5
	s := &shot.Shot{Start: &start, Events: []shot.Event{
		{T: 0, Kind: shot.Strike},
		{T: 0.41, Kind: shot.Contact, A: 0, B: 3},
		{T: 3.48, Kind: shot.Stop},
	}}
	from, to, err := clips.Span(s, 1)
	fmt.Printf("%.2f … %.2f s %v\n", from, to, err)
	// Output: 11.50 … 16.98 s <nil>
}

// A clip plays in real time: a dropped frame is shown again at its tick.
func ExampleTicks() {
	kept := []float64{10.0, 10.1, 10.3, 10.4} // 10.2 was dropped
	fmt.Println(clips.Ticks(kept, 10))
	// Output: [0 1 1 2 3]
}

// Prune keeps the newest replays within the budget; a clip and its still go
// together, and other files are left alone.
func ExamplePrune() {
	dir, _ := os.MkdirTemp("", "clips")
	defer os.RemoveAll(dir)
	for name, size := range map[string]int{
		"clip-20261130-101500.000-seq3.avi": 3000, "clip-20261130-101500.000-seq3.png": 200,
		"clip-20261130-102000.000-seq7.avi": 3000, "clip-20261130-102000.000-seq7.png": 200,
		"journal.jsonl": 5000,
	} {
		os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644)
	}
	n, err := clips.Prune(dir, 4000)
	fmt.Println(n, err)
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		fmt.Println(e.Name())
	}
	// Output:
	// 2 <nil>
	// clip-20261130-102000.000-seq7.avi
	// clip-20261130-102000.000-seq7.png
	// journal.jsonl
}
