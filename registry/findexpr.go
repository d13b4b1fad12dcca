package registry

import (
	"github.com/permgate/permgate/internal/lazy"
)

// expressionGrammars are the expression grammars of the programs whose
// arguments are an expression rather than options and operands.
var expressionGrammars = lazy.Value[map[string]*Primaries]{Make: func() map[string]*Primaries {
	return map[string]*Primaries{
		// find [-H|-L|-P] [-D DEBUG] [-Olevel] ROOT… EXPRESSION: the whole argv
		// is read as one expression (the roots are primaries of their own, the
		// options before them too). The tests and actions of GNU and BSD find.
		"find": {
			Flags: []string{"-delete", "-print", "-print0", "-ls", "-prune", "-quit", "-true", "-false", "-empty", "-readable",
				"-writable", "-executable", "-nouser", "-nogroup", "-depth", "-d", "-mount", "-xdev", "-follow", "-noleaf",
				"-ignore_readdir_race", "-noignore_readdir_race", "-daystart", "-nowarn", "-warn", "-not", "-and", "-a", "-or",
				"-o", "(", ")", "!", ",", "-help", "--help", "-version", "--version", "-H", "-L", "-P", "-E", "-X", "-s", "-x", "--"},
			Valued: []string{"-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname",
				"-ilname", "-type", "-xtype", "-newer", "-anewer", "-cnewer", "-samefile", "-inum", "-user", "-group", "-uid",
				"-gid", "-perm", "-links", "-size", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-used", "-fstype",
				"-maxdepth", "-mindepth", "-regextype", "-context", "-printf", "-fprint", "-fprint0", "-fls", "-files0-from",
				"-newermt", "-newerat", "-newerct", "-newermm", "-newerBt", "-newermB", "-D", "-f"},
			Paired:      []string{"-fprintf"},
			Terminated:  []string{"-exec", "-execdir", "-ok", "-okdir"},
			Terminators: []string{";", "+"},
			Acts:        []string{"-delete", "-print", "-print0", "-printf", "-ls", "-fprint", "-fprint0", "-fprintf", "-fls", "-quit", "-prune"},
		},
	}
}}

// Expression returns the expression grammar of a program whose arguments
// are an expression ("find").
func Expression(name string) (*Primaries, bool) {
	p, ok := expressionGrammars.Get()[name]
	return p, ok
}
