package feed

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// The outgoing queue keeps every QoS-1 record (rulings and shots) on disk until the
// broker has acknowledged it. It lives in one directory:
//
//	LOCK                  flock'ed while a process uses the directory
//	head                  generation and offset of the first unacknowledged record
//	queue-<gen>.log       the records, appended and fsync'd one by one
//
// A record is a 9-byte header — body length (uint32 LE), CRC-32C of kind+body
// (uint32 LE), kind (1 byte) — followed by the body. Appends are fsync'd before
// push returns, so an accepted record survives a crash of the process or of the
// machine. Acknowledging a record only moves the head (a plain write, not fsync'd:
// it survives a crash of the process; after a power cut a few acknowledged records
// may be sent again, which QoS 1 allows). When the acknowledged prefix grows past
// compactBytes the pending records are copied into a new generation's file, the
// head is switched to it, and the old file is removed.

// Record kinds in the queue.
const (
	kindRuling      byte = 'r' // a ruling that also becomes the retained state
	kindErrorRuling byte = 'e' // a ruling of kind "error": published, not retained as state
	kindShot        byte = 's' // a shot record
)

const (
	recordHeader = 9
	headSize     = 20
	maxRecord    = 16 << 20
	compactBytes = 256 << 10
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// entry is one pending record. id grows by one per push, for this process only.
type entry struct {
	id   uint64
	off  int64 // where the record starts in the current log file
	end  int64 // where the next record starts
	kind byte
	data []byte
}

// queue is the persistent FIFO of outgoing QoS-1 records.
type queue struct {
	dir string
	max int
	log *slog.Logger

	mu      sync.Mutex
	lock    *os.File
	headF   *os.File
	logF    *os.File
	gen     uint64
	size    int64 // end of the last record in logF
	pending []entry
	nextID  uint64
	drops   uint64
	closed  bool
	notify  chan struct{}
}

func logName(gen uint64) string { return fmt.Sprintf("queue-%016x.log", gen) }

// openQueue opens (or creates) the queue in dir and loads the records left in it.
func openQueue(dir string, max int, log *slog.Logger) (*queue, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("feed: queue: %w", err)
	}
	lock, err := os.OpenFile(filepath.Join(dir, "LOCK"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("feed: queue: %w", err)
	}
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lock.Close()
		return nil, fmt.Errorf("feed: queue directory %s is in use by another process: %w", dir, err)
	}
	q := &queue{dir: dir, max: max, log: log, lock: lock, nextID: 1, notify: make(chan struct{}, 1)}
	if err := q.load(); err != nil {
		q.closeFiles()
		return nil, err
	}
	return q, nil
}

func (q *queue) load() error {
	var err error
	q.headF, err = os.OpenFile(filepath.Join(q.dir, "head"), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("feed: queue: %w", err)
	}
	gens, err := q.logGens()
	if err != nil {
		return err
	}
	gen, off, headOK := q.readHead()
	if !headOK {
		switch {
		case len(gens) == 0:
			gen, off = 1, 0
		default:
			// No valid head but logs exist: start from the oldest at offset 0.
			// Nothing is lost; acknowledged records may be sent again.
			gen, off = gens[0], 0
			q.log.Warn("feed: queue head unreadable, resending from the start of the log",
				keyDir, q.dir, keyFile, logName(gen))
		}
	}
	// Files of other generations are leftovers: older ones were fully copied into
	// gen, a newer one is an unfinished compaction (its records are still in gen).
	for _, g := range gens {
		if g != gen {
			os.Remove(filepath.Join(q.dir, logName(g)))
		}
	}
	q.gen = gen
	q.logF, err = os.OpenFile(filepath.Join(q.dir, logName(gen)), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("feed: queue: %w", err)
	}
	st, err := q.logF.Stat()
	if err != nil {
		return fmt.Errorf("feed: queue: %w", err)
	}
	if off > st.Size() {
		off = st.Size() // the log was emptied after the head was last written
	}
	end, err := q.scan(off)
	if err != nil {
		return err
	}
	if end < st.Size() {
		q.log.Warn("feed: queue log has a torn or corrupt tail, cut off",
			keyFile, logName(gen), keyOffset, end, keyBytes, st.Size()-end)
		if err := q.logF.Truncate(end); err != nil {
			return fmt.Errorf("feed: queue: %w", err)
		}
		if err := q.logF.Sync(); err != nil {
			return fmt.Errorf("feed: queue: %w", err)
		}
	}
	q.size = end
	if err := q.writeHead(off, true); err != nil {
		return err
	}
	for len(q.pending) > q.max {
		q.dropHead()
	}
	if len(q.pending) > 0 {
		q.log.Info("feed: queue loaded from disk", keyDir, q.dir, keyDepth, len(q.pending))
	}
	return nil
}

