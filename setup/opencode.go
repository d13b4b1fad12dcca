package setup

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/policy"
)

// OpenCode has no command hooks: permgate registers itself there as a plugin
// file, which OpenCode loads from the plugin folder of its config directory
// (~/.config/opencode/plugin, a project's .opencode/plugin) and calls before
// each tool call (tool.execute.before). The plugin runs `permgate hook
// opencode` with the call on stdin and throws, which stops the call and gives
// the model the reason, on a deny, an ask and every failure.

// opencodeMarker opens the plugin file permgate writes: a file without it is
// not permgate's, and install and uninstall leave it alone.
const opencodeMarker = "// permgate's OpenCode plugin."

// opencodeTimeoutMS bounds one run of permgate from the plugin: past it the
// call is blocked.
const opencodeTimeoutMS = 30000

// opencodeBinaryLine holds the permgate the plugin runs, as a JSON string.
const opencodeBinaryLine = "const PERMGATE = "

// opencodePluginBody is the plugin after the lines that name the binary. It
// uses only Node's child_process, which OpenCode's runtime (Bun) provides, so
// it loads with no package installed: OpenCode skips a plugin that fails to
// load without a word.
const opencodePluginBody = `const TIMEOUT_MS = %d;

// block stops the tool call: OpenCode gives the model the message as the
// tool's error.
function block(reason) {
  throw new Error(reason);
}

// judge runs permgate on one call and returns its answer; any failure blocks.
function judge(payload) {
  const run = spawnSync(PERMGATE, ["hook", "opencode"], {
    input: payload, encoding: "utf8", timeout: TIMEOUT_MS, killSignal: "SIGKILL", maxBuffer: 1 << 20,
  });
  if (run.error) block("permgate: blocked: the hook did not run (" + run.error.message + ")");
  if (run.signal) block("permgate: blocked: the hook was stopped by " + run.signal);
  if (run.status === 2) block(String(run.stderr || "").trim() || "permgate: blocked (exit 2)");
  if (run.status !== 0) block("permgate: blocked: the hook exited " + run.status + " " + String(run.stderr || "").trim());
  try {
    return JSON.parse(run.stdout);
  } catch (err) {
    block("permgate: blocked: the hook's answer is not JSON");
  }
}

export const PermgatePlugin = async ({ directory }) => ({
  "tool.execute.before": async (input, output) => {
    const payload = JSON.stringify({
      tool: input.tool, sessionID: input.sessionID, callID: input.callID, cwd: directory, args: output.args,
    });
    const answer = judge(payload);
    const reason = answer && typeof answer.reason === "string" ? answer.reason : "";
    switch (answer && answer.decision) {
      case "allow":
      case "defer":
        return; // OpenCode's own permissions decide
      case "deny":
      case "ask":
        block(reason || "permgate: blocked");
    }
    block("permgate: blocked: the hook's answer has no decision this plugin knows");
  },
});
`

// OpencodePlugin is the plugin file install writes for the permgate at
// binary (an absolute path).
func OpencodePlugin(binary string) string {
	quoted, _ := json.Marshal(binary) // a string always encodes
	return opencodeMarker + " Written by `permgate install opencode`;\n" +
		"// `permgate uninstall opencode` removes it. Every tool call goes to permgate first: a deny,\n" +
		"// an ask (OpenCode lets no plugin ask) or any failure of permgate blocks the call.\n" +
		"import { spawnSync } from \"node:child_process\";\n\n" +
		opencodeBinaryLine + string(quoted) + ";\n" +
		fmt.Sprintf(opencodePluginBody, opencodeTimeoutMS)
}

// opencodePluginBinary returns the permgate a plugin file runs, when the file
// is permgate's (it opens with the marker); exact reports whether it is,
// byte for byte, the file install writes for that binary.
func opencodePluginBinary(text string) (binary string, ours, exact bool) {
	if !strings.HasPrefix(text, opencodeMarker) {
		return "", false, false
	}
	for _, line := range strings.Split(text, "\n") {
		rest, ok := strings.CutPrefix(line, opencodeBinaryLine)
		if !ok {
			continue
		}
		if json.Unmarshal([]byte(strings.TrimSuffix(rest, ";")), &binary) != nil {
			return "", true, false
		}
		return binary, true, text == OpencodePlugin(binary)
	}
	return "", true, false
}

// opencodeConfigDir is OpenCode's config directory: the user's
// ($XDG_CONFIG_HOME/opencode, else ~/.config/opencode), or a project's
// .opencode.
func (e *Env) opencodeConfigDir(project bool, root string) string {
	if project {
		return filepath.Join(root, ".opencode")
	}
	if x := e.getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		return filepath.Join(x, "opencode")
	}
	return filepath.Join(e.Home, ".config", "opencode")
}

// opencodePluginPath is where install writes the plugin.
func opencodePluginPath(dir string) string {
	return filepath.Join(dir, "plugin", "permgate.js")
}

