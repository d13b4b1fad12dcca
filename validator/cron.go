package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

func (ck *checker) crontab(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, a := range operands(args) {
		if a.Static && a.Text == "/dev/null" {
			ck.addSafer("crontab_remove", "dev_null", Severe, "crontab /dev/null replaces every scheduled job with nothing", "crontab -l > crontab.bak first; crontab -e edits single jobs")
			return
		}
	}
	for _, a := range args {
		if a.Static && strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") && strings.Contains(a.Text, "r") {
			ck.addSafer("crontab_remove", "remove", Severe, "crontab -r deletes every scheduled job without a copy", "crontab -l > crontab.bak first; crontab -e edits single jobs")
			return
		}
	}
}

// at and batch run the script they read later: fed by a pipe or text built at
// run time, that is code from an unknown source (SPEC §2).
func (ck *checker) at(c shellparse.SimpleCommand, args []shellparse.Word) {
	for i, a := range args {
		if a.Text == "-f" || strings.HasPrefix(a.Text, "-f") && a.Static && !strings.HasPrefix(a.Text, "--") {
			if i+1 < len(args) && a.Text == "-f" && (args[i+1].Text == "-" || shellparse.IsStdinPath(args[i+1].Text)) || shellparse.IsStdinPath(strings.TrimPrefix(a.Text, "-f")) {
				break // -f /dev/stdin: the script is standard input after all
			}
			return // the script is a file
		}
		if a.Static && (a.Text == "-l" || a.Text == "-r" || a.Text == "-d" || a.Text == "-c" || a.Text == "-V") {
			return
		}
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
	replaces := false
	for _, a := range operands(args) {
		if a.Text == "-" {
			replaces = true
		}
	}
	if !replaces {
		if len(operands(args)) == 0 && c.Stdin.Kind != shellparse.InputInherited && !hasFlag(args, "lerid") {
			replaces = true // crontab <<EOF … reads the new table from stdin on some systems
		}
		if !replaces {
			return
		}
	}
	texts, known := ck.stdinSQL(c)
	if !known {
		return
	}
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			job := cronCommand(line)
			if job == "" {
				continue
			}
			ck.nestedJob(job, "crontab job: ")
		}
	}
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
