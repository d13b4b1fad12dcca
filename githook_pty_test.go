package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A git hook's step that asks is asked on the terminal, one step at a time, and
// a step's standard input is never the terminal: it cannot read the answer
// meant for the next step's question.
func TestGithookAsksEachStepOnTerminal(t *testing.T) {
	home, env := testHome(t)
	config := filepath.Join(home, ".config", "permgate", "config.toml")
	if err := os.MkdirAll(filepath.Dir(config), 0o755); err != nil {
		t.Fatal(err)
	}
	steps := "[git]\npre-commit = [\n  'if read -r x; then echo \"step read: $x\"; else echo \"step read nothing\"; fi',\n  \"touch one\",\n  \"touch two\",\n  \"touch three\",\n]\n"
	if err := os.WriteFile(config, []byte(steps), 0o600); err != nil {
		t.Fatal(err)
	}
	sealTestConfig(t, home, config)
	r := startPTY(t, home, env, "githook", "pre-commit")
	r.waitFor("step read nothing")
	r.waitFor("Allow? (y/N/a)")
	if !strings.Contains(r.output(), "touch one") {
		t.Errorf("the first question is not about touch one:\n%s", r.output())
	}
	r.send("y\n")
	r.waitFor("step 3/4: touch two")
	// The second question: the prompt drops what was typed before it asks.
	r.waitCountSince(0, "Allow? (y/N/a)", 2)
	r.send("n\n")
	if code := r.exit(); code != 126 {
		t.Fatalf("exit %d after no, want 126:\n%s", code, r.output())
	}
	out := r.output()
	if !strings.Contains(out, "permgate: pre-commit: step 3 (touch two, "+config+":5) was refused; the hook stops") {
		t.Errorf("the refusal does not name the step:\n%s", out)
	}
	if strings.Contains(out, "step 4/4") {
		t.Errorf("the step after the refused one was decided:\n%s", out)
	}
	for name, want := range map[string]bool{"one": true, "two": false, "three": false} {
		if _, err := os.Stat(filepath.Join(home, name)); (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", name, err == nil, want)
		}
	}
}

// Ctrl-C at the terminal while a step runs stops the step and the hook, and
// permgate says which step it was.
func TestGithookCtrlCStopsTheStep(t *testing.T) {
	home, env := testHome(t)
	config := filepath.Join(home, ".config", "permgate", "config.toml")
	if err := os.MkdirAll(filepath.Dir(config), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(config, []byte("[git]\npre-commit = [\"echo started; sleep 30\", \"echo never\"]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	sealTestConfig(t, home, config)
	r := startPTY(t, home, env, "githook", "pre-commit")
	r.waitFor("started\r\n") // the step's output, not its name in permgate's line
	r.send("\x03")
	if code := r.exit(); code != 130 {
		t.Fatalf("exit %d after Ctrl-C, want 130:\n%s", code, r.output())
	}
	if out := r.output(); !strings.Contains(out, "step 1 (echo started; sleep 30, "+config+":2) failed with exit status 130; the hook stops") || strings.Contains(out, "never") {
		t.Errorf("terminal:\n%s", out)
	}
}
