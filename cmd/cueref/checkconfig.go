package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/cueref/cueref/config"
)

func init() {
	register(command{
		name:    "check-config",
		summary: "check a configuration file; print every error with its key and line",
		run:     runCheckConfig,
	})
}

func runCheckConfig(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("check-config", stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cueref check-config FILE\n\nValidates FILE with the CUEREF_* environment overrides applied, prints\nevery error with its key and line, and exits 1 if there is any.")
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want one FILE, got %d arguments", errUsage, fs.NArg())
	}
	path := fs.Arg(0)
	c, err := config.Load(path, os.Environ())
	n := 0
	var es config.Errors
	if err != nil {
		if !errors.As(err, &es) {
			return err
		}
		for _, e := range es {
			fmt.Fprintln(stdout, e)
		}
		n += len(es)
	}
	if err := c.Validate(); err != nil {
		es = nil
		if !errors.As(err, &es) {
			return err
		}
		for _, e := range es {
			fmt.Fprintln(stdout, e)
		}
		n += len(es)
	}
	if n > 0 {
		return fmt.Errorf("%s: %d error(s)", path, n)
	}
	fmt.Fprintf(stdout, "%s: ok\n", path)
	return nil
}
