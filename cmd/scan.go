package cmd

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/shellparse"
	"github.com/permgate/permgate/validator"
)

func newScanCmd(io streams, g *globalFlags) *cobra.Command {
	var asJSON bool
	var modeFlag string
	c := &cobra.Command{
		Use:   "scan [--json] [--mode MODE] [FILE|-]",
		Short: "Classify many commands: one a line, bash or zsh history, or JSON lines with \"command\"",
		Long: "scan reads commands from FILE (or stdin): one a line, bash history (#TIMESTAMP lines are skipped),\n" +
			"zsh extended history (: 1700000000:0;cmd), or JSON lines with a \"command\" field. It prints a summary\n" +
			"by decision and finding kind, or with --json one line per command as check --json does. Nothing runs\n" +
			"and nothing is written to the audit log.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			s, err := loadSession(g, io, modeFlag, false)
			if err != nil {
				return fmt.Errorf("scan: %w", err)
			}
			in := io.in
			name := "stdin"
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return fmt.Errorf("scan: %w", err)
				}
				defer f.Close()
				in, name = f, args[0]
			}
			commands, err := readCommands(in)
			if err != nil {
				return fmt.Errorf("scan %s: %w", name, err)
			}
			reports := s.decideAll(commands)
			if asJSON {
				return writeJSONLines(io.out, reports)
			}
			writeSummary(io.out, name, reports)
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON line per command")
	c.Flags().StringVar(&modeFlag, "mode", "", "mode to decide in: default, auto, plan or bypass")
	return c
}

// readCommands reads the commands of a history or command file.
func readCommands(r io.Reader) ([]string, error) {
	sc := bufio.NewScanner(r)
	// A line may hold a command at the input limit, escaped in a JSON line:
	// the hook payload's bound. A longer line is an error before it is held.
	sc.Buffer(make([]byte, 64<<10), maxHookInput)
	var out []string
	var pending strings.Builder // a zsh history entry continued with a trailing backslash
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if pending.Len() > shellparse.DefaultMaxBytes {
			return nil, fmt.Errorf("line %d: a continued command over the %d-byte input limit", n, shellparse.DefaultMaxBytes)
		}
		if pending.Len() > 0 {
			pending.WriteString("\n")
			if strings.HasSuffix(line, "\\") {
				pending.WriteString(strings.TrimSuffix(line, "\\"))
				continue
			}
			pending.WriteString(line)
			out = append(out, pending.String())
			pending.Reset()
			continue
		}
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			continue
		case strings.HasPrefix(trimmed, "{") && strings.HasSuffix(trimmed, "}") && json.Valid([]byte(trimmed)):
			// A JSON object; anything else starting with { is a shell group ({ ls; }).
			var rec struct {
				Command *string `json:"command"`
			}
			if err := json.Unmarshal([]byte(trimmed), &rec); err != nil || rec.Command == nil {
				return nil, fmt.Errorf("line %d: a JSON line needs a \"command\" string", n)
			}
			out = append(out, *rec.Command)
			continue
		case isBashTimestamp(trimmed):
			continue
		}
		if cmd, ok := zshHistoryCommand(line); ok {
			if strings.HasSuffix(cmd, "\\") {
				pending.WriteString(strings.TrimSuffix(cmd, "\\"))
				continue
			}
			line = cmd
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d bytes", n+1, maxHookInput)
		}
		return nil, err
	}
	if pending.Len() > 0 {
		out = append(out, pending.String())
	}
	return out, nil
}

// isBashTimestamp reports bash's HISTTIMEFORMAT comment line: #1700000000.
func isBashTimestamp(line string) bool {
	if len(line) < 2 || line[0] != '#' {
		return false
	}
	for _, c := range line[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// zshHistoryCommand strips zsh's extended history prefix ": 1700000000:0;".
func zshHistoryCommand(line string) (string, bool) {
	if !strings.HasPrefix(line, ": ") {
		return "", false
	}
	semi := strings.IndexByte(line, ';')
	if semi < 0 {
		return "", false
	}
	meta := line[2:semi]
	start, elapsed, ok := strings.Cut(meta, ":")
	if !ok || !isDigits(start) || !isDigits(elapsed) {
		return "", false
	}
	return line[semi+1:], true
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// decideAll decides every command, in parallel, keeping their order.
func (s *session) decideAll(commands []string) []report {
	reports := make([]report, len(commands))
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	next := make(chan int, workers*4)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := validator.New(s.env) // a validator per goroutine: parsers are not shared
			m := s.matcher()
			for i := range next {
				a := v.CheckScript(commands[i])
				reports[i] = newReport(commands[i], a, s.eff.Mode, s.decideAnalysis(a, m))
			}
		}()
	}
	for i := range commands {
		next <- i
	}
	close(next)
	wg.Wait()
	return reports
}

func writeJSONLines(w io.Writer, reports []report) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(jsonSafeWriter{bw})
	enc.SetEscapeHTML(false)
	for _, r := range reports {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("scan: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return errors.New("scan: write: " + err.Error())
	}
	return nil
}

func writeSummary(w io.Writer, name string, reports []report) {
	decisions := map[policy.Decision]int{}
	kinds := map[string]int{}
	for _, r := range reports {
		decisions[r.Decision]++
		seen := map[string]bool{}
		for _, f := range r.Findings {
			if !seen[string(f.Kind)] {
				seen[string(f.Kind)] = true
				kinds[string(f.Kind)]++
			}
		}
	}
	fmt.Fprintf(w, "%d commands from %s\n", len(reports), safe(name))
	for _, d := range []policy.Decision{policy.Allow, policy.Ask, policy.Deny} {
		fmt.Fprintf(w, "  %-5s %d\n", d, decisions[d])
	}
	if len(kinds) == 0 {
		return
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		if kinds[names[i]] != kinds[names[j]] {
			return kinds[names[i]] > kinds[names[j]]
		}
		return names[i] < names[j]
	})
	fmt.Fprintln(w, "findings (commands with each kind):")
	for _, k := range names {
		fmt.Fprintf(w, "  %-24s %d\n", k, kinds[k])
	}
}
