package runfiles

import (
	"encoding/json"
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
)

// composerEvents are the script events composer's verbs fire, in order.
var composerEvents = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{
		"install":        {"pre-install-cmd", "post-install-cmd", "post-autoload-dump"},
		"i":              {"pre-install-cmd", "post-install-cmd", "post-autoload-dump"},
		"update":         {"pre-update-cmd", "post-update-cmd", "post-autoload-dump"},
		"u":              {"pre-update-cmd", "post-update-cmd", "post-autoload-dump"},
		"upgrade":        {"pre-update-cmd", "post-update-cmd", "post-autoload-dump"},
		"require":        {"pre-update-cmd", "post-update-cmd", "post-autoload-dump"},
		"remove":         {"pre-update-cmd", "post-update-cmd", "post-autoload-dump"},
		"dump-autoload":  {"pre-autoload-dump", "post-autoload-dump"},
		"dumpautoload":   {"pre-autoload-dump", "post-autoload-dump"},
		"create-project": {"post-root-package-install", "post-create-project-cmd"},
		"archive":        {"pre-archive-cmd", "post-archive-cmd"},
		"status":         {"pre-status-cmd", "post-status-cmd"},
	}
}}

// MaxComposerDepth bounds how deep scripts that call scripts (@name) are
// followed.
const MaxComposerDepth = 8

// ComposerScripts returns what `composer ARGS…` run in dir runs from
// composer.json's scripts: the events its verb fires (install:
// pre-install-cmd, post-install-cmd, post-autoload-dump …), or the script
// run-script NAME (or composer NAME) names, with @other scripts followed.
// "@php …" runs php; a PHP callback (Class::method) and a script of a
// plugin are Dynamic. --no-scripts runs none. args are the words after
// "composer".
func ComposerScripts(files Files, dir string, args []string) Run {
	var out Run
	verb, rest, noScripts := composerCall(&out, &dir, args)
	if noScripts || verb == "" {
		return out
	}
	p := filepath.Join(dir, "composer.json")
	text, err := files.Read(p)
	if err != nil {
		if !Missing(err) {
			out.unread("%s: %v", p, err)
		}
		return out
	}
	var cfg struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if err := json.Unmarshal([]byte(text), &cfg); err != nil {
		out.unread("%s: %v", p, err)
		return out
	}
	out.Dir = dir
	c := composerRun{scripts: cfg.Scripts, out: &out, seen: map[string]bool{}}
	events, ok := composerEvents.Get()[verb]
	switch {
	case verb == "run-script" || verb == "run":
		if len(rest) > 0 {
			c.script(rest[0], rest[1:], 0)
		}
	case ok:
		for _, e := range events {
			c.script(e, nil, 0)
		}
	case cfg.Scripts[verb] != nil:
		c.script(verb, rest, 0) // composer NAME runs a custom script
	}
	return out
}

// composerCall reads composer's argv by its declared grammar: the verb
// and the words after it, the working directory (-d, --working-dir) and
// --no-scripts.
func composerCall(out *Run, dir *string, args []string) (verb string, rest []string, noScripts bool) {
	prog, ok := registry.Default().Lookup("composer")
	if !ok {
		return "", nil, true
	}
	words := make([]registry.Word, len(args))
	for i, a := range args {
		words[i] = registry.Word{Text: a}
	}
	scan := prog.Node.Grammar.Scan(words)
	for _, o := range scan.Values("-d", "--working-dir") {
		*dir = joinDir(*dir, o.Value)
	}
	if len(scan.Operands) == 0 {
		return "", nil, true
	}
	verb = args[scan.Operands[0]]
	for _, i := range scan.Operands[1:] {
		rest = append(rest, args[i])
	}
	return verb, rest, scan.Has("--no-scripts")
}

// composerRun follows one composer command's scripts.
type composerRun struct {
	scripts map[string]json.RawMessage
	out     *Run
	seen    map[string]bool
}

// script adds what the script name runs; extra words are appended.
func (c *composerRun) script(name string, extra []string, depth int) {
	raw, ok := c.scripts[name]
	if !ok || c.seen[name] {
		return
	}
	if depth > MaxComposerDepth {
		c.out.dynamic("composer script %s: scripts nested deeper than %d (not read)", name, MaxComposerDepth)
		return
	}
	c.seen[name] = true
	var list []string
	if json.Unmarshal(raw, &list) != nil {
		var one string
		if err := json.Unmarshal(raw, &one); err != nil {
			c.out.dynamic("composer script %s is not a string or a list (not read)", name)
			return
		}
		list = []string{one}
	}
	for _, cmd := range list {
		c.command(name, cmd, extra, depth)
	}
}

// command adds one entry of a script.
func (c *composerRun) command(name, cmd string, extra []string, depth int) {
	if len(extra) > 0 {
		cmd += " " + joinQuoted(extra)
	}
	switch {
	case strings.HasPrefix(cmd, "@php "):
		c.out.add("composer script "+name, "php "+strings.TrimPrefix(cmd, "@php "), "")
	case strings.HasPrefix(cmd, "@composer "):
		c.out.add("composer script "+name, "composer "+strings.TrimPrefix(cmd, "@composer "), "")
	case strings.HasPrefix(cmd, "@putenv "):
	case strings.HasPrefix(cmd, "@"):
		other, _, _ := strings.Cut(strings.TrimPrefix(cmd, "@"), " ")
		c.script(other, nil, depth+1)
	case strings.Contains(cmd, "::") && !strings.ContainsAny(cmd, " \t"):
		c.out.dynamic("composer script %s calls the PHP method %s (not read)", name, cmd)
	default:
		c.out.add("composer script "+name, cmd, "")
	}
}
