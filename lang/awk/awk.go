// Package awk judges an awk command line: the programs it is given (-e,
// --source, the first operand, or standard input), read by codescan's awk
// tokenizer for the commands they run (system(), pipes, coprocesses,
// getline) and the files they write (print > FILE), and the options with
// which awk writes or loads code.
package awk

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the awk judgement needs of the command being judged.
type Host interface {
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// AwkStdin judges a program the command reads from standard input.
	AwkStdin(c shellparse.SimpleCommand, procSubst bool)
	// AwkReport turns a tokenizer's report on the command's program into
	// findings.
	AwkReport(name string, rep codescan.Report)
	// ProgramFile returns the text of the program file p names (awk -f
	// FILE); false when it cannot be read, the host having said why.
	ProgramFile(c shellparse.SimpleCommand, p string) (string, bool)
}

// readOptions are the options with which awk still only reads: the rest
// write (-i inplace, -o, -p, -d) or load code (-f, -l, -E).
var readOptions = []string{"-F", "-v", "-e", "--source", "--assign", "--field-separator", "-b", "-c", "-P", "-S", "-N", "-n",
	"-r", "-s", "-t", "-M", "-O", "--posix", "--traditional", "--sandbox", "--characters-as-bytes", "--re-interval", "--bignum",
	"--optimize", "--no-optimize", "--csv", "--use-lc-numeric", "--non-decimal-data"}

// options reads awk's arguments with its declared grammar (gawk's, which
// holds POSIX awk's and mawk's).
func options(args []shellparse.Word) registry.Scan {
	prog, ok := registry.Default().Lookup("awk")
	if !ok {
		return registry.Scan{Unknown: true}
	}
	return prog.Grammar.Scan(shellparse.RegistryWords(args))
}

// Check judges an awk command: a program from standard input or a network
// connection, and what its programs run and write.
func Check(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	scan := options(args)
	for _, o := range scan.Values("-f", "--file", "-E", "--exec") {
		f, _ := shellparse.OptionWord(args, o)
		if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
			h.AwkStdin(c, false) // the program comes from standard input
			stdin(h, c)
			return
		}
		if netDevice(f.Text) || strings.HasPrefix(f.Text, "/inet") {
			h.Report("pipe_to_shell", "awk_network", finding.Severe, c.Name+" reads its program from a network connection ("+f.Text+")", "")
			return
		}
		if !f.Static {
			h.Report("dynamic_code", "awk_file_dynamic", finding.NonSevere, c.Name+" runs the program file "+f.Text+", known only at run time", "")
			continue
		}
		if text, ok := h.ProgramFile(c, f.Text); ok {
			judgeProgram(h, c.Name, text, vars(args, &scan))
		}
	}
	for _, prog := range programs(args, &scan) {
		if !prog.Static {
			h.Report("inline_code", "awk_system", finding.NonSevere, c.Name+" program runs shell commands", "")
			return
		}
		judgeProgram(h, c.Name, prog.Text, vars(args, &scan))
	}
}

// judgeProgram judges one awk program's text: what it runs and writes.
func judgeProgram(h Host, name, text string, vars map[string]string) {
	rep := codescan.ScanVars(codescan.Awk, text, vars)
	if runsCommands(rep) {
		h.Report("inline_code", "awk_system", finding.NonSevere, name+" program runs shell commands", "")
	}
	h.AwkReport(name, rep)
}

// netDevice reports bash's network pseudo-files /dev/tcp/HOST/PORT and
// /dev/udp/….
func netDevice(p string) bool {
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}

// vars returns the variables -v NAME=VALUE sets to known text.
func vars(args []shellparse.Word, scan *registry.Scan) map[string]string {
	out := map[string]string{}
	for _, o := range scan.Values("-v", "--assign") {
		a, _ := shellparse.OptionWord(args, o)
		if name, value, ok := strings.Cut(a.Text, "="); ok && a.Static && name != "" {
			out[name] = value
		}
	}
	return out
}

// stdin reads an awk program fed by a here-string or a here-document.
func stdin(h Host, c shellparse.SimpleCommand) {
	in := c.Stdin
	if (in.Kind == shellparse.InputHereString || in.Kind == shellparse.InputHereDoc) && in.Static && !in.Subst {
		h.AwkReport(c.Name, codescan.Scan(codescan.Awk, in.Text))
	}
}

// runsCommands reports a program that runs commands, or one the tokenizer
// could not read whole (which may).
func runsCommands(rep codescan.Report) bool {
	return !rep.Whole || len(rep.Shell) > 0 || len(rep.Exec) > 0 || len(rep.Unread) > 0
}

// programs returns the awk program words: -e/--source values, else the
// first operand when no -f or -E names a program file.
func programs(args []shellparse.Word, scan *registry.Scan) []shellparse.Word {
	var progs []shellparse.Word
	fromFile := false
	for _, o := range scan.Opts {
		switch o.Name {
		case "-e", "--source":
			w, _ := shellparse.OptionWord(args, o)
			progs = append(progs, w)
		case "-f", "--file", "-E", "--exec":
			fromFile = true
		}
	}
	if len(progs) == 0 && !fromFile && len(scan.Operands) > 0 {
		progs = append(progs, args[scan.Operands[0]])
	}
	return progs
}

// ReadOnly reports awk that reads: its program is on the command line and
// neither runs commands (system(), pipes, |&) nor writes files (print >
// FILE), and no option writes or loads code (readOptions). A program the
// tokenizer cannot read whole is not read-only.
func ReadOnly(args []shellparse.Word) bool {
	scan := options(args)
	progs := programs(args, &scan)
	if len(progs) == 0 || scan.Unknown {
		return false
	}
	for _, o := range scan.Opts {
		if !slices.Contains(readOptions, o.Name) {
			return false
		}
	}
	for _, p := range progs {
		if !p.Static {
			return false
		}
		rep := codescan.Scan(codescan.Awk, p.Text)
		if runsCommands(rep) || len(rep.Writes) > 0 || len(rep.Deletes) > 0 {
			return false
		}
	}
	return true
}
