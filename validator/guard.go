package validator

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/lazyre"
	"github.com/permgate/permgate/shellparse"
)

// The shell guard (permgate init bash|zsh|fish) lives in the shell it guards:
// its functions, its variables (_permgate_bin, _permgate_mode …) and the keys
// it binds (Enter, Ctrl-J, Ctrl-O, Shift+Tab and its own \C-x\C-] macro keys).
// A command that changes any of them could let lines run unchecked or change
// the shell's mode, so it is self_modify. Reading them (declare -p, type,
// echo $_permgate_mode, bind -p, bindkey -L) is fine.

// isGuardName reports whether name is one of the shell guard's functions or
// variables.
func isGuardName(name string) bool {
	return strings.HasPrefix(name, "_permgate_") || name == "permgate_prompt_mode" || name == "permgate_shown_mode"
}

// guardWidgets are the zsh widgets the guard replaces.
var guardWidgets = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{
		"accept-line": true, "accept-and-hold": true, "accept-line-and-down-history": true, "accept-and-infer-next-history": true,
	}
}}

// guardKey matches the keys the guard binds as bash, zsh and fish write them:
// Enter (\C-m, ^M, \r, RETURN, enter), Ctrl-J (\C-j, ^J, \n), Ctrl-O (bash),
// Shift+Tab (\e[Z, ^[[Z, btab, shift-tab) and bash's \C-x\C-] macro keys.
var guardKey = lazyre.Regexp{Src: `(?i)\\C-[mjo]\b|\\C-[mjo]$|\bC-[mj]\b|control-[mj]\b|\^[mj]|\\[rn]|\b(return|ret|newline|lfd|enter|btab|shift-tab|ctrl-[mj])\b|(\\e|\\033|\\x1b|\^\[|\\M-)\[z|\\c-x\\c-\]|kcbt`}

// acceptFunction matches readline functions and zsh widgets that run the line
// without the guard when bound to another key, and readline's
// edit-and-execute-command, which the guard unbinds.
var acceptFunction = lazyre.Regexp{Src: `(^|[\s:".])(accept-line|accept-and-hold|accept-and-infer-next-history|accept-line-and-down-history|operate-and-get-next|edit-and-execute-command|execute)(["\s]|$)`}

// guard flags commands that change the shell guard's names or key bindings.
func (ck *checker) guard(c shellparse.SimpleCommand) {
	if isGuardName(c.Function) {
		ck.add("self_modify", "guard_function", Severe, "defines the function "+c.Function+", replacing part of permgate's shell guard")
	}
	for _, name := range assignedNames(c) {
		if isGuardName(name) {
			ck.add("self_modify", "guard_variable", Severe, "sets "+name+", a variable of permgate's shell guard (its mode or the permgate it calls)")
			return
		}
	}
	if len(c.Argv) < 2 || c.Name == "" {
		return
	}
	args := c.Argv[1:]
	switch c.Name {
	case "unset", "unfunction", "unalias", "unhash", "export", "readonly", "local", "let", "alias", "enable", "disable":
		if name, ok := namesGuard(args); ok {
			ck.add("self_modify", "guard_unset", Severe, c.Name+" "+name+" changes permgate's shell guard")
		}
	case "declare", "typeset":
		if name, ok := namesGuard(args); ok && !printOnly(c) {
			ck.add("self_modify", "guard_unset_function", Severe, c.Name+" "+name+" changes permgate's shell guard")
		}
	case "set":
		// fish's set -g/-e NAME; bash's set +o emacs/vi and zsh's set +o zle
		// turn line editing off, and with it the guard's Enter.
		if name, ok := namesGuard(args); ok {
			ck.add("self_modify", "guard_set_option", Severe, "set "+name+" changes permgate's shell guard")
		}
		ck.lineEditingOff(c)
	default:
		ck.guardBuiltin(c, args)
	}
}

