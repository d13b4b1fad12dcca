//go:build unix

// Command speed measures permgate as a whole process, side by side with what
// it is compared with, in one run: every candidate is started once per
// round, in an order shuffled each round, so that a busy moment of the
// machine falls on all of them alike. It prints, for each, the median, p90
// and peak RSS; then the figures the targets in docs/speed.md name: hook and
// check over a static Go hello world, permgate against each peer guard
// found, a 1 MiB hook payload, scan's commands per second and the shell
// guard's cost per Enter.
//
//	go run ./scripts/speed -permgate ./permgate -hello ./hello [-before ./permgate-old] [-peers DIR] [-rounds 50] [-loops 2]
//
// scripts/speed.sh builds what it needs and runs it, with the in-process
// benchmarks.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// candidate is one program started per round.
type candidate struct {
	name  string
	argv  []string
	env   []string
	stdin []byte
	// decision, when set, is a word the candidate's output must hold (a
	// guard that answers wrongly is not measured).
	decision string

	times []time.Duration
	rss   int64 // KiB, the largest of any run
}

// run starts the candidate once and records its time and peak RSS.
func (c *candidate) run() error {
	cmd := exec.Command(c.argv[0], c.argv[1:]...)
	cmd.Env = c.env
	cmd.Stdin = bytes.NewReader(c.stdin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	elapsed := time.Since(start)
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() > 3) {
		return fmt.Errorf("%s: %v: %s", c.name, err, firstLine(out.String()))
	}
	if c.decision != "" && !strings.Contains(out.String(), c.decision) {
		return fmt.Errorf("%s: answered %q, want %q in it", c.name, firstLine(out.String()), c.decision)
	}
	c.times = append(c.times, elapsed)
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		c.rss = max(c.rss, ru.Maxrss)
	}
	return nil
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	if len(line) > 160 {
		line = line[:160] + "…"
	}
	return line
}

