package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/internal/textclip"
)

// logOptions are log's flags.
type logOptions struct {
	limit    int
	decision string
	asJSON   bool
}

func newLogCmd(io streams, g *globalFlags) *cobra.Command {
	var o logOptions
	c := &cobra.Command{
		Use:   "log [-n N] [--decision allow|ask|deny] [--json]",
		Short: "Show recent decisions from the audit log",
		Long: "Show recent decisions from the audit log file.\n\n" +
			"It reads the file sink only: with [audit] sink = \"syslog\", \"journald\" or \"none\" it says\n" +
			"in one line on stderr where the records go, and exits 0.",
		Example: "  permgate log -n 5\n" +
			"  permgate log --decision deny --json",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return runLog(io, g, o)
		},
	}
	c.Flags().IntVarP(&o.limit, "lines", "n", 20, "how many recent decisions (0 for all)")
	c.Flags().StringVar(&o.decision, "decision", "", "only this decision: allow, ask or deny")
	c.Flags().BoolVar(&o.asJSON, "json", false, "print JSON lines")
	return c
}

// runLog prints the last o.limit records of the audit log file (of
// o.decision only, when set), or says where the records go instead.
func runLog(io streams, g *globalFlags, o logOptions) error {
	if o.decision != "" && !slices.Contains([]string{"allow", "ask", "deny"}, o.decision) {
		return fmt.Errorf("log: --decision must be allow, ask or deny, not %q", o.decision)
	}
	s, err := loadConfig(g, io)
	if err != nil {
		return fmt.Errorf("log: %w", err)
	}
	if s.cfg.AuditSink.Value != audit.SinkFile {
		// Records went elsewhere: say where, in one line; nothing to show.
		fmt.Fprintln(io.err, safe(elsewhere(s)))
		return nil
	}
	recs, damaged, err := s.auditLog().Read(o.limit, func(r audit.Record) bool {
		return o.decision == "" || string(r.Decision) == o.decision
	})
	if err != nil {
		return fmt.Errorf("log: %w", err)
	}
	if damaged > 0 {
		fmt.Fprintf(io.err, "permgate: warning: log: skipped %d damaged line(s) in %s\n", damaged, s.auditLog().Path())
	}
	for _, r := range recs {
		printRecord(io.out, r, o.asJSON)
	}
	return nil
}

// printRecord prints one audit record: a JSON line, or two lines for a
// person — when, the decision, its source and mode, the command, and why
// and who decided.
func printRecord(w io.Writer, r audit.Record, asJSON bool) {
	if asJSON {
		line, _ := json.Marshal(r)
		fmt.Fprintf(w, "%s\n", jsonSafe(line))
		return
	}
	by := r.DecidedBy
	if r.Rule != "" {
		by += " " + r.Rule
	}
	fmt.Fprintf(w, "%s  %-5s  %-6s  %-7s  %s\n      %s (%s)\n", safe(r.Time), safe(string(r.Decision)), safe(r.Source), safe(string(r.Mode)),
		safe(clipText(r.Command, 120)), safe(r.Reason), safe(strings.TrimSpace(by)))
}

// elsewhere says where records go when the sink is not the file, and where
// that was set.
func elsewhere(s *session) string {
	from := "[audit] sink at " + s.cfg.AuditSink.Source
	if s.cfg.AuditSink.Value == audit.SinkNone {
		return "permgate: log: no audit records are kept (" + from + ")"
	}
	sink, err := s.auditSink()
	if err != nil {
		return fmt.Sprintf("permgate: log: %v (%s)", err, from)
	}
	how := "read them with your syslog daemon's tools"
	if s.cfg.AuditSink.Value == audit.SinkJournald {
		how = "journalctl -t permgate"
	}
	return fmt.Sprintf("permgate: log: records go to %s (%s), not to a file permgate reads; %s", sink, from, how)
}

// clipText shortens s to n bytes for display, on a rune boundary.
func clipText(s string, n int) string { return textclip.Clip(s, n) }
