package validator

import (
	"github.com/permgate/permgate/judge/code"
	"path"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/judge/system"
	"github.com/permgate/permgate/lang/awk"
	"github.com/permgate/permgate/lang/mongo"
	"github.com/permgate/permgate/lang/redis"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/shellparse"
)

// The methods below are what the sub-language rooms (lang/sql, lang/mongo,
// lang/redis, lang/awk) and the system judges (judge/system) ask of the
// command being judged, beyond host.go's.

// The rooms' Host interfaces, which *checker implements.
var (
	_ sql.Host    = (*checker)(nil)
	_ redis.Host  = (*checker)(nil)
	_ awk.Host    = (*checker)(nil)
	_ system.Host = (*checker)(nil)
)

// JudgeJob judges a shell command another program runs (a crontab job,
// psql's \! CMD, sqlite3's .shell CMD) and adds its findings to the current
// command's, each reason prefixed by prefix.
func (ck *checker) JudgeJob(script, prefix string) { ck.nestedJob(script, prefix) }

// ClientStdin returns what the current command reads on standard input, and
// whether that is known (see stdinSQL).
func (ck *checker) ClientStdin(c shellparse.SimpleCommand) (texts []string, known bool) {
	return ck.stdinSQL(c)
}

// InteractiveSession judges a command that opens a session fed what is
// typed into it later (ssh HOST).
func (ck *checker) InteractiveSession(c shellparse.SimpleCommand) { ck.interactive(c) }

// AwkStdin judges a program the current command reads from standard
// input (awk -f -), or from a process substitution when procSubst is true.
func (ck *checker) AwkStdin(c shellparse.SimpleCommand, procSubst bool) {
	ck.stdinProgram(c, procSubst)
}

// AwkReport turns a tokenizer's report on the program the current command
// runs into findings.
func (ck *checker) AwkReport(name string, rep codescan.Report) { code.CodeReport(ck, name, rep) }

// ProgramFile reads the program file p names for the current command (awk
// -f, sed -f) within the command line's file budget.
func (ck *checker) ProgramFile(c shellparse.SimpleCommand, p string) (string, bool) {
	if strings.HasPrefix(p, "~/") {
		p = path.Join(ck.v.env.Home, p[2:])
	}
	return ck.runState().ProgramText(ck, &ck.v.fileBudget, c.Name, p, path.Base(p)+" (the program "+c.Name+" -f runs)")
}

// DiskTarget returns the path a written word names when that is known: a
// static word, $HOME or $PWD at its start expanded.
func (ck *checker) DiskTarget(w shellparse.Word) (string, bool) { return ck.knownPath(w) }

// DiskLink returns where an absolute path leads on disk (Env.Resolve,
// within the analysis's lookups); "" when that is not looked up.
func (ck *checker) DiskLink(p string) string {
	if ck.v.env.Resolve == nil {
		return ""
	}
	return ck.v.lookup(p)
}

// nestedJob judges script as an analysis of its own: it is a strict part of
// this command's text, so nesting ends.
func (ck *checker) nestedJob(script, prefix string) {
	if strings.TrimSpace(script) == "" {
		return
	}
	a := New(ck.v.env).CheckScript(script)
	for f := range a.All() {
		ck.addFinding(Finding{Kind: f.Kind, Severity: f.Severity, ID: f.ID, Reason: OneLine(prefix + f.Reason), Suggestion: f.Suggestion})
	}
}

// sqlClient judges the SQL a database client runs, within the analysis's
// budget of program text.
func (ck *checker) sqlClient(c shellparse.SimpleCommand, args []shellparse.Word) {
	sql.Client(ck, &ck.judged, c, args)
}

// mongoShell judges the script a mongo shell runs, within the analysis's
// budget of program text.
func (ck *checker) mongoShell(c shellparse.SimpleCommand, args []shellparse.Word) {
	mongo.Shell(ck, &ck.judged, c, args)
}

// langRoom adapts a room's judgement, which reaches the command through the
// room's Host interface (asserted above), to a check.
func langRoom[H any](judge func(H, shellparse.SimpleCommand, []shellparse.Word)) check {
	return func(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
		judge(any(ck).(H), c, args)
	}
}
