package shellparse

import "strings"

// HarmlessProgram reports a command line, given as a pager or an editor
// (PAGER=cat, git -c core.editor=true, MANPAGER='less -R'), that runs a
// program that only prints or does nothing: cat, true, :, nothing at all,
// or less or more with plain flags. It is static text with nothing else in
// it (no expansion, quote, operator or redirection).
func HarmlessProgram(value string) bool {
	if strings.ContainsAny(value, "$`;|&<>(){}\\'\"") {
		return false
	}
	fields := strings.Fields(value)
	if len(fields) == 0 {
		return true
	}
	switch fields[0] {
	case "cat", "true", ":", "/bin/cat", "/usr/bin/cat", "/bin/true", "/usr/bin/true":
		return len(fields) == 1
	case "less", "more", "/usr/bin/less":
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") || strings.ContainsAny(f, "+o") && !strings.HasPrefix(f, "--") {
				return false // less +cmd runs commands, -o FILE writes
			}
		}
		return true
	}
	return false
}
