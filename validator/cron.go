package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

func (ck *checker) crontab(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operandsOf(c) {
		if a.Static && a.Text == "/dev/null" {
			ck.addSafer("crontab_remove", "dev_null", Severe, "crontab /dev/null replaces every scheduled job with nothing", "crontab -l > crontab.bak first; crontab -e edits single jobs")
			return
		}
	}
	if hasOption(c, "-r") {
		ck.addSafer("crontab_remove", "remove", Severe, "crontab -r deletes every scheduled job without a copy", "crontab -l > crontab.bak first; crontab -e edits single jobs")
	}
}

// at and batch run the script they read later: fed by a pipe or text built at
// run time, that is code from an unknown source (SPEC §2). A script file (-f
// FILE) and the listing and removing options (-l, -r, -d, -c, -V) read no
// script from standard input.
func (ck *checker) at(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, f := range valuesOf(c, "-f") {
		if f.Text != "-" && !shellparse.IsStdinPath(f.Text) {
			return // the script is a file
		}
	}
	if hasOption(c, "-l", "-r", "-d", "-c", "-V") {
		return
	}
	switch c.Stdin.Kind {
	case shellparse.InputPipe:
		ck.addFinding(Finding{Kind: "pipe_to_shell", Severity: Severe, ID: "pipe_to_shell.at",
			Reason: OneLine("pipes another command's output into " + c.Name + ", which runs it as a shell script later")})
	case shellparse.InputHereString, shellparse.InputHereDoc:
		if !c.Stdin.Static || c.Stdin.Subst {
			ck.addFinding(Finding{Kind: "pipe_to_shell", Severity: Severe, ID: "pipe_to_shell.at",
				Reason: OneLine("feeds text built at run time into " + c.Name + ", which runs it as a shell script later")})
		}
	case shellparse.InputFile:
		for _, r := range c.Redirects {
			if r.Op == "<" && !r.Target.Static {
				ck.addFinding(Finding{Kind: "pipe_to_shell", Severity: Severe, ID: "pipe_to_shell.at",
					Reason: OneLine(c.Name + " runs a script from a file known only at run time")})
			}
		}
	}
}

// crontabJobs: crontab -r removes every job; crontab - or crontab FILE
// replaces them, and the jobs in known text are judged as commands.
func (ck *checker) crontabJobs(c shellparse.SimpleCommand, args []shellparse.Word) {
	ck.crontab(c, args)
	if !crontabReplaces(c) {
		return
	}
	texts, known := ck.stdinSQL(c)
	if !known {
		return
	}
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			if job := cronCommand(line); job != "" {
				ck.nestedJob(job, "crontab job: ")
			}
		}
	}
}

// crontabReplaces reports crontab reading a new table from standard input:
// crontab -, or (on some systems) crontab <<EOF with no operand nor action.
func crontabReplaces(c shellparse.SimpleCommand) bool {
	ops := operandsOf(c)
	for _, a := range ops {
		if a.Text == "-" {
			return true
		}
	}
	return len(ops) == 0 && c.Stdin.Kind != shellparse.InputInherited && !hasOption(c, "-l", "-e", "-r", "-i", "-d")
}

// cronCommand returns the command of a crontab line, or "" for comments,
// blank lines and variable settings.
func cronCommand(line string) string {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return ""
	}
	if strings.HasPrefix(line, "@") {
		_, rest, _ := strings.Cut(line, " ")
		return strings.TrimSpace(rest)
	}
	fields := strings.Fields(line)
	if len(fields) < 6 {
		return ""
	}
	if strings.Contains(fields[0], "=") {
		return ""
	}
	// Skip the five time fields by position in the text.
	rest := line
	for i := 0; i < 5; i++ {
		rest = strings.TrimSpace(rest)
		j := strings.IndexAny(rest, " \t")
		if j < 0 {
			return ""
		}
		rest = rest[j:]
	}
	return strings.TrimSpace(rest)
}

// nestedJob judges a shell command another program runs (a crontab job, psql's
// \! CMD, sqlite3's .shell CMD) and adds its findings to this command's.
func (ck *checker) nestedJob(script, prefix string) {
	// The script is a strict part of this command's text, so nesting ends.
	if strings.TrimSpace(script) == "" {
		return
	}
	a := New(ck.v.env).CheckScript(script)
	for f := range a.All() {
		ck.addFinding(Finding{Kind: f.Kind, Severity: f.Severity, ID: f.ID, Reason: OneLine(prefix + f.Reason), Suggestion: f.Suggestion})
	}
}
