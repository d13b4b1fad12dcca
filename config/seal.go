package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permgate/permgate/integrity"
	"github.com/permgate/permgate/policy"
)

// SealChecker says what permgate knows of a file it may have sealed (package
// integrity): whether content (present false: the file is missing) is what
// permgate last sealed, and if not, what that was. Load asks it about the user
// config and the override when the TrustChecker it is given is also a
// SealChecker: a file that does not match may then only tighten, and the deny
// and ask rules of its last confirmed content keep applying.
type SealChecker interface {
	SealStatus(absPath string, content []byte, present bool) integrity.Verdict
}

// LostError is a config file permgate sealed whose last confirmed content
// cannot be read back: the rules it held are unknown, so permgate refuses
// until a person confirms the file as it is now.
type LostError struct {
	File    string
	Fix     string // the command that confirms it
	Problem error
}

// Error says which file, why, and the command that resolves it.
func (e *LostError) Error() string {
	return fmt.Sprintf("%s: permgate sealed this file, but what it last confirmed of it cannot be read back (%v), so the deny and ask rules it held are unknown; permgate refuses until a person confirms the file as it is now: run `%s` at a terminal",
		e.File, e.Problem, e.Fix)
}

// Unwrap returns why the confirmed content is lost.
func (e *LostError) Unwrap() error { return e.Problem }

// confirmCommand is the command that confirms a layer's file.
func confirmCommand(layer, path string) string {
	if layer == LayerOverride {
		return "permgate trust --user " + path
	}
	return "permgate trust --user"
}

// changeOf names how a sealed file that no longer matches differs.
func changeOf(present bool, data []byte) string {
	switch {
	case !present:
		return "removed"
	case len(bytes.TrimSpace(data)) == 0:
		return "emptied"
	}
	return "changed"
}

// keepConfirmed merges the last confirmed content of a sealed file that
// changed, as a file that may only tighten: its deny and ask rules and every
// stricter setting keep applying, and so does its mode where it is stricter
// than the one set so far. Its sources name the confirmed copy, whose lines
// they are. A confirmed copy that no longer loads is lost.
func (cfg *Config) keepConfirmed(layer, path string, v integrity.Verdict) error {
	fc, lines, err := parseFile(v.CopyPath, v.Confirmed)
	if err == nil && fc.Managed != nil {
		err = errors.New("it holds [managed]")
	}
	if err == nil {
		_, err = cfg.merge(layer, v.CopyPath, fc, lines, false)
	}
	if err != nil {
		return &LostError{File: path, Fix: confirmCommand(layer, path), Problem: fmt.Errorf("its confirmed copy does not load: %w", err)}
	}
	if fc.Mode != nil {
		if m, err := policy.ParseMode(*fc.Mode); err == nil && policy.Looser(cfg.Mode.Value, m) {
			cfg.Mode = policy.Setting[policy.Mode]{Value: m, Source: fmt.Sprintf("%s:%d", v.CopyPath, lines.key([]string{"mode"}))}
		}
	}
	return nil
}

// changedWarning says that a sealed file changed outside permgate, that its
// last confirmed deny and ask rules still apply, what of the file now is
// ignored, and how to resolve it.
func changedWarning(layer, path string, info LayerInfo, ignored []string) string {
	what := map[string]string{
		"removed": "was removed outside permgate, though permgate sealed it",
		"emptied": "was emptied outside permgate",
		"changed": "does not match the seal permgate keeps for it (it was changed outside permgate)",
	}[info.Change]
	msg := fmt.Sprintf("%s %s: the deny and ask rules of its last confirmed content still apply (%s)", path, what, info.Kept)
	if len(ignored) > 0 {
		msg += ", and of the file now only what tightens (ignoring " + strings.Join(ignored, ", ") + ")"
	}
	return msg + fmt.Sprintf(", until a person confirms the change with `%s` at a terminal (or restores it: `cp %s %s`)", confirmCommand(layer, path), info.Kept, path)
}

// UserConfigSealed reports whether the user config at path matches its seal,
// so that an edit through permgate seals the result. A missing or empty file
// that permgate holds no seal for has nothing to loosen and counts as sealed;
// one that was emptied or removed behind permgate's back does not.
func UserConfigSealed(seals integrity.Sealer, path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	data, err := readConfigFile(path)
	present := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	switch seals.Load().Check(abs, data, present).Status {
	case integrity.Sealed:
		return true
	case integrity.NotSealed:
		return len(data) == 0
	}
	return false
}

