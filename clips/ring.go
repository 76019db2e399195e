package clips

import (
	"sort"
	"sync"
)

// frame is one kept frame: JPEG bytes (never changed once kept) and its source time.
type frame struct {
	t    float64
	jpg  []byte
	w, h int // the kept frame's size
	srcW int // the source frame's width
}

// ring holds the frames of the last seconds, oldest first.
type ring struct {
	mu      sync.Mutex
	seconds float64
	buf     []frame
	head    int // buf[head:] are the frames
}

// push appends f and forgets frames older than seconds before it. A frame
// that goes back in time (a looping or restarted source) starts the ring over.
func (g *ring) push(f frame) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if n := len(g.buf); n > g.head && f.t <= g.buf[n-1].t {
		clear(g.buf)
		g.buf, g.head = g.buf[:0], 0
	}
	g.buf = append(g.buf, f)
	for g.head < len(g.buf) && f.t-g.buf[g.head].t > g.seconds {
		g.buf[g.head] = frame{}
		g.head++
	}
	// Move the frames down once the forgotten ones are half the slice.
	if g.head > 0 && g.head >= len(g.buf)/2 {
		n := copy(g.buf, g.buf[g.head:])
		clear(g.buf[n:])
		g.buf, g.head = g.buf[:n], 0
	}
}

func (g *ring) len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.buf) - g.head
}

// newest returns the time of the newest frame; ok is false when empty.
func (g *ring) newest() (t float64, ok bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.buf) == g.head {
		return 0, false
	}
	return g.buf[len(g.buf)-1].t, true
}

// span returns a copy of the frames with from ≤ t ≤ to, oldest first.
func (g *ring) span(from, to float64) []frame {
	g.mu.Lock()
	defer g.mu.Unlock()
	fs := g.buf[g.head:]
	i := sort.Search(len(fs), func(i int) bool { return fs[i].t >= from })
	j := sort.Search(len(fs), func(i int) bool { return fs[i].t > to })
	if i >= j {
		return nil
	}
	return append([]frame(nil), fs[i:j]...)
}
