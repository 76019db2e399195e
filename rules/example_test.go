package rules_test

import (
	"fmt"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

func Example() {
	e := rules.New()
	e.Apply(1, &shot.Game{Game: "9ball", Players: []string{"Anna", "Boris"}})

	// Anna breaks: the cue ball hits the 1 and the 5 drops.
	brk, _ := shot.Decode([]byte(`{"type":"shot","before":{"0":[400,635]},"events":[
		{"t":0,"kind":"strike","ball":0},{"t":0.3,"kind":"contact","a":0,"b":1},
		{"t":0.8,"kind":"pocket","ball":5,"pocket":"FL"},{"t":4,"kind":"stop"}],"after":{"0":[1300,600]}}`), 2)
	r := e.Apply(2, brk)
	fmt.Println(r.Text)

	// Then she hits the 4 before the 1.
	miss, _ := shot.Decode([]byte(`{"type":"shot","before":{"0":[1300,600]},"events":[
		{"t":0,"kind":"strike","ball":0},{"t":0.4,"kind":"contact","a":0,"b":4},
		{"t":0.9,"kind":"rail","ball":4,"rail":"foot"},{"t":3,"kind":"stop"}],"after":{"0":[1500,700]}}`), 3)
	r = e.Apply(3, miss)
	fmt.Println(r.Text)
	fmt.Println(r.Fouls[0].Code, r.Fouls[0].Rule, r.Next.Player, r.Next.BallInHand)

	s := e.Snapshot()
	fmt.Println(s.Next, s.BallInHand, s.LegalFirst, s.FoulsInRow["Anna"])
	// Output:
	// Rack 1, shot 1, Anna (break): legal, the 5 scored. Anna to shoot. A push-out may be played (rule 3.6).
	// Rack 1, shot 2, Anna: foul — the 4 was hit before the 1, lowest ball first (rule 3.8). Boris has ball in hand anywhere. Anna is on one foul.
	// wrong_ball_first 3.8 Boris table
	// Boris table [1] 1
}

func ExampleBalls() {
	fmt.Println(rules.Balls("9ball"))
	fmt.Println(len(rules.Balls("14.1")), rules.Balls("snooker") == nil)
	// Output:
	// [0 1 2 3 4 5 6 7 8 9]
	// 16 true
}
