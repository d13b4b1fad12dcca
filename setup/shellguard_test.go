package setup

import "testing"

// TestEditGuardLines: the start-up file install and uninstall write, from
// each mix of permgate's lines (the one install writes, an older one, two),
// lines written by hand and other text, and the note a hand line earns.
func TestEditGuardLines(t *testing.T) {
	want := shellLine("bash", "/p/permgate")
	old := shellLine("bash", "/old/permgate")
	hand := `eval "$(permgate init bash)"`
	tests := []struct {
		name    string
		old     string
		nilOld  bool
		install bool
		out     string
		note    bool
	}{
		{"install in a missing file", "", true, true, want + "\n", false},
		{"install in an empty file", "", false, true, want + "\n", false},
		{"install after a line without a newline", "alias ll='ls -l'", false, true, "alias ll='ls -l'\n" + want + "\n", false},
		{"already installed", "a\n" + want + "\nb\n", false, true, "a\n" + want + "\nb\n", false},
		{"already installed, CRLF", "a\r\n" + want + "\r\n", false, true, "a\r\n" + want + "\r\n", false},
		{"an older line is replaced", "a\n" + old + "\nb\n", false, true, "a\nb\n" + want + "\n", false},
		{"two lines become one", want + "\n" + want + "\n", false, true, want + "\n", false},
		{"a hand line alone: left as it is", "a\n" + hand + "\n", false, true, "a\n" + hand + "\n", true},
		{"a hand line and an older marked one", hand + "\n" + old + "\n", false, true, hand + "\n" + want + "\n", true},
		{"a commented hand line does not count", "# " + hand + "\n", false, true, "# " + hand + "\n" + want + "\n", false},
		{"uninstall", "a\n" + want + "\nb", false, false, "a\nb", false},
		{"uninstall keeps a hand line", hand + "\n" + old + "\n", false, false, hand + "\n", true},
		{"uninstall from a missing file", "", true, false, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in []byte
			if !tt.nilOld {
				in = []byte(tt.old)
			}
			out, note := editGuardLines(in, "/h/.bashrc", "bash", want, tt.install)
			if string(out) != tt.out || (note != "") != tt.note {
				t.Errorf("editGuardLines(%q) = %q, note %q; want %q, a note: %v", tt.old, out, note, tt.out, tt.note)
			}
		})
	}
}
