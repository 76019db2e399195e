package clips

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gocv.io/x/gocv"

	"github.com/cueref/cueref/calibration"
	"github.com/cueref/cueref/shot"
	"github.com/cueref/cueref/table"
)

// job is one replay to write: the shot and the ruling that asked for it.
type job struct {
	seq    int
	fouls  []shot.FoulCall
	review string
	shot   *shot.Shot
	queued time.Time
}

// eps absorbs the rounding of source times at the span's ends.
const eps = 1e-6

// maxWait is how long a request waits, past its margin, for the frames after
// the stop to arrive before the clip is written with what there is.
const maxWait = 3 * time.Second

// Span is the source-time interval a clip covers: Margin before the stroke to
// Margin after the stop (the last event when there is no stop).
func Span(s *shot.Shot, margin float64) (from, to float64, err error) {
	if s == nil || s.Start == nil {
		return 0, 0, errors.New("clips: the shot has no start time")
	}
	var end float64
	for _, e := range s.Events {
		end = math.Max(end, e.T)
	}
	return *s.Start - margin, *s.Start + end + margin, nil
}

func (r *Recorder) handle(ctx context.Context, j job) error {
	from, to, err := Span(j.shot, r.cfg.Margin)
	if err != nil {
		return err
	}
	// Wait for the frames up to the end of the span (the ruling comes once the
	// tracker saw every ball at rest, which may be before stop + Margin).
	deadline := j.queued.Add(time.Duration(r.cfg.Margin*float64(time.Second)) + maxWait)
	for {
		if t, ok := r.ring.newest(); ok && t >= to-eps {
			break
		}
		if time.Now().After(deadline) {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	frames := r.ring.span(from-eps, to+eps)
	if len(frames) == 0 {
		return fmt.Errorf("clips: no frames kept between %.3f and %.3f s", from, to)
	}
	if late := frames[0].t - from; late > 0.5 {
		r.log.Warn("clips: the shot began before the kept frames; its clip starts late (raise replay.seconds)",
			"seq", j.seq, "late_s", late)
	}
	base := fmt.Sprintf("clip-%s-seq%d", time.Now().UTC().Format("20060102-150405.000"), j.seq)
	avi := filepath.Join(r.cfg.Dir, base+".avi")
	png := filepath.Join(r.cfg.Dir, base+".png")
	fps, written, err := r.writeVideo(avi, frames)
	if err != nil {
		os.Remove(avi)
		return err
	}
	d := decide(j)
	if err := r.writeStill(png, frames, j, d); err != nil {
		os.Remove(avi)
		os.Remove(png)
		return err
	}
	r.log.Info("clips: replay written", "seq", j.seq, "file", avi, "kept", len(frames), "frames", written, "fps", fps,
		"from", frames[0].t, "to", frames[len(frames)-1].t, "decides", d.label)
	if err := r.prune(); err != nil {
		r.log.Warn("clips: prune", "err", err)
	}
	if r.cfg.Publish != nil {
		// The still first: the scoreboard links a ruling's last clip, the video.
		for _, p := range []string{png, avi} {
			if _, err := os.Stat(p); err != nil {
				continue // pruned at once: over the budget on its own
			}
			if err := r.cfg.Publish(filepath.Base(p), p, j.seq); err != nil {
				r.log.Warn("clips: publish", "file", p, "err", err)
			}
		}
	}
	// Counted last, once published, so that Stats never runs ahead of what a
	// scoreboard can link.
	r.clips.Add(1)
	return nil
}

// clipFPS is the clip's frame rate: Config.FPS, or the kept frames' median
// frame interval.
func (r *Recorder) clipFPS(frames []frame) float64 {
	if r.cfg.FPS > 0 {
		return r.cfg.FPS
	}
	if len(frames) < 2 {
		return 30
	}
	d := make([]float64, 0, len(frames)-1)
	for i := 1; i < len(frames); i++ {
		d = append(d, frames[i].t-frames[i-1].t)
	}
	sort.Float64s(d)
	if m := d[len(d)/2]; m > 1.0/240 {
		return math.Round(1000/m) / 1000
	}
	return 30
}

// Ticks returns, for a clip at fps of frames kept at times ts (ascending), the
// index of the frame shown at each tick: the newest frame not after the tick
// (half a frame of jitter allowed). Ticks run from ts[0] to ts[len-1], so a
// clip plays in real time even when frames were dropped.
func Ticks(ts []float64, fps float64) []int {
	if len(ts) == 0 {
		return nil
	}
	n := int(math.Floor((ts[len(ts)-1]-ts[0])*fps+0.5)) + 1
	out := make([]int, n)
	k := 0
	for i := range out {
		tick := ts[0] + float64(i)/fps + 0.5/fps
		for k+1 < len(ts) && ts[k+1] <= tick {
			k++
		}
		out[i] = k
	}
	return out
}

// writeVideo writes the clip and returns its frame rate and frame count.
func (r *Recorder) writeVideo(path string, frames []frame) (fps float64, written int, err error) {
	fps = r.clipFPS(frames)
	w, h := frames[0].w, frames[0].h
	vw, err := gocv.VideoWriterFile(path, "MJPG", fps, w, h, true)
	if err != nil {
		return 0, 0, fmt.Errorf("clips: %s: %w", path, err)
	}
	if !vw.IsOpened() {
		vw.Close()
		return 0, 0, fmt.Errorf("clips: %s: the MJPG writer did not open", path)
	}
	ts := make([]float64, len(frames))
	for i, f := range frames {
		ts[i] = f.t
	}
	img := gocv.NewMat()
	defer img.Close()
	sized := gocv.NewMat()
	defer sized.Close()
	shown := -1
	for _, k := range Ticks(ts, fps) {
		if k != shown {
			if err := decodeInto(frames[k].jpg, &img); err != nil {
				vw.Close()
				return 0, 0, err
			}
			shown = k
		}
		out := img
		if img.Cols() != w || img.Rows() != h { // the source changed size mid-clip
			gocv.Resize(img, &sized, image.Pt(w, h), 0, 0, gocv.InterpolationLinear)
			out = sized
		}
		if err := vw.Write(out); err != nil {
			vw.Close()
			return 0, 0, fmt.Errorf("clips: %s: %w", path, err)
		}
		written++
	}
	if err := vw.Close(); err != nil {
		return 0, 0, fmt.Errorf("clips: %s: %w", path, err)
	}
	return fps, written, nil
}

// decodeInto decodes JPEG bytes into dst (gocv 0.31 has no IMDecode into a
// given Mat: the decoded Mat is copied and closed).
func decodeInto(jpg []byte, dst *gocv.Mat) error {
	m, err := gocv.IMDecode(jpg, gocv.IMReadColor)
	if err != nil {
		return fmt.Errorf("clips: decode: %w", err)
	}
	defer m.Close()
	if m.Empty() {
		return errors.New("clips: decode: empty frame")
	}
	m.CopyTo(dst)
	return nil
}

// decision is the deciding moment of a replay: the event the still shows.
type decision struct {
	event shot.Event // the deciding event (Kind "" when none)
	t     float64    // seconds from the stroke
	label string     // what decided, for the still's caption and the log
}

// decide picks the deciding moment: for a foul, the event that shows it (a
// scratch: the cue ball's pocket event; no_rail, no_contact, illegal_break:
// the stop; …); for a review or anything else, the first contact.
func decide(j job) decision {
	s := j.shot
	find := func(ok func(e shot.Event) bool) (shot.Event, bool) {
		for _, e := range s.Events {
			if ok(e) {
				return e, true
			}
		}
		return shot.Event{}, false
	}
	kind := func(k string) func(shot.Event) bool { return func(e shot.Event) bool { return e.Kind == k } }
	firstContact := func() (shot.Event, bool) {
		if e, ok := find(func(e shot.Event) bool { return e.Kind == shot.Contact && (e.A == 0 || e.B == 0) }); ok {
			return e, true
		}
		return find(kind(shot.Contact))
	}
	for _, f := range j.fouls {
		label := f.Code
		if f.Rule != "" {
			label += " (rule " + f.Rule + ")"
		}
		var e shot.Event
		var ok bool
		switch f.Code {
		case shot.CueBallPocketed:
			e, ok = find(func(e shot.Event) bool { return e.Kind == shot.Pocketed && e.Ball == 0 })
		case shot.CueBallOffTable:
			e, ok = find(func(e shot.Event) bool { return e.Kind == shot.OffTable && e.Ball == 0 })
		case shot.ObjectBallOffTable:
			e, ok = find(func(e shot.Event) bool { return e.Kind == shot.OffTable && e.Ball != 0 })
		case shot.WrongBallFirst, shot.KitchenFirstContact, shot.FrozenBallRail:
			e, ok = firstContact()
		case shot.NoContact, shot.NoRail, shot.IllegalBreak:
			e, ok = find(kind(shot.Stop))
		case shot.BallsMoving:
			e, ok = find(kind(shot.Moving))
		case shot.TouchedBall:
			e, ok = find(kind(shot.Touch))
		case shot.DoubleHit:
			e, ok = find(kind(shot.DoubleHt))
		case shot.CueBallOutsideKitchen:
			e, ok = find(kind(shot.Strike))
		}
		if ok {
			return decision{event: e, t: e.T, label: label}
		}
	}
	label := "review"
	if j.review != "" {
		label = "review: " + j.review
	} else if len(j.fouls) > 0 {
		label = j.fouls[0].Code
	}
	if e, ok := firstContact(); ok {
		return decision{event: e, t: e.T, label: label}
	}
	if e, ok := find(kind(shot.Strike)); ok {
		return decision{event: e, t: e.T, label: label}
	}
	return decision{label: label}
}

// Colours of the still.
var (
	// Deciding is the colour of the deciding event's marker: magenta, which
	// neither cloth nor balls nor the other marks use.
	Deciding = color.RGBA{R: 255, G: 0, B: 255}
	other    = color.RGBA{R: 255, G: 230, B: 0} // yellow: the shot's other events so far
	white    = color.RGBA{R: 255, G: 255, B: 255}
	black    = color.RGBA{}
)

// projector maps table mm to the kept frame's pixels.
type projector struct {
	cal   *calibration.Calibration
	scale float64
}

// point returns where the event's position is seen: a contact at ball-centre
// height, a rail touch and a pocket mouth at cushion-nose height, a ball
// without a position (strike, touch, moving) at its place before the stroke,
// the stop at the cue ball's place at rest.
func (p projector) point(e shot.Event, s *shot.Shot) (image.Point, bool) {
	if p.cal == nil {
		return image.Point{}, false
	}
	var q [2]float64
	switch {
	case e.Kind == shot.Contact && e.At != nil:
		q = p.cal.BallToImage(e.At.P())
	case e.At != nil:
		q = p.cal.ToImage(e.At.P(), p.cal.NoseHeight())
	case e.Pocket != "" && validPocket(e.Pocket):
		q = p.cal.ToImage(p.cal.Table.Pocket(table.PocketID(e.Pocket)).Center, p.cal.NoseHeight())
	case e.Kind == shot.Strike || e.Kind == shot.Touch || e.Kind == shot.Moving:
		b, ok := s.Before[e.Ball]
		if !ok {
			return image.Point{}, false
		}
		q = p.cal.BallToImage(b.P())
	case e.Kind == shot.Stop:
		b, ok := s.After[0] // the cue ball at rest
		if !ok {
			return image.Point{}, false
		}
		q = p.cal.BallToImage(b.P())
	default:
		return image.Point{}, false
	}
	return image.Pt(int(math.Round(q[0]*p.scale)), int(math.Round(q[1]*p.scale))), true
}

func validPocket(id string) bool {
	switch table.PocketID(id) {
	case table.HL, table.HR, table.SL, table.SR, table.FL, table.FR:
		return true
	}
	return false
}

// Project returns the pixel of a table-frame point at height z in a frame kept
// at width keptW from a source srcW pixels wide: what the still's marks use.
func Project(cal *calibration.Calibration, p table.Point, z float64, srcW, keptW int) image.Point {
	q := cal.ToImage(p, z)
	k := float64(keptW) / float64(srcW)
	return image.Pt(int(math.Round(q[0]*k)), int(math.Round(q[1]*k)))
}

func (r *Recorder) writeStill(path string, frames []frame, j job, d decision) error {
	start := *j.shot.Start
	at := start + d.t
	// The frame nearest the deciding moment.
	k := sort.Search(len(frames), func(i int) bool { return frames[i].t >= at })
	if k == len(frames) || (k > 0 && at-frames[k-1].t < frames[k].t-at) {
		k--
	}
	f := frames[max(k, 0)]
	img := gocv.NewMat()
	defer img.Close()
	if err := decodeInto(f.jpg, &img); err != nil {
		return err
	}
	p := projector{cal: r.cal.Load(), scale: float64(img.Cols()) / float64(max(f.srcW, 1))}
	rad := max(3, img.Cols()/160)
	// The shot's events up to the deciding moment, then the deciding one on top.
	for _, e := range j.shot.Events {
		if e.T > d.t+eps || (d.event.Kind != "" && e == d.event) {
			continue
		}
		if pt, ok := p.point(e, j.shot); ok && e.Kind != shot.Strike {
			gocv.Circle(&img, pt, rad+2, other, 2)
		}
	}
	if d.event.Kind != "" {
		if pt, ok := p.point(d.event, j.shot); ok {
			gocv.Circle(&img, pt, max(2, rad/2), Deciding, -1) // small: the ball stays visible
			gocv.Circle(&img, pt, 3*rad, Deciding, 2)
		}
	}
	caption := fmt.Sprintf("#%d %s  t=%.2fs", j.seq, d.label, d.t)
	if d.event.Kind != "" {
		caption += "  " + describe(d.event)
	}
	drawCaption(&img, caption)
	if ok := gocv.IMWrite(path, img); !ok {
		return fmt.Errorf("clips: %s: could not write the still", path)
	}
	return nil
}

// describe names an event in a few words.
func describe(e shot.Event) string {
	switch e.Kind {
	case shot.Contact:
		return fmt.Sprintf("contact %d-%d", e.A, e.B)
	case shot.RailHit:
		return fmt.Sprintf("ball %d %s rail", e.Ball, e.Rail)
	case shot.Pocketed:
		return fmt.Sprintf("ball %d in %s", e.Ball, e.Pocket)
	case shot.Stop, shot.DoubleHt:
		return strings.ReplaceAll(e.Kind, "_", " ")
	}
	return fmt.Sprintf("%s ball %d", strings.ReplaceAll(e.Kind, "_", " "), e.Ball)
}

// drawCaption writes text in the top-left corner on a dark band (ASCII only:
// Hershey fonts have no other glyphs).
func drawCaption(img *gocv.Mat, text string) {
	text = strings.Map(func(r rune) rune {
		if r < 32 || r > 126 {
			return '?'
		}
		return r
	}, text)
	scale := float64(img.Cols()) / 1100
	sz := gocv.GetTextSize(text, gocv.FontHersheySimplex, scale, 1)
	band := image.Rect(0, 0, min(img.Cols(), sz.X+12), min(img.Rows(), sz.Y+14))
	gocv.Rectangle(img, band, black, -1)
	gocv.PutText(img, text, image.Pt(6, sz.Y+6), gocv.FontHersheySimplex, scale, white, 1)
}

// prune removes the oldest clips and stills of Dir until they fit the budget.
func (r *Recorder) prune() error {
	n, err := Prune(r.cfg.Dir, r.cfg.DiskBytes)
	r.pruned.Add(uint64(n))
	return err
}

// Prune removes the oldest replays of dir — a clip-*.avi and its clip-*.png
// still go together, oldest first by name (the names start with their UTC
// time) — until the replay files total at most budget bytes, and returns how
// many files it removed. Other files are left alone.
func Prune(dir string, budget int64) (int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("clips: %w", err)
	}
	type replay struct {
		base  string
		files []string
		size  int64
	}
	byBase := map[string]*replay{}
	var total int64
	for _, e := range ents {
		name := e.Name()
		ext := filepath.Ext(name)
		if !e.Type().IsRegular() || !strings.HasPrefix(name, "clip-") || (ext != ".avi" && ext != ".png") {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		base := strings.TrimSuffix(name, ext)
		rp := byBase[base]
		if rp == nil {
			rp = &replay{base: base}
			byBase[base] = rp
		}
		rp.files = append(rp.files, name)
		rp.size += info.Size()
		total += info.Size()
	}
	replays := make([]*replay, 0, len(byBase))
	for _, rp := range byBase {
		replays = append(replays, rp)
	}
	sort.Slice(replays, func(i, j int) bool { return replays[i].base < replays[j].base })
	removed := 0
	var errs []error
	for _, rp := range replays {
		if total <= budget {
			break
		}
		for _, name := range rp.files {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				errs = append(errs, err)
				continue
			}
			removed++
		}
		total -= rp.size
	}
	if len(errs) > 0 {
		return removed, fmt.Errorf("clips: prune: %w", errors.Join(errs...))
	}
	return removed, nil
}
