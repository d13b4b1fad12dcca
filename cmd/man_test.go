package cmd

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/permgate.1 from the command tree")

// manPath is the committed man page.
var manPath = filepath.Join("..", "docs", "permgate.1")

// TestManPage fails when docs/permgate.1 is not what `permgate man` prints,
// the date aside: regenerate it with `go test ./cmd -run TestManPage -update`
// (which dates it today).
func TestManPage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Main([]string{"man"}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("permgate man: exit %d: %s", code, errOut.String())
	}
	if *update {
		if err := os.WriteFile(manPath, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(manPath)
	if err != nil {
		t.Fatalf("%v (make it with `go test ./cmd -run TestManPage -update`)", err)
	}
	if got, want := undated(out.String()), undated(string(want)); got != want {
		t.Fatalf("%s is out of date: regenerate it with `go test ./cmd -run TestManPage -update`\n%s", manPath, firstDiff(want, got))
	}
}

// thDate is the date in a page's .TH line.
var thDate = regexp.MustCompile(`(?m)^(\.TH "[^"]*" \d+ )"[^"]*"`)

// undated is a page with the date of its .TH line taken out.
func undated(page string) string { return thDate.ReplaceAllString(page, `$1""`) }

// firstDiff names the first line where got differs from want.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\n  committed: " + wl + "\n  generated: " + gl
		}
	}
	return ""
}

// The page describes every visible command and flag, and no hidden one.
func TestManPageCoversTheCommands(t *testing.T) {
	var out bytes.Buffer
	root := newRoot(streams{in: strings.NewReader(""), out: &out, err: &out, host: &host{environ: environOf(map[string]string{})}})
	page := manPage(root, "2026-12-01")
	for _, want := range []string{
		`.SS "permgate githook"`, `.SS "permgate rules add"`, `.SS "permgate config show"`, `.SS "permgate man"`,
		`\fB\-\-prompt\-timeout\fR \fIDURATION\fR`, `\fB\-n\fR, \fB\-\-lines\fR \fIN\fR`, `\fB\-\-config\fR \fIFILE\fR`,
		`.TH "PERMGATE" 1 "2026-12-01" "permgate" "User Commands"`, `.SH "EXIT STATUS"`, `.SH "ENVIRONMENT"`, `.SH "FILES"`, `\fBPERMGATE_SHELL\fR`, `\fB126\fR`,
		`permgate exec \-\- \(aqmake test && git status\(aq`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	for _, unwanted := range []string{`"permgate guard"`, `"permgate help"`, `\-\-next`, `"permgate completion bash"`} {
		if strings.Contains(page, unwanted) {
			t.Errorf("the page has %q", unwanted)
		}
	}
}

// groff, where it is installed, reads the committed page without a warning.
func TestManPageGroffClean(t *testing.T) {
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Skip("groff is not installed")
	}
	out, err := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z", manPath).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("groff -man -ww %s: %v\n%s", manPath, err, out)
	}
}

// mandoc, where it is installed, finds nothing to say about the committed
// page, not even style.
func TestManPageMandocLint(t *testing.T) {
	mandoc, err := exec.LookPath("mandoc")
	if err != nil {
		t.Skip("mandoc is not installed")
	}
	out, err := exec.Command(mandoc, "-T", "lint", "-W", "style", manPath).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("mandoc -T lint %s: %v\n%s", manPath, err, out)
	}
}

// TestDocManPages fails when a page made of docs/ (permgate man config,
// security, harnesses) differs from its committed copy, the date aside —
// regenerate them with `go test ./cmd -run TestDocManPages -update` — or
// when groff, where installed, warns about one.
func TestDocManPages(t *testing.T) {
	groff, _ := exec.LookPath("groff")
	for _, d := range docManPages {
		t.Run(d.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := Main([]string{"man", d.name}, strings.NewReader(""), &out, &errOut); code != 0 {
				t.Fatalf("permgate man %s: exit %d: %s", d.name, code, errOut.String())
			}
			path := filepath.Join("..", "docs", d.title+"."+strconv.Itoa(d.section))
			if *update {
				if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (make it with `go test ./cmd -run TestDocManPages -update`)", err)
			}
			if got, want := undated(out.String()), undated(string(want)); got != want {
				t.Fatalf("%s is out of date: regenerate it with `go test ./cmd -run TestDocManPages -update`\n%s", path, firstDiff(want, got))
			}
			for _, f := range d.files {
				md, err := os.ReadFile(filepath.Join("..", "docs", f))
				if err != nil {
					t.Fatal(err)
				}
				// Each document's first paragraph is on the page: its first
				// plain word of four letters or more.
				para := strings.SplitN(string(md), "\n\n", 3)[1]
				for _, w := range strings.Fields(para) {
					if len(w) >= 4 && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
						if !strings.Contains(out.String(), w) {
							t.Errorf("docs/%s's text (%q) is not on the page", f, w)
						}
						break
					}
				}
			}
			if groff != "" {
				c := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
				c.Stdin = bytes.NewReader(out.Bytes())
				if msg, err := c.CombinedOutput(); err != nil || len(msg) > 0 {
					t.Errorf("groff -man -ww: %v\n%s", err, msg)
				}
			}
		})
	}
	var errOut bytes.Buffer
	if code := Main([]string{"man", "nope"}, strings.NewReader(""), new(bytes.Buffer), &errOut); code != 1 || !strings.Contains(errOut.String(), `no manual page "nope" (want config, security, harnesses)`) {
		t.Errorf("permgate man nope: exit %d: %s", code, errOut.String())
	}
}
