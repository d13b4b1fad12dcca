// Package config is permgate's configuration files: it finds them (system,
// user, project, override), reads them without blocking, validates them with
// FILE:LINE errors, merges the layers into a policy.Policy (an untrusted layer
// may only tighten) and edits them atomically under a lock.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/permgate/permgate/githook"
	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
)

// Layer names, lowest first.
const (
	LayerBuiltin  = policy.SourceBuiltin
	LayerSystem   = "system"
	LayerUser     = "user"
	LayerProject  = "project"
	LayerOverride = "override"
)

// Error is a config problem with the file and line it is on.
type Error struct {
	File string
	Line int
	Msg  string
}

// Error returns FILE:LINE: MESSAGE (FILE: MESSAGE when the line is unknown).
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// LayerInfo describes one layer's file.
type LayerInfo struct {
	Name   string
	Path   string
	Exists bool
	// Trusted is false for a project file that is not trusted, a user config
	// that does not match its seal, and every layer above the system file when
	// the system file is managed: such a file may only tighten.
	Trusted bool
	// Change says how a file permgate sealed differs from what it last
	// confirmed — "removed", "emptied" or "changed" — or "" when it does not.
	Change string
	// Kept is the confirmed copy whose deny and ask rules still apply while
	// the file differs from it ("" when none).
	Kept string
}

// Config is the merged configuration: the policy it sets, and what permgate
// knows about the files it came from.
type Config struct {
	policy.Policy
	Layers []LayerInfo
	// Warnings are things permgate ignored, to print once on stderr.
	Warnings []string
	// Managed is the system file's [managed] only_tighten: every other layer and
	// the state may then only tighten, and permgate refuses loosening edits
	// (Policy.ModeFloor is then the system file's mode).
	Managed policy.Setting[bool]
	// AuditRequired is [audit] required: when true, a decision whose audit
	// record cannot be written is refused (default false: the record is
	// reported lost on stderr and the decision stands).
	AuditRequired policy.Setting[bool]
	// Git is the steps each git hook runs, from every trusted layer in order
	// (config/git.go).
	Git map[string][]githook.Step
	// AuditSink is [audit] sink: file (the default), syslog, journald or none;
	// AuditAddress ([audit] address, "unixgram:/path", "" for the sink's local
	// default) and AuditFacility ([audit] facility, "" for authpriv) go with
	// it. Only the system file, a trusted user file and a confirmed --config
	// file set them (see mergeAudit).
	AuditSink     policy.Setting[string]
	AuditAddress  policy.Setting[string]
	AuditFacility policy.Setting[string]
	// Deadline is [limits] deadline: the wall-clock budget of one answer
	// (DefaultDeadline unless a file says otherwise; an untrusted file may
	// only shorten it).
	Deadline policy.Setting[time.Duration]
}

// TrustChecker says whether a project file's content is trusted.
type TrustChecker interface {
	IsTrusted(absPath string, content []byte) bool
}

// Load reads and merges the layers. A file that does not parse, or names an
// unknown key, mode, tool policy or a rule that does not parse, is an error with
// its file and line: permgate then refuses to run anything.
func Load(paths Paths, trust TrustChecker) (*Config, error) {
	cfg := &Config{
		Policy:        policy.Builtin(),
		AuditRequired: policy.Setting[bool]{Value: false, Source: LayerBuiltin},
		AuditSink:     policy.Setting[string]{Value: "file", Source: LayerBuiltin},
		AuditAddress:  policy.Setting[string]{Source: LayerBuiltin},
		AuditFacility: policy.Setting[string]{Source: LayerBuiltin},
		Deadline:      policy.Setting[time.Duration]{Value: DefaultDeadline, Source: LayerBuiltin},
	}
	layers := []struct{ name, path string }{{LayerSystem, paths.System}, {LayerUser, paths.User}}
	projects := paths.ProjectFiles()
	if len(projects) == 0 {
		layers = append(layers, struct{ name, path string }{LayerProject, ""})
	}
	for _, p := range projects {
		layers = append(layers, struct{ name, path string }{LayerProject, p})
	}
	layers = append(layers, struct{ name, path string }{LayerOverride, paths.Override})
	seals, _ := trust.(SealChecker)
	for _, l := range layers {
		info, err := cfg.loadLayer(l.name, l.path, trust, seals)
		if err != nil {
			return nil, err
		}
		cfg.Layers = append(cfg.Layers, info)
	}
	return cfg, nil
}

