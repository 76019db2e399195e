package shot

import "time"

// Event kinds of the contract.
const (
	Strike   = "strike"
	Contact  = "contact"
	RailHit  = "rail"
	Pocketed = "pocket"
	OffTable = "off_table"
	Touch    = "touch"
	DoubleHt = "double_hit"
	Moving   = "moving"
	SettleEv = "settle"
	Stop     = "stop"
	Cross    = "cross" // lag only: the ball crossed y = W/2 into the opponent's half
)

// Event is one thing that happened during a shot, t seconds after the stroke. Which
// fields are meaningful depends on Kind, as in the contract's table:
//
//	strike, touch, moving, off_table: Ball
//	contact: A, B, At
//	rail: Ball, Rail, At
//	pocket: Ball, Pocket
//	settle: Ball, Pocket (optional)
//	double_hit, stop: nothing
//	cross (lag only): Ball (optional)
type Event struct {
	T      float64
	Kind   string
	Ball   int
	A, B   int
	Rail   string
	Pocket string
	At     *Point
	// Captured is when the frame that revealed the event was captured (live
	// events only; not part of a shot record). The MQTT feed sends it as the
	// extra field "captured" so subscribers can measure end-to-end latency.
	Captured time.Time
	// Provisional marks a live event told on the first frame that shows it,
	// before the tracker is sure of it (live events only; not part of a shot
	// record). A confirmed event of the same kind follows, with a better
	// time; the shot record alone is judged. The MQTT feed sends it as the
	// extra field "provisional": true.
	Provisional bool
}

// Balls returns the balls an event concerns.
func (e Event) Balls() []int {
	switch e.Kind {
	case Contact:
		return []int{e.A, e.B}
	case Strike, RailHit, Pocketed, OffTable, Touch, Moving, SettleEv, Cross:
		return []int{e.Ball}
	}
	return nil
}

// Other returns the ball a contact event pairs with b, and whether b took part.
func (e Event) Other(b int) (int, bool) {
	if e.Kind != Contact {
		return 0, false
	}
	switch b {
	case e.A:
		return e.B, true
	case e.B:
		return e.A, true
	}
	return 0, false
}

// field sets of each kind: which of ball, a/b, rail, pocket, at are required (r),
// optional (o) or absent (-).
type kindSpec struct {
	ball, ab, rail, pocket, at byte
}

var kinds = map[string]kindSpec{
	Strike:   {ball: 'r', ab: '-', rail: '-', pocket: '-', at: 'o'},
	Contact:  {ball: '-', ab: 'r', rail: '-', pocket: '-', at: 'o'},
	RailHit:  {ball: 'r', ab: '-', rail: 'r', pocket: '-', at: 'o'},
	Pocketed: {ball: 'r', ab: '-', rail: '-', pocket: 'r', at: 'o'},
	OffTable: {ball: 'r', ab: '-', rail: '-', pocket: '-', at: 'o'},
	Touch:    {ball: 'r', ab: '-', rail: '-', pocket: '-', at: 'o'},
	DoubleHt: {ball: '-', ab: '-', rail: '-', pocket: '-', at: 'o'},
	Moving:   {ball: 'r', ab: '-', rail: '-', pocket: '-', at: 'o'},
	SettleEv: {ball: 'r', ab: '-', rail: '-', pocket: 'o', at: 'o'},
	Stop:     {ball: '-', ab: '-', rail: '-', pocket: '-', at: '-'},
}

// lagKinds are the kinds allowed in a lag ball's events; the ball is implied.
var lagKinds = map[string]kindSpec{
	RailHit:  {ball: 'o', ab: '-', rail: 'r', pocket: '-', at: 'o'},
	Pocketed: {ball: 'o', ab: '-', rail: '-', pocket: 'r', at: 'o'},
	OffTable: {ball: 'o', ab: '-', rail: '-', pocket: '-', at: 'o'},
	Cross:    {ball: 'o', ab: '-', rail: '-', pocket: '-', at: 'o'},
	Stop:     {ball: '-', ab: '-', rail: '-', pocket: '-', at: '-'},
}
