package places

import (
	"path"
	"strings"
	"testing"
)

// bruteSecretTail is SecretName's suffix and tree tests without the index:
// every entry compared with the path.
func bruteSecretTail(p string) bool {
	for _, suffix := range SecretSuffixes {
		if strings.HasSuffix(p, suffix) || p == suffix[1:] {
			return true
		}
	}
	for _, dir := range SecretTrees {
		if inTree(p, dir) {
			return true
		}
	}
	return false
}

// TestSecretIndexMatchesTables: the index answers as comparing every entry
// does, on paths made from the entries themselves (at the root, under a
// home, relative, inside, with a longer last name, with a trailing slash)
// and on ordinary ones.
func TestSecretIndexMatchesTables(t *testing.T) {
	var paths []string
	for _, e := range append(append([]string{}, SecretSuffixes...), SecretTrees...) {
		paths = append(paths, e, "/home/u"+e, e[1:], "/home/u"+e+"/x", "/home/u"+e+"x", e+"/", "a"+e, "/home/u"+e+"/a/b")
	}
	paths = append(paths, "", "/", "src/main.go", "README.md", ".git/config", "/etc/hosts", "-la", "status", "a//b")
	idx := secretIndex.Get()
	for _, p := range paths {
		got := false
		for _, suffix := range idx.suffixes[path.Base(p)] {
			if strings.HasSuffix(p, suffix) || p == suffix[1:] {
				got = true
			}
		}
		got = got || idx.inSecretTree(p)
		if want := bruteSecretTail(p); got != want {
			t.Errorf("%q: indexed %v, every entry %v", p, got, want)
		}
	}
}
