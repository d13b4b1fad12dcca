package code

import (
	"path"
	"strings"

	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// clip shortens a word for a reason.
func clip(s string) string { return textclip.Clip(s, 200) }

// declaredScan returns the command's argv as its declaration's grammar
// reads it (indexes into c.Argv[1:]); ok is false for an undeclared program.
func declaredScan(c shellparse.SimpleCommand) (*registry.Scan, bool) {
	_, inv, ok := c.Declared()
	if !ok {
		return nil, false
	}
	return &inv.Scan, true
}

// optionWords returns the values the scan of args found for the named
// options, as words of args: the word after the option, or the value
// attached to it (static when the option's word is and the value is known).
func optionWords(args []shellparse.Word, s *registry.Scan, names ...string) []shellparse.Word {
	var out []shellparse.Word
	for _, o := range s.Values(names...) {
		switch {
		case !o.HasValue:
		case o.ValueAt != o.At:
			out = append(out, args[o.ValueAt])
		default:
			out = append(out, shellparse.Word{Text: o.Value, Static: args[o.At].Static && !o.Dynamic})
		}
	}
	return out
}

// commandValues returns the values of the command's named options, by its
// declared grammar.
func commandValues(c shellparse.SimpleCommand, names ...string) []shellparse.Word {
	s, ok := declaredScan(c)
	if !ok {
		return nil
	}
	return optionWords(c.Argv[1:], s, names...)
}

// Vim: -c CMD, -S FILE, --cmd CMD and +CMD run editor commands.
func Vim(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	s, ok := declaredScan(c)
	if !ok {
		return
	}
	for _, o := range s.Opts {
		plus := o.Name == "+"
		if plus && isDigits(o.Value) || !plus && o.Name != "-c" && o.Name != "-S" && o.Name != "--cmd" || !args[o.At].Static {
			continue
		}
		what := args[o.At].Text
		if o.At+1 < len(args) && !plus {
			what += " " + args[o.At+1].Text
		}
		report(h, "inline_code", "vim_commands", nonSevere, c.Name+" "+clip(what)+" runs editor commands, which can run shell commands")
		return
	}
}

// Less: +CMD runs a command when less starts (+42 only goes to a line).
func Less(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	s, ok := declaredScan(c)
	if !ok {
		return
	}
	for _, o := range s.Values("+") {
		if args[o.At].Static && !isDigits(o.Value) {
			report(h, "inline_code", "less_command", nonSevere, "less "+args[o.At].Text+" runs a command when it starts")
			return
		}
	}
}

// tarCommands are tar's long options that name a command to run.
var tarCommands = []string{"--to-command", "--use-compress-program", "--info-script", "--new-volume-script", "--rsh-command"}

// Tar: --to-command, --use-compress-program, -I, -F and the like run a
// command.
func Tar(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	s, ok := declaredScan(c)
	if !ok {
		return
	}
	for _, o := range s.Opts {
		t := args[o.At].Text
		if isOneOf(o.Name, tarCommands) || o.Name == "--checkpoint-action" && strings.Contains(t, "exec") {
			report(h, "inline_code", "tar_command", nonSevere, "tar "+clip(t)+" runs a command")
			return
		}
	}
	oldStyle := len(args) > 0 && args[0].Static && !strings.HasPrefix(args[0].Text, "-")
	for _, o := range s.Values("-I", "-F") {
		if o.HasValue && !(oldStyle && o.At == 0) {
			report(h, "inline_code", "tar_compress_program", nonSevere, "tar -I/-F runs a command")
			return
		}
	}
	if oldStyle && strings.ContainsAny(args[0].Text, "IF") {
		report(h, "inline_code", "tar_command_option", nonSevere, "tar "+args[0].Text+" runs a command")
	}
}

// rsyncDeletes are rsync's options that remove files in the destination.
var rsyncDeletes = []string{"--delete", "--delete-before", "--delete-during", "--delete-after", "--delete-delay", "--delete-excluded", "--del"}

// Rsync: --rsh, --rsync-path and -e name a command to run; --delete removes
// files in the destination.
func Rsync(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	s, ok := declaredScan(c)
	if !ok {
		return
	}
	if s.Has("--rsh", "--rsync-path") {
		report(h, "inline_code", "rsync_rsh", nonSevere, "rsync "+clip(firstOf(args, s, "--rsh", "--rsync-path"))+" names a command to run")
		return
	}
	if len(optionWords(args, s, "-e")) > 0 {
		report(h, "inline_code", "rsync_e", nonSevere, "rsync -e names a command to run")
		return
	}
	if !s.Has(rsyncDeletes...) {
		return
	}
	for _, t := range h.CodeCopyTargets(c) {
		if sev, why := h.CodeDeleteSevere(t); sev {
			h.Report("recursive_delete", "rsync_delete", severe, "rsync --delete removes files in "+why, "rsync --dry-run --delete first lists what it would remove")
		}
	}
}

// firstOf returns the text of the word that holds the first of the named
// options.
func firstOf(args []shellparse.Word, s *registry.Scan, names ...string) string {
	if vals := s.Values(names...); len(vals) > 0 {
		return args[vals[0].At].Text
	}
	return ""
}

// isOneOf reports name among names.
func isOneOf(name string, names []string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// isDigits reports a non-empty string of decimal digits.
func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Npm: --script-shell names the shell that runs package scripts,
// --node-options code node runs.
func Npm(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if s, ok := declaredScan(c); ok && s.Has("--script-shell", "--node-options") {
		report(h, "inline_code", "npm_script_shell", nonSevere, "npm "+clip(firstOf(args, s, "--script-shell", "--node-options"))+" names a program or code to run")
	}
}

// Cargo: --config can set a runner or other programs cargo runs.
func Cargo(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if s, ok := declaredScan(c); ok && s.Has("--config") {
		report(h, "inline_code", "cargo_config", nonSevere, "cargo --config can name programs cargo runs")
	}
}

// GoTool: go -exec, -toolexec and -vettool name programs the go command
// runs; go install …/permgate@v puts a program named permgate into GOBIN,
// over the one the harnesses and the shell guard run.
func GoTool(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	_, inv, ok := c.Declared()
	if !ok {
		return
	}
	if inv.Scan.Has("-exec", "-toolexec", "-vettool") {
		report(h, "inline_code", "go_exec", nonSevere, "go -exec/-toolexec/-vettool names a program to run")
	}
	if len(inv.Path) != 1 || inv.Path[0] != "install" {
		return
	}
	for _, i := range inv.Scan.Operands {
		pkg := args[i]
		name, _, _ := strings.Cut(pkg.Text, "@")
		if shellparse.IsPermgate(path.Base(name)) || !pkg.Static && strings.Contains(strings.ToLower(pkg.Text), "permgate") {
			report(h, "self_modify", "go_install_permgate", severe, "go install "+pkg.Text+" replaces the permgate program in GOBIN (~/go/bin), the one the harnesses run")
			return
		}
	}
}

// Pytest: --basetemp empties the directory it names.
func Pytest(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, t := range commandValues(c, "--basetemp") {
		if sev, why := h.CodeDeleteSevere(t); sev {
			report(h, "recursive_delete", "pytest_basetemp", severe, "pytest --basetemp empties "+why)
		}
	}
}

// ParallelStdin: parallel with no command runs each input line as a command.
func ParallelStdin(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if s, ok := declaredScan(c); ok && len(s.Operands) == 0 && c.Stdin.Kind == shellparse.InputPipe {
		report(h, "pipe_to_shell", "parallel_stdin", severe, "parallel with no command runs each line piped into it as a command")
	}
}

// MakeStdin: make -f - reads its makefile, and so the commands it runs,
// from stdin.
func MakeStdin(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, f := range commandValues(c, "-f", "--file", "--makefile") {
		if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
			StdinProgram(h, c, false)
			return
		}
	}
}

// EnableBuiltin: enable -f loads a shared object into bash as a builtin.
func EnableBuiltin(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	if len(commandValues(c, "-f")) > 0 {
		report(h, "dangerous_env", "enable_builtin", nonSevere, "enable -f loads a library into bash as a builtin")
	}
}

// Compgen: compgen -W expands its word list (command substitutions run), -C
// runs a command and -F a function; complete -C and -F register them to
// run at each completion.
func Compgen(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, w := range commandValues(c, "-W") {
		if strings.Contains(w.Text, "$(") || strings.Contains(w.Text, "`") || strings.Contains(w.Text, "<(") {
			h.Nested(": "+w.Text, c.Name+" -W expands its word list")
		}
	}
	for _, w := range commandValues(c, "-C") {
		if w.Static {
			h.Nested(w.Text, c.Name+" -C runs "+clip(w.Text))
		}
		if c.Name == "complete" {
			report(h, "inline_code", "complete_command", nonSevere, "complete -C registers a command that runs at every completion")
		}
	}
}
