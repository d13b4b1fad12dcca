package validator

import (
	"path"
	"testing"

	"github.com/permgate/permgate/judge/code"
)

// TestInterpreterFamiliesInCorpus: every entry of the interpreter table and
// every alias is the program of some corpus line, under its own name or a
// versioned one, so none is data no test reads.
func TestInterpreterFamiliesInCorpus(t *testing.T) {
	v := New(corpusEnv)
	seen := map[string]bool{}
	for _, c := range loadCorpus(t) {
		for _, cmd := range v.parser.ParseScript(c.command).Commands {
			names := []string{cmd.Name}
			if len(cmd.Argv) > 0 {
				names = append(names, cmd.Argv[0].Text)
			}
			for _, name := range names {
				base := path.Base(name)
				seen[base] = true
				seen[code.Versionless(base)] = true
			}
		}
	}
	for _, name := range code.RuntimeNames() {
		if !seen[name] {
			t.Errorf("interpreter %q is on no corpus line", name)
		}
	}
}
