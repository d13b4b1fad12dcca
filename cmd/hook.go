package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"permgate/policy"
	"permgate/shellparse"
	"permgate/validator"
)

// harness is one agent harness's hook protocol.
type harness struct {
	name string
	// tools maps the harness's tool names onto permgate's.
	tools map[string]string
	// modes maps the harness's permission_mode onto permgate's mode and whether
	// no one can be asked in it.
	modes map[string]harnessMode
	// answer writes the decision and returns the exit code.
	answer func(io streams, d policy.Decision, reason string) int
	// settings is the snippet that registers the hook, with %s for the command.
	settings string
	// lastWins says how the harness reads a key repeated in its JSON: the last
	// one wins (JavaScript's JSON.parse), or it is an error (serde_json into a
	// struct), which permgate answers with a deny.
	lastWins bool
}

type harnessMode struct {
	mode       policy.Mode
	failClosed bool
}

var harnesses = map[string]harness{
	"claude": {
		name: "Claude Code",
		tools: map[string]string{
			"Bash": "bash", "Read": "read_file", "Write": "write_file", "Edit": "edit_file", "MultiEdit": "edit_file",
			"NotebookEdit": "edit_file", "Glob": "glob", "Grep": "grep", "LS": "glob", "WebFetch": "web_fetch",
			"WebSearch": "web_search", "Task": "task_create", "Agent": "task_create", "TodoWrite": "todo_write",
			"TodoRead": "todo_read", "ExitPlanMode": "exit_plan_mode", "AskUserQuestion": "ask_user",
		},
		modes: map[string]harnessMode{
			"default": {mode: policy.ModeDefault}, "acceptEdits": {mode: policy.ModeDefault}, "auto": {mode: policy.ModeAuto},
			"plan": {mode: policy.ModePlan}, "bypassPermissions": {mode: policy.ModeBypass},
			"dontAsk": {mode: policy.ModeDefault, failClosed: true},
		},
		answer:   answerClaude,
		lastWins: true,
		settings: `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":%s,"timeout":30}]}]}}`,
	},
	"codex": {
		name: "Codex",
		tools: map[string]string{
			"Bash": "bash", "shell": "bash", "shell_command": "bash", "exec_command": "bash", "apply_patch": "apply_patch",
			"spawn_agent": "task_create", "Agent": "task_create",
		},
		modes: map[string]harnessMode{
			"default": {mode: policy.ModeDefault}, "acceptEdits": {mode: policy.ModeDefault}, "plan": {mode: policy.ModePlan},
			"bypassPermissions": {mode: policy.ModeBypass}, "dontAsk": {mode: policy.ModeDefault, failClosed: true},
		},
		answer: answerCodex,
		settings: "# ~/.codex/config.toml (then trust the hook once in Codex's /hooks)\n" +
			"[[hooks.PreToolUse]]\nmatcher = \"*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = %s\ntimeout = 30",
	},
	"gemini": {
		name: "Gemini CLI",
		tools: map[string]string{
			"run_shell_command": "bash", "read_file": "read_file", "read_many_files": "read_file", "write_file": "write_file",
			"replace": "edit_file", "glob": "glob", "list_directory": "glob", "grep_search": "grep", "search_file_content": "grep",
			"web_fetch": "web_fetch", "google_web_search": "web_search", "save_memory": "save_memory",
			"write_todos": "todo_write",
		},
		answer:   answerGemini,
		lastWins: true,
		settings: `{"hooks":{"BeforeTool":[{"matcher":"*","hooks":[{"name":"permgate","type":"command","command":%s,"timeout":30000}]}]}}`,
	},
}

