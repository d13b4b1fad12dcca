package verdict

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/internal/importgraph"
)

const module = "github.com/permgate/permgate/"

// analysis are the packages that read and judge commands: the stages that
// only carry a mode or a decision build on none of them.
var analysis = []string{"validator", "policy", "shellparse", "registry", "codescan", "judge/", "lang/", "runfiles", "places", "effect"}

// TestLightStagesImportNoAnalysis: state, harness and audit, and what they
// build on, import nothing of the analysis.
func TestLightStagesImportNoAnalysis(t *testing.T) {
	for _, root := range []string{"verdict", "state", "harness", "audit"} {
		seen := map[string]bool{}
		queue := []string{root}
		for len(queue) > 0 {
			pkg := queue[0]
			queue = queue[1:]
			if seen[pkg] {
				continue
			}
			seen[pkg] = true
			for _, imp := range imports(t, filepath.Join("..", pkg)) {
				rel, ok := strings.CutPrefix(imp, module)
				if !ok {
					continue
				}
				for _, a := range analysis {
					if rel == strings.TrimSuffix(a, "/") || strings.HasSuffix(a, "/") && strings.HasPrefix(rel, a) {
						t.Errorf("%s reaches %s (through %s): a stage that carries a mode or a decision needs none of the analysis", root, rel, pkg)
					}
				}
				queue = append(queue, rel)
			}
		}
	}
}

// imports are the import paths of a directory's non-test files.
func imports(t *testing.T, dir string) []string {
	t.Helper()
	found, err := importgraph.Imports(dir)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Sorted(maps.Keys(found))
}
