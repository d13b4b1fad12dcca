// Package harness holds the hook protocols of the agent harnesses permgate
// answers: Claude Code's PreToolUse, Codex's PreToolUse, Gemini CLI's
// BeforeTool, Cursor's beforeShellExecution, beforeReadFile,
// beforeMCPExecution and preToolUse, GitHub Copilot CLI's preToolUse, and
// OpenCode's tool.execute.before (through permgate's plugin). Per harness it
// decodes the hook's JSON input into a Request and
// encodes a decision into the harness's output and exit code. It decides
// nothing itself and does no I/O beyond the reader it is given.
package harness

import (
	"fmt"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/verdict"
)

// Harness is one agent harness's hook protocol.
type Harness struct {
	// Name is the harness as permgate's command line names it: "claude".
	Name string
	// Title names it for people: "Claude Code".
	Title string
	// tools maps the harness's tool names onto permgate's.
	tools map[string]string
	// commandless maps the tools that run a shell command when their input
	// has one (tools maps them to bash) onto the tool they are without it:
	// Claude Code's Monitor watches a command's output or a WebSocket.
	commandless map[string]string
	// modes maps the harness's permission_mode onto permgate's mode and whether
	// no one can be asked in it.
	modes map[string]mode
	// decode reads the harness's payload; nil is decodeInput, the field names
	// Claude Code, Codex and Gemini CLI share.
	decode func(data []byte) (input, error)
	// encode writes the decision in the harness's protocol, and read reads an
	// answer back as the harness would (ReadAnswer).
	encode func(Response) Output
	read   func(Output) (verdict.Decision, error)
	// probe is a call of the harness's shell tool running a command, as the
	// payload's fields (ProbePayload).
	probe func(command string) map[string]any
	// settings is the snippet that registers the hook, with %s for the command.
	settings string
	// typed maps the tools that type text into a program already running onto
	// the argument holding that text (Codex's write_stdin chars, Copilot
	// CLI's write_bash input): the text is judged as a command, whose reach
	// is not known (Request.Typed).
	typed map[string]string
	// askDefers says that an ask is answered as "no decision", which leaves
	// the call to the harness's own approval (Codex): a permission_mode
	// permgate does not know may be one in which that approval never asks, so
	// it is fail-closed there.
	askDefers bool
	// unseenAsks are the events at which an ask handed to the harness's own
	// approval may run without anyone being asked (Codex at PreToolUse: its
	// approval runs a command its sandbox contains without a prompt).
	unseenAsks []string
	// askNeedsTerminal says that the harness asks in its own terminal UI and
	// nowhere else: where the hook has no terminal, no one can answer the
	// ask (Gemini CLI's confirmation then never comes), so it is a deny.
	askNeedsTerminal bool
	// noAsk says why the harness can never be asked through its hook
	// (OpenCode lets no plugin ask its user), "" when it can: an ask is a
	// deny there, in every mode.
	noAsk string
	// lastWins says how the harness reads a key repeated in its JSON: the last
	// one wins (JavaScript's JSON.parse), or it is an error (serde_json into a
	// struct), which permgate answers with a deny.
	lastWins bool
}

type mode struct {
	mode       verdict.Mode
	failClosed bool
}

// harnesses is the protocol table, sorted by command-line name: static
// data, so that a call builds only the harness it speaks to.
var harnesses = [...]struct {
	name     string
	protocol *lazy.Value[*Harness]
}{
	{"claude", &claudeHarness}, {"codex", &codexHarness}, {"copilot", &copilotHarness},
	{"cursor", &cursorHarness}, {"gemini", &geminiHarness}, {"opencode", &opencodeHarness},
}

// Lookup returns the harness permgate's command line names name.
func Lookup(name string) (*Harness, bool) {
	for _, h := range harnesses {
		if h.name == name {
			return h.protocol.Get(), true
		}
	}
	return nil, false
}

// Names lists the harnesses by their command-line names, sorted.
func Names() []string {
	names := make([]string, len(harnesses))
	for i, h := range harnesses {
		names[i] = h.name
	}
	return names
}

// Settings is the snippet that registers the hook in the harness's settings,
// with command (already JSON- or TOML-quoted) as the hook's command.
func (h *Harness) Settings(command string) string {
	return fmt.Sprintf(h.settings, command)
}

// Mode maps the harness's permission_mode onto permgate's: the zero
// HarnessMode when the harness sends none that permgate knows, except that in
// a harness whose own approval decides an ask (askDefers) a mode it does not
// know is fail-closed.
func (h *Harness) Mode(permissionMode string) verdict.HarnessMode {
	m, ok := h.modes[permissionMode]
	if !ok && permissionMode != "" && h.askDefers {
		// The harness's own approval decides an ask, and in a mode permgate
		// does not know it may approve everything: no one is asked.
		return verdict.HarnessMode{Source: h.Title + " permission_mode " + permissionMode + " (not one permgate knows)", FailClosed: true}
	}
	if !ok {
		return verdict.HarnessMode{}
	}
	return verdict.HarnessMode{Mode: m.mode, Source: h.Title + " permission_mode " + permissionMode, FailClosed: m.failClosed}
}

// AskNeedsTerminal reports a harness whose ask only a person at its terminal
// can answer: a hook with no terminal answers an ask with a deny.
func (h *Harness) AskNeedsTerminal() bool { return h.askNeedsTerminal }

// NoAsk says why no one can ever be asked through this harness's hook, or
// is "" when someone can: the hook answers an ask with a deny saying so.
func (h *Harness) NoAsk() string { return h.noAsk }

// Tool maps the harness's tool name onto permgate's. Unknown and MCP tools
// keep their name, lower-cased: the tool table decides them.
func (h *Harness) Tool(toolName string) string {
	if tool, ok := h.tools[toolName]; ok {
		return tool
	}
	return strings.ToLower(toolName)
}

// AskMayGoUnseen reports that an ask answered at event is handed to the
// harness's own approval, which may run the call without asking anyone.
// An ask that must reach a person — a program the agent types into
// afterwards, whose input permgate never sees — is then a deny.
func (h *Harness) AskMayGoUnseen(event string) bool {
	return slices.Contains(h.unseenAsks, event)
}