// logGens lists the generations of the log files in the directory, oldest first.
func (q *queue) logGens() ([]uint64, error) {
	names, err := filepath.Glob(filepath.Join(q.dir, "queue-*.log"))
	if err != nil {
		return nil, fmt.Errorf("feed: queue: %w", err)
	}
	var gens []uint64
	for _, n := range names {
		s := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(n), "queue-"), ".log")
		g, err := strconv.ParseUint(s, 16, 64)
		if err != nil {
			continue
		}
		gens = append(gens, g)
	}
	sort.Slice(gens, func(i, j int) bool { return gens[i] < gens[j] })
	return gens, nil
}

func (q *queue) readHead() (gen uint64, off int64, ok bool) {
	var b [headSize]byte
	if _, err := q.headF.ReadAt(b[:], 0); err != nil {
		return 0, 0, false
	}
	if crc32.Checksum(b[:16], castagnoli) != binary.LittleEndian.Uint32(b[16:]) {
		return 0, 0, false
	}
	gen = binary.LittleEndian.Uint64(b[0:])
	off = int64(binary.LittleEndian.Uint64(b[8:]))
	return gen, off, gen > 0 && off >= 0
}

func (q *queue) writeHead(off int64, sync bool) error {
	var b [headSize]byte
	binary.LittleEndian.PutUint64(b[0:], q.gen)
	binary.LittleEndian.PutUint64(b[8:], uint64(off))
	binary.LittleEndian.PutUint32(b[16:], crc32.Checksum(b[:16], castagnoli))
	if _, err := q.headF.WriteAt(b[:], 0); err != nil {
		return fmt.Errorf("feed: queue head: %w", err)
	}
	if sync {
		if err := q.headF.Sync(); err != nil {
			return fmt.Errorf("feed: queue head: %w", err)
		}
	}
	return nil
}

// scan reads the records from off and returns where the last good one ends.
func (q *queue) scan(off int64) (int64, error) {
	r := io.NewSectionReader(q.logF, off, 1<<62)
	pos := off
	var h [recordHeader]byte
	for {
		if _, err := io.ReadFull(r, h[:]); err != nil {
			return pos, nil // EOF or a torn header
		}
		n := binary.LittleEndian.Uint32(h[0:])
		sum := binary.LittleEndian.Uint32(h[4:])
		kind := h[8]
		if n > maxRecord || (kind != kindRuling && kind != kindErrorRuling && kind != kindShot) {
			return pos, nil
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return pos, nil
		}
		c := crc32.Update(crc32.Checksum([]byte{kind}, castagnoli), castagnoli, body)
		if c != sum {
			return pos, nil
		}
		end := pos + recordHeader + int64(n)
		q.pending = append(q.pending, entry{id: q.nextID, off: pos, end: end, kind: kind, data: body})
		q.nextID++
		pos = end
	}
}

func encodeRecord(kind byte, body []byte) []byte {
	b := make([]byte, recordHeader+len(body))
	binary.LittleEndian.PutUint32(b[0:], uint32(len(body)))
	c := crc32.Update(crc32.Checksum([]byte{kind}, castagnoli), castagnoli, body)
	binary.LittleEndian.PutUint32(b[4:], c)
	b[8] = kind
	copy(b[recordHeader:], body)
	return b
}

var errQueueClosed = errors.New("feed: queue closed")

