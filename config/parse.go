package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/permgate/permgate/internal/lazyre"
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
	// valueScanBudget bounds the bytes lineFinder.value may search in total for
	// strings it cannot find quoted, so that loading stays linear.
	valueScanBudget = 4 * MaxBytes
)

// lineFinder finds the lines keys and values stand on in a TOML file. It indexes
// the file once, so that finding every key and value stays linear.
type lineFinder struct {
	lines []string
	// keys maps a dotted key or table name to the first line it stands on.
	keys map[string]int
	// quoted maps each quoted string (with its quotes) to the lines holding it,
	// in order.
	quoted map[string][]int
	// budget is what is left of valueScanBudget.
	budget *int
}

// newLineFinder indexes the keys and quoted strings of a TOML file.
func newLineFinder(data string) lineFinder {
	f := lineFinder{lines: strings.Split(data, "\n"), keys: map[string]int{}, quoted: map[string][]int{}, budget: new(int)}
	*f.budget = valueScanBudget
	table := ""
	for i, line := range f.lines {
		for _, q := range quotedStrings(line) {
			if l := f.quoted[q]; len(l) == 0 || l[len(l)-1] != i+1 {
				f.quoted[q] = append(l, i+1)
			}
		}
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "[") {
			name, _, _ := strings.Cut(strings.TrimLeft(t, "["), "]")
			table = normaliseKey(name)
			f.addKey(table, i+1)
			continue
		}
		name, _, ok := strings.Cut(t, "=")
		if !ok || strings.HasPrefix(t, "#") {
			continue
		}
		full := normaliseKey(name)
		if table != "" {
			full = table + "." + full
		}
		f.addKey(full, i+1)
	}
	return f
}

// normaliseKey writes a TOML key as its dotted path: parts trimmed, quotes
// dropped.
func normaliseKey(key string) string {
	parts := strings.Split(key, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return strings.Join(parts, ".")
}

// addKey records where key first stands, and where it first stands in any
// case: the decoder matches keys case-insensitively.
func (f lineFinder) addKey(key string, line int) {
	for _, k := range []string{key, "\x00" + strings.ToLower(key)} {
		if _, ok := f.keys[k]; !ok {
			f.keys[k] = line
		}
	}
}

// quotedStrings returns the "…" and '…' strings on a line, quotes included.
func quotedStrings(line string) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		q := line[i]
		if q != '"' && q != '\'' {
			continue
		}
		j := i + 1
		for j < len(line) && line[j] != q {
			if q == '"' && line[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(line) {
			break
		}
		out = append(out, line[i:j+1])
		i = j
	}
	return out
}

// key returns the line of a key (dotted path), or 0.
func (f lineFinder) key(path []string) int {
	want := strings.Join(path, ".")
	if line, ok := f.keys[want]; ok {
		return line
	}
	if line, ok := f.keys["\x00"+strings.ToLower(want)]; ok {
		return line
	}
	// A key inside an inline table or a dotted key: the line of its parent,
	// else of its name's first mention.
	if len(path) > 1 {
		if line := f.key(path[:len(path)-1]); line > 0 {
			return line
		}
	}
	if len(path) > 0 && path[len(path)-1] != "" {
		if line := f.value(path[len(path)-1], 1); line > 0 {
			return line
		}
	}
	return 0
}

// value returns the first line at or after from that holds the quoted string.
func (f lineFinder) value(s string, from int) int {
	for _, q := range []string{`"` + s + `"`, `'` + s + `'`} {
		lines := f.quoted[q]
		if i, _ := slices.BinarySearch(lines, max(from, 1)); i < len(lines) {
			return lines[i]
		}
	}
	// Not found quoted (an escape, a multi-line string): search the text
	// itself, within the budget.
	if f.budget == nil {
		return from
	}
	for i := max(from-1, 0); i < len(f.lines) && *f.budget > 0; i++ {
		*f.budget -= len(f.lines[i]) + 1
		if strings.Contains(f.lines[i], s) {
			return i + 1
		}
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

var tomlLine = lazyre.New(`line (\d+)`)

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
	lines := newLineFinder(string(data))
	var fc fileConfig
	md, err := toml.Decode(string(data), &fc)
	if err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			line := perr.Position.Line
			if start := perr.Position.Start; start > 0 && start <= len(data) {
				// The byte offset is exact; a newline belongs to the line it ends.
				line = 1 + strings.Count(string(data[:start]), "\n")
			}
			return nil, lines, &Error{File: path, Line: line, Msg: perr.Message}
		}
		msg := err.Error()
		line := 0
		if m := tomlLine().FindStringSubmatch(msg); m != nil {
			fmt.Sscan(m[1], &line)
		}
		return nil, lines, &Error{File: path, Line: line, Msg: strings.TrimPrefix(msg, "toml: ")}
	}
	for _, table := range tableKeys {
		// The decoder leaves a table's field empty, without an error, when the
		// key holds some other value (git = ["go test"]).
		// A table made by dotted keys (permission.allow = …) has no type.
		if typ := md.Type(table); md.IsDefined(table) && typ != "Hash" && typ != "" {
			return nil, lines, &Error{File: path, Line: lines.key([]string{table}), Msg: fmt.Sprintf("%s must be a table ([%s]), not %s", table, table, strings.ToLower(typ))}
		}
	}
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		key := undecoded[0]
		return nil, lines, &Error{File: path, Line: lines.key(key), Msg: fmt.Sprintf("unknown key %q", key.String())}
	}
	return &fc, lines, nil
}
