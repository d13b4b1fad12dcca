package shellparse

import (
	"strings"

	"github.com/permgate/permgate/registry"
)

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
		return benignPager(fields[1:])
	}
	return false
}

// benignPager reports options to less that only change how it shows the
// text, read by less's declared grammar: no operand, no +CMD (it runs less
// commands), no log file.
func benignPager(fields []string) bool {
	less, ok := programs.Get().Lookup("less")
	if !ok {
		return false
	}
	words := make([]registry.Word, len(fields))
	for i, f := range fields {
		words[i] = registry.Word{Text: f}
	}
	inv := less.Resolve(words)
	return len(inv.Scan.Operands) == 0 && !inv.Scan.Has("+", "-o", "-O", "--log-file", "--LOG-FILE")
}
