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
	"sort"
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
	flag.Parse()
	cases := hostile.Largest(shellparse.DefaultMaxBytes, shellparse.DefaultMaxWords)
	for name, src := range hostile.Flat() {
		cases[name] = src
	}
	if *depth > 0 {
		cases = hostile.Cases(*depth)
	}
	home, err := os.MkdirTemp("", "permgate-worst-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "worst:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(home)
	var results []result
	for name, src := range cases {
		r, err := run(*bin, home, src, *limit)
		if err != nil {
			fmt.Fprintf(os.Stderr, "worst: %s: %v\n", name, err)
			os.Exit(1)
		}
		r.name, r.size = name, len(src)
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

// run answers one Claude Code hook payload holding src.
func run(bin, home, src string, limit time.Duration) (result, error) {
	payload, err := json.Marshal(map[string]any{
		"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": src},
		"cwd": home, "permission_mode": "default", "session_id": "worst",
	})
	if err != nil {
		return result{}, err
	}
	cmd := exec.Command(bin, "hook", "claude")
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	cmd.Stdin = bytes.NewReader(payload)
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
