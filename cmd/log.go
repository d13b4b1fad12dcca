package cmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/internal/textclip"
)

func newLogCmd(io streams, g *globalFlags) *cobra.Command {
	var limit int
	var decision string
	var asJSON bool
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
			if decision != "" && decision != "allow" && decision != "ask" && decision != "deny" {
				return fmt.Errorf("log: --decision must be allow, ask or deny, not %q", decision)
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
			recs, damaged, err := s.auditLog().Read(limit, func(r audit.Record) bool {
				return decision == "" || string(r.Decision) == decision
			})
			if err != nil {
				return fmt.Errorf("log: %w", err)
			}
			if damaged > 0 {
				fmt.Fprintf(io.err, "permgate: warning: log: skipped %d damaged line(s) in %s\n", damaged, s.auditLog().Path())
			}
			for _, r := range recs {
				if asJSON {
					line, _ := json.Marshal(r)
					fmt.Fprintf(io.out, "%s\n", jsonSafe(line))
					continue
				}
				by := r.DecidedBy
				if r.Rule != "" {
					by += " " + r.Rule
				}
				fmt.Fprintf(io.out, "%s  %-5s  %-6s  %-7s  %s\n      %s (%s)\n", safe(r.Time), safe(string(r.Decision)), safe(r.Source), safe(string(r.Mode)),
					safe(clipText(r.Command, 120)), safe(r.Reason), safe(strings.TrimSpace(by)))
			}
			return nil
		},
	}
	c.Flags().IntVarP(&limit, "lines", "n", 20, "how many recent decisions (0 for all)")
	c.Flags().StringVar(&decision, "decision", "", "only this decision: allow, ask or deny")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON lines")
	return c
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