// guardBuiltin judges the builtins that turn line editing or history
// verification off, erase functions, and change key bindings and widgets.
func (ck *checker) guardBuiltin(c shellparse.SimpleCommand, args []shellparse.Word) {
	switch c.Name {
	case "unsetopt", "setopt":
		ck.zleOff(c)
	case "shopt":
		// bash's guard relies on histverify: with it off, a history expansion
		// (!!) would run as expanded, never shown on the line and checked.
		if hasOption(c, "-u") && slices.ContainsFunc(operandsOf(c), func(w shellparse.Word) bool { return w.Text == "histverify" }) {
			ck.add("self_modify", "guard_histverify", Severe, "shopt -u histverify lets a history expansion run unchecked by permgate's shell guard")
		}
	case "functions":
		// fish: functions -e NAME erases, functions -c OLD NEW copies over NEW.
		if name, ok := namesGuard(args); ok && hasOption(c, "-e", "-c", "--erase", "--copy") {
			ck.add("self_modify", "guard_functions", Severe, "functions "+name+" changes permgate's shell guard")
		}
	case "bind":
		ck.bind(c)
	case "bindkey":
		ck.bindkey(c)
	case "zle":
		ck.zle(c)
	}
}

// zleOff flags zsh's unsetopt zle and setopt nozle.
func (ck *checker) zleOff(c shellparse.SimpleCommand) {
	for _, a := range operandsOf(c) {
		t := strings.ToLower(strings.ReplaceAll(a.Text, "_", ""))
		if c.Name == "unsetopt" && t == "zle" || c.Name == "setopt" && t == "nozle" {
			ck.add("self_modify", "guard_zle_off", Severe, c.Name+" "+a.Text+" turns zsh's line editor off, and with it permgate's shell guard")
		}
	}
}

// namesGuard returns the first word naming a guard function or variable
// (NAME, NAME=VALUE, NAME[i]).
func namesGuard(args []shellparse.Word) (string, bool) {
	for _, a := range args {
		name := a.Text
		if i := strings.IndexAny(name, "=["); i >= 0 {
			name = name[:i]
		}
		if isGuardName(name) {
			return name, true
		}
	}
	return "", false
}

// printOnly reports declare -p, typeset -p and declare -f NAME, which print.
func printOnly(c shellparse.SimpleCommand) bool {
	inv, ok := scanned(c)
	if !ok || inv.Scan.Has("-p") {
		return ok
	}
	for _, o := range inv.Scan.Opts {
		if o.Name != "-f" && o.Name != "-F" {
			return false
		}
	}
	return len(inv.Scan.Opts) > 0
}

// lineEditingOff flags set +o emacs, set +o vi and set +o zle: bash's +o
// options are operands to the scanner, each with the option name after it.
func (ck *checker) lineEditingOff(c shellparse.SimpleCommand) {
	ops := operandsOf(c)
	for i := 0; i+1 < len(ops); i++ {
		if ops[i].Text != "+o" {
			continue
		}
		switch strings.ToLower(ops[i+1].Text) {
		case "emacs", "vi", "zle":
			ck.add("self_modify", "guard_line_editing", Severe, "set +o "+ops[i+1].Text+" turns line editing off, and with it permgate's shell guard")
		}
	}
}

// bindReason is the reason given for a change of the guard's key bindings.
const bindReason = "changes the key bindings permgate's shell guard relies on"

