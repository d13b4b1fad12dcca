package validator

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/judge/flow"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/judge/system"
	"github.com/permgate/permgate/lang/awk"
	"github.com/permgate/permgate/lang/mongo"
	"github.com/permgate/permgate/lang/redis"
	"github.com/permgate/permgate/lang/sed"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// readOnly reports whether a command (with no findings) only reads.
// Calling a function the script defines only runs its body, whose commands
// are judged as commands of their own; a function calling itself may never
// end, so that call is not read-only.
func (ck *checker) readOnly(c shellparse.SimpleCommand) bool {
	if len(c.Argv) > 0 && ck.funcs[c.Name] && c.Function != c.Name && len(c.Wrappers) == 0 && !slices.ContainsFunc(c.Redirects, shellparse.Redirect.Writes) {
		return true
	}
	switch {
	case slices.ContainsFunc(c.Redirects, shellparse.Redirect.Writes) || slices.ContainsFunc(c.Wrappers, syncingRunner):
		return false
	case len(c.Argv) == 0:
		return true // a bare assignment changes only the shell
	}
	if ro, known := ck.filesReadOnly(c); known {
		return ro
	}
	if ck.v.safe[c.Name] || syntaxCheckOnly(c) {
		return true
	}
	name := c.Name
	if !strings.Contains(name, "/") && isInterpreter(name) {
		return interpreterCommandReadOnly(c)
	}
	prog, ok := programs.Get().Lookup(name)
	if !ok {
		// --help and --version alone only print, on any program on $PATH;
		// ./tool and /tmp/tool are unknown programs, never read-only.
		return name != "" && !strings.Contains(name, "/") && helpOnly(c.Argv[1:])
	}
	return !writesFiles(c) && ck.declaredReadOnly(c, prog, name)
}

// interpreterCommandReadOnly: an interpreter's declared verb is read by its
// declaration (bun test, deno fmt --check); otherwise the interpreter only
// reads when it prints its version or runs a module that only looks.
func interpreterCommandReadOnly(c shellparse.SimpleCommand) bool {
	if p, inv, ok := c.Declared(); ok && len(p.Node.Subs) > 0 && len(inv.Path) > 0 {
		return len(writeTargets(c)) == 0 && inv.ReadOnly()
	}
	return interpreterReadOnly(c.Name, c.Argv[1:])
}

// writesFiles reports a command that writes a file: -o - and -o /dev/null
// write none.
func writesFiles(c shellparse.SimpleCommand) bool {
	for _, t := range writeTargets(c) {
		switch {
		case !t.Static:
			return true
		case t.Text != "-" && t.Text != "/dev/null" && t.Text != "/dev/stdout" && t.Text != "/dev/stderr":
			return true
		}
	}
	return false
}

// declaredReadOnly reads a declared program's argv: a plain reader, a
// request for help, the Go check that refines a program of the safe list,
// or the declaration's reading. git's is lang/git's, on the reading the
// checker made of the command.
func (ck *checker) declaredReadOnly(c shellparse.SimpleCommand, prog *registry.Program, name string) bool {
	args := c.Argv[1:]
	if prog.PlainReader() || mayBeHelp(args) && prog.IsHelp(c.RegistryArgs()) {
		return true
	}
	check, ok := argChecks.Get()[name]
	if name == "git" {
		check, ok = ck.gitState.ReadOnly, true
	}
	if ok {
		// An option known only at run time could be -delete, -o FILE, -i …
		return !slices.ContainsFunc(args, mayBeAnyOption) && check(args)
	}
	if declared, inv, ok := c.Declared(); ok && declared == prog {
		return inv.ReadOnly() // the reading made once for the command
	}
	inv := prog.Resolve(c.RegistryArgs())
	return inv.ReadOnly()
}

// mayBeAnyOption reports a word known only at run time that may be any
// option: not a glob, a placeholder or a path under $HOME.
func mayBeAnyOption(a shellparse.Word) bool {
	return !a.Static && !a.Glob && !a.Placeholder && !homePath(a)
}

// mayBeHelp reports a word that could ask for help or the version: only
// then is the argv read to know.
func mayBeHelp(args []shellparse.Word) bool {
	for _, a := range args {
		if registry.MayAskHelp(a.Text) {
			return true
		}
	}
	return false
}

// helpOnly reports an argv that only asks for help or the version.
func helpOnly(args []shellparse.Word) bool {
	if len(args) != 1 || !args[0].Static {
		return false
	}
	switch args[0].Text {
	case "--help", "-h", "--version", "-version", "-V", "help", "version":
		return true
	}
	return false
}

// syncingRunner reports a runner that installs or syncs an environment before it
// runs the command (uv run, pixi run), unless told not to.
func syncingRunner(w shellparse.Wrapper) bool {
	switch w.Name {
	case "pipx", "hatch", "gem":
		return true // pipx run, gem exec install what they run; hatch run syncs its environment
	case "uv", "pixi":
	default:
		return false
	}
	inv := scanArgs(w.Name, w.Argv[1:])
	return !inv.Scan.Has("--no-sync", "--frozen", "--offline", "--locked")
}

