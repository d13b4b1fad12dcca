package registry

import (
	"maps"
	"slices"
	"testing"
)

// TestBeyondDeclared: every program the tables of what is read beyond the
// words name is a declared program, and each option a link follower or a
// records reader is named by is one its grammar knows.
func TestBeyondDeclared(t *testing.T) {
	r := Default()
	names := slices.Concat(slices.Collect(maps.Keys(linkFollowers.Get())), slices.Collect(maps.Keys(environmentPrinters.Get())), slices.Collect(maps.Keys(systemRecords.Get())))
	for _, n := range names {
		if _, ok := r.Lookup(n); !ok {
			t.Errorf("%s is not a declared program", n)
		}
	}
	for n, opts := range linkFollowers.Get() {
		p, _ := r.Lookup(n)
		for _, o := range opts {
			if inv := p.Resolve([]Word{{Text: o}, {Text: "x"}}); !inv.Scan.Has(o) {
				t.Errorf("%s's grammar does not read %s", n, o)
			}
		}
	}
	git, _ := r.Lookup("git")
	for _, o := range RecordsIf("git", []string{"config"}) {
		if inv := git.Resolve([]Word{{Text: "config"}, {Text: o}}); !inv.Scan.Has(o) || len(inv.Path) == 0 || inv.Path[0] != "config" {
			t.Errorf("git config's grammar does not read %s", o)
		}
	}
	if !Editor("vim") || Editor("bash") || EnvironmentPrinter("ls") != EnvNever || !ReadsRecords("journalctl") {
		t.Error("the tables answer wrongly")
	}
}
