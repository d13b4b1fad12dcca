//go:build compat

package suite

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/permgate/permgate/compat/fakemodel"
)

// codexMainTool is a tool only Codex's main conversation offers: its
// automatic approval reviewer (--approve-for-me) gets exec_command too, but
// never apply_patch.
const codexMainTool = "apply_patch"

// codexWorld is one sandbox with Codex CLI set up against the fake model:
// its CODEX_HOME under the sandbox's home, a provider that is the fake
// server, and a script each run replaces.
type codexWorld struct {
	t      *testing.T
	sb     *sandbox
	bin    string
	server *fakemodel.Server
	// home is CODEX_HOME; config its config.toml; captured the directory
	// where the user's own hooks keep the payloads Codex sends.
	home, config, captured string
	mu                     sync.Mutex
	script                 fakemodel.Script
}

// newCodexWorld installs nothing of permgate yet: it writes Codex's own
// config (the fake provider, a model of Codex's catalogue so that it offers
// apply_patch).
func newCodexWorld(t *testing.T) *codexWorld {
	w := &codexWorld{t: t, bin: harnessBin(t, "codex"), sb: newSandbox(t)}
	w.home = filepath.Join(w.sb.Home, ".codex")
	w.config = filepath.Join(w.home, "config.toml")
	// Codex refuses to create its helper binaries (the sandbox's, a tty's)
	// under the temporary directory, and the sandbox's home is under it: a
	// TMPDIR of the sandbox's own takes it out of the way.
	tmp := filepath.Join(w.sb.Home, "tmp")
	for _, dir := range []string{w.home, tmp} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w.sb.Setenv("CODEX_HOME="+w.home, "TMPDIR="+tmp, "FAKE_OPENAI_KEY=fake", "NO_COLOR=1")
	w.server = fakemodel.Start(func(turn fakemodel.Turn) fakemodel.Step {
		w.mu.Lock()
		script := w.script
		w.mu.Unlock()
		return script(turn)
	})
	t.Cleanup(w.server.Close)
	config := fmt.Sprintf("model = \"gpt-5.5\"   # the user's own\nmodel_provider = \"fake\"\ncheck_for_update_on_startup = false\n\n[model_providers.fake]\nname = \"fake\"\n"+
		"base_url = %q\nwire_api = \"responses\"\nenv_key = \"FAKE_OPENAI_KEY\"\n"+
		// Codex's workspace-write sandbox makes /tmp and $TMPDIR writable and
		// mounts over .git, .codex and .agents there, leaving empty ones
		// behind in the machine's /tmp; and the sandbox's home is under /tmp.
		"\n[sandbox_workspace_write]\nexclude_slash_tmp = true\nexclude_tmpdir_env_var = true\n"+
		// Codex reports metrics to chatgpt.com and syncs plugins from
		// github.com on its own; with nowhere to go (a namespace with only
		// loopback) each run waits seconds for them.
		"\n[analytics]\nenabled = false\n\n[otel]\nexporter = \"none\"\nmetrics_exporter = \"none\"\n"+
		"\n[features]\nplugins = false\nremote_plugin = false\n", w.server.URL+"/v1")
	// The user's own hooks, before permgate's: they keep every payload
	// Codex sends, to compare with permgate's fixtures.
	w.captured = filepath.Join(w.sb.Home, "captured")
	if err := os.MkdirAll(w.captured, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, event := range []string{"PreToolUse", "PermissionRequest"} {
		config += fmt.Sprintf("\n[[hooks.%s]]\nmatcher = \"*\"\n[[hooks.%s.hooks]]\ntype = \"command\"\ncommand = %q\ntimeout = 30\n",
			event, event, "cat > \"$(mktemp "+w.captured+"/payload.XXXXXX)\"")
	}
	if err := os.WriteFile(w.config, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	w.trustHooks(t, func(h codexHookEntry) bool { return strings.Contains(h.Command, w.captured) })
	return w
}

// codexRun is one `codex exec` and the main turns it made.
type codexRun struct {
	Result
	Turns []fakemodel.Turn
}

// results are the tool results the model was told, from the last turn.
func (r codexRun) results() []string {
	if len(r.Turns) == 0 {
		return nil
	}
	return r.Turns[len(r.Turns)-1].Results
}

// result is the text the model got back for the call of step i.
func (r codexRun) result(t *testing.T, i int) string {
	t.Helper()
	res := r.results()
	if i >= len(res) {
		t.Fatalf("the model got %d tool results, want at least %d\nstderr:\n%s", len(res), i+1, r.Stderr)
	}
	return res[i]
}

// exec runs `codex exec` with args, the model answering from script.
func (w *codexWorld) exec(t *testing.T, script fakemodel.Script, env []string, args ...string) codexRun {
	t.Helper()
	w.mu.Lock()
	w.script = script
	w.mu.Unlock()
	before := len(w.server.Main(codexMainTool))
	argv := append([]string{"exec", "--skip-git-repo-check", "--color", "never"}, args...)
	res := w.sb.Run(2*time.Minute, w.sb.Work, env, w.bin, append(argv, "go")...)
	if res.Code != 0 {
		t.Fatalf("codex exec %s: exit %d\n%s\n%s", strings.Join(args, " "), res.Code, res.Stdout, res.Stderr)
	}
	return codexRun{Result: res, Turns: w.server.Main(codexMainTool)[before:]}
}

// steps is the usual script on Codex's main conversation.
func codexSteps(steps ...fakemodel.Step) fakemodel.Script {
	return fakemodel.Steps(codexMainTool, steps...)
}

// shellCall is exec_command running cmd, with more arguments as pairs.
func shellCall(cmd string, more ...any) fakemodel.Step {
	input := map[string]any{"cmd": cmd}
	for i := 0; i+1 < len(more); i += 2 {
		input[more[i].(string)] = more[i+1]
	}
	return fakemodel.Step{Call: &fakemodel.Call{Tool: "exec_command", Input: input}}
}

// patchCall is apply_patch with a patch (a freeform tool: its input is text).
func patchCall(patch string) fakemodel.Step {
	return fakemodel.Step{Call: &fakemodel.Call{Tool: "apply_patch", Input: map[string]any{fakemodel.FreeformInput: patch}}}
}

// codexHookEntry is one hook as Codex's app-server lists it.
type codexHookEntry struct {
	Key         string `json:"key"`
	EventName   string `json:"eventName"`
	Command     string `json:"command"`
	CurrentHash string `json:"currentHash"`
	TrustStatus string `json:"trustStatus"`
	Enabled     bool   `json:"enabled"`
}

// appServer talks JSON-RPC to `codex app-server` on its stdio, as Codex's
// own clients (its TUI's /hooks, an editor) do.
type appServer struct {
	t    *testing.T
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	next int
}

func (w *codexWorld) appServer(t *testing.T) *appServer {
	t.Helper()
	c := exec.Command(w.bin, "app-server")
	c.Dir, c.Env = w.sb.Work, w.sb.Env()
	in, err := c.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	a := &appServer{t: t, cmd: c, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	t.Cleanup(a.close)
	a.call("initialize", map[string]any{"clientInfo": map[string]string{"name": "permgate-compat", "version": "0"}}, nil)
	a.notify("initialized")
	return a
}

func (a *appServer) close() {
	if a.cmd.Process == nil || a.cmd.ProcessState != nil {
		return
	}
	a.in.Close()
	done := make(chan struct{})
	go func() { a.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		a.cmd.Process.Kill()
		<-done
	}
}

func (a *appServer) notify(method string) {
	a.t.Helper()
	if _, err := fmt.Fprintf(a.in, "{\"method\":%q}\n", method); err != nil {
		a.t.Fatal(err)
	}
}

// call sends one request and decodes its result into result.
func (a *appServer) call(method string, params, result any) {
	a.t.Helper()
	a.next++
	id := a.next
	req, _ := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if _, err := a.in.Write(append(req, '\n')); err != nil {
		a.t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		line, err := a.out.ReadBytes('\n')
		if err != nil {
			a.t.Fatalf("app-server %s: %v", method, err)
		}
		var msg struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(line, &msg) != nil || msg.ID == nil || *msg.ID != id {
			continue // a notification
		}
		if len(msg.Error) > 0 {
			a.t.Fatalf("app-server %s: %s", method, msg.Error)
		}
		if result != nil {
			if err := json.Unmarshal(msg.Result, result); err != nil {
				a.t.Fatalf("app-server %s: %v", method, err)
			}
		}
		return
	}
	a.t.Fatalf("app-server %s: no answer", method)
}

// hooks lists the hooks Codex sees for the project.
func (a *appServer) hooks(cwd string) []codexHookEntry {
	a.t.Helper()
	var res struct {
		Data []struct {
			Hooks []codexHookEntry `json:"hooks"`
		} `json:"data"`
	}
	a.call("hooks/list", map[string]any{"cwds": []string{cwd}}, &res)
	var out []codexHookEntry
	for _, d := range res.Data {
		out = append(out, d.Hooks...)
	}
	return out
}

// trustPermgate trusts permgate's hooks as a user does in /hooks: Codex's
// own hooks/list gives each hook's current hash, and config/batchWrite
// records it in [hooks.state]. It returns the hooks as they were listed.
func (w *codexWorld) trustPermgate(t *testing.T) []codexHookEntry {
	t.Helper()
	return w.trustHooks(t, func(h codexHookEntry) bool { return strings.Contains(h.Command, "permgate hook codex") })
}

// trustHooks trusts the hooks that mine picks, as trustPermgate does.
func (w *codexWorld) trustHooks(t *testing.T, mine func(codexHookEntry) bool) []codexHookEntry {
	t.Helper()
	a := w.appServer(t)
	var listed []codexHookEntry
	for _, h := range a.hooks(w.sb.Work) {
		if mine(h) {
			listed = append(listed, h)
		}
	}
	var edits []map[string]any
	for _, h := range listed {
		if h.TrustStatus != "trusted" {
			edits = append(edits, map[string]any{"keyPath": "hooks.state." + strconv.Quote(h.Key), "mergeStrategy": "upsert",
				"value": map[string]string{"trusted_hash": h.CurrentHash}})
		}
	}
	if len(edits) == 0 {
		t.Fatalf("Codex lists no hook to trust: %+v", listed)
	}
	a.call("config/batchWrite", map[string]any{"edits": edits}, nil)
	for _, h := range a.hooks(w.sb.Work) {
		if mine(h) && h.TrustStatus != "trusted" {
			t.Fatalf("after trusting, Codex lists %s as %s", h.Key, h.TrustStatus)
		}
	}
	a.close()
	return listed
}

// permgateHooks are the hooks of permgate that Codex lists, by event.
func (w *codexWorld) permgateHooks(t *testing.T) map[string]codexHookEntry {
	t.Helper()
	a := w.appServer(t)
	defer a.close()
	out := map[string]codexHookEntry{}
	for _, h := range a.hooks(w.sb.Work) {
		if strings.Contains(h.Command, "permgate hook codex") {
			out[h.EventName] = h
		}
	}
	return out
}

// doctor runs permgate doctor and returns its Codex lines.
func (w *codexWorld) doctor(t *testing.T) (lines []string, code int) {
	t.Helper()
	res := w.sb.Permgate("doctor")
	for _, l := range strings.Split(res.Stdout, "\n") {
		if strings.Contains(l, " codex: ") {
			lines = append(lines, l)
		}
	}
	return lines, res.Code
}

// hasLine reports a line that starts with mark and holds every one of parts.
func hasLine(lines []string, mark string, parts ...string) bool {
	for _, l := range lines {
		if !strings.HasPrefix(l, mark) {
			continue
		}
		all := true
		for _, p := range parts {
			all = all && strings.Contains(l, p)
		}
		if all {
			return true
		}
	}
	return false
}

// mustSurvive fails unless the victim directory is still there.
func (w *codexWorld) mustSurvive(t *testing.T, what string) {
	t.Helper()
	if !w.sb.VictimAlive() {
		t.Fatalf("%s: ~/victimdir was deleted", what)
	}
}

// restoreVictim makes the victim again after a case that deleted it.
func (w *codexWorld) restoreVictim(t *testing.T) {
	t.Helper()
	if err := os.MkdirAll(w.sb.Victim, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.sb.Victim, "keep.txt"), []byte("must survive\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// restoreProject gives the project its README again after a case that
// deleted it.
func (w *codexWorld) restoreProject(t *testing.T) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(w.sb.Work, "README.md"), []byte("# project\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// blockedBy asserts that the model was told permgate blocked the call.
func blockedBy(t *testing.T, told string, parts ...string) {
	t.Helper()
	if !strings.Contains(told, "blocked by PreToolUse hook") || !strings.Contains(told, "permgate") {
		t.Fatalf("the model was not told that permgate blocked the call: %q", told)
	}
	for _, p := range parts {
		if !strings.Contains(told, p) {
			t.Errorf("the model was told %q, which does not name %q", told, p)
		}
	}
}

// netnsEnv marks a test process already inside a loopback-only network
// namespace.
const netnsEnv = "PERMGATE_COMPAT_NETNS"

// inLoopbackNamespace runs the test again, in a network namespace of its own
// with only loopback up, where unshare permits it, and reports whether it
// did: then nothing Codex sends can leave the machine (the fake model is on
// 127.0.0.1, in the same namespace). The release is installed first, from
// npm, outside it. Where unshare is not permitted, the test runs here.
func inLoopbackNamespace(t *testing.T) bool {
	if os.Getenv(netnsEnv) != "" {
		return false
	}
	harnessBin(t, "codex")
	if err := exec.Command("unshare", "-n", "true").Run(); err != nil {
		t.Logf("no network namespace (unshare -n: %v): Codex runs on this machine's network", err)
		return false
	}
	args := []string{"-n", "sh", "-c", `ip link set lo up && exec "$0" "$@"`, os.Args[0], "-test.run", "^" + t.Name() + "$", "-test.v"}
	c := exec.Command("unshare", args...)
	c.Env = append(os.Environ(), netnsEnv+"=1")
	out, err := c.CombinedOutput()
	t.Logf("in a loopback-only network namespace:\n%s", out)
	if err != nil {
		t.Fatalf("%s in a loopback-only network namespace: %v", t.Name(), err)
	}
	return true
}

// TestCodex drives Codex CLI through its own hook machinery, in one
// sandbox, case after case: each case is a `codex exec` session (or a
// doctor run) whose effects are observed.
func TestCodex(t *testing.T) {
	if inLoopbackNamespace(t) {
		return
	}
	w := newCodexWorld(t)
	sb := w.sb
	before := sb.Snapshot(w.config)
	severe := "rm -rf ~/victimdir"
	// Codex 0.169 itself rejects "rm -f style commands" when a hook lets
	// them through (even in its bypass); find -delete it runs.
	severeCodexRuns := "find ~/victimdir -delete"

	t.Run("install, then doctor: untrusted until trusted in Codex", func(t *testing.T) {
		if res := sb.Permgate("install", "codex"); res.Code != 0 {
			t.Fatalf("install: %d\n%s%s", res.Code, res.Stdout, res.Stderr)
		}
		lines, _ := w.doctor(t)
		if !hasLine(lines, "!", "PreToolUse hook", "is not trusted") {
			t.Errorf("doctor does not say the hook is untrusted:\n%s", strings.Join(lines, "\n"))
		}
		// Codex skips a hook it does not trust, without a word: the call
		// runs and permgate records nothing.
		run := w.exec(t, codexSteps(shellCall("ls")), nil)
		if !strings.Contains(run.result(t, 0), "README.md") || len(sb.AuditLines()) != 0 {
			t.Fatalf("an untrusted hook ran: %q, audit %q", run.result(t, 0), sb.AuditLines())
		}
	})

	t.Run("trusted as a user does: doctor ✔", func(t *testing.T) {
		listed := w.trustPermgate(t)
		if len(listed) < 2 {
			t.Errorf("Codex lists %d permgate hooks, want PreToolUse and PermissionRequest: %+v", len(listed), listed)
		}
		lines, code := w.doctor(t)
		for _, ev := range []string{"PreToolUse", "PermissionRequest"} {
			if !hasLine(lines, "✔", "permgate's "+ev+" hook", "is trusted") {
				t.Errorf("doctor does not find the %s hook trusted (its hash is not Codex's):\n%s", ev, strings.Join(lines, "\n"))
			}
		}
		if !hasLine(lines, "✔", "denies a test call") || hasLine(lines, "✘") || code != 0 {
			t.Errorf("doctor (exit %d):\n%s", code, strings.Join(lines, "\n"))
		}
	})

	t.Run("an allowed read runs", func(t *testing.T) {
		n := len(sb.AuditLines())
		run := w.exec(t, codexSteps(shellCall("cat README.md")), nil)
		if got := run.result(t, 0); !strings.Contains(got, "# project") {
			t.Fatalf("the read did not run: %q", got)
		}
		audit := sb.AuditLines()
		if len(audit) != n+1 || !strings.Contains(audit[n], `"decision":"allow"`) {
			t.Fatalf("audit after the read: %q", audit[n:])
		}
	})

	for _, mode := range [][]string{nil, {"--dangerously-bypass-approvals-and-sandbox"}, {"-s", "read-only"}, {"-s", "workspace-write"}} {
		t.Run("a severe call is blocked "+strings.Join(mode, " "), func(t *testing.T) {
			run := w.exec(t, codexSteps(shellCall(severe), shellCall(severeCodexRuns)), nil, mode...)
			w.mustSurvive(t, "rm -rf ~/victimdir, find ~/victimdir -delete")
			blockedBy(t, run.result(t, 0), "recursive_delete.rm")
			blockedBy(t, run.result(t, 1), "recursive_delete.find")
		})
	}

	t.Run("apply_patch to permgate's config and to Codex's config.toml is stopped", func(t *testing.T) {
		pgConfig := filepath.Join(sb.Home, ".config", "permgate", "config.toml")
		codexBefore := sb.Snapshot(w.config)
		run := w.exec(t, codexSteps(
			patchCall("*** Begin Patch\n*** Add File: "+pgConfig+"\n+mode = \"bypass\"\n*** End Patch\n"),
			patchCall("*** Begin Patch\n*** Update File: "+w.config+"\n@@\n-model = \"gpt-5.5\"   # the user's own\n+model = \"gpt-5.5\"\n*** End Patch\n"),
		), nil, "--dangerously-bypass-approvals-and-sandbox")
		if _, err := os.Stat(pgConfig); err == nil {
			t.Errorf("apply_patch wrote permgate's config")
		}
		if after := sb.Snapshot(w.config); after[w.config] != codexBefore[w.config] {
			t.Errorf("apply_patch changed Codex's config.toml:\n%s", after[w.config])
		}
		blockedBy(t, run.result(t, 0), "self_modify")
		blockedBy(t, run.result(t, 1), "self_modify")
	})

	t.Run("view_image of ~/.ssh/id_rsa gets the secret finding", func(t *testing.T) {
		key := filepath.Join(sb.Home, ".ssh", "id_rsa")
		if err := os.MkdirAll(filepath.Dir(key), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(key, []byte("-----BEGIN OPENSSH PRIVATE KEY-----\nnot a real key\n-----END OPENSSH PRIVATE KEY-----\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		run := w.exec(t, codexSteps(fakemodel.Step{Call: &fakemodel.Call{Tool: "view_image", Input: map[string]any{"path": key}}}), nil)
		blockedBy(t, run.result(t, 0), "secret")
	})

	t.Run("an ask: denied in codex exec (no one is asked), Codex's own approval with --approve-for-me", func(t *testing.T) {
		// codex exec is auto mode with no one to ask: a write with no
		// finding goes back to Codex, whose workspace-write sandbox makes it;
		// one permgate would ask about (a hooks path set in git's config) is
		// denied.
		made := filepath.Join(sb.Work, "made.txt")
		run := w.exec(t, codexSteps(shellCall("touch made.txt"), shellCall("git config core.hooksPath /var/tmp/elsewhere")), nil, "-s", "workspace-write")
		if _, err := os.Stat(made); err != nil {
			t.Fatalf("codex exec did not leave a write with no finding to Codex: %q", run.result(t, 0))
		}
		blockedBy(t, run.result(t, 1), "no one can be asked")
		if out := sb.Run(time.Minute, sb.Work, nil, "git", "config", "--get", "core.hooksPath"); out.Stdout != "" {
			t.Fatalf("codex exec ran an ask: core.hooksPath = %q", out.Stdout)
		}
		if err := os.Remove(made); err != nil {
			t.Fatal(err)
		}
		// PERMGATE_FAIL_CLOSED=1: no one is asked even where Codex asks.
		run = w.exec(t, codexSteps(shellCall("touch made.txt")), []string{"PERMGATE_FAIL_CLOSED=1"}, "--approve-for-me")
		blockedBy(t, run.result(t, 0), "fail-closed")
		if _, err := os.Stat(made); err == nil {
			t.Fatalf("fail-closed ran an ask")
		}
		// --approve-for-me sends permission_mode default: the ask is left to
		// Codex, whose workspace-write sandbox lets the file be made.
		run = w.exec(t, codexSteps(shellCall("touch made.txt")), nil, "--approve-for-me")
		if _, err := os.Stat(made); err != nil {
			t.Fatalf("Codex's own approval did not decide the ask: %q\n%s", run.result(t, 0), run.Stderr)
		}
	})

	t.Run("PermissionRequest: permgate answers Codex's approval for what it allows, and leaves the rest to Codex", func(t *testing.T) {
		// A command that asks to leave the sandbox makes Codex ask for
		// approval; with --approve-for-me its automatic reviewer (the fake
		// model, which answers it no JSON) would refuse it.
		run := w.exec(t, codexSteps(
			shellCall("cat README.md", "sandbox_permissions", "require_escalated", "justification", "read it"),
			shellCall("touch escalated.txt", "sandbox_permissions", "require_escalated", "justification", "make it"),
		), nil, "--approve-for-me")
		if got := run.result(t, 0); !strings.Contains(got, "# project") {
			t.Errorf("permgate's allow did not answer Codex's approval of a read: %q", got)
		}
		if got := run.result(t, 1); strings.Contains(got, "blocked by PreToolUse") || !strings.Contains(got, "review") {
			t.Errorf("the ask was not left to Codex's own approval: %q", got)
		}
		if _, err := os.Stat(filepath.Join(sb.Work, "escalated.txt")); err == nil {
			t.Errorf("the escalated write ran")
		}
		found := false
		for _, l := range sb.AuditLines() {
			found = found || strings.Contains(l, "cat README.md") && strings.Contains(l, `"decision":"allow"`)
		}
		if !found {
			t.Errorf("no allow of the read in the audit log")
		}
	})

	for _, mode := range [][]string{{"--dangerously-bypass-approvals-and-sandbox"}, {"--approve-for-me"}} {
		t.Run("exec_command with a tty, then write_stdin typing rm -rf: the victim survives "+strings.Join(mode, " "), func(t *testing.T) {
			sessionID := regexp.MustCompile(`session ID (\d+)`)
			steps := codexSteps(shellCall("bash --norc", "tty", true, "yield_time_ms", 500))
			script := func(turn fakemodel.Turn) fakemodel.Step {
				if len(turn.Results) == 1 && slices.Contains(turn.Tools, codexMainTool) {
					if m := sessionID.FindStringSubmatch(turn.Results[0]); m != nil {
						id, _ := strconv.Atoi(m[1])
						return fakemodel.Step{Call: &fakemodel.Call{Tool: "write_stdin", Input: map[string]any{
							"session_id": id, "chars": severe + " ~/project/*\n", "yield_time_ms": 1000}}}
					}
				}
				return steps(turn)
			}
			n := len(sb.AuditLines())
			defer w.restoreVictim(t)
			defer w.restoreProject(t)
			run := w.exec(t, script, nil, mode...)
			w.mustSurvive(t, "rm -rf typed into a tty shell")
			if _, err := os.Stat(filepath.Join(sb.Work, "README.md")); err != nil {
				t.Fatalf("rm -rf typed into a tty shell deleted the project's files")
			}
			blockedBy(t, run.result(t, 0), "bash")
			for _, l := range sb.AuditLines()[n:] {
				if strings.Contains(l, "victimdir") {
					t.Errorf("write_stdin reached the hook (Codex 0.169 never sends it): %s", l)
				}
			}
		})
	}

	t.Run("a changed hook is untrusted: doctor warns, Codex skips it", func(t *testing.T) {
		// Re-installing from another path changes the hook's definition.
		moved := filepath.Join(sb.Home, "bin2", "permgate")
		if err := os.MkdirAll(filepath.Dir(moved), 0o755); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(sb.Bin)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(moved, data, 0o755); err != nil {
			t.Fatal(err)
		}
		if res := sb.Run(time.Minute, sb.Work, nil, moved, "install", "codex"); res.Code != 0 {
			t.Fatalf("re-install: %s%s", res.Stdout, res.Stderr)
		}
		if h := w.permgateHooks(t)["preToolUse"]; h.TrustStatus != "modified" {
			t.Errorf("Codex lists the re-installed hook as %q, want modified", h.TrustStatus)
		}
		lines, _ := w.doctor(t)
		if !hasLine(lines, "!", "PreToolUse hook", "changed since Codex trusted it") {
			t.Errorf("doctor does not warn of the changed hook:\n%s", strings.Join(lines, "\n"))
		}
		n := len(sb.AuditLines())
		w.exec(t, codexSteps(shellCall("ls")), nil)
		if got := sb.AuditLines(); len(got) != n {
			t.Errorf("a hook Codex no longer trusts ran: %q", got[n:])
		}
		// Back to the sandbox's own permgate, trusted again.
		if res := sb.Permgate("install", "codex"); res.Code != 0 {
			t.Fatalf("install: %s%s", res.Stdout, res.Stderr)
		}
		if h := w.permgateHooks(t)["preToolUse"]; h.TrustStatus != "trusted" {
			w.trustPermgate(t)
		}
	})

	t.Run("a missing permgate still blocks a severe call", func(t *testing.T) {
		hidden := sb.Bin + ".moved"
		if err := os.Rename(sb.Bin, hidden); err != nil {
			t.Fatal(err)
		}
		defer os.Rename(hidden, sb.Bin)
		defer w.restoreVictim(t)
		run := w.exec(t, codexSteps(shellCall(severeCodexRuns)), nil, "--dangerously-bypass-approvals-and-sandbox")
		w.mustSurvive(t, "find ~/victimdir -delete with permgate missing")
		if got := run.result(t, 0); !strings.Contains(got, "blocked by PreToolUse hook") {
			t.Errorf("the model was told %q", got)
		}
	})

	t.Run("the payloads Codex sent have the shapes of permgate's fixtures", func(t *testing.T) {
		w.checkPayloads(t)
	})

	t.Run("uninstall restores config.toml byte for byte; no audit record after", func(t *testing.T) {
		if res := sb.Permgate("uninstall", "codex"); res.Code != 0 {
			t.Fatalf("uninstall: %s%s", res.Stdout, res.Stderr)
		}
		if after := sb.Snapshot(w.config); after[w.config] != before[w.config] {
			t.Fatalf("config.toml after uninstall:\n%s\nwant\n%s", after[w.config], before[w.config])
		}
		n := len(sb.AuditLines())
		run := w.exec(t, codexSteps(shellCall("ls")), nil)
		if got := sb.AuditLines(); len(got) != n {
			t.Errorf("a record after uninstall: %q", got[n:])
		}
		if !strings.Contains(run.result(t, 0), "README.md") {
			t.Errorf("Codex did not run the call after uninstall: %q", run.result(t, 0))
		}
	})
}

// payloadShape is the fields of a hook payload: its own, and tool_input's
// as "tool_input.NAME", sorted.
func payloadShape(payload map[string]any) string {
	var fields []string
	for k := range payload {
		fields = append(fields, k)
	}
	if in, ok := payload["tool_input"].(map[string]any); ok {
		for k := range in {
			fields = append(fields, "tool_input."+k)
		}
	}
	slices.Sort(fields)
	return strings.Join(fields, " ")
}

// payloadKind names a payload by its event and tool: "PreToolUse Bash".
func payloadKind(payload map[string]any) string {
	event, _ := payload["hook_event_name"].(string)
	tool, _ := payload["tool_name"].(string)
	return event + " " + tool
}

// checkPayloads compares what the user's capturing hooks kept with the
// fixtures of this Codex release (harness/testdata/codex/*-VERSION.json):
// each kind of payload a fixture has was sent, with the same fields — a
// field Codex adds (a tty that starts reaching the hook) or drops fails
// here — and permission_mode is one of the values the mode table maps.
// With PERMGATE_COMPAT_CAPTURE set to a directory, the payloads are copied
// there, to refresh the fixtures from.
func (w *codexWorld) checkPayloads(t *testing.T) {
	version := releaseOf(t, "codex").Version
	files, err := filepath.Glob(filepath.Join(moduleRoot(), "harness", "testdata", "codex", "*-"+version+".json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures of Codex %s: %v", version, err)
	}
	want := map[string]string{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var fx struct {
			Payload map[string]any `json:"payload"`
		}
		if err := json.Unmarshal(data, &fx); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want[payloadKind(fx.Payload)] = payloadShape(fx.Payload)
	}
	captured, err := filepath.Glob(filepath.Join(w.captured, "payload.*"))
	if err != nil {
		t.Fatal(err)
	}
	keep := os.Getenv("PERMGATE_COMPAT_CAPTURE")
	seen := map[string]bool{}
	for _, f := range captured {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if keep != "" {
			if err := os.WriteFile(filepath.Join(keep, "codex-"+version+"-"+filepath.Base(f)+".json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var payload map[string]any
		if err := json.Unmarshal(data, &payload); err != nil {
			t.Fatalf("Codex sent a payload that is not a JSON object: %q", data)
		}
		kind, shape := payloadKind(payload), payloadShape(payload)
		seen[kind] = true
		if mode, _ := payload["permission_mode"].(string); mode != "default" && mode != "bypassPermissions" {
			t.Errorf("Codex sent permission_mode %q, which the mode table does not map", mode)
		}
		switch wantShape, ok := want[kind]; {
		case !ok:
			t.Logf("a payload no fixture has (%s): %s", kind, data)
		case shape != wantShape:
			t.Errorf("Codex %s sends %s with the fields\n  %s\nthe fixtures have\n  %s", version, kind, shape, wantShape)
		}
	}
	for kind := range want {
		if !seen[kind] {
			t.Errorf("no %s payload was captured", kind)
		}
	}
}
