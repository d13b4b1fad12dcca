package cmd

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

// decideTool decides one tool call: bash through the analysis, other tools by
// the tool table and rules.
func (s *session) decideTool(req harness.Request) (string, validator.Analysis, policy.Outcome, error) {
	switch req.Tool {
	case "bash":
		return s.decideBash(req)
	case "apply_patch":
		return s.decidePatch(req.Paths)
	}
	return s.decideFileTool(req)
}

// decideBash decides a shell tool call's command: read as the harness
// hands it (a typed argv, a terminal's input, a script), and never allowed
// when it could not be read or is not valid Unicode.
func (s *session) decideBash(req harness.Request) (string, validator.Analysis, policy.Outcome, error) {
	if req.CommandErr != nil {
		return "", validator.Analysis{}, policy.Outcome{}, req.CommandErr
	}
	var a validator.Analysis
	switch {
	case !req.CommandValid:
		a = invalidCommand(validator.New(s.env), req.Command)
	case req.Typed:
		a = validator.New(s.env).CheckTyped(req.Command, req.ToolName)
	case req.TTY:
		a = validator.New(s.env).CheckTerminal(req.Command, req.ToolName)
	default:
		_, a, out := s.decide([]string{req.Command})
		return req.Command, a, out, nil
	}
	return req.Command, a, s.decideAnalysis(a, s.matcher()), nil
}

// decideFileTool decides another tool's call by the tool table and rules:
// for each path it names, the strictest answer; a tool that works on paths
// has them checked, and an unknown tool's input is searched for permgate's
// own files.
func (s *session) decideFileTool(req harness.Request) (string, validator.Analysis, policy.Outcome, error) {
	op, byPath := toolPathOp(req.Tool)
	var unknown []validator.Finding
	if _, known := s.toolTable()[req.Tool]; !byPath && !known {
		unknown = s.unknownToolSelf(req.Input)
	}
	paths := req.Paths
	if len(paths) == 0 {
		paths = []string{""} // a tool without a path is decided once, by the table
	}
	v := validator.New(s.env)
	found := map[string][]validator.Finding{}
	out, path := strictest(paths, func(p string) policy.Outcome {
		call := policy.ToolCall{Tool: req.Tool, Path: p, Findings: unknown}
		switch {
		case byPath && p == "":
			call.Findings = s.pathlessTool(req, op)
		case byPath:
			call.Findings = v.CheckPath(op, p)
		}
		found[p] = call.Findings
		return s.decideToolCall(call)
	})
	return toolWhat(req, path), pathAnalysis(found[path]), out, nil
}

// toolWhat names a tool call for its answer: the tool, and the path it was
// decided by, else its URL.
func toolWhat(req harness.Request, path string) string {
	switch {
	case path != "":
		return req.ToolName + " " + path
	case req.URL != "":
		return req.ToolName + " " + req.URL
	}
	return req.ToolName
}

// pathAnalysis holds a file tool's findings for a path as an analysis, so the
// audit record and the hook's reason carry their kinds and ids.
func pathAnalysis(findings []validator.Finding) validator.Analysis {
	a := validator.Analysis{Findings: findings}
	for _, f := range findings {
		a.Severity = max(a.Severity, f.Severity)
	}
	return a
}

// strictest decides each path and returns the strictest answer with its path:
// a deny for one is not hidden by an allow or ask for another named before it.
func strictest(paths []string, decide func(string) policy.Outcome) (policy.Outcome, string) {
	var worst policy.Outcome
	worstPath := ""
	for i, p := range paths {
		out := decide(p)
		if i == 0 || strictness(out.Decision) > strictness(worst.Decision) {
			worst, worstPath = out, p
		}
	}
	return worst, worstPath
}

// strictness orders the decisions: an allow, no decision (the harness's own
// permissions decide, which an allow would lift), an ask, a deny. A decision
// it does not know is a deny.
func strictness(d policy.Decision) int {
	switch d {
	case policy.Allow:
		return 0
	case policy.Defer:
		return 1
	case policy.Ask:
		return 2
	}
	return 3
}

