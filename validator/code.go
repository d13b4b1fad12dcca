package validator

import (
	"fmt"
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// sedCode: sed's e command and e flag run shell commands.
func (ck *checker) sedCode(c shellparse.SimpleCommand, args []shellparse.Word) {
	sed := parseSed(args)
	if sed.scriptFile {
		for _, f := range append(shortValues(args, 'f', "l"), longValues(args, "--file")...) {
			if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
				for _, text := range ck.stdinText(c) {
					sed.programs = append(sed.programs, shellparse.Word{Text: text, Static: true})
				}
			}
		}
	}
	for _, prog := range sed.programs {
		if !prog.Static {
			continue
		}
		if len(prog.Text) > maxJudgedText {
			// Not read: what it writes or runs is not known (scanSed takes it
			// to run anything; the finding says it was not read).
			ck.addFinding(Finding{Kind: finding.TooComplex, Severity: NonSevere, ID: string(finding.TooComplex) + ".text",
				Reason: fmt.Sprintf("the sed program is %d bytes, more than the %d permgate reads", len(prog.Text), maxJudgedText)})
		}
		if exec, _ := scanSed(prog.Text); exec {
			ck.add("inline_code", "sed_exec", NonSevere, "the sed program runs a shell command (e)")
			return
		}
	}
}

func (ck *checker) vim(c shellparse.SimpleCommand, args []shellparse.Word) {
	for i, a := range args {
		if !a.Static {
			continue
		}
		cluster := strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") && strings.ContainsAny(a.Text, "cS")
		if cluster || a.Text == "--cmd" || strings.HasPrefix(a.Text, "+") && len(a.Text) > 1 && !isDigits(a.Text[1:]) {
			what := a.Text
			if i+1 < len(args) && !strings.HasPrefix(a.Text, "+") {
				what += " " + args[i+1].Text
			}
			ck.add("inline_code", "vim_commands", NonSevere, c.Name+" "+clip(what)+" runs editor commands, which can run shell commands")
			return
		}
	}
}

func (ck *checker) less(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if a.Static && strings.HasPrefix(a.Text, "+") && len(a.Text) > 1 && !isDigits(a.Text[1:]) {
			ck.add("inline_code", "less_command", NonSevere, "less "+a.Text+" runs a command when it starts")
			return
		}
	}
}

func (ck *checker) tar(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		t := a.Text
		if isLong(t, "--to-command", "--use-compress-program", "--info-script", "--new-volume-script", "--rsh-command") ||
			isLong(t, "--checkpoint-action") && strings.Contains(t, "exec") {
			ck.add("inline_code", "tar_command", NonSevere, "tar "+clip(t)+" runs a command")
			return
		}
	}
	if len(shortValues(args, 'I', "fCTXbLgHKNV")) > 0 || len(shortValues(args, 'F', "fCTXbLgHKNV")) > 0 {
		ck.add("inline_code", "tar_compress_program", NonSevere, "tar -I/-F runs a command")
		return
	}
	if len(args) > 0 && args[0].Static && !strings.HasPrefix(args[0].Text, "-") && strings.ContainsAny(args[0].Text, "IF") {
		ck.add("inline_code", "tar_command_option", NonSevere, "tar "+args[0].Text+" runs a command")
	}
}

func (ck *checker) rsync(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if isLong(a.Text, "--rsh", "--rsync-path") {
			ck.add("inline_code", "rsync_rsh", NonSevere, "rsync "+clip(a.Text)+" names a command to run")
			return
		}
	}
	if len(shortValues(args, 'e', "fBTMT")) > 0 {
		ck.add("inline_code", "rsync_e", NonSevere, "rsync -e names a command to run")
		return
	}
	if hasFlag(args, "", "--delete", "--delete-before", "--delete-during", "--delete-after", "--delete-delay", "--delete-excluded", "--del") {
		targets := copyTargets(c)
		for _, t := range targets {
			if class, why := ck.judgeDelete(t); class == deleteSevere {
				ck.addSafer("recursive_delete", "rsync_delete", Severe, "rsync --delete removes files in "+why, "rsync --dry-run --delete first lists what it would remove")
			}
		}
	}
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

