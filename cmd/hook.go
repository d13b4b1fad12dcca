package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/setup"
	"github.com/permgate/permgate/validator"
)

// maxHookInput bounds one hook payload, and one line scan reads.
const maxHookInput = harness.MaxInput

func newHookCmd(io streams, g *globalFlags) *cobra.Command {
	var modeFlag string
	var printConfig bool
	c := &cobra.Command{
		Use:   "hook claude|codex|gemini|cursor|copilot|opencode [--print-config]",
		Short: "Answer an agent harness's pre-tool-use hook (JSON on stdin); never prompts",
		Long: "hook reads Claude Code's PreToolUse, Codex's PreToolUse, Gemini CLI's BeforeTool, Cursor's\n" +
			"beforeShellExecution, beforeReadFile, beforeMCPExecution or preToolUse, GitHub Copilot CLI's\n" +
			"preToolUse, or OpenCode's tool.execute.before (sent by permgate's plugin) JSON on stdin and\n" +
			"answers in that harness's protocol. It never prompts: an ask goes back\n" +
			"to the harness, or to its own approval where the hook cannot ask (Codex, Gemini CLI),\n" +
			"unless no one can be asked (fail-closed), when it is a deny. Bad input, a config error or an\n" +
			"internal error is a deny. --print-config prints the settings that register the hook.",
		Example: "  permgate hook claude --print-config   # the settings snippet to add to Claude Code's settings\n" +
			"  permgate hook codex < payload.json     # what the harness runs for each tool call",
		// An error before the harness is known cannot be answered in its
		// protocol: it exits 2 with the reason on stderr, which blocks the call
		// in every harness (never 1, which some take for "go ahead").
		Args: func(c *cobra.Command, args []string) error {
			if err := cobra.ExactArgs(1)(c, args); err != nil {
				return hookUsageError(io, err)
			}
			return nil
		},
		ValidArgs: harness.Names(),
		RunE: func(c *cobra.Command, args []string) error {
			h, ok := harness.Lookup(args[0])
			if !ok {
				return hookUsageError(io, fmt.Errorf("unknown harness %q (want %s)", args[0], strings.Join(harness.Names(), ", ")))
			}
			if c.Flags().Changed("mode") {
				if _, err := policy.ParseMode(modeFlag); err != nil {
					return hookUsageError(io, fmt.Errorf("--mode: %w", err))
				}
			}
			if printConfig {
				fmt.Fprintln(io.out, hookSettings(h))
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
func hookSettings(h *harness.Harness) string {
	bin, err := os.Executable()
	if err != nil {
		bin = "permgate"
	}
	if h.Name == "opencode" {
		// OpenCode has no hook settings: its plugin is the registration.
		return setup.OpencodePlugin(setup.ResolveBinary(bin))
	}
	command, _ := json.Marshal(setup.HookCommand(bin, h.Name))
	return h.Settings(string(command))
}

// runHook decides one tool call; every failure is a deny in the protocol.
// Each phase runs under the watchdog with the deny it gives when its
// deadline passes first: reading the call, the config and the state has the
// default deadline (the configured one is in the config); judging it, the
// configured one; the audit record, what is left of it (at least
// auditGrace). All count from permgate's start.
func runHook(io streams, g *globalFlags, h *harness.Harness, modeFlag string) (code int) {
	dog := newWatchdog(io.exit)
	defer dog.release()
	// reply names the hook event once the payload is read; the recovery
	// answers with it, the late answers with their own copy.
	reply := hookReply{io: io, h: h}
	defer func() {
		if r := recover(); r != nil {
			if !dog.claim() {
				code = dog.wait()
				return
			}
			code = reply.send(policy.Deny, fmt.Sprintf("permgate failed (%v); denied to be safe", r))
		}
	}()
	dog.arm(loadEnd(io), nil, func() int {
		return hookReply{io: io, h: h}.send(policy.Deny, "permgate "+errLoadLate().Error()+"; denied to be safe")
	})
	quiet, warnings := heldBack(io)
	p := prepareHook(quiet, g, h, modeFlag)
	reply.event = p.req.HookEventName
	if p.refuse != "" {
		if !dog.claim() {
			return dog.wait()
		}
		io.err.Write(warnings.Bytes())
		p.auditRefusal(io, h)
		return reply.send(policy.Deny, p.refuse)
	}
	s, req := p.s, p.req
	stop := new(atomic.Bool)
	if !dog.arm(s.answerEnd(), stop, func() int { return reply.send(policy.Deny, "permgate: "+s.refuseLate(io, req)) }) {
		return dog.wait()
	}
	io.err.Write(warnings.Bytes())
	// The work is done on a copy of the session whose analyses stop when
	// told: the late answer, given meanwhile, uses the session itself.
	work := s.stoppedBy(stop)
	command, a, out, err := work.decideTool(req)
	if err != nil {
		if !dog.claim() {
			return dog.wait()
		}
		return reply.send(policy.Deny, err.Error())
	}
	judged := work.judgeCall(h, req, out, a)
	return s.auditAnswer(dog, io, "hook", command, a, judged, out.By, func(out policy.Outcome) int {
		return reply.send(out.Decision, "permgate: "+saferReason(out, a))
	})
}

// hookReply answers the harness in its protocol, at the hook event (once
// the payload is read).
type hookReply struct {
	io    streams
	h     *harness.Harness
	event string
}

// send writes the answer and returns the hook's exit code.
func (r hookReply) send(d policy.Decision, reason string) int {
	out := r.h.Encode(harness.Response{Decision: d, Reason: reason, Event: r.event})
	if len(out.Stdout) > 0 {
		r.io.out.Write(out.Stdout)
	}
	if len(out.Stderr) > 0 {
		r.io.err.Write(out.Stderr)
	}
	return out.Exit
}

// refuseLate records and words the deny of a call too costly to judge in
// time: a hook cannot ask, and the harness may let a call through when the
// hook itself times out, so it is refused now.
func (s *session) refuseLate(io streams, req harness.Request) string {
	command := req.Command
	if req.Tool != "bash" {
		command = req.ToolName
	}
	a := lateAnalysis(command, late{phase: "judge the tool call", limit: s.deadline()})
	out := policy.Outcome{Decision: policy.Deny, Reason: a.Reason() + "; denied to be safe", By: byDeadline}
	out = s.audit(io, "hook", command, a, out, byDeadline)
	return saferReason(out, a)
}

// judgeCall is the answer to a decided call: an allow permgate does not
// vouch for is handed back to the harness's own permissions, and an
// interactive program the harness would start without asking anyone is
// refused.
func (s *session) judgeCall(h *harness.Harness, req harness.Request, out policy.Outcome, a validator.Analysis) policy.Outcome {
	judged := s.handBack(out, a, req)
	if a.Interactive() && h.AskMayGoUnseen(req.HookEventName) {
		// The harness would start it without asking anyone, and what is
		// typed into it afterwards never reaches permgate.
		judged = policy.FailClose(judged, h.Title+" starts it without asking anyone (its own approval does not ask about a command its sandbox contains)")
	}
	return judged
}

// hasTerminal reports whether the hook can reach a terminal (/dev/tty): the
// harness running it has one a person can answer at.
func hasTerminal() bool {
	tty, err := openTerminal(os.O_RDWR)
	if err != nil {
		return false
	}
	tty.Close()
	return true
}

// preparedHook is a tool call read, with the session to decide it in, or
// the reason it is refused before it is decided.
type preparedHook struct {
	req    harness.Request
	s      *session
	refuse string
}

// auditRefusal records a call refused before it was decided (input that
// does not decode, a cwd that is not a directory, a broken config): in the
// configured sink when the config loaded, else in the audit file of the
// state directory, so that no hook answer goes unrecorded.
func (p preparedHook) auditRefusal(io streams, h *harness.Harness) {
	what := h.Name + " hook input"
	if p.req.ToolName != "" {
		what = p.req.ToolName
		if p.req.Command != "" {
			what += " " + p.req.Command
		}
	}
	out := policy.Outcome{Decision: policy.Deny, Reason: p.refuse, By: "input"}
	if p.s != nil {
		p.s.audit(io, "hook", what, validator.Analysis{}, out, "input")
		return
	}
	env := analysisEnv(io.host)
	if checkHome(env) != nil {
		return
	}
	rec := audit.Record{
		Time: time.Now().UTC().Format(time.RFC3339Nano), Cwd: env.Cwd, Source: "hook", Command: what,
		Decision: policy.Deny, Severity: validator.Safe.String(), Findings: []finding.Kind{}, IDs: []string{},
		DecidedBy: "input", Reason: p.refuse,
	}
	sink, err := audit.Open(audit.SinkConfig{Kind: audit.SinkFile, Dir: stateDir(io.host, env.Home)})
	if err == nil {
		err = sink.Write(rec)
	}
	if err != nil {
		fmt.Fprintf(io.err, "permgate: warning: the audit record of this refusal was lost: %v\n", err)
	}
}

// prepareHook reads the tool call from the hook's input, enters its cwd and
// loads the config and state there, choosing the mode with the harness's
// own.
func prepareHook(io streams, g *globalFlags, h *harness.Harness, modeFlag string) preparedHook {
	var p preparedHook
	req, err := h.Decode(io.in)
	if err != nil {
		p.refuse = "permgate " + err.Error()
		// The refusal is recorded with the config of permgate's own
		// directory: the call's is not known.
		p.s, _ = loadConfig(g, io)
		return p
	}
	p.req = req
	if req.Cwd != "" {
		// The tool call runs in its cwd: the analysis, the project config and
		// the rules are judged there. A cwd that is not a directory is refused.
		if err := checkDir(req.Cwd); err != nil {
			p.refuse = "cannot enter the tool call's cwd: " + err.Error()
			p.s, _ = loadConfig(g, io)
			return p
		}
		io.host = io.host.in(req.Cwd)
	}
	s, err := loadConfig(g, io)
	if err == nil {
		err = s.selectHookMode(g, h, modeFlag, req)
	}
	if err != nil {
		p.refuse = "permgate refuses while its config is broken: " + err.Error()
		return p
	}
	// The files a command reads tell an allow permgate vouches for from one
	// it hands back (handBack).
	s.env.FileAccess = true
	// An agent's harness may type into what the command starts.
	s.env.Agent = true
	if req.SessionCwd != "" && req.SessionCwd != req.Cwd {
		s.sessionCwd = req.SessionCwd
	}
	p.s = s
	return p
}

// checkDir says why dir is not a directory to enter, or nil.
func checkDir(dir string) error {
	info, err := os.Stat(dir)
	if err == nil && !info.IsDir() {
		err = fmt.Errorf("%s is not a directory", dir)
	}
	return err
}

// selectHookMode chooses the mode for a hook's call: the harness's
// permission mode stands, and the config, the persisted mode or a profile
// may only tighten it; --mode and PERMGATE_MODE pin it (policy.Select). It
// notes when no one can answer an ask.
func (s *session) selectHookMode(g *globalFlags, h *harness.Harness, modeFlag string, req harness.Request) error {
	in := s.modeInputs(g, modeFlag, false)
	in.Harness = h.Mode(req.PermissionMode)
	var err error
	s.eff, err = policy.Select(&s.cfg.Policy, in)
	if h.AskNeedsTerminal() && !hasTerminal() {
		// The harness asks only at its terminal, and there is none.
		s.noOneToAsk = h.Title + " asks only at its terminal, and it runs without one"
	}
	if why := h.NoAsk(); why != "" {
		s.noOneToAsk = why
	}
	return err
}
