package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/cueref/cueref/web"
)

func init() {
	register(command{
		name:    "hall",
		summary: "serve the hall scoreboard: every table that publishes under an MQTT prefix",
		run:     runHall,
	})
}

// runHall subscribes to the tables' retained state and status topics under a prefix
// and serves a page with one card per table (score, turn, last call; offline tables
// greyed out), updated live with Server-Sent Events.
func runHall(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("hall", stderr)
	broker := fs.String("broker", "tcp://localhost:1883", "MQTT broker URL (tcp://, ssl://, ws://, wss://)")
	prefix := fs.String("prefix", "cueref/+", `topic prefix of the hall's tables: "cueref/<hall>", or "cueref/+" for every hall`)
	listen := fs.String("listen", ":8090", "HTTP address to serve the hall page on")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cueref hall [--broker tcp://host:1883] [--prefix cueref/<hall>] [--listen :8090]")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected arguments %q", errUsage, fs.Args())
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	h, err := web.NewHall(web.HallConfig{Prefix: *prefix, Logger: log})
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	defer h.Close()
	disconnect, err := h.Connect(*broker)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	defer disconnect()

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("hall: %w", err)
	}
	srv := &http.Server{Handler: h.Handler(), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "cueref hall: serving http://%s/ (broker %s, topics %s/+/state|status)\n", ln.Addr(), *broker, *prefix)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("hall: %w", err)
	case <-ctx.Done():
	}
	h.Close() // ends the pages' event streams so that Shutdown does not wait for them
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("hall: %w", err)
	}
	return ctx.Err()
}
