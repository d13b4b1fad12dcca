package validator

import (
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// awkGrammar is awk's option grammar (gawk's, which holds POSIX awk's and
// mawk's).
var awkGrammar = registry.Grammar{Short: "f:v:F:e:E:i:l:L::o::p::d::D::W:bcCghMNnOPrsStV",
	Long: []string{"file=", "assign=", "field-separator=", "source=", "exec=", "include=", "load=", "lint=?", "pretty-print=?",
		"dump-variables=?", "debug=?", "profile=?", "persist=?", "characters-as-bytes", "traditional", "copyright", "gen-pot",
		"help", "bignum", "use-lc-numeric", "non-decimal-data", "optimize", "no-optimize", "posix", "re-interval", "sandbox",
		"version", "csv", "lint-old"}}

// awkReadOptions are the options with which awk still only reads: the rest
// write (-i inplace, -o, -p, -d) or load code (-f, -l, -E).
var awkReadOptions = setOf("-F", "-v", "-e", "--source", "--assign", "--field-separator", "-b", "-c", "-P", "-S", "-N", "-n",
	"-r", "-s", "-t", "-M", "-O", "--posix", "--traditional", "--sandbox", "--characters-as-bytes", "--re-interval", "--bignum",
	"--optimize", "--no-optimize", "--csv", "--use-lc-numeric", "--non-decimal-data")

// awkOptions reads awk's arguments with its grammar.
func awkOptions(args []shellparse.Word) registry.Scan {
	return awkGrammar.Scan(shellparse.RegistryWords(args))
}

// awk programs can run commands with system(), pipes, coprocesses and
// getline, and write files with print > FILE: the awk tokenizer reads them.
func (ck *checker) awk(c shellparse.SimpleCommand, args []shellparse.Word) {
	scan := awkOptions(args)
	for _, o := range scan.Values("-f", "--file", "-E", "--exec") {
		f, _ := optionWord(args, o)
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
	scan := awkOptions(args)
	for _, o := range scan.Values("-v", "--assign") {
		a, _ := optionWord(args, o)
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
// operand when no -f or -E names a program file.
func awkPrograms(args []shellparse.Word) []shellparse.Word {
	scan := awkOptions(args)
	var progs []shellparse.Word
	fromFile := false
	for _, o := range scan.Opts {
		switch o.Name {
		case "-e", "--source":
			w, _ := optionWord(args, o)
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

// awkReadOnly: awk reads when its program is on the command line and neither
// runs commands (system(), pipes, |&) nor writes files (print > FILE), and no
// option writes or loads code (awkReadOptions). A program the tokenizer
// cannot read whole is not read-only.
func awkReadOnly(args []shellparse.Word) bool {
	scan := awkOptions(args)
	progs := awkPrograms(args)
	if len(progs) == 0 || scan.Unknown {
		return false
	}
	for _, o := range scan.Opts {
		if !awkReadOptions[o.Name] {
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
