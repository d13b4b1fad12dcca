package validator

import (
	"slices"
	"strings"
	"testing"
)

// TestDotDotAfterALink: ".." after a link is the parent of where the link
// leads, as the kernel reads the path: link/../etc/passwd with link -> /usr
// is /usr/etc/passwd, and with link -> /etc/ssh it is /etc/passwd — a write
// there is critical_write, and the file a read names is the real one.
func TestDotDotAfterALink(t *testing.T) {
	env := Env{Cwd: "/home/u/project", Home: "/home/u", TmpDir: "/tmp", FileAccess: true,
		Resolve: func(p string) string {
			if rest, ok := strings.CutPrefix(p, "/home/u/project/link"); ok {
				return "/etc/ssh" + rest
			}
			return p
		}}
	v := New(env)
	if a := v.CheckScript("echo x > link/../passwd"); !slices.Contains(a.Kinds(), "critical_write") {
		t.Errorf("a write through link/..: %v", a.AllFindings())
	}
	for cmd, want := range map[string]string{
		"cat link/../passwd":           "/etc/passwd",
		"cat src/../README.md":         "/home/u/project/README.md",
		"cat ../project/link/../hosts": "/etc/hosts",
		"cat /home/u/project/link/..":  "/etc",
		"cd src && cat ../a":           "/home/u/project/a",
	} {
		a := v.CheckScript(cmd)
		reads := a.Commands[len(a.Commands)-1].Files.Reads
		if !slices.Contains(reads, want) {
			t.Errorf("%s reads %v, want %s", cmd, reads, want)
		}
	}
}
