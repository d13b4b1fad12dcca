//go:build compat

package suite

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permgate/permgate/compat/fakemodel"
)

// opencodeModel is the model OpenCode's own catalogue (bundled in the
// release) knows under its Anthropic provider, whose base URL points at the
// fake server.
const opencodeModel = "anthropic/claude-sonnet-4-5"

// opencode is one OpenCode sandbox: the harness's binary and its config
// directory.
type opencode struct {
	t           *testing.T
	sb          *sandbox
	bin, config string
	// netns is the loopback-only network namespace OpenCode and the fake
	// server run in (nil: the machine's network, where none can be made).
	netns *loopbackNS
}

// newOpencode makes a sandbox for OpenCode, with the packages OpenCode puts
// in its config directory (@opencode-ai/plugin) already there, so that it
// installs nothing at start.
func newOpencode(t *testing.T) *opencode {
	oc := &opencode{t: t, sb: newSandbox(t), bin: harnessBin(t, "opencode")}
	oc.config = filepath.Join(oc.sb.Home, ".config", "opencode")
	deps := opencodeDeps(t)
	if err := os.MkdirAll(oc.config, 0o755); err != nil {
		t.Fatal(err)
	}
	// OpenCode installs again, from npm, when package-lock.json does not list
	// what package.json does: all three are copied.
	cp := exec.Command("cp", "-a", filepath.Join(deps, "node_modules"), filepath.Join(deps, "package.json"), filepath.Join(deps, "package-lock.json"), oc.config)
	if out, err := cp.CombinedOutput(); err != nil {
		t.Fatalf("copy OpenCode's config packages: %v\n%s", err, out)
	}
	oc.sb.Setenv("OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1")
	ns, err := newLoopbackNS(t)
	if err != nil {
		t.Logf("OpenCode runs with this machine's network: %v", err)
	}
	oc.netns = ns
	return oc
}

// opencodeDeps is a cached copy of what OpenCode installs in its config
// directory at start (the plugin package of its own version), installed from
// npm once.
func opencodeDeps(t *testing.T) string {
	t.Helper()
	r := releaseOf(t, "opencode")
	dir := filepath.Join(cacheDir(t), r.Name+"-"+r.Version+"-config")
	if _, err := os.Stat(filepath.Join(dir, "package-lock.json")); err == nil {
		return dir
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// The package.json OpenCode writes there.
	pkg := `{"dependencies":{"@opencode-ai/plugin":"` + r.Version + `"}}`
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(pkg), 0o644); err != nil {
		t.Fatal(err)
	}
	c := exec.Command("npm", "install", "--no-audit", "--no-fund", "--loglevel=error")
	c.Dir = dir
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("npm install @opencode-ai/plugin@%s: %v\n%s", r.Version, err, out)
	}
	return dir
}

// config writes OpenCode's opencode.json: its Anthropic provider at the fake
// server, and permission as OpenCode's own permission setting (omitted when
// nil).
func (oc *opencode) configure(url string, permission any) {
	oc.sb.t.Helper()
	cfg := map[string]any{
		"$schema": "https://opencode.ai/config.json", "autoupdate": false, "share": "disabled", "model": opencodeModel,
		// No git snapshot of the project at each step: it only slows the run.
		"snapshot": false,
		"provider": map[string]any{"anthropic": map[string]any{"options": map[string]any{"baseURL": url + "/v1", "apiKey": "fake"}}},
	}
	if permission != nil {
		cfg["permission"] = permission
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		oc.sb.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(oc.config, "opencode.json"), data, 0o644); err != nil {
		oc.sb.t.Fatal(err)
	}
}

// run runs `opencode run go` against a fake server answering with calls, one
// a turn, then plain text, with OpenCode's permission setting and its extra
// flags; it returns the tool results the model was sent, in order.
func (oc *opencode) run(permission any, flags []string, calls ...fakemodel.Call) []string {
	oc.sb.t.Helper()
	steps := make([]fakemodel.Step, len(calls))
	for i := range calls {
		steps[i] = fakemodel.Step{Call: &calls[i]}
	}
	script := fakemodel.Steps("bash", steps...)
	name, argv := oc.bin, append(append([]string{"run", "--model", opencodeModel}, flags...), "go")
	var srv *fakemodel.Server
	if oc.netns != nil {
		srv = fakemodel.StartListener(oc.netns.listen(oc.t), script)
		name, argv = "nsenter", append([]string{"--net=" + oc.netns.path, "--", name}, argv...)
	} else {
		srv = fakemodel.Start(script)
	}
	defer srv.Close()
	oc.configure(srv.URL, permission)
	res := oc.sb.Run(3*time.Minute, oc.sb.Work, nil, name, argv...)
	if res.Code != 0 {
		oc.sb.t.Fatalf("opencode run: exit %d\n%s\n%s", res.Code, res.Stdout, res.Stderr)
	}
	turns := srv.Main("bash")
	if len(turns) == 0 {
		oc.sb.t.Fatalf("OpenCode sent the model no request offering bash\n%s\n%s", res.Stdout, res.Stderr)
	}
	return turns[len(turns)-1].Results
}

// in is oc reporting to t (a subtest): its runs fail t, not the test that
// made the sandbox.
func (oc *opencode) in(t *testing.T) *opencode {
	sb := *oc.sb
	sb.t = t
	c := *oc
	c.t, c.sb = t, &sb
	return &c
}

func bashCall(command string) fakemodel.Call {
	return fakemodel.Call{Tool: "bash", Input: map[string]any{"command": command, "description": "run it"}}
}

