package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/shword"
)

const (
	// jsonOverhead is the room a hook payload has beside its command.
	jsonOverhead = 64 << 10
	// MaxInput bounds what a hook reads from stdin: a command at the input
	// limit, every byte escaped (\n, \", \\ take two bytes), plus the other
	// fields. A larger payload is refused before it is decoded.
	MaxInput = 2*shword.MaxScriptBytes + jsonOverhead
)

// Request is one tool call as a harness's hook input describes it.
type Request struct {
	// SessionID, Cwd, PermissionMode and HookEventName are the payload's
	// session_id, cwd (absolute, or ""), permission_mode and hook_event_name.
	SessionID      string `json:"session_id,omitempty"`
	Cwd            string `json:"cwd,omitempty"`
	PermissionMode string `json:"permission_mode,omitempty"`
	HookEventName  string `json:"hook_event_name,omitempty"`
	// ToolName is the tool as the harness names it: "Bash", "mcp__fs__write".
	ToolName string `json:"tool_name"`
	// Tool is permgate's name for it (Harness.Tool): "bash", "edit_file",
	// "apply_patch", or the lower-cased ToolName for a tool permgate does not know.
	Tool string `json:"tool"`
	// Command is a bash call's command: a string as sent, or a list of words
	// quoted into one script. CommandValid is false when it is not valid
	// Unicode (it must then be analysed as a parse error, never allowed), and
	// CommandErr says why a bash call has no command permgate can read.
	Command      string `json:"command,omitempty"`
	CommandValid bool   `json:"command_valid,omitempty"`
	CommandErr   error  `json:"-"`
	// Typed reports a command that is text typed into a program already
	// running (Copilot CLI's write_bash), not a script a shell runs whole: what
	// it reaches, and the line it completes, are not known.
	Typed bool `json:"typed,omitempty"`
	// Paths are the files the call names: for apply_patch every file the patch
	// adds, updates, deletes or moves to, in order; for another tool the
	// non-empty file_path, absolute_path, notebook_path, path, dir_path and
	// paths values, without repeats. A bash call has none.
	Paths []string `json:"paths,omitempty"`
	// TTY reports a shell call that runs with a terminal the agent can
	// write to afterwards (Codex's exec_command with "tty": true, followed by
	// write_stdin calls that never reach the hook). Any value but absent,
	// null or false counts. Codex 0.169 does not pass exec_command's tty
	// to its hook (tool_input holds only the command): a Codex call without
	// it may still get a terminal.
	TTY bool `json:"tty,omitempty"`
	// URL is tool_input.url.
	URL string `json:"url,omitempty"`
	// Input is tool_input as sent, for tools permgate does not know.
	Input json.RawMessage `json:"-"`
	// SessionCwd is the session's directory (the payload's cwd, else the
	// hook's own) when a shell tool's working-directory argument moved Cwd
	// elsewhere: a harness that has no such argument runs the command in
	// SessionCwd. It is "" when Cwd was not moved.
	SessionCwd string `json:"-"`
}

// Decode's refusals begin with one of these: a hook whose answer carries
// one refused the payload unread (Refused).
const (
	refusedRead  = "could not read the hook input"
	refusedParse = "could not parse the hook input as JSON"
)

// Refused reports whether a hook's answer (its stdout or stderr) is
// permgate's refusal of a payload it could not decode: a deny that says
// nothing of the call, which is what every call then gets.
func Refused(answer []byte) bool {
	return bytes.Contains(answer, []byte(refusedRead)) || bytes.Contains(answer, []byte(refusedParse))
}

// Decode reads one hook payload from r, at most MaxInput bytes, as this
// harness reads its own JSON (see decodeInput). Every error is one to answer
// with a deny: its text completes "permgate could not …".
func (h *Harness) Decode(r io.Reader) (Request, error) {
	data, err := readLimited(r, MaxInput)
	if err != nil {
		return Request{}, fmt.Errorf("%s: %w", refusedRead, err)
	}
	decode := h.decode
	if decode == nil {
		decode = func(data []byte) (input, error) { return decodeInput(data, h.lastWins) }
	}
	in, err := decode(data)
	if errors.As(err, new(notJSON)) {
		return Request{}, fmt.Errorf("%s: %w", refusedParse, err)
	}
	if err == nil {
		err = absoluteCwd(in)
	}
	if err != nil {
		return Request{}, fmt.Errorf("%s: %w", refusedRead, err)
	}
	return h.request(in), nil
}

// absoluteCwd refuses a relative cwd, whichever harness sent it: the call
// would be judged in permgate's own directory, not the agent's.
func absoluteCwd(in input) error {
	if in.Cwd != "" && !filepath.IsAbs(in.Cwd) {
		return fmt.Errorf("the hook input's cwd %q is not an absolute path", in.Cwd)
	}
	return nil
}

