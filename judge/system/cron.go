package system

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// crontabRemoves judges crontab -r and crontab /dev/null, which remove
// every scheduled job.
func crontabRemoves(h Host, c shellparse.SimpleCommand) {
	for _, a := range operandsOf(c) {
		if a.Static && a.Text == "/dev/null" {
			h.Report("crontab_remove", "dev_null", finding.Severe, "crontab /dev/null replaces every scheduled job with nothing", "crontab -l > crontab.bak first; crontab -e edits single jobs")
			return
		}
	}
	if hasOption(c, "-r") {
		h.Report("crontab_remove", "remove", finding.Severe, "crontab -r deletes every scheduled job without a copy", "crontab -l > crontab.bak first; crontab -e edits single jobs")
	}
}

// At judges at and batch, which run the script they read later: fed by a
// pipe or text built at run time, that is code from an unknown source (docs/analysis.md). A script file (-f FILE) and the listing and removing options (-l,
// -r, -d, -c, -V) read no script from standard input.
func At(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	a, _ := declared(c)
	for _, f := range a.Values("-f") {
		if f.Text != "-" && !shellparse.IsStdinPath(f.Text) {
			return // the script is a file
		}
	}
	if a.Has("-l", "-r", "-d", "-c", "-V") {
		return
	}
	switch c.Stdin.Kind {
	case shellparse.InputPipe:
		h.Report("pipe_to_shell", "at", finding.Severe, "pipes another command's output into "+c.Name+", which runs it as a shell script later", "")
	case shellparse.InputHereString, shellparse.InputHereDoc:
		if !c.Stdin.Static || c.Stdin.Subst {
			h.Report("pipe_to_shell", "at", finding.Severe, "feeds text built at run time into "+c.Name+", which runs it as a shell script later", "")
		}
	case shellparse.InputFile:
		for _, r := range c.Redirects {
			if r.Op == "<" && !r.Target.Static {
				h.Report("pipe_to_shell", "at", finding.Severe, c.Name+" runs a script from a file known only at run time", "")
			}
		}
	}
}

// Crontab judges crontab: -r removes every job; crontab - or crontab FILE
// replaces them, and the jobs in known text are judged as commands.
func Crontab(h Host, c shellparse.SimpleCommand, _ []shellparse.Word) {
	crontabRemoves(h, c)
	if table, ok := crontabFile(c); ok {
		text, read := "", false
		if table.Static {
			text, read = h.ProgramFile(c, table.Text)
		}
		if !read {
			unseenJobs(h, "the jobs in "+table.Text)
			return
		}
		judgeJobs(h, []string{text})
		return
	}
	if !crontabReplaces(c) {
		return
	}
	texts, known := h.ClientStdin(c)
	if stdinNull(c) {
		texts, known = []string{""}, true
	}
	if !known {
		unseenJobs(h, "jobs it reads from its input")
		return
	}
	judgeJobs(h, texts)
}

// judgeJobs judges the jobs of a new crontab as commands; a table with none
// removes every job.
func judgeJobs(h Host, texts []string) {
	jobs := 0
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			if name, ok := cronSetting(line); ok && jobEnvVar(name) {
				unseenJobs(h, "jobs whose "+name+" the table sets")
				return
			}
			if job := cronCommand(line); job != "" {
				jobs++
				// cron runs a job in the home directory.
				h.JudgeJob("cd ~ && "+job, "crontab job: ")
			}
		}
	}
	if jobs == 0 {
		h.Report("crontab_remove", "empty", finding.Severe, "crontab is given a table with no job in it, which replaces every scheduled job with nothing", "crontab -l > crontab.bak first; crontab -e edits single jobs")
	}
}

// crontabFile returns the table file crontab FILE installs (not -, nor
// /dev/null, which crontabRemoves judges), with ok false when there is none
// or crontab lists, edits or removes instead.
func crontabFile(c shellparse.SimpleCommand) (shellparse.Word, bool) {
	if hasOption(c, "-l", "-e", "-r", "-i", "-d") {
		return shellparse.Word{}, false
	}
	for _, a := range operandsOf(c) {
		if a.Text != "-" && !(a.Static && a.Text == "/dev/null") {
			return a, true
		}
	}
	return shellparse.Word{}, false
}

// unseenJobs asks for a crontab that installs jobs permgate cannot read:
// they run later, on their own, outside permgate.
func unseenJobs(h Host, what string) {
	h.Report("dynamic_code", "crontab_unread", finding.NonSevere, "crontab installs "+what+", which run later outside permgate: what they run is not read here", "")
}

// stdinNull reports standard input redirected from /dev/null.
func stdinNull(c shellparse.SimpleCommand) bool {
	for _, r := range c.Redirects {
		if r.Op == "<" && (r.Fd == "" || r.Fd == "0") && r.Target.Static && r.Target.Text == "/dev/null" {
			return true
		}
	}
	return false
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

// jobEnvVar reports a setting of a crontab that changes how its jobs run:
// their shell, their home (where they run) or where their programs are
// found.
func jobEnvVar(name string) bool {
	switch name {
	case "SHELL", "HOME", "PATH", "BASH_ENV", "ENV":
		return true
	}
	return false
}

// cronSetting returns the name a crontab line sets (NAME=VALUE), if it is
// one.
func cronSetting(line string) (string, bool) {
	line = strings.TrimSpace(line)
	name, _, ok := strings.Cut(line, "=")
	if !ok || name == "" || strings.ContainsAny(name, " \t*@#") {
		return "", false
	}
	return strings.TrimSpace(name), true
}

// cronCommand returns the command of a crontab line, or "" for comments,
// blank lines and variable settings.
func cronCommand(line string) string {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return ""
	}
	if strings.HasPrefix(line, "@") {
		i := strings.IndexAny(line, " \t")
		if i < 0 {
			return ""
		}
		return strings.TrimSpace(line[i:])
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
