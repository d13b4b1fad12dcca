package validator

import (
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/shellparse"
)

// inline judges a program given on the command line: code built from another
// command's output is code from outside; code permgate can read is read with
// the language's tokenizer (codeEffects).
func (ck *checker) inline(c shellparse.SimpleCommand, opt string, code shellparse.Word, lang codescan.Lang) {
	if code.Subst || code.Placeholder && c.Stdin.Kind == shellparse.InputPipe {
		ck.add("pipe_to_shell", "inline_produced", Severe, c.Name+" "+opt+" runs code produced by another command")
		return
	}
	ck.add("inline_code", "inline", NonSevere, c.Name+" "+opt+" runs code given on the command line")
	if code.Static {
		ck.codeEffects(lang, c.Name, code.Text)
		ck.inlineSecrets(c.Name, code.Text)
	}
}

// stdinCode reads a program fed to an interpreter by a here-string or a
// here-document (python3 - <<< '…', node - <<'EOF'): the same code as -c
// gives, read the same way.
func (ck *checker) stdinCode(c shellparse.SimpleCommand, lang codescan.Lang) {
	in := c.Stdin
	if (in.Kind == shellparse.InputHereString || in.Kind == shellparse.InputHereDoc) && in.Static && !in.Subst {
		ck.codeEffects(lang, c.Name, in.Text)
	}
}

// codePlaceholder stands for a value inline code knows only at run time,
// in the shell text and argv it hands on.
const codePlaceholder = "CODE_VALUE"

// codeEffects judges what a program in lang does, as its tokenizer reads
// it: the shell text and argv it hands on are analysed as commands (a
// nested script), its deletes and writes as the shell's would be, an endless
// fork loop is a fork bomb. It only adds findings: code the tokenizer cannot
// read whole keeps the inline_code finding it has and nothing else.
func (ck *checker) codeEffects(lang codescan.Lang, name, code string) {
	if lang == 0 {
		return
	}
	rep := codescan.Scan(lang, code)
	ck.codeReport(name, rep)
}

// codeReport turns a tokenizer's report into findings.
func (ck *checker) codeReport(name string, rep codescan.Report) {
	for _, sh := range rep.Shell {
		ck.codeShell(name, sh)
	}
	for _, e := range rep.Exec {
		ck.codeExec(name, e)
	}
	for _, d := range rep.Deletes {
		ck.codeDelete(name, d)
	}
	for _, w := range rep.Writes {
		ck.writeTarget(ck.codeWord(w.Target), name+" "+w.Call+" "+clip(w.Target.String()))
	}
	if rep.ForkLoop {
		ck.add("fork_bomb", "inline_fork_bomb", Severe, name+" code forks processes without end (a fork bomb)")
	}
}

// codeShell analyses shell text the code hands to a shell. Text with no
// known command at its start says nothing more than inline_code does.
func (ck *checker) codeShell(name string, sh codescan.Shell) {
	if strings.TrimSpace(sh.Text.Prefix()) == "" {
		return
	}
	script := ck.renderShell(sh.Text)
	if sh.Privileged {
		script = "sudo sh -c " + shellQuote(script)
	}
	if sh.Input != nil && sh.Input.Known() {
		script += " <<'PERMGATE_CODE_INPUT'\n" + ck.renderShell(*sh.Input) + "\nPERMGATE_CODE_INPUT"
	}
	ck.nested(script, name+" code runs a shell command ("+sh.Call+")")
}

// codeExec analyses an argv the code hands to exec; an argv whose program is
// known only at run time says nothing more than inline_code does.
func (ck *checker) codeExec(name string, e codescan.Exec) {
	if _, ok := e.Argv[0].Literal(); !ok {
		return
	}
	words := make([]string, len(e.Argv))
	for i, w := range e.Argv {
		words[i] = ck.renderWord(w)
	}
	ck.nested(strings.Join(words, " "), name+" code runs a command ("+e.Call+")")
}

// codeDelete judges a file or tree the code deletes as rm would: a tree on
// the home directory, /, a place outside the working directory or a target
// known only at run time is a recursive_delete; a file is judged as a write
// (critical files, permgate's own).
func (ck *checker) codeDelete(name string, d codescan.Delete) {
	w := ck.codeWord(d.Target)
	how := name + " code: " + d.Call + " " + clip(d.Target.String())
	if !d.Recursive {
		ck.writeTarget(w, how)
		return
	}
	self.TreeSelf(ck, w, how, false)
	class, why := ck.judgeDelete(w)
	if class != deleteSevere {
		return
	}
	why = strings.ReplaceAll(why, "$"+codePlaceholder, d.Target.String())
	reason := name + " code: " + d.Call + " deletes " + why
	if p := ck.codePath(d.Target); p == "/" || p == ck.v.env.Home && p != "" {
		ck.addSafer("recursive_delete", "inline_home", Severe, reason, deleteSafer(why))
	} else {
		ck.addSafer("recursive_delete", "inline_delete", Severe, reason, deleteSafer(why))
	}
}

