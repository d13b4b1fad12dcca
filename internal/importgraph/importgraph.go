// Package importgraph reads which packages a directory's Go files import,
// for the tests that keep a stage's dependencies within bounds (policy's
// purity, the light stages of verdict).
package importgraph

import (
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Imports returns the import paths of dir's non-test Go files, each with
// the files that import it.
func Imports(dir string) (map[string][]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			return nil, fmt.Errorf("read imports of %s: %w", name, err)
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return nil, fmt.Errorf("%s: import %s: %w", name, imp.Path.Value, err)
			}
			if !slices.Contains(out[path], name) {
				out[path] = append(out[path], name)
			}
		}
	}
	return out, nil
}