// argChecks refine the safe list: the command reads only with these arguments.
var argChecks = lazy.Value[map[string]func([]shellparse.Word) bool]{Make: func() map[string]func([]shellparse.Word) bool {
	m := map[string]func([]shellparse.Word) bool{
		"bind": bindReadOnly,
		// find -exec CMD is read-only when CMD is: the parser hands CMD to the
		// analysis as a command of its own, judged with the found names as
		// targets, and a compound is read-only only when every part is.
		"find": func(args []shellparse.Word) bool {
			// -exec/-execdir/-ok/-okdir run a command the parser lists on its own
			// (with find as its wrapper): that command is judged, so a read-only
			// one keeps find read-only (find . -name '*.go' -exec grep -l x {} +).
			for _, p := range shellparse.FindPrimaries(homeAsPath(args)) {
				switch p.Name {
				case "-delete", "-fls", "-fprint", "-fprint0", "-fprintf", "?":
					return false
				}
			}
			return true
		},
		"sed":     sed.ReadOnly,
		"date":    dateReadOnly,
		"env":     printingEnv,
		"command": commandReadOnly,
		"awk":     awk.ReadOnly, "gawk": awk.ReadOnly, "mawk": awk.ReadOnly, "nawk": awk.ReadOnly,
		"curl": flow.CurlReadOnly, "wget": flow.WgetReadOnly,
		"xargs":  xargsReadOnly,
		"python": pythonPytest, "python3": pythonPytest,
		"permgate": self.PermgateReadOnly,
		// The system tools' (judge/system).
		"parted":   system.PartedListing,
		"sysctl":   system.SysctlReadOnly,
		"mount":    system.MountReadOnly,
		"ifconfig": system.IfconfigReadOnly,
		"nft":      system.NftReadOnly,
		"wipefs":   system.WipefsReadOnly,
	}
	// The database clients' (lang/sql, lang/redis, lang/mongo), by name.
	for _, name := range sql.Clients {
		m[name] = func(args []shellparse.Word) bool { return sql.ClientReadOnly(name, args) }
	}
	for _, name := range redis.Clients {
		m[name] = func(args []shellparse.Word) bool { return redis.ClientReadOnly(name, args) }
	}
	for _, name := range mongo.Shells {
		m[name] = func(args []shellparse.Word) bool { return mongo.ShellReadOnly(name, args) }
	}
	return m
}}

// bindReadOnly: bind -p, -P, -v, -V, -s, -S, -l, -X (and -m KEYMAP) print
// bindings; an operand, or any other option, binds.
func bindReadOnly(args []shellparse.Word) bool {
	s := scanArgs("bind", args).Scan
	return len(args) > 0 && len(s.Operands) == 0 && onlyOptions(&s, "-p", "-P", "-v", "-V", "-s", "-S", "-l", "-X", "-m")
}

// onlyOptions reports a scan whose every option is one of names.
func onlyOptions(s *registry.Scan, names ...string) bool {
	for _, o := range s.Opts {
		if !slices.Contains(names, o.Name) {
			return false
		}
	}
	return !s.Unknown
}

// dateReadOnly: date prints unless -s (--set) or an operand that is not
// +FORMAT sets the clock (MMDDhhmm…).
func dateReadOnly(args []shellparse.Word) bool {
	s := scanArgs("date", args).Scan
	if s.Has("-s", "--set") {
		return false
	}
	for _, a := range operandWords(args, &s) {
		if !strings.HasPrefix(a.Text, "+") {
			return false
		}
	}
	return true
}

// commandReadOnly: command -v and -V say what a name is; the parser runs
// any other command it is given as a command of its own.
func commandReadOnly(args []shellparse.Word) bool {
	inv := scanArgs("command", args)
	return len(args) > 0 && inv.Scan.Has("-v", "-V")
}

// xargsReadOnly: xargs with no command runs echo, which prints its input;
// asking before each (-p) or opening the terminal (-o) is not reading.
func xargsReadOnly(args []shellparse.Word) bool {
	s := scanArgs("xargs", args).Scan
	return len(s.Operands) == 0 && !s.May("-p", "--interactive", "-o", "--open-tty", "--process-slot-var")
}

// pythonPytest: python -m pip ARGS is pip ARGS (the interpreter's -m MODULE
// ends its own options); python -m pytest runs project code, never only reads.
func pythonPytest(args []shellparse.Word) bool {
	module, rest, ok := pythonModule(args)
	switch {
	case !ok:
		return false
	case module == "pip" || module == "pip3":
		return moduleReadOnly("pip", rest) // python -m pip list is pip list
	}
	return false // python -m pytest runs the project's tests: project code
}

// pythonModule returns the module python -m MODULE runs, and its arguments.
func pythonModule(args []shellparse.Word) (string, []shellparse.Word, bool) {
	if len(args) < 2 || !args[0].Static || args[0].Text != "-m" {
		return "", nil, false
	}
	return args[1].Text, args[2:], true
}

// printingEnv: env with options and assignments and no command prints the
// environment (its options by its declared grammar: env -u NAME prints the
// rest). With a command the parser unwraps env.
func printingEnv(args []shellparse.Word) bool {
	for _, a := range args {
		if !a.Static {
			return false
		}
	}
	s := scanArgs("env", args).Scan
	for _, a := range operandWords(args, &s) {
		if !strings.Contains(a.Text, "=") {
			return false
		}
	}
	return !s.Has("-S", "--split-string")
}

// homePath reports a word that expands only $HOME, at its start: an absolute
// path, never an option (find $HOME -maxdepth 2). Assigning HOME anywhere in
// the script is self_modify, so the value is the home directory.
func homePath(a shellparse.Word) bool {
	if a.Subst || len(a.Params) != 1 || a.Params[0] != "HOME" {
		return false
	}
	t := strings.TrimPrefix(a.Text, `"`)
	return strings.HasPrefix(t, "$HOME") || strings.HasPrefix(t, "${HOME}")
}

// homeAsPath returns args with the words homePath accepts as plain paths.
func homeAsPath(args []shellparse.Word) []shellparse.Word {
	for i, a := range args {
		if homePath(a) {
			out := append([]shellparse.Word(nil), args...)
			for j := i; j < len(out); j++ {
				if homePath(out[j]) {
					out[j] = shellparse.Word{Text: "/home-directory", Static: true}
				}
			}
			return out
		}
	}
	return args
}
