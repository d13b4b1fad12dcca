package policy

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/validator"
)

// seedCorpus adds every corpus command to the fuzzer's seeds.
func seedCorpus(f *testing.F) {
	files, _ := filepath.Glob("../testdata/corpus/*.txt")
	if len(files) == 0 {
		f.Fatal("no corpus files to seed from")
	}
	for _, file := range files {
		fh, err := os.Open(file)
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for sc.Scan() {
			fields := strings.SplitN(sc.Text(), "\t", 4)
			if len(fields) == 4 && !strings.HasPrefix(fields[0], "#") {
				f.Add(fields[3])
			}
		}
		fh.Close()
	}
}

// FuzzDecide runs the whole analysis and decision on arbitrary input. It must not
// panic or hang, and it checks the invariants that keep permgate closed:
// a command that does not parse is never allowed, a severe one is allowed only in
// bypass, every decision has a one-line reason, and read-only means no findings.
func FuzzDecide(f *testing.F) {
	seedCorpus(f)
	f.Add("echo \xff")
	f.Add("a\x00b")
	f.Fuzz(func(t *testing.T, src string) {
		v := validator.New(testEnv)
		a := v.CheckScript(src)
		for i, rec := range a.Commands {
			if rec.ReadOnly && len(rec.Findings) > 0 {
				t.Fatalf("command %d is read-only with findings %v", i, rec.Findings)
			}
		}
		if a.AllReadOnly && len(a.AllFindings()) > 0 {
			t.Fatalf("read-only with findings %v", a.Kinds())
		}
		_, parseErr := syntax.NewParser().Parse(strings.NewReader(src), "")
		unparsed := parseErr != nil
		if unparsed && !a.Incomplete() {
			t.Fatalf("bash cannot parse %q but the analysis has no parse_error", src)
		}
		for _, mode := range Modes {
			out := Decide(a, Settings{Mode: mode}, nil)
			if out.Reason == "" || strings.ContainsRune(out.Reason, '\n') && mode != ModeBypass {
				t.Fatalf("mode %s: reason %q is not one line", mode, out.Reason)
			}
			if out.Decision == Allow && a.Incomplete() {
				t.Fatalf("mode %s allowed input it could not read: %q", mode, src)
			}
			if out.Decision == Allow && a.Severity == validator.Severe && mode != ModeBypass {
				t.Fatalf("mode %s allowed a severe command: %q", mode, src)
			}
			checkActions(t, a, mode, out, src)
		}
	})
}

// everyClass gives every effect class the action.
func everyClass(act Action) Actions {
	var p Actions
	for _, info := range effect.All() {
		p.Set(info.Class, act, "fuzz")
	}
	return p
}

// strictness orders decisions: an allow is the loosest.
func strictness(d Decision) int {
	return map[Decision]int{Allow: 0, Defer: 1, Ask: 2, Deny: 3}[d]
}

// checkActions holds the action policies to the pipeline for one analysis
// and mode, against the decision without them (base): a deny or an ask of
// every class is never looser than base, and the deny denies whatever has a
// class; an allow of every class changes only what the mode decided outside
// plan (a default-mode ask), never a finding's, a rule's or plan's answer,
// and never allows what permgate could not read.
func checkActions(t *testing.T, a validator.Analysis, mode Mode, base Outcome, src string) {
	hasClass := false
	for _, rec := range a.Commands {
		hasClass = hasClass || rec.Effects != 0
	}
	deny := Decide(a, Settings{Mode: mode, Actions: everyClass(ActionDeny)}, nil)
	if strictness(deny.Decision) < strictness(base.Decision) || hasClass && deny.Decision != Deny {
		t.Fatalf("mode %s: deny of every class gave %s (%s) over %s: %q", mode, deny.Decision, deny.Reason, base.Decision, src)
	}
	ask := Decide(a, Settings{Mode: mode, Actions: everyClass(ActionAsk)}, nil)
	if strictness(ask.Decision) < strictness(base.Decision) {
		t.Fatalf("mode %s: ask of every class gave %s over %s: %q", mode, ask.Decision, base.Decision, src)
	}
	allow := Decide(a, Settings{Mode: mode, Actions: everyClass(ActionAllow)}, nil)
	if allow.Decision != base.Decision && !(mode == ModeDefault && base.By == "mode" && allow.By == "action") {
		t.Fatalf("mode %s: allow of every class turned %s by %s into %s by %s: %q", mode, base.Decision, base.By, allow.Decision, allow.By, src)
	}
	if allow.Decision == Allow && (a.Incomplete() || a.Severity == validator.Severe && mode != ModeBypass) {
		t.Fatalf("mode %s: allow of every class allowed what it must not: %q", mode, src)
	}
}
