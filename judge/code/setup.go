package code

import (
	"path"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// setupPrinters print shell set-up (variables, functions, completions) meant
// to be evaluated: eval "$(ssh-agent -s)", eval "$(direnv hook bash)".
var setupPrinters = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"ssh-agent": true, "gpg-agent": true, "dircolors": true, "keychain": true, "direnv": true,
		"starship": true, "zoxide": true, "pyenv": true, "rbenv": true, "nodenv": true, "goenv": true, "jenv": true, "plenv": true,
		"fnm": true, "mise": true, "rtx": true, "conda": true, "micromamba": true, "mamba": true, "brew": true, "opam": true,
		"luarocks": true, "thefuck": true, "atuin": true, "mcfly": true, "fzf": true, "oh-my-posh": true, "register-python-argcomplete": true,
		"minikube": true, "docker-machine": true, "op": true, "hub": true, "pdm": true, "resize": true, "tset": true, "locale": true}
}}

// textTools print or transform text they are given: their output is whatever
// a file or a word holds, never a program's own set-up.
var textTools = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"cat": true, "echo": true, "printf": true, "head": true, "tail": true, "sed": true, "awk": true, "gawk": true,
		"base64": true, "base32": true, "basenc": true, "xxd": true, "openssl": true, "rev": true, "tr": true, "gunzip": true, "zcat": true,
		"gzip": true, "bzcat": true, "xzcat": true, "tac": true, "cut": true, "sort": true, "uniq": true, "grep": true, "jq": true, "yq": true,
		"dd": true, "od": true, "strings": true, "iconv": true, "envsubst": true, "m4": true, "cpp": true, "tee": true, "less": true, "more": true}
}}

// setupWords are arguments that ask a program for shell set-up to evaluate.
var setupWords = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"completion": true, "completions": true, "hook": true, "init": true, "activate": true, "shellenv": true,
		"env": true, "shell-init": true, "docker-env": true, "podman-env": true, "--bash": true, "--zsh": true, "--fish": true,
		"shell.bash": true, "shell.zsh": true, "generate-shell-completion": true, "print-env": true, "--completion": true, "signin": true,
		"-s": true, "-c": true, "--eval": true, "--alias": true, "alias": true, "path": true, "export": true, "shell": true}
}}

// SetupOutput reports a substitution ($(…), `…`, <(…)) that runs one local
// program printing shell set-up: evaluating it is dynamic_code (asks), not
// code from outside.
func SetupOutput(h Host, text string) bool {
	if len(text) > 512 {
		return false
	}
	res := h.CodeParse(": " + text)
	if len(res.Problems) > 0 || len(res.Commands) < 2 {
		return false
	}
	inner, ok := substituted(res.Commands)
	if !ok || inner.Name == "" || inner.PipesOut || inner.Stdin.Kind != shellparse.InputInherited || inner.Script != nil {
		return false
	}
	base := path.Base(inner.Name)
	if h.CodeNetworkTool(base) || shellparse.IsShell(base) || IsInterpreter(base) || textTools.Get()[base] {
		return false
	}
	return printsSetup(base, inner.Argv[1:])
}

// substituted returns the one command a substitution runs; the commands
// the parser also made of its arguments (starship init bash → bash) must
// be tails of its argv. ok is false for none, or for a pipeline or a list.
func substituted(cmds []shellparse.SimpleCommand) (shellparse.SimpleCommand, bool) {
	var inner shellparse.SimpleCommand
	var tails []shellparse.SimpleCommand
	for _, c := range cmds {
		switch {
		case c.Subst == "":
		case len(c.Wrappers) > 0:
			tails = append(tails, c)
		case inner.Subst != "":
			return inner, false // more than one command: a pipeline or a list
		default:
			inner = c
		}
	}
	for _, t := range tails {
		if !argvSuffix(inner.Argv, t.Argv) {
			return inner, false
		}
	}
	return inner, inner.Subst != ""
}

// printsSetup reports a program, with static arguments, that prints shell
// set-up: one that does nothing else, or one asked for it (completion,
// hook, init, shellenv …).
func printsSetup(base string, args []shellparse.Word) bool {
	for _, a := range args {
		if !a.Static {
			return false
		}
	}
	if setupPrinters.Get()[base] {
		return true
	}
	for _, a := range args {
		if setupWords.Get()[a.Text] {
			return base != "cat" && base != "echo" && base != "printf"
		}
	}
	return false
}

// argvSuffix reports that b is a tail of a (an unknown program's arguments
// analysed as a command of their own: starship init bash → bash).
func argvSuffix(a, b []shellparse.Word) bool {
	if len(b) == 0 || len(b) >= len(a) {
		return false
	}
	for i := range b {
		if a[len(a)-len(b)+i].Text != b[i].Text {
			return false
		}
	}
	return true
}

// syntaxCheckGrammar reads a system shell's options up to its script:
// -o NAME, set-style +LETTERS, and the long options that change nothing it
// runs.
var syntaxCheckGrammar = registry.Grammar{Short: "o:", Long: []string{"norc", "noprofile", "posix"}, Exact: true, Posix: true, Plus: true}

// SyntaxCheckOnly reports a system shell run with -n (noexec): it reads the
// script and checks its syntax, running nothing (bash -n deploy.sh).
func SyntaxCheckOnly(c shellparse.SimpleCommand) bool {
	if strings.Contains(c.Name, "/") || !shellparse.IsShell(c.Name) || c.Stdin.Kind == shellparse.InputPipe {
		return false
	}
	args := c.Argv[1:]
	for _, a := range args {
		if !a.Static {
			return false
		}
	}
	scan := syntaxCheckGrammar.Scan(shellparse.RegistryWords(args))
	noexec := false
	for _, o := range scan.Opts {
		switch {
		case o.Name == "-o" && o.ValueAt != o.At:
			noexec = noexec || o.Value == "noexec"
		case o.Name == "-n":
			noexec = true
		case o.Name == "+" && strings.Trim(o.Value, "vxeu") == "",
			o.Name == "-v", o.Name == "-x", o.Name == "-e", o.Name == "-u",
			o.Name == "--norc", o.Name == "--noprofile", o.Name == "--posix":
		default:
			return false // -c, -i, -s, +o and the rest: the shell may run something
		}
	}
	return noexec
}
