package code

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/shellparse"
)

// Inline judges a program given on the command line: code built from
// another command's output is code from outside; code permgate can read is
// read with the language's tokenizer (CodeEffects).
func Inline(h Host, c shellparse.SimpleCommand, opt string, code shellparse.Word, lang codescan.Lang) {
	if code.Subst || code.Placeholder && c.Stdin.Kind == shellparse.InputPipe {
		report(h, "pipe_to_shell", "inline_produced", severe, c.Name+" "+opt+" runs code produced by another command")
		return
	}
	report(h, "inline_code", "inline", nonSevere, c.Name+" "+opt+" runs code given on the command line")
	if code.Static {
		InlineText(h, c.Name, code.Text, lang)
	}
}

// InlineText judges the text of a program name runs: what its tokenizer
// reads in it, the secret files it names, and a secret it reads in the
// same program that connects to another machine (exfiltration).
func InlineText(h Host, name, code string, lang codescan.Lang) { inlineText(h, name, code, lang) }

// inlineText is InlineText, giving the tokenizer's report.
func inlineText(h Host, name, code string, lang codescan.Lang) codescan.Report {
	var rep codescan.Report
	if lang != 0 {
		rep = codescan.Scan(lang, code)
		CodeReport(h, name, rep)
	}
	if h.CodeInlineSecrets(name, code) && len(rep.Network) > 0 {
		n := rep.Network[0]
		report(h, "exfiltration", "inline_send_secret", severe, name+" code reads a secret and connects to another machine ("+n.Call+" "+clip(n.Target.String())+")")
	}
	return rep
}

// FileText judges a program file in lang as InlineText judges inline code
// and, as a file has no inline_code finding to stand for what is not
// known, reports what runs that the tokenizer could not follow: an eval of
// text built at run time, a shell command or a program known only at run
// time. The rest of the file is project code.
//
// A file read as a best effort (bestEffort: a test module) is judged only
// by what it does to known targets; what it leaves to run time is project
// code, as a module it imports that is not read.
func FileText(h Host, name, code string, lang codescan.Lang, bestEffort bool) codescan.Report {
	if bestEffort {
		rep := knownOnly(codescan.Scan(lang, code))
		CodeReport(h, name, rep)
		return rep
	}
	rep := inlineText(h, name, code, lang)
	for _, u := range rep.Unread {
		report(h, "dynamic_code", "code_file_dynamic", nonSevere, name+" code: "+u+": what it runs is not known")
	}
	for _, sh := range rep.Shell {
		if strings.TrimSpace(sh.Text.Prefix()) == "" {
			report(h, "dynamic_code", "code_file_dynamic", nonSevere, name+" code hands a shell a command known only at run time ("+sh.Call+" "+clip(sh.Text.String())+")")
		}
	}
	for _, e := range rep.Exec {
		if _, ok := e.Argv[0].Literal(); !ok && !ownInterpreter(e.Argv[0]) {
			report(h, "dynamic_code", "code_file_dynamic", nonSevere, name+" code runs a program known only at run time ("+e.Call+" "+clip(e.Argv[0].String())+")")
		}
	}
	return rep
}

// knownOnly keeps what a report says of known targets: deletes and writes
// of known paths, shell text and programs that start with known words.
func knownOnly(rep codescan.Report) codescan.Report {
	out := rep
	out.Deletes, out.Writes, out.Unread, out.Shell, out.Exec = nil, nil, nil, nil, nil
	for _, sh := range rep.Shell {
		if sh.Text.Known() && (sh.Input == nil || sh.Input.Known()) {
			out.Shell = append(out.Shell, sh)
		}
	}
	for _, e := range rep.Exec {
		if !slices.ContainsFunc(e.Argv, func(v codescan.Value) bool { return !v.Known() }) {
			out.Exec = append(out.Exec, e)
		}
	}
	for _, d := range rep.Deletes {
		if d.Target.Known() {
			out.Deletes = append(out.Deletes, d)
		}
	}
	for _, w := range rep.Writes {
		if w.Target.Known() {
			out.Writes = append(out.Writes, w)
		}
	}
	return out
}

// ownInterpreter reports the program a code file runs as its own
// interpreter again (python's sys.executable, node's process.execPath):
// what that runs is its own argv's business.
func ownInterpreter(v codescan.Value) bool {
	switch v.String() {
	case "{sys.executable}", "{process.execPath}", "{process.argv[0]}":
		return true
	}
	return false
}

// stdinCode reads a program fed to an interpreter by a here-string or a
// here-document (python3 - <<< '…', node - <<'EOF'): the same code as -c
// gives, read the same way.
func stdinCode(h Host, c shellparse.SimpleCommand, lang codescan.Lang) {
	in := c.Stdin
	if (in.Kind == shellparse.InputHereString || in.Kind == shellparse.InputHereDoc) && in.Static && !in.Subst {
		CodeEffects(h, lang, c.Name, in.Text)
	}
}

// Placeholder stands for a value inline code knows only at run time, in
// the shell text and argv it hands on ($CODE_VALUE).
const Placeholder = "CODE_VALUE"

// CodeEffects judges what a program in lang does, as its tokenizer reads
// it: the shell text and argv it hands on are analysed as commands (a
// nested script), its deletes and writes as the shell's would be, an endless
// fork loop is a fork bomb. It only adds findings: code the tokenizer cannot
// read whole keeps the inline_code finding it has and nothing else.
func CodeEffects(h Host, lang codescan.Lang, name, code string) {
	if lang == 0 {
		return
	}
	CodeReport(h, name, codescan.Scan(lang, code))
}

