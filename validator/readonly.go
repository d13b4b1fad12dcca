package validator

import (
	"slices"
	"strings"

	"permgate/shellparse"
)

// safeCommands only read, whatever plain arguments they get.
var safeCommands = map[string]bool{
	"bind": true, // listing only: see argChecks
	"ls":   true, "cat": true, "head": true, "tail": true, "wc": true, "echo": true, "printf": true, "pwd": true,
	"which": true, "type": true, "file": true, "stat": true, "du": true, "df": true, "grep": true, "egrep": true,
	"fgrep": true, "ag": true, "diff": true, "cmp": true, "uniq": true, "cut": true, "tr": true, "nl": true,
	"rev": true, "seq": true, "basename": true, "dirname": true, "realpath": true, "readlink": true, "id": true,
	"whoami": true, "true": true, "false": true, "test": true, "[": true, "[[": true, "cd": true, "less": true, "more": true,
	"column": true, "jq": true, "fold": true, "expand": true, "unexpand": true, "paste": true, "join": true,
	"comm": true, "tac": true, "od": true, "hexdump": true, "xxd": true, "md5sum": true, "sha1sum": true,
	"sha256sum": true, "sha512sum": true, "cksum": true, "b2sum": true, "groups": true, "locale": true,
	"tty": true, "nproc": true, "free": true, "uptime": true, "ps": true, "pgrep": true, "lsof": true, "cal": true,
	"printenv": true, "env": true, "uname": true, "hostname": true, "date": true, "tree": true, "sort": true,
	"base64": true, "rg": true, "find": true, "sed": true, "git": true, "yq": true, ":": true, "pushd": true,
	"popd": true, "dirs": true, "wait": true, "exit": true, "return": true, "shift": true,
	"strings": true, "look": true, "whereis": true, "sleep": true, "numfmt": true, "expr": true,
	"getconf": true, "arch": true, "logname": true, "users": true, "who": true, "w": true,
	"command": true, "help": true, "go": true, "npm": true,
	"pytest": true, "python": true, "python3": true, "ruff": true, "mypy": true, "cargo": true, "break": true,
	"continue": true, "local": true, "declare": true, "typeset": true, "export": true, "readonly": true,
	"permgate": true,
}

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
	if v.safe[name] {
		return true
	}
	if name == "" || !safeCommands[name] {
		return false
	}
	args := c.Argv[1:]
	if len(writeTargets(c)) > 0 {
		return false
	}
	if check, ok := argChecks[name]; ok {
		for _, a := range args {
			if !a.Static && !a.Glob && !a.Placeholder {
				// An option known only at run time could be -delete, -o FILE, -i …
				return false
			}
		}
		return check(args)
	}
	return true
}

// syncingRunner reports a runner that installs or syncs an environment before it
// runs the command (uv run, pixi run), unless told not to.
func syncingRunner(w shellparse.Wrapper) bool {
	if w.Name != "uv" && w.Name != "pixi" {
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
	"find": func(args []shellparse.Word) bool {
		for _, p := range shellparse.FindPrimaries(args) {
			switch p.Name {
			case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fls", "-fprint", "-fprint0", "-fprintf", "?":
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
	"sort": func(args []shellparse.Word) bool {
		return !hasFlag(args, "o", "--output", "--compress-program") && !hasAttachedOpt(args, "-o")
	},
	"base64": func(args []shellparse.Word) bool { return !hasFlag(args, "o", "--output") },
	"rg": func(args []shellparse.Word) bool {
		return !hasFlag(args, "", "--pre", "--search-zip", "--hostname-bin") && !hasAttachedOpt(args, "-z")
	},
	"ag":   func(args []shellparse.Word) bool { return !hasFlag(args, "", "--pager") },
	"tree": func(args []shellparse.Word) bool { return len(shortValues(args, 'o', "LPIH")) == 0 },
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
	"uname":    func(args []shellparse.Word) bool { return true },
	"env":      func(args []shellparse.Word) bool { return allOptions(args) || printingEnv(args) },
	"printenv": func(args []shellparse.Word) bool { return true },
	"git":      gitReadOnly,
	"less": func(args []shellparse.Word) bool {
		return !hasOpt(args, "-o") && !hasOpt(args, "-O") && !hasFlag(args, "", "--log-file")
	},
	"yq": func(args []shellparse.Word) bool { return !hasFlag(args, "is", "--inplace", "--split-exp") },
	"jq": func(args []shellparse.Word) bool { return true },
	"command": func(args []shellparse.Word) bool {
		return len(args) > 0 && hasFlag(args, "vV")
	},
	"go": func(args []shellparse.Word) bool {
		sub := firstOperand(args)
		if goFlag(args, "exec", "toolexec", "vettool", "o", "overlay", "modfile") {
			return false // these run another program or write elsewhere
		}
		switch sub {
		case "test", "vet", "version", "list", "doc":
			return true
		case "env":
			return !goFlag(args, "w", "u")
		}
		return false
	},
	"npm": func(args []shellparse.Word) bool {
		ops := operands(args)
		if len(ops) == 0 {
			return false
		}
		for _, a := range args {
			if isLong(a.Text, "--script-shell") || isLong(a.Text, "--node-options") || a.Text == "--fix" {
				return false
			}
		}
		switch ops[0].Text {
		case "test", "t":
			return true
		case "run", "run-script":
			return len(ops) > 1 && (ops[1].Text == "test" || ops[1].Text == "lint")
		}
		return false
	},
	"pytest": pytestReadOnly,
	"python": pythonPytest, "python3": pythonPytest,
	"ruff": func(args []shellparse.Word) bool {
		return firstOperand(args) == "check" && !hasFlag(args, "", "--fix", "--fix-only", "--unsafe-fixes", "--add-noqa")
	},
	"mypy": func(args []shellparse.Word) bool { return !hasFlag(args, "", "--install-types") },
	"cargo": func(args []shellparse.Word) bool {
		sub := firstOperand(args)
		for _, a := range args {
			if isLong(a.Text, "--config") || strings.HasPrefix(a.Text, "-Z") || a.Text == "-Z" {
				return false
			}
		}
		return sub == "check" || sub == "test"
	},
	"export":   func(args []shellparse.Word) bool { return true },
	"declare":  func(args []shellparse.Word) bool { return true },
	"typeset":  func(args []shellparse.Word) bool { return true },
	"local":    func(args []shellparse.Word) bool { return true },
	"readonly": func(args []shellparse.Word) bool { return true },
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
