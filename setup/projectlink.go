package setup

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// noProjectLink refuses a project settings file reached through a symbolic
// link below the repository's root (.github/hooks -> docs/, a settings.json
// linked to a file the repository tracks): the repository chose where the
// link leads, and a write there is not guarded as the settings file is, so
// the hook install wrote could be taken out by any edit of that file.
func noProjectLink(root, path string) error {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return nil
	}
	p := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		p = filepath.Join(p, part)
		info, err := os.Lstat(p)
		if err != nil {
			return nil // the rest is created by install
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			to, _ := os.Readlink(p)
			return fmt.Errorf("%s is a symbolic link (to %s) in the repository: permgate writes no project settings through a link, whose target is not guarded as the settings file is; make it a real file or directory", p, to)
		}
	}
	return nil
}
