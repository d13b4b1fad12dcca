package harness

import (
	"encoding/json"
	"fmt"
	"path/filepath"
)

// workdirKeys are the shell tools' own working-directory arguments: Codex's
// workdir, Gemini CLI's dir_path (directory in older versions), and the
// cwd or working_directory other shell tools take. The command runs there,
// not in the payload's cwd, so it is judged there.
var workdirKeys = []string{"workdir", "dir_path", "directory", "cwd", "working_directory"}

// shellWorkdir returns the directory a shell tool call runs in: the payload's
// cwd, or the tool's own working-directory argument (relative to that cwd, or
// to the hook's own directory when the payload has none). Two different
// ones, or one that is not a string, are an error: the call is denied.
func shellWorkdir(cwd string, args map[string]json.RawMessage) (string, error) {
	if args == nil {
		return cwd, nil // no arguments, or none readable: the command's own decoding reports it
	}
	dir, err := toolWorkdir(args)
	if err != nil {
		return "", err
	}
	if dir == "" {
		return cwd, nil
	}
	if !filepath.IsAbs(dir) {
		base, err := workdirBase(cwd)
		if err != nil {
			return "", fmt.Errorf("the shell tool call's working directory %q: %w", dir, err)
		}
		dir = filepath.Join(base, dir)
	}
	return filepath.Clean(dir), nil
}

// toolWorkdir is the working directory a shell tool call's arguments name
// under any of workdirKeys, "" when none does; two different ones, or one
// that is not a string, are an error.
func toolWorkdir(args map[string]json.RawMessage) (string, error) {
	dir := ""
	for _, key := range workdirKeys {
		d, err := stringField(args, key)
		if err != nil {
			return "", fmt.Errorf("the shell tool call's %w", err)
		}
		if d == "" || d == dir {
			continue
		}
		if dir != "" {
			return "", fmt.Errorf("the shell tool call names two working directories, %q and %q", dir, d)
		}
		dir = d
	}
	return dir, nil
}

// workdirBase is the directory a relative working directory is read in: the
// payload's cwd, or the hook's own directory when the payload has none.
func workdirBase(cwd string) (string, error) {
	if cwd != "" {
		return cwd, nil
	}
	return filepath.Abs(".")
}
