package cmd

import (
	"os"
	"path/filepath"

	"permgate/validator"
)

// analysisEnv describes where commands will run, from the process environment.
func analysisEnv() validator.Env {
	cwd, err := os.Getwd()
	if err != nil {
		cwd = "/" // judged against /, everything relative is "outside": stricter
	}
	home, _ := os.UserHomeDir()
	env := validator.Env{Cwd: cwd, Home: home, TmpDir: os.Getenv("TMPDIR"), CDPath: os.Getenv("CDPATH") != ""}
	if home != "" {
		env.StateDirs = []string{"/etc/permgate", filepath.Join(home, ".config", "permgate"), filepath.Join(home, ".local", "state", "permgate")}
	}
	if x := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(x) {
		env.StateDirs = append(env.StateDirs, filepath.Join(x, "permgate"))
	}
	if x := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(x) {
		env.StateDirs = append(env.StateDirs, filepath.Join(x, "permgate"))
	}
	return env
}
