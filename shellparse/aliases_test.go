package shellparse

import "testing"

// TestCanonicalProgram checks the other names of known programs: GNU's
// g-prefixed tools and the runtimes' versioned names are read as the
// program, in whatever directory; other programs keep their names.
func TestCanonicalProgram(t *testing.T) {
	for name, want := range map[string]string{
		"grm": "rm", "gfind": "find", "gtimeout": "timeout", "gxargs": "xargs", "gtar": "tar", "gsed": "sed",
		"/opt/homebrew/bin/gdd": "/opt/homebrew/bin/dd", "ggrep": "grep",
		"lua5.4": "lua", "php8.2": "php", "ruby3.3": "ruby", "perl5.36": "perl", "node20": "node",
		"tclsh8.6": "tclsh", "guile-3.0": "guile", "/usr/local/opt/php@8/bin/php8.3": "/usr/local/opt/php@8/bin/php",
		// programs of their own
		"gcc": "gcc", "gdb": "gdb", "git": "git", "gzip": "gzip", "gpg": "gpg", "go": "go", "grep": "grep",
		"lua": "lua", "php-fpm": "php-fpm", "node-gyp": "node-gyp", "luarocks": "luarocks", "python3": "python3",
		"g": "g", "rm": "rm",
	} {
		if got := canonicalProgram(name); got != want {
			t.Errorf("canonicalProgram(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestCommandNameAliases checks that an alias in a system bin directory is
// read as the program, as the bare name is.
func TestCommandNameAliases(t *testing.T) {
	for text, want := range map[string]string{"/usr/local/bin/grm": "rm", "/usr/bin/lua5.4": "lua", "./grm": "./rm"} {
		if got := CommandName(Word{Text: text, Static: true}); got != want {
			t.Errorf("CommandName(%q) = %q, want %q", text, got, want)
		}
	}
}
