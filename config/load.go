package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// origin is where a key's value came from.
type origin struct {
	line int    // line in the file, or 0
	env  string // environment variable, or ""
}

// Error is one problem with one key.
type Error struct {
	File string // the configuration file; "" when the value is not from a file
	Line int    // line in File; 0 when unknown
	Env  string // the environment variable the value came from, if any
	Key  string // dotted key path, e.g. "mqtt.broker"; "" for the file as a whole
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	switch {
	case e.Env != "":
		b.WriteString("environment " + e.Env + ": ")
	case e.File != "" && e.Line > 0:
		fmt.Fprintf(&b, "%s: line %d: ", e.File, e.Line)
	case e.File != "":
		b.WriteString(e.File + ": ")
	}
	if e.Key != "" && !strings.HasPrefix(e.Msg, "unknown key") {
		b.WriteString(e.Key + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is every problem found, in file order.
type Errors []*Error

func (es Errors) Error() string {
	s := make([]string, len(es))
	for i, e := range es {
		s[i] = e.Error()
	}
	return strings.Join(s, "\n")
}

func (es Errors) err() error {
	if len(es) == 0 {
		return nil
	}
	sort.SliceStable(es, func(i, j int) bool {
		if (es[i].Env != "") != (es[j].Env != "") {
			return es[i].Env == ""
		}
		return es[i].Line < es[j].Line
	})
	return es
}

// Load reads the file at path (none when path is ""), lays it over the defaults,
// then applies the environment overrides of environ (os.Environ() form). It
// returns every problem it met as Errors; the Config is still usable for
// reporting (it holds what could be read). Call Validate next.
func Load(path string, environ []string) (*Config, error) {
	c := Default()
	c.origin = map[string]origin{}
	var errs Errors
	if path != "" {
		c.file = path
		data, err := os.ReadFile(path)
		if err != nil {
			return c, Errors{{File: path, Msg: "config: " + strings.TrimPrefix(err.Error(), "open "+path+": ")}}
		}
		errs = append(errs, c.parse(data)...)
	}
	errs = append(errs, c.applyEnv(environ)...)
	return c, errs.err()
}

// Parse lays YAML data over the defaults, as if read from a file named name.
func Parse(name string, data []byte) (*Config, error) {
	c := Default()
	c.origin = map[string]origin{}
	c.file = name
	return c, Errors(c.parse(data)).err()
}

func (c *Config) parse(data []byte) Errors {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		// yaml.v3 syntax errors read "yaml: line N: msg".
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if n, err := fmt.Sscanf(msg, "line %d:", &line); n == 1 && err == nil {
			msg = strings.TrimSpace(msg[strings.Index(msg, ":")+1:])
		}
		return Errors{{File: c.file, Line: line, Msg: "not valid YAML: " + msg}}
	}
	if len(doc.Content) == 0 {
		return nil
	}
	w := walker{c: c}
	w.decode(doc.Content[0], reflect.ValueOf(c).Elem(), "")
	return w.errs
}

type walker struct {
	c    *Config
	errs Errors
}

func (w *walker) fail(line int, key, format string, args ...any) {
	w.errs = append(w.errs, &Error{File: w.c.file, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)})
}

var durationType = reflect.TypeOf(time.Duration(0))

// fields lists the yaml keys of struct type t with their field index.
func fields(t reflect.Type) (keys []string, index map[string]int) {
	index = map[string]int{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		if tag == "" || !f.IsExported() {
			continue
		}
		keys = append(keys, tag)
		index[tag] = i
	}
	return keys, index
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	if n.ShortTag() == "!!null" {
		return "nothing"
	}
	return strconv.Quote(n.Value)
}

func (w *walker) decode(n *yaml.Node, v reflect.Value, path string) {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if v.Type() == durationType {
		if n.Kind != yaml.ScalarNode || n.ShortTag() == "!!null" {
			w.fail(n.Line, path, "want a duration like 30ms, got %s", describe(n))
			return
		}
		d, err := time.ParseDuration(n.Value)
		if err != nil {
			w.fail(n.Line, path, "want a duration like 30ms or 1.5s, got %q", n.Value)
			return
		}
		v.SetInt(int64(d))
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" {
			return // an empty section keeps its defaults
		}
		if n.Kind != yaml.MappingNode {
			if path == "" {
				w.fail(n.Line, "", "want a mapping of sections, got %s", describe(n))
			} else {
				w.fail(n.Line, path, "want a mapping of keys, got %s", describe(n))
			}
			return
		}
		keys, index := fields(v.Type())
		seen := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			i, ok := index[k.Value]
			if !ok {
				where := ""
				if path != "" {
					where = " in " + path
				}
				msg := fmt.Sprintf("unknown key %q%s", k.Value, where)
				if s := suggest(k.Value, keys); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				w.fail(k.Line, join(path, k.Value), "%s", msg)
				continue
			}
			key := join(path, k.Value)
			if first, dup := seen[k.Value]; dup {
				w.fail(k.Line, key, "key repeated (first on line %d)", first)
				continue
			}
			seen[k.Value] = k.Line
			w.c.origin[key] = origin{line: k.Line}
			w.decode(val, v.Field(i), key)
		}
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			w.fail(n.Line, path, "want a string, got %s", describe(n))
			return
		}
		if n.ShortTag() == "!!null" {
			v.SetString("")
			return
		}
		v.SetString(n.Value)
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
			w.fail(n.Line, path, "want true or false, got %s", describe(n))
			return
		}
		b, _ := strconv.ParseBool(strings.ToLower(n.Value))
		v.SetBool(b)
	case reflect.Int:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
			w.fail(n.Line, path, "want a whole number, got %s", describe(n))
			return
		}
		i, err := strconv.ParseInt(n.Value, 0, 32)
		if err != nil {
			w.fail(n.Line, path, "number %s is out of range", n.Value)
			return
		}
		v.SetInt(i)
	case reflect.Float64:
		tag := n.ShortTag()
		if n.Kind != yaml.ScalarNode || (tag != "!!int" && tag != "!!float") {
			w.fail(n.Line, path, "want a number, got %s", describe(n))
			return
		}
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			w.fail(n.Line, path, "want a number, got %q", n.Value)
			return
		}
		v.SetFloat(f)
	case reflect.Slice: // []string
		if n.Kind != yaml.SequenceNode {
			w.fail(n.Line, path, "want a list, got %s", describe(n))
			return
		}
		out := make([]string, 0, len(n.Content))
		for i, e := range n.Content {
			if e.Kind != yaml.ScalarNode || e.ShortTag() == "!!null" {
				w.fail(e.Line, fmt.Sprintf("%s[%d]", path, i), "want a string, got %s", describe(e))
				continue
			}
			out = append(out, e.Value)
		}
		v.Set(reflect.ValueOf(out))
	default:
		panic("config: unsupported field type " + v.Type().String())
	}
}

