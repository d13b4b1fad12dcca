package validator

import (
	"slices"
	"sort"
	"testing"

	"github.com/permgate/permgate/judge/flow"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/judge/system"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/shellparse"
)

// stageLabels are the Check labels of the judgements another stage makes by
// the program's name on every command, not through dispatch; each reports
// whether that stage knows a name, so a label cannot promise a judgement
// that is not there.
var stageLabels = map[string]func(name string) bool{
	"permgate": shellparse.IsPermgate,
	"mkfs":     system.IsMkfs,
	"download": func(n string) bool { return flow.Downloader(n) || flow.Sender(n) },
	"writes":   self.KnownWriter,
	"bind":     hasArgCheck,
	"command":  hasArgCheck,
	"date":     hasArgCheck,
	"ifconfig": hasArgCheck,
	"mount":    hasArgCheck,
	"sysctl":   hasArgCheck,
}

func hasArgCheck(name string) bool {
	_, ok := argChecks.Get()[name]
	return ok
}

// labelled are further promises some dispatch labels make about every name
// they carry.
var labelled = map[string]func(name string) bool{
	// The runtime's check reads the interpreter it is by its name.
	"interpreter": isInterpreter,
	// The SQL check knows where each client's SQL comes from.
	"sql": sql.KnownClient,
}

// TestChecksMatchRegistry: the registry is the one source of which program
// gets which Go judgement. Every Check label a declaration names is a check
// dispatch calls or a stage label whose stage knows every name it is on, and
// every check and stage label is named by some declaration.
func TestChecksMatchRegistry(t *testing.T) {
	used := map[string]bool{}
	for _, p := range programs.Get().Programs() {
		if p.Check == "" {
			continue
		}
		used[p.Check] = true
		_, isCheck := checkTable()[p.Check]
		knows, isStage := stageLabels[p.Check]
		switch {
		case isCheck && isStage:
			t.Errorf("%v: label %q is both a check and a stage's", p.Names, p.Check)
		case !isCheck && !isStage:
			t.Errorf("%v: label %q names no check in dispatch.go and no stage", p.Names, p.Check)
		}
		for _, n := range p.Names {
			if isStage && !knows(n) {
				t.Errorf("%s: labelled %q, but that stage does not know it", n, p.Check)
			}
			if promise := labelled[p.Check]; promise != nil && !promise(n) {
				t.Errorf("%s: labelled %q, but that check does not know it", n, p.Check)
			}
		}
	}
	for _, labels := range []map[string]bool{keys(checkTable()), keys(stageLabels)} {
		for label := range labels {
			if !used[label] {
				t.Errorf("label %q: no declaration names it", label)
			}
		}
	}
}

// TestDispatchedAreDeclared: every program a check judges is a declared
// program, so every stage (the parser's known programs, read-only, the
// destructive-name principle) reads it by its declaration.
func TestDispatchedAreDeclared(t *testing.T) {
	var names []string
	for _, p := range programs.Get().Programs() {
		if checkTable()[p.Check] == nil {
			continue
		}
		for _, n := range p.Names {
			if prog, ok := programs.Get().Lookup(n); !ok || checkTable()[prog.Check] == nil {
				t.Errorf("%s: dispatched, but its lookup finds no check", n)
			}
			names = append(names, n)
		}
	}
	sort.Strings(names)
	// A sample of what dispatch judged by a hand map before the registry
	// named it: still dispatched.
	for _, n := range []string{"rm", "git", "hub", "psql", "bq", "trino", "presto", "snowsql", "redis-cli", "mongosh", "sed", "gawk", "npm", "cargo",
		"python3", "bun", "docker", "kubectl", "aws", "terraform", "killall", "wipefs", "blkdiscard", "crontab", "claude", "tmux", "pip3"} {
		if _, ok := slices.BinarySearch(names, n); !ok {
			t.Errorf("%s is no longer dispatched to a check", n)
		}
	}
}

func keys[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}
