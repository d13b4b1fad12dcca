package config

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// fileConfig is the TOML shape of one config file.
type fileConfig struct {
	Mode          *string `toml:"mode"`
	Severe        *string `toml:"severe"`
	FailClosed    *bool   `toml:"fail_closed"`
	DisableBypass *bool   `toml:"disable_bypass"`
	Bypass        *string `toml:"bypass"`
	Permission    struct {
		Allow []string `toml:"allow"`
		Ask   []string `toml:"ask"`
		Deny  []string `toml:"deny"`
		// Checks adds commands to the checks allowance (policy.Check).
		Checks []string `toml:"checks"`
	} `toml:"permission"`
	Tools map[string]string `toml:"tools"`
	// Actions maps an effect class to its policy (config/actions.go).
	Actions  map[string]string           `toml:"actions"`
	Safe     struct{ Commands []string } `toml:"safe"`
	Profiles map[string]fileProfile      `toml:"profiles"`
	Managed  *struct {
		OnlyTighten *bool `toml:"only_tighten"`
	} `toml:"managed"`
	Audit struct {
		Required *bool   `toml:"required"`
		Sink     *string `toml:"sink"`
		Address  *string `toml:"address"`
		Facility *string `toml:"facility"`
	} `toml:"audit"`
	Shell struct {
		Severe *string `toml:"severe"`
	} `toml:"shell"`
	Limits struct {
		Deadline *string `toml:"deadline"`
	} `toml:"limits"`
	// Git maps a git hook's name to the steps it runs (config/git.go).
	Git map[string][]string `toml:"git"`
}

type fileProfile struct {
	Mode       *string `toml:"mode"`
	FailClosed *bool   `toml:"fail_closed"`
	Severe     *string `toml:"severe"`
}

// Bounds on a config file, checked before it is decoded.
const (
	// MaxBytes bounds the size of one config file.
	MaxBytes = 1 << 20
	// MaxUntrustedRules bounds the rules of a file that is not trusted (a
	// project file nobody ran permgate trust on).
	MaxUntrustedRules = 1024
	// MaxNesting bounds how deeply arrays and inline tables nest in a
	// config file.
	MaxNesting = 32
)

// lineFinder says where keys and string values stand in a TOML file, by the
// positions go-toml's parser gives its nodes (its decoder gives only the
// first error's): no line is guessed from the text.
type lineFinder struct {
	// keys maps a dotted key or table name to the first line it stands on,
	// and "\x00" + its lower-cased form likewise (the decoder matches keys
	// case-insensitively).
	keys map[string]int
	// strings maps each string value to the lines it stands on, in order.
	strings map[string][]int
	// clash is the first key that differs from an earlier one only in
	// letter case, or nil.
	clash *keyClash
}

// keyClash is a key the decoder would read as an earlier one (deny after
// Deny): go-toml keeps the last, so the first would silently drop.
type keyClash struct {
	key         string
	line, first int
}

// newLineFinder indexes the keys and string values of a TOML file in one
// pass of the parser; a file the parser stops in keeps what came before
// (the decoder reports the error itself).
func newLineFinder(data string) lineFinder {
	f := lineFinder{keys: map[string]int{}, strings: map[string][]int{}, clash: &keyClash{}}
	var p unstable.Parser
	p.Reset([]byte(data))
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table, _ = keyParts(&p, e.Key())
			f.addKey(table, lineAt(data, keyStart(e)))
		case unstable.KeyValue:
			f.keyValue(&p, data, table, e)
		}
	}
	return f
}

// keyValue indexes one key and its value: the strings in it, and the keys
// of an inline table it is.
func (f lineFinder) keyValue(p *unstable.Parser, data string, table []string, kv *unstable.Node) {
	parts, _ := keyParts(p, kv.Key())
	full := append(slices.Clone(table), parts...)
	f.addKey(full, lineAt(data, keyStart(kv)))
	f.value(p, data, full, kv.Value())
}

// keyStart is the offset of an expression's first key part (a table's
// header holds no range of its own).
func keyStart(e *unstable.Node) int {
	it := e.Key()
	if it.Next() {
		return int(it.Node().Raw.Offset)
	}
	return int(e.Raw.Offset)
}

// value indexes the strings of a value, and the keys of its inline tables.
func (f lineFinder) value(p *unstable.Parser, data string, path []string, v *unstable.Node) {
	switch v.Kind {
	case unstable.String:
		line := lineAt(data, int(v.Raw.Offset))
		if l := f.strings[string(v.Data)]; len(l) == 0 || l[len(l)-1] != line {
			f.strings[string(v.Data)] = append(l, line)
		}
	case unstable.Array:
		for it := v.Children(); it.Next(); {
			f.value(p, data, path, it.Node())
		}
	case unstable.InlineTable:
		for it := v.Children(); it.Next(); {
			if n := it.Node(); n.Kind == unstable.KeyValue {
				f.keyValue(p, data, path, n)
			}
		}
	}
}

// addKey records where a key first stands, in its own case and in any.
func (f lineFinder) addKey(path []string, line int) {
	key := strings.Join(path, ".")
	_, same := f.keys[key]
	if first, folded := f.keys["\x00"+strings.ToLower(key)]; folded && !same && f.clash.key == "" {
		*f.clash = keyClash{key: key, line: line, first: first}
	}
	for _, k := range []string{key, "\x00" + strings.ToLower(key)} {
		if _, ok := f.keys[k]; !ok {
			f.keys[k] = line
		}
	}
}

