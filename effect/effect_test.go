package effect

import "testing"

func TestSet(t *testing.T) {
	var s Set
	if s.Has(FilesystemDelete) {
		t.Fatal("empty set has filesystem_delete")
	}
	s = s.Add(NetworkOutbound).Add(FilesystemDelete).Add("no_such_class")
	if !s.Has(FilesystemDelete) || !s.Has(NetworkOutbound) || s.Has(FilesystemRead) {
		t.Fatalf("set %v", s.Classes())
	}
	got := s.Classes()
	if len(got) != 2 || got[0] != FilesystemDelete || got[1] != NetworkOutbound {
		t.Fatalf("classes in documented order: %v", got)
	}
}

func TestParse(t *testing.T) {
	for _, info := range All() {
		c, err := Parse(string(info.Class))
		if err != nil || c != info.Class {
			t.Errorf("Parse(%q) = %q, %v", info.Class, c, err)
		}
	}
	if _, err := Parse("filesystem_nuke"); err == nil {
		t.Error("Parse accepted an unknown class")
	}
}
