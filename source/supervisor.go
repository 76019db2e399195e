package source

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	"gocv.io/x/gocv"
)

// Status is the camera's health as the referee reports it.
type Status struct {
	OK       bool
	Err      string // the last failure, when not OK
	Retries  int    // consecutive failed opens
	Restarts int    // how many times the source was reopened after a failure
}

// Supervisor keeps a source open: when opening fails or a read fails, it closes
// the source, reports the camera lost, and tries again with exponential backoff
// until the context ends. io.EOF from a finite source is passed through.
type Supervisor struct {
	Open       func() (Source, error)
	MinBackoff time.Duration // default 250 ms
	MaxBackoff time.Duration // default 10 s
	// OnStatus is called (from the reading goroutine) whenever the status changes.
	OnStatus func(Status)
	Log      *slog.Logger

	mu     sync.Mutex
	src    Source
	status Status
}

// Status returns the current status.
func (s *Supervisor) Status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

// Info returns the current source's info (zero while none is open).
func (s *Supervisor) Info() Info {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.src == nil {
		return Info{}
	}
	return s.src.Info()
}

func (s *Supervisor) setStatus(st Status) {
	s.mu.Lock()
	changed := st.OK != s.status.OK || st.Err != s.status.Err
	s.status = st
	s.mu.Unlock()
	if changed && s.OnStatus != nil {
		s.OnStatus(st)
	}
}

func (s *Supervisor) logger() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// Read returns the next frame, reopening the source as often as needed.
func (s *Supervisor) Read(ctx context.Context, dst *gocv.Mat) (Meta, error) {
	minB, maxB := s.MinBackoff, s.MaxBackoff
	if minB <= 0 {
		minB = 250 * time.Millisecond
	}
	if maxB < minB {
		maxB = 10 * time.Second
	}
	backoff := minB
	for {
		if err := ctx.Err(); err != nil {
			return Meta{}, err
		}
		s.mu.Lock()
		src := s.src
		s.mu.Unlock()
		if src == nil {
			var err error
			src, err = s.Open()
			if err != nil {
				st := s.Status()
				st.OK, st.Err = false, err.Error()
				st.Retries++
				s.setStatus(st)
				s.logger().Warn("source: open failed", "err", err, "retry_in", backoff)
				if !sleep(ctx, backoff) {
					return Meta{}, ctx.Err()
				}
				backoff = min(backoff*2, maxB)
				continue
			}
			s.mu.Lock()
			s.src = src
			s.mu.Unlock()
		}
		m, err := src.Read(ctx, dst)
		if err == nil {
			if st := s.Status(); !st.OK {
				st.OK, st.Err, st.Retries = true, "", 0
				s.setStatus(st)
				s.logger().Info("source: ok", "name", src.Info().Name)
			}
			backoff = minB
			return m, nil
		}
		if errors.Is(err, io.EOF) || ctx.Err() != nil {
			return Meta{}, err
		}
		s.logger().Warn("source: read failed; reopening", "err", err)
		s.mu.Lock()
		s.src = nil
		s.mu.Unlock()
		src.Close()
		st := s.Status()
		st.OK, st.Err = false, err.Error()
		st.Restarts++
		s.setStatus(st)
	}
}

// Close closes the current source.
func (s *Supervisor) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.src == nil {
		return nil
	}
	err := s.src.Close()
	s.src = nil
	return err
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
