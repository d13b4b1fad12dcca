package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/internal/textclip"
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
		Long: "scan reads commands from FILE (or stdin): one a line, bash history, zsh extended history\n" +
			"(: 1700000000:0;cmd), or JSON lines with a \"command\" field. Blank lines and comment lines (# after\n" +
			"optional blanks, which covers bash's #TIMESTAMP lines) are skipped. A bad line (invalid JSON in JSON\n" +
			"lines, a JSON object without \"command\", invalid UTF-8, a line over the bound) is reported on stderr\n" +
			"with its line number and skipped. It prints a summary that counts allowed, asked, denied and skipped\n" +
			"and names each denied and asked command with its line, or with --json one line per command as\n" +
			"check --json does, plus \"line\". Nothing runs and nothing is written to the audit log.\n" +
			"Exit status: 2 when any command is denied, else 0 (asks too); 1 on an error such as an unreadable FILE.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			s, err := loadSessionWithin(g, io, modeFlag, false)
			if err != nil {
				return fmt.Errorf("scan: %w", err)
			}
			in := io.in
			name := "stdin"
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return unreadable(args[0], err)
				}
				defer f.Close()
				in, name = f, args[0]
			}
			input, err := readCommands(in, maxHookInput)
			if err != nil {
				return unreadable(name, err)
			}
			for _, b := range input.bad {
				fmt.Fprintf(io.err, "permgate: scan: %s:%d: skipped: %s\n", name, b.line, b.why)
			}
			reports := s.decideAll(input.commands)
			if asJSON {
				if err := writeJSONLines(io.out, input.commands, reports); err != nil {
					return err
				}
			} else if err := writeSummary(io.out, name, input, reports); err != nil {
				return err
			}
			for _, r := range reports {
				if r.Decision == policy.Deny {
					return exitCode{exitDeny}
				}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON line per command")
	c.Flags().StringVar(&modeFlag, "mode", "", "mode to decide in: default, auto, plan or bypass")
	return c
}

// unreadable is the error for input scan cannot read: the file's name and
// the operating system's reason, once.
func unreadable(name string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("scan: cannot read %s: %w", name, err)
}

// scanCommand is one command scan read, with the line it starts on.
type scanCommand struct {
	line int
	text string
}

// badLine is a line scan reports and skips, and why.
type badLine struct {
	line int
	why  string
}

// scanInput is what readCommands found: the commands, in order, and the bad
// lines it skipped.
type scanInput struct {
	commands []scanCommand
	bad      []badLine
}

// lineReader reads lines of at most max bytes each. A longer line is read to
// its end and dropped, never held whole.
type lineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// next returns the next line without its line ending (\n or \r\n), or
// tooLong when it has more than max bytes; io.EOF after the last line.
func (lr *lineReader) next() (line string, tooLong bool, err error) {
	lr.buf = lr.buf[:0]
	read := false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		read = read || len(chunk) > 0
		if !tooLong {
			// Room for the line and its \r\n; past that it is too long.
			if len(lr.buf)+len(chunk) > lr.max+2 {
				tooLong, lr.buf = true, lr.buf[:0]
			} else {
				lr.buf = append(lr.buf, chunk...)
			}
		}
		switch {
		case err == nil:
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if !read {
				return "", false, io.EOF
			}
		default:
			return "", false, err
		}
		break
	}
	if tooLong {
		return "", true, nil
	}
	b := bytes.TrimSuffix(lr.buf, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	if len(b) > lr.max {
		return "", true, nil
	}
	return string(b), false, nil
}

