package sed

import (
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Call is a sed command line taken apart.
type Call struct {
	// Programs are the programs -e gives, else the first operand.
	Programs []shellparse.Word
	// Files are the files sed reads (and edits, with InPlace).
	Files []shellparse.Word
	// ScriptFile reports -f: a program in a file permgate does not read.
	ScriptFile bool
	// InPlace reports -i: sed edits its files.
	InPlace bool
}

// ParseArgv reads sed's argv (the words after its name) by its declared
// grammar. Without -e or -f the first operand is the program. BSD sed takes
// -i's suffix as a word of its own (sed -i "" PROG FILE, sed -i .bak PROG
// FILE), where GNU sed takes that word for the program: when it could be
// the suffix (it is empty or starts with a dot), both readings are kept.
func ParseArgv(args []shellparse.Word) Call {
	prog, ok := registry.Default().Lookup("sed")
	if !ok {
		return Call{Programs: args, ScriptFile: true, InPlace: true}
	}
	scan := prog.Grammar.Scan(shellparse.RegistryWords(args))
	s := Call{
		Programs:   shellparse.OptionWords(args, &scan, "-e", "--expression"),
		ScriptFile: scan.Has("-f", "--file"),
		InPlace:    scan.Has("-i", "--in-place"),
	}
	ops := make([]shellparse.Word, 0, len(scan.Operands))
	for _, i := range scan.Operands {
		ops = append(ops, args[i])
	}
	if s.ScriptFile || scan.Has("-e", "--expression") || len(ops) == 0 {
		s.Files = ops
		return s
	}
	if bsdSuffix(scan, ops) {
		// BSD sed reads the word as -i's suffix, GNU sed as the program
		// (sed -ni '' FILE empties FILE there): both readings count, so the
		// programs are the first two operands and the files all but the
		// first.
		s.Programs, s.Files = ops[:2], ops[1:]
		return s
	}
	s.Programs, s.Files = ops[:1], ops[1:]
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

// WriteFiles returns the files a sed program writes with w, W or s///w.
func WriteFiles(prog shellparse.Word) []shellparse.Word {
	if !prog.Static {
		return nil
	}
	files := Scan(prog.Text).Writes
	out := make([]shellparse.Word, len(files))
	for i, f := range files {
		out[i] = shellparse.Word{Text: f, Static: true}
	}
	return out
}

// Targets returns the files sed writes: its input files when it edits in
// place, and those its programs' w commands name.
func Targets(args []shellparse.Word) []shellparse.Word {
	s := ParseArgv(args)
	var out []shellparse.Word
	if s.InPlace {
		out = append(out, s.Files...)
	}
	for _, p := range s.Programs {
		out = append(out, WriteFiles(p)...)
	}
	return out
}

// ReadOnly reports sed that edits no file in place, reads no script file
// and whose programs run nothing and write only to standard output.
func ReadOnly(args []shellparse.Word) bool {
	s := ParseArgv(args)
	if s.InPlace || s.ScriptFile {
		return false
	}
	for _, p := range s.Programs {
		if !p.Static {
			return false
		}
		fx := Scan(p.Text)
		if fx.Exec {
			return false
		}
		for _, w := range fx.Writes {
			if w != "/dev/stdout" && w != "/dev/stderr" {
				return false
			}
		}
	}
	return true
}
