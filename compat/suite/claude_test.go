//go:build compat

package suite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/compat/fakemodel"
)

// severeCall deletes the victim, in the home outside the project: permgate
// denies it in every mode (recursive_delete.rm, severe), bypass included,
// and Claude Code alone runs it in bypassPermissions.
const severeCall = "rm -rf ~/victimdir"

// severeID is the finding id permgate's reason for severeCall names.
const severeID = "recursive_delete.rm"

// userSettings is a user's Claude Code settings before install, in a layout
// of its own: uninstall must give it back byte for byte.
const userSettings = "{\n    \"env\": { \"KEEP_ME\": \"1\" },\n    \"permissions\": {\n        \"allow\": [\"Bash(git log:*)\"]\n    }\n}\n"

// TestClaude drives Claude Code through permgate's hook, from install to
// uninstall, in one sandbox.
func TestClaude(t *testing.T) {
	c := newClaude(t)
	settings := c.settingsPath()
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(userSettings), 0o644); err != nil {
		t.Fatal(err)
	}
	c.install(t)
	if !strings.Contains(readFile(t, settings), "KEEP_ME") {
		t.Fatal("install dropped the user's own settings")
	}

	t.Run("doctor", func(t *testing.T) { c.doctorPasses(t) })
	t.Run("default", func(t *testing.T) { c.defaultSession(t) })
	for _, mode := range []string{"default", "acceptEdits", "plan", "bypassPermissions", "auto", "dontAsk"} {
		t.Run("severe/"+mode, func(t *testing.T) { c.severeStopped(t, mode) })
	}
	t.Run("handback/default", func(t *testing.T) { c.handedBack(t, "default", "cat /etc/hostname", "/etc/hostname") })
	t.Run("handback/auto", func(t *testing.T) {
		c.handedBack(t, "auto", "touch ~/outside.txt", filepath.Join(c.sb.Home, "outside.txt"))
	})
	t.Run("acceptEdits", func(t *testing.T) { c.acceptEdits(t) })
	t.Run("self-protection", func(t *testing.T) { c.selfProtected(t) })
	t.Run("subagent", func(t *testing.T) { c.subagentStopped(t) })
	t.Run("uninstall", func(t *testing.T) {
		res := c.sb.Permgate("uninstall", "claude")
		if res.Code != 0 {
			t.Fatalf("permgate uninstall claude: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
		}
		if got := readFile(t, settings); got != userSettings {
			t.Fatalf("uninstall left\n%s\nwant byte for byte\n%s", got, userSettings)
		}
		before := len(c.sb.AuditLines())
		s := c.run(t, []fakemodel.Step{bash("ls")}, "--permission-mode", "bypassPermissions")
		if r := s.results(t); len(r) != 1 || !strings.Contains(r[0], "README.md") {
			t.Fatalf("after uninstall ls gave %q", r)
		}
		if after := c.sb.AuditLines(); len(after) != before {
			t.Fatalf("a call after uninstall left an audit record: %q", after[before:])
		}
	})
}

// install runs `permgate install claude` and checks that it names the
// sandbox's permgate in the user's settings, keeping the user's own.
func (c *claude) install(t *testing.T) {
	t.Helper()
	res := c.sb.Permgate("install", "claude")
	if res.Code != 0 {
		t.Fatalf("permgate install claude: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	got := readFile(t, c.settingsPath())
	if !strings.Contains(got, c.sb.Bin+" hook claude") {
		t.Fatalf("install wrote\n%s", got)
	}
}

// doctorPasses: doctor reports Claude Code's hook registered and denying
// its test call, and nothing broken for Claude Code.
func (c *claude) doctorPasses(t *testing.T) {
	res := c.sb.Permgate("doctor")
	lines := doctorLines(res.Stdout, "claude")
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "✔") && strings.Contains(l, "denies a test call") }) {
		t.Fatalf("doctor did not test Claude Code's hook:\n%s%s", res.Stdout, res.Stderr)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "✘") {
			t.Errorf("doctor: %s", l)
		}
	}
}

// doctorLines are doctor's report lines about subject.
func doctorLines(report, subject string) []string {
	var out []string
	for _, l := range strings.Split(report, "\n") {
		if _, rest, ok := strings.Cut(l, " "); ok && strings.HasPrefix(rest, subject+":") {
			out = append(out, l)
		}
	}
	return out
}

