package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
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
			return runScan(io, g, modeFlag, asJSON, args)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON line per command")
	c.Flags().StringVar(&modeFlag, "mode", "", "mode to decide in: default, auto, plan or bypass")
	return c
}

// runScan reads the commands of args' FILE (stdin without one, or with -),
// decides each, and prints the summary, or the JSON lines with asJSON; a
// denied command makes the exit status exitDeny.
func runScan(io streams, g *globalFlags, modeFlag string, asJSON bool, args []string) error {
	s, err := loadSessionWithin(g, io, modeFlag, false)
	if err != nil {
		return fmt.Errorf("scan: %w", err)
	}
	in, name := io.in, "stdin"
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
	if err := writeScan(io.out, name, input, reports, asJSON); err != nil {
		return err
	}
	if slices.ContainsFunc(reports, func(r report) bool { return r.Decision == policy.Deny }) {
		return exitCode{exitDeny}
	}
	return nil
}

// writeScan prints what scan found: the summary, or with asJSON a JSON line
// per command.
func writeScan(w io.Writer, name string, input scanInput, reports []report, asJSON bool) error {
	if asJSON {
		return writeJSONLines(w, input.commands, reports)
	}
	return writeSummary(w, name, input, reports)
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
	tooLong, err = lr.fill()
	if err != nil {
		return "", false, err
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

// fill reads the next line, its line ending included, into lr.buf; tooLong
// when it, with a \r\n, would take more than max bytes (then lr.buf holds
// none of it). The error is io.EOF when no line is left.
func (lr *lineReader) fill() (tooLong bool, err error) {
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
			return tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && read:
			return tooLong, nil
		}
		return false, err
	}
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
	cs := &commandScanner{maxLine: maxLine}
	for n := 1; ; n++ {
		line, tooLong, err := lr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return scanInput{}, err
		}
		cs.line(n, line, tooLong)
	}
	if cs.pendingLine > 0 {
		cs.finish()
	}
	return cs.in, nil
}

// commandScanner sorts the lines readCommands reads into commands and bad
// lines.
type commandScanner struct {
	in      scanInput
	maxLine int
	// A zsh history entry continued with a trailing backslash: its text so
	// far, the line it starts on (0 when there is none), and why it is bad,
	// once it is.
	pending     strings.Builder
	pendingLine int
	pendingBad  string
	decided     bool // whether the input's kind is known
	jsonLines   bool // whether the input is JSON lines
}

// bad records line n as skipped, and why.
func (cs *commandScanner) bad(n int, format string, a ...any) {
	cs.in.bad = append(cs.in.bad, badLine{n, fmt.Sprintf(format, a...)})
}

// add records the command text that starts on line n.
func (cs *commandScanner) add(n int, text string) {
	cs.in.commands = append(cs.in.commands, scanCommand{n, text})
}

// line sorts line n (tooLong: over maxLine bytes, and so not held).
func (cs *commandScanner) line(n int, line string, tooLong bool) {
	if cs.pendingLine > 0 {
		cs.continueEntry(n, line, tooLong)
		return
	}
	switch {
	case tooLong:
		cs.bad(n, "longer than %d bytes", cs.maxLine)
		return
	case !utf8.ValidString(line):
		cs.bad(n, "not valid UTF-8")
		return
	}
	trimmed := strings.TrimSpace(line)
	if trimmed == "" || trimmed[0] == '#' {
		return
	}
	if cs.isJSONLine(trimmed) {
		cs.jsonLine(n, trimmed)
		return
	}
	cs.commandLine(n, line)
}

// isJSONLine reports a line (trimmed, neither blank nor a comment) to read as
// JSON: every one once the first is a JSON object (or starts as one), else
// one that is a JSON object.
func (cs *commandScanner) isJSONLine(trimmed string) bool {
	if !cs.decided {
		cs.decided = true
		cs.jsonLines = isJSONObject(trimmed) || strings.HasPrefix(trimmed, `{"`)
	}
	return cs.jsonLines || isJSONObject(trimmed)
}

// jsonLine records the command of JSON line n, or why it has none.
func (cs *commandScanner) jsonLine(n int, trimmed string) {
	if cmd, why := jsonCommand(trimmed); why != "" {
		cs.bad(n, "%s", why)
	} else {
		cs.add(n, cmd)
	}
}

