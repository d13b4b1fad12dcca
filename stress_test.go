package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/integrity"
)

// TestAuditConcurrentProcesses starts 200 permgate processes at once — exec and
// check, some with 100 KB commands — and expects exactly 200 whole, valid lines,
// the long commands cut at audit.MaxCommand.
func TestAuditConcurrentProcesses(t *testing.T) {
	home, env := testHome(t)
	env = append(env, "PERMGATE_TEST_TTY=/nonexistent")
	const procs = 200
	long := "echo " + strings.Repeat("x", 100<<10)
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	for i := range procs {
		var args []string
		switch i % 4 {
		case 0:
			args = []string{"exec", "--", "true"}
		case 1:
			args = []string{"check", "--", fmt.Sprintf("ls dir%d", i)}
		case 2:
			args = []string{"exec", "--", long}
		default:
			args = []string{"check", "--", "rm -rf /"}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command("permgate", args...)
			cmd.Dir, cmd.Env = home, env
			if out, err := cmd.CombinedOutput(); err != nil && args[0] == "exec" {
				errs <- fmt.Errorf("%v: %v: %.200s", args[:2], err, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	f, err := os.Open(filepath.Join(home, ".local", "state", "permgate", "audit.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	lines, longLines := 0, 0
	for sc.Scan() {
		lines++
		var rec audit.Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %d is not a whole record: %v", lines, err)
		}
		if rec.CommandLen == len(long) && len(rec.Command) == audit.MaxCommand && strings.HasPrefix(long, rec.Command) {
			longLines++ // cut at the cap, its full length noted
		}
	}
	if lines != procs || longLines != procs/4 {
		t.Errorf("%d lines (%d long), want %d (%d long)", lines, longLines, procs, procs/4)
	}
}

// TestRulesAddConcurrentProcesses: 20 `permgate rules add` at once lose none and
// keep the user's comment.
//
// The adds take turns at the locks, each holding them across its fsyncs, so on
// a busy disk the last waits many seconds: the adds get a lock timeout no load
// reaches (a held lock still ends in an error, only later), and a check that
// waits past its 2 s deadline to read fails closed, as the deadline means it
// to, and asks again.
func TestRulesAddConcurrentProcesses(t *testing.T) {
	home, env := testHome(t)
	userConfig := filepath.Join(home, ".config", "permgate", "config.toml")
	writeTestFile(t, userConfig, "# mine\n")
	sealTestConfig(t, home, userConfig)
	env = append(env, "PERMGATE_TEST_TTY="+yesTTY(t)) // a person confirms each allow rule
	env = append(env, "PERMGATE_TEST_LOCK_TIMEOUT=2m")
	lateRead := fmt.Sprintf("could not read the config and state within the %s deadline", config.DefaultDeadline)
	var wg sync.WaitGroup
	for i := range 20 {
		// Readers meanwhile always see the config with its seal: no warning.
		wg.Add(1)
		go func() {
			defer wg.Done()
			for attempt := 1; ; attempt++ {
				cmd := exec.Command("permgate", "check", "--", "ls")
				cmd.Dir, cmd.Env = home, env
				out, err := cmd.CombinedOutput()
				if strings.Contains(string(out), "warning") {
					t.Errorf("check %d during the adds: a warning\n%s", i, out)
				}
				var ee *exec.ExitError
				if err == nil || !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(string(out), lateRead) {
					if err != nil {
						t.Errorf("check %d during the adds: %v\n%s", i, err, out)
					} else if attempt > 1 {
						t.Logf("check %d answered at attempt %d (before, past its deadline)", i, attempt)
					}
					return
				}
				if attempt == 30 {
					t.Errorf("check %d: %d times past its deadline, never an answer:\n%s", i, attempt, out)
					return
				}
			}
		}()
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command("permgate", "rules", "add", "allow", fmt.Sprintf("bash(prefix:tool%02d*)", i))
			cmd.Dir, cmd.Env = home, env
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("rules add %d: %v\n%s", i, err, out)
			}
		}()
	}
	wg.Wait()
	cfg, err := config.Load(config.Paths{User: userConfig}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Rules.Allow) != 20 {
		t.Errorf("%d rules after 20 concurrent adds", len(cfg.Rules.Allow))
	}
	data, _ := os.ReadFile(userConfig)
	if !strings.HasPrefix(string(data), "# mine\n") {
		t.Errorf("the comment was lost:\n%s", data)
	}
	if !(integrity.Sealer{Dir: filepath.Join(home, ".local", "state", "permgate")}).Verify(userConfig, data) {
		t.Error("the config is no longer sealed after concurrent adds")
	}
}
