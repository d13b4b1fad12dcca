//go:build compat

package suite

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permgate/permgate/compat/fakemodel"
)

// Copilot CLI's texts for a call its preToolUse hook stopped (1.0.102), as
// the model reads them in the next request.
const (
	copilotDenied    = "Denied by preToolUse hook: "
	copilotAskDenied = "Denied by preToolUse hook (unable to ask user for confirmation): "
	copilotErrored   = "(hook errored)"
	copilotExit2     = "Denied by preToolUse hook: hook exited with code 2"
	// copilotNoUser is Copilot's own refusal in -p when its approval would ask.
	copilotNoUser = "Permission denied because no interactive user response was available"
)

// copilot is one sandbox set up for GitHub Copilot CLI in its
// bring-your-own-model mode against the fake model's Anthropic protocol.
type copilot struct {
	t   *testing.T
	sb  *sandbox
	bin string
	// Hooks is ~/.copilot/hooks, where install writes permgate.json.
	Hooks string
}

func newCopilot(t *testing.T) *copilot {
	t.Helper()
	bin := harnessBin(t, "copilot")
	r := releaseOf(t, "copilot")
	sb := newSandbox(t)
	// The binary unpacks its 235 MB bundle on first start; one copy in the
	// cache serves every sandbox.
	sb.Setenv("COPILOT_PKG_CACHE_HOME=" + filepath.Join(cacheDir(t), r.Name+"-"+r.Version, "pkg-cache"))
	return &copilot{t: t, sb: sb, bin: bin, Hooks: filepath.Join(sb.Home, ".copilot", "hooks")}
}

// copilotCall is a Copilot tool call the fake model makes.
func copilotCall(tool string, input map[string]any) fakemodel.Step {
	return fakemodel.Step{Call: &fakemodel.Call{Tool: tool, Input: input}}
}

// copilotBash is Copilot's bash tool running command.
func copilotBash(command string) fakemodel.Step {
	return copilotCall("bash", map[string]any{"command": command, "description": "run it"})
}