// commandLine records line n as a command, zsh's history prefix removed; a
// zsh entry that ends in a backslash goes on to the next line, and an empty
// or comment entry is none.
func (cs *commandScanner) commandLine(n int, line string) {
	if cmd, ok := zshHistoryCommand(line); ok {
		if strings.HasSuffix(cmd, "\\") {
			cs.pending.WriteString(strings.TrimSuffix(cmd, "\\"))
			cs.pendingLine = n
			return
		}
		if t := strings.TrimSpace(cmd); t == "" || t[0] == '#' {
			return // an empty or comment entry
		}
		line = cmd
	}
	cs.add(n, line)
}

// continueEntry adds line n to the pending zsh entry, which it ends unless
// it too ends in a backslash.
func (cs *commandScanner) continueEntry(n int, line string, tooLong bool) {
	if cs.pendingBad == "" {
		cs.pendingBad = cs.continuationProblem(n, line, tooLong)
	}
	if cs.pendingBad == "" {
		cs.pending.WriteString("\n")
		cs.pending.WriteString(strings.TrimSuffix(line, "\\"))
	}
	if tooLong || !strings.HasSuffix(line, "\\") {
		cs.finish()
	}
}

// continuationProblem is why line n makes the pending entry bad: too long,
// not UTF-8, or the entry over the input limit; "" when it does not.
func (cs *commandScanner) continuationProblem(n int, line string, tooLong bool) string {
	switch {
	case tooLong:
		return fmt.Sprintf("a continued command whose line %d is longer than %d bytes", n, cs.maxLine)
	case !utf8.ValidString(line):
		return fmt.Sprintf("a continued command whose line %d is not valid UTF-8", n)
	case cs.pending.Len()+1+len(line) > shellparse.DefaultMaxBytes:
		return fmt.Sprintf("a continued command over the %d-byte input limit", shellparse.DefaultMaxBytes)
	}
	return ""
}

// finish records the pending entry, or skips it as bad, and clears it.
func (cs *commandScanner) finish() {
	if cs.pendingBad != "" {
		cs.bad(cs.pendingLine, "%s", cs.pendingBad)
	} else {
		cs.add(cs.pendingLine, cs.pending.String())
	}
	cs.pending.Reset()
	cs.pendingLine, cs.pendingBad = 0, ""
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
	for _, r := range reports {
		decisions[r.Decision]++
	}
	noun := "commands"
	if len(reports) == 1 {
		noun = "command"
	}
	fmt.Fprintf(bw, "%d %s from %s: %d allowed, %d asked, %d denied, %d skipped\n", len(reports), noun, safe(name),
		decisions[policy.Allow], decisions[policy.Ask], decisions[policy.Deny], len(in.bad))
	for _, d := range []policy.Decision{policy.Deny, policy.Ask} {
		if decisions[d] > 0 {
			writeDecided(bw, name, in, reports, d)
		}
	}
	if len(in.bad) > 0 {
		writeSkipped(bw, in.bad)
	}
	writeKinds(bw, reports)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("scan: write: %w", err)
	}
	return nil
}

// writeDecided lists the commands decided d (deny or ask), each with its
// line and why.
func writeDecided(w io.Writer, name string, in scanInput, reports []report, d policy.Decision) {
	fmt.Fprintf(w, "%s:\n", map[policy.Decision]string{policy.Deny: "denied", policy.Ask: "asked"}[d])
	for i, r := range reports {
		if r.Decision != d {
			continue
		}
		fmt.Fprintf(w, "  %s:%d: %s: %s\n", safe(name), in.commands[i].line, d, safe(textclip.Clip(r.Command, summaryCommandBytes)))
		writeWhy(w, r)
	}
}

// writeSkipped names the skipped lines, the first summarySkippedLines of
// them.
func writeSkipped(w io.Writer, bad []badLine) {
	lines := make([]string, 0, summarySkippedLines)
	for i, b := range bad {
		if i == summarySkippedLines {
			lines = append(lines, fmt.Sprintf("… %d more", len(bad)-i))
			break
		}
		lines = append(lines, strconv.Itoa(b.line))
	}
	word := "line"
	if len(bad) > 1 {
		word = "lines"
	}
	fmt.Fprintf(w, "skipped (bad lines, reported on stderr): %s %s\n", word, strings.Join(lines, ", "))
}

// writeKinds prints how many commands had each kind of finding, the most
// frequent first.
func writeKinds(w io.Writer, reports []report) {
	kinds := map[string]int{}
	for _, r := range reports {
		seen := map[string]bool{}
		for _, f := range r.Findings {
			if !seen[string(f.Kind)] {
				seen[string(f.Kind)] = true
				kinds[string(f.Kind)]++
			}
		}
	}
	if len(kinds) == 0 {
		return
	}
	names := slices.Collect(maps.Keys(kinds))
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
