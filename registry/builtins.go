package registry

// builtinGrammars are the option grammars of the shell builtins that assign
// the names they are given: bash's builtins stop at the first operand.
var builtinGrammars = map[string]*Grammar{
	"read":      {Short: "a:d:ei:n:N:p:rst:u:", Posix: true},
	"printf":    {Short: "v:", Posix: true},
	"wait":      {Short: "fnp:", Posix: true},
	"mapfile":   {Short: "d:n:O:s:tu:C:c:", Posix: true},
	"readarray": {Short: "d:n:O:s:tu:C:c:", Posix: true},
	"unset":     {Short: "fnv", Posix: true},
}

// Builtin returns the option grammar of a shell builtin that assigns the
// names it is given (read, printf -v, wait -p, mapfile, readarray, unset).
func Builtin(name string) (*Grammar, bool) {
	g, ok := builtinGrammars[name]
	return g, ok
}
