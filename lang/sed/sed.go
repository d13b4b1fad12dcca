// Package sed reads a sed program (the script sed -e or its first operand
// gives) and says what it does beyond editing the stream, as data: the shell
// commands it runs (the e command, the s///e flag) and the files it writes
// (w, W, s///w). Scan reads the program's text; ParseArgv reads the command
// line around it (-e, -f, -i, the files) by sed's declared grammar.
package sed

import "strings"

// MaxProgram bounds the program text read. A longer program is not read
// and is taken to run anything: its e commands are not known.
const MaxProgram = 64 << 10

// Effects is what a sed program does beyond editing its input.
type Effects struct {
	// Exec reports a program that runs shell commands, or one too long to
	// read (longer than MaxProgram).
	Exec bool
	// Writes are the files the program writes, as written in it.
	Writes []string
	// Commands are the shell commands the program runs whose text it
	// holds: e COMMAND, and s/.*/TEXT/e, whose TEXT (with no & or \N in it)
	// becomes the line that runs. An e with no command, or s///e whose
	// result depends on the input, runs what is known only at run time.
	Commands []string
}

// Scan reads a sed program. The work is linear in its length.
func Scan(prog string) Effects {
	if len(prog) > MaxProgram {
		return Effects{Exec: true}
	}
	s := scanner{p: prog}
	for s.i < len(s.p) {
		s.command()
	}
	return s.fx
}

// scanner reads one program.
type scanner struct {
	p  string
	i  int
	fx Effects
}

// command reads one command with its address.
func (s *scanner) command() {
	s.skip(" \t\n;{}!")
	s.i = skipAddress(s.p, s.i)
	s.skip(" !\t")
	if s.i >= len(s.p) {
		return
	}
	cmd := s.p[s.i]
	s.i++
	switch cmd {
	case 'e':
		s.fx.Exec = true
		end := lineEnd(s.p, s.i)
		if cmd := strings.TrimSpace(s.p[s.i:end]); cmd != "" {
			s.fx.Commands = append(s.fx.Commands, cmd)
		}
		s.i = end
	case 'w', 'W':
		s.writeFile()
	case 'r', 'R', 'a', 'i', 'c', 'b', 't', 'T', ':':
		s.i = lineEnd(s.p, s.i) // a file read, text, or a label
	case 's':
		s.substitute()
	case 'y':
		s.i, _ = skipSubst(s.p, s.i)
	}
}

// skip moves past the bytes listed in set.
func (s *scanner) skip(set string) {
	for s.i < len(s.p) && strings.IndexByte(set, s.p[s.i]) >= 0 {
		s.i++
	}
}

// writeFile reads the file name that ends the line.
func (s *scanner) writeFile() {
	end := lineEnd(s.p, s.i)
	s.fx.Writes = append(s.fx.Writes, strings.TrimSpace(s.p[s.i:end]))
	s.i = end
}

// substitute reads s/re/repl/flags: the e flag runs the pattern space as a
// command, the w flag writes a file.
func (s *scanner) substitute() {
	var flags string
	start := s.i
	s.i, flags = skipSubst(s.p, s.i)
	if strings.Contains(flags, "e") {
		s.fx.Exec = true
		if cmd, ok := wholeLineReplacement(s.p[start:s.i]); ok {
			s.fx.Commands = append(s.fx.Commands, cmd)
		}
	}
	if strings.Contains(flags, "w") {
		s.writeFile()
	}
}

// wholeLineReplacement returns TEXT of s/RE/TEXT/FLAGS when the line that
// runs is TEXT whatever the input: RE matches the whole line (.*, ^.*$) and
// TEXT holds no & or \N taking part of the input.
func wholeLineReplacement(subst string) (string, bool) {
	if len(subst) < 2 {
		return "", false
	}
	delim := subst[0]
	reEnd := skipDelimited(subst, 1, delim)
	replEnd := skipDelimited(subst, reEnd, delim)
	if reEnd < 2 || replEnd <= reEnd {
		return "", false
	}
	switch subst[1 : reEnd-1] {
	case ".*", "^.*", "^.*$", ".*$":
	default:
		return "", false
	}
	repl := subst[reEnd : replEnd-1]
	if strings.ContainsAny(repl, "&\\") || strings.ContainsRune(repl, rune(delim)) {
		return "", false
	}
	return repl, repl != ""
}

// skipAddress skips a command's address: line numbers, $, ranges, steps
// and regular expressions (/re/, \cREc) with their I and M flags.
func skipAddress(prog string, i int) int {
	for i < len(prog) {
		c := prog[i]
		switch {
		case c >= '0' && c <= '9' || strings.IndexByte("$,~+", c) >= 0:
			i++
		case c == '/':
			i = skipDelimited(prog, i+1, '/')
		case c == '\\' && i+1 < len(prog):
			i = skipDelimited(prog, i+2, prog[i+1])
		case (c == 'I' || c == 'M') && i > 0 && prog[i-1] == '/':
			i++ // a regular expression's flag
		default:
			return i
		}
	}
	return i
}

// skipDelimited returns the index past the delimiter that ends the text at
// prog[i], a backslash escaping the byte after it.
func skipDelimited(prog string, i int, delim byte) int {
	for i < len(prog) {
		switch prog[i] {
		case '\\':
			i += 2
		case delim:
			return i + 1
		default:
			i++
		}
	}
	return min(i, len(prog))
}

// skipSubst skips s/re/repl/flags (or y/a/b/) and returns the flags; a w
// flag ends them, the file name follows.
func skipSubst(prog string, i int) (int, string) {
	if i >= len(prog) {
		return i, ""
	}
	delim := prog[i]
	i = skipDelimited(prog, i+1, delim)
	i = skipDelimited(prog, i, delim)
	start := i
	for i < len(prog) && strings.IndexByte(";\n} ", prog[i]) < 0 {
		i++
		if prog[i-1] == 'w' {
			break
		}
	}
	return i, prog[start:i]
}

// lineEnd returns the index of the newline that ends prog[i]'s line, or
// len(prog).
func lineEnd(prog string, i int) int {
	if end := strings.IndexByte(prog[i:], '\n'); end >= 0 {
		return i + end
	}
	return len(prog)
}