// codePath returns a known target's path, "" for one known only at run time.
func (ck *checker) codePath(v codescan.Value) string {
	if !v.Known() {
		return ""
	}
	var b strings.Builder
	for _, p := range v.Parts {
		switch p.Kind {
		case codescan.Home:
			b.WriteString(ck.v.env.Home)
		case codescan.Temp:
			b.WriteString(ck.tempDir())
		default:
			b.WriteString(p.Text)
		}
	}
	if p := b.String(); p != "/" {
		return strings.TrimSuffix(p, "/")
	}
	return "/"
}

// codeWord returns a value as the shell word it stands for.
func (ck *checker) codeWord(v codescan.Value) shellparse.Word {
	src := ": " + ck.renderWord(v)
	res := ck.v.parser.ParseScript(src)
	if len(res.Commands) == 1 && len(res.Commands[0].Argv) == 2 && len(res.Problems) == 0 {
		return res.Commands[0].Argv[1]
	}
	return shellparse.Word{Text: "$" + codePlaceholder, Params: []string{codePlaceholder}}
}

// renderWord writes a value as one shell word: text single-quoted, the home
// and temporary directories as where they are, a piece known only at run
// time as "$CODE_VALUE" (unquoted when it may be several words).
func (ck *checker) renderWord(v codescan.Value) string {
	var b strings.Builder
	for _, p := range v.Parts {
		switch p.Kind {
		case codescan.Text:
			b.WriteString(shellQuote(p.Text))
		case codescan.Home:
			b.WriteString(ck.homeWord(true))
		case codescan.Temp:
			b.WriteString(shellQuote(ck.tempDir()))
		default:
			if v.Spread {
				b.WriteString("$" + codePlaceholder)
			} else {
				b.WriteString(`"$` + codePlaceholder + `"`)
			}
		}
	}
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// renderShell writes shell text the code builds: its text as written; the
// home and temporary directories, and what is known only at run time, as
// words placed where the text puts them (out of a single-quoted span first).
func (ck *checker) renderShell(v codescan.Value) string {
	var b strings.Builder
	quote := byte(0)
	for _, p := range v.Parts {
		if p.Kind == codescan.Text {
			b.WriteString(p.Text)
			quote = shellQuoteState(quote, p.Text)
			continue
		}
		piece := "$" + codePlaceholder
		switch p.Kind {
		case codescan.Home:
			piece = ck.homeWord(quote == '"')
		case codescan.Temp:
			piece = ck.tempDir()
		}
		if quote == '\'' {
			piece = `'"` + piece + `"'`
		}
		b.WriteString(piece)
	}
	return b.String()
}

// homeWord is the home directory as a shell word.
func (ck *checker) homeWord(quoted bool) string {
	if h := ck.v.env.Home; h != "" {
		if quoted {
			return h
		}
		return shellQuote(h)
	}
	return "$HOME"
}

func (ck *checker) tempDir() string {
	if ck.v.env.TmpDir != "" {
		return ck.v.env.TmpDir
	}
	return "/tmp"
}

// shellQuoteState returns the quote open after text, given the one open
// before it (0 none, ' or ").
func shellQuoteState(q byte, text string) byte {
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case q == '\'' && c == '\'':
			q = 0
		case q == '\'':
		case c == '\\' && i+1 < len(text):
			i++
		case q == '"' && c == '"':
			q = 0
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		}
	}
	return q
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// maxNesting bounds scripts nested through inline code, git aliases and
// completions: each level is a new analysis of text the level above handed on.
const maxNesting = 8

// nested analyses text as a script of its own (what compgen -W expands, what
// complete -C runs, what inline code hands to a shell) and adds its findings
// to the current command, within maxNesting levels.
func (ck *checker) nested(src, how string) {
	if len(src) > 4096 {
		ck.add("too_complex", "nested_too_long", NonSevere, how+" is too long to analyse")
		return
	}
	v := ck.v
	if v.nesting >= maxNesting {
		ck.add("too_complex", "nested_too_deep", NonSevere, how+" is nested too deep to analyse")
		return
	}
	v.nesting++
	lookups, cut := v.lookups, v.lookupsCut
	a := v.Classify(v.parser.ParseScript(src), src)
	v.nesting--
	v.lookups, v.lookupsCut = lookups+v.lookups, cut || v.lookupsCut
	for f := range a.All() {
		f.Reason = OneLine(how + ": " + strings.ReplaceAll(f.Reason, "$"+codePlaceholder, "{a value the code computes}"))
		ck.addFinding(f)
	}
}
