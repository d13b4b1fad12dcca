//go:build compat

package suite

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permgate/permgate/compat/fakemodel"
)

// claudeRunTimeout bounds one `claude -p` run against the fake model.
const claudeRunTimeout = 90 * time.Second

// claude drives the pinned Claude Code release in a sandbox.
type claude struct {
	sb  *sandbox
	bin string
	// netns is the loopback-only network namespace claude runs in, nil
	// where one cannot be made (then it runs in the test's own).
	netns *loopbackNS
}

func newClaude(t *testing.T) *claude {
	t.Helper()
	bin := harnessBin(t, "claude")
	sb := newSandbox(t)
	// Claude Code's own switches: no traffic but the model's, and, as root,
	// bypassPermissions only in a sandbox it is told it is in.
	sb.Setenv("ANTHROPIC_API_KEY=fake", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1",
		"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "IS_SANDBOX=1")
	ns, err := newLoopbackNS(t)
	if err != nil {
		t.Logf("Claude Code runs in the test's own network, not a loopback-only namespace: %v", err)
	}
	return &claude{sb: sb, bin: bin, netns: ns}
}

// claudeSession is one `claude -p` run: what it printed, and what the fake
// model was sent.
type claudeSession struct {
	Result
	srv *fakemodel.Server
	// events are the stream-json lines claude printed, decoded.
	events []map[string]any
}

// run starts a fake model answering steps on the turns that offer Bash, and
// runs `claude -p` once in the project directory with args after the usual
// ones.
func (c *claude) run(t *testing.T, steps []fakemodel.Step, args ...string) *claudeSession {
	t.Helper()
	srv := c.serve(t, fakemodel.Steps("Bash", steps...))
	return c.runWith(t, srv, args...)
}

// serve starts a fake model answering script where claude can reach it: in
// claude's network namespace when it has one.
func (c *claude) serve(t *testing.T, script fakemodel.Script) *fakemodel.Server {
	t.Helper()
	var srv *fakemodel.Server
	if c.netns == nil {
		srv = fakemodel.Start(script)
	} else {
		srv = fakemodel.StartListener(c.netns.listen(t), script)
	}
	t.Cleanup(srv.Close)
	return srv
}

// runWith runs `claude -p` once against srv, with args after the usual
// ones.
func (c *claude) runWith(t *testing.T, srv *fakemodel.Server, args ...string) *claudeSession {
	t.Helper()
	argv := append([]string{"-p", "go", "--output-format", "stream-json", "--verbose"}, args...)
	name := c.bin
	if c.netns != nil {
		name, argv = "nsenter", append([]string{"--net=" + c.netns.path, "--", c.bin}, argv...)
	}
	res := c.sb.Run(claudeRunTimeout, c.sb.Work, []string{"ANTHROPIC_BASE_URL=" + srv.URL}, name, argv...)
	s := &claudeSession{Result: res, srv: srv}
	sc := bufio.NewScanner(strings.NewReader(res.Stdout))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var ev map[string]any
		if json.Unmarshal(sc.Bytes(), &ev) == nil {
			s.events = append(s.events, ev)
		}
	}
	return s
}

// call is a fake model step that calls tool with input.
func call(tool string, input map[string]any) fakemodel.Step {
	return fakemodel.Step{Call: &fakemodel.Call{Tool: tool, Input: input}}
}

// bash is a fake model step that runs command with Claude's Bash tool.
func bash(command string) fakemodel.Step {
	return call("Bash", map[string]any{"command": command, "description": "a step of the suite"})
}

// results are the tool-result texts the model was sent in the last main
// turn: result i answers step i.
func (s *claudeSession) results(t *testing.T) []string {
	t.Helper()
	main := s.srv.Main("Bash")
	if len(main) == 0 {
		t.Fatalf("claude never asked the model with its Bash tool\nstdout:\n%s\nstderr:\n%s", s.Stdout, s.Stderr)
	}
	return main[len(main)-1].Results
}

// settingsPath is the user's Claude Code settings file in the sandbox.
func (c *claude) settingsPath() string {
	return filepath.Join(c.sb.Home, ".claude", "settings.json")
}

// readFile reads a file that must exist.
func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
