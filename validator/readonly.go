package validator

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// readOnly reports whether a command (with no findings) only reads.
func (v *Validator) readOnly(c shellparse.SimpleCommand) bool {
	for _, r := range c.Redirects {
		if r.Writes() {
			return false
		}
	}
	if len(c.Argv) == 0 {
		return true // a bare assignment changes only the shell
	}
	for _, w := range c.Wrappers {
		if syncingRunner(w) {
			return false
		}
	}
	name := c.Name
	if v.safe[name] || syntaxCheckOnly(c) {
		return true
	}
	if !strings.Contains(name, "/") && isInterpreter(name) {
		if p, ok := programs.Lookup(name); ok && len(p.Node.Subs) > 0 {
			// bun test, deno fmt --check: a declared verb is read by its declaration.
			if inv := p.Resolve(shellparse.RegistryWords(c.Argv[1:])); len(inv.Path) > 0 {
				return len(writeTargets(c)) == 0 && inv.ReadOnly()
			}
		}
		return interpreterReadOnly(name, c.Argv[1:])
	}
	prog, ok := programs.Lookup(name)
	args := c.Argv[1:]
	if name == "" || !ok {
		// --help and --version alone only print, on any program on $PATH;
		// ./tool and /tmp/tool are unknown programs, never read-only.
		return name != "" && !strings.Contains(name, "/") && helpOnly(args)
	}
	for _, t := range writeTargets(c) {
		if !t.Static || t.Text != "-" && t.Text != "/dev/null" && t.Text != "/dev/stdout" && t.Text != "/dev/stderr" {
			return false // -o - and -o /dev/null write no file
		}
	}
	if prog.PlainReader() {
		return true
	}
	if mayBeHelp(args) && prog.IsHelp(shellparse.RegistryWords(args)) {
		return true
	}
	if check, ok := argChecks[name]; ok {
		for _, a := range args {
			if !a.Static && !a.Glob && !a.Placeholder && !homePath(a) {
				// An option known only at run time could be -delete, -o FILE, -i …
				return false
			}
		}
		return check(args)
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	return inv.ReadOnly()
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
	return !hasFlag(w.Argv[1:], "", "--no-sync", "--frozen", "--offline", "--locked")
}

// argChecks refine the safe list: the command reads only with these arguments.
var argChecks = map[string]func([]shellparse.Word) bool{
	// bind -p, -P, -v, -V, -s, -S, -l, -X (and -m KEYMAP) print bindings.
	"bind": func(args []shellparse.Word) bool {
		if len(args) == 0 {
			return false
		}
		for i := 0; i < len(args); i++ {
			t := args[i].Text
			if t == "-m" && i+1 < len(args) {
				i++
				continue
			}
			if !strings.HasPrefix(t, "-") || len(t) < 2 || strings.Trim(t[1:], "pPvVsSlX") != "" {
				return false
			}
		}
		return true
	},
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
	"sed": func(args []shellparse.Word) bool {
		s := parseSed(args)
		if s.inPlace || s.scriptFile {
			return false
		}
		for _, p := range s.programs {
			if !p.Static {
				return false
			}
			exec, writes := scanSed(p.Text)
			if exec {
				return false
			}
			for _, w := range writes {
				if w != "/dev/stdout" && w != "/dev/stderr" {
					return false
				}
			}
		}
		return true
	},
	"hostname": func(args []shellparse.Word) bool {
		for _, a := range args {
			switch a.Text {
			case "-s", "--short", "-f", "--fqdn", "--long", "-d", "--domain", "-i", "--ip-address", "-I", "--all-ip-addresses",
				"-A", "--all-fqdns", "-a", "--alias", "-y", "--yp", "--nis", "-V", "--version", "-h", "--help":
			default:
				return false // a name to set, or -F FILE
			}
		}
		return true
	},
	"date": func(args []shellparse.Word) bool {
		for i, a := range args {
			if isLong(a.Text, "--set") {
				return false
			}
			prev := ""
			if i > 0 {
				prev = args[i-1].Text
			}
			// An operand that is not +FORMAT sets the clock (MMDDhhmm…).
			if !strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "+") && prev != "-d" && prev != "--date" && prev != "-r" && prev != "--reference" && prev != "-f" && prev != "--file" {
				return false
			}
		}
		return len(shortValues(args, 's', "dfIr")) == 0
	},
	"env": func(args []shellparse.Word) bool { return allOptions(args) || printingEnv(args) },
	"git": gitReadOnly,
	"command": func(args []shellparse.Word) bool {
		return len(args) > 0 && hasFlag(args, "vV")
	},
	"pytest": pytestReadOnly,
	"awk":    awkReadOnly, "gawk": awkReadOnly, "mawk": awkReadOnly, "nawk": awkReadOnly,
	"curl": curlReadOnly, "wget": wgetReadOnly,
	// xargs with no command runs echo: it prints its input.
	"xargs": func(args []shellparse.Word) bool {
		for i := 0; i < len(args); i++ {
			t := args[i].Text
			switch {
			case t == "-a" || t == "-d" || t == "-E" || t == "-I" || t == "-L" || t == "-n" || t == "-P" || t == "-s" || t == "--arg-file" || t == "--delimiter" || t == "--max-args" || t == "--max-procs" || t == "--max-chars":
				i++
			case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--process-slot-var") && t != "-p" && t != "--interactive" && t != "-o" && t != "--open-tty":
			default:
				return false
			}
		}
		return true
	},
	"python": pythonPytest, "python3": pythonPytest,
	"permgate": permgateReadOnly,
}