// defaultSession: in default mode an allowed read runs and its output is the
// tool result; ToolSearch loads deferred tools (no refusal); a command
// permgate asks about is refused in -p, the hook's reason as the tool
// result, and does not run; Claude's skill tool runs.
func (c *claude) defaultSession(t *testing.T) {
	s := c.run(t, []fakemodel.Step{
		bash("ls"),
		call("ToolSearch", map[string]any{"query": "select:Monitor", "max_results": 5}),
		bash("touch asked.txt"),
		call("Skill", map[string]any{"skill": "simplify"}),
	}, "--permission-mode", "default")
	r := s.results(t)
	if len(r) != 4 {
		t.Fatalf("%d tool results, want 4: %q\nstderr:\n%s", len(r), r, s.Stderr)
	}
	if !strings.Contains(r[0], "README.md") {
		t.Errorf("ls: the model got %q, not the listing", r[0])
	}
	if strings.Contains(r[1], "permgate") || !slices.Contains(s.srv.Main("Bash")[2].Tools, "Monitor") {
		t.Errorf("ToolSearch: the model got %q, and Monitor was not loaded", r[1])
	}
	// An ask in -p is a refusal whose text is the hook's reason as it
	// stands (a deny's has "hook error" before it).
	if !strings.HasPrefix(r[2], "permgate: ") || !strings.Contains(r[2], "touch asked.txt") {
		t.Errorf("touch asked.txt: the model got %q, not permgate's ask", r[2])
	}
	if _, err := os.Stat(filepath.Join(c.sb.Work, "asked.txt")); err == nil {
		t.Error("the command permgate asked about ran")
	}
	if strings.Contains(r[3], "permgate") || !strings.Contains(r[3], "simplify") {
		t.Errorf("Skill: the model got %q", r[3])
	}
}

// severeStopped: in each of Claude Code's modes an allowed read runs, and
// the severe call is stopped with permgate's reason and its finding's id.
func (c *claude) severeStopped(t *testing.T, mode string) {
	s := c.run(t, []fakemodel.Step{bash("ls"), bash(severeCall)}, "--permission-mode", mode)
	if !c.sb.VictimAlive() {
		t.Fatalf("%s: the victim was deleted", mode)
	}
	r := s.results(t)
	if len(r) != 2 {
		t.Fatalf("%s: %d tool results, want 2: %q", mode, len(r), r)
	}
	if !strings.Contains(r[0], "README.md") {
		t.Errorf("%s: ls gave %q, not the listing", mode, r[0])
	}
	if !strings.Contains(r[1], "permgate") || !strings.Contains(r[1], severeID) {
		t.Errorf("%s: the model got %q, not permgate's reason with %s", mode, r[1], severeID)
	}
	if got := sessionMode(s); got != mode {
		t.Errorf("claude ran in %q, not %s", got, mode)
	}
}

// handedBack: a call permgate allows only because it reads, outside the
// working directory, or only because of the mode (auto) gets no decision
// (its audit record says defer), so Claude Code's own permissions decide —
// in -p they refuse both (a read outside the working directories; auto
// mode's check, which runs on Anthropic's side, is not there), where
// permgate's allow would have run them. The model gets Claude Code's words,
// not permgate's, and path is not read or written.
func (c *claude) handedBack(t *testing.T, mode, command, path string) {
	before, _ := os.ReadFile(path)
	s := c.run(t, []fakemodel.Step{bash(command)}, "--permission-mode", mode)
	r := s.results(t)
	if len(r) != 1 || strings.Contains(r[0], "permgate") {
		t.Fatalf("%s: the model got %q, not Claude Code's own answer", command, r)
	}
	if len(before) > 0 && strings.TrimSpace(r[0]) == strings.TrimSpace(string(before)) {
		t.Errorf("%s ran: the model got %q", command, r[0])
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Errorf("%s ran: %s changed", command, path)
	}
	lines := c.sb.AuditLines()
	var last struct{ Command, Decision string }
	if len(lines) == 0 || json.Unmarshal([]byte(lines[len(lines)-1]), &last) != nil || last.Decision != "defer" {
		t.Fatalf("%s: permgate's last audit record is %q, not a defer", command, lines[len(lines)-1:])
	}
}

