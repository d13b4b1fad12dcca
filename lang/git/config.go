package git

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/shellparse"
)

// State is what the git judgement keeps across one script's commands: the
// aliases and clean.requireForce the script set with git config (for the git
// commands after it), and the last command line read, so that the stages
// judging one command read it once. The zero value is ready to use.
type State struct {
	// config holds the settings the script defined (git config alias.X V),
	// by lower-cased key.
	config map[string]string
	// last is the last command line Parse read, and its reading.
	last struct {
		args []shellparse.Word
		inv  Invocation
		ok   bool
	}
}

// Parse reads git's arguments as the package's Parse does, reusing the
// reading of the same words (the same slice of the same command) read last.
func (s *State) Parse(args []shellparse.Word) Invocation {
	if s.last.ok && sameWords(s.last.args, args) {
		return s.last.inv
	}
	inv := Parse(args)
	s.last.args, s.last.inv, s.last.ok = args, inv, true
	return inv
}

// sameWords reports two slices of the same words of the same array.
func sameWords(a, b []shellparse.Word) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// configValue returns the value a -c KEY=VALUE global option (or an earlier
// git config KEY VALUE in the script) gives key, case-insensitively.
func (s *State) configValue(g Invocation, key string) (string, bool) {
	if s.config == nil && len(g.Globals) == 0 {
		return "", false
	}
	value, found := s.config[strings.ToLower(key)]
	for _, kv := range g.GlobalValues("-c") {
		k, v, ok := strings.Cut(kv.Text, "=")
		if strings.EqualFold(k, key) {
			if !ok {
				v = "true"
			}
			value, found = v, true
		}
	}
	return value, found
}

// noteConfig remembers aliases and clean.requireForce the script sets with
// git config, for the git commands after it.
func (s *State) noteConfig(g Invocation) {
	ops := g.Operands()
	if len(ops) > 0 && ops[0].Text == "set" {
		ops = ops[1:]
	}
	if len(ops) < 2 || !ops[0].Static || g.Has("-l", "--get", "--get-all", "--list", "--get-regexp", "--unset", "--unset-all") {
		return
	}
	key := strings.ToLower(ops[0].Text)
	if !strings.HasPrefix(key, "alias.") && key != "clean.requireforce" {
		return
	}
	if s.config == nil {
		s.config = map[string]string{}
	}
	value := ops[1].Text
	if !ops[1].Static {
		value = "!" // known only at run time: judged as one that runs a program
	}
	s.config[key] = value
}

// execKeys are git config keys that name a program or code to run.
var execKeys = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"core.pager": true, "core.editor": true, "core.fsmonitor": true, "core.sshcommand": true, "core.hookspath": true,
		"core.askpass": true, "diff.external": true, "sequence.editor": true, "credential.helper": true, "gpg.program": true, "gpg.ssh.program": true,
		"gpg.x509.program": true, "core.gitproxy": true, "uploadpack.packobjectshook": true, "remote.origin.uploadpack": true,
		"remote.origin.receivepack": true, "web.browser": true, "merge.tool": true, "diff.tool": true, "core.worktree": true, "include.path": true,
		"protocol.ext.allow": true, "init.templatedir": true, "core.alternaterefscommand": true, "sendemail.smtpserver": true,
		"sendemail.tocmd": true, "sendemail.cccmd": true, "ssh.variant": true}
}}

// execFamilies are families of keys (a prefix and one of some suffixes, any
// suffix when none) that name a program to run.
var execFamilies = []struct {
	prefix   string
	suffixes []string
}{
	{"filter.", []string{".clean", ".smudge", ".process"}},
	{"diff.", []string{".textconv", ".command"}},
	{"merge.", []string{".driver"}},
	{"mergetool.", []string{".cmd"}},
	{"difftool.", []string{".cmd"}},
	{"credential.", []string{".helper"}},
	{"remote.", []string{".uploadpack", ".receivepack", ".proxy"}},
	{"includeif.", nil},
}

// execKey reports whether a git config key (with its value) names a program
// or code to run.
func execKey(key, value string) bool {
	k := strings.ToLower(key)
	switch {
	case execKeys.Get()[k]:
		return true
	case strings.HasPrefix(k, "pager."):
		return !isBool(value) // pager.log=false turns the pager off; pager.log=CMD runs CMD
	case strings.HasPrefix(k, "alias."):
		return strings.HasPrefix(strings.TrimSpace(value), "!")
	}
	for _, f := range execFamilies {
		if strings.HasPrefix(k, f.prefix) && (f.suffixes == nil || slices.ContainsFunc(f.suffixes, func(s string) bool { return strings.HasSuffix(k, s) })) {
			return true
		}
	}
	return false
}

// isFalse reports a git boolean's false spellings.
func isFalse(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "no", "off", "0":
		return true
	}
	return false
}

// isBool reports a value git reads as a boolean.
func isBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "false", "yes", "no", "on", "off", "1", "0":
		return true
	}
	return false
}

