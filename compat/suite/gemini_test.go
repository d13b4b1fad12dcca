//go:build compat

package suite

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/permgate/permgate/compat/fakemodel"
)

// geminiMain is the tool every main turn of Gemini CLI offers, headless and
// interactive, in every approval mode (its shell tool is not offered
// headless outside --yolo unless --allowed-tools names it).
const geminiMain = "read_file"

// geminiRunTimeout bounds one Gemini CLI session.
const geminiRunTimeout = 2 * time.Minute

// geminiSandbox is a sandbox with Gemini CLI's own settings: an API key
// against the fake server, usage statistics off (nothing is sent anywhere
// else), and permgate's hook once installed.
type geminiSandbox struct {
	*sandbox
	bin      string
	settings string
}

// geminiUserSettings is a user's settings before install, laid out as Gemini
// CLI writes its settings.json: uninstall must give it back byte for byte.
const geminiUserSettings = `{
  "security": {
    "auth": {
      "selectedType": "gemini-api-key"
    }
  },
  "privacy": {
    "usageStatisticsEnabled": false
  },
  "ui": { "theme": "GitHub" }
}
`

func newGeminiSandbox(t *testing.T) *geminiSandbox {
	t.Helper()
	g := &geminiSandbox{sandbox: newSandbox(t), bin: harnessBin(t, "gemini")}
	g.settings = filepath.Join(g.Home, ".gemini", "settings.json")
	writeTestFile(t, g.settings, geminiUserSettings)
	g.Setenv("GEMINI_API_KEY=fake")
	return g
}

