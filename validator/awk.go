package validator

import (
	"github.com/permgate/permgate/internal/lazyre"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// awkCode finds what runs commands in an awk program once its string literals
// are blanked: system(), pipes to and from commands, coprocesses (|&) and gawk's
// indirect calls (@f()), which can name system.
var awkCode = lazyre.New(`system\s*\(|\|&|\|\s*getline|@\w+\s*\(|@load|@include|(print|printf)\b[^;}]*\|`)

var awkString = lazyre.New(`"(\\.|[^"\\])*"`)

// awk programs can run commands with system(), pipes, coprocesses and getline.
func (ck *checker) awk(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, f := range append(shortValues(args, 'f', "vFeEil"), longValuesOf(args, "--file", "--exec")...) {
		if f.Text == "-" || shellparse.IsStdinPath(f.Text) {
			ck.stdinProgram(c, false) // the program comes from standard input
			return
		}
		if netDevice(f.Text) || strings.HasPrefix(f.Text, "/inet") {
			ck.add("pipe_to_shell", "awk_network", Severe, c.Name+" reads its program from a network connection ("+f.Text+")")
			return
		}
	}
	for _, prog := range awkPrograms(args) {
		if prog.Static {
			for _, m := range awkFileWrite().FindAllStringSubmatch(prog.Text, 8) {
				ck.writeTarget(shellparse.Word{Text: m[1], Static: true}, c.Name+" print > \""+m[1]+"\"")
			}
		}
		code := awkString().ReplaceAllString(prog.Text, `""`)
		if !prog.Static || awkCode().MatchString(code) {
			ck.add("inline_code", "awk_system", NonSevere, c.Name+" program runs shell commands")
			return
		}
	}
}

// awkPrograms returns the awk program words: -e/--source values, else the first
// operand when no -f names a program file.
func awkPrograms(args []shellparse.Word) []shellparse.Word {
	var progs []shellparse.Word
	fromFile := false
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case !args[i].Static && len(progs) == 0 && !fromFile:
			return []shellparse.Word{args[i]}
		case t == "-e" || t == "--source" || t == "--exec" || t == "-E":
			if i+1 < len(args) {
				progs = append(progs, args[i+1])
				i++
			}
			if t == "-E" || t == "--exec" {
				fromFile = true
			}
		case isLong(t, "--source") && strings.Contains(t, "="):
			_, v, _ := strings.Cut(t, "=")
			progs = append(progs, shellparse.Word{Text: v, Static: true})
		case t == "-f" || isLong(t, "--file"):
			fromFile = true
			if !strings.Contains(t, "=") {
				i++
			}
		case t == "-v" || t == "-F" || t == "-i" || t == "-l" || isLong(t, "--assign") || isLong(t, "--field-separator") || isLong(t, "--include") || isLong(t, "--load"):
			if !strings.Contains(t, "=") && len(t) <= 2 || strings.HasPrefix(t, "--") && !strings.Contains(t, "=") {
				i++
			}
		case t == "--":
			if len(progs) == 0 && !fromFile && i+1 < len(args) {
				progs = append(progs, args[i+1])
			}
			return progs
		case strings.HasPrefix(t, "-") && t != "-":
		default:
			if len(progs) == 0 && !fromFile {
				progs = append(progs, args[i])
			}
			return progs
		}
	}
	return progs
}

// awkReadOnly: awk reads when its program is on the command line and neither
// runs commands (system(), pipes, |&) nor writes files (print > FILE), and no
// option writes (gawk -i inplace, -o, -p, -d) or loads code (-f, -l, -E).
func awkReadOnly(args []shellparse.Word) bool {
	progs := awkPrograms(args)
	if len(progs) == 0 {
		return false
	}
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		switch {
		case t == "--":
			i = len(args)
		case t == "-F" || t == "-v" || t == "-e" || t == "--source" || t == "--assign" || t == "--field-separator":
			i++
		case strings.HasPrefix(t, "-F") || strings.HasPrefix(t, "-v") || strings.HasPrefix(t, "--source=") || strings.HasPrefix(t, "--assign=") || strings.HasPrefix(t, "--field-separator="):
		case t == "-b" || t == "-c" || t == "-P" || t == "-S" || t == "-N" || t == "-n" || t == "-r" || t == "-s" || t == "-t" || t == "-M" || t == "-O" ||
			t == "--posix" || t == "--traditional" || t == "--sandbox" || t == "--characters-as-bytes" || t == "--re-interval" || t == "--bignum" || t == "--optimize":
		case strings.HasPrefix(t, "-") && t != "-":
			return false
		}
	}
	for _, p := range progs {
		if !p.Static {
			return false
		}
		code := awkString().ReplaceAllString(p.Text, `""`)
		if awkCode().MatchString(code) || awkWrite().MatchString(code) {
			return false
		}
	}
	return true
}

// awkFileWrite finds print and printf redirected to a named file.
var awkFileWrite = lazyre.New(`(?:print|printf)\b[^;}]*?>>?\s*"([^"]+)"`)

// awkWrite finds print and printf redirected to a file (> or >>).
var awkWrite = lazyre.New(`(print|printf)\b[^;}]*>`)
