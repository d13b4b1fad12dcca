package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// sedCall is a sed command line taken apart.
type sedCall struct {
	programs   []shellparse.Word
	files      []shellparse.Word
	scriptFile bool // -f: the program is in a file permgate does not read
	inPlace    bool
}

func parseSed(args []shellparse.Word) sedCall {
	var s sedCall
	explicit := false
	var ops []shellparse.Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		switch {
		case !a.Static:
			ops = append(ops, a)
		case t == "--":
			ops = append(ops, args[i+1:]...)
			i = len(args)
		case t == "-e" || isLong(t, "--expression") && !strings.Contains(t, "="):
			explicit = true
			if i+1 < len(args) {
				s.programs = append(s.programs, args[i+1])
				i++
			}
		case isLong(t, "--expression"):
			explicit = true
			_, v, _ := strings.Cut(t, "=")
			s.programs = append(s.programs, shellparse.Word{Text: v, Static: true})
		case t == "-f" || isLong(t, "--file"):
			explicit, s.scriptFile = true, true
			if !strings.Contains(t, "=") {
				i++
			}
		case t == "-l" || isLong(t, "--line-length") && !strings.Contains(t, "="):
			i++
		case isLong(t, "--in-place"):
			s.inPlace = true
		case strings.HasPrefix(t, "--"):
		case strings.HasPrefix(t, "-") && len(t) > 1:
			cluster := t[1:]
			if j := strings.IndexAny(cluster, "ef"); j >= 0 && !strings.Contains(cluster[:j], "i") {
				explicit = true
				rest := cluster[j+1:]
				if cluster[j] == 'f' {
					s.scriptFile = true
				}
				if rest == "" && i+1 < len(args) {
					if cluster[j] == 'e' {
						s.programs = append(s.programs, args[i+1])
					}
					i++
				} else if cluster[j] == 'e' {
					s.programs = append(s.programs, shellparse.Word{Text: rest, Static: true})
				}
				cluster = cluster[:j]
			}
			if strings.Contains(cluster, "i") {
				s.inPlace = true
			}
		default:
			ops = append(ops, a)
		}
	}
	if !explicit && len(ops) > 0 {
		s.programs = append(s.programs, ops[0])
		ops = ops[1:]
	}
	s.files = ops
	return s
}

// sedWriteFiles returns the files a sed program writes with w, W or s///w.
func sedWriteFiles(prog shellparse.Word) []shellparse.Word {
	if !prog.Static {
		return nil
	}
	_, files := scanSed(prog.Text)
	out := make([]shellparse.Word, len(files))
	for i, f := range files {
		out[i] = shellparse.Word{Text: f, Static: true}
	}
	return out
}

// scanSed reads a sed program and reports whether it runs shell commands (the e
// command or the s///e flag) and which files it writes (w, W, s///w).
func scanSed(prog string) (exec bool, writes []string) {
	if len(prog) > maxJudgedText {
		// Not read past the bound: it may run anything (sed's e command).
		return true, nil
	}
	i := 0
	n := len(prog)
	for i < n {
		// Skip separators and the address.
		for i < n && strings.IndexByte(" \t\n;{}!", prog[i]) >= 0 {
			i++
		}
		i = skipSedAddress(prog, i)
		for i < n && (prog[i] == ' ' || prog[i] == '!' || prog[i] == '\t') {
			i++
		}
		if i >= n {
			break
		}
		cmd := prog[i]
		i++
		switch cmd {
		case 'e':
			exec = true
			i = skipToLineEnd(prog, i)
		case 'w', 'W':
			end := skipToLineEnd(prog, i)
			writes = append(writes, strings.TrimSpace(prog[i:end]))
			i = end
		case 'r', 'R', 'a', 'i', 'c', 'b', 't', 'T', ':':
			i = skipToLineEnd(prog, i)
			if cmd == 'b' || cmd == 't' || cmd == 'T' || cmd == ':' {
				continue
			}
		case 's':
			var flags string
			i, flags = skipSubst(prog, i)
			if strings.Contains(flags, "e") {
				exec = true
			}
			if strings.Contains(flags, "w") {
				end := skipToLineEnd(prog, i)
				writes = append(writes, strings.TrimSpace(prog[i:end]))
				i = end
			}
		case 'y':
			i, _ = skipSubst(prog, i)
		case '{', '}', ';':
		default:
		}
	}
	return exec, writes
}

func skipSedAddress(prog string, i int) int {
	for i < len(prog) {
		c := prog[i]
		switch {
		case c >= '0' && c <= '9' || c == '$' || c == ',' || c == '~' || c == '+':
			i++
		case c == '/':
			i = skipDelimited(prog, i+1, '/')
		case c == '\\' && i+1 < len(prog):
			i = skipDelimited(prog, i+2, prog[i+1])
		case c == 'I' || c == 'M':
			// address flags after a regex
			if i > 0 && prog[i-1] == '/' {
				i++
				continue
			}
			return i
		default:
			return i
		}
	}
	return i
}

func skipDelimited(prog string, i int, delim byte) int {
	for i < len(prog) {
		if prog[i] == '\\' {
			i += 2
			continue
		}
		if prog[i] == delim {
			return i + 1
		}
		i++
	}
	return min(i, len(prog))
}

// skipSubst skips s/re/repl/flags (or y/a/b/) and returns the flags.
func skipSubst(prog string, i int) (int, string) {
	if i >= len(prog) {
		return i, ""
	}
	delim := prog[i]
	i = skipDelimited(prog, i+1, delim)
	i = skipDelimited(prog, i, delim)
	start := i
	for i < len(prog) && strings.IndexByte(";\n}", prog[i]) < 0 && prog[i] != ' ' {
		i++
		if prog[i-1] == 'w' {
			break
		}
	}
	return i, prog[start:i]
}

func skipToLineEnd(prog string, i int) int {
	for i < len(prog) && prog[i] != '\n' {
		i++
	}
	return i
}
