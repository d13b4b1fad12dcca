package codescan

import "testing"

// fuzzFamily checks the invariants of one family's tokenizer on any text:
// it never panics, it says why when it did not read the code whole, its
// records stay within their bounds, and reading twice gives the same report.
func fuzzFamily(f *testing.F, lang Lang) {
	for _, c := range readCases(f) {
		if c.lang == lang {
			f.Add(c.src)
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		r := Scan(lang, src)
		if r.Whole == (r.Problem != "") {
			t.Fatalf("Whole %v with problem %q", r.Whole, r.Problem)
		}
		if len(r.Shell) > maxEffects || len(r.Exec) > maxEffects || len(r.Deletes) > maxEffects || len(r.Writes) > maxEffects || len(r.Unread) > maxEffects {
			t.Fatalf("more records than the bound: %d shell, %d exec, %d deletes", len(r.Shell), len(r.Exec), len(r.Deletes))
		}
		if again := summary(Scan(lang, src)); again != summary(r) {
			t.Fatalf("two readings differ:\n%s\n%s", summary(r), again)
		}
		if len(src) > MaxSource && r.Whole {
			t.Fatalf("a program of %d bytes read whole", len(src))
		}
	})
}

func FuzzPython(f *testing.F)      { fuzzFamily(f, Python) }
func FuzzJavaScript(f *testing.F)  { fuzzFamily(f, JavaScript) }
func FuzzRuby(f *testing.F)        { fuzzFamily(f, Ruby) }
func FuzzPerl(f *testing.F)        { fuzzFamily(f, Perl) }
func FuzzPHP(f *testing.F)         { fuzzFamily(f, PHP) }
func FuzzLua(f *testing.F)         { fuzzFamily(f, Lua) }
func FuzzAwk(f *testing.F)         { fuzzFamily(f, Awk) }
func FuzzTcl(f *testing.F)         { fuzzFamily(f, Tcl) }
func FuzzScheme(f *testing.F)      { fuzzFamily(f, Scheme) }
func FuzzGroovy(f *testing.F)      { fuzzFamily(f, Groovy) }
func FuzzElixir(f *testing.F)      { fuzzFamily(f, Elixir) }
func FuzzErlang(f *testing.F)      { fuzzFamily(f, Erlang) }
func FuzzJulia(f *testing.F)       { fuzzFamily(f, Julia) }
func FuzzR(f *testing.F)           { fuzzFamily(f, R) }
func FuzzAppleScript(f *testing.F) { fuzzFamily(f, AppleScript) }
func FuzzEmacsLisp(f *testing.F)   { fuzzFamily(f, EmacsLisp) }
func FuzzPowerShell(f *testing.F)  { fuzzFamily(f, PowerShell) }