// loadLayer reads and merges one layer's file and says what it found.
func (cfg *Config) loadLayer(name, path string, trust TrustChecker, seals SealChecker) (LayerInfo, error) {
	info := LayerInfo{Name: name, Path: path}
	if path == "" {
		return info, nil
	}
	data, err := readConfigFile(path)
	present := err == nil
	switch {
	case errors.Is(err, fs.ErrNotExist) && name != LayerOverride:
	case err != nil:
		return info, &Error{File: path, Msg: fmt.Sprintf("cannot read: %v", unwrapPath(err))}
	}
	abs, _ := filepath.Abs(path)
	verdict := integrity.Verdict{Status: integrity.NotSealed}
	if seals != nil && (name == LayerUser || name == LayerOverride) {
		verdict = seals.SealStatus(abs, data, present)
	}
	switch verdict.Status {
	case integrity.Lost:
		return info, &LostError{File: path, Fix: confirmCommand(name, path), Problem: verdict.Problem}
	case integrity.Changed:
		info.Change, info.Kept = changeOf(present, data), verdict.CopyPath
		if err := cfg.keepConfirmed(name, path, verdict); err != nil {
			return info, err
		}
	}
	if !present {
		if verdict.Status == integrity.Changed {
			cfg.Warnings = append(cfg.Warnings, changedWarning(name, path, info, nil))
		}
		return info, nil
	}
	info.Exists = true
	fc, lines, err := parseFile(path, data)
	if err != nil {
		return info, err
	}
	trusted := true
	why := ""
	switch {
	case name != LayerSystem && cfg.Managed.Value:
		trusted, why = false, "managed"
	case name == LayerProject:
		trusted = trust != nil && trust.IsTrusted(abs, data)
		why = "project"
	case name == LayerUser && seals != nil:
		trusted = verdict.Status == integrity.Sealed
		why = "user"
	case name == LayerOverride && seals != nil:
		// --config / PERMGATE_CONFIG is a file anyone who starts permgate may
		// name: like the user config, it loosens only once confirmed.
		trusted = verdict.Status == integrity.Sealed
		why = "override"
	}
	info.Trusted = trusted
	if fc.Managed != nil && name != LayerSystem {
		return info, &Error{File: path, Line: lines.key([]string{"managed"}), Msg: "[managed] is honoured only in the system file (/etc/permgate/config.toml)"}
	}
	ignored, err := cfg.merge(name, path, fc, lines, trusted)
	if err != nil {
		return info, err
	}
	switch {
	case verdict.Status == integrity.Changed:
		cfg.Warnings = append(cfg.Warnings, changedWarning(name, path, info, ignored))
	case len(ignored) > 0:
		cfg.Warnings = append(cfg.Warnings, untrustedWarning(why, path, ignored, cfg.Managed.Source))
	}
	if name == LayerSystem && fc.Managed != nil && fc.Managed.OnlyTighten != nil {
		cfg.Managed = policy.Setting[bool]{Value: *fc.Managed.OnlyTighten, Source: fmt.Sprintf("%s:%d", path, lines.key([]string{"managed", "only_tighten"}))}
		if cfg.Managed.Value {
			cfg.ModeFloor = cfg.Mode.Value
		}
	}
	return info, nil
}

// untrustedWarning says what permgate ignored in a file that may only tighten,
// why, and the command that makes it count.
func untrustedWarning(why, path string, ignored []string, managedBy string) string {
	list := strings.Join(ignored, ", ")
	switch why {
	case "managed":
		return fmt.Sprintf("%s: ignoring %s (the system config is managed — [managed] only_tighten at %s — so other files may only tighten the policy)", path, list, managedBy)
	case "user":
		return fmt.Sprintf("%s does not match the seal permgate keeps for it (it was changed outside permgate, or never confirmed): ignoring %s (until confirmed it may only tighten the policy; review it and run `permgate trust --user` at a terminal)", path, list)
	case "override":
		return fmt.Sprintf("%s (--config or PERMGATE_CONFIG) has not been confirmed: ignoring %s (until confirmed it may only tighten the policy; review it and run `permgate trust --user %s` at a terminal)", path, list, path)
	}
	return fmt.Sprintf("%s is not trusted: ignoring %s (an untrusted project file may only add deny and ask rules; to use all of it, review it and run `permgate trust %s`)", path, list, path)
}