// decidePatch decides Codex's apply_patch as an edit of every file it names.
func (s *session) decidePatch(paths []string) (string, validator.Analysis, policy.Outcome, error) {
	if len(paths) == 0 {
		return "apply_patch", validator.Analysis{}, policy.Outcome{Decision: policy.Deny, Reason: "apply_patch names no file permgate can read", By: "tool"}, nil
	}
	v := validator.New(s.env)
	found := map[string][]validator.Finding{}
	worst, worstPath := strictest(paths, func(p string) policy.Outcome {
		found[p] = v.CheckPath(validator.PathWrite, p)
		return s.decideToolCall(policy.ToolCall{Tool: "edit_file", Path: p, Findings: found[p]})
	})
	if worst.Decision != policy.Allow {
		return "apply_patch " + worstPath, pathAnalysis(found[worstPath]), worst, nil
	}
	return "apply_patch " + strings.Join(paths, " "), validator.Analysis{}, worst, nil
}

// decideToolCall decides a call of a tool other than bash, then fail-closed.
func (s *session) decideToolCall(call policy.ToolCall) policy.Outcome {
	return s.failClosed(policy.DecideTool(call, s.eff.Settings, s.cfg.Rules, s.toolTable(), s.pathContext()))
}

// unknownToolSelf judges a tool permgate does not know (an MCP server's, a new
// harness tool), which is otherwise handed back to the harness: a command it
// carries is analysed as the shell tool's would be, a path that is permgate's
// own files or the hook settings counts as a possible write (self_modify),
// and a secret's path as a possible read; nothing else is assumed.
func (s *session) unknownToolSelf(input json.RawMessage) []validator.Finding {
	var fields map[string]any
	if json.Unmarshal(input, &fields) != nil {
		return nil
	}
	// A shell command the tool runs (an MCP shell server's run_command): its
	// severe findings count as they would for the harness's own shell tool,
	// and so does one too large to read whole (a field that does not parse
	// may not be a shell command at all).
	v := validator.New(s.env)
	var out []validator.Finding
	commandScripts(fields, func(src string) {
		for f := range v.CheckScript(src).All() {
			if f.Severity > validator.Safe {
				out = append(out, f)
			}
		}
	})
	pathStrings(fields, func(x string) {
		for _, f := range v.CheckPath(validator.PathWrite, x) {
			if f.Kind == "self_modify" || f.Kind == "too_complex" {
				out = append(out, f)
			}
		}
		for _, f := range v.CheckPath(validator.PathRead, x) {
			if f.Kind == finding.SecretAccess {
				out = append(out, f)
			}
		}
	})
	return out
}

// commandKeys name the members of a tool's input that hold a shell command
// (matched in any case): an MCP shell server's run_command, a tool's
// {"args": {"cmd": …}}.
var commandKeys = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"command": true, "cmd": true, "script": true, "commands": true, "shell_command": true,
		"shellcommand": true, "bash": true, "sh": true, "shell": true, "argv": true}
}}

// commandScripts calls fn with each shell command in a tool's decoded
// input, a few levels deep: a string under a command key, and a list of
// strings there both as one command's words (["rm", "-rf", "~"]) and as
// commands of their own (["make", "rm -rf ~"]).
func commandScripts(val any, fn func(string)) {
	var visit func(val any, depth int)
	visit = func(val any, depth int) {
		if depth > 4 {
			return
		}
		switch x := val.(type) {
		case []any:
			for _, e := range x {
				visit(e, depth+1)
			}
		case map[string]any:
			for key, e := range x {
				if commandKeys.Get()[strings.ToLower(key)] {
					runCommandValue(e, fn)
				}
				visit(e, depth+1)
			}
		}
	}
	visit(val, 0)
}