// suggest returns the key of keys closest to s when it is close enough to be a typo.
func suggest(s string, keys []string) string {
	best, bestD := "", 3
	if len(s) <= 3 {
		bestD = 2
	}
	for _, k := range keys {
		if d := distance(strings.ToLower(s), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// distance is the edit distance with adjacent transpositions (optimal string
// alignment), so "tsl" is one edit from "tls".
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// EnvName is the environment variable that overrides key (dotted path).
func EnvName(key string) string {
	return "CUEREF_" + strings.ToUpper(strings.NewReplacer(".", "_").Replace(key))
}

// leaf is one settable key.
type leaf struct {
	key string
	v   reflect.Value
}

func leaves(v reflect.Value, path string, out []leaf) []leaf {
	if v.Kind() == reflect.Struct && v.Type() != durationType {
		_, index := fields(v.Type())
		keys := make([]string, 0, len(index))
		for k := range index {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = leaves(v.Field(index[k]), join(path, k), out)
		}
		return out
	}
	return append(out, leaf{path, v})
}

// Keys returns every settable key of the configuration, dotted, sorted.
func Keys() []string {
	var out []string
	for _, l := range leaves(reflect.ValueOf(Default()).Elem(), "", nil) {
		out = append(out, l.key)
	}
	return out
}

func (c *Config) applyEnv(environ []string) Errors {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "CUEREF_") {
			env[k] = v
		}
	}
	var errs Errors
	all := leaves(reflect.ValueOf(c).Elem(), "", nil)
	names := make([]string, 0, len(all))
	known := map[string]bool{}
	for _, l := range all {
		name := EnvName(l.key)
		names = append(names, name)
		known[name] = true
		s, ok := env[name]
		if !ok {
			continue
		}
		c.origin[l.key] = origin{env: name}
		if err := setString(l.v, s); err != nil {
			errs = append(errs, &Error{Env: name, Key: l.key, Msg: err.Error()})
		}
	}
	// A CUEREF_ variable that names a section but no key is a typo.
	sections := map[string]bool{}
	for _, l := range all {
		if i := strings.IndexByte(l.key, '.'); i > 0 {
			sections[EnvName(l.key[:i])+"_"] = true
		}
	}
	unknown := make([]string, 0)
	for k := range env {
		if known[k] {
			continue
		}
		for s := range sections {
			if strings.HasPrefix(k, s) {
				unknown = append(unknown, k)
				break
			}
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		msg := "unknown variable"
		if s := suggest(k, names); s != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", s)
		}
		errs = append(errs, &Error{Env: k, Msg: msg})
	}
	return errs
}

// setString sets a leaf from an environment value.
func setString(v reflect.Value, s string) error {
	if v.Type() == durationType {
		d, err := time.ParseDuration(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("want a duration like 30ms or 1.5s, got %q", s)
		}
		v.SetInt(int64(d))
		return nil
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(s)
	case reflect.Bool:
		b, err := strconv.ParseBool(strings.TrimSpace(s))
		if err != nil {
			return fmt.Errorf("want true or false, got %q", s)
		}
		v.SetBool(b)
	case reflect.Int:
		i, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
		if err != nil {
			return fmt.Errorf("want a whole number, got %q", s)
		}
		v.SetInt(i)
	case reflect.Float64:
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return fmt.Errorf("want a number, got %q", s)
		}
		v.SetFloat(f)
	case reflect.Slice:
		var out []string
		for _, p := range strings.Split(s, ",") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		v.Set(reflect.ValueOf(out))
	default:
		return errors.New("config: cannot set from the environment")
	}
	return nil
}
