package policy

import (
	"fmt"
	"github.com/permgate/permgate/internal/lazy"
	"path"
	"strings"
)

// RuleKind says what a rule matches.
type RuleKind int

// Kinds of rule.
const (
	// WholeTool matches every use of a tool: write_file.
	WholeTool RuleKind = iota
	// CommandPrefix matches a normalised simple command by string prefix:
	// bash(prefix:npm run build*).
	CommandPrefix
	// CommandExact matches a normalised simple command exactly: bash(prefix:make).
	CommandExact
	// PathGlob matches a file path with a glob where ** crosses directories:
	// read_file(path:**/.env*).
	PathGlob
)

// Rule is one allow, ask or deny rule.
type Rule struct {
	// Text is the rule as written.
	Text string
	// Tool is the tool name, lower case: bash, read_file, write_file …
	Tool    string
	Kind    RuleKind
	Pattern string
	// Source says where the rule came from: a file and line, or "built-in".
	Source string
	// Layer names the config layer: built-in, system, user, project, override.
	Layer string
}

// String returns the rule as written.
func (r Rule) String() string { return r.Text }

// pathTools are the tools whose rules may name paths.
var pathTools = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"read_file": true, "write_file": true, "edit_file": true}
}}

// ParseRule reads a rule: TOOL, TOOL(prefix:PREFIX[*]), TOOL(path:GLOB), or
// TOOL(COMMAND[*]) as a short form of prefix:. Tool names are case-insensitive.
func ParseRule(text string) (Rule, error) {
	r := Rule{Text: text}
	s := strings.TrimSpace(text)
	if s == "" {
		return r, fmt.Errorf("empty rule")
	}
	open := strings.IndexByte(s, '(')
	if open < 0 {
		if !validToolName(s) {
			return r, fmt.Errorf("rule %q: %q is not a tool name (letters, digits, _ . -)", text, s)
		}
		r.Tool, r.Kind = strings.ToLower(s), WholeTool
		return r, nil
	}
	if !strings.HasSuffix(s, ")") {
		return r, fmt.Errorf("rule %q: missing the closing )", text)
	}
	r.Tool = strings.ToLower(strings.TrimSpace(s[:open]))
	if !validToolName(r.Tool) {
		return r, fmt.Errorf("rule %q: %q is not a tool name (letters, digits, _ . -)", text, s[:open])
	}
	body := s[open+1 : len(s)-1]
	switch {
	case strings.HasPrefix(body, "path:"):
		if !pathTools.Get()[r.Tool] {
			return r, fmt.Errorf("rule %q: path: patterns are for read_file, write_file and edit_file", text)
		}
		r.Kind, r.Pattern = PathGlob, strings.TrimPrefix(body, "path:")
		if r.Pattern == "" {
			return r, fmt.Errorf("rule %q: empty path pattern", text)
		}
		if _, err := path.Match(strings.ReplaceAll(r.Pattern, "**", "*"), ""); err != nil {
			return r, fmt.Errorf("rule %q: bad path pattern: %v", text, err)
		}
		return r, nil
	case r.Tool != "bash":
		return r, fmt.Errorf("rule %q: only bash rules take a command; use %s or %s(path:GLOB)", text, r.Tool, r.Tool)
	}
	prefix := strings.TrimPrefix(body, "prefix:")
	switch {
	case strings.HasSuffix(prefix, ":*"):
		r.Kind, r.Pattern = CommandPrefix, strings.TrimSuffix(prefix, ":*")
	case strings.HasSuffix(prefix, "*"):
		r.Kind, r.Pattern = CommandPrefix, strings.TrimSuffix(prefix, "*")
	default:
		r.Kind, r.Pattern = CommandExact, prefix
	}
	r.Pattern = strings.Join(strings.Fields(r.Pattern), " ")
	if r.Pattern == "" {
		return r, fmt.Errorf("rule %q: empty command; to match every command write %s", text, r.Tool)
	}
	return r, nil
}

