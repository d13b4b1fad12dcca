package state

import (
	"errors"
	"strings"
	"testing"

	"github.com/permgate/permgate/integrity"
)

// TestJudgeSeal: each seal verdict on the state file leaves its mark on the
// state read from it, a confirmed copy that cannot be decoded included.
func TestJudgeSeal(t *testing.T) {
	tests := []struct {
		name      string
		v         integrity.Verdict
		present   bool
		unsealed  bool
		change    string
		confirmed string // the confirmed state's mode, "-" for none
		lost      string
	}{
		{"matches", integrity.Verdict{Status: integrity.Sealed}, true, false, "", "-", ""},
		{"never sealed", integrity.Verdict{Status: integrity.NotSealed}, true, true, "", "-", ""},
		{"no file, no seal", integrity.Verdict{Status: integrity.NotSealed}, false, false, "", "-", ""},
		{"changed", integrity.Verdict{Status: integrity.Changed, Confirmed: []byte(`{"mode":"plan"}`), CopyPath: "/c"}, true, true, "changed", "plan", ""},
		{"removed", integrity.Verdict{Status: integrity.Changed, Confirmed: []byte(`{}`), CopyPath: "/c"}, false, true, "removed", "", ""},
		{"confirmed copy damaged", integrity.Verdict{Status: integrity.Changed, Confirmed: []byte(`{not json`), CopyPath: "/c"}, true, true, "changed", "-",
			"its confirmed copy /c is damaged (invalid character 'n' looking for beginning of object key string)"},
		{"confirmed copy names no mode", integrity.Verdict{Status: integrity.Changed, Confirmed: []byte(`{"mode":"bogus"}`), CopyPath: "/c"}, true, true, "changed", "-", "its confirmed copy /c names "},
		{"seal lost", integrity.Verdict{Status: integrity.Lost, CopyPath: "/c", Problem: errors.New("the key is gone")}, false, true, "removed", "-", "the key is gone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var st State
			st.judgeSeal(tt.v, tt.present)
			if st.Unsealed != tt.unsealed || st.Change != tt.change {
				t.Errorf("Unsealed %v Change %q, want %v %q", st.Unsealed, st.Change, tt.unsealed, tt.change)
			}
			conf := "-"
			if st.Confirmed != nil {
				conf = string(st.Confirmed.Mode)
			}
			if conf != tt.confirmed {
				t.Errorf("confirmed mode %q, want %q", conf, tt.confirmed)
			}
			if !strings.HasPrefix(st.Lost, tt.lost) || (tt.lost == "") != (st.Lost == "") {
				t.Errorf("Lost %q, want %q…", st.Lost, tt.lost)
			}
			if tt.change != "" && st.CopyPath != tt.v.CopyPath {
				t.Errorf("CopyPath %q, want %q", st.CopyPath, tt.v.CopyPath)
			}
		})
	}
}