// key returns the line of a key (dotted path): its own, else its parent's
// (a table the key would be in), or 0.
func (f lineFinder) key(path []string) int {
	for n := len(path); n > 0; n-- {
		want := strings.Join(path[:n], ".")
		if line, ok := f.keys[want]; ok {
			return line
		}
		if line, ok := f.keys["\x00"+strings.ToLower(want)]; ok {
			return line
		}
	}
	return 0
}

// stringLine returns the first line at or after from that holds the string
// value s, else from.
func (f lineFinder) stringLine(s string, from int) int {
	lines := f.strings[s]
	if i, _ := slices.BinarySearch(lines, max(from, 1)); i < len(lines) {
		return lines[i]
	}
	return from
}

// checkNesting reports the line where arrays and inline tables nest deeper
// than MaxNesting, or 0. It skips strings and comments in one pass.
func checkNesting(data string) int {
	depth, line := 0, 1
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '\n':
			line++
		case '#':
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
		case '"', '\'':
			delim := string(c)
			if strings.HasPrefix(data[i:], delim+delim+delim) {
				delim += delim + delim
			}
			for i += len(delim); i < len(data) && !strings.HasPrefix(data[i:], delim); i++ {
				switch data[i] {
				case '\n':
					line++
					if len(delim) == 1 {
						i = len(data) // an unclosed string: the decoder reports it
					}
				case '\\':
					if c == '"' {
						i++
					}
				}
			}
			i += len(delim) - 1
		case '[', '{':
			if depth++; depth > MaxNesting {
				return line
			}
		case ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return 0
}

// tableKeys are the top-level keys of a config file that hold tables.
var tableKeys = []string{"permission", "tools", "actions", "safe", "profiles", "managed", "audit", "shell", "git"}

// parseFile decodes one config file, rejecting unknown keys.
func parseFile(path string, data []byte) (*fileConfig, lineFinder, error) {
	if len(data) > MaxBytes {
		return nil, lineFinder{}, &Error{File: path, Msg: fmt.Sprintf("the file is %d bytes, over the %d-byte limit for a config file", len(data), MaxBytes)}
	}
	if line := checkNesting(string(data)); line > 0 {
		return nil, lineFinder{}, &Error{File: path, Line: line, Msg: fmt.Sprintf("arrays or inline tables nested more than %d deep", MaxNesting)}
	}
	// A UTF-8 byte-order mark some editors write is not part of the file's TOML.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	lines := newLineFinder(string(data))
	if c := lines.clash; c.key != "" {
		return nil, lines, &Error{File: path, Line: c.line, Msg: fmt.Sprintf("%s differs only in letter case from a key on line %d: keys are read ignoring case, so one would silently replace the other", c.key, c.first)}
	}
	var fc fileConfig
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fc); err != nil {
		return nil, lines, decodeError(path, lines, err)
	}
	return &fc, lines, nil
}

// decodeError words the decoder's error as a config error with its line:
// an unknown key, a table key holding another value, or what the decoder
// says at the line it gives.
func decodeError(path string, lines lineFinder, err error) *Error {
	var derr *toml.DecodeError
	if !errors.As(err, &derr) {
		return &Error{File: path, Line: 1, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	}
	row, _ := derr.Position()
	key, msg := derr.Key(), strings.TrimPrefix(derr.Error(), "toml: ")
	switch {
	case len(key) > 0 && (msg == "unknown field" || msg == "missing table"):
		return &Error{File: path, Line: lineOr(lines.key(key), row), Msg: fmt.Sprintf("unknown key %q", keyString(key))}
	case len(key) == 1 && slices.Contains(tableKeys, strings.ToLower(key[0])) && notTable(msg) != "":
		// git = ["go test"], [[git]]: the value is not a table.
		table := strings.ToLower(key[0])
		return &Error{File: path, Line: lineOr(lines.key(key), row), Msg: fmt.Sprintf("%s must be a table ([%s]), not %s", table, table, notTable(msg))}
	}
	return &Error{File: path, Line: max(row, 1), Msg: msg}
}

// notTable is the kind of value the decoder found where it wanted a table
// ("array" of "cannot decode TOML array into …"), or "" when msg says
// something else.
func notTable(msg string) string {
	if strings.HasPrefix(msg, "cannot store an array table") {
		return "an array of tables"
	}
	kind, ok := strings.CutPrefix(msg, "cannot decode TOML ")
	if kind, _, found := strings.Cut(kind, " into "); ok && found {
		return kind
	}
	return ""
}

// lineOr is line, or else the decoder's row.
func lineOr(line, row int) int {
	if line > 0 {
		return line
	}
	return max(row, 1)
}

// keyString is a dotted key as TOML writes it: a part that is not a bare
// key quoted.
func keyString(key []string) string {
	parts := make([]string, len(key))
	for i, k := range key {
		parts[i] = k
		if k == "" || strings.Trim(k, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") != "" {
			parts[i] = strconv.Quote(k)
		}
	}
	return strings.Join(parts, ".")
}