func validToolName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// matchCommand reports whether a prefix or exact rule matches a normalised
// command.
func (r Rule) matchCommand(normalized string) bool {
	switch r.Kind {
	case CommandExact:
		return normalized == r.Pattern
	case CommandPrefix:
		return strings.HasPrefix(normalized, r.Pattern)
	}
	return false
}

// matchAllow is matchCommand for an allow rule: its prefix ends at a word
// boundary, so bash(prefix:make build*) allows make build and make
// build -j4, never make buildall, and bash(prefix:rm foo.txt*) never rm
// foo.txt.bak. Deny and ask rules keep the plain string prefix: they may only
// match more.
func (r Rule) matchAllow(normalized string) bool {
	if r.Kind != CommandPrefix {
		return r.matchCommand(normalized)
	}
	if !strings.HasPrefix(normalized, r.Pattern) {
		return false
	}
	rest := normalized[len(r.Pattern):]
	if rest == "" || rest[0] == ' ' || r.Pattern == "" {
		return true
	}
	// A prefix that ends at a separator (rm build/*, npm run test:*, --flag=*)
	// ends at a boundary already: what follows is its own part.
	last := r.Pattern[len(r.Pattern)-1]
	return !(last >= 'a' && last <= 'z' || last >= 'A' && last <= 'Z' || last >= '0' && last <= '9' || last == '_' || last == '-' || last == '.')
}

// PathContext resolves the paths a rule pattern and a file argument name.
type PathContext struct {
	Cwd  string
	Home string
}

// matchPath reports whether a path rule matches an absolute file path. A pattern
// that starts with / or ~/ is matched against the absolute path; any other
// pattern against the path relative to the working directory, and a pattern that
// starts with ** against the absolute path too.
func (r Rule) matchPath(abs string, pc PathContext) bool {
	if r.Kind != PathGlob {
		return false
	}
	pattern := r.Pattern
	if strings.HasPrefix(pattern, "~/") && pc.Home != "" {
		pattern = pc.Home + pattern[1:]
	}
	if strings.HasPrefix(pattern, "/") {
		return globMatch(pattern, abs)
	}
	if strings.HasPrefix(pattern, "**") && globMatch("/"+pattern, abs) {
		return true
	}
	if pc.Cwd != "" && strings.HasPrefix(abs, strings.TrimSuffix(pc.Cwd, "/")+"/") {
		rel := strings.TrimPrefix(abs, strings.TrimSuffix(pc.Cwd, "/")+"/")
		return globMatch(pattern, rel)
	}
	return false
}

// globMatch matches a slash-separated path against a pattern in which * and ?
// stay inside one segment and a ** segment matches any number of segments.
func globMatch(pattern, name string) bool {
	return matchSegments(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

// matchSegments matches in time proportional to len(pat)×len(name) at worst,
// never exponential: a ** is a star over whole segments, and as in wildcard
// matching only the last ** seen needs to be retried, one segment further on
// each time the segments after it fail.
func matchSegments(pat, name []string) bool {
	ok, _ := countedMatchSegments(pat, name)
	return ok
}

// countedMatchSegments is matchSegments, and also returns the steps it took
// (one per pass of its loop: a segment compared, a ** entered or retried), so
// that tests hold it to that bound by counting instead of timing.
func countedMatchSegments(pat, name []string) (ok bool, steps int) {
	pi, ni := 0, 0
	star, starName := -1, 0 // the last ** seen, and where its match ends now
	for ni < len(name) {
		steps++
		switch {
		case pi < len(pat) && pat[pi] == "**":
			star, starName = pi, ni
			pi++
		case pi < len(pat) && matchSegment(pat[pi], name[ni]):
			pi++
			ni++
		case star >= 0:
			starName++
			pi, ni = star+1, starName
		default:
			return false, steps
		}
	}
	for pi < len(pat) && pat[pi] == "**" {
		steps++
		pi++
	}
	return pi == len(pat), steps
}

// matchSegment matches one path segment; a ** inside a segment (**.env)
// matches like * there.
func matchSegment(pattern, name string) bool {
	ok, err := path.Match(strings.ReplaceAll(pattern, "**", "*"), name)
	return err == nil && ok
}
