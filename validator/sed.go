package validator

import (
	"strings"

	"github.com/permgate/permgate/lang/sed"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// The sed glue: a sed command line read by sed's declared grammar (the
// programs -e and the first operand give, -f, -i, the files), its programs
// read by lang/sed.

// sedCall is a sed command line taken apart.
type sedCall struct {
	programs   []shellparse.Word
	files      []shellparse.Word
	scriptFile bool // -f: the program is in a file permgate does not read
	inPlace    bool
}

// parseSed reads sed's argv. Without -e or -f the first operand is the
// program. BSD sed takes -i's suffix as a word of its own (sed -i "" PROG
// FILE, sed -i .bak PROG FILE): when that word cannot be a GNU program (it is
// empty or starts with a dot), the program is the operand after it.
func parseSed(args []shellparse.Word) sedCall {
	prog, ok := programs.Lookup("sed")
	if !ok {
		return sedCall{programs: args, scriptFile: true, inPlace: true}
	}
	scan := prog.Grammar.Scan(shellparse.RegistryWords(args))
	s := sedCall{
		programs:   optionValues(args, scan, "-e", "--expression"),
		scriptFile: scan.Has("-f", "--file"),
		inPlace:    scan.Has("-i", "--in-place"),
	}
	ops := make([]shellparse.Word, 0, len(scan.Operands))
	for _, i := range scan.Operands {
		ops = append(ops, args[i])
	}
	if s.scriptFile || scan.Has("-e", "--expression") || len(ops) == 0 {
		s.files = ops
		return s
	}
	if bsdSuffix(scan, ops) {
		ops = ops[1:]
	}
	s.programs, s.files = ops[:1], ops[1:]
	return s
}

// bsdSuffix reports an -i without an attached suffix followed by a word that
// is BSD sed's suffix, not a GNU program, and a program after it.
func bsdSuffix(scan registry.Scan, ops []shellparse.Word) bool {
	bare := false
	for _, o := range scan.Values("-i") {
		bare = bare || !o.HasValue
	}
	return bare && len(ops) > 1 && ops[0].Static && (ops[0].Text == "" || strings.HasPrefix(ops[0].Text, "."))
}

// sedWriteFiles returns the files a sed program writes with w, W or s///w.
func sedWriteFiles(prog shellparse.Word) []shellparse.Word {
	if !prog.Static {
		return nil
	}
	files := sed.Scan(prog.Text).Writes
	out := make([]shellparse.Word, len(files))
	for i, f := range files {
		out[i] = shellparse.Word{Text: f, Static: true}
	}
	return out
}

// scanSed reads a sed program and reports whether it runs shell commands (the e
// command or the s///e flag) and which files it writes (w, W, s///w). A
// program too long to read is taken to run anything.
func scanSed(prog string) (exec bool, writes []string) {
	fx := sed.Scan(prog)
	return fx.Exec, fx.Writes
}