// runCommandValue calls fn with the commands one command member holds.
func runCommandValue(val any, fn func(string)) {
	switch x := val.(type) {
	case string:
		if x != "" {
			fn(x)
		}
	case []any:
		var words []string
		for _, e := range x {
			if w, ok := e.(string); ok {
				words = append(words, shellparse.ShellQuote(w))
				fn(w)
			}
		}
		if len(words) > 1 {
			fn(strings.Join(words, " "))
		}
	}
}

// pathStrings calls fn with every string in a tool's decoded input, a few
// levels deep, that could be a path: short and one line. A bare name counts
// too (.env, id_rsa): a path relative to the call's directory needs no slash.
func pathStrings(val any, fn func(string)) {
	var visit func(val any, depth int)
	visit = func(val any, depth int) {
		if depth > 4 {
			return
		}
		switch x := val.(type) {
		case string:
			if x == "" || len(x) > 4096 || strings.ContainsAny(x, "\n\x00") {
				return
			}
			fn(x)
		case []any:
			for _, e := range x {
				visit(e, depth+1)
			}
		case map[string]any:
			for _, e := range x {
				visit(e, depth+1)
			}
		}
	}
	visit(val, 0)
}

// pathlessTool judges a file tool call that names no path permgate reads
// (the harness sent the file under a key permgate does not know). A write: a
// path anywhere in its input that is permgate's own or a hook settings file
// is self_modify, and any other asks — a mode never allows it unseen. A read:
// a secret named anywhere in its input is read as a Read of it would be.
func (s *session) pathlessTool(req harness.Request, op validator.PathOp) []validator.Finding {
	var out []validator.Finding
	if op == validator.PathRead {
		// A secret named anywhere in the input is read as Read of it would be.
		var fields map[string]any
		if json.Unmarshal(req.Input, &fields) == nil {
			// A search's pattern is text to find, not a file it reads.
			delete(fields, "pattern")
			delete(fields, "query")
			delete(fields, "regex")
			v := validator.New(s.env)
			pathStrings(fields, func(x string) {
				for _, f := range v.CheckPath(validator.PathRead, x) {
					if f.Kind == finding.SecretAccess && !slices.ContainsFunc(out, func(g validator.Finding) bool { return g.ID == f.ID && g.Command == f.Command }) {
						out = append(out, f)
					}
				}
			})
		}
	}
	if op == validator.PathWrite {
		out = append(s.unknownToolSelf(req.Input), validator.Finding{Kind: finding.ProtectedWrite, Severity: validator.NonSevere,
			ID: "protected_write.tool_no_path", Command: req.ToolName,
			Reason: req.ToolName + " names no file permgate can read (no file_path or path): what it writes is unknown"})
	}
	return out
}

// toolPathOp says how a file tool's paths are judged: the tools that write
// (write_file, edit_file) as writes, the tools that read file content
// (read_file, grep) as reads.
func toolPathOp(tool string) (validator.PathOp, bool) {
	switch tool {
	case "write_file", "edit_file":
		return validator.PathWrite, true
	case "read_file", "grep":
		return validator.PathRead, true
	}
	return 0, false
}

// invalidCommand is the analysis of a command that is not valid Unicode: a
// parse error, as bash would not see the text permgate shows.
func invalidCommand(v *validator.Validator, shown string) validator.Analysis {
	return v.Classify(shellparse.Result{Problems: []shellparse.Problem{{
		Kind: shellparse.ProblemParse, Reason: "the command is not valid UTF-8 (or holds a lone surrogate escape)", Source: shown,
	}}}, shown)
}

func (s *session) toolTable() policy.ToolTable {
	table := policy.ToolTable{}
	for name, setting := range s.cfg.Tools {
		table[name] = setting.Value
	}
	return table
}

func (s *session) pathContext() policy.PathContext {
	return policy.PathContext{Cwd: s.env.Cwd, Home: s.env.Home}
}
