package cmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/setup"
)

// newDoctorCmd makes `permgate doctor`.
func newDoctorCmd(io streams, g *globalFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "Check that permgate is set up and works: hooks, shell guard, git hooks, config, state, audit",
		Long: "doctor checks each harness whose directory exists (its settings parse, permgate's hook is registered,\n" +
			"the registered program exists and denies a test call it is sent, as the harness would send it),\n" +
			"the shell guard in the start-up files, the repository's git hooks, the config, that the state and\n" +
			"audit directories are writable, and the project config's trust. It prints each check with ✔, ! or ✘\n" +
			"and the command that fixes it, and exits 1 when something is broken (✘), else 0. It changes nothing:\n" +
			"it creates no directory, and the test call runs with a scratch state directory that is removed after it,\n" +
			"so it is not recorded in your audit log.",
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			env := setupEnv(io.host)
			if scratch, err := os.MkdirTemp("", "permgate-doctor-"); err == nil {
				defer os.RemoveAll(scratch)
				env.ProbeStateHome = scratch
			}
			checks := setup.Doctor(env)
			checks = append(checks, doctorPermgate(io, g)...)
			broken := false
			for _, ch := range checks {
				mark := "✔"
				switch ch.Status {
				case setup.Warn:
					mark = "!"
				case setup.Fail:
					mark, broken = "✘", true
				}
				fmt.Fprintf(io.out, "%s %s: %s\n", mark, ch.Subject, safe(ch.Message))
				if ch.Fix != "" {
					fmt.Fprintf(io.out, "    fix: %s\n", safe(ch.Fix))
				}
			}
			if broken {
				return exitCode{exitError}
			}
			return nil
		},
	}
}

// doctorPermgate checks permgate's own files: the config, the state and
// audit directory, the audit log, and the project config's trust. It creates
// nothing: a state directory that does not exist yet is reported with
// whether permgate could create it.
func doctorPermgate(io streams, g *globalFlags) []setup.Check {
	s, err := loadSession(g, io.quiet(), "", false)
	if err != nil {
		return []setup.Check{configErrorCheck(err)}
	}
	out := layerChecks(s)
	if w := stateWarning(s.store, s.rawState, s.state, s.cfg); w != "" {
		out = append(out, setup.Check{Status: setup.Fail, Subject: "state", Message: strings.TrimPrefix(w, "state "),
			Fix: "permgate trust --user at a terminal (confirms the state as it is now), or permgate mode MODE to set the mode again"})
	}
	out = append(out, stateDirCheck(s.store.Dir))
	return append(out, auditCheck(s))
}

// configErrorCheck is the ✘ for a config that does not load, with how to
// fix it.
func configErrorCheck(err error) setup.Check {
	fix := "permgate config check (then correct the file at the line it names)"
	var lost *config.LostError
	if errors.As(err, &lost) {
		fix = lost.Fix + " at a terminal, after reviewing " + lost.File
	}
	return setup.Check{Status: setup.Fail, Subject: "config", Message: strings.TrimPrefix(err.Error(), "config: "), Fix: fix}
}

// layerChecks reports the config files that load and the mode, each file
// changed outside permgate, and the project file's trust.
func layerChecks(s *session) []setup.Check {
	files := 0
	for _, l := range s.cfg.Layers {
		if l.Exists {
			files++
		}
	}
	out := []setup.Check{{Status: setup.OK, Subject: "config", Message: fmt.Sprintf("%d file(s) load; mode %s", files, s.eff.Mode)}}
	for _, l := range s.cfg.Layers {
		switch {
		case l.Change != "":
			out = append(out, changedCheck(l))
		case !l.Exists || l.Name != config.LayerProject:
		case l.Trusted:
			out = append(out, setup.Check{Status: setup.OK, Subject: "project", Message: l.Path + " is trusted"})
		default:
			out = append(out, setup.Check{Status: setup.Warn, Subject: "project", Message: l.Path + " is not trusted: only its deny and ask rules apply",
				Fix: "permgate trust " + l.Path + " (after reading it)"})
		}
	}
	return out
}

// auditCheck reports whether decisions' records can be delivered, and a
// sink that keeps none.
func auditCheck(s *session) setup.Check {
	sink, err := s.auditSink()
	if err == nil {
		err = sink.Check()
	}
	switch {
	case err != nil:
		return setup.Check{Status: setup.Fail, Subject: "audit", Message: "records cannot be delivered: " + err.Error(),
			Fix: "make the audit log writable or its socket reachable, or correct [audit] sink and address (permgate config show says where they are set)"}
	case s.cfg.AuditSink.Value == audit.SinkNone && s.cfg.AuditRequired.Value:
		return setup.Check{Status: setup.Fail, Subject: "audit", Message: "[audit] required = true (" + s.cfg.AuditRequired.Source + "), but sink = \"none\" (" + s.cfg.AuditSink.Source + ") keeps no record: every decision but a deny is refused",
			Fix: "set [audit] sink to file, syslog or journald, or required = false"}
	case s.cfg.AuditSink.Value == audit.SinkNone:
		return setup.Check{Status: setup.Warn, Subject: "audit", Message: "no audit records are kept ([audit] sink = \"none\", " + s.cfg.AuditSink.Source + ")"}
	}
	return setup.Check{Status: setup.OK, Subject: "audit", Message: "records can be delivered to " + sink.String()}
}

// changedCheck reports a config file permgate sealed that was changed,
// emptied or removed outside permgate: broken until a person confirms the
// change or restores the file.
func changedCheck(l config.LayerInfo) setup.Check {
	what := map[string]string{"removed": "was removed", "emptied": "was emptied", "changed": "was changed"}[l.Change]
	confirm := "permgate trust --user"
	if l.Name == config.LayerOverride {
		confirm += " " + l.Path
	}
	return setup.Check{Status: setup.Fail, Subject: "config",
		Message: fmt.Sprintf("%s %s outside permgate: the deny and ask rules of its last confirmed content (%s) still apply", l.Path, what, l.Kept),
		Fix:     fmt.Sprintf("review it, then %s at a terminal to confirm the change, or restore it: cp %s %s", confirm, l.Kept, l.Path)}
}

// stateDirCheck reports whether the state directory takes new files; one
// that does not exist yet is not created: the nearest directory above it
// that exists must take them, for permgate to create it on its first write.
func stateDirCheck(dir string) setup.Check {
	if _, err := os.Stat(dir); err == nil {
		if err := setup.CheckDirWritable(dir); err != nil {
			return setup.Check{Status: setup.Fail, Subject: "state", Message: err.Error(), Fix: "chmod u+rwx " + dir}
		}
		return setup.Check{Status: setup.OK, Subject: "state", Message: dir + " is writable"}
	}
	parent := filepath.Dir(dir)
	for {
		if _, err := os.Stat(parent); err == nil || parent == filepath.Dir(parent) {
			break
		}
		parent = filepath.Dir(parent)
	}
	if err := setup.CheckDirWritable(parent); err != nil {
		return setup.Check{Status: setup.Fail, Subject: "state", Message: dir + " does not exist, and permgate cannot create it: " + err.Error(), Fix: "mkdir -p -m 700 " + dir}
	}
	return setup.Check{Status: setup.OK, Subject: "state", Message: dir + " does not exist yet; permgate creates it on its first write"}
}