// goFlag reports a Go-style flag given as -name, --name, -name=… or --name=….
func goFlag(args []shellparse.Word, names ...string) bool {
	for _, a := range args {
		t := strings.TrimPrefix(strings.TrimPrefix(a.Text, "-"), "-")
		if t == a.Text {
			continue
		}
		t, _, _ = strings.Cut(t, "=")
		if slices.Contains(names, t) {
			return true
		}
	}
	return false
}

func pythonPytest(args []shellparse.Word) bool {
	if len(args) >= 2 && args[0].Text == "-m" && (args[1].Text == "pip" || args[1].Text == "pip3") {
		return moduleReadOnly("pip", args[2:]) // python -m pip list is pip list
	}
	return len(args) >= 2 && args[0].Text == "-m" && args[1].Text == "pytest" && pytestReadOnly(args[2:])
}

// pytestReadOnly: pytest runs the tests; options that write elsewhere or empty a
// directory (--basetemp) take it off the read-only list.
func pytestReadOnly(args []shellparse.Word) bool {
	for _, a := range args {
		if isLong(a.Text, "--basetemp") || isLong(a.Text, "--junitxml") || isLong(a.Text, "--junit-xml") || isLong(a.Text, "--result-log") || isLong(a.Text, "--report-log") {
			return false
		}
	}
	return true
}

func firstOperand(args []shellparse.Word) string {
	ops := operands(args)
	if len(ops) == 0 {
		return ""
	}
	return ops[0].Text
}

func allOptions(args []shellparse.Word) bool {
	for _, a := range args {
		if !a.Static || !strings.HasPrefix(a.Text, "-") {
			return false
		}
	}
	return true
}

// printingEnv: env with options and no command prints the environment.
func printingEnv(args []shellparse.Word) bool {
	for _, a := range args {
		if !a.Static {
			return false
		}
		if strings.HasPrefix(a.Text, "-") || strings.Contains(a.Text, "=") {
			continue
		}
		return false
	}
	return true
}

func hasOpt(args []shellparse.Word, opt string) bool {
	for _, a := range args {
		if a.Text == opt {
			return true
		}
	}
	return false
}

func hasAttachedOpt(args []shellparse.Word, opt string) bool {
	for _, a := range args {
		if strings.HasPrefix(a.Text, opt) && !strings.HasPrefix(a.Text, "--") {
			return true
		}
	}
	return false
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
