// Command worst runs permgate's hook on the largest hostile inputs
// (internal/hostile: every wrapper and runner nested as deep as the input
// bounds allow, and large flat commands) and prints the time and peak memory
// of each, the worst first: the whole-process view of the analysis's work
// bound.
//
//	go run ./scripts/worst -permgate ./permgate [-n 1000] [-top 20]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/permgate/permgate/internal/hostile"
	"github.com/permgate/permgate/shellparse"
)

type result struct {
	name     string
	size     int
	elapsed  time.Duration
	rssKB    int64
	decision string
}

func main() {
	bin := flag.String("permgate", "permgate", "the permgate binary to run")
	depth := flag.Int("n", 0, "nest each form n times instead of as deep as the input bounds allow")
	top := flag.Int("top", 20, "how many of the worst to print")
	limit := flag.Duration("timeout", time.Minute, "kill a run that takes longer, and report it as killed")
	writeTo := flag.String("write-payloads", "", "only write the payloads into this directory, one a line on stdout (used by worst itself)")
	flag.Parse()
	if *writeTo != "" {
		if err := writeAll(*writeTo, *depth); err != nil {
			fmt.Fprintln(os.Stderr, "worst:", err)
			os.Exit(1)
		}
		return
	}
	home, err := os.MkdirTemp("", "permgate-worst-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "worst:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(home)
	// Another process makes the payloads: the peak memory the kernel
	// reports for a run starts from this process's own peak, which must
	// stay small.
	payloads, err := readPayloads(home, *depth)
	if err != nil {
		fmt.Fprintln(os.Stderr, "worst:", err)
		os.Exit(1)
	}
	var results []result
	for _, p := range payloads {
		r, err := run(*bin, home, p.file, *limit)
		if err != nil {
			fmt.Fprintf(os.Stderr, "worst: %s: %v\n", p.name, err)
			os.Exit(1)
		}
		r.name, r.size = p.name, p.size
		results = append(results, r)
	}
	sort.Slice(results, func(i, j int) bool { return results[i].elapsed > results[j].elapsed })
	var maxRSS int64
	for _, r := range results {
		maxRSS = max(maxRSS, r.rssKB)
	}
	fmt.Printf("%d inputs; slowest %.2f s; largest peak RSS %.1f MB\n", len(results), results[0].elapsed.Seconds(), float64(maxRSS)/1024)
	fmt.Printf("%-28s %9s %8s %9s  %s\n", "form", "bytes", "time", "peak RSS", "decision")
	for _, r := range results[:min(*top, len(results))] {
		fmt.Printf("%-28s %9d %7.3fs %7.1fMB  %s\n", r.name, r.size, r.elapsed.Seconds(), float64(r.rssKB)/1024, r.decision)
	}
}

// payload is one input's Claude Code hook payload, in a file.
type payload struct {
	name, file string
	size       int
}

// writeAll writes every input's hook payload under dir and lists them on
// stdout as NAME<TAB>SIZE<TAB>FILE.
func writeAll(dir string, depth int) error {
	cases := hostile.Largest(shellparse.DefaultMaxBytes, shellparse.DefaultMaxWords)
	for name, src := range hostile.Flat() {
		cases[name] = src
	}
	if depth > 0 {
		cases = hostile.Cases(depth)
	}
	payloads, err := writePayloads(dir, cases)
	if err != nil {
		return err
	}
	for _, p := range payloads {
		fmt.Printf("%s\t%d\t%s\n", p.name, p.size, p.file)
	}
	return nil
}

// readPayloads runs this program again to write the payloads under dir.
func readPayloads(dir string, depth int) ([]payload, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	out, err := exec.Command(self, "-write-payloads", dir, "-n", strconv.Itoa(depth)).Output()
	if err != nil {
		return nil, fmt.Errorf("write the payloads: %w", err)
	}
	var payloads []payload
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		name, rest, _ := strings.Cut(line, "\t")
		size, file, _ := strings.Cut(rest, "\t")
		n, err := strconv.Atoi(size)
		if err != nil {
			return nil, fmt.Errorf("payload list: %q", line)
		}
		payloads = append(payloads, payload{name: name, file: file, size: n})
	}
	return payloads, nil
}

// writePayloads writes each input's hook payload to a file under dir.
func writePayloads(dir string, cases map[string]string) ([]payload, error) {
	var out []payload
	for name, src := range cases {
		data, err := json.Marshal(map[string]any{
			"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": src},
			"cwd": dir, "permission_mode": "default", "session_id": "worst",
		})
		if err != nil {
			return nil, err
		}
		file := filepath.Join(dir, fmt.Sprintf("payload-%d.json", len(out)))
		if err := os.WriteFile(file, data, 0o600); err != nil {
			return nil, err
		}
		out = append(out, payload{name: name, file: file, size: len(src)})
	}
	return out, nil
}

// run answers one Claude Code hook payload, read from file.
func run(bin, home, file string, limit time.Duration) (result, error) {
	in, err := os.Open(file)
	if err != nil {
		return result{}, err
	}
	defer in.Close()
	cmd := exec.Command(bin, "hook", "claude")
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	cmd.Stdin = in
	var out bytes.Buffer
	cmd.Stdout = &out
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	var killed atomic.Bool
	timer := time.AfterFunc(limit, func() { killed.Store(true); cmd.Process.Kill() })
	err = cmd.Wait()
	timer.Stop()
	elapsed := time.Since(start)
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			return result{}, err
		}
	}
	var answer struct {
		HookSpecificOutput struct {
			PermissionDecision string `json:"permissionDecision"`
			Reason             string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	decision := "unreadable answer: " + strings.TrimSpace(out.String())
	if json.Unmarshal(out.Bytes(), &answer) == nil {
		h := answer.HookSpecificOutput
		decision = h.PermissionDecision + ": " + h.Reason
	}
	if killed.Load() {
		decision = fmt.Sprintf("killed after %s", limit)
	}
	rss := int64(0)
	if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rss = u.Maxrss
	}
	return result{elapsed: elapsed, rssKB: rss, decision: truncate(decision, 70)}, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
