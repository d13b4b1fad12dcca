package code

import (
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/shellparse"
)

// Gdb judges the commands gdb is given with -ex and -iex: python CODE runs
// Python (read as python -c is), shell CMD, !CMD and pipe … | CMD run
// shell commands. The registry's rule reports the inline_code.
func Gdb(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	s, ok := declaredScan(c)
	if !ok {
		return
	}
	for _, w := range optionWords(args, s, "-ex", "-eval-command", "-iex", "-init-eval-command") {
		if w.Static && !w.Subst {
			gdbCommand(h, c.Name, w.Text)
		}
	}
}

// gdbCommand judges one gdb command.
func gdbCommand(h Host, name, cmd string) {
	cmd = strings.TrimSpace(cmd)
	if rest, ok := strings.CutPrefix(cmd, "!"); ok {
		h.Nested(rest, name+" runs a shell command (!)")
		return
	}
	word, rest, _ := strings.Cut(cmd, " ")
	rest = strings.TrimSpace(rest)
	switch word {
	case "python", "py", "python-interactive", "pi":
		InlineText(h, name, rest, codescan.Python)
	case "shell":
		h.Nested(rest, name+" runs a shell command (shell)")
	case "pipe", "|":
		if _, sh, ok := strings.Cut(rest, "|"); ok {
			h.Nested(sh, name+" runs a shell command (pipe)")
		}
	}
}

// Emacs judges the Lisp emacs is given with --eval and -eval (read with
// the Emacs Lisp tokenizer). The registry's rule reports the inline_code.
func Emacs(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	s, ok := declaredScan(c)
	if !ok {
		return
	}
	for _, w := range optionWords(args, s, "--eval", "-eval", "--execute", "-execute") {
		if w.Static && !w.Subst {
			InlineText(h, c.Name, w.Text, codescan.EmacsLisp)
		}
	}
}
