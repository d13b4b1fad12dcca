//go:build unix

// Command bench measures permgate as a whole process: `permgate check` and the
// overhead of `permgate exec` over running the command directly, with peak RSS.
//
//	go run ./scripts/bench -permgate ./permgate -n 300
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"syscall"
	"time"
)

// sample runs a command n times and returns the run times, sorted, and the
// largest peak RSS in KiB.
func sample(n int, env []string, argv ...string) ([]time.Duration, int64, error) {
	times := make([]time.Duration, 0, n)
	var maxRSS int64
	for range n {
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = env
		start := time.Now()
		err := cmd.Run()
		elapsed := time.Since(start)
		if err != nil {
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() > 3 {
				return nil, 0, fmt.Errorf("%v: %w", argv, err)
			}
		}
		times = append(times, elapsed)
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			maxRSS = max(maxRSS, ru.Maxrss)
		}
	}
	slices.Sort(times)
	return times, maxRSS, nil
}

func pct(times []time.Duration, p int) time.Duration { return times[len(times)*p/100] }

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

func main() {
	bin := flag.String("permgate", "./permgate", "the permgate binary to measure")
	n := flag.Int("n", 300, "runs per measurement")
	flag.Parse()
	home, err := os.MkdirTemp("", "permgate-bench")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(home)
	// A clean home: no config, state and audit log in a temporary place.
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "XDG_STATE_HOME=" + home + "/state"}
	truePath, err := exec.LookPath("true")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	runs := []struct {
		name string
		argv []string
	}{
		{"check (typical agent command)", []string{*bin, "check", "--", "git status && git diff --stat | head -20"}},
		{"check --json (severe, nested)", []string{*bin, "check", "--json", "--", "sudo env FOO=1 bash -c 'r\"\"m -rf $HOME'"}},
		{"true, directly", []string{truePath}},
		{"exec -- true (argv)", []string{*bin, "exec", "--", truePath, "--"}},
		// What the shell guard adds to each Enter: one process deciding the line.
		{"guard (one Enter: git status)", []string{*bin, "guard", "--report-mode", "--", "git status"}},
	}
	medians := map[string]time.Duration{}
	fmt.Printf("%-32s %10s %10s %10s\n", "", "median", "p90", "peak RSS")
	for _, r := range runs {
		times, rss, err := sample(*n, env, r.argv...)
		if err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		medians[r.name] = pct(times, 50)
		fmt.Printf("%-32s %10s %10s %7.1f MB\n", r.name, ms(pct(times, 50)), ms(pct(times, 90)), float64(rss)/1024)
	}
	fmt.Printf("exec overhead over running it directly: %s (median)\n", ms(medians["exec -- true (argv)"]-medians["true, directly"]))
	fmt.Printf("latency the shell guard adds to each Enter: %s (median)\n", ms(medians["guard (one Enter: git status)"]))
}
