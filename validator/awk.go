package validator

import (
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/shellparse"
)

// awk programs can run commands with system(), pipes, coprocesses and
// getline, and write files with print > FILE: the awk tokenizer reads them.
func (ck *checker) awk(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, f := range append(shortValues(args, 'f', "vFeEil"), longValuesOf(args, "--file", "--exec")...) {
		if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
			ck.stdinProgram(c, false) // the program comes from standard input
			ck.awkStdin(c)
			return
		}
		if netDevice(f.Text) || strings.HasPrefix(f.Text, "/inet") {
			ck.add("pipe_to_shell", "awk_network", Severe, c.Name+" reads its program from a network connection ("+f.Text+")")
			return
		}
	}
	for _, prog := range awkPrograms(args) {
		if !prog.Static {
			ck.add("inline_code", "awk_system", NonSevere, c.Name+" program runs shell commands")
			return
		}
		rep := codescan.ScanVars(codescan.Awk, prog.Text, awkVars(args))
		if awkRunsCommands(rep) {
			ck.add("inline_code", "awk_system", NonSevere, c.Name+" program runs shell commands")
		}
		ck.codeReport(c.Name, rep)
	}
}

// awkVars returns the variables -v NAME=VALUE sets to known text.
func awkVars(args []shellparse.Word) map[string]string {
	vars := map[string]string{}
	for _, a := range append(shortValues(args, 'v', "fFeEil"), longValuesOf(args, "--assign")...) {
		if name, value, ok := strings.Cut(a.Text, "="); ok && a.Static && name != "" {
			vars[name] = value
		}
	}
	return vars
}

// awkStdin reads an awk program fed by a here-string or a here-document.
func (ck *checker) awkStdin(c shellparse.SimpleCommand) {
	in := c.Stdin
	if (in.Kind == shellparse.InputHereString || in.Kind == shellparse.InputHereDoc) && in.Static && !in.Subst {
		ck.codeReport(c.Name, codescan.Scan(codescan.Awk, in.Text))
	}
}

// awkRunsCommands reports a program that runs commands, or one the tokenizer
// could not read whole (which may).
func awkRunsCommands(rep codescan.Report) bool {
	return !rep.Whole || len(rep.Shell) > 0 || len(rep.Exec) > 0 || len(rep.Unread) > 0
}

// awkPrograms returns the awk program words: -e/--source values, else the first
// operand when no -f names a program file.
func awkPrograms(args []shellparse.Word) []shellparse.Word {
	var progs []shellparse.Word
	fromFile := false
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case !args[i].Static && len(progs) == 0 && !fromFile:
			return []shellparse.Word{args[i]}
		case t == "-e" || t == "--source" || t == "--exec" || t == "-E":
			if i+1 < len(args) {
				progs = append(progs, args[i+1])
				i++
			}
			if t == "-E" || t == "--exec" {
				fromFile = true
			}
		case isLong(t, "--source") && strings.Contains(t, "="):
			_, v, _ := strings.Cut(t, "=")
			progs = append(progs, shellparse.Word{Text: v, Static: true})
		case t == "-f" || isLong(t, "--file"):
			fromFile = true
			if !strings.Contains(t, "=") {
				i++
			}
		case t == "-v" || t == "-F" || t == "-i" || t == "-l" || isLong(t, "--assign") || isLong(t, "--field-separator") || isLong(t, "--include") || isLong(t, "--load"):
			if !strings.Contains(t, "=") && len(t) <= 2 || strings.HasPrefix(t, "--") && !strings.Contains(t, "=") {
				i++
			}
		case t == "--":
			if len(progs) == 0 && !fromFile && i+1 < len(args) {
				progs = append(progs, args[i+1])
			}
			return progs
		case strings.HasPrefix(t, "-") && t != "-":
		default:
			if len(progs) == 0 && !fromFile {
				progs = append(progs, args[i])
			}
			return progs
		}
	}
	return progs
}

// awkReadOnly: awk reads when its program is on the command line and neither
// runs commands (system(), pipes, |&) nor writes files (print > FILE), and no
// option writes (gawk -i inplace, -o, -p, -d) or loads code (-f, -l, -E). A
// program the tokenizer cannot read whole is not read-only.
func awkReadOnly(args []shellparse.Word) bool {
	progs := awkPrograms(args)
	if len(progs) == 0 {
		return false
	}
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "--":
			i = len(args)
		case t == "-F" || t == "-v" || t == "-e" || t == "--source" || t == "--assign" || t == "--field-separator":
			i++
		case strings.HasPrefix(t, "-F") || strings.HasPrefix(t, "-v") || strings.HasPrefix(t, "--source=") || strings.HasPrefix(t, "--assign=") || strings.HasPrefix(t, "--field-separator="):
		case t == "-b" || t == "-c" || t == "-P" || t == "-S" || t == "-N" || t == "-n" || t == "-r" || t == "-s" || t == "-t" || t == "-M" || t == "-O" ||
			t == "--posix" || t == "--traditional" || t == "--sandbox" || t == "--characters-as-bytes" || t == "--re-interval" || t == "--bignum" || t == "--optimize":
		case strings.HasPrefix(t, "-") && t != "-":
			return false
		}
	}
	for _, p := range progs {
		if !p.Static {
			return false
		}
		rep := codescan.Scan(codescan.Awk, p.Text)
		if awkRunsCommands(rep) || len(rep.Writes) > 0 || len(rep.Deletes) > 0 {
			return false
		}
	}
	return true
}
