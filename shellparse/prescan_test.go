package shellparse

import (
	"strings"
	"testing"
)

// fill repeats unit to fill most of the input limit around head and tail.
func fill(head, unit, tail string) string {
	n := (DefaultMaxBytes - len(head) - len(tail) - 64) / len(unit)
	return head + strings.Repeat(unit, n) + tail
}

// TestWorstInputs runs the worst inputs found for the parser, each near the
// 2 MiB input limit: every one gets a result (no stack overflow), the deep and
// long ones too_complex. Their memory and time are in README.md (measured with
// permgate hook and /usr/bin/time; no timing here).
func TestWorstInputs(t *testing.T) {
	half := func(open, close string) string {
		n := (DefaultMaxBytes - 64) / 2 / len(open)
		return strings.Repeat(open, n) + "ls" + strings.Repeat(close, n)
	}
	tests := []struct {
		name string
		src  string
		want string // part of a too_complex reason; "" when none is wanted
	}{
		{"arithmetic parens", fill("echo $((", "(", "1"), "nested more than 256"},
		{"arithmetic parens balanced", "echo $((" + half("(", ")") + "))", "nested more than 256"},
		{"subshells", fill("", "(", "ls"), "nested more than 256"},
		{"subshells balanced", half("(", ")"), "nested more than 256"},
		{"command substitutions", fill("echo ", "$(echo ", ""), "nested more than 256"},
		{"command substitutions in quotes", fill("echo \"", "$(echo \"", ""), "nested more than 256"},
		{"backticks", fill("echo ", "`echo \\", ""), "too_complex"},
		{"parameter defaults", fill("echo ", "${a:-", ""), "nested more than 256"},
		{"brace groups", fill("", "{ ", "ls"), "nested more than 256"},
		{"[[ parens", fill("[[ ", "( ", "a"), "nested more than 256"},
		{"array indexes", fill("echo ${a[", "a[", ""), "nested more than 256"},
		{"case patterns closing substitutions", fill("echo $(", "case a in a) $(", ""), "nested more than 256"},
		{"ifs", strings.Repeat("if true; then ", 24000) + "ls" + strings.Repeat("; fi", 24000), "nested more than 256"},
		{"loops", strings.Repeat("while true; do ", 24000) + "ls" + strings.Repeat("; done", 24000), "nested more than 256"},
		{"functions", fill("", "f() { ", ""), "nested more than 256"},
		{"extglob", fill("echo ", "@(a|", ""), "nested more than 256"},
		{"quote in a here-document", "cat <<E\n'\nE\n" + fill("echo $((", "(", ""), "nested more than 256"},
		{"unary not", fill("echo $((", "!", "1))"), "more than 1024 operators"},
		{"unary minus", fill("echo $((", "- ", "1))"), "more than 1024 operators"},
		{"assignment chain", fill("echo $((", "a=", "1))"), "more than 1024 operators"},
		{"ternary chain", fill("echo $((", "1?1:", "1))"), "more than 1024 operators"},
		{"binary chain", fill("echo $((", "1+", "1))"), "more than 1024 operators"},
		{"spaced binary chain", "echo $(( " + strings.Repeat("1 + ", 49000) + "1 ))", "more than 1024 operators"},
		{"let chain", fill("let a=", "1+", "1"), "more than 1024 operators"},
		{"index chain", fill("echo ${a[", "1+", "1]}"), "more than 1024 operators"},
		{"[[ negations", fill("[[ ", "! ", "a ]]"), "more than 1024 operators"},
		{"[[ and chain", fill("[[ ", "a && ", "a ]]"), "more than 1024 operators"},
		{"100k-word command", fill("echo", " a", ""), "more than 100000 words"},
		{"parameters in one word", fill("echo ", "$a", ""), "more than 100000 words"},
		{"parameters in quotes", fill("echo", ` "$a$a$a$a$a$a$a$a"`, ""), "more than 100000 words"},
		{"long pipeline", fill("ls", " | ls", ""), "more than 100000 words"},
		{"long and-list", fill("true", " && true", ""), "more than 100000 words"},
		{"semicolons", fill("a", ";a", ""), "more than 100000 words"},
		// Words that look like closers but are not.
		{"echo } in groups", fill("", "{ echo }\n", ""), "nested more than 256"},
		{"echo fi in ifs", fill("", "if true; then echo fi; ", ""), "nested more than 256"},
		{"echo done in loops", fill("", "while true; do echo done; ", ""), "nested more than 256"},
		{"shift before parens", "echo $((1<<2))\n" + fill("", "(", "ls"), "nested more than 256"},
		{"function headers in a row", fill("", "f() ", "ls"), "nested more than 256"},
		{"empty function headers", fill("", "()", "0"), "nested more than 256"},
		// Accepted: just inside the bounds.
		{"arithmetic 250 deep", "echo $((" + strings.Repeat("(", 250) + "1" + strings.Repeat(")", 250) + "))", ""},
		{"subshells 250 deep", strings.Repeat("(", 250) + "ls" + strings.Repeat(")", 250), ""},
		{"1000 operators", "echo $((" + strings.Repeat("1+", 1000) + "1))", ""},
		{"12000 words", "echo" + strings.Repeat(" a", 12000), ""},
		{"15000 long words", "echo" + strings.Repeat(" aaaaaaaaaaaaaaaaaaa", 15000), ""},
		{"12000 parameters", "echo" + strings.Repeat(" $a", 12000), ""},
		// Within the pre-scan's bounds, but more words in one command than
		// the work bound lets the analysis judge: cut, and too_complex.
		{"99990 words", "echo" + strings.Repeat(" a", 99990), "only the first"},
		{"99990 long words", "echo" + strings.Repeat(" aaaaaaaaaaaaaaaaaaa", 99990), "only the first"},
		{"49990 parameters", "echo" + strings.Repeat(" $a", 49990), "only the first"},
		{"99990 parameters in one word", "echo " + strings.Repeat("$a", 99990), ""},
		{"many-alternative braces then a long word", "echo " + strings.Repeat("{"+strings.Repeat("a,", 99)+"a}", 5) + strings.Repeat("x", DefaultMaxBytes-2000), ""},
		{"99990-element array", "a=(" + strings.Repeat(" a", 99990) + ")", ""},
		{"brace expansions", fill("echo ", "{a,b}", ""), ""},
		{"globs", fill("echo ", "[a]", ""), ""},
		{"empty substitutions", "echo " + strings.Repeat("$()", 20000), ""},
		{"300 functions", strings.Repeat("f() { ls; }\n", 300), ""},
		{"one long word", fill("echo ", "a", ""), ""},
		{"big here-document", "cat <<EOF\n" + strings.Repeat(strings.Repeat("a ", 35)+"\n", 29000) + "EOF\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.src) > DefaultMaxBytes {
				t.Fatalf("input is %d bytes, over the limit", len(tt.src))
			}
			res := NewParser(Options{}).ParseScript(tt.src)
			var reasons []string
			for _, p := range res.Problems {
				if p.Kind == ProblemTooComplex {
					reasons = append(reasons, p.Reason)
				}
			}
			got := strings.Join(reasons, "; ")
			switch {
			case tt.want == "" && got != "":
				t.Fatalf("too_complex: %s", got)
			case tt.want == "too_complex" && got == "":
				t.Fatalf("no too_complex problem (problems %v)", res.Problems)
			case tt.want != "" && tt.want != "too_complex" && !strings.Contains(got, tt.want):
				t.Fatalf("too_complex %q, want %q", got, tt.want)
			}
		})
	}
}