// readCommands reads the commands of a history, command or JSON lines file,
// with lines of at most maxLine bytes. Blank and comment lines are skipped;
// bad lines are skipped and returned with why. The input is JSON lines when its
// first line that is neither blank nor a comment is a JSON object (or starts
// as one, with {"); then every such line must be one. Otherwise a line that is
// a JSON object is read as one and any other line is a command, zsh history
// prefix removed. The error is the reader's.
func readCommands(r io.Reader, maxLine int) (scanInput, error) {
	lr := &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: maxLine}
	var in scanInput
	bad := func(line int, format string, a ...any) {
		in.bad = append(in.bad, badLine{line, fmt.Sprintf(format, a...)})
	}
	var (
		pending     strings.Builder // a zsh history entry continued with a trailing backslash
		pendingLine int             // the line it starts on; 0 when there is none
		pendingBad  string          // why the continued entry is bad, once it is
		decided     bool            // whether the input's kind is known
		jsonLines   bool            // whether the input is JSON lines
	)
	finish := func() {
		if pendingBad != "" {
			bad(pendingLine, "%s", pendingBad)
		} else {
			in.commands = append(in.commands, scanCommand{pendingLine, pending.String()})
		}
		pending.Reset()
		pendingLine, pendingBad = 0, ""
	}
	for n := 1; ; n++ {
		line, tooLong, err := lr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return scanInput{}, err
		}
		if pendingLine > 0 {
			continued := !tooLong && strings.HasSuffix(line, "\\")
			switch {
			case pendingBad != "":
			case tooLong:
				pendingBad = fmt.Sprintf("a continued command whose line %d is longer than %d bytes", n, maxLine)
			case !utf8.ValidString(line):
				pendingBad = fmt.Sprintf("a continued command whose line %d is not valid UTF-8", n)
			case pending.Len()+1+len(line) > shellparse.DefaultMaxBytes:
				pendingBad = fmt.Sprintf("a continued command over the %d-byte input limit", shellparse.DefaultMaxBytes)
			default:
				pending.WriteString("\n")
				pending.WriteString(strings.TrimSuffix(line, "\\"))
			}
			if !continued {
				finish()
			}
			continue
		}
		switch {
		case tooLong:
			bad(n, "longer than %d bytes", maxLine)
			continue
		case !utf8.ValidString(line):
			bad(n, "not valid UTF-8")
			continue
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || trimmed[0] == '#' {
			continue
		}
		if !decided {
			decided = true
			jsonLines = isJSONObject(trimmed) || strings.HasPrefix(trimmed, `{"`)
		}
		if jsonLines || isJSONObject(trimmed) {
			if cmd, why := jsonCommand(trimmed); why != "" {
				bad(n, "%s", why)
			} else {
				in.commands = append(in.commands, scanCommand{n, cmd})
			}
			continue
		}
		if cmd, ok := zshHistoryCommand(line); ok {
			if strings.HasSuffix(cmd, "\\") {
				pending.WriteString(strings.TrimSuffix(cmd, "\\"))
				pendingLine = n
				continue
			}
			if t := strings.TrimSpace(cmd); t == "" || t[0] == '#' {
				continue // an empty or comment entry
			}
			line = cmd
		}
		in.commands = append(in.commands, scanCommand{n, line})
	}
	if pendingLine > 0 {
		finish()
	}
	return in, nil
}

// isJSONObject reports a line that is a JSON object; anything else starting
// with { is a shell group ({ ls; }) or a brace expansion.
func isJSONObject(trimmed string) bool {
	return strings.HasPrefix(trimmed, "{") && strings.HasSuffix(trimmed, "}") && json.Valid([]byte(trimmed))
}

// jsonCommand returns a JSON line's "command", or why the line has none.
func jsonCommand(trimmed string) (command, why string) {
	if !strings.HasPrefix(trimmed, "{") {
		return "", "not a JSON object (the input is JSON lines: its first command is one)"
	}
	var rec map[string]json.RawMessage
	if err := json.Unmarshal([]byte(trimmed), &rec); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return "", fmt.Sprintf("invalid JSON at byte %d: %v", se.Offset, err)
		}
		return "", fmt.Sprintf("invalid JSON: %v", err)
	}
	raw, ok := rec["command"]
	if !ok || json.Unmarshal(raw, &command) != nil || string(raw) == "null" {
		return "", `a JSON line needs a "command" string`
	}
	return command, ""
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

