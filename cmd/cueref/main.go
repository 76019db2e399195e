// Command cueref is the camera referee for pool tables. One binary, with
// subcommands: run the referee, replay a shot log through the rules, simulate and
// render games, calibrate a camera, detect and track balls, benchmark the whole
// pipeline. Run "cueref help" for the list.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"syscall"
)

// command is one subcommand. Each lives in its own file and registers itself.
type command struct {
	name    string
	summary string
	// run parses args (without the subcommand name) and does the work. It
	// returns errUsage (wrapped or not) for bad flags.
	run func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("cueref: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// errUsage marks an error in the command line; the exit status is 2.
var errUsage = errors.New("usage")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runMain(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// runMain dispatches to a subcommand and maps its error to an exit status.
func runMain(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		// With no arguments the referee runs on its embedded defaults.
		if _, ok := commands["run"]; ok {
			args = []string{"run"}
		} else {
			usage(stderr)
			return 2
		}
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "cueref: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	err := c.run(ctx, args[1:], stdin, stdout, stderr)
	switch {
	case err == nil, errors.Is(err, context.Canceled):
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		if err != errUsage {
			fmt.Fprintf(stderr, "cueref %s: %v\n", name, err)
		}
		return 2
	default:
		fmt.Fprintf(stderr, "cueref %s: %v\n", name, err)
		return 1
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: cueref <command> [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-13s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun \"cueref <command> -h\" for a command's flags.")
}

// newFlagSet returns a FlagSet for a subcommand that reports errors instead of exiting.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("cueref "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFlags parses args and wraps flag errors as usage errors.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return nil
}
