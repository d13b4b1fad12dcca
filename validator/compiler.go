package validator

import (
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// compilerOutput: a compiler or linker writing its output (-o FILE, -oFILE).
// A C compiler's options are single-dash words (-Wall, -fno-omit-frame-pointer)
// of which -o alone takes its value joined or apart: the registry's scanner
// has no such grammar (read as getopt letters, -fno-omit's o would be -o), so
// the words are read here.
func compilerOutput(args []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	for i, a := range args {
		switch {
		case a.Text == "-o" && i+1 < len(args):
			out = append(out, args[i+1])
		case strings.HasPrefix(a.Text, "-o") && len(a.Text) > 2:
			out = append(out, shellparse.Word{Text: a.Text[2:], Static: a.Static, Params: a.Params})
		}
	}
	return out
}