// Loosening returns what a config file's content holds that an untrusted file
// may not do: what trusting it would loosen. Content that does not load is an
// error.
func Loosening(path string, data []byte) ([]string, error) {
	fc, lines, err := parseFile(path, data)
	if err != nil {
		return nil, err
	}
	if fc.Managed != nil {
		return nil, &Error{File: path, Line: lines.key([]string{"managed"}), Msg: "[managed] is honoured only in the system file (/etc/permgate/config.toml)"}
	}
	scratch, err := Load(Paths{}, nil)
	if err != nil {
		return nil, err
	}
	return scratch.merge(LayerProject, path, fc, lines, false)
}

// merge adds one file's settings. An untrusted file may only tighten: what it
// holds that would loosen the policy is ignored and returned.
func (cfg *Config) merge(layer, path string, fc *fileConfig, lines lineFinder, trusted bool) ([]string, error) {
	at := func(key ...string) string { return fmt.Sprintf("%s:%d", path, lines.key(key)) }
	errAt := func(msg string, key ...string) error {
		return &Error{File: path, Line: lines.key(key), Msg: msg}
	}
	var ignored []string
	if fc.DisableBypass != nil {
		if layer != LayerSystem {
			return nil, errAt("disable_bypass is honoured only in the system file (/etc/permgate/config.toml)", "disable_bypass")
		}
		cfg.DisableBypass = policy.Setting[bool]{Value: *fc.DisableBypass, Source: at("disable_bypass")}
	}
	if fc.Mode != nil {
		m, err := policy.ParseMode(*fc.Mode)
		if err != nil {
			return nil, errAt(err.Error(), "mode")
		}
		if trusted {
			cfg.Mode = policy.Setting[policy.Mode]{Value: m, Source: at("mode")}
		} else {
			ignored = append(ignored, "mode")
		}
	}
	if fc.Severe != nil {
		if *fc.Severe != "deny" && *fc.Severe != "ask" {
			return nil, errAt(fmt.Sprintf("severe must be \"deny\" or \"ask\", not %q", *fc.Severe), "severe")
		}
		if trusted || *fc.Severe == "deny" {
			cfg.Severe = policy.Setting[string]{Value: *fc.Severe, Source: at("severe")}
		} else {
			ignored = append(ignored, `severe = "ask"`)
		}
	}
	if fc.Shell.Severe != nil {
		if *fc.Shell.Severe != "deny" && *fc.Shell.Severe != "ask" {
			return nil, errAt(fmt.Sprintf("shell.severe must be \"deny\" or \"ask\", not %q", *fc.Shell.Severe), "shell", "severe")
		}
		if trusted || *fc.Shell.Severe == "deny" {
			cfg.ShellSevere = policy.Setting[string]{Value: *fc.Shell.Severe, Source: at("shell", "severe")}
		} else {
			ignored = append(ignored, `[shell] severe = "ask"`)
		}
	}
	if fc.Bypass != nil {
		if *fc.Bypass != policy.BypassSevereNet && *fc.Bypass != policy.BypassEverything {
			return nil, errAt(fmt.Sprintf("bypass must be %q or %q, not %q", policy.BypassSevereNet, policy.BypassEverything, *fc.Bypass), "bypass")
		}
		switch {
		case *fc.Bypass == policy.BypassSevereNet || trusted && layer != LayerProject:
			cfg.Bypass = policy.Setting[string]{Value: *fc.Bypass, Source: at("bypass")}
		case trusted:
			// Dropping the catastrophic net is the user's choice, never a repository's.
			cfg.Warnings = append(cfg.Warnings, fmt.Sprintf(`%s: ignoring bypass = "everything": only the system, user and --config files may set it`, at("bypass")))
		default:
			ignored = append(ignored, `bypass = "everything"`)
		}
	}
	if r := fc.Audit.Required; r != nil {
		if trusted || *r {
			cfg.AuditRequired = policy.Setting[bool]{Value: *r, Source: at("audit", "required")}
		} else {
			ignored = append(ignored, "[audit] required = false")
		}
	}
	ign, err := cfg.mergeAudit(layer, path, fc, lines, trusted)
	if err != nil {
		return nil, err
	}
	ignored = append(ignored, ign...)
	if fc.FailClosed != nil {
		if trusted || *fc.FailClosed {
			cfg.FailClosed = policy.Setting[bool]{Value: *fc.FailClosed, Source: at("fail_closed")}
		} else {
			ignored = append(ignored, "fail_closed = false")
		}
	}
	if n := len(fc.Permission.Deny) + len(fc.Permission.Ask) + len(fc.Permission.Allow); !trusted && n > MaxUntrustedRules {
		// Every rule is matched against every command of every call: a file
		// nobody confirmed may not make each answer slow.
		return nil, errAt(fmt.Sprintf("%d rules, more than the %d a file that is not trusted may hold", n, MaxUntrustedRules), "permission")
	}
	for _, list := range []struct {
		key   string
		items []string
		dst   *[]policy.Rule
	}{{"deny", fc.Permission.Deny, &cfg.Rules.Deny}, {"ask", fc.Permission.Ask, &cfg.Rules.Ask}, {"allow", fc.Permission.Allow, &cfg.Rules.Allow}} {
		keyLine := lines.key([]string{"permission", list.key})
		for _, text := range list.items {
			line := lines.stringLine(text, keyLine)
			r, err := policy.ParseRule(text)
			if err != nil {
				return nil, &Error{File: path, Line: line, Msg: err.Error()}
			}
			if list.key == "allow" && !trusted {
				ignored = append(ignored, "allow rule "+text)
				continue
			}
			r.Source, r.Layer = fmt.Sprintf("%s:%d", path, line), layer
			*list.dst = append(*list.dst, r)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(fc.Tools)) {
		pol, err := policy.ParseToolPolicy(fc.Tools[t])
		if err != nil {
			return nil, errAt(fmt.Sprintf("tools.%s: %v", t, err), "tools", t)
		}
		name := strings.ToLower(t)
		cur, ok := cfg.Tools[name]
		if !trusted && ok && !pol.Stricter(cur.Value) {
			ignored = append(ignored, "tools."+t)
			continue
		}
		if !trusted && !ok && !pol.Stricter(policy.UnknownTool) {
			ignored = append(ignored, "tools."+t)
			continue
		}
		cfg.Tools[name] = policy.Setting[policy.ToolPolicy]{Value: pol, Source: at("tools", t)}
	}
	actionsIgnored, err := cfg.mergeActions(path, fc, lines, trusted)
	if err != nil {
		return nil, err
	}
	ignored = append(ignored, actionsIgnored...)
	checksIgnored, err := cfg.mergeChecks(path, fc, lines, trusted)
	if err != nil {
		return nil, err
	}
	ignored = append(ignored, checksIgnored...)
	for _, c := range fc.Safe.Commands {
		if !trusted {
			ignored = append(ignored, "safe.commands "+c)
			continue
		}
		if strings.TrimSpace(c) == "" || strings.ContainsAny(c, " /\t") {
			return nil, &Error{File: path, Line: lines.stringLine(c, lines.key([]string{"safe", "commands"})), Msg: fmt.Sprintf("safe.commands: %q is not a command name", c)}
		}
		cfg.SafeCommands = append(cfg.SafeCommands, policy.Setting[string]{Value: c, Source: at("safe", "commands")})
	}
	limitsIgnored, err := cfg.mergeLimits(path, fc, lines, trusted)
	if err != nil {
		return nil, err
	}
	ignored = append(ignored, limitsIgnored...)
	gitIgnored, err := cfg.mergeGit(path, fc, lines, trusted)
	if err != nil {
		return nil, err
	}
	ignored = append(ignored, gitIgnored...)
	for _, n := range slices.Sorted(maps.Keys(fc.Profiles)) {
		fp := fc.Profiles[n]
		p := cfg.Profiles[n]
		p.Name, p.Source = n, at("profiles", n)
		if fp.Mode != nil {
			m, err := policy.ParseMode(*fp.Mode)
			if err != nil {
				return nil, errAt(fmt.Sprintf("profiles.%s: %v", n, err), "profiles", n, "mode")
			}
			p.Mode = m
		}
		if fp.FailClosed != nil {
			p.FailClosed = *fp.FailClosed
		}
		if fp.Severe != nil {
			if *fp.Severe != "deny" && *fp.Severe != "ask" {
				return nil, errAt(fmt.Sprintf("profiles.%s: severe must be \"deny\" or \"ask\", not %q", n, *fp.Severe), "profiles", n, "severe")
			}
			p.Severe = *fp.Severe
		}
		if !trusted {
			ignored = append(ignored, "profiles."+n)
			continue
		}
		cfg.Profiles[n] = p
	}
	return ignored, nil
}