// request turns a decoded payload into the Request for this harness's tool.
func (h *Harness) request(in input) Request {
	req := Request{
		SessionID: in.SessionID, Cwd: in.Cwd, PermissionMode: in.PermissionMode, HookEventName: in.HookEventName,
		ToolName: in.ToolName, Tool: h.Tool(in.ToolName), URL: in.Args.URL, Input: in.ToolInput,
	}
	if other, ok := h.commandless[in.ToolName]; ok && len(in.Args.Command) == 0 {
		req.Tool = other
	}
	switch req.Tool {
	case "bash":
		args := h.toolArgs(in)
		if key, ok := h.typed[in.ToolName]; ok {
			// The text typed into the running program is what runs.
			in.Args.Command, req.Typed = typedKeys(args[key]), true
		}
		req.Command, req.CommandValid, req.CommandErr = shellCommand(in.Args.Command)
		req.TTY = in.Args.TTY
		if dir, err := shellWorkdir(in.Cwd, args); err != nil {
			req.CommandErr = err
		} else if dir != in.Cwd {
			req.SessionCwd, req.Cwd = sessionDir(in.Cwd), dir
		}
	case "apply_patch":
		patch, _, _ := shellCommand(in.Args.Command)
		req.Paths = patchPaths(patch)
	default:
		// Every path field counts: a harness may act on any of them, so a
		// decoy in one must not stand in for another.
		args := in.Args
		req.Paths = nonEmpty(append([]string{args.FilePath, args.AbsolutePath, args.NotebookPath, args.Path, args.DirPath}, args.Paths...))
	}
	return req
}

// toolArgs are the members of the call's arguments: as the decoder kept
// them, else read from tool_input (nil when it is no object: its own
// decoding has said so).
func (h *Harness) toolArgs(in input) map[string]json.RawMessage {
	if in.toolArgs != nil || len(in.ToolInput) == 0 {
		return in.toolArgs
	}
	args, _ := readObject(in.ToolInput, h.lastWins)
	return args
}

// sessionDir is the session's directory: the payload's cwd, or the hook's
// own directory when it sends none ("" when that cannot be read).
func sessionDir(cwd string) string {
	if cwd != "" {
		return cwd
	}
	dir, _ := filepath.Abs(".")
	return dir
}

// typedKeys turns the {enter} key names in typed text (write_bash's input)
// into the new lines they type; input that is not a valid string is left for the shell
// command's own checks.
func typedKeys(raw json.RawMessage) json.RawMessage {
	text, valid, err := jsonString(raw)
	if err != nil || !valid {
		return raw
	}
	out, err := json.Marshal(strings.ReplaceAll(text, "{enter}", "\n"))
	if err != nil {
		return raw
	}
	return out
}

// patchPaths are the files a Codex apply_patch names, in order.
func patchPaths(patch string) []string {
	var paths []string
	for _, line := range strings.Split(patch, "\n") {
		for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if p, ok := strings.CutPrefix(line, prefix); ok {
				paths = append(paths, strings.TrimSpace(p))
			}
		}
	}
	return paths
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

// input is the part of a harness's pre-tool-use JSON permgate reads. Claude
// Code, Codex and Gemini CLI share these field names.
type input struct {
	SessionID      string
	Cwd            string
	PermissionMode string
	HookEventName  string
	ToolName       string
	// ToolInput is tool_input as sent, for tools permgate does not know.
	ToolInput json.RawMessage
	// Args are the tool_input fields permgate uses, and toolArgs its
	// members, read once for everything else the decision reads of it
	// (typed keys, the working directory); nil when a decoder did not keep
	// them.
	Args     toolArgs
	toolArgs map[string]json.RawMessage
}

// toolArgs are the tool_input fields permgate uses.
type toolArgs struct {
	Command      json.RawMessage
	FilePath     string
	AbsolutePath string
	NotebookPath string
	Path         string
	Paths        []string
	DirPath      string
	URL          string
	TTY          bool
}

// decodeInput reads a hook payload as the harness reads its own JSON: keys
// match exactly (encoding/json would let a "Command" or "TOOL_NAME" twin stand
// in for "command" or "tool_name"), and a repeated key takes the last value
// when lastWins (JavaScript's JSON.parse: Claude Code, Gemini CLI) and is an
// error otherwise (serde_json into a struct: Codex). A field of the wrong type
// is an error (a relative cwd is one too, for every harness: see Decode).
func decodeInput(data []byte, lastWins bool) (input, error) {
	var in input
	top, err := readObject(data, lastWins)
	if err != nil {
		return in, err
	}
	if err := stringFields(top, map[string]*string{
		"session_id": &in.SessionID, "cwd": &in.Cwd, "permission_mode": &in.PermissionMode,
		"hook_event_name": &in.HookEventName, "tool_name": &in.ToolName,
	}); err != nil {
		return in, err
	}
	if in.ToolName == "" {
		return in, errors.New("the hook input has no tool_name")
	}
	in.ToolInput = top["tool_input"]
	if len(in.ToolInput) == 0 || string(in.ToolInput) == "null" {
		return in, nil
	}
	// tool_input was checked with the payload: it is split, not read again.
	if in.toolArgs, err = members(in.ToolInput, lastWins); err != nil {
		return in, fmt.Errorf("tool_input: %w", err)
	}
	in.Args, err = argsOf(in.toolArgs, "tool_input")
	return in, err
}

// argsOf reads the fields permgate uses from the members of a tool call's
// arguments (the payload's field where); a field of the wrong type is an
// error.
func argsOf(args map[string]json.RawMessage, where string) (toolArgs, error) {
	var a toolArgs
	var err error
	a.Command = args["command"]
	if err := stringFields(args, map[string]*string{
		"file_path": &a.FilePath, "absolute_path": &a.AbsolutePath, "notebook_path": &a.NotebookPath,
		"path": &a.Path, "dir_path": &a.DirPath, "url": &a.URL,
	}); err != nil {
		return a, fmt.Errorf("%s: %w", where, err)
	}
	if raw, ok := args["tty"]; ok && string(raw) != "null" && string(raw) != "false" {
		a.TTY = true
	}
	if raw := args["paths"]; len(raw) > 0 && string(raw) != "null" {
		if a.Paths, _, err = stringList(raw); err != nil {
			return a, fmt.Errorf("%s.paths: %w", where, err)
		}
	}
	return a, nil
}