// TestOpencode drives opencode-ai through permgate's plugin: install, doctor,
// an allowed read, a severe command stopped under OpenCode's own permissions
// and with them allowing everything, writes of permgate's files stopped, a
// missing permgate still blocking, and uninstall.
func TestOpencode(t *testing.T) {
	oc := newOpencode(t)
	sb := oc.sb
	plugin := filepath.Join(oc.config, "plugin", "permgate.js")
	if res := sb.Permgate("install", "opencode"); res.Code != 0 || !strings.Contains(res.Stdout, plugin) {
		t.Fatalf("install opencode: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	t.Run("doctor", func(t *testing.T) { opencodeDoctor(t, sb, plugin) })
	config := filepath.Join(sb.Home, ".config", "permgate", "config.toml")
	protected := sb.Snapshot(plugin, config)

	t.Run("default-permissions", func(t *testing.T) {
		oc := oc.in(t)
		sb := oc.sb
		results := oc.run(nil, nil,
			bashCall("ls"),
			fakemodel.Call{Tool: "read", Input: map[string]any{"filePath": filepath.Join(sb.Work, "README.md")}},
			bashCall("rm -rf ~/victimdir"),
			fakemodel.Call{Tool: "write", Input: map[string]any{"filePath": config, "content": "mode = \"bypass\"\n"}},
			fakemodel.Call{Tool: "edit", Input: map[string]any{"filePath": plugin, "oldString": "block(", "newString": "void("}},
			bashCall("touch made.txt"),
		)
		want := []string{"README.md", "# project", "[recursive_delete.", "self_modify", "self_modify", "OpenCode cannot be asked"}
		expectResults(t, results, want)
		if strings.Contains(results[2], "README.md") {
			t.Errorf("the deny's result holds a listing: %q", results[2])
		}
		if _, err := os.Stat(filepath.Join(sb.Work, "made.txt")); err == nil {
			t.Error("an ask let touch run")
		}
	})

	t.Run("opencode-allows-everything", func(t *testing.T) {
		oc := oc.in(t)
		// OpenCode alone would run each of these: its permission allows all
		// and --auto approves the rest.
		results := oc.run("allow", []string{"--auto"},
			bashCall("rm -rf ~/victimdir"),
			fakemodel.Call{Tool: "write", Input: map[string]any{"filePath": plugin, "content": "export const X = async () => ({})\n"}},
			bashCall("echo 'mode = \"bypass\"' > ~/.config/permgate/config.toml"),
		)
		expectResults(t, results, []string{"[recursive_delete.", "self_modify", "self_modify"})
	})

	t.Run("missing-permgate", func(t *testing.T) {
		oc := oc.in(t)
		sb := oc.sb
		moved := sb.Bin + ".moved"
		if err := os.Rename(sb.Bin, moved); err != nil {
			t.Fatal(err)
		}
		defer os.Rename(moved, sb.Bin)
		results := oc.run("allow", []string{"--auto"}, bashCall("rm -rf ~/victimdir"))
		expectResults(t, results, []string{"permgate: blocked: the hook did not run"})
	})

	if !sb.VictimAlive() {
		t.Fatal("~/victimdir was deleted")
	}
	if got := sb.Snapshot(plugin, config); !equalSnapshots(got, protected) {
		t.Fatalf("permgate's files changed:\nbefore %q\nafter  %q", protected, got)
	}

	t.Run("uninstall", func(t *testing.T) {
		oc := oc.in(t)
		sb := oc.sb
		if res := sb.Permgate("uninstall", "opencode"); res.Code != 0 {
			t.Fatalf("uninstall opencode: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
		}
		if _, err := os.Stat(plugin); !os.IsNotExist(err) {
			t.Fatalf("the plugin is still there: %v", err)
		}
		// The control: without permgate, OpenCode allowing everything runs
		// the delete it stopped before.
		control := filepath.Join(sb.Home, "controldir")
		if err := os.MkdirAll(control, 0o755); err != nil {
			t.Fatal(err)
		}
		before := len(sb.AuditLines())
		results := oc.run("allow", []string{"--auto"}, bashCall("ls"), bashCall("rm -rf ~/controldir"))
		expectResults(t, results, []string{"README.md", ""})
		if _, err := os.Stat(control); !os.IsNotExist(err) {
			t.Errorf("OpenCode alone did not delete ~/controldir (%v): the cases above prove nothing", err)
		}
		if after := len(sb.AuditLines()); after != before {
			t.Errorf("%d audit records after uninstall", after-before)
		}
	})
}

// opencodeDoctor checks doctor's OpenCode lines: the plugin, and the hook
// denying the probe; nothing fails.
func opencodeDoctor(t *testing.T, sb *sandbox, plugin string) {
	res := sb.Permgate("doctor")
	var lines []string
	for _, l := range strings.Split(res.Stdout+res.Stderr, "\n") {
		if strings.Contains(l, "opencode") {
			lines = append(lines, l)
		}
	}
	text := strings.Join(lines, "\n")
	if res.Code != 0 || !strings.Contains(text, plugin) || !strings.Contains(text, "denies a test call") || strings.Contains(text, "✘") {
		t.Fatalf("doctor: exit %d\n%s\n%s", res.Code, res.Stdout, res.Stderr)
	}
}

// expectResults checks the tool results the model was sent, one for each
// call, each holding its wanted text.
func expectResults(t *testing.T, results, want []string) {
	t.Helper()
	if len(results) != len(want) {
		t.Fatalf("%d tool results, want %d: %q", len(results), len(want), results)
	}
	for i, w := range want {
		t.Logf("the model was sent, for call %d: %.300q", i, results[i])
		if !strings.Contains(results[i], w) {
			t.Errorf("result %d is %q, want it to hold %q", i, results[i], w)
		}
	}
}

// equalSnapshots compares two Snapshot results.
func equalSnapshots(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
