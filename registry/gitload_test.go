package registry

import "testing"

// BenchmarkGitFamilyBuild is what the first git command of a process pays
// to load git's declarations, the largest family: they are static data, so
// only the link of every verb to git, which writes nothing once made.
func BenchmarkGitFamilyBuild(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range git() {
			p.Node.link(nil)
		}
	}
}
