package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
	"github.com/cueref/cueref/web"
)

// The daemon's wiring: the referee's outputs go to the scoreboard, and the
// panel's commands go to the referee.
func ExampleServer() {
	s := web.NewServer(web.Config{Table: "t3", Hall: "club", Token: "change-me", Size: "9ft"})
	defer s.Close()
	ts := httptest.NewServer(s.Handler()) // the daemon mounts s.Handler() on its HTTP server
	defer ts.Close()

	engine, seq := rules.New(), 0
	judge := func(rec shot.Record) shot.Ruling {
		seq++
		r := engine.Apply(seq, rec)
		s.Record(rec) // the record and its ruling: the rack history can be replayed
		s.Ruling(r)
		return r
	}
	s.SetCommandSink(func(ctx context.Context, raw []byte) (bool, int, error) {
		rec, err := shot.Decode(raw, 0)
		if err != nil {
			return false, 0, err
		}
		r := judge(rec)
		if r.Kind == shot.KindError {
			return false, r.Seq, fmt.Errorf("%s", r.Error)
		}
		return true, r.Seq, nil
	})
	judge(&shot.Game{Game: "9ball", Players: []string{"Anna", "Boris"}, Race: 5})
	s.Status(true, 29.97)
	s.Positions(0, map[int]table.Point{0: {X: 500, Y: 635}})

	req, _ := http.NewRequest("POST", ts.URL+"/api/cmd", strings.NewReader(`{"type":"call","safety":true}`))
	req.Header.Set("Authorization", "Bearer change-me")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		panic(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, strings.Contains(string(b), `"ok":true`))
	// Output: 200 true
}
