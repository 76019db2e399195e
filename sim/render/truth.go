package render

import (
	"math"
	"strconv"
)

func appendRound(b []byte, v float64, digits int) []byte {
	p := math.Pow10(digits)
	r := math.Round(v*p) / p
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.AppendFloat(b, r, 'f', -1, 64)
}

// MarshalJSON writes the frame as one truth.jsonl line:
//
//	{"frame":12,"t":0.2,"shot":0,"shot_t":-1.83,"balls":[{"ball":0,"at":[x,y],"px":[u,v],"on_bed":true,"visible":1,"speed":0,"z":28.58},…]}
//
// with positions in mm and pixels to 0.01, visible to 0.001 and speed in mm/s to 0.1.
func (f FrameTruth) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 96+len(f.Balls)*110)
	b = append(b, `{"frame":`...)
	b = strconv.AppendInt(b, int64(f.Frame), 10)
	b = append(b, `,"t":`...)
	b = appendRound(b, f.T, 5)
	b = append(b, `,"shot":`...)
	b = strconv.AppendInt(b, int64(f.Shot), 10)
	b = append(b, `,"shot_t":`...)
	b = appendRound(b, f.ShotT, 5)
	b = append(b, `,"balls":[`...)
	for i, tb := range f.Balls {
		if i > 0 {
			b = append(b, ',')
		}
		tb2, _ := tb.MarshalJSON()
		b = append(b, tb2...)
	}
	return append(b, "]}"...), nil
}

// MarshalJSON writes {"ball":n,"at":[x,y],"px":[u,v],"on_bed":…,"visible":…,"speed":…,"z":…}.
func (tb TruthBall) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 110)
	b = append(b, `{"ball":`...)
	b = strconv.AppendInt(b, int64(tb.Ball), 10)
	b = append(b, `,"at":[`...)
	b = appendRound(b, tb.At.X, 2)
	b = append(b, ',')
	b = appendRound(b, tb.At.Y, 2)
	b = append(b, `],"px":[`...)
	b = appendRound(b, tb.Px[0], 2)
	b = append(b, ',')
	b = appendRound(b, tb.Px[1], 2)
	b = append(b, `],"on_bed":`...)
	b = strconv.AppendBool(b, tb.OnBed)
	b = append(b, `,"visible":`...)
	b = appendRound(b, tb.Visible, 3)
	b = append(b, `,"speed":`...)
	b = appendRound(b, tb.Speed, 1)
	b = append(b, `,"z":`...)
	b = appendRound(b, tb.Z, 2)
	return append(b, '}'), nil
}