// CodeReport turns a tokenizer's report into findings.
func CodeReport(h Host, name string, rep codescan.Report) {
	for _, sh := range rep.Shell {
		codeShell(h, name, sh)
	}
	for _, e := range rep.Exec {
		codeExec(h, name, e)
	}
	for _, d := range rep.Deletes {
		codeDelete(h, name, d)
	}
	for _, w := range rep.Writes {
		h.WriteTarget(codeWord(h, w.Target), name+" "+w.Call+" "+clip(w.Target.String()))
	}
	for _, p := range rep.Power {
		report(h, "system_power", "inline_power", severe, name+" code: "+p+" stops or restarts the machine")
	}
	if rep.ForkLoop {
		report(h, "fork_bomb", "inline_fork_bomb", severe, name+" code forks processes without end (a fork bomb)")
	}
}

// codeShell analyses shell text the code hands to a shell. Text with no
// known command at its start says nothing more than inline_code does.
func codeShell(h Host, name string, sh codescan.Shell) {
	if strings.TrimSpace(sh.Text.Prefix()) == "" {
		return
	}
	script := RenderShell(h, sh.Text)
	if sh.Privileged {
		script = "sudo sh -c " + ShellQuote(script)
	}
	if sh.Input != nil && sh.Input.Known() {
		script += " <<'PERMGATE_CODE_INPUT'\n" + RenderShell(h, *sh.Input) + "\nPERMGATE_CODE_INPUT"
	}
	h.Nested(script, name+" code runs a shell command ("+sh.Call+")")
}

// codeExec analyses an argv the code hands to exec; an argv whose program is
// known only at run time says nothing more than inline_code does.
func codeExec(h Host, name string, e codescan.Exec) {
	if _, ok := e.Argv[0].Literal(); !ok {
		return
	}
	words := make([]string, len(e.Argv))
	for i, w := range e.Argv {
		words[i] = renderWord(h, w)
	}
	h.Nested(strings.Join(words, " "), name+" code runs a command ("+e.Call+")")
}

// codeDelete judges a file or tree the code deletes as rm would: a tree on
// the home directory, /, a place outside the working directory or a target
// known only at run time is a recursive_delete; a file is judged as a write
// (critical files, permgate's own).
func codeDelete(h Host, name string, d codescan.Delete) {
	w := codeWord(h, d.Target)
	how := name + " code: " + d.Call + " " + clip(d.Target.String())
	if !d.Recursive {
		h.WriteTarget(w, how)
		return
	}
	h.CodeTreeSelf(w, how)
	sev, why := h.CodeDeleteSevere(w)
	if !sev {
		return
	}
	why = strings.ReplaceAll(why, "$"+Placeholder, d.Target.String())
	reason := name + " code: " + d.Call + " deletes " + why
	if p := codePath(h, d.Target); p == "/" || p == h.Home() && p != "" {
		h.Report("recursive_delete", "inline_home", severe, reason, h.CodeDeleteSafer(why))
	} else {
		h.Report("recursive_delete", "inline_delete", severe, reason, h.CodeDeleteSafer(why))
	}
}

// codePath returns a known target's path, "" for one known only at run time.
func codePath(h Host, v codescan.Value) string {
	if !v.Known() {
		return ""
	}
	var b strings.Builder
	for _, p := range v.Parts {
		switch p.Kind {
		case codescan.Home:
			b.WriteString(h.Home())
		case codescan.Temp:
			b.WriteString(h.CodeTempDir())
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
func codeWord(h Host, v codescan.Value) shellparse.Word {
	src := ": " + renderWord(h, v)
	res := h.CodeParse(src)
	if len(res.Commands) == 1 && len(res.Commands[0].Argv) == 2 && len(res.Problems) == 0 {
		return res.Commands[0].Argv[1]
	}
	return shellparse.Word{Text: "$" + Placeholder, Params: []string{Placeholder}}
}

// renderWord writes a value as one shell word: text single-quoted, the home
// and temporary directories as where they are, a piece known only at run
// time as "$CODE_VALUE" (unquoted when it may be several words).
func renderWord(h Host, v codescan.Value) string {
	var b strings.Builder
	for _, p := range v.Parts {
		switch p.Kind {
		case codescan.Text:
			b.WriteString(ShellQuote(p.Text))
		case codescan.Home:
			b.WriteString(homeWord(h, true))
		case codescan.Temp:
			b.WriteString(ShellQuote(h.CodeTempDir()))
		default:
			if v.Spread {
				b.WriteString("$" + Placeholder)
			} else {
				b.WriteString(`"$` + Placeholder + `"`)
			}
		}
	}
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// RenderShell writes shell text the code builds: its text as written; the
// home and temporary directories, and what is known only at run time, as
// words placed where the text puts them (out of a single-quoted span first).
func RenderShell(h Host, v codescan.Value) string {
	var b strings.Builder
	quote := byte(0)
	for _, p := range v.Parts {
		if p.Kind == codescan.Text {
			b.WriteString(p.Text)
			quote = shellQuoteState(quote, p.Text)
			continue
		}
		piece := "$" + Placeholder
		switch p.Kind {
		case codescan.Home:
			piece = homeWord(h, quote == '"')
		case codescan.Temp:
			piece = h.CodeTempDir()
		}
		if quote == '\'' {
			piece = `'"` + piece + `"'`
		}
		b.WriteString(piece)
	}
	return b.String()
}

// homeWord is the home directory as a shell word.
func homeWord(h Host, quoted bool) string {
	if home := h.Home(); home != "" {
		if quoted {
			return home
		}
		return ShellQuote(home)
	}
	return "$HOME"
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

// ShellQuote quotes s as one shell word.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