func joinWords(words []shellparse.Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}

// npm --script-shell names the shell that runs package scripts.
func (ck *checker) npm(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if isLong(a.Text, "--script-shell") || isLong(a.Text, "--node-options") {
			ck.add("inline_code", "npm_script_shell", NonSevere, "npm "+clip(a.Text)+" names a program or code to run")
			return
		}
	}
}

// cargo --config can set a runner or other programs cargo runs.
func (ck *checker) cargo(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range args {
		if isLong(a.Text, "--config") {
			ck.add("inline_code", "cargo_config", NonSevere, "cargo --config can name programs cargo runs")
			return
		}
	}
}

// go -exec, -toolexec and -vettool name programs the go command runs.
func (ck *checker) goTool(c shellparse.SimpleCommand, args []shellparse.Word) {
	if goFlag(args, "exec", "toolexec", "vettool") {
		ck.add("inline_code", "go_exec", NonSevere, "go -exec/-toolexec/-vettool names a program to run")
	}
	// go install …/permgate@v puts a program named permgate into GOBIN, over the
	// one the harnesses and the shell guard run.
	ops := operands(args)
	if len(ops) > 1 && ops[0].Text == "install" {
		for _, pkg := range ops[1:] {
			name, _, _ := strings.Cut(pkg.Text, "@")
			if shellparse.IsPermgate(path.Base(name)) || !pkg.Static && strings.Contains(strings.ToLower(pkg.Text), "permgate") {
				ck.add("self_modify", "go_install_permgate", Severe, "go install "+pkg.Text+" replaces the permgate program in GOBIN (~/go/bin), the one the harnesses run")
				return
			}
		}
	}
}

// pytest --basetemp empties the directory it names.
func (ck *checker) pytest(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, t := range longValues(args, "--basetemp") {
		if class, why := ck.judgeDelete(t); class == deleteSevere {
			ck.add("recursive_delete", "pytest_basetemp", Severe, "pytest --basetemp empties "+why)
		}
	}
}

// parallelStdin: parallel with no command runs each input line as a command.
func (ck *checker) parallelStdin(c shellparse.SimpleCommand, args []shellparse.Word) {
	if len(operands(args)) == 0 && c.Stdin.Kind == shellparse.InputPipe {
		ck.add("pipe_to_shell", "parallel_stdin", Severe, "parallel with no command runs each line piped into it as a command")
	}
}

// makeStdin: make -f - reads its makefile, and so the commands it runs, from stdin.
func (ck *checker) makeStdin(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, f := range append(shortValues(args, 'f', "CIjlo"), longValuesOf(args, "--file", "--makefile")...) {
		if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
			ck.stdinProgram(c, false)
			return
		}
	}
}

// enable -f loads a shared object into bash as a builtin.
func (ck *checker) enableBuiltin(c shellparse.SimpleCommand, args []shellparse.Word) {
	if len(shortValues(args, 'f', "")) > 0 {
		ck.add("dangerous_env", "enable_builtin", NonSevere, "enable -f loads a library into bash as a builtin")
	}
}

// compgen -W expands its word list (command substitutions run), -C runs a
// command and -F a function; complete -C and -F register them to run at each
// completion.
func (ck *checker) compgen(c shellparse.SimpleCommand, args []shellparse.Word) {
	letters := "oAGWCFPSXV"
	for _, w := range shortValues(args, 'W', strings.ReplaceAll(letters, "W", "")) {
		if strings.Contains(w.Text, "$(") || strings.Contains(w.Text, "`") || strings.Contains(w.Text, "<(") {
			ck.nested(": "+w.Text, c.Name+" -W expands its word list")
		}
	}
	for _, w := range shortValues(args, 'C', strings.ReplaceAll(letters, "C", "")) {
		if w.Static {
			ck.nested(w.Text, c.Name+" -C runs "+clip(w.Text))
		}
		if c.Name == "complete" {
			ck.add("inline_code", "complete_command", NonSevere, "complete -C registers a command that runs at every completion")
		}
	}
}
