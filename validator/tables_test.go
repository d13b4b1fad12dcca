package validator

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/shellparse"
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
	add("KeyNameEnds", places.KeyNameEnds, same)
	add("SecretSuffixes", places.SecretSuffixes, trim)
	add("SecretTrees", places.SecretTrees, trim)
	add("SecretDirs", places.SecretDirs, trim)
	add("StartupFiles", places.StartupFiles, same)
	add("ProtectedDirs", places.ProtectedDirs, same)
	add("SystemDirs", places.SystemDirs, same)
	add("SecretVarParts", places.SecretVarParts, same)
	add("SecretVarSuffixes", places.SecretVarSuffixes, same)
	for name := range places.PlaceVars.Get() {
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

// TestSSHPublicNamesExercised: every name an ssh folder holds no secret in
// is read by a corpus line judged safe and read-only, so that an entry that
// stops matching (and a public file taken for a key) fails a corpus case.
func TestSSHPublicNamesExercised(t *testing.T) {
	var commands []string
	for _, c := range loadCorpus(t) {
		if c.severity == Safe && c.readOnly {
			commands = append(commands, c.command)
		}
	}
	for _, name := range places.SSHPublicNames {
		if !slices.ContainsFunc(commands, func(cmd string) bool { return strings.HasSuffix(cmd, "/.ssh/"+name) }) {
			t.Errorf("places.SSHPublicNames entry %q: no safe read-only corpus line reads .ssh/%s", name, name)
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

// TestProgramAliasesExercised: every entry of shellparse's alias tables (a
// GNU tool's g-prefixed name, a runtime's versioned name) is the program of
// a corpus line, and every such line is judged as the same line with the
// plain name, so dropping or breaking an entry fails.
func TestProgramAliasesExercised(t *testing.T) {
	cases := loadCorpus(t)
	v := New(corpusEnv)
	check := func(entry string, alias *regexp.Regexp, plain func(string) string) {
		found := false
		for _, c := range cases {
			if !alias.MatchString(c.command) {
				continue
			}
			found = true
			plainCmd := alias.ReplaceAllStringFunc(c.command, plain)
			a, b := v.CheckScript(c.command), v.CheckScript(plainCmd)
			if a.Severity != b.Severity || a.AllReadOnly != b.AllReadOnly || !slices.Equal(sortedKinds(a), sortedKinds(b)) {
				t.Errorf("%s: %q is judged %v %v, %q %v %v", c, c.command, a.Severity, sortedKinds(a), plainCmd, b.Severity, sortedKinds(b))
			}
		}
		if !found {
			t.Errorf("alias table entry %q: no corpus line runs it", entry)
		}
	}
	lead := `(^|[|;&(]\s*)`
	for _, name := range shellparse.GNUPrefixedNames() {
		re := regexp.MustCompile(lead + `g` + regexp.QuoteMeta(name) + `\b`)
		check("g"+name, re, func(m string) string { return strings.Replace(m, "g"+name, name, 1) })
	}
	for _, family := range shellparse.VersionedFamilies() {
		re := regexp.MustCompile(lead + regexp.QuoteMeta(family) + `-?[0-9][0-9.]*\b`)
		versioned := regexp.MustCompile(regexp.QuoteMeta(family) + `-?[0-9][0-9.]*`)
		check(family+"N", re, func(m string) string { return versioned.ReplaceAllString(m, family) })
	}
}