// session runs one `copilot -p` whose model makes the calls in steps, one a
// turn, and returns the texts of the tool results the model was sent, one
// per step (what Copilot told it of each call).
func (c *copilot) session(steps []fakemodel.Step, flags ...string) []string {
	c.t.Helper()
	srv := fakemodel.Start(fakemodel.Steps("bash", steps...))
	defer srv.Close()
	args := append([]string{"-p", "go", "--output-format", "json", "--no-auto-update"}, flags...)
	res := c.sb.Run(2*time.Minute, c.sb.Work, []string{
		"COPILOT_OFFLINE=true", "COPILOT_PROVIDER_TYPE=anthropic", "COPILOT_PROVIDER_BASE_URL=" + srv.URL,
		"COPILOT_PROVIDER_API_KEY=fake", "COPILOT_MODEL=claude-sonnet-4.5",
	}, c.bin, args...)
	if res.Code != 0 {
		c.t.Fatalf("copilot %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(flags, " "), res.Code, copilotTail(res.Stdout), copilotTail(res.Stderr))
	}
	turns := srv.Main("bash")
	if len(turns) == 0 {
		c.t.Fatalf("copilot made no request offering bash\nstderr:\n%s", copilotTail(res.Stderr))
	}
	results := turns[len(turns)-1].Results
	if len(results) != len(steps) {
		c.t.Fatalf("copilot sent %d tool results for %d calls: %q", len(results), len(steps), results)
	}
	return results
}

// copilotTail is the end of a long output, for a failure message.
func copilotTail(s string) string {
	if len(s) > 3000 {
		return "…" + s[len(s)-3000:]
	}
	return s
}

// writeHooks writes a hooks file of Copilot's own, beside permgate's.
func (c *copilot) writeHooks(name, command string, timeoutSec int) string {
	c.t.Helper()
	hooks := map[string]any{"version": 1, "hooks": map[string]any{"preToolUse": []any{
		map[string]any{"type": "command", "bash": command, "timeoutSec": timeoutSec},
	}}}
	data, _ := json.Marshal(hooks)
	p := filepath.Join(c.Hooks, name)
	if err := os.MkdirAll(c.Hooks, 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		c.t.Fatal(err)
	}
	return p
}

// resetVictim makes ~/victimdir whole again after a call that ran.
func (c *copilot) resetVictim() {
	c.t.Helper()
	if err := os.MkdirAll(c.sb.Victim, 0o755); err != nil {
		c.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(c.sb.Victim, "keep.txt"), []byte("must survive\n"), 0o644); err != nil {
		c.t.Fatal(err)
	}
}

func copilotWant(t *testing.T, what, got, prefix string, parts ...string) {
	t.Helper()
	if !strings.HasPrefix(got, prefix) {
		t.Errorf("%s: the model read %q, want it to begin %q", what, got, prefix)
		return
	}
	for _, p := range parts {
		if !strings.Contains(got, p) {
			t.Errorf("%s: the model read %q, want %q in it", what, got, p)
		}
	}
}

// TestCopilot drives GitHub Copilot CLI (releases.txt) through permgate's
// preToolUse hook: install, doctor, a read that runs, a severe call stopped
// with its reason reaching the model in every permission flag, writes to
// permgate's files stopped, an ask and a hand-back as Copilot acts on them,
// a missing binary, uninstall.
func TestCopilot(t *testing.T) {
	c := newCopilot(t)
	sb := c.sb
	hooksFile := filepath.Join(c.Hooks, "permgate.json")
	config := filepath.Join(sb.Home, ".config", "permgate", "config.toml")
	before := sb.Snapshot(hooksFile)

	if res := sb.Permgate("install", "copilot"); res.Code != 0 || !strings.Contains(res.Stdout, hooksFile) {
		t.Fatalf("install copilot: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	registered := sb.Snapshot(hooksFile)[hooksFile]
	if !strings.Contains(registered, sb.Bin+" hook copilot") {
		t.Fatalf("the hooks file does not name the sandbox's permgate:\n%s", registered)
	}

	t.Run("doctor", func(t *testing.T) {
		res := sb.Permgate("doctor")
		var lines []string
		for _, l := range strings.Split(res.Stdout+res.Stderr, "\n") {
			if strings.Contains(l, " copilot: ") {
				lines = append(lines, l)
			}
		}
		text := strings.Join(lines, "\n")
		if !strings.Contains(text, "✔ copilot: the hook denies a test call") || strings.Contains(text, "✘ copilot") {
			t.Errorf("doctor on Copilot CLI:\n%s", text)
		}
	})

	for _, flags := range [][]string{nil, {"--allow-all-tools"}, {"--allow-all"}} {
		name := "read-then-severe" + strings.Join(flags, "")
		t.Run(name, func(t *testing.T) {
			audit := len(sb.AuditLines())
			got := c.session([]fakemodel.Step{copilotBash("ls"), copilotBash("rm -rf ~/victimdir")}, flags...)
			if !strings.Contains(got[0], "README.md") {
				t.Errorf("ls did not run: the model read %q", got[0])
			}
			copilotWant(t, "rm -rf ~/victimdir", got[1], copilotDenied+"permgate: ", "recursive_delete.rm", "safer:")
			if !sb.VictimAlive() {
				t.Fatal("~/victimdir was deleted")
			}
			lines := sb.AuditLines()[audit:]
			if len(lines) != 2 || !strings.Contains(lines[0], `"decision":"allow"`) || !strings.Contains(lines[1], `"decision":"deny"`) {
				t.Errorf("audit records of the session:\n%s", strings.Join(lines, "\n"))
			}
		})
	}

	t.Run("self-protection", func(t *testing.T) {
		other := filepath.Join(c.Hooks, "other.json")
		// Copilot runs an extension's code at every start, outside any hook.
		extension := filepath.Join(sb.Home, ".copilot", "extensions", "x", "extension.mjs")
		guarded := []string{hooksFile, config, other, extension}
		snap := sb.Snapshot(guarded...)
		got := c.session([]fakemodel.Step{
			copilotCall("edit", map[string]any{"path": hooksFile, "old_str": "permgate hook copilot", "new_str": "true"}),
			copilotCall("create", map[string]any{"path": other, "file_text": `{"version":1,"hooks":{}}`}),
			copilotCall("create", map[string]any{"path": config, "file_text": "mode = \"bypass\"\n"}),
			copilotBash("echo '{}' > " + hooksFile),
			copilotCall("create", map[string]any{"path": extension, "file_text": "import 'node:fs';\n"}),
		}, "--allow-all")
		for i, what := range []string{"edit of the hooks file", "a new hooks file", "permgate's config", "a redirect into the hooks file", "an extension"} {
			copilotWant(t, what, got[i], copilotDenied+"permgate: ", "self_modify")
		}
		after := sb.Snapshot(guarded...)
		for _, p := range guarded {
			if after[p] != snap[p] {
				t.Errorf("%s changed: %q → %q", p, snap[p], after[p])
			}
		}
	})

	t.Run("ask", func(t *testing.T) {
		// permgate asks before a write; Copilot has no one to ask in -p, so
		// it denies, --allow-all included.
		made := filepath.Join(sb.Work, "made.txt")
		for _, flags := range [][]string{nil, {"--allow-all"}} {
			got := c.session([]fakemodel.Step{copilotBash("touch made.txt")}, flags...)
			copilotWant(t, "touch "+strings.Join(flags, ""), got[0], copilotAskDenied+"permgate: ")
			if _, err := os.Stat(made); err == nil {
				t.Fatalf("touch ran after an ask %v", flags)
			}
		}
	})

	t.Run("hand-back", func(t *testing.T) {
		// An edit inside the project is the tool table's allow, which
		// permgate hands back: Copilot's own permissions decide, refusing in
		// -p with no flag and running it under --allow-all.
		readme := filepath.Join(sb.Work, "README.md")
		edit := copilotCall("edit", map[string]any{"path": readme, "old_str": "# project", "new_str": "# edited"})
		got := c.session([]fakemodel.Step{edit})
		copilotWant(t, "edit with no flag", got[0], copilotNoUser)
		if data, _ := os.ReadFile(readme); string(data) != "# project\n" {
			t.Fatalf("README.md changed with no flag: %q", data)
		}
		got = c.session([]fakemodel.Step{edit}, "--allow-all")
		if data, _ := os.ReadFile(readme); string(data) != "# edited\n" {
			t.Errorf("the handed-back edit did not run under --allow-all: the model read %q, README.md is %q", got[0], data)
		}
	})

	t.Run("missing-binary", func(t *testing.T) {
		moved := sb.Bin + ".moved"
		if err := os.Rename(sb.Bin, moved); err != nil {
			t.Fatal(err)
		}
		defer os.Rename(moved, sb.Bin)
		got := c.session([]fakemodel.Step{copilotBash("rm -rf ~/victimdir")}, "--allow-all")
		if !sb.VictimAlive() {
			t.Fatalf("~/victimdir was deleted with permgate's binary missing; the model read %q", got[0])
		}
		// install's form, `PERMGATE hook copilot || exit 2`, turns the shell's
		// 127 into exit 2, which Copilot CLI blocks on.
		copilotWant(t, "rm with the binary missing", got[0], copilotExit2)
	})

	t.Run("uninstall", func(t *testing.T) {
		if res := sb.Permgate("uninstall", "copilot"); res.Code != 0 {
			t.Fatalf("uninstall copilot: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
		}
		if after := sb.Snapshot(hooksFile); after[hooksFile] != before[hooksFile] {
			t.Fatalf("uninstall left %s: %q", hooksFile, after[hooksFile])
		}
		audit := len(sb.AuditLines())
		got := c.session([]fakemodel.Step{copilotBash("ls")})
		if !strings.Contains(got[0], "README.md") {
			t.Errorf("ls after uninstall: the model read %q", got[0])
		}
		if n := len(sb.AuditLines()); n != audit {
			t.Errorf("%d audit records after uninstall", n-audit)
		}
	})
}

// TestCopilotHookFailures records what Copilot CLI does when a preToolUse
// hook fails, whatever permgate answers: a failed exit blocks (1, 2, and
// 127, a program that is missing), a hook that writes nothing leaves the
// call to Copilot's own permissions (it runs under --allow-all), and so
// does a hook past its timeoutSec — the one way a hook fails open there.
func TestCopilotHookFailures(t *testing.T) {
	c := newCopilot(t)
	tests := []struct {
		name, command string
		timeoutSec    int
		runs          bool
		result        string
	}{
		{"exit-1", "cat >/dev/null; exit 1", 30, false, copilotErrored},
		{"exit-2", "cat >/dev/null; echo 'permgate: no' >&2; exit 2", 30, false, copilotExit2},
		{"missing-program", filepath.Join(c.sb.Home, "nowhere", "permgate") + " hook copilot", 30, false, copilotErrored},
		{"no-output", "cat >/dev/null", 30, true, ""},
		{"past-timeout", `cat >/dev/null; sleep 4; echo '{"permissionDecision":"deny"}'`, 1, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.resetVictim()
			p := c.writeHooks("failing.json", tt.command, tt.timeoutSec)
			defer os.Remove(p)
			got := c.session([]fakemodel.Step{copilotBash("rm -rf ~/victimdir")}, "--allow-all")
			if ran := !c.sb.VictimAlive(); ran != tt.runs {
				t.Fatalf("the call ran: %v, want %v; the model read %q", ran, tt.runs, got[0])
			}
			if !tt.runs && !strings.Contains(got[0], tt.result) {
				t.Errorf("the model read %q, want %q in it", got[0], tt.result)
			}
		})
	}
}