func newHookCmd(io streams, g *globalFlags) *cobra.Command {
	var modeFlag string
	var printConfig bool
	c := &cobra.Command{
		Use:   "hook claude|codex|gemini [--print-config]",
		Short: "Answer an agent harness's pre-tool-use hook (JSON on stdin); never prompts",
		Long: "hook reads Claude Code's PreToolUse, Codex's PreToolUse or Gemini CLI's BeforeTool JSON on stdin and\n" +
			"answers in that harness's protocol. It never prompts: an ask goes back to the harness (Codex cannot\n" +
			"ask, so there it is a deny). Bad input, a config error or an internal error is a deny.\n" +
			"--print-config prints the settings that register the hook.",
		// An error before the harness is known cannot be answered in its
		// protocol: it exits 2 with the reason on stderr, which blocks the call
		// in every harness (never 1, which some take for "go ahead").
		Args: func(c *cobra.Command, args []string) error {
			if err := cobra.ExactArgs(1)(c, args); err != nil {
				return hookUsageError(io, err)
			}
			return nil
		},
		ValidArgs: []string{"claude", "codex", "gemini"},
		RunE: func(c *cobra.Command, args []string) error {
			h, ok := harnesses[args[0]]
			if !ok {
				return hookUsageError(io, fmt.Errorf("unknown harness %q (want claude, codex or gemini)", args[0]))
			}
			if c.Flags().Changed("mode") {
				if _, err := policy.ParseMode(modeFlag); err != nil {
					return hookUsageError(io, fmt.Errorf("--mode: %w", err))
				}
			}
			if printConfig {
				fmt.Fprintln(io.out, hookSettings(h, args[0]))
				return nil
			}
			return exitCode{runHook(io, g, h, modeFlag)}
		},
	}
	c.Flags().StringVar(&modeFlag, "mode", "", "mode to decide in, over the harness's permission mode")
	c.Flags().BoolVar(&printConfig, "print-config", false, "print the settings snippet that registers this hook")
	c.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return hookUsageError(io, err) })
	return c
}

// hookUsageError reports a mistake on the hook's own command line on stderr
// and exits 2: the harness is not known yet, and exit 2 blocks in every one.
func hookUsageError(io streams, err error) error {
	fmt.Fprintf(io.err, "permgate: hook: %v; the tool call is blocked\n", err)
	return exitCode{exitDeny}
}

// hookSettings is the settings snippet with this permgate's path.
func hookSettings(h harness, name string) string {
	bin, err := os.Executable()
	if err != nil {
		bin = "permgate"
	}
	command, _ := json.Marshal(bin + " hook " + name)
	return fmt.Sprintf(h.settings, command)
}

// runHook decides one tool call; every failure is a deny in the protocol.
func runHook(io streams, g *globalFlags, h harness, modeFlag string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = h.answer(io, policy.Deny, fmt.Sprintf("permgate failed (%v); denied to be safe", r))
		}
	}()
	data, err := readLimited(io.in, maxHookInput)
	if err != nil {
		return h.answer(io, policy.Deny, "permgate could not read the hook input: "+err.Error())
	}
	in, err := decodeHookInput(data, h.lastWins)
	if errors.As(err, new(notJSON)) {
		return h.answer(io, policy.Deny, "permgate could not parse the hook input as JSON: "+err.Error())
	}
	if err != nil {
		return h.answer(io, policy.Deny, "permgate could not read the hook input: "+err.Error())
	}
	if in.Cwd != "" {
		if err := os.Chdir(in.Cwd); err != nil {
			return h.answer(io, policy.Deny, "cannot enter the tool call's cwd: "+err.Error())
		}
	}
	s, err := loadConfig(g, io)
	if err == nil {
		err = s.selectHookMode(g, h, in.PermissionMode, modeFlag)
	}
	if err != nil {
		return h.answer(io, policy.Deny, "permgate refuses while its config is broken: "+err.Error())
	}
	command, a, out, err := s.decideTool(h, in)
	if err != nil {
		return h.answer(io, policy.Deny, err.Error())
	}
	out = s.audit(io, "hook", command, a, out, out.By)
	return h.answer(io, out.Decision, "permgate: "+validator.OneLine(out.Reason))
}

