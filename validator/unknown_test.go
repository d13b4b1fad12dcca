package validator

import "testing"

// TestUnknownProgramSuffix: for a program the analysis does not know, the argv
// after -- or from a known program on is analysed as a command; a program the
// user declared read-only is known, so its arguments stay arguments.
func TestUnknownProgramSuffix(t *testing.T) {
	env := corpusEnv
	env.SafeCommands = []string{"mytool"}
	v := New(env)
	for _, tt := range []struct {
		cmd      string
		severity Severity
		readOnly bool
	}{
		{"othertool exec -- rm -rf ~", Severe, false},
		{"faketime 2020-01-01 rm -rf ~", Severe, false},
		{"othertool run permgate mode bypass", Severe, false},
		{"othertool build rm", Safe, false},
		{"runner cat -- rm -rf ~", Severe, false},
		{"runner env X=1 faketime 0 rm -rf ~", Severe, false},
		{"runner -- bash -c 'faketime 0 rm -rf ~'", Severe, false},
		{"mytool show -- notes.txt", Safe, true},
		{"mytool grep rm", Safe, true},
	} {
		a := v.CheckScript(tt.cmd)
		if a.Severity != tt.severity || a.AllReadOnly != tt.readOnly {
			t.Errorf("%s: severity %s read-only %v (%v), want %s %v", tt.cmd, a.Severity, a.AllReadOnly, a.Kinds(), tt.severity, tt.readOnly)
		}
	}
}