// opencode installs or uninstalls permgate's OpenCode plugin: only its own
// file, never one it did not write.
func (e *Env) opencode(opt Options, install bool) ([]Result, error) {
	root, err := e.projectRootIf(opt.Project)
	if err != nil {
		return nil, err
	}
	path := opencodePluginPath(e.opencodeConfigDir(opt.Project, root))
	if install && opt.Project {
		if err := noProjectLink(root, path); err != nil {
			return nil, err
		}
	}
	c, err := e.apply(path, applyOpts{newMode: 0o644, dryRun: opt.DryRun, noBackup: true}, opencodeEdit(path, e.Binary, install))
	if err != nil {
		return nil, err
	}
	r := result("opencode", c, install, opt)
	if install && c.changed {
		r.Notes = []string{"OpenCode loads plugins when it starts: restart running sessions; `opencode --pure` (or OPENCODE_PURE) runs without plugins, and so without permgate"}
	}
	return []Result{r}, nil
}

// opencodeEdit writes the plugin at path that runs binary (install), or
// removes it; a file there that is not the plugin permgate writes is left
// as it is, and the edit fails.
func opencodeEdit(path, binary string, install bool) edit {
	return func(old []byte) ([]byte, bool, error) {
		if old != nil {
			if _, ours, _ := opencodePluginBinary(string(old)); !ours {
				return nil, false, fmt.Errorf("%s is not the plugin permgate writes (it does not open with %q); permgate leaves it as it is", path, opencodeMarker)
			}
		}
		if !install {
			return nil, true, nil
		}
		return []byte(OpencodePlugin(binary)), false, nil
	}
}

// doctorOpencode checks permgate's OpenCode plugin, the user's or the
// project's: it is the file install writes, the permgate it runs exists, and
// that permgate denies the test call.
func (e *Env) doctorOpencode(project bool, root string) []Check {
	dir := e.opencodeConfigDir(project, root)
	if !isDir(dir) {
		return nil
	}
	fix := "permgate install opencode" + flagIf(project)
	path := opencodePluginPath(dir)
	data, err := e.readInstalled(path, project)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return []Check{{Warn, "opencode", "permgate's plugin is not installed in " + path, fix}}
	case err != nil:
		return []Check{{Fail, "opencode", fmt.Sprintf("cannot read %s: %v", path, err), "make it a readable regular file"}}
	}
	bin, ours, exact := opencodePluginBinary(string(data))
	switch {
	case !ours:
		return []Check{{Fail, "opencode", path + " is not the plugin permgate writes: what it does before each tool call is unknown", "move it away, then " + fix}}
	case !exact:
		// OpenCode skips a plugin that does not load, silently.
		return []Check{{Fail, "opencode", path + " carries permgate's marker but is not the plugin permgate writes (edited?): it may not load, and OpenCode then runs every call unchecked",
			"permgate uninstall opencode" + flagIf(project) + " && " + fix}}
	}
	out := []Check{{OK, "opencode", path + " runs " + bin + " hook opencode before each tool call", ""}}
	if v := e.getenv("OPENCODE_PURE"); v != "" && v != "0" && v != "false" {
		out = append(out, Check{Fail, "opencode", "OPENCODE_PURE is set: OpenCode runs without plugins, permgate's included", "unset OPENCODE_PURE"})
	}
	return append(out, e.probeOpencode(bin, fix, root, project)...)
}

// probeOpencode runs the permgate the plugin names with the test payload, as
// the plugin does, and reads the answer as the plugin does.
func (e *Env) probeOpencode(bin, fix, root string, project bool) []Check {
	if _, err := e.program(bin); err != nil {
		return []Check{{Fail, "opencode", fmt.Sprintf("the plugin runs %s, which %v: OpenCode blocks every tool call", bin, err), fix}}
	}
	if project && !sameFile(bin, e.Binary) {
		return []Check{{Warn, "opencode", fmt.Sprintf("%s is not this permgate (%s); doctor runs no other program a project's plugin names, so it is not tested", bin, e.Binary), fix}}
	}
	h, _ := harness.Lookup("opencode")
	cwd := e.Cwd
	if project {
		cwd = root
	}
	if cwd == "" {
		cwd = e.Home
	}
	stdout, stderr, exit, err := e.spawn(bin, []string{"hook", "opencode"}, h.ProbePayload(cwd), cwd)
	if err != nil {
		return []Check{{Fail, "opencode", fmt.Sprintf("the hook did not run: %v", err), fix}}
	}
	d, err := h.ReadAnswer(stdout, stderr, exit)
	switch {
	case err != nil:
		return []Check{{Fail, "opencode", fmt.Sprintf("a test call: %v", err), fix}}
	case d != policy.Deny:
		return []Check{{Fail, "opencode", fmt.Sprintf("the hook answered %s to a test call of %q, which it must deny", d, harness.ProbeCommand), fix}}
	}
	return []Check{{OK, "opencode", fmt.Sprintf("the hook denies a test call of %q, as it must (a missing or failing permgate blocks every call; `opencode --pure` runs none)", harness.ProbeCommand), ""}}
}
