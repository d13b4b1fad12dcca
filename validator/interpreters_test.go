package validator

import (
	"path"
	"sort"
	"testing"
)

// TestInterpreterFamiliesInCorpus: every entry of the interpreter table and
// every alias is the program of some corpus line, under its own name or a
// versioned one, so none is data no test reads.
func TestInterpreterFamiliesInCorpus(t *testing.T) {
	v := New(corpusEnv)
	seen := map[string]bool{}
	for _, c := range loadCorpus(t) {
		for _, cmd := range v.parser.ParseScript(c.command).Commands {
			names := []string{cmd.Name}
			if len(cmd.Argv) > 0 {
				names = append(names, cmd.Argv[0].Text)
			}
			for _, name := range names {
				base := path.Base(name)
				seen[base] = true
				seen[versionless(base)] = true
			}
		}
	}
	var names []string
	for name := range interpreters {
		names = append(names, name)
	}
	for name := range interpreterAliases {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !seen[name] {
			t.Errorf("interpreter %q is on no corpus line", name)
		}
	}
}

// TestInterpreterName: versioned names and aliases are their family's
// runtime; other names are not.
func TestInterpreterName(t *testing.T) {
	for name, want := range map[string]string{
		"python3.12": "python", "python3": "python", "python2.7": "python", "pypy3": "python", "pypy": "python",
		"lua5.4": "lua", "lua-5.4": "lua", "php8.2": "php", "perl5.36": "perl", "node22": "node", "tclsh8.6": "tclsh",
		"ruby3.3": "ruby", "jruby": "ruby", "wish8.6": "tclsh", "powershell": "pwsh", "julia1.10": "julia",
		"R": "R", "erl": "erl", "ts-node": "ts-node",
		"python3-config": "python3-config", "node-gyp": "node-gyp", "php-fpm": "php-fpm", "nodemon": "nodemon", "3": "3",
	} {
		if got := interpreterName(name); got != want {
			t.Errorf("interpreterName(%q) = %q, want %q", name, got, want)
		}
	}
	for _, name := range []string{"python3-config", "node-gyp", "nodemon", "rubocop", "perldoc"} {
		if isInterpreter(name) {
			t.Errorf("%s is not a language runtime", name)
		}
	}
}
