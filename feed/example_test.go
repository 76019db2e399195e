package feed_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"github.com/cueref/cueref/feed"
	"github.com/cueref/cueref/shot"
)

// The feed on its embedded broker: a ruling is queued, and a scoreboard that
// connects afterwards gets it at once as the retained state.
func Example() {
	dir, _ := os.MkdirTemp("", "feed-example")
	defer os.RemoveAll(dir)

	f, err := feed.New(feed.Config{
		Prefix:   feed.TopicPrefix("club", "t3"),
		ClientID: "cueref-club-t3",
		QueueDir: filepath.Join(dir, "mqtt-queue"),
		Embedded: feed.EmbeddedConfig{TCPAddr: "127.0.0.1:0", WSAddr: "-"},
	}, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	if err := f.Start(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	f.SetStatus("ok", 59.8)
	if err := f.Ruling(&shot.Ruling{Seq: 1, Kind: "game", Game: "9ball", Players: []string{"Anna", "Boris"}}); err != nil {
		fmt.Println(err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.Flush(ctx); err != nil {
		fmt.Println(err)
		return
	}

	got := make(chan []byte, 1)
	sb := paho.NewClient(paho.NewClientOptions().AddBroker("tcp://" + f.Broker().TCPAddr()).SetClientID("scoreboard"))
	sb.Connect().Wait()
	defer sb.Disconnect(50)
	sb.Subscribe(f.Topic(feed.TopicState), 1, func(_ paho.Client, m paho.Message) { got <- m.Payload() }).Wait()
	var r shot.Ruling
	json.Unmarshal(<-got, &r)
	fmt.Println(f.Topic(feed.TopicState), r.Seq, r.Kind, r.Game, r.Players)
	fmt.Println("queued:", f.Stats().QueueDepth)
	// Output:
	// cueref/club/t3/state 1 game 9ball [Anna Boris]
	// queued: 0
}
