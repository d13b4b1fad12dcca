package manpage

import (
	"os/exec"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain words", "plain words"},
		{`back\slash \fB not bold`, `back\eslash \efB not bold`},
		{"--mode plan -n", `\-\-mode plan \-n`},
		{".SH not a request", `\&.SH not a request`},
		{"'br not a request", `\&\(aqbr not a request`},
		{"one\n.two\n'three\nfour.", "one\n\\&.two\n\\&\\(aqthree\nfour."},
		{"a . in the middle", "a . in the middle"},
		{"it's `x` ^y ~/z", `it\(aqs \(gax\(ga \(hay \(ti/z`},
		{"rm -rf / — deletes", `rm \-rf / \[u2014] deletes`},
		{"✔ and 😀", `\[u2714] and \[u1F600]`},
		{"bell\a esc\x1b[31m nul\x00 del\x7f", "bell esc[31m nul del"},
		{"tab\there", "tab\there"},
		{"bad \xff byte", "bad  byte"},
	} {
		if got := string(Escape(tc.in)); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// No output line of a page starts a request by accident: every line that
// starts with . or ' is one the page meant.
func TestPageLinesStartNoStrayRequest(t *testing.T) {
	p := New("tool", 1, "", "tool 1.0", "User Commands")
	p.Section("name")
	p.Text("tool \\- does things")
	p.Section("description")
	p.Text(".hidden request\n'another\nfill me\n\n  .indented literal\n  'too\n\n\n.after blank lines")
	p.Tagged(Bold("--flag")+" "+Italic("VALUE"), ".starts with a dot\n\nsecond paragraph")
	p.Line(Escape(".line"), true)
	p.Line(".raw", false)
	p.Literal("  $ tool --x\n\n  .dot\n")
	allowed := map[string]bool{".TH": true, ".nh": true, ".ad": true, ".SH": true, ".SS": true, ".PP": true, ".TP": true, ".IP": true, ".RS": true, ".RE": true, ".nf": true, ".fi": true, ".br": true, ".sp": true, `.\"`: true}
	for i, l := range strings.Split(strings.TrimSuffix(p.String(), "\n"), "\n") {
		if l == "" {
			t.Errorf("line %d is empty (a blank output line in roff)", i+1)
		}
		if strings.HasPrefix(l, ".") || strings.HasPrefix(l, "'") {
			req, _, _ := strings.Cut(l, " ")
			if !allowed[req] {
				t.Errorf("line %d starts a request: %q", i+1, l)
			}
		}
	}
	for _, want := range []string{
		`.TH "TOOL" 1 "" "tool 1.0" "User Commands"`,
		`.SH "NAME"`,
		`.SH "DESCRIPTION"`,
		".SH \"DESCRIPTION\"\n\\&.hidden request \\&\\(aqanother fill me\n",
		".PP\n.RS 4\n.nf\n\\&.indented literal\n\\&\\(aqtoo\n.fi\n.RE\n",
		".TP\n\\fB\\-\\-flag\\fR \\fIVALUE\\fR\n\\&.starts with a dot\n.IP\nsecond paragraph\n",
		"\\&.line\n.br\n",
		"\\&.raw\n",
		".nf\n$ tool \\-\\-x\n.sp\n\\&.dot\n.fi\n",
	} {
		if !strings.Contains(p.String(), want) {
			t.Errorf("page lacks %q:\n%s", want, p.String())
		}
	}
}

// Filled text is broken into input lines of at most lineWidth bytes, and a
// word that starts with . is guarded wherever a line breaks before it; a
// heading starts the paragraph, so none follows it.
func TestFillWraps(t *testing.T) {
	p := New("x", 1, "", "", "")
	p.Section("description")
	p.Text(strings.Repeat("word ", 30) + ".dotted " + strings.Repeat("more ", 30))
	out := p.String()
	if strings.Contains(out, ".SH \"DESCRIPTION\"\n.PP") {
		t.Errorf("a paragraph macro follows the heading:\n%s", out)
	}
	body := out[strings.Index(out, "DESCRIPTION\"\n")+len("DESCRIPTION\"\n"):]
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	if len(lines) < 3 {
		t.Fatalf("not wrapped:\n%s", body)
	}
	words := 0
	for _, l := range lines {
		if len(l) > lineWidth {
			t.Errorf("line of %d bytes: %q", len(l), l)
		}
		if strings.HasPrefix(l, ".") {
			t.Errorf("line starts a request: %q", l)
		}
		words += len(strings.Fields(l))
	}
	if words != 61 || !strings.Contains(body, "\\&.dotted") {
		t.Errorf("%d words, want 61:\n%s", words, body)
	}
}

func TestQuoteArg(t *testing.T) {
	p := New("x", 1, "", "", "")
	p.Subsection(`say "hi"`)
	if !strings.Contains(p.String(), `.SS "say \(dqhi\(dq"`) {
		t.Errorf("subsection: %s", p.String())
	}
}

// groff, where it is installed, reads the page without a warning and prints
// the text as written.
func TestGroffRenders(t *testing.T) {
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("groff is not installed")
	}
	p := New("tool", 1, "", "tool", "User Commands")
	p.Section("synopsis")
	p.Line(Bold("tool check")+" "+Escape("[--json] -- 'CMD...'"), true)
	p.Section("description")
	p.Text(".dot and 'quote, back\\slash, rm -rf ~/x — ok")
	p.Literal("  permgate exec -- 'make test && git status'")
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(p.String())
	if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
		t.Fatalf("groff -ww: %v\n%s", err, out)
	}
	cmd = exec.Command(groff, "-man", "-Tutf8")
	cmd.Stdin = strings.NewReader(p.String())
	cmd.Env = []string{"GROFF_NO_SGR=1", "PATH=/usr/bin:/bin"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("groff: %v", err)
	}
	text := stripOverstrike(string(out))
	for _, want := range []string{"tool check [--json] -- 'CMD...'", ".dot and 'quote, back\\slash, rm -rf ~/x — ok", "permgate exec -- 'make test && git status'"} {
		if !strings.Contains(text, want) {
			t.Errorf("groff output lacks %q:\n%s", want, text)
		}
	}
}

// stripOverstrike removes the backspace overstriking grotty uses for bold
// and underline.
func stripOverstrike(s string) string {
	r := []rune(s)
	var out []rune
	for i := 0; i < len(r); i++ {
		if i+1 < len(r) && r[i+1] == '\b' {
			i++
			continue
		}
		out = append(out, r[i])
	}
	return string(out)
}
