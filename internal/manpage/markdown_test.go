package manpage

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	md := "# Title\n\nIntro with `code`, **strong**, *em* and a [link](other.md) to [the web](https://x.example/a).\n\n" +
		"## Section one\n\n- item `a`\n  goes on\n  - nested\n- second\n\nAfter the list.\n\n" +
		"### Sub\n\n| key | what |\n|---|---|\n| `mode` | the mode |\n\n" +
		"```toml\n.starts = \"with a dot\"\n```\n\n<!-- left out -->\n\n1. first\n2. second\n\nA line\n.dotted word at a line start \\*not em\\*.\n"
	p := New("t", 5, "", "s", "m")
	p.Markdown(md, false)
	got := p.String()
	for _, want := range []string{
		"Intro with \\fBcode\\fR, \\fBstrong\\fR, \\fIem\\fR and a link to the web <https://x.example/a>.",
		`.SH "SECTION ONE"`, `.SS "Sub"`,
		".RS 2\n.IP \"\\(bu\" 3\nitem \\fBa\\fR goes on\n.RS 2\n.IP \"\\(bu\" 3\nnested\n.RE\n.IP \"\\(bu\" 3\nsecond\n.RE\n.PP\nAfter the list.",
		".TP\n\\fBmode\\fR\nthe mode\n",
		".nf\n\\&.starts = \"with a dot\"\n.fi",
		".IP \"1.\" 3\nfirst\n.IP \"2.\" 3\nsecond\n",
		"\\&.dotted word", "*not em*.",
	} {
		if !strings.Contains(got, want) && !strings.Contains(strings.ReplaceAll(got, "\n", " "), want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"Title", "left out", "other.md", "key", "---"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("has %q:\n%s", unwanted, got)
		}
	}
	// With section set, the title is a section and ## a subsection.
	p = New("t", 7, "", "s", "m")
	p.Markdown(md, true)
	if got := p.String(); !strings.Contains(got, `.SH "TITLE"`) || !strings.Contains(got, `.SS "Section one"`) {
		t.Errorf("a page of several documents:\n%s", got)
	}
}
