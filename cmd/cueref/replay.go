package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cueref/cueref/rules"
	"github.com/cueref/cueref/shot"
)

func init() {
	register(command{
		name:    "replay",
		summary: "judge a shot log (JSON Lines) by the rules and print one ruling per line",
		run:     runReplay,
	})
}

// runReplay reads a shot log from FILE or stdin ("-" or no argument), judges every
// line with a fresh rules.Engine and prints one ruling per input line: JSON Lines
// by default, readable text with --explain. A line that does not decode gets an
// error ruling and the rest is still judged; only an unreadable input fails.
func runReplay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", stderr)
	explain := fs.Bool("explain", false, "print the rulings as readable text instead of JSON Lines")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cueref replay [--explain] [FILE|-]")
		fs.PrintDefaults()
	}
	// Flags may come before or after FILE.
	var files []string
	for rest := args; ; {
		if err := parseFlags(fs, rest); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(files) > 1 {
		return fmt.Errorf("%w: want at most one FILE, got %d", errUsage, len(files))
	}
	in := stdin
	if len(files) == 1 && files[0] != "-" {
		name := files[0]
		f, err := os.Open(name)
		if err != nil {
			return fmt.Errorf("replay: %w", err)
		}
		defer f.Close()
		in = f
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	if err := replay(ctx, in, w, *explain); err != nil {
		return err
	}
	return w.Flush()
}

// replay judges every line of in and writes the rulings to w.
func replay(ctx context.Context, in io.Reader, w io.Writer, explain bool) error {
	eng := rules.New()
	rd := shot.NewReader(in)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		l, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("replay: reading input: %w", err)
		}
		var r shot.Ruling
		if l.Err != nil {
			r = eng.Reject(l.N, l.Err)
		} else {
			r = eng.Apply(l.N, l.Record)
		}
		if err := writeRuling(w, r, explain); err != nil {
			return err
		}
	}
}

func writeRuling(w io.Writer, r shot.Ruling, explain bool) error {
	if explain {
		_, err := fmt.Fprintln(w, explainLine(r))
		return err
	}
	b, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("replay: encoding ruling of line %d: %w", r.Seq, err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// explainLine is one ruling as text: the line number, the kind and the text.
func explainLine(r shot.Ruling) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%4d  %-8s ", r.Seq, r.Kind)
	switch {
	case r.Kind == shot.KindError:
		b.WriteString("ERROR: " + r.Error)
	case r.Text != "":
		b.WriteString(r.Text)
	default:
		fmt.Fprintf(&b, "next: %s", r.Next.Player)
	}
	return b.String()
}