// writeTestFile writes a file, making its directory.
func writeTestFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// install runs `permgate install gemini`.
func (g *geminiSandbox) install() {
	g.t.Helper()
	if res := g.Permgate("install", "gemini"); res.Code != 0 {
		g.t.Fatalf("permgate install gemini: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
}

// headless runs one `gemini -p` session against a fake model that makes the
// calls in turn, and returns the main turns the model saw.
func (g *geminiSandbox) headless(calls []fakemodel.Call, args ...string) ([]fakemodel.Turn, Result) {
	g.t.Helper()
	srv := fakemodel.Start(fakemodel.Steps(geminiMain, steps(calls)...))
	defer srv.Close()
	argv := append([]string{"-p", "go", "--skip-trust", "-o", "json"}, args...)
	res := g.Run(geminiRunTimeout, g.Work, []string{"GOOGLE_GEMINI_BASE_URL=" + srv.URL}, g.bin, argv...)
	main := srv.Main(geminiMain)
	if len(main) <= len(calls) {
		g.t.Fatalf("gemini %s: %d main turns for %d calls (exit %d)\nstdout:\n%s\nstderr:\n%s",
			strings.Join(args, " "), len(main), len(calls), res.Code, res.Stdout, tail(res.Stderr, 3000))
	}
	return main, res
}

// steps makes each call one step of a script.
func steps(calls []fakemodel.Call) []fakemodel.Step {
	out := make([]fakemodel.Step, len(calls))
	for i := range calls {
		out[i] = fakemodel.Step{Call: &calls[i]}
	}
	return out
}

// tail is the end of s, at most n bytes.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "…" + s[len(s)-n:]
}

// shell is a call of Gemini CLI's shell tool.
func shell(command string) fakemodel.Call {
	return fakemodel.Call{Tool: "run_shell_command", Input: map[string]any{"command": command, "description": "compat suite"}}
}

// resultOf is what the model was told about call i: the tool results of the
// turn after it.
func resultOf(t *testing.T, main []fakemodel.Turn, i int) string {
	t.Helper()
	if len(main[i+1].Results) <= i {
		t.Fatalf("turn %d holds %d results", i+1, len(main[i+1].Results))
	}
	return main[i+1].Results[i]
}

// wantBlocked checks that the model was told Gemini CLI blocked call i with
// a reason of permgate's that matches each of want.
func wantBlocked(t *testing.T, main []fakemodel.Turn, i int, want ...string) {
	t.Helper()
	got := resultOf(t, main, i)
	if !strings.HasPrefix(got, "Tool execution blocked: permgate: ") {
		t.Errorf("call %d: the model was told %q, not that permgate blocked it", i, got)
		return
	}
	for _, w := range want {
		if !regexp.MustCompile(w).MatchString(got) {
			t.Errorf("call %d: the model was told %q, without %q", i, got, w)
		}
	}
}

// fileBytes reads a file; "" when it does not exist.
func fileBytes(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(data)
}

// TestGemini drives Gemini CLI through permgate's hook: installed, doctor,
// headless (an allowed read, a severe call, an ask, writes of permgate's and
// Gemini CLI's own settings), interactive (an ask in --yolo), a missing
// permgate, and uninstall.
func TestGemini(t *testing.T) {
	g := newGeminiSandbox(t)
	before := g.Snapshot(g.settings)
	g.install()
	installed := fileBytes(t, g.settings)
	pgConfig := filepath.Join(g.Home, ".config", "permgate", "config.toml")

	t.Run("doctor", func(t *testing.T) {
		res := g.Permgate("doctor")
		for _, want := range []string{
			"✔ gemini: " + g.settings + " registers the hook: " + g.Bin + " hook gemini",
			"✔ gemini: the hook denies a test call of",
		} {
			if !strings.Contains(res.Stdout, want) {
				t.Errorf("doctor does not say %q:\n%s%s", want, res.Stdout, res.Stderr)
			}
		}
		if strings.Contains(res.Stdout, "✘") || res.Code != 0 {
			t.Errorf("doctor: exit %d\n%s", res.Code, res.Stdout)
		}
	})

	t.Run("headless", func(t *testing.T) {
		asked := filepath.Join(g.Work, "asked.txt")
		calls := []fakemodel.Call{
			shell("ls"),
			shell("rm -rf ~/victimdir"),
			shell("touch asked.txt"),
			{Tool: "write_file", Input: map[string]any{"file_path": pgConfig, "content": "mode = \"bypass\"\n"}},
			{Tool: "replace", Input: map[string]any{"file_path": g.settings, "instruction": "drop the hook", "old_string": "permgate", "new_string": "nothing", "allow_multiple": true}},
		}
		main, res := g.headless(calls, "--allowed-tools", "run_shell_command,write_file,replace", "--include-directories", g.Home)
		if got := resultOf(t, main, 0); !strings.Contains(got, "README.md") {
			t.Errorf("ls: the model was told %q, not the listing", got)
		}
		wantBlocked(t, main, 1, `recursive_delete`, `\[recursive_delete\.rm\]`, `safer: `)
		if !g.VictimAlive() {
			t.Error("rm -rf ~/victimdir ran: the victim is gone")
		}
		// No terminal: Gemini CLI's confirmation could never come, so the ask
		// is a deny.
		wantBlocked(t, main, 2, `no one can be asked: Gemini CLI asks only at its terminal`)
		if fileBytes(t, asked) != "" || fileExists(asked) {
			t.Error("touch asked.txt ran")
		}
		wantBlocked(t, main, 3, `self_modify`)
		wantBlocked(t, main, 4, `self_modify`)
		if fileExists(pgConfig) {
			t.Errorf("write_file wrote permgate's config:\n%s", fileBytes(t, pgConfig))
		}
		if got := fileBytes(t, g.settings); got != installed {
			t.Errorf("replace changed Gemini CLI's settings:\n%s", got)
		}
		if res.Code != 0 {
			t.Errorf("gemini exit %d", res.Code)
		}
		if n := len(g.AuditLines()); n < len(calls) {
			t.Errorf("%d audit records for %d calls", n, len(calls))
		}
	})

	t.Run("interactive-yolo-ask", func(t *testing.T) { geminiInteractiveAsk(t, g) })

	t.Run("missing-binary", func(t *testing.T) {
		gone := g.Bin + ".moved"
		if err := os.Rename(g.Bin, gone); err != nil {
			t.Fatal(err)
		}
		defer os.Rename(gone, g.Bin)
		main, _ := g.headless([]fakemodel.Call{shell("rm -rf ~/victimdir")}, "--yolo")
		if got := resultOf(t, main, 0); !strings.HasPrefix(got, "Tool execution blocked: ") {
			t.Errorf("with permgate gone, the model was told %q", got)
		}
		if !g.VictimAlive() {
			t.Error("with permgate gone, rm -rf ~/victimdir ran")
		}
	})

	t.Run("silent-failure", func(t *testing.T) {
		// A permgate that fails without a word: only the registration's
		// fallback can say why, and Gemini CLI blocks only then.
		kept := g.Bin + ".kept"
		if err := os.Rename(g.Bin, kept); err != nil {
			t.Fatal(err)
		}
		defer os.Rename(kept, g.Bin)
		if err := os.WriteFile(g.Bin, []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		main, _ := g.headless([]fakemodel.Call{shell("rm -rf ~/victimdir")}, "--yolo")
		if got := resultOf(t, main, 0); got != "Tool execution blocked: permgate: the hook failed; the tool call is blocked" {
			t.Errorf("with permgate failing silently, the model was told %q", got)
		}
		if !g.VictimAlive() {
			t.Error("with permgate failing silently, rm -rf ~/victimdir ran")
		}
	})

	t.Run("uninstall", func(t *testing.T) {
		if res := g.Permgate("uninstall", "gemini"); res.Code != 0 {
			t.Fatalf("permgate uninstall gemini: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
		}
		if after := g.Snapshot(g.settings); after[g.settings] != before[g.settings] {
			t.Fatalf("uninstall left settings.json as\n%s\nnot as before\n%s", after[g.settings], before[g.settings])
		}
		records := len(g.AuditLines())
		main, _ := g.headless([]fakemodel.Call{shell("ls")}, "--allowed-tools", "run_shell_command")
		if got := resultOf(t, main, 0); !strings.Contains(got, "README.md") {
			t.Errorf("ls after uninstall: %q", got)
		}
		if n := len(g.AuditLines()); n != records {
			t.Errorf("%d audit records after uninstall, %d before", n, records)
		}
	})
}

// fileExists reports whether path exists.
func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// geminiPayloadFields are the fields of Gemini CLI 0.61.0's BeforeTool
// payload: none says the approval mode.
var geminiPayloadFields = []string{"cwd", "hook_event_name", "session_id", "timestamp", "tool_input", "tool_name", "transcript_path"}

// TestGeminiApprovalModes runs the severe call under each of Gemini CLI's
// approval modes, with a second hook that keeps the payload: permgate
// denies it in each, and the payload never says the mode. Under --yolo, the
// writes of permgate's config and of Gemini CLI's settings are stopped too.
func TestGeminiApprovalModes(t *testing.T) {
	g := newGeminiSandbox(t)
	g.install()
	captured := filepath.Join(g.Home, "payloads")
	if err := os.MkdirAll(captured, 0o755); err != nil {
		t.Fatal(err)
	}
	addCaptureHook(t, g.settings, captured)
	pgConfig := filepath.Join(g.Home, ".config", "permgate", "config.toml")
	for _, mode := range []string{"default", "auto_edit", "plan", "yolo"} {
		t.Run(mode, func(t *testing.T) {
			calls := []fakemodel.Call{shell("rm -rf ~/victimdir")}
			args := []string{"--approval-mode", mode, "--include-directories", g.Home}
			if mode != "yolo" {
				args = append(args, "--allowed-tools", "run_shell_command")
			} else {
				calls = append(calls,
					fakemodel.Call{Tool: "write_file", Input: map[string]any{"file_path": pgConfig, "content": "mode = \"bypass\"\n"}},
					fakemodel.Call{Tool: "replace", Input: map[string]any{"file_path": g.settings, "instruction": "x", "old_string": "permgate", "new_string": "x", "allow_multiple": true}},
					shell("touch asked.txt"))
			}
			settings := fileBytes(t, g.settings)
			main, _ := g.headless(calls, args...)
			if !g.VictimAlive() {
				t.Fatalf("--approval-mode %s: rm -rf ~/victimdir ran", mode)
			}
			wantBlocked(t, main, 0, `recursive_delete`)
			if mode == "yolo" {
				wantBlocked(t, main, 1, `self_modify`)
				wantBlocked(t, main, 2, `self_modify`)
				wantBlocked(t, main, 3, `no one can be asked`)
				if fileExists(pgConfig) || fileBytes(t, g.settings) != settings || fileExists(filepath.Join(g.Work, "asked.txt")) {
					t.Error("--yolo: a write permgate denied was made")
				}
			}
			checkPayloads(t, captured, mode)
		})
	}
}

// addCaptureHook adds a BeforeTool hook beside permgate's that keeps each
// payload in dir and decides nothing.
func addCaptureHook(t *testing.T, settings, dir string) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(fileBytes(t, settings)), &doc); err != nil {
		t.Fatal(err)
	}
	hooks := doc["hooks"].(map[string]any)
	capture := map[string]any{"matcher": "*", "hooks": []any{map[string]any{
		"name": "capture", "type": "command", "timeout": 30000,
		"command": "cat > " + dir + "/$(date +%s%N).json; echo '{}'",
	}}}
	hooks["BeforeTool"] = append(hooks["BeforeTool"].([]any), capture)
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, settings, string(data)+"\n")
}

