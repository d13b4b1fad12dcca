package validator

import "testing"

// TestDeclaredChangesSkipped: a command the registry says has no effects to
// read (MayHaveEffects) declares no change when it is read anyway, over
// every command of the corpus: the shortcut never hides a write.
func TestDeclaredChangesSkipped(t *testing.T) {
	v := New(corpusEnv)
	skipped := 0
	for _, c := range loadCorpus(t) {
		for _, cmd := range v.parser.ParseScript(c.command).Commands {
			if len(cmd.Argv) == 0 || mayDeclareChanges(cmd) {
				continue
			}
			skipped++
			if got := declaredChanges(cmd); len(got) > 0 {
				t.Errorf("%s: %s: skipped, but declares %+v", c, c.command, got)
			}
		}
	}
	if skipped == 0 {
		t.Error("no command was skipped: is the test reading the corpus?")
	}
	t.Logf("%d commands not read for effects", skipped)
}
