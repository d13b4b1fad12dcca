package validator

import (
	"slices"
	"strings"
	"testing"
)

// TestPathDirsThroughLinks: a write that reaches a $PATH directory through a
// link, or a $PATH entry given in an odd spelling, is still protected_write;
// relative entries are ignored.
func TestPathDirsThroughLinks(t *testing.T) {
	env := Env{Cwd: "/home/u/project", Home: "/home/u", TmpDir: "/tmp",
		PathDirs: []string{"/opt/tools//bin/", "bin", ".", ""},
		Resolve: func(p string) string {
			if rest, ok := strings.CutPrefix(p, "/home/u/link"); ok {
				return "/opt/tools/bin" + rest
			}
			return p
		}}
	v := New(env)
	for cmd, want := range map[string]bool{
		"cp x /home/u/link/git":        true,
		"cp x /opt/tools/bin/git":      true,
		"ln -s x ~/link/ls":            true,
		"cp x bin/git":                 false, // "bin" on PATH is relative: ignored
		"cp x ./git":                   false, // "." likewise
		"echo x > /opt/tools/data.txt": false,
	} {
		a := v.CheckScript(cmd)
		if got := slices.Contains(a.Kinds(), "protected_write"); got != want {
			t.Errorf("%s: protected_write = %v, want %v (%v)", cmd, got, want, a.AllFindings())
		}
	}
}

// TestPathDirThatIsALink: a $PATH entry that is a link is resolved when a
// write is judged, so a write to where it leads is a write into $PATH.
func TestPathDirThatIsALink(t *testing.T) {
	env := Env{Cwd: "/home/u/project", Home: "/home/u", TmpDir: "/tmp",
		PathDirs: []string{"/home/u/lbin"},
		Resolve: func(p string) string {
			if rest, ok := strings.CutPrefix(p, "/home/u/lbin"); ok {
				return "/srv/bin" + rest
			}
			return p
		}}
	v := New(env)
	if a := v.CheckScript("cp x /srv/bin/git"); !slices.Contains(a.Kinds(), "protected_write") {
		t.Errorf("a write where a $PATH link leads: %v", a.AllFindings())
	}
	if a := v.CheckScript("cp x /srv/data/git"); slices.Contains(a.Kinds(), "protected_write") {
		t.Errorf("a write elsewhere: %v", a.AllFindings())
	}
}