// checkPayloads reads the payloads captured, and removes them: each has
// exactly 0.61.0's fields.
func checkPayloads(t *testing.T, dir, mode string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("--approval-mode %s: no payload captured", mode)
	}
	for _, f := range files {
		var p map[string]any
		if err := json.Unmarshal([]byte(fileBytes(t, f)), &p); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		keys := make([]string, 0, len(p))
		for k := range p {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, geminiPayloadFields) {
			t.Errorf("--approval-mode %s: payload fields %v, want %v", mode, keys, geminiPayloadFields)
		}
		os.Remove(f)
	}
}

// geminiInteractiveAsk runs Gemini CLI interactively on a pseudo-terminal in
// --yolo: permgate's ask forces Gemini CLI's own confirmation, which shows
// permgate's reason, and the call waits for the person; Escape cancels it.
func geminiInteractiveAsk(t *testing.T, g *geminiSandbox) {
	asked := filepath.Join(g.Work, "asked-interactive.txt")
	srv := fakemodel.Start(fakemodel.Steps(geminiMain, fakemodel.Step{Call: &fakemodel.Call{Tool: "run_shell_command",
		Input: map[string]any{"command": "touch asked-interactive.txt", "description": "compat suite"}}}))
	defer srv.Close()
	cmd := exec.Command(g.bin, "--skip-trust", "--yolo", "-i", "go")
	cmd.Dir = g.Work
	cmd.Env = append(g.Env("GOOGLE_GEMINI_BASE_URL="+srv.URL), "TERM=xterm-256color")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 250})
	if err != nil {
		t.Fatal(err)
	}
	screen := &ptyScreen{}
	go screen.copy(tty)
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
		tty.Close()
	}()
	if !screen.waitFor("Allow execution of", geminiRunTimeout) {
		t.Fatalf("no confirmation from Gemini CLI:\n%s", screen.text())
	}
	if want := "permgate: not read-only: touch asked-interactive.txt"; !screen.waitFor(want, 10*time.Second) {
		t.Errorf("the confirmation does not show %q:\n%s", want, screen.text())
	}
	if fileExists(asked) {
		t.Fatal("the call ran before anyone answered")
	}
	tty.Write([]byte{0x1b}) // Escape: "No"
	if !screen.waitFor("Request cancelled", 30*time.Second) {
		t.Errorf("Escape did not cancel the call:\n%s", screen.text())
	}
	if fileExists(asked) {
		t.Error("the call ran although the person said no")
	}
}

