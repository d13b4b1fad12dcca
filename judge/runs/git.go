package runs

import (
	"strconv"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// dynamicEnv stands in env for a value known only at run time.
const dynamicEnv = "\x00"

// gitEnvOptions are git's environment variables the command is given, as
// the global options that say the same (GIT_DIR=d is --git-dir=d,
// GIT_CONFIG_COUNT with its KEY_n and VALUE_n are -c KEY=VALUE,
// GIT_CONFIG_GLOBAL=f includes f), put before args: where the repository
// is and what its config says decide which hooks run. A value known only
// at run time is a word known only at run time.
func gitEnvOptions(env map[string]string, args []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	add := func(option, value string) {
		out = append(out, shellparse.Word{Text: option, Static: true}, shellparse.Word{Text: value, Static: value != dynamicEnv && !strings.Contains(value, dynamicEnv)})
	}
	for name, option := range map[string]string{"GIT_DIR": "--git-dir", "GIT_WORK_TREE": "--work-tree"} {
		if v, ok := env[name]; ok {
			add(option, v)
		}
	}
	for _, name := range []string{"GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM"} {
		if v, ok := env[name]; ok {
			add("-c", "include.path="+v)
		}
	}
	if v, ok := env["GIT_CONFIG_PARAMETERS"]; ok {
		add("-c", dynamicEnv+v) // its quoting is not read
	}
	if count, ok := env["GIT_CONFIG_COUNT"]; ok {
		n, err := strconv.Atoi(count)
		if err != nil || n < 0 || n > 64 {
			add("-c", dynamicEnv)
		}
		for i := range max(n, 0) {
			key, hasKey := env["GIT_CONFIG_KEY_"+strconv.Itoa(i)]
			value, hasValue := env["GIT_CONFIG_VALUE_"+strconv.Itoa(i)]
			if !hasKey || !hasValue {
				key = dynamicEnv // from the environment before the line
			}
			add("-c", key+"="+value)
		}
	}
	return append(out, args...)
}
