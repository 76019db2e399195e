// Package render draws what an overhead camera sees of a simulated pool table: the
// cloth, cushions, rails, diamonds and pockets, the balls with their colours,
// stripes and numbers turning with the ball, their shading and shadows, the
// shooter's arm and cue, uneven lighting, sensor noise, motion blur and JPEG
// compression. It turns a simulated match (package sim) into a stream of BGR
// frames with exact per-frame ground truth, and a layout into a still.
//
// Every point is projected through a calibration.Calibration built from the
// simulated pinhole camera (its cushion-nose corners, height, position and lens
// distortion), so the calibration the renderer reports is exactly the model that
// drew the frame.
package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/cueref/cueref/table"
)

// Config says what to render and how realistic to make it.
type Config struct {
	Size  [2]int  // width, height in pixels (640×480 … 1920×1080); default 1280×720
	FPS   float64 // frames per second (30, 60, 120); default 60
	Cloth string  // cloth colour: green (default), blue or red
	Seed  int64   // everything random (camera, lamps, players, noise) follows from it

	Noise      bool // sensor noise
	Blur       bool // motion blur: sub-frame accumulation over the exposure
	Occluders  bool // the shooter's arm, head and cue
	Distortion bool // radial lens distortion
	// JPEG is the quality (1–100) every frame is compressed at, as a camera's
	// MJPEG stream; 0 leaves frames uncompressed.
	JPEG int
	// Exposure is the shutter time as a fraction of the frame time (0 < e ≤ 1);
	// 0 means 0.5.
	Exposure float64
	// Table is the table; the zero value means the match's table, or 9 ft.
	Table table.Table
}

// DefaultConfig returns a realistic configuration: 1280×720 at 60 fps, green cloth,
// noise, motion blur, occluders, lens distortion and JPEG quality 85.
func DefaultConfig() Config {
	return Config{Size: [2]int{1280, 720}, FPS: 60, Cloth: "green",
		Noise: true, Blur: true, Occluders: true, Distortion: true, JPEG: 85, Exposure: 0.5}
}

// ParseSize parses "1280x720".
func ParseSize(s string) ([2]int, error) {
	var w, h int
	if _, err := fmt.Sscanf(strings.ToLower(strings.TrimSpace(s)), "%dx%d", &w, &h); err != nil {
		return [2]int{}, fmt.Errorf("render: size %q: want WIDTHxHEIGHT, e.g. 1280x720", s)
	}
	return [2]int{w, h}, nil
}

// Clothes are the cloth colours, as display RGB in 0–1.
var clothes = map[string]rgb{
	"green": {0.105, 0.47, 0.33},
	"blue":  {0.13, 0.47, 0.72},
	"red":   {0.56, 0.12, 0.15},
}

// ClothNames lists the cloth colours Config.Cloth accepts.
var ClothNames = []string{"green", "blue", "red"}

// withDefaults fills in defaults and validates.
func (c Config) withDefaults() (Config, error) {
	if c.Size == ([2]int{}) {
		c.Size = [2]int{1280, 720}
	}
	if c.FPS == 0 {
		c.FPS = 60
	}
	if c.Cloth == "" {
		c.Cloth = "green"
	}
	c.Cloth = strings.ToLower(c.Cloth)
	if c.Exposure == 0 {
		c.Exposure = 0.5
	}
	switch {
	case c.Size[0] < 320 || c.Size[1] < 240 || c.Size[0] > 4096 || c.Size[1] > 4096:
		return c, fmt.Errorf("render: size %dx%d out of range 320x240–4096x4096", c.Size[0], c.Size[1])
	case c.Size[0] < c.Size[1]:
		return c, fmt.Errorf("render: size %dx%d: the image must be landscape", c.Size[0], c.Size[1])
	case !(c.FPS >= 1 && c.FPS <= 1000):
		return c, fmt.Errorf("render: fps %g out of range 1–1000", c.FPS)
	case !(c.Exposure > 0 && c.Exposure <= 1):
		return c, fmt.Errorf("render: exposure %g out of range (0, 1]", c.Exposure)
	case c.JPEG < 0 || c.JPEG > 100:
		return c, fmt.Errorf("render: jpeg quality %d out of range 0–100", c.JPEG)
	}
	if _, ok := clothes[c.Cloth]; !ok {
		return c, fmt.Errorf("render: cloth %q: want green, blue or red", c.Cloth)
	}
	if c.Table.L != 0 {
		if err := c.Table.Validate(); err != nil {
			return c, fmt.Errorf("render: %w", err)
		}
	}
	return c, nil
}

// rgb is a display colour, 0–1 per channel.
type rgb struct{ r, g, b float64 }

func (c rgb) scale(k float64) rgb { return rgb{c.r * k, c.g * k, c.b * k} }
func (c rgb) add(d rgb) rgb       { return rgb{c.r + d.r, c.g + d.g, c.b + d.b} }
func (c rgb) mul(d rgb) rgb       { return rgb{c.r * d.r, c.g * d.g, c.b * d.b} }
func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

func to8(v float64) uint8 {
	v = v*255 + 0.5
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v)
}

func clamp01(v float64) float64 {
	if v < 0 {
		return 0
	}
	if v > 1 {
		return 1
	}
	return v
}

func smoothstep(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}

// hash2 is a deterministic hash of a lattice point to [0,1).
func hash2(x, y int32, seed uint32) float64 {
	h := uint32(x)*0x8da6b343 ^ uint32(y)*0xd8163841 ^ seed*0xcb1ab31f
	h ^= h >> 13
	h *= 0x5bd1e995
	h ^= h >> 15
	return float64(h&0xffffff) / float64(1<<24)
}

// valueNoise is smooth lattice noise in [0,1) with unit cell size.
func valueNoise(x, y float64, seed uint32) float64 {
	fx, fy := math.Floor(x), math.Floor(y)
	ix, iy := int32(fx), int32(fy)
	tx, ty := x-fx, y-fy
	tx = tx * tx * (3 - 2*tx)
	ty = ty * ty * (3 - 2*ty)
	a := hash2(ix, iy, seed)
	b := hash2(ix+1, iy, seed)
	c := hash2(ix, iy+1, seed)
	d := hash2(ix+1, iy+1, seed)
	return a + (b-a)*tx + (c-a)*ty + (a-b-c+d)*tx*ty
}

// fbm is a few octaves of value noise, in about [-0.5, 0.5].
func fbm(x, y float64, octaves int, seed uint32) float64 {
	s, amp, tot := 0.0, 1.0, 0.0
	for i := 0; i < octaves; i++ {
		s += amp * (valueNoise(x, y, seed+uint32(i)*7919) - 0.5)
		tot += amp
		x, y = x*2.03, y*2.03
		amp *= 0.5
	}
	return s / tot
}
