package code

import (
	"path"
	"testing"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// fakeHost is a Host that records what the room asks of it.
type fakeHost struct {
	home    string
	reports []string
	nested  []string
	ran     []string
}

func (f *fakeHost) Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string) {
	f.reports = append(f.reports, string(kind)+"."+name+": "+reason)
}
func (f *fakeHost) Nested(script, how string)                         { f.nested = append(f.nested, script) }
func (f *fakeHost) WriteTarget(w shellparse.Word, how string)         {}
func (f *fakeHost) StdinText(c shellparse.SimpleCommand) []string     { return nil }
func (f *fakeHost) Home() string                                      { return f.home }
func (f *fakeHost) CodeDeleteSevere(w shellparse.Word) (bool, string) { return false, "" }
func (f *fakeHost) CodeDeleteSafer(why string) string                 { return "" }
func (f *fakeHost) CodeTreeSelf(w shellparse.Word, how string)        {}
func (f *fakeHost) CodeRunModule(c shellparse.SimpleCommand, module string, args []shellparse.Word) {
	f.ran = append(f.ran, "-m "+module)
}
func (f *fakeHost) CodeRunMatched(c shellparse.SimpleCommand, m Matched, shell bool, lang codescan.Lang) {
	f.CodeRunFile(c, path.Join(m.Dirs[0], m.Names[0]), shell, lang)
}

func (f *fakeHost) CodeRunFile(c shellparse.SimpleCommand, p string, shell bool, lang codescan.Lang) {
	f.ran = append(f.ran, p)
}
func (f *fakeHost) CodeCopyTargets(c shellparse.SimpleCommand) []shellparse.Word { return nil }
func (f *fakeHost) CodeTempDir() string                                          { return "/tmp" }
func (f *fakeHost) CodeParse(src string) shellparse.Result {
	return shellparse.NewParser(shellparse.Options{}).ParseScript(src)
}
func (f *fakeHost) CodeAgent() bool                          { return true }
func (f *fakeHost) CodeInlineSecrets(name, code string) bool { return false }
func (f *fakeHost) CodeNetworkTool(base string) bool         { return base == "curl" }

// TestRenderShell: values the code builds become shell text with their
// pieces placed where the text puts them, out of a single-quoted span.
func TestRenderShell(t *testing.T) {
	h := &fakeHost{home: "/home/user"}
	dyn := codescan.Part{Kind: codescan.Dynamic, Text: "x"}
	for _, tc := range []struct {
		parts []codescan.Part
		want  string
	}{
		{[]codescan.Part{{Text: "rm -rf "}, dyn}, "rm -rf $CODE_VALUE"},
		{[]codescan.Part{{Text: "rm -rf '"}, dyn, {Text: "'"}}, `rm -rf ''"$CODE_VALUE"''`},
		{[]codescan.Part{{Text: `rm -rf "`}, dyn, {Text: `"`}}, `rm -rf "$CODE_VALUE"`},
		{[]codescan.Part{{Text: "rm -rf "}, {Kind: codescan.Home}, {Text: "/x"}}, "rm -rf /home/user/x"},
		{[]codescan.Part{{Text: "echo 'it''s' "}, {Kind: codescan.Temp}}, "echo 'it''s' /tmp"},
	} {
		if got := RenderShell(h, codescan.Value{Parts: tc.parts}); got != tc.want {
			t.Errorf("renderShell(%v) = %q, want %q", tc.parts, got, tc.want)
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
		if got := InterpreterName(name); got != want {
			t.Errorf("InterpreterName(%q) = %q, want %q", name, got, want)
		}
	}
	for _, name := range []string{"python3-config", "node-gyp", "nodemon", "rubocop", "perldoc"} {
		if IsInterpreter(name) {
			t.Errorf("%s is not a language runtime", name)
		}
	}
}
