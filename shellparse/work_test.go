package shellparse

import (
	"strings"
	"testing"
)

// tooComplexReasons returns the reasons of a result's too_complex problems.
func tooComplexReasons(res Result) string {
	var out []string
	for _, p := range res.Problems {
		if p.Kind == ProblemTooComplex {
			out = append(out, p.Reason)
		}
	}
	return strings.Join(out, "; ")
}

// TestBoundsNeverSilent: every bound the walk meets is reported as
// too_complex; none cuts the analysis short without saying so (a command
// cut short would otherwise be judged as the wrapper it still starts with).
func TestBoundsNeverSilent(t *testing.T) {
	known := func(name string) bool { return name == "cat" || name == "rm" }
	tests := []struct {
		name, src, want string
		opts            Options
	}{
		{"wrappers past maxUnwrap", strings.Repeat("nice ", maxUnwrap+1) + "rm -rf ~", "wrappers around one command", Options{}},
		{"an unknown program's suffixes past maxSuffixes", "foo " + strings.Repeat("cat x ", maxSuffixes+1) + "-- rm -rf ~", "places in one unknown program's words", Options{Known: known, MaxWork: 1 << 30}},
		{"find -exec nested past the depth", strings.Repeat("find . -exec ", DefaultMaxDepth+2) + "rm -rf ~", "find -exec nested more than", Options{}},
		{"the work bound", strings.Repeat("eval x ", 400) + "rm -rf ~", "steps, the bound", Options{MaxWork: 20000, Known: known}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := NewParser(tt.opts).ParseScript(tt.src)
			if got := tooComplexReasons(res); !strings.Contains(got, tt.want) {
				t.Fatalf("too_complex %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWrapperChainWithinBounds: up to maxUnwrap wrappers are all unwrapped,
// each at the cost of its own words, so the command inside is found.
func TestWrapperChainWithinBounds(t *testing.T) {
	for _, prefix := range []string{"nice ", "sudo -u root ", "timeout 5 ", "env A=1 ", "command ", "xargs "} {
		src := strings.Repeat(prefix, maxUnwrap) + "rm -rf ~"
		res := NewParser(Options{}).ParseScript(src)
		if reasons := tooComplexReasons(res); reasons != "" {
			t.Fatalf("%q ×%d: too_complex %s", prefix, maxUnwrap, reasons)
		}
		last := res.Commands[len(res.Commands)-1]
		if last.Name != "rm" || len(last.Wrappers) != maxUnwrap {
			t.Fatalf("%q ×%d: last command %s with %d wrappers", prefix, maxUnwrap, last.Name, len(last.Wrappers))
		}
		// Each wrapper looks at its own words, not the chain's: the steps
		// grow with the chain, not with its square.
		if limit := 2 * stepWindow * maxUnwrap; res.Work > limit+recordWeight*recordWords(last)+len(src) {
			t.Fatalf("%q ×%d: %d steps", prefix, maxUnwrap, res.Work)
		}
	}
}

// TestWorkCutKeepsBothEnds: a command too large for the work left is still
// judged by its first and last words, so rm -rf ~ followed, or preceded, by
// 100,000 words is still rm -rf ~, and too_complex says the rest was not.
func TestWorkCutKeepsBothEnds(t *testing.T) {
	for _, src := range []string{"rm -rf ~" + strings.Repeat(" x", 99990), "rm -rf" + strings.Repeat(" x", 99990) + " ~"} {
		res := NewParser(Options{Home: "/home/u"}).ParseScript(src)
		if !strings.Contains(tooComplexReasons(res), "only the first") {
			t.Fatalf("problems %v, want the command cut", res.Problems)
		}
		if len(res.Commands) != 1 {
			t.Fatalf("%d commands, want the one cut short", len(res.Commands))
		}
		argv := res.Commands[0].Argv
		home := 0
		for _, w := range argv {
			if w.Text == "/home/u" {
				home++
			}
		}
		if len(argv) < minJudgedWords || len(argv) >= 99993 || argv[1].Text != "-rf" || home != 1 {
			t.Fatalf("cut command has %d words, %d of them ~, starting %v", len(argv), home, argv[:3])
		}
		if res.Work > WorkBound(len(src))+recordWeight*len(argv) {
			t.Fatalf("%d steps, over the bound %d", res.Work, WorkBound(len(src)))
		}
	}
}

// TestWorkGrowsWithInput: the default bound grows with the input and stops
// at DefaultMaxWork beyond reading it.
func TestWorkGrowsWithInput(t *testing.T) {
	if WorkBound(1000) >= WorkBound(100000) {
		t.Fatal("the bound does not grow with the input")
	}
	if got, want := WorkBound(DefaultMaxBytes), DefaultMaxBytes+DefaultMaxWork; got != want {
		t.Fatalf("WorkBound(max) = %d, want %d", got, want)
	}
	if got := (Options{MaxWork: 7}).workBound(1 << 20); got != 7 {
		t.Fatalf("MaxWork set: bound %d, want 7", got)
	}
}

// TestValueCopiesCharged: copying a known value into a word costs work
// for its bytes, so a long value used many times reaches the work bound
// instead of making words far larger than the script.
func TestValueCopiesCharged(t *testing.T) {
	value := strings.Repeat("A", 60000)
	src := "x=" + value + strings.Repeat("; echo $x", 30)
	res := NewParser(Options{MaxWork: 1 << 30}).ParseScript(src)
	if copies := 30 * len(value) / 16; res.Work < len(src)+copies {
		t.Fatalf("%d steps: the 30 copies of the value (%d steps) are not counted", res.Work, copies)
	}
	res = NewParser(Options{MaxWork: len(src) + 30*len(value)/32}).ParseScript(src)
	if got := tooComplexReasons(res); !strings.Contains(got, "steps, the bound") {
		t.Fatalf("too_complex %q, want the work bound", got)
	}
	src = "x=" + value + "; echo" + strings.Repeat(" $x", 40000)
	res = NewParser(Options{}).ParseScript(src)
	if tooComplexReasons(res) == "" {
		t.Fatal("a 60 KB value used 40,000 times: no too_complex")
	}
	total := 0
	for _, c := range res.Commands {
		for _, w := range c.Argv {
			total += len(w.Text)
		}
	}
	// At most 16 bytes a step of the default bound are copied.
	if limit := 16 * WorkBound(len(src)); total > limit {
		t.Fatalf("%d bytes of words for a %d-byte script, more than %d", total, len(src), limit)
	}
	// Used a few times, the value is followed within the default bound.
	res = NewParser(Options{}).ParseScript("x=" + value + strings.Repeat("; echo $x", 3))
	if got := tooComplexReasons(res); got != "" || len(res.Commands) != 4 || res.Commands[3].Argv[1].Text != value {
		t.Fatalf("a value used 3 times: too_complex %q, %d commands", got, len(res.Commands))
	}
}
