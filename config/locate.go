package config

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/permgate/permgate/internal/xdg"
)

// Paths are the config files of each layer. An empty path means the layer has no
// file.
type Paths struct {
	System string
	User   string
	// Project is the nearest project file (the last of Projects).
	Project string
	// Projects are every project file from the repository root down to the
	// working directory, farthest first. When empty, Project alone is used.
	Projects []string
	Override string
}

// ProjectFiles returns the project files in force, farthest first.
func (p Paths) ProjectFiles() []string {
	if len(p.Projects) > 0 {
		return p.Projects
	}
	if p.Project != "" {
		return []string{p.Project}
	}
	return nil
}

// LocateEnv is what Locate needs from the environment.
type LocateEnv struct {
	Cwd           string
	Home          string
	XDGConfigHome string
	// Override is --config or PERMGATE_CONFIG.
	Override string
	// SystemFile replaces /etc/permgate/config.toml (tests).
	SystemFile string
}

// ProjectFileName is the project config's name.
const ProjectFileName = ".permgate.toml"

// Locate finds each layer's file: the system file, the user file under
// $XDG_CONFIG_HOME (else ~/.config), every .permgate.toml from the working
// directory up to the repository root (the directory holding .git), and the
// override.
func Locate(env LocateEnv) Paths {
	p := Paths{System: "/etc/permgate/config.toml", Override: env.Override}
	if env.SystemFile != "" {
		p.System = env.SystemFile
	}
	p.User = xdg.UserConfigFile(env.XDGConfigHome, env.Home)
	p.Projects = findProjectFiles(env.Cwd)
	if n := len(p.Projects); n > 0 {
		p.Project = p.Projects[n-1]
	}
	return p
}

// findProjectFiles walks from dir up to the repository root collecting
// .permgate.toml files, and returns them farthest first. Outside a repository
// only dir itself is looked at.
func findProjectFiles(dir string) []string {
	if dir == "" {
		return nil
	}
	root := RepoRoot(dir)
	var found []string
	for d := dir; ; d = filepath.Dir(d) {
		candidate := filepath.Join(d, ProjectFileName)
		// A directory of that name is no config; anything else counts: a FIFO,
		// a device or a dangling link is then an error when it is read, never a
		// project's rules silently dropped.
		if info, err := os.Lstat(candidate); err == nil && !info.IsDir() {
			if st, err := os.Stat(candidate); err != nil || !st.IsDir() {
				found = append(found, candidate)
			}
		}
		if root == "" || d == root || d == filepath.Dir(d) {
			break
		}
	}
	slices.Reverse(found)
	return found
}

// RepoRoot is the nearest directory at or above dir that holds .git (a
// directory, or the file of a linked work tree), or "" outside a repository.
// dir is absolute.
func RepoRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}