// decideAll decides every command, in parallel, keeping their order. Each
// command has the deadline of one answer: one that is too costly to judge in
// time is reported as such, and the scan goes on.
func (s *session) decideAll(commands []scanCommand) []report {
	reports := make([]report, len(commands))
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	next := make(chan int, workers*4)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := s.matcher()
			var v *validator.Validator // a validator per goroutine: parsers are not shared
			var stop *atomic.Bool
			for i := range next {
				if v == nil {
					stop = new(atomic.Bool)
					env := s.env
					env.Limits.Stop = stop.Load
					v = validator.New(env)
				}
				text := commands[i].text
				a, ok := within(time.Now().Add(s.deadline()), stop, func() validator.Analysis {
					stall()
					return v.CheckScript(text)
				})
				if !ok {
					// The abandoned analysis may still hold v's parser.
					v = nil
					a = lateAnalysis(text, late{phase: "judge the command", limit: s.deadline()})
				}
				reports[i] = newReport(text, a, s.eff.Mode, s.decideAnalysis(a, m))
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

// scanRecord is one line of scan --json: check --json's object and the line
// the command starts on.
type scanRecord struct {
	report
	Line int `json:"line"`
}

func writeJSONLines(w io.Writer, commands []scanCommand, reports []report) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(jsonSafeWriter{bw})
	enc.SetEscapeHTML(false)
	for i, r := range reports {
		if err := enc.Encode(scanRecord{r, commands[i].line}); err != nil {
			return fmt.Errorf("scan: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("scan: write: %w", err)
	}
	return nil
}

// Bounds on what the summary quotes: a command, a reason, skipped line numbers.
const (
	summaryCommandBytes = 120
	summaryReasonBytes  = 240
	summarySkippedLines = 20
)

// writeWhy prints a named command's reason, its findings' ids and the first
// safer way, each unless the reason already says it.
func writeWhy(w io.Writer, r report) {
	var ids []string
	suggestion := ""
	for _, f := range r.Findings {
		if f.ID != "" && !slices.Contains(ids, f.ID) && !strings.Contains(r.Reason, f.ID) {
			ids = append(ids, f.ID)
		}
		if suggestion == "" && f.Suggestion != "" && !strings.Contains(r.Reason, f.Suggestion) {
			suggestion = f.Suggestion
		}
	}
	why := textclip.Clip(r.Reason, summaryReasonBytes)
	if len(ids) > 0 {
		why += " [" + strings.Join(ids, ", ") + "]"
	}
	fmt.Fprintf(w, "    %s\n", safe(why))
	if suggestion != "" {
		fmt.Fprintf(w, "    safer: %s\n", safe(textclip.Clip(suggestion, summaryReasonBytes)))
	}
}

// writeSummary prints the counts, each denied and then each asked command with
// its line and reason, the skipped lines, and how many commands had each kind
// of finding. Commands and reasons are clipped and made terminal-safe.
func writeSummary(w io.Writer, name string, in scanInput, reports []report) error {
	bw := bufio.NewWriter(w)
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
	noun := "commands"
	if len(reports) == 1 {
		noun = "command"
	}
	fmt.Fprintf(bw, "%d %s from %s: %d allowed, %d asked, %d denied, %d skipped\n", len(reports), noun, safe(name),
		decisions[policy.Allow], decisions[policy.Ask], decisions[policy.Deny], len(in.bad))
	for _, d := range []policy.Decision{policy.Deny, policy.Ask} {
		if decisions[d] == 0 {
			continue
		}
		fmt.Fprintf(bw, "%s:\n", map[policy.Decision]string{policy.Deny: "denied", policy.Ask: "asked"}[d])
		for i, r := range reports {
			if r.Decision != d {
				continue
			}
			fmt.Fprintf(bw, "  %s:%d: %s: %s\n", safe(name), in.commands[i].line, d, safe(textclip.Clip(r.Command, summaryCommandBytes)))
			writeWhy(bw, r)
		}
	}
	if len(in.bad) > 0 {
		lines := make([]string, 0, summarySkippedLines)
		for i, b := range in.bad {
			if i == summarySkippedLines {
				lines = append(lines, fmt.Sprintf("… %d more", len(in.bad)-i))
				break
			}
			lines = append(lines, strconv.Itoa(b.line))
		}
		word := "line"
		if len(in.bad) > 1 {
			word = "lines"
		}
		fmt.Fprintf(bw, "skipped (bad lines, reported on stderr): %s %s\n", word, strings.Join(lines, ", "))
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
	if len(names) > 0 {
		fmt.Fprintln(bw, "findings (commands with each kind):")
	}
	for _, k := range names {
		fmt.Fprintf(bw, "  %-24s %d\n", k, kinds[k])
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("scan: write: %w", err)
	}
	return nil
}
