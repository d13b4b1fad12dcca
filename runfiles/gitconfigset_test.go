package runfiles

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/shellparse"
)

func TestGitConfigWrite(t *testing.T) {
	files := Map{"/r/.git/HEAD": "ref: refs/heads/main\n", "/r/.git/config": "[core]\n", "/r/sub/x": ""}
	cases := []struct {
		cwd, args, file, lines string
	}{
		{"/r", "config core.hooksPath .githooks", "/r/.git/config", "[core]\n\thooksPath = \".githooks\"\n"},
		{"/r/sub", "config --local core.hooksPath .githooks", "/r/.git/config", "[core]\n\thooksPath = \".githooks\"\n"},
		{"/r", "config set alias.st !rm", "/r/.git/config", "[alias]\n\tst = \"!rm\"\n"},
		{"/r", "config remote.origin.url x", "/r/.git/config", "[remote \"origin\"]\n\turl = \"x\"\n"},
		{"/r", "config --global core.pager less", "/h/.gitconfig", "[core]\n\tpager = \"less\"\n"},
		{"/r", "config -f ../x.cfg core.pager less", "/x.cfg", "[core]\n\tpager = \"less\"\n"},
		{"/r", "-C sub config core.editor vi", "/r/.git/config", "[core]\n\teditor = \"vi\"\n"},
		{"/r", "config --get core.pager", "", ""},
		{"/r", "config --unset core.pager", "", ""},
		{"/r", "config core.pager", "", ""},
		{"/r", "config nodot value", "", ""},
		{"/r", "log", "", ""},
		{"/elsewhere", "config core.pager less", "", ""},
	}
	for _, c := range cases {
		var args []shellparse.Word
		for _, f := range strings.Fields(c.args) {
			args = append(args, shellparse.Word{Text: f, Static: true})
		}
		file, lines, ok := GitConfigWrite(files, "/h", c.cwd, args)
		if ok != (c.file != "") || file != c.file || lines != c.lines {
			t.Errorf("git %s: %q %q %v, want %q %q", c.args, file, lines, ok, c.file, c.lines)
		}
	}
	dyn := []shellparse.Word{{Text: "config", Static: true}, {Text: "core.pager", Static: true}, {Text: "$P"}}
	if _, _, ok := GitConfigWrite(files, "/h", "/r", dyn); ok {
		t.Error("a value known only at run time was written out")
	}
}