func readLimited(r io.Reader, limit int64) ([]byte, error) {
	// Read one byte past the limit, never more: a huge payload is refused
	// without being held.
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("more than %d bytes", limit)
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil, errors.New("stdin was empty")
	}
	return data, nil
}

// selectHookMode chooses the mode: the harness's permission mode stands, and
// the config, the persisted mode or a profile may only tighten it; --mode and
// PERMGATE_MODE pin it (policy.SelectHook).
func (s *session) selectHookMode(g *globalFlags, h harness, permissionMode, modeFlag string) error {
	var hm policy.HarnessMode
	if m, ok := h.modes[permissionMode]; ok {
		hm = policy.HarnessMode{Mode: m.mode, Source: h.name + " permission_mode " + permissionMode, FailClosed: m.failClosed}
	}
	eff, err := policy.SelectHook(&s.cfg.Policy, s.modeInputs(g, modeFlag, false), hm)
	if err != nil {
		return err
	}
	s.eff = eff
	return nil
}

// decideTool decides one tool call: bash through the analysis, other tools by
// the tool table and rules.
func (s *session) decideTool(h harness, in hookInput) (string, validator.Analysis, policy.Outcome, error) {
	args := in.Args
	tool, ok := h.tools[in.ToolName]
	if !ok {
		tool = strings.ToLower(in.ToolName) // unknown and MCP tools keep their name: the table asks
	}
	switch tool {
	case "bash":
		command, valid, err := shellCommand(args.Command)
		if err != nil {
			return "", validator.Analysis{}, policy.Outcome{}, err
		}
		if !valid {
			a := invalidCommand(validator.New(s.env), command)
			return command, a, s.decideAnalysis(a, s.matcher()), nil
		}
		_, a, out := s.decide([]string{command})
		return command, a, out, nil
	case "apply_patch":
		patch, _, _ := shellCommand(args.Command)
		return s.decidePatch(patch)
	}
	// Every path field counts: a harness may act on any of them, so a decoy in
	// one must not stand in for another.
	paths := nonEmpty(append([]string{args.FilePath, args.AbsolutePath, args.NotebookPath, args.Path, args.DirPath}, args.Paths...))
	op, byPath := toolPathOp(tool)
	var unknown []validator.Finding
	if _, known := s.toolTable()[tool]; !byPath && !known {
		unknown = s.unknownToolSelf(in.ToolInput)
	}
	if len(paths) == 0 {
		paths = []string{""} // a tool without a path is decided once, by the table
	}
	v := validator.New(s.env)
	out, path := strictest(paths, func(p string) policy.Outcome {
		call := policy.ToolCall{Tool: tool, Path: p, Findings: unknown}
		if byPath {
			call.Findings = v.CheckPath(op, p)
		}
		return s.decideToolCall(call)
	})
	what := in.ToolName
	if path != "" {
		what += " " + path
	} else if args.URL != "" {
		what += " " + args.URL
	}
	return what, validator.Analysis{}, out, nil
}

// strictest decides each path and returns the strictest answer with its path:
// a deny for one is not hidden by an allow or ask for another named before it.
func strictest(paths []string, decide func(string) policy.Outcome) (policy.Outcome, string) {
	rank := map[policy.Decision]int{policy.Allow: 0, policy.Ask: 1, policy.Deny: 2}
	var worst policy.Outcome
	worstPath := ""
	for i, p := range paths {
		out := decide(p)
		if i == 0 || rank[out.Decision] > rank[worst.Decision] {
			worst, worstPath = out, p
		}
	}
	return worst, worstPath
}