// push appends a record and fsyncs it. When the queue is then over its bound, the
// oldest records are dropped (with a log line each and the drop counter).
func (q *queue) push(kind byte, body []byte) error {
	if len(body) > maxRecord {
		return fmt.Errorf("feed: record of %d bytes is over the queue's limit of %d", len(body), maxRecord)
	}
	rec := encodeRecord(kind, body)
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return errQueueClosed
	}
	if _, err := q.logF.WriteAt(rec, q.size); err != nil {
		q.logF.Truncate(q.size) // best effort: no half record stays behind
		return fmt.Errorf("feed: queue append: %w", err)
	}
	if err := q.logF.Sync(); err != nil {
		q.logF.Truncate(q.size)
		return fmt.Errorf("feed: queue fsync: %w", err)
	}
	data := append([]byte(nil), body...)
	q.pending = append(q.pending, entry{id: q.nextID, off: q.size, end: q.size + int64(len(rec)), kind: kind, data: data})
	q.nextID++
	q.size += int64(len(rec))
	for len(q.pending) > q.max {
		q.dropHead()
	}
	select {
	case q.notify <- struct{}{}:
	default:
	}
	return nil
}

// dropHead drops the oldest record because the queue is over its bound. q.mu held.
func (q *queue) dropHead() {
	e := q.pending[0]
	q.drops++
	q.log.Warn("feed: outgoing queue full, oldest record dropped",
		keyKind, string(e.kind), keyBytes, len(e.data), keyDepth, len(q.pending)-1, keyMax, q.max, keyDropped, q.drops)
	q.advance()
}

// advance removes the head record and moves the head past it. q.mu held.
func (q *queue) advance() {
	q.pending[0] = entry{}
	q.pending = q.pending[1:]
	off := q.size
	if len(q.pending) > 0 {
		off = q.pending[0].off
	}
	if err := q.writeHead(off, false); err != nil {
		q.log.Error("feed: queue head not written", keyErr, err)
	}
	if off >= compactBytes && (len(q.pending) == 0 || off*2 >= q.size) {
		if err := q.compact(); err != nil {
			q.log.Error("feed: queue compaction failed, keeping the old log", keyErr, err)
		}
	}
}

// compact copies the pending records into a new generation's file. q.mu held.
func (q *queue) compact() error {
	gen := q.gen + 1
	path := filepath.Join(q.dir, logName(gen))
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		f.Close()
		os.Remove(path)
		return err
	}
	var pos int64
	moved := make([]entry, len(q.pending))
	for i, e := range q.pending {
		rec := encodeRecord(e.kind, e.data)
		if _, err := f.WriteAt(rec, pos); err != nil {
			return fail(err)
		}
		e.off, e.end = pos, pos+int64(len(rec))
		moved[i] = e
		pos = e.end
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := syncDir(q.dir); err != nil {
		return fail(err)
	}
	old, oldGen := q.logF, q.gen
	q.gen = gen
	if err := q.writeHead(0, true); err != nil {
		q.gen = oldGen
		return fail(err)
	}
	q.logF, q.size = f, pos
	copy(q.pending, moved)
	old.Close()
	os.Remove(filepath.Join(q.dir, logName(oldGen)))
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// peek returns the oldest pending record.
func (q *queue) peek() (entry, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.pending) == 0 {
		return entry{}, false
	}
	return q.pending[0], true
}

// remove acknowledges record id: if it is still the oldest, it is removed. (It may
// have been dropped meanwhile because the queue overflowed.)
func (q *queue) remove(id uint64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed || len(q.pending) == 0 || q.pending[0].id != id {
		return
	}
	q.advance()
}

// laterState reports whether a record after id will replace the retained state.
func (q *queue) laterState(id uint64) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i := len(q.pending) - 1; i >= 0 && q.pending[i].id > id; i-- {
		if q.pending[i].kind == kindRuling {
			return true
		}
	}
	return false
}

func (q *queue) depth() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.pending)
}

func (q *queue) dropped() uint64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.drops
}

func (q *queue) close() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return nil
	}
	q.closed = true
	return q.closeFiles()
}

func (q *queue) closeFiles() error {
	var errs []error
	for _, f := range []*os.File{q.logF, q.headF, q.lock} {
		if f != nil {
			errs = append(errs, f.Close())
		}
	}
	return errors.Join(errs...)
}