// SealUserConfig confirms the user config's content: when the file still holds
// exactly content (what the person was shown), it is sealed, so that all of it
// applies, and kept as its confirmed content. present false confirms that the
// file is gone: its seal and confirmed copy are forgotten, so its rules no
// longer apply. A seal file that cannot be read is replaced.
func SealUserConfig(seals integrity.Sealer, path string, content []byte, present bool) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("resolve %s: %w", path, err)
	}
	if present {
		if _, err := Loosening(abs, content); err != nil {
			return err
		}
	}
	unlock, err := integrity.Lock(abs + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	now, err := readConfigFile(abs)
	switch {
	case !present && errors.Is(err, fs.ErrNotExist):
		return seals.Forget(abs)
	case err != nil && (present || !errors.Is(err, fs.ErrNotExist)):
		return fmt.Errorf("read %s: %w", abs, err)
	case !present || !bytes.Equal(now, content):
		return fmt.Errorf("%s changed while you were asked; nothing was confirmed", abs)
	}
	return seals.Confirm(abs, content)
}

// Dropped says what of a file's last confirmed content stops applying when
// its current content (present false: none) is confirmed: its deny and ask
// rules the file no longer holds, and settings of it stricter than the
// file's now. Content that does not load is an error.
func Dropped(path string, confirmed, current []byte, present bool) ([]string, error) {
	now, err := Load(Paths{}, nil)
	if err != nil {
		return nil, err
	}
	fc, lines, err := parseFile(path, confirmed)
	if err != nil {
		return nil, err
	}
	if _, err := now.merge(LayerUser, path, fc, lines, false); err != nil {
		return nil, err
	}
	if fc.Mode != nil {
		if m, err := policy.ParseMode(*fc.Mode); err == nil && policy.Looser(now.Mode.Value, m) {
			now.Mode.Value = m
		}
	}
	after, err := Load(Paths{}, nil)
	if err != nil {
		return nil, err
	}
	if present {
		fc, lines, err := parseFile(path, current)
		if err != nil {
			return nil, err
		}
		if _, err := after.merge(LayerUser, path, fc, lines, true); err != nil {
			return nil, err
		}
	}
	return stricterIn(now, after), nil
}

// stricterIn lists the ways a is stricter than b: rules and settings of a
// that b lacks or sets looser.
func stricterIn(a, b *Config) []string {
	var out []string
	has := func(rules []policy.Rule, text string) bool {
		return slices.ContainsFunc(rules, func(r policy.Rule) bool { return r.Text == text })
	}
	for _, r := range a.Rules.Deny {
		if !has(b.Rules.Deny, r.Text) {
			out = append(out, "no longer deny "+r.Text)
		}
	}
	for _, r := range a.Rules.Ask {
		if !has(b.Rules.Ask, r.Text) && !has(b.Rules.Deny, r.Text) {
			out = append(out, "no longer ask "+r.Text)
		}
	}
	if policy.Looser(b.Mode.Value, a.Mode.Value) {
		out = append(out, fmt.Sprintf("mode %s instead of %s", b.Mode.Value, a.Mode.Value))
	}
	for _, s := range []struct {
		what   string
		strict bool
	}{
		{`severe = "ask"`, a.Severe.Value == "deny" && b.Severe.Value != "deny"},
		{`[shell] severe = "ask"`, a.ShellSevere.Value == "deny" && b.ShellSevere.Value != "deny"},
		{"fail_closed = false", a.FailClosed.Value && !b.FailClosed.Value},
		{"[audit] required = false", a.AuditRequired.Value && !b.AuditRequired.Value},
		{`bypass = "everything"`, a.Bypass.Value == policy.BypassSevereNet && b.Bypass.Value != policy.BypassSevereNet},
	} {
		if s.strict {
			out = append(out, s.what)
		}
	}
	for _, t := range slices.Sorted(maps.Keys(a.Tools)) {
		pb, ok := b.Tools[t]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("tools.%s unset instead of %s", t, a.Tools[t].Value))
		case !pb.Value.Stricter(a.Tools[t].Value):
			out = append(out, fmt.Sprintf("tools.%s %s instead of %s", t, pb.Value, a.Tools[t].Value))
		}
	}
	return out
}
