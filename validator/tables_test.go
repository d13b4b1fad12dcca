package validator

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/places"
)

// tableEntry is one entry of a judge's table and the text a corpus command
// must hold to exercise it.
type tableEntry struct {
	table, entry, text string
}

// placeEntries lists every entry of the place tables with the text that
// names it on a command line.
func placeEntries() []tableEntry {
	var out []tableEntry
	add := func(table string, entries []string, text func(string) string) {
		for _, e := range entries {
			out = append(out, tableEntry{table, e, text(e)})
		}
	}
	trim := func(e string) string { return strings.TrimPrefix(e, "/") }
	same := func(e string) string { return e }
	add("SecretNames", places.SecretNames, same)
	add("SecretExtensions", places.SecretExtensions, same)
	add("SSHKeys", places.SSHKeys, same)
	add("SecretSuffixes", places.SecretSuffixes, trim)
	add("SecretTrees", places.SecretTrees, trim)
	add("SecretDirs", places.SecretDirs, trim)
	add("StartupFiles", places.StartupFiles, same)
	add("ProtectedDirs", places.ProtectedDirs, same)
	add("SystemDirs", places.SystemDirs, same)
	add("SecretVarParts", places.SecretVarParts, same)
	add("SecretVarSuffixes", places.SecretVarSuffixes, same)
	for name := range places.PlaceVars {
		out = append(out, tableEntry{"PlaceVars", name, "$" + name})
	}
	return out
}

// TestPlaceTablesExercised: every entry of the tables the judge reads is
// named by at least one corpus line whose expected outcome is not safe, so
// that dropping or breaking an entry fails a corpus case.
func TestPlaceTablesExercised(t *testing.T) {
	var commands []string
	for _, c := range loadCorpus(t) {
		if c.severity != Safe || !c.readOnly {
			commands = append(commands, c.command)
		}
	}
	for _, e := range placeEntries() {
		found := false
		for _, cmd := range commands {
			if strings.Contains(cmd, e.text) || strings.Contains(strings.ToUpper(cmd), e.text) && strings.HasPrefix(e.table, "SecretVar") {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("places.%s entry %q: no corpus line that is not safe and read-only names %q", e.table, e.entry, e.text)
		}
	}
}

// TestAgentFlagsExercised: every option of the nested agents' bypass table
// is on a corpus line whose expected outcome is not safe, so that dropping
// or breaking an entry fails a corpus case.
func TestAgentFlagsExercised(t *testing.T) {
	var commands []string
	for _, c := range loadCorpus(t) {
		if c.severity != Safe {
			commands = append(commands, c.command)
		}
	}
	self.EachBypassFlag(func(table, flag, value string) {
		for _, cmd := range commands {
			if strings.Contains(cmd, " "+flag) && strings.Contains(cmd, value) {
				return
			}
		}
		t.Errorf("agentBypassFlags[%q] %s %s: no corpus line that is not safe names it", table, flag, value)
	})
}