// pct is the p-th percentile of times.
func pct(times []time.Duration, p int) time.Duration {
	s := slices.Clone(times)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// measure runs every candidate once per round, rounds times, in a shuffled
// order each round; the times of loop k are appended to the candidates'.
func measure(cands []*candidate, rounds int, rng *rand.Rand) error {
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	for range rounds {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, i := range order {
			if err := cands[i].run(); err != nil {
				return err
			}
		}
	}
	return nil
}

// claudePayload is the PreToolUse payload Claude Code sends for a Bash call.
func claudePayload(cwd, command string) []byte {
	b, _ := json.Marshal(map[string]any{
		"session_id": "speed", "transcript_path": filepath.Join(cwd, "transcript.jsonl"), "cwd": cwd,
		"permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Bash",
		"tool_input": map[string]any{"command": command, "description": "speed"},
	})
	return b
}

// heredoc is a command of about size bytes that writes a file of text lines,
// as an agent writes a file through the shell.
func heredoc(size int) string {
	var b strings.Builder
	b.WriteString("cat > notes.txt <<'EOF'\n")
	for i := 0; b.Len() < size-4; i++ {
		fmt.Fprintf(&b, "line %d of the notes: nothing here runs, it is only text for the file\n", i)
	}
	b.WriteString("EOF")
	return b.String()
}

// peer is a Go guard permgate is compared with: its binary's name in the
// peers directory, how Claude Code runs it, and what its deny says.
type peer struct {
	name string
	args []string
	// home is a directory under the peers directory that holds the
	// peer's own config, used as its HOME (and XDG dirs), when it needs one.
	home string
}

var peers = []peer{
	{name: "agent-command-guard", args: []string{"--agent", "claude"}},
	{name: "cc-bash-guard", args: []string{"hook"}, home: "home/cc-bash-guard"},
	{name: "dcg-go"},
}

func main() {
	bin := flag.String("permgate", "./permgate", "the permgate binary to measure")
	before := flag.String("before", "", "a permgate binary to measure beside it (the code before a change)")
	hello := flag.String("hello", "", "a static Go hello world (required)")
	peersDir := flag.String("peers", "", "a directory holding the peer guards' binaries under bin/ (see docs/speed.md)")
	rounds := flag.Int("rounds", 50, "rounds per loop")
	loops := flag.Int("loops", 2, "loops")
	corpus := flag.String("corpus", "", "a file of commands, one a line, for scan")
	flag.Parse()
	if *hello == "" {
		fmt.Fprintln(os.Stderr, "speed: -hello is required")
		os.Exit(2)
	}
	if err := run(*bin, *before, *hello, *peersDir, *corpus, *rounds, *loops); err != nil {
		fmt.Fprintln(os.Stderr, "speed:", err)
		os.Exit(1)
	}
}

func run(bin, before, hello, peersDir, corpus string, rounds, loops int) error {
	home, err := os.MkdirTemp("", "permgate-speed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	// Every binary is measured as an installed copy (see installed).
	installedDir := filepath.Join(home, "bin")
	for _, path := range []*string{&bin, &before, &hello} {
		if *path == "" {
			continue
		}
		if *path, err = installed(*path, installedDir); err != nil {
			return err
		}
	}
	// The agent's project: a git repository, as where agents work.
	project := filepath.Join(home, "project")
	if err := os.MkdirAll(project, 0o755); err != nil {
		return err
	}
	if git, err := exec.LookPath("git"); err == nil {
		exec.Command(git, "init", "-q", project).Run()
	}
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "XDG_STATE_HOME=" + home + "/state", "XDG_CONFIG_HOME=" + home + "/config"}
	payload := claudePayload(project, "git status")
	deny := claudePayload(project, "rm -rf ~")

	var cands []*candidate
	add := func(c *candidate) *candidate {
		if c.env == nil {
			c.env = env
		}
		cands = append(cands, c)
		return c
	}
	sh, _ := exec.LookPath("sh")
	truePath, _ := exec.LookPath("true")
	add(&candidate{name: "floor: sh -c 'exec true'", argv: []string{sh, "-c", "exec " + truePath}})
	add(&candidate{name: "static Go hello", argv: []string{hello}})
	hook := add(&candidate{name: "permgate hook claude", argv: []string{bin, "hook", "claude"}, stdin: payload, decision: "allow"})
	check := add(&candidate{name: "permgate check", argv: []string{bin, "check", "--", "git status"}})
	guard := add(&candidate{name: "permgate guard (one Enter)", argv: []string{bin, "guard", "--report-mode", "--", "git status"}})
	var old, oldCheck *candidate
	if before != "" {
		old = add(&candidate{name: "before: hook claude", argv: []string{before, "hook", "claude"}, stdin: payload, decision: "allow"})
		oldCheck = add(&candidate{name: "before: check", argv: []string{before, "check", "--", "git status"}})
	}
	var found []*candidate
	if peersDir != "" {
		for _, p := range peers {
			path := filepath.Join(peersDir, "bin", p.name)
			if _, err := os.Stat(path); err != nil {
				continue
			}
			if path, err = installed(path, installedDir); err != nil {
				return err
			}
			penv := env
			if p.home != "" {
				h := filepath.Join(peersDir, p.home)
				penv = []string{"HOME=" + h, "PATH=" + os.Getenv("PATH"), "XDG_CONFIG_HOME=" + h + "/.config", "XDG_CACHE_HOME=" + h + "/.cache"}
			}
			c := &candidate{name: "peer: " + p.name, argv: append([]string{path}, p.args...), env: penv, stdin: payload}
			// A peer that does not deny rm -rf ~ is not measured as a guard.
			probe := &candidate{name: c.name, argv: c.argv, env: c.env, stdin: deny, decision: "deny"}
			if err := probe.run(); err != nil {
				fmt.Printf("(%s left out: %v)\n", p.name, err)
				continue
			}
			found = append(found, add(c))
		}
	}

	rng := rand.New(rand.NewPCG(1, 2))
	for loop := 1; loop <= loops; loop++ {
		start := make([]int, len(cands))
		for i, c := range cands {
			start[i] = len(c.times)
		}
		if err := measure(cands, rounds, rng); err != nil {
			return err
		}
		fmt.Printf("\nloop %d of %d: %d rounds, each candidate once a round, shuffled\n", loop, loops, rounds)
		fmt.Printf("%-34s %10s %10s %10s\n", "", "median", "p90", "peak RSS")
		for i, c := range cands {
			t := c.times[start[i]:]
			fmt.Printf("%-34s %10s %10s %7.1f MB\n", c.name, ms(pct(t, 50)), ms(pct(t, 90)), float64(c.rss)/1024)
		}
	}

	med := func(c *candidate) time.Duration { return pct(c.times, 50) }
	helloMed := med(cands[1])
	fmt.Printf("\nall loops (%d runs each):\n", rounds*loops)
	fmt.Printf("  hook over the static Go hello:  %s (target ≤ 1 ms)\n", ms(med(hook)-helloMed))
	fmt.Printf("  check over the static Go hello: %s (target ≤ 1 ms)\n", ms(med(check)-helloMed))
	if old != nil {
		fmt.Printf("  before: hook over hello %s, check over hello %s\n", ms(med(old)-helloMed), ms(med(oldCheck)-helloMed))
	}
	for _, p := range found {
		fmt.Printf("  %s: %s, permgate's hook %s\n", strings.TrimPrefix(p.name, "peer: "), ms(med(p)), ms(med(hook)-med(p)))
	}
	if len(found) == 0 {
		fmt.Println("  peers: none found (-peers DIR; see docs/speed.md)")
	}
	rss := max(hook.rss, check.rss, guard.rss)
	fmt.Printf("  peak RSS of hook, check, guard: %.1f MB (target ≤ 20 MB)\n", float64(rss)/1024)
	fmt.Printf("  shell guard per Enter: %s median, %s p90 (target ≤ 3 ms)\n", ms(med(guard)), ms(pct(guard.times, 90)))

	// A 1 MiB hook payload: an agent writing a file through a heredoc.
	big := []*candidate{{name: "hook, 1 MiB payload", argv: []string{bin, "hook", "claude"}, env: env, stdin: claudePayload(project, heredoc(1<<20))}}
	if before != "" {
		big = append(big, &candidate{name: "before: hook, 1 MiB payload", argv: []string{before, "hook", "claude"}, env: env, stdin: big[0].stdin})
	}
	if err := measure(big, 10, rng); err != nil {
		return err
	}
	for _, c := range big {
		fmt.Printf("  %s: %s median, %s p90, peak RSS %.1f MB (target ≤ 100 ms)\n", c.name, ms(med(c)), ms(pct(c.times, 90)), float64(c.rss)/1024)
	}

	if corpus != "" {
		if err := scanRate(bin, before, corpus, env, rng); err != nil {
			return err
		}
	}
	return nil
}

// scanRate runs permgate scan over the corpus file and prints commands per
// second (the median of five runs).
func scanRate(bin, before, corpus string, env []string, rng *rand.Rand) error {
	data, err := os.ReadFile(corpus)
	if err != nil {
		return err
	}
	lines := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) != "" {
			lines++
		}
	}
	cands := []*candidate{{name: "scan", argv: []string{bin, "scan", corpus}, env: env}}
	if before != "" {
		cands = append(cands, &candidate{name: "before: scan", argv: []string{before, "scan", corpus}, env: env})
	}
	if err := measure(cands, 5, rng); err != nil {
		return err
	}
	for _, c := range cands {
		d := pct(c.times, 50)
		fmt.Printf("  %s: %d commands in %s: %.0f commands/s (target ≥ 50,000)\n", c.name, lines, ms(d), float64(lines)/d.Seconds())
	}
	return nil
}

// installed copies a binary into dir and returns the copy's path. How a
// binary's pages came into the page cache changes how fast it starts: on
// Linux 6.18 a 13 MB binary written by write(2) (a copy, as cp, install and
// package managers make) starts 0.15–0.25 ms faster than the same bytes as
// the Go linker wrote them or as exec faulted them back in after eviction.
// Every candidate is measured as a copy, so that none is ahead or behind for
// the way it was built.
func installed(path, dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	src, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer src.Close()
	dst, err := os.CreateTemp(dir, filepath.Base(path)+"-*")
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return "", fmt.Errorf("copy %s: %w", path, err)
	}
	if err := dst.Close(); err != nil {
		return "", fmt.Errorf("copy %s: %w", path, err)
	}
	if err := os.Chmod(dst.Name(), 0o755); err != nil {
		return "", err
	}
	return dst.Name(), nil
}
