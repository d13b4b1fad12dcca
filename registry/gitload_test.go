package registry

import "testing"

// BenchmarkGitFamilyBuild is what the first git command of a process pays
// to build git's declarations (every verb, linked), the largest family.
func BenchmarkGitFamilyBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range git() {
			p.Node.link(nil)
		}
	}
}