// acceptEdits: in acceptEdits a new file in the project is written — the
// user chose to accept edits, and permgate, with nothing against it, leaves
// it to Claude Code — while in default permgate asks, which -p refuses.
func (c *claude) acceptEdits(t *testing.T) {
	for _, tt := range []struct {
		mode, file string
		written    bool
	}{{"acceptEdits", "accepted.txt", true}, {"default", "asked.txt", false}} {
		path := filepath.Join(c.sb.Work, tt.file)
		s := c.run(t, []fakemodel.Step{call("Write", map[string]any{"file_path": path, "content": "x\n"})}, "--permission-mode", tt.mode)
		_, err := os.Stat(path)
		if written := err == nil; written != tt.written {
			t.Errorf("%s: Write %s: written %v, want %v; the model got %q", tt.mode, tt.file, written, tt.written, s.results(t))
		}
	}
}

// sessionMode is the permissionMode of the session's init message.
func sessionMode(s *claudeSession) string {
	for _, ev := range s.events {
		if ev["type"] == "system" && ev["subtype"] == "init" {
			m, _ := ev["permissionMode"].(string)
			return m
		}
	}
	return ""
}

// selfProtected: Write and Edit of permgate's config and of Claude Code's
// settings are stopped in bypassPermissions, and the files stay as they were.
func (c *claude) selfProtected(t *testing.T) {
	config := filepath.Join(c.sb.Home, ".config", "permgate", "config.toml")
	if err := os.MkdirAll(filepath.Dir(config), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(config, []byte("mode = \"default\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := c.sb.Snapshot(config, c.settingsPath())
	var steps []fakemodel.Step
	// Each Edit replaces text the file holds, so that only the hook can
	// refuse it.
	for p, old := range map[string]string{config: "default", c.settingsPath(): "KEEP_ME"} {
		steps = append(steps,
			// Claude Code edits only a file read in the session.
			call("Read", map[string]any{"file_path": p}),
			call("Write", map[string]any{"file_path": p, "content": "{}\n"}),
			call("Edit", map[string]any{"file_path": p, "old_string": old, "new_string": "bypass"}))
	}
	s := c.run(t, steps, "--permission-mode", "bypassPermissions")
	r := s.results(t)
	if len(r) != len(steps) {
		t.Fatalf("%d tool results, want %d: %q", len(r), len(steps), r)
	}
	for i, text := range r {
		if i%3 == 0 {
			continue // the Read
		}
		if !strings.Contains(text, "permgate") || !strings.Contains(text, "self_modify") {
			t.Errorf("step %d (%v): the model got %q, not permgate's self_modify", i, steps[i].Call, text)
		}
	}
	after := c.sb.Snapshot(config, c.settingsPath())
	for p, want := range before {
		if after[p] != want {
			t.Errorf("%s changed:\n%s", p, after[p])
		}
	}
}

// subagentStopped: a subagent's severe call passes the same hook and is
// stopped, with permgate's reason in the subagent's next request.
func (c *claude) subagentStopped(t *testing.T) {
	main := []fakemodel.Step{call("Agent", map[string]any{"description": "list files", "prompt": subagentTask, "subagent_type": "general-purpose"})}
	srv := c.serve(t, subagentScript(main, []fakemodel.Step{bash(severeCall)}))
	s := c.runWith(t, srv, "--permission-mode", "bypassPermissions")
	if !c.sb.VictimAlive() {
		t.Fatal("the subagent's severe call ran: the victim was deleted")
	}
	var sub []fakemodel.Turn
	for _, turn := range srv.Main("Bash") {
		if strings.Contains(firstUserText(turn.Body), subagentTask) {
			sub = append(sub, turn)
		}
	}
	if len(sub) == 0 {
		t.Fatalf("no subagent ran\nstdout:\n%s", s.Stdout)
	}
	r := sub[len(sub)-1].Results
	if len(r) != 1 || !strings.Contains(r[0], "permgate") || !strings.Contains(r[0], severeID) {
		t.Fatalf("the subagent got %q, not permgate's reason with %s", r, severeID)
	}
}

// TestClaudeMissingBinary: with permgate's binary moved away after install,
// the severe call is still stopped in bypassPermissions (the registered
// command blocks when its program is missing).
func TestClaudeMissingBinary(t *testing.T) {
	c := newClaude(t)
	c.install(t)
	if err := os.Rename(c.sb.Bin, c.sb.Bin+".moved"); err != nil {
		t.Fatal(err)
	}
	s := c.run(t, []fakemodel.Step{bash(severeCall)}, "--permission-mode", "bypassPermissions")
	if !c.sb.VictimAlive() {
		t.Fatal("with permgate's binary missing, the severe call ran: the victim was deleted")
	}
	if r := s.results(t); len(r) != 1 || !strings.Contains(r[0], "hook error") {
		t.Fatalf("the model got %q, not the hook's block", r)
	}
}

// TestClaudeDisableAllHooks: "disableAllHooks": true in the user's settings
// or in the project's settings.local.json turns permgate's hook off in the
// real release (no audit record of the call is written), and doctor says so
// with a ✘; in ~/.claude/settings.local.json,
// which Claude Code does not read (outside a project in the home), it
// changes nothing.
func TestClaudeDisableAllHooks(t *testing.T) {
	for _, tt := range []struct {
		name, file string
		off        bool
	}{
		{"user settings", ".claude/settings.json", true},
		{"project local", "project/.claude/settings.local.json", true},
		{"user local", ".claude/settings.local.json", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := newClaude(t)
			c.install(t)
			path := filepath.Join(c.sb.Home, tt.file)
			old, _ := os.ReadFile(path)
			doc := map[string]any{}
			if len(old) > 0 {
				if err := json.Unmarshal(old, &doc); err != nil {
					t.Fatal(err)
				}
			}
			doc["disableAllHooks"] = true
			data, _ := json.Marshal(doc)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			res := c.sb.Permgate("doctor")
			flagged := slices.ContainsFunc(doctorLines(res.Stdout, "claude"), func(l string) bool {
				return strings.HasPrefix(l, "✘") && strings.Contains(l, "disableAllHooks")
			})
			if flagged != tt.off {
				t.Errorf("doctor (exit %d) flags disableAllHooks: %v, want %v:\n%s", res.Code, flagged, tt.off, res.Stdout)
			}
			// In bypassPermissions the call runs either way; only with the
			// hook on does permgate decide it (its audit record).
			c.run(t, []fakemodel.Step{bash("touch asked.txt")}, "--permission-mode", "bypassPermissions")
			_, err := os.Stat(filepath.Join(c.sb.Work, "asked.txt"))
			if decided := len(c.sb.AuditLines()) > 0; err != nil || decided == tt.off {
				t.Errorf("the call ran: %v, permgate decided it: %v; want hooks off: %v", err == nil, decided, tt.off)
			}
		})
	}
}

// TestClaudeOwnToolsUnasked: the Claude Code tools permgate's table calls
// safe are ones Claude Code runs in default mode without asking, when a hook
// gives no decision, so permgate's allow for them is no looser than Claude
// Code alone; WebSearch, which it asks about (a refusal in -p), is left out
// of the table.
func TestClaudeOwnToolsUnasked(t *testing.T) {
	c := newClaude(t)
	// A hook that reads the call and decides nothing.
	settings := `{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"cat >/dev/null","timeout":30}]}]}}`
	if err := os.MkdirAll(filepath.Dir(c.settingsPath()), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c.settingsPath(), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	unasked := []fakemodel.Step{
		call("ToolSearch", map[string]any{"query": "select:CronList,SendMessage,WebSearch", "max_results": 5}),
		call("Skill", map[string]any{"skill": "simplify"}),
		call("ListAgents", map[string]any{}),
		call("SendMessage", map[string]any{"to": "nobody", "summary": "hello", "message": "hello"}),
		call("ReportFindings", map[string]any{"level": "low", "findings": []any{}}),
		call("ScheduleWakeup", map[string]any{"stop": true}),
		call("CronList", map[string]any{}),
		call("Agent", map[string]any{"description": "list files", "prompt": subagentTask, "subagent_type": "general-purpose"}),
	}
	steps := append(slices.Clone(unasked), call("WebSearch", map[string]any{"query": "hello world"}))
	srv := c.serve(t, subagentScript(steps, nil))
	c.runWith(t, srv, "--permission-mode", "default")
	var r []string
	for _, turn := range srv.Main("Bash") {
		if !strings.Contains(firstUserText(turn.Body), subagentTask) && len(turn.Results) > len(r) {
			r = turn.Results
		}
	}
	if len(r) != len(steps) {
		t.Fatalf("%d tool results, want %d: %q", len(r), len(steps), r)
	}
	asked := func(text string) bool {
		return strings.Contains(text, "requested permissions") || strings.Contains(text, "Permission to use")
	}
	for i := range unasked {
		if asked(r[i]) {
			t.Errorf("%s: Claude Code asked (%q): permgate's table must not call it safe", steps[i].Call.Tool, r[i])
		}
	}
	if last := r[len(r)-1]; !asked(last) {
		t.Errorf("WebSearch: Claude Code did not ask (%q): it could be in permgate's table", last)
	}
}
