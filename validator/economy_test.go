package validator

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The prompt economy: how many everyday read-only commands permgate lets through without a
// prompt, and whether the catastrophic and destructive ones are still stopped. The sets live in
// testdata/economy, one command per line.
//
// With PERMGATE_ECONOMY_REPORT=1 these tests only log what they measure; otherwise they assert
// the targets.

// economyLine is one command of an economy set and the line it was read from.
type economyLine struct {
	line    int
	command string
}

// readEconomySet reads testdata/economy/name, skipping blank lines and # comments.
func readEconomySet(t testing.TB, name string) []economyLine {
	t.Helper()
	file := filepath.Join("..", "testdata", "economy", name)
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("open economy set: %v", err)
	}
	defer f.Close()
	var lines []economyLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		lines = append(lines, economyLine{line: n, command: text})
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", file, err)
	}
	if len(lines) == 0 {
		t.Fatalf("%s: no commands", file)
	}
	return lines
}

// economyReportOnly reports whether the economy tests should only log.
func economyReportOnly() bool { return os.Getenv("PERMGATE_ECONOMY_REPORT") == "1" }

// economyWhy says why a command was not allowed: the analysis' reason, or, when it has no
// finding, which commands were not seen as read-only.
func economyWhy(a Analysis) string {
	if r := a.Reason(); r != "" {
		return r
	}
	var names []string
	for _, rec := range a.Commands {
		if !rec.ReadOnly {
			name := rec.Command.Name
			if name == "" {
				name = "(dynamic name)"
			}
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "no finding; analysis incomplete"
	}
	return "no finding; not read-only: " + strings.Join(names, ", ")
}

// allowedWithoutPrompt is default mode with no rules: safe and read-only.
func allowedWithoutPrompt(a Analysis) bool { return a.Severity == Safe && a.AllReadOnly }

func TestPromptEconomy(t *testing.T) {
	sets := []struct {
		name   string
		target float64 // minimum percentage allowed without a prompt
	}{
		{"agent_readonly.txt", 95},
		{"oneliner_readonly.txt", 85},
		{"docs_readonly.txt", 40},
		{"holdout_agent_readonly.txt", 95},
		{"holdout_oneliner_readonly.txt", 85},
		{"holdout_docs_readonly.txt", 40},
	}
	const maxListed = 40
	v := New(corpusEnv)
	for _, set := range sets {
		lines := readEconomySet(t, set.name)
		allowed, listed := 0, 0
		for _, l := range lines {
			a := v.CheckScript(l.command)
			if allowedWithoutPrompt(a) {
				allowed++
				continue
			}
			if listed < maxListed {
				listed++
				t.Logf("%s:%d not allowed (%s): %s", set.name, l.line, a.Severity, l.command)
				t.Logf("    %s", economyWhy(a))
			}
		}
		pct := 100 * float64(allowed) / float64(len(lines))
		t.Logf("%s: %d/%d allowed without a prompt (%.1f%%), target %.0f%%", set.name, allowed, len(lines), pct, set.target)
		if pct < set.target && !economyReportOnly() {
			t.Errorf("%s: %.1f%% allowed without a prompt, want at least %.0f%%", set.name, pct, set.target)
		}
	}
}

func TestDangerousDenied(t *testing.T) {
	for _, set := range []string{"dangerous.txt", "holdout_dangerous.txt"} {
		dangerousDenied(t, set)
	}
}

func dangerousDenied(t *testing.T, set string) {
	v := New(corpusEnv)
	lines := readEconomySet(t, set)
	failed := 0
	for _, l := range lines {
		a := v.CheckScript(l.command)
		if a.Severity == Severe {
			continue
		}
		failed++
		msg := "%s:%d not denied (%s): %s\n    %s"
		if economyReportOnly() {
			t.Logf(msg, set, l.line, a.Severity, l.command, economyWhy(a))
		} else {
			t.Errorf(msg, set, l.line, a.Severity, l.command, economyWhy(a))
		}
	}
	t.Logf("%s: %d/%d denied, %d not severe", set, len(lines)-failed, len(lines), failed)
}

func TestDestructiveAsksInAuto(t *testing.T) {
	for _, set := range []string{"destructive_cli.txt", "holdout_destructive_cli.txt"} {
		destructiveAsks(t, set)
	}
}

func destructiveAsks(t *testing.T, set string) {
	v := New(corpusEnv)
	lines := readEconomySet(t, set)
	failed := 0
	for _, l := range lines {
		a := v.CheckScript(l.command)
		if a.Severity >= NonSevere {
			continue
		}
		failed++
		msg := "%s:%d allowed in auto mode: %s"
		if economyReportOnly() {
			t.Logf(msg, set, l.line, l.command)
		} else {
			t.Errorf(msg, set, l.line, l.command)
		}
	}
	t.Logf("%s: %d/%d ask or deny in auto mode, %d allowed", set, len(lines)-failed, len(lines), failed)
}