// bind judges bash's and fish's bind: listing (-p -P -l -v -V -s -S -X -q -Q,
// fish's bind with no binding) is fine; binding or removing the guard's keys,
// binding any key to a function that runs the line, bind -x (which runs a
// command with no check), or reading bindings from a file (-f FILE) is
// self_modify, and so is a key sequence known only at run time. bash binds
// the operands after its options even when an option lists (bind -p KEY).
func (ck *checker) bind(c shellparse.SimpleCommand) {
	if slices.ContainsFunc(c.Argv[1:], func(w shellparse.Word) bool { return !w.Static }) {
		ck.add("self_modify", "guard_bind_dynamic", Severe, "bind with a key or binding known only at run time "+bindReason)
		return
	}
	r, ok := readingOf(c)
	if !ok {
		return
	}
	ops := r.Operands()
	switch {
	case r.Has("-e", "--erase") && (r.Has("-a", "--all") || len(ops) == 0):
		ck.add("self_modify", "guard_bind_erase", Severe, "bind --erase --all erases every key binding, the shell guard's too")
		return
	case r.Has("-x"):
		ck.add("self_modify", "guard_bind_command", Severe, "bind -x runs a command from a key without permgate's check: it "+bindReason)
		return
	case len(r.Values("-f")) > 0:
		ck.add("self_modify", "guard_bind_file", Severe, "bind -f reads bindings from a file, which "+bindReason)
		return
	}
	for _, k := range append(append(ops, r.Values("-r")...), r.Values("-u")...) {
		if bindsGuardKey(k.Text) {
			ck.add("self_modify", "guard_bind", Severe, "bind "+clip(k.Text)+" "+bindReason)
			return
		}
	}
}

// bindsGuardKey reports a binding, key or function that reaches the guard:
// one of its keys or a function that runs the line. fish's \r, \n and \e[Z
// read as bash words are r, n and e[Z.
func bindsGuardKey(t string) bool {
	return guardKey.Get().MatchString(t) || acceptFunction.Get().MatchString(t) || t == "r" || t == "n" || strings.EqualFold(t, "e[Z")
}

// bindkey judges zsh's bindkey: listing (no operand, -L, -l, one key) is fine;
// binding, removing (-r) or sending a string from (-s) the guard's keys, binding
// a key to an accept widget, or replacing keymaps (-A, -N, -D) is self_modify.
func (ck *checker) bindkey(c shellparse.SimpleCommand) {
	r, ok := readingOf(c)
	if !ok {
		return
	}
	switch {
	case r.Has("-d"):
		ck.add("self_modify", "guard_bindkey_reset", Severe, "bindkey -d resets every keymap, dropping the Enter binding of permgate's shell guard")
		return
	case r.Has("-A", "-N", "-D"):
		ck.add("self_modify", "guard_bindkey_keymap", Severe, "bindkey -A, -N or -D replaces or deletes a keymap, which "+bindReason)
		return
	}
	ops := r.Operands()
	if len(ops) == 0 || len(ops) == 1 && !r.Has("-r") {
		return // listing
	}
	for _, o := range ops {
		if !o.Static {
			ck.add("self_modify", "guard_bindkey_dynamic", Severe, "bindkey with a key known only at run time "+bindReason)
			return
		}
		if guardKey.Get().MatchString(o.Text) || guardWidgets.Get()[strings.TrimPrefix(o.Text, ".")] {
			ck.add("self_modify", "guard_bindkey", Severe, "bindkey "+clip(o.Text)+" "+bindReason)
			return
		}
	}
}

// zle judges zsh's zle: defining, aliasing or deleting a widget (-N, -A, -D,
// -C) that the guard replaces or defines is self_modify; calling widgets is
// fine.
func (ck *checker) zle(c shellparse.SimpleCommand) {
	if !hasOption(c, "-N", "-A", "-D", "-C") {
		return
	}
	for _, a := range operandsOf(c) {
		if !a.Static {
			ck.add("self_modify", "guard_zle_dynamic", Severe, "zle "+c.Argv[1].Text+" with a widget known only at run time may replace permgate's shell guard")
			return
		}
		if guardWidgets.Get()[strings.TrimPrefix(a.Text, ".")] || isGuardName(a.Text) {
			ck.add("self_modify", "guard_zle_widget", Severe, "zle "+c.Argv[1].Text+" "+a.Text+" replaces a widget of permgate's shell guard")
			return
		}
	}
}