// ptyScreen keeps what a program wrote on its terminal, escape sequences
// removed.
type ptyScreen struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *ptyScreen) copy(tty *os.File) {
	chunk := make([]byte, 4096)
	for {
		n, err := tty.Read(chunk)
		s.mu.Lock()
		s.buf.Write(chunk[:n])
		s.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// ansi matches terminal escape sequences.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>78]`)

func (s *ptyScreen) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return ansi.ReplaceAllString(s.buf.String(), "")
}

// waitFor reports whether text appears on the screen within timeout.
func (s *ptyScreen) waitFor(text string, timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if strings.Contains(s.text(), text) {
			return true
		}
		time.Sleep(200 * time.Millisecond)
	}
	return false
}

// TestGeminiExit2NeedsAReason checks what a registration that falls back to
// `|| exit 2` relies on in Gemini CLI 0.61.0: exit 2 blocks only with
// something on stderr (or stdout); a hook that fails silently and then exits
// 2 lets the call run. A fallback that says why before exit 2 blocks.
func TestGeminiExit2NeedsAReason(t *testing.T) {
	g := newGeminiSandbox(t)
	var doc map[string]any
	if err := json.Unmarshal([]byte(fileBytes(t, g.settings)), &doc); err != nil {
		t.Fatal(err)
	}
	failing := "sh -c 'exit 1'"
	doc["hooks"] = map[string]any{"BeforeTool": []any{
		map[string]any{"matcher": "run_shell_command", "hooks": []any{map[string]any{
			"name": "silent", "type": "command", "command": failing + " || exit 2"}}},
		map[string]any{"matcher": "write_file", "hooks": []any{map[string]any{
			"name": "says-why", "type": "command", "command": failing + " || { echo 'permgate: the hook failed; the tool call is blocked' >&2; exit 2; }"}}},
	}}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, g.settings, string(data))
	main, _ := g.headless([]fakemodel.Call{
		shell("touch silent.txt"),
		{Tool: "write_file", Input: map[string]any{"file_path": "says-why.txt", "content": "x\n"}},
	}, "--yolo")
	if !fileExists(filepath.Join(g.Work, "silent.txt")) {
		t.Errorf("a silent exit 2 blocked the call (Gemini CLI has changed): the model was told %q", resultOf(t, main, 0))
	}
	if got := resultOf(t, main, 1); got != "Tool execution blocked: permgate: the hook failed; the tool call is blocked" {
		t.Errorf("exit 2 with a reason: the model was told %q", got)
	}
	if fileExists(filepath.Join(g.Work, "says-why.txt")) {
		t.Error("exit 2 with a reason did not block the call")
	}
}
