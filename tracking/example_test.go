package tracking_test

import (
	"fmt"
	"math"

	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/tracking"
)

// A cue ball rolls straight into the 1 ball at 1 m/s and stops dead (a stun
// shot); the 1 ball rolls on, slowing down. The true contact is at 1.5429 s and
// the 1 ball stops at 3.5429 s, 2299 mm down the table. The tracker is fed 60 frames a second
// and tells each event as it finds it, then the shot when all is still.
func Example() {
	tab := table.MustNew("9ft")
	k, err := tracking.New(tracking.Config{Table: tab})
	if err != nil {
		fmt.Println(err)
		return
	}
	const (
		v     = 1000.0 // mm/s, the cue ball
		decel = 500.0  // mm/s², the 1 ball rolling out
	)
	cue, one := table.Point{X: 700, Y: 635}, table.Point{X: 1300, Y: 635}
	hit := (one.X - 2*tab.BallR - cue.X) / v // seconds after the stroke
	for f := 0; f < 60*8; f++ {
		t := float64(f) / 60
		s := t - 1 // the stroke is at 1 s
		c, o := cue, one
		switch {
		case s > hit:
			c.X = one.X - 2*tab.BallR
			d := s - hit
			if stop := v / decel; d > stop {
				d = stop
			}
			o.X += v*d - decel*d*d/2
		case s > 0:
			c.X += v * s
		}
		out, err := k.Push(t, []tracking.Obs{{Ball: 0, At: c, Confidence: 1}, {Ball: 1, At: o, Confidence: 1}})
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, x := range out {
			switch x.Kind {
			case tracking.OutEvent:
				fmt.Printf("%-7s at %.3f s\n", x.Event.Kind, x.T)
			case tracking.OutShot:
				fmt.Printf("shot: %d events, 1 ball from %.0f to %.0f mm\n", len(x.Shot.Events), x.Shot.Before[1][0], x.Shot.After[1][0])
				fmt.Println("first event:", x.Shot.Events[0].Kind == shot.Strike)
			}
		}
	}
	// Output:
	// strike  at 1.000 s
	// contact at 1.543 s
	// stop    at 3.543 s
	// shot: 3 events, 1 ball from 1300 to 2299 mm
	// first event: true
}

// The same stroke, told live: each event goes out provisionally on the first
// frame that shows it (OutProvisional), and again, confirmed and better timed,
// a few frames later (OutEvent). The frame that told each is printed: the
// contact is told on the first frame after it (at 1.550 s), where the cue
// ball's path carried on would lie inside the object ball.
func Example_provisional() {
	tab := table.MustNew("9ft")
	k, err := tracking.New(tracking.Config{Table: tab})
	if err != nil {
		fmt.Println(err)
		return
	}
	const v, decel = 1000.0, 500.0
	cue, one := table.Point{X: 700, Y: 635}, table.Point{X: 1300, Y: 635}
	hit := (one.X - 2*tab.BallR - cue.X) / v
	for f := 0; f < 60*8; f++ {
		t := float64(f) / 60
		s := t - 1
		c, o := cue, one
		switch {
		case s > hit:
			c.X = one.X - 2*tab.BallR
			d := math.Min(s-hit, v/decel)
			o.X += v*d - decel*d*d/2
		case s > 0:
			c.X += v * s
		}
		out, err := k.Push(t, []tracking.Obs{{Ball: 0, At: c, Confidence: 1}, {Ball: 1, At: o, Confidence: 1}})
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, x := range out {
			switch x.Kind {
			case tracking.OutProvisional:
				fmt.Printf("frame %3d: provisional %-7s at %.3f s\n", f, x.Event.Kind, x.T)
			case tracking.OutEvent:
				fmt.Printf("frame %3d: confirmed   %-7s at %.3f s\n", f, x.Event.Kind, x.T)
			}
		}
	}
	// Output:
	// frame  61: provisional strike  at 1.008 s
	// frame  62: confirmed   strike  at 1.000 s
	// frame  93: provisional contact at 1.543 s
	// frame  94: confirmed   contact at 1.543 s
	// frame 214: confirmed   stop    at 3.543 s
}
