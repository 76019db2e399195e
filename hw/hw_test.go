package hw

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cueref/cueref/shot"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

var t0 = time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)

// run is one stretch of constant level.
type run struct {
	L  gpio.Level
	ms int
}

// trace samples pin every millisecond for total ms, as runs of equal level.
func trace(c *ManualClock, pin *gpiotest.Pin, total int) []run {
	var out []run
	for i := 0; i < total; i++ {
		l := pin.Read()
		if n := len(out); n > 0 && out[n-1].L == l {
			out[n-1].ms++
		} else {
			out = append(out, run{l, 1})
		}
		c.Advance(time.Millisecond)
	}
	return out
}

func TestBuzzerPatterns(t *testing.T) {
	H, L := gpio.High, gpio.Low
	tests := []struct {
		p    Pattern
		want []run
	}{
		{Foul, []run{{H, 800}, {L, 200}}},
		{Warning, []run{{H, 150}, {L, 150}, {H, 150}, {L, 550}}},
		{GameOver, []run{{H, 150}, {L, 150}, {H, 150}, {L, 150}, {H, 150}, {L, 250}}},
	}
	for _, tt := range tests {
		t.Run(tt.p.Name, func(t *testing.T) {
			c := NewManualClock(t0)
			pin := &gpiotest.Pin{N: "GPIO22"}
			b, err := NewBuzzer(pin, c)
			if err != nil {
				t.Fatal(err)
			}
			b.Play(tt.p)
			if got := trace(c, pin, 1000); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

// A new pattern cuts the old one short; Halt leaves the pin Low for good.
func TestBuzzerInterruptAndHalt(t *testing.T) {
	c := NewManualClock(t0)
	pin := &gpiotest.Pin{N: "GPIO22"}
	b, _ := NewBuzzer(pin, c)
	b.Play(Foul)
	c.Advance(100 * time.Millisecond)
	b.Play(Warning) // the foul's timer must not end the warning's first tone early
	got := trace(c, pin, 1000)
	want := []run{{gpio.High, 150}, {gpio.Low, 150}, {gpio.High, 150}, {gpio.Low, 550}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after interrupt: got %v, want %v", got, want)
	}
	b.Play(GameOver)
	c.Advance(10 * time.Millisecond)
	if err := b.Halt(); err != nil {
		t.Fatal(err)
	}
	if got := trace(c, pin, 1000); !reflect.DeepEqual(got, []run{{gpio.Low, 1000}}) {
		t.Errorf("after Halt: got %v, want Low throughout", got)
	}
}

type pressLog struct {
	mu    sync.Mutex
	names []string
	cmds  []string
}

func (p *pressLog) send(name string, cmd []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.names = append(p.names, name)
	p.cmds = append(p.cmds, string(cmd))
}

func (p *pressLog) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.names)
}

func TestButtonDebounce(t *testing.T) {
	const db = 30 * time.Millisecond
	type step struct {
		edge    string // "down", "up" or "" (just wait)
		advance time.Duration
		presses int // presses seen after the step
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"clean press counts at exactly the debounce interval", []step{
			{"down", db - time.Millisecond, 0},
			{"", time.Millisecond, 1},
		}},
		{"bounces restart the interval", []step{
			{"down", 5 * time.Millisecond, 0},
			{"up", 3 * time.Millisecond, 0},
			{"down", 2 * time.Millisecond, 0},
			{"up", 1 * time.Millisecond, 0},
			{"down", db - time.Millisecond, 0},
			{"", time.Millisecond, 1},
		}},
		{"a glitch shorter than the interval is no press", []step{
			{"down", 10 * time.Millisecond, 0},
			{"up", db, 0},
			{"", time.Second, 0},
		}},
		{"holding counts once; release and press again counts twice", []step{
			{"down", db, 1},
			{"", 5 * time.Second, 1},
			{"up", db, 1},
			{"down", db, 2},
		}},
		{"release bounce does not count as a press", []step{
			{"down", db, 1},
			{"up", 2 * time.Millisecond, 1},
			{"down", 2 * time.Millisecond, 1},
			{"up", db, 1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewManualClock(t0)
			edges := make(chan gpio.Level) // unbuffered: a send returns once the watcher has it
			pin := &gpiotest.Pin{N: "GPIO26", EdgesChan: edges}
			var log pressLog
			b, err := NewButtons([]Button{{Name: "undo", Pin: pin, Command: Commands["undo"]}}, db, c, log.send, slog.New(slog.DiscardHandler))
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error)
			go func() { done <- b.Run(ctx) }()
			scheduled := 0
			for i, s := range tt.steps {
				switch s.edge {
				case "down":
					edges <- gpio.Low
				case "up":
					edges <- gpio.High
				}
				if s.edge != "" {
					scheduled++
					c.WaitScheduled(scheduled) // the watcher has armed its timer
				}
				c.Advance(s.advance)
				if got := log.count(); got != s.presses {
					t.Fatalf("step %d (%s, +%v): got %d presses, want %d", i, s.edge, s.advance, got, s.presses)
				}
			}
			cancel()
			<-done
			for _, cmd := range log.cmds {
				if cmd != `{"type":"undo"}` {
					t.Errorf("got command %s, want {\"type\":\"undo\"}", cmd)
				}
			}
		})
	}
}

func TestConsolePinLogs(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	l, err := NewLamp("foul", ConsolePin("lamp", "foul", log))
	if err != nil {
		t.Fatal(err)
	}
	_ = l.Set(true)
	_ = l.Set(true) // no change, no line
	_ = l.Set(false)
	want := "level=INFO msg=\"lamp foul on\" device=lamp name=foul state=on\n" +
		"level=INFO msg=\"lamp foul off\" device=lamp name=foul state=off\n"
	if buf.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func ptr[T any](v T) *T { return &v }

func TestPanel(t *testing.T) {
	c := NewManualClock(t0)
	foulPin, readyPin, buzzPin := &gpiotest.Pin{N: "GPIO17"}, &gpiotest.Pin{N: "GPIO27"}, &gpiotest.Pin{N: "GPIO22"}
	foul, _ := NewLamp("foul", foulPin)
	ready, _ := NewLamp("ready", readyPin)
	buzz, _ := NewBuzzer(buzzPin, c)
	p := &Panel{FoulLamp: foul, ReadyLamp: ready, Buzzer: buzz}

	next := shot.Next{Player: "Boris", BallInHand: shot.InHandTable}
	type check struct {
		foul, ready bool
		buzz        []run // the buzzer over the next second
	}
	silent := []run{{gpio.Low, 1000}}
	steps := []struct {
		name string
		do   func()
		want check
	}{
		{"game", func() { p.Ruling(shot.Ruling{Kind: "game", Next: shot.Next{Player: "Anna"}}) }, check{false, true, silent}},
		{"strike", func() { p.Event(shot.Event{Kind: shot.Strike}) }, check{false, false, silent}},
		{"foul", func() {
			p.Ruling(shot.Ruling{Kind: "shot", Legal: ptr(false), Fouls: []shot.FoulCall{{Code: "no_rail", Rule: "1.17"}}, Next: next})
		}, check{true, true, []run{{gpio.High, 800}, {gpio.Low, 200}}}},
		{"call keeps the foul lamp", func() { p.Ruling(shot.Ruling{Kind: "call", Next: next}) }, check{true, true, silent}},
		{"a provisional strike waits", func() { p.Event(shot.Event{Kind: shot.Strike, Provisional: true}) }, check{true, true, silent}},
		{"error changes nothing", func() { p.Ruling(shot.Ruling{Kind: shot.KindError}) }, check{true, true, silent}},
		{"next strike", func() { p.Event(shot.Event{Kind: shot.Strike}) }, check{false, false, silent}},
		{"second foul warns", func() {
			p.Ruling(shot.Ruling{Kind: "shot", Fouls: []shot.FoulCall{{Code: "no_rail"}}, Warning: "Boris is on two fouls", Next: next})
		}, check{true, true, []run{{gpio.High, 150}, {gpio.Low, 150}, {gpio.High, 150}, {gpio.Low, 550}}}},
		{"options wait for a decision", func() {
			p.Ruling(shot.Ruling{Kind: "shot", Legal: ptr(true), Next: shot.Next{Player: "Anna", Options: []string{"accept", "pass"}}})
		}, check{false, false, silent}},
		{"game over", func() {
			p.Ruling(shot.Ruling{Kind: "shot", Legal: ptr(true), GameOver: &shot.Outcome{Winner: ptr("Anna"), Reason: "nine_pocketed"}, Next: shot.Next{Player: "Anna"}})
		}, check{false, true, []run{{gpio.High, 150}, {gpio.Low, 150}, {gpio.High, 150}, {gpio.Low, 150}, {gpio.High, 150}, {gpio.Low, 250}}}},
		{"match over", func() {
			p.Ruling(shot.Ruling{Kind: "shot", Legal: ptr(true), MatchOver: &shot.Outcome{Winner: ptr("Anna"), Reason: "nine_pocketed"}, GameOver: &shot.Outcome{Winner: ptr("Anna")}, Next: shot.Next{Player: "Boris"}})
		}, check{false, false, []run{{gpio.High, 150}, {gpio.Low, 150}, {gpio.High, 150}, {gpio.Low, 150}, {gpio.High, 150}, {gpio.Low, 250}}}},
	}
	for _, s := range steps {
		s.do()
		if got := foulPin.Read() == gpio.High; got != s.want.foul {
			t.Errorf("%s: foul lamp got %v, want %v", s.name, got, s.want.foul)
		}
		if got := readyPin.Read() == gpio.High; got != s.want.ready {
			t.Errorf("%s: ready lamp got %v, want %v", s.name, got, s.want.ready)
		}
		if got := trace(c, buzzPin, 1000); !reflect.DeepEqual(got, s.want.buzz) {
			t.Errorf("%s: buzzer got %v, want %v", s.name, got, s.want.buzz)
		}
	}
	p.Ruling(shot.Ruling{Kind: "shot", Fouls: []shot.FoulCall{{Code: "no_rail"}}, Next: next})
	if err := p.Halt(); err != nil {
		t.Fatal(err)
	}
	for _, pin := range []*gpiotest.Pin{foulPin, readyPin, buzzPin} {
		if pin.Read() != gpio.Low {
			t.Errorf("after Halt %s is %v, want Low", pin.N, pin.Read())
		}
	}
}

func TestOpenBackends(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	p, b, err := Open(Setup{Backend: "console", FoulLamp: "GPIO17", ReadyLamp: "GPIO27", Buzzer: "GPIO22", Log: log})
	if err != nil || b != nil || p.FoulLamp == nil || p.Buzzer == nil {
		t.Fatalf("console: got %v, %v, %v", p, b, err)
	}
	p.Ruling(shot.Ruling{Kind: "shot", Fouls: []shot.FoulCall{{Code: "no_rail"}}, Next: shot.Next{Player: "Anna"}})
	for _, want := range []string{`msg="lamp foul on"`, `msg="lamp ready on"`, `msg="buzzer on"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("console log lacks %s:\n%s", want, buf.String())
		}
	}
	_ = p.Halt()
	if _, _, err := Open(Setup{Backend: "pigpio"}); err == nil || !strings.HasPrefix(err.Error(), "hw: unknown backend") {
		t.Errorf("unknown backend: got %v", err)
	}
	if p, b, err := Open(Setup{Backend: "none"}); err != nil || b != nil || p == nil {
		t.Errorf("none: got %v %v %v", p, b, err)
	}
}

func ExampleBuzzer() {
	c := NewManualClock(time.Time{})
	pin := &gpiotest.Pin{N: "GPIO22"}
	b, _ := NewBuzzer(pin, c)
	b.Play(Warning)
	for i := 0; i < 4; i++ {
		fmt.Println(c.Now().Sub(time.Time{}), pin.Read())
		c.Advance(150 * time.Millisecond)
	}
	// Output:
	// 0s High
	// 150ms Low
	// 300ms High
	// 450ms Low
}

// The periph backend finds pins by name in gpioreg: here gpiotest pins
// registered under test names stand in for the Pi's.
func TestOpenPeriphByName(t *testing.T) {
	pins := map[string]*gpiotest.Pin{}
	for _, n := range []string{"TFOUL", "TREADY", "TBUZZ", "TUNDO", "TRACK"} {
		p := &gpiotest.Pin{N: n, EdgesChan: make(chan gpio.Level)}
		if err := gpioreg.Register(p); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { gpioreg.Unregister(n) })
		pins[n] = p
	}
	c := NewManualClock(t0)
	var log pressLog
	p, b, err := Open(Setup{Backend: "periph", FoulLamp: "TFOUL", ReadyLamp: "TREADY", Buzzer: "TBUZZ",
		Buttons:  map[string]string{"undo": "TUNDO", "new_rack": "TRACK"},
		Commands: map[string][]byte{"new_rack": []byte(`{"type":"game","game":"9ball","players":["A","B"]}`)},
		Debounce: 20 * time.Millisecond, Clock: c, Send: log.send, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	p.Ruling(shot.Ruling{Kind: "shot", Fouls: []shot.FoulCall{{Code: "no_rail"}}, Next: shot.Next{Player: "A"}})
	if pins["TFOUL"].Read() != gpio.High || pins["TREADY"].Read() != gpio.High || pins["TBUZZ"].Read() != gpio.High {
		t.Errorf("after a foul: foul %v ready %v buzzer %v, want all High", pins["TFOUL"].Read(), pins["TREADY"].Read(), pins["TBUZZ"].Read())
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- b.Run(ctx) }()
	pins["TRACK"].EdgesChan <- gpio.Low
	c.WaitScheduled(2) // the buzzer's timer, then the button's
	c.Advance(20 * time.Millisecond)
	pins["TUNDO"].EdgesChan <- gpio.Low
	c.WaitScheduled(3)
	c.Advance(20 * time.Millisecond)
	cancel()
	<-done
	want := []string{`{"type":"game","game":"9ball","players":["A","B"]}`, `{"type":"undo"}`}
	if !reflect.DeepEqual(log.cmds, want) || !reflect.DeepEqual(log.names, []string{"new_rack", "undo"}) {
		t.Errorf("got %v %v, want new_rack then undo: %v", log.names, log.cmds, want)
	}
	if err := p.Halt(); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"TFOUL", "TREADY", "TBUZZ"} {
		if pins[n].Read() != gpio.Low {
			t.Errorf("after Halt %s is High", n)
		}
	}
	if _, _, err := Open(Setup{Backend: "periph", FoulLamp: "NOSUCHPIN"}); err == nil || !strings.Contains(err.Error(), `no GPIO pin named "NOSUCHPIN"`) {
		t.Errorf("missing pin: got %v", err)
	}
}