// nonEmpty returns the non-empty strings, without repeats.
func nonEmpty(values []string) []string {
	var out []string
	for _, v := range values {
		if v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// decidePatch decides Codex's apply_patch as an edit of every file it names.
func (s *session) decidePatch(patch string) (string, validator.Analysis, policy.Outcome, error) {
	var paths []string
	for _, line := range strings.Split(patch, "\n") {
		for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if p, ok := strings.CutPrefix(line, prefix); ok {
				paths = append(paths, strings.TrimSpace(p))
			}
		}
	}
	if len(paths) == 0 {
		return "apply_patch", validator.Analysis{}, policy.Outcome{Decision: policy.Deny, Reason: "apply_patch names no file permgate can read", By: "tool"}, nil
	}
	v := validator.New(s.env)
	worst, worstPath := strictest(paths, func(p string) policy.Outcome {
		return s.decideToolCall(policy.ToolCall{Tool: "edit_file", Path: p, Findings: v.CheckPath(validator.PathWrite, p)})
	})
	if worst.Decision != policy.Allow {
		return "apply_patch " + worstPath, validator.Analysis{}, worst, nil
	}
	return "apply_patch " + strings.Join(paths, " "), validator.Analysis{}, worst, nil
}

// decideToolCall decides a call of a tool other than bash, then fail-closed.
func (s *session) decideToolCall(call policy.ToolCall) policy.Outcome {
	return s.failClosed(policy.DecideTool(call, s.eff.Settings, s.cfg.Rules, s.toolTable(), s.pathContext()))
}

// unknownToolSelf judges a tool permgate does not know (an MCP server's, a new
// harness tool): what it does with a path is unknown, so only a path that is
// permgate's own files or the hook settings counts — as a possible write,
// self_modify — and nothing else is assumed.
func (s *session) unknownToolSelf(input json.RawMessage) []validator.Finding {
	var fields map[string]any
	if json.Unmarshal(input, &fields) != nil {
		return nil
	}
	v := validator.New(s.env)
	var out []validator.Finding
	// A shell command the tool runs (an MCP shell server's run_command): its
	// severe findings count as they would for the harness's own shell tool.
	for _, key := range []string{"command", "cmd", "script"} {
		if src, ok := fields[key].(string); ok && src != "" {
			for _, f := range v.CheckScript(src).Findings {
				if f.Severity == validator.Severe {
					out = append(out, f)
				}
			}
		}
	}
	var visit func(val any, depth int)
	visit = func(val any, depth int) {
		if depth > 4 {
			return
		}
		switch x := val.(type) {
		case string:
			if x == "" || len(x) > 4096 || strings.ContainsAny(x, "\n\x00") || !strings.ContainsAny(x, "/~") {
				return
			}
			for _, f := range v.CheckPath(validator.PathWrite, x) {
				if f.Kind == "self_modify" {
					out = append(out, f)
				}
			}
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
	visit(fields, 0)
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

// answerClaude prints Claude Code's hookSpecificOutput; the exit status is 0.
func answerClaude(io streams, d policy.Decision, reason string) int {
	reason = safe(reason) // the harness shows it on a terminal
	out := map[string]any{"hookSpecificOutput": map[string]string{
		"hookEventName": "PreToolUse", "permissionDecision": string(d), "permissionDecisionReason": reason,
	}}
	writeJSON(io.out, out)
	return exitOK
}

// answerCodex blocks with exit 2 and the reason on stderr. Codex runs the call on
// any other answer, and cannot ask through a hook, so an ask is a deny.
func answerCodex(io streams, d policy.Decision, reason string) int {
	reason = safe(reason) // the harness shows it on a terminal
	switch d {
	case policy.Allow:
		return exitOK
	case policy.Ask:
		reason += " (permgate would ask, and Codex cannot be asked through a hook: denied)"
	}
	fmt.Fprintln(io.err, reason)
	return exitDeny
}

// answerGemini prints Gemini CLI's {"decision","reason"}; the exit status is 0.
func answerGemini(io streams, d policy.Decision, reason string) int {
	reason = safe(reason) // the harness shows it on a terminal
	writeJSON(io.out, map[string]string{"decision": string(d), "reason": reason})
	return exitOK
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