// displayConfigKeys are git settings that only change how git shows what it
// reads (colours, quoting, prefixes, dates, sorting): none names a program,
// a file to write or a directory to trust. A key of a family that also holds
// programs (diff.external, diff.<driver>.textconv, pager.<cmd>) is not here.
var displayConfigKeys = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"core.quotepath": true, "core.abbrev": true,
		"log.showsignature": true, "log.decorate": true, "log.date": true, "log.abbrevcommit": true, "log.follow": true,
		"log.mailmap": true, "log.showroot": true, "log.graphcolors": true, "log.excludedecoration": true,
		"diff.noprefix": true, "diff.mnemonicprefix": true, "diff.renames": true, "diff.algorithm": true, "diff.context": true,
		"diff.interhunkcontext": true, "diff.colormoved": true, "diff.colormovedws": true, "diff.relative": true,
		"diff.statgraphwidth": true, "diff.statnamewidth": true, "diff.dirstat": true, "diff.ignoresubmodules": true,
		"diff.indentheuristic": true, "diff.suppressblankempty": true, "diff.submodule": true, "diff.srcprefix": true, "diff.dstprefix": true,
		"status.short": true, "status.branch": true, "status.showuntrackedfiles": true, "status.relativepaths": true,
		"status.submodulesummary": true, "status.aheadbehind": true, "status.showstash": true, "status.renames": true,
		"format.pretty": true, "blame.date": true, "blame.coloring": true, "blame.showemail": true, "blame.blankboundary": true,
		"grep.linenumber": true, "grep.column": true, "grep.extendedregexp": true, "grep.patterntype": true, "grep.fullname": true,
		"column.ui": true, "branch.sort": true, "tag.sort": true, "i18n.logoutputencoding": true, "init.defaultbranch": true,
	}
}}

// displayConfig reports a static git -c KEY=VALUE that only changes how git
// shows things: a display key, or any colour setting (color.*).
func displayConfig(w shellparse.Word) bool {
	if !w.Static {
		return false
	}
	key, value, hasValue := strings.Cut(w.Text, "=")
	key = strings.ToLower(key)
	if rest, ok := strings.CutPrefix(key, "pager."); ok && rest != "" {
		return !hasValue || isBool(value) // on or off, never a program
	}
	if rest, ok := strings.CutPrefix(key, "color."); ok && rest != "" {
		return true
	}
	if rest, ok := strings.CutPrefix(key, "advice."); ok && rest != "" {
		return true
	}
	return displayConfigKeys.Get()[key]
}

// shellKeys are the git settings whose value is a command line git hands to
// a shell (or splits into a program and its arguments): core.pager=CMD,
// core.sshCommand=CMD.
var shellKeys = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"core.pager": true, "core.editor": true, "core.fsmonitor": true, "core.sshcommand": true, "core.askpass": true,
		"diff.external": true, "sequence.editor": true, "gpg.program": true, "gpg.ssh.program": true, "gpg.x509.program": true, "core.gitproxy": true,
		"sendemail.tocmd": true, "sendemail.cccmd": true, "core.alternaterefscommand": true, "uploadpack.packobjectshook": true}
}}

// shellFamilies are families of keys whose value is a command line git runs
// (filter.NAME.clean=CMD, diff.NAME.textconv=CMD).
var shellFamilies = []struct {
	prefix   string
	suffixes []string
}{
	{"filter.", []string{".clean", ".smudge", ".process"}},
	{"diff.", []string{".textconv", ".command"}},
	{"merge.", []string{".driver"}},
	{"mergetool.", []string{".cmd"}},
	{"difftool.", []string{".cmd"}},
}

// bangKeys are the settings whose value is a shell command when it starts
// with "!" (credential.helper='!CMD'; an alias's is followed where it is
// used).
func bangKey(k string) bool {
	return k == "credential.helper" || strings.HasPrefix(k, "credential.") && strings.HasSuffix(k, ".helper")
}

// ShellValue returns the command line a git setting's value is when git
// runs it through a shell, or as a program and its arguments: the whole
// value of core.pager, core.sshCommand, a filter's clean …; what follows
// "!" in credential.helper. It reports false for any other key or value
// (a boolean core.fsmonitor or pager.log, credential.helper=store).
func ShellValue(key, value string) (string, bool) {
	k := strings.ToLower(key)
	switch {
	case bangKey(k):
		body, ok := strings.CutPrefix(strings.TrimSpace(value), "!")
		if !ok && strings.HasPrefix(value, "/") {
			return value, true // an absolute path: the program, with its arguments
		}
		return body, ok
	case k == "core.fsmonitor" || strings.HasPrefix(k, "pager."):
		return value, !isBool(value)
	case shellKeys.Get()[k]:
		return value, true
	}
	for _, f := range shellFamilies {
		if strings.HasPrefix(k, f.prefix) && slices.ContainsFunc(f.suffixes, func(s string) bool { return strings.HasSuffix(k, s) }) {
			return value, true
		}
	}
	return "", false
}

// harmlessSetting reports a pager or editor setting (core.pager,
// core.editor, sequence.editor, pager.CMD) set to a program that only
// prints or does nothing (cat, true, less -R): it runs nothing else, as
// GIT_PAGER=cat does not (docs/analysis.md, dangerous_env).
func harmlessSetting(key, value string) bool {
	k := strings.ToLower(key)
	programKey := k == "core.pager" || k == "core.editor" || k == "sequence.editor" || strings.HasPrefix(k, "pager.")
	return programKey && shellparse.HarmlessProgram(value)
}
