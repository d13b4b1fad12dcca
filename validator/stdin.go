package validator

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/lang/sed"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/shellparse"
)

// What a command reads on its standard input, when permgate can tell; and
// the names the judgements still in this package (sed's e command, the
// cloud databases and ssh verbs) ask of the rooms that moved out: lang/sql,
// lang/sed, judge/system.

// stdinSQL returns what a command reads on standard input when permgate can
// tell: a here-string, a here-document, or what echo, printf or cat of a
// here-document pipe in. known is false when the input is a file, another
// program's output, or the terminal.
func (ck *checker) stdinSQL(c shellparse.SimpleCommand) (texts []string, known bool) {
	switch c.Stdin.Kind {
	case shellparse.InputHereString, shellparse.InputHereDoc:
		return []string{c.Stdin.Text}, c.Stdin.Static
	case shellparse.InputPipe:
		return ck.pipedText(c.Stdin.From)
	}
	return nil, false
}

// pipedText is what the commands at from write into a pipe, when they are
// echo, printf or cat of a here-document.
func (ck *checker) pipedText(from []int) (texts []string, known bool) {
	if len(from) == 0 {
		return nil, false
	}
	known = true
	for _, i := range from {
		if i < 0 || i >= len(ck.res.Commands) {
			return texts, false
		}
		text, static, ok := printedText(ck.res.Commands[i])
		if !ok {
			known = false
			continue
		}
		texts = append(texts, text)
		known = known && static
	}
	return texts, known
}

// printedText is what echo, printf, or cat of a here-document print; ok is
// false for any other command.
func printedText(up shellparse.SimpleCommand) (text string, static, ok bool) {
	switch {
	case up.Name == "echo" || up.Name == "printf":
		static = !slices.ContainsFunc(up.Argv[1:], func(w shellparse.Word) bool { return !w.Static })
		text = joinWords(echoOperands(up.Argv[1:]))
		return strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(text), static, true
	case up.Name == "cat" && len(up.Argv) == 1 && (up.Stdin.Kind == shellparse.InputHereString || up.Stdin.Kind == shellparse.InputHereDoc):
		return up.Stdin.Text, up.Stdin.Static, true
	}
	return "", false, false
}

// echoOperands drops echo's leading options (-n, -e, -E).
func echoOperands(args []shellparse.Word) []shellparse.Word {
	for len(args) > 0 && (args[0].Text == "-n" || args[0].Text == "-e" || args[0].Text == "-E" || args[0].Text == "-ne" || args[0].Text == "-en") {
		args = args[1:]
	}
	return args
}

// stdinText returns what a command reads on stdin when it is known: a here-string,
// a here-document, or the words of echo/printf piped in.
func (ck *checker) stdinText(c shellparse.SimpleCommand) []string {
	t, _ := ck.stdinSQL(c)
	return t
}

// maxJudgedText bounds one program text a judge reads (sql.MaxText).
const maxJudgedText = sql.MaxText

// sedCall is sed's argv as lang/sed reads it (sed.ParseArgv): the parts
// sedCode asks for.
type sedCall struct {
	programs   []shellparse.Word
	scriptFile bool
}

// parseSed reads sed's argv by its declared grammar.
func parseSed(args []shellparse.Word) sedCall {
	s := sed.ParseArgv(args)
	return sedCall{programs: s.Programs, scriptFile: s.ScriptFile}
}

// scan reads a sed program (sed.Scan): the shell commands it runs (the e
// command or the s///e flag) and the files it writes (w, W, s///w). A
// program too long to read is taken to run anything.
func (sedCall) scan(prog string) sed.Effects { return sed.Scan(prog) }
