package runs

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/codescan"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/runfiles"
)

// TestShebang: the #! line names the interpreter, through env and env -S;
// no #! is a shell script unless the file is binary.
func TestShebang(t *testing.T) {
	for _, tc := range []struct {
		text  string
		shell bool
		code  codescan.Lang
	}{
		{"#!/bin/sh\nrm x", true, 0},
		{"#!/usr/bin/env bash\n", true, 0},
		{"#!/usr/bin/env -S bash -eu\n", true, 0},
		{"#!/usr/bin/python3\n", false, codescan.Python},
		{"#!/usr/bin/env python3.12\n", false, codescan.Python},
		{"#!/usr/bin/env -S node --no-warnings\n", false, codescan.JavaScript},
		{"#! /usr/bin/env ruby\r\n", false, codescan.Ruby},
		{"echo no shebang\n", true, 0},
		{"\x7fELF\x02\x01\x00\x00", false, 0},
		{"#!\n", true, 0},
	} {
		got := Shebang(tc.text)
		if got.Shell != tc.shell || got.Code != tc.code {
			t.Errorf("Shebang(%q) = %+v, want shell %v code %v", tc.text, got, tc.shell, tc.code)
		}
	}
}

// fakeHost records what the room asks; RunsShell answers readOnly for
// texts without "rm".
type fakeHost struct {
	files     runfiles.Files
	reports   []string
	shells    []string
	codes     []string
	downloads map[string]bool
}

func (f *fakeHost) Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string) {
	f.reports = append(f.reports, string(kind)+"."+name)
}
func (f *fakeHost) Resolve(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return "/p/" + p
}
func (f *fakeHost) Dir() string                    { return "/p" }
func (f *fakeHost) RunsPermgate(string) bool       { return false }
func (f *fakeHost) RunsFiles() runfiles.Files      { return f.files }
func (f *fakeHost) RunsDirs() runfiles.Dirs        { return nil }
func (f *fakeHost) Home() string                   { return "/home/u" }
func (f *fakeHost) RunsDownloaded(abs string) bool { return f.downloads[abs] }
func (f *fakeHost) RunsShellIn(text, how, dir string) bool {
	f.shells = append(f.shells, text)
	return !strings.Contains(text, "rm")
}
func (f *fakeHost) RunsCode(name, text, how string, lang codescan.Lang, _ bool) codescan.Report {
	f.codes = append(f.codes, text)
	return codescan.Scan(lang, text)
}

// TestFile: files are read from disk or from what the script wrote; a copy
// runs its source; unknown content, unreadable files and the budget ask.
func TestFile(t *testing.T) {
	disk := runfiles.Map{"/p/a.sh": "ls", "/p/rm.sh": "rm -rf ~", "/p/x.py": "print(1)", "/p/tool": "#!/usr/bin/env python3\nprint(1)"}
	shell := Lang{Shell: true}
	t.Run("disk", func(t *testing.T) {
		h := &fakeHost{files: disk}
		var s State
		var b Budget
		if r := s.File(h, &b, "bash", "a.sh", shell, "a.sh"); !r.Read || !r.ReadOnly {
			t.Errorf("a.sh: %+v", r)
		}
		if r := s.File(h, &b, "bash", "rm.sh", shell, "rm.sh"); !r.Read || r.ReadOnly {
			t.Errorf("rm.sh: %+v", r)
		}
		if r := s.File(h, &b, "./tool", "tool", Lang{}, "tool"); !r.Read || !r.Project || len(h.codes) != 1 {
			t.Errorf("tool: %+v codes %q", r, h.codes)
		}
		if r := s.File(h, &b, "bash", "missing.sh", shell, "missing.sh"); r.Read || len(h.reports) != 0 {
			t.Errorf("missing: %+v reports %q", r, h.reports)
		}
	})
	t.Run("written", func(t *testing.T) {
		h := &fakeHost{files: disk}
		var s State
		var b Budget
		s.Wrote("/p/a.sh", "rm -rf /", true, false)
		s.File(h, &b, "bash", "a.sh", shell, "a.sh")
		s.Wrote("/p/b.sh", "echo one; ", true, false)
		s.Wrote("/p/b.sh", "rm x", true, true)
		s.File(h, &b, "bash", "b.sh", shell, "b.sh")
		s.Copied("/p/rm.sh", "/tmp/c.sh")
		s.File(h, &b, "bash", "/tmp/c.sh", shell, "c.sh")
		if want := []string{"rm -rf /", "echo one; rm x", "rm -rf ~"}; strings.Join(h.shells, "|") != strings.Join(want, "|") {
			t.Errorf("shell texts %q, want %q", h.shells, want)
		}
		s.Wrote("/p/d.sh", "", false, false)
		s.File(h, &b, "bash", "d.sh", shell, "d.sh")
		h.downloads = map[string]bool{"/p/e.sh": true}
		s.Wrote("/p/e.sh", "", false, false)
		s.File(h, &b, "bash", "e.sh", shell, "e.sh")
		if strings.Join(h.reports, ",") != "too_complex.script_written" {
			t.Errorf("reports %q, want one script_written (the download is judged where it is downloaded)", h.reports)
		}
	})
	t.Run("unreadable", func(t *testing.T) {
		h := &fakeHost{files: errFiles{runfiles.ErrTooLarge}}
		var s State
		var b Budget
		s.File(h, &b, "bash", "a.sh", shell, "a.sh")
		if strings.Join(h.reports, ",") != "too_complex.script_unread" {
			t.Errorf("reports %q", h.reports)
		}
	})
	t.Run("budget", func(t *testing.T) {
		h := &fakeHost{files: disk}
		var s State
		b := Budget{Files: MaxFiles}
		s.File(h, &b, "bash", "a.sh", shell, "a.sh")
		if strings.Join(h.reports, ",") != "too_complex.script_files" || len(h.shells) != 0 {
			t.Errorf("reports %q shells %q", h.reports, h.shells)
		}
	})
}

// errFiles fails every read with err.
type errFiles struct{ err error }

func (e errFiles) Read(string) (string, error) { return "", e.err }

// TestNamesPlugins reads a plugins setting in INI and TOML configs.
func TestNamesPlugins(t *testing.T) {
	for text, want := range map[string]bool{
		"[mypy]\nplugins = a.b\n":          true,
		"[tool.mypy]\nplugins = [\"x\"]\n": true,
		"[mypy]\nstrict = true\n":          false,
		"# plugins are not used\n":         false,
		"[mypy]\nplugins_dir = x\n":        false,
	} {
		if got := NamesPlugins(text); got != want {
			t.Errorf("NamesPlugins(%q) = %v, want %v", text, got, want)
		}
	}
}
