package setup

import (
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// FailClosedGuard ends the command every harness's settings run for
// permgate's hook. The harnesses run it through a shell, and some run the
// tool call when the hook's program is missing (exit 127), crashes or exits
// with a status they do not read as a block; after the guard every such end
// is exit 2, which blocks the call in each of them.
const FailClosedGuard = " || exit 2"

// geminiGuard is Gemini CLI's fail-closed guard: 0.61.0 blocks on exit 2
// only when the hook wrote something (stderr or stdout); a bare exit 2 after
// a silent failure reads as no decision, and the call runs (compat/suite,
// TestGeminiExit2NeedsAReason). The guard says why before it exits 2.
const geminiGuard = " || { echo 'permgate: the hook failed; the tool call is blocked' >&2; exit 2; }"

// guardOf is the fail-closed guard of harness's registration.
func guardOf(harness string) string {
	if harness == "gemini" {
		return geminiGuard
	}
	return FailClosedGuard
}

// HookCommand is the shell command a harness runs for permgate's hook: the
// binary's path (quoted when it needs to be), `hook NAME`, and the
// harness's fail-closed guard.
func HookCommand(binary, harness string) string {
	return shellWord(binary) + " hook " + harness + guardOf(harness)
}

// guarded reports whether a registered hook command ends in harness's
// fail-closed guard as the shell reads it, and returns the command without
// any guard: a command that ends in another harness's guard is still
// permgate's, but not guarded as harness needs. The text alone is not
// enough: in `permgate hook claude # || exit 2` the guard is a comment, and
// the shell never runs it.
func guarded(command, harness string) (string, bool) {
	for _, guard := range []string{geminiGuard, FailClosedGuard} {
		if bare, ok := strings.CutSuffix(command, guard); ok && endsInGuard(command, guard) {
			return bare, guard == guardOf(harness)
		}
	}
	return command, false
}

// endsInGuard reports whether command parses as one statement `X || GUARD`,
// the guard's text being the whole right-hand side, with nothing after it
// (no comment), no redirection and not in the background.
func endsInGuard(command, guard string) bool {
	st, ok := onlyStatement(command)
	if !ok {
		return false
	}
	or, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || or.Op != syntax.OrStmt || st.Background || st.Negated || len(st.Redirs) > 0 {
		return false
	}
	from, to := int(or.Y.Pos().Offset()), int(or.Y.End().Offset())
	return to == len(command) && command[from:to] == strings.TrimPrefix(guard, " || ")
}

// onlyStatement parses command as bash and returns its one statement; ok is
// false when it does not parse, holds more or fewer, or has a comment.
func onlyStatement(command string) (*syntax.Stmt, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Comments) > 0 || len(f.Last) > 0 {
		return nil, false
	}
	return f.Stmts[0], true
}

// shellWord quotes s for a POSIX shell when it holds anything but plain path
// characters.
func shellWord(s string) string {
	plain := s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+@%:,=", r))
	})
	if plain {
		return s
	}
	return posixQuote(s)
}

// commandWords splits a shell command into its words when it is one simple
// command of literal words (quotes allowed, no expansion, no redirection, no
// second command); ok is false otherwise. Only such a command is recognised
// as permgate's, and only such a command is run by doctor.
func commandWords(command string) (words []string, ok bool) {
	call, ok := simpleCall(command)
	if !ok {
		return nil, false
	}
	for _, w := range call.Args {
		lit, ok := literalWord(w)
		if !ok {
			return nil, false
		}
		words = append(words, lit)
	}
	return words, true
}

// programTail returns the end of a command's first word when the word ends
// in plain text ($HOME/bin/permgate, ~/go/bin/permgate → "/bin/permgate",
// "/go/bin/permgate"), for recognising a hook written by hand; the other
// words must be literal. ok is false otherwise.
func programTail(command string) (tail string, rest []string, ok bool) {
	call, ok := simpleCall(command)
	if !ok {
		return "", nil, false
	}
	parts := call.Args[0].Parts
	lit, isLit := parts[len(parts)-1].(*syntax.Lit)
	if !isLit {
		return "", nil, false
	}
	for _, w := range call.Args[1:] {
		l, ok := literalWord(w)
		if !ok {
			return "", nil, false
		}
		rest = append(rest, l)
	}
	return lit.Value, rest, true
}

// simpleCall parses command as one simple command with at least one word:
// no second command, no redirection, no assignment, not negated or in the
// background.
func simpleCall(command string) (*syntax.CallExpr, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	st := f.Stmts[0]
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || len(st.Redirs) > 0 || st.Negated || st.Background || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, false
	}
	return call, true
}

// literalWord returns a word's value when it holds no expansion.
func literalWord(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "*?[~{") {
				return "", false
			}
			sb.WriteString(unescape(p.Value))
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				sb.WriteString(unescapeDouble(lit.Value))
			}
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// unescape removes the backslashes of an unquoted word.
func unescape(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// unescapeDouble removes the backslashes a double-quoted string drops.
func unescapeDouble(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\", s[i+1]) >= 0 {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// permgateHook reports whether command runs `permgate hook HARNESS` (any
// path to a program named permgate, any flags after hook's name), with or
// without the fail-closed guard, and returns its words.
func permgateHook(command, harness string) ([]string, bool) {
	command, _ = guarded(command, harness)
	words, ok := commandWords(command)
	if !ok {
		// A program named through an expansion ($HOME/bin/permgate) is
		// recognised, with "" for its path: doctor cannot run it as it is.
		tail, rest, tailOK := programTail(command)
		if !tailOK || !strings.HasSuffix(tail, "/permgate") {
			return nil, false
		}
		words = append([]string{""}, rest...)
	}
	if len(words) < 3 {
		return nil, false
	}
	base := "permgate"
	if words[0] != "" {
		base = strings.TrimSuffix(filepath.Base(words[0]), ".exe")
	}
	if base != "permgate" {
		return nil, false
	}
	for i := 1; i+1 < len(words); i++ {
		if words[i] == "hook" {
			return words, words[i+1] == harness
		}
		if !strings.HasPrefix(words[i], "-") {
			break
		}
	}
	return nil, false
}