// TestPrescanQuoting: what bash does not parse (quoted text, comments, a
// quoted here-document's body) does not count as nesting, and what it does
// parse (substitutions in double quotes and here-documents) does.
func TestPrescanQuoting(t *testing.T) {
	deep := strings.Repeat("(", 300)
	subst := strings.Repeat("$(", 300)
	tests := []struct {
		name string
		src  string
		deep bool
	}{
		{"single quotes", "echo '" + deep + "'", false},
		{"double quotes", `echo "` + deep + `"`, false},
		{"ANSI-C quotes", `echo $'\'` + deep + `'`, false},
		{"escaped", "echo " + strings.Repeat(`\(`, 300), false},
		{"comment", "ls # " + deep + "\nls", false},
		{"quoted here-document", "cat <<'EOF'\n" + subst + "\nEOF\nls", false},
		{"here-document then more", "cat <<-EOF\n\t" + deep + "\n\tEOF\nls", false},
		{"balanced", strings.Repeat("(ls) ", 1000), false},
		{"hash inside a word", "echo a#" + deep, true},
		{"substitutions in double quotes", `echo "` + subst, true},
		{"substitutions in a here-document", "cat <<EOF\n" + subst + "\nEOF\n", true},
		{"after a here-document", "cat <<'EOF'\n'\nEOF\n" + subst, true},
		{"after a closed case", "case a in a) ;; esac; " + deep, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reason := prescan(tt.src, DefaultMaxNesting, DefaultMaxWords, maxArithOperators)
			if got := strings.Contains(reason, "nested more than"); got != tt.deep {
				t.Fatalf("prescan %q: deep %v, want %v", reason, got, tt.deep)
			}
		})
	}
}
