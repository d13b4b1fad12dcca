package git

import (
	"sort"
	"strconv"
	"strings"
)

// EnvCommand is a command line git runs by a setting the environment gives
// it: GIT_CONFIG_KEY_n=core.pager with GIT_CONFIG_VALUE_n=CMD.
type EnvCommand struct {
	// Key is the setting (core.pager), Var the variable holding its value
	// (GIT_CONFIG_VALUE_0).
	Key, Var string
	// Command is the command line the value is.
	Command string
}

// EnvCommands returns the command lines git runs by the settings that
// GIT_CONFIG_COUNT, GIT_CONFIG_KEY_n and GIT_CONFIG_VALUE_n give it, among
// the variables vars holds (name to static value): a pair git reads
// (n below the count, or any n when the count is not among vars) whose key's
// value git runs (ShellValue).
func EnvCommands(vars map[string]string) []EnvCommand {
	count := -1
	if v, ok := vars["GIT_CONFIG_COUNT"]; ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return nil // git refuses a count that is not a number
		}
		count = n
	}
	var out []EnvCommand
	for name, key := range vars {
		suffix, ok := strings.CutPrefix(name, "GIT_CONFIG_KEY_")
		n, err := strconv.Atoi(suffix)
		if !ok || err != nil || count >= 0 && n >= count {
			continue
		}
		valueVar := "GIT_CONFIG_VALUE_" + suffix
		value, ok := vars[valueVar]
		if !ok {
			continue
		}
		if command, runs := ShellValue(key, value); runs && !harmlessSetting(key, value) {
			out = append(out, EnvCommand{Key: key, Var: valueVar, Command: command})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Var < out[j].Var })
	return out
}
