// Package journal keeps the match crash-safe: every input record the referee acts
// on (game, shot, decision, foul, undo, settle, call, lag) is appended to a JSON
// Lines file — a shot log of the contract, so `cueref replay` reads it — and
// fsync'd before the referee acts on it. On start the records are read back so
// the referee can replay them through a fresh rules engine. A torn last line (a
// crash in the middle of a write) is cut away and logged; a corrupt line before
// the last is an error that names the line.
package journal

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/cueref/cueref/shot"
)

// FileName is the journal's name in the state directory.
const FileName = "match.jsonl"

// Entry is one record read back from the journal.
type Entry struct {
	Line   int // 1-based line number: the record's seq
	Record shot.Record
}

// Journal is the open journal file. It is not safe for concurrent use: one
// goroutine (the referee's) owns it.
type Journal struct {
	f     *os.File
	path  string
	lines int
	size  int64
	log   *slog.Logger
}

// Open opens (or creates) the journal in dir and returns its records. A torn
// last line is truncated away and logged.
func Open(dir string, log *slog.Logger) (*Journal, []Entry, error) {
	if log == nil {
		log = slog.Default()
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	path := filepath.Join(dir, FileName)
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, nil, fmt.Errorf("journal: %w", err)
	}
	if errors.Is(statErr, os.ErrNotExist) {
		if err := syncDir(dir); err != nil {
			f.Close()
			return nil, nil, err
		}
	}
	j := &Journal{f: f, path: path, log: log}
	entries, err := j.load()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return j, entries, nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("journal: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("journal: sync %s: %w", dir, err)
	}
	return nil
}

// load reads every line, cuts a torn tail, and leaves the offset at the end.
func (j *Journal) load() ([]Entry, error) {
	data, err := io.ReadAll(j.f)
	if err != nil {
		return nil, fmt.Errorf("journal: read %s: %w", j.path, err)
	}
	good := bytes.LastIndexByte(data, '\n') + 1 // bytes up to the last complete line
	if good < len(data) {
		torn := len(data) - good
		line := bytes.Count(data[:good], []byte{'\n'}) + 1
		if err := j.f.Truncate(int64(good)); err != nil {
			return nil, fmt.Errorf("journal: cut torn line %d of %s: %w", line, j.path, err)
		}
		if err := j.f.Sync(); err != nil {
			return nil, fmt.Errorf("journal: sync %s: %w", j.path, err)
		}
		j.log.Warn("journal: torn last line cut away (the process stopped while writing it)",
			"file", j.path, "line", line, "bytes", torn)
		data = data[:good]
	}
	var entries []Entry
	n := 0
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		line := data[:i]
		data = data[i+1:]
		n++
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		rec, err := shot.Decode(line, n)
		if err != nil {
			return nil, fmt.Errorf("journal: %s is corrupt: %w", j.path, err)
		}
		entries = append(entries, Entry{Line: n, Record: rec})
	}
	j.lines = n
	j.size = int64(good)
	if _, err := j.f.Seek(j.size, io.SeekStart); err != nil {
		return nil, fmt.Errorf("journal: %w", err)
	}
	return entries, nil
}

// Append writes rec as one line and fsyncs it. It returns the record's line
// number and the bytes written (without the newline): decoding them gives the
// record exactly as a replay will see it. On error nothing is left in the file.
func (j *Journal) Append(rec shot.Record) (int, []byte, error) {
	b, err := shot.Encode(rec)
	if err != nil {
		return 0, nil, fmt.Errorf("journal: %w", err)
	}
	n, err := j.AppendLine(b)
	return n, b, err
}

// AppendLine writes one encoded record (no newline) and fsyncs it, returning its
// line number. The caller vouches that b decodes (shot.Decode); a line that does
// not would stop the next Open.
func (j *Journal) AppendLine(b []byte) (int, error) {
	if len(b) == 0 || bytes.IndexByte(b, '\n') >= 0 {
		return 0, errors.New("journal: a record must be one non-empty line")
	}
	line := make([]byte, 0, len(b)+1)
	line = append(append(line, b...), '\n')
	if _, err := j.f.Write(line); err != nil {
		j.rollback()
		return 0, fmt.Errorf("journal: write %s: %w", j.path, err)
	}
	if err := j.f.Sync(); err != nil {
		j.rollback()
		return 0, fmt.Errorf("journal: sync %s: %w", j.path, err)
	}
	j.size += int64(len(line))
	j.lines++
	return j.lines, nil
}

// rollback cuts a failed write off the file.
func (j *Journal) rollback() {
	_ = j.f.Truncate(j.size)
	_, _ = j.f.Seek(j.size, io.SeekStart)
}

// Lines is the number of lines in the journal (the last seq).
func (j *Journal) Lines() int { return j.lines }

// Path is the journal file.
func (j *Journal) Path() string { return j.path }

// Close closes the file.
func (j *Journal) Close() error {
	if j == nil || j.f == nil {
		return nil
	}
	err := j.f.Close()
	j.f = nil
	return err
}

// Rotate moves the journal in dir aside as match-<time>.jsonl, so the next Open
// starts a fresh match. It returns the new name ("" when there was no journal or
// it was empty; an empty one is removed). Old journals are never deleted.
func Rotate(dir string, now time.Time) (string, error) {
	path := filepath.Join(dir, FileName)
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("journal: %w", err)
	}
	if st.Size() == 0 {
		return "", os.Remove(path)
	}
	base := "match-" + now.UTC().Format("20060102T150405Z")
	to := filepath.Join(dir, base+".jsonl")
	for i := 2; ; i++ {
		if _, err := os.Stat(to); errors.Is(err, os.ErrNotExist) {
			break
		}
		to = filepath.Join(dir, fmt.Sprintf("%s-%d.jsonl", base, i))
	}
	if err := os.Rename(path, to); err != nil {
		return "", fmt.Errorf("journal: rotate: %w", err)
	}
	return to, syncDir(dir)
}
