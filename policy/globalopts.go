package policy

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// plusWords are programs that take a +WORD before the subcommand: cargo
// +nightly publish, rustup +stable … .
var plusWords = map[string]bool{"cargo": true, "rustup": true, "rustc": true}

// GlobalForms returns the command's normalised forms with the options before
// its subcommand set aside, for deny and ask rules: npm --registry=URL publish
// is also npm publish, git -C dir -c k=v push is also git push, terraform
// -chdir=infra destroy is also terraform destroy, cargo +nightly publish is also
// cargo publish. Options between the words of a subcommand go too (kubectl
// -n ns delete, docker -H h compose -f x down); options after the subcommand
// stay in one form (git -C d push --force still hits git push --force*). It
// returns nothing when no word
// was set aside. Some forms keep unknown options as flags without a value,
// others also let an unknown long option take the next word (npm --some-option
// value publish): every form only adds ways for a deny or ask rule to match.
func GlobalForms(c shellparse.SimpleCommand) []string {
	if len(c.Argv) < 2 || c.Name == "" {
		return nil
	}
	words := make([]string, len(c.Argv))
	for i, w := range c.Argv {
		words[i] = w.Text
	}
	words[0] = c.Name
	prog := path.Base(c.Name)
	full := strings.Join(words, " ")
	var forms []string
	for _, greedy := range []bool{false, true} {
		for depth := 1; depth <= 2; depth++ {
			kept := stripGlobals(prog, words, greedy, depth)
			if len(kept) == len(words) {
				continue
			}
			if f := strings.Join(kept, " "); f != full && !slices.Contains(forms, f) {
				forms = append(forms, f)
			}
		}
	}
	return forms
}

// stripGlobals drops the option words before the subcommand (depth 1: git -C
// d push -f → git push -f), or also those between its first two words (depth
// 2: docker -H h compose -f x down → docker compose down); the rest stays as
// written, from the first -- on too.
func stripGlobals(prog string, words []string, greedy bool, depth int) []string {
	valued := map[string]bool{}
	if p, ok := registry.Default().Lookup(prog); ok {
		// The options that take a value, as the program registry declares
		// them: the program's own and its first subcommands'.
		for _, o := range p.ValueOptions(depth) {
			valued[o] = true
		}
	}
	kept := []string{words[0]}
	operands := 0
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case operands >= depth || w == "--":
			return append(kept, words[i:]...)
		case plusWords[prog] && operands == 0 && strings.HasPrefix(w, "+") && len(w) > 1:
			// +toolchain
		case strings.HasPrefix(w, "-") && len(w) > 1:
			if valued[w] || greedy && strings.HasPrefix(w, "--") && !strings.Contains(w, "=") && !knownFlag(w) {
				if i+1 < len(words) && (valued[w] || !strings.HasPrefix(words[i+1], "-")) {
					i++
				}
			}
		default:
			kept = append(kept, w)
			operands++
		}
	}
	return kept
}

// knownFlag reports options known to take no value, which the greedy form must
// not let swallow the subcommand.
func knownFlag(w string) bool {
	switch w {
	case "--no-pager", "--paginate", "--bare", "--no-replace-objects", "--literal-pathspecs", "--glob-pathspecs",
		"--noglob-pathspecs", "--icase-pathspecs", "--no-optional-locks", "--global", "--verbose", "--quiet", "--silent",
		"--debug", "--yes", "--force", "--dry-run", "--json", "--offline", "--frozen", "--locked", "--all-namespaces",
		"--insecure-skip-tls-verify", "--tls", "--tlsverify", "--no-verify-ssl", "--no-paginate", "--no-sign-request",
		"--workspaces", "--include-workspace-root", "--recursive", "--version", "--help":
		return true
	}
	return false
}
