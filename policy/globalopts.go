package policy

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// GlobalForms returns the command's normalised forms with the options before
// its subcommand set aside, for deny and ask rules: npm --registry=URL publish
// is also npm publish, git -C dir -c k=v push is also git push, terraform
// -chdir=infra destroy is also terraform destroy, cargo +nightly publish is also
// cargo publish. Options between the words of a subcommand go too (kubectl
// -n ns delete, docker -H h compose -f x down); options after the subcommand
// stay in the form (git -C d push --force still hits git push --force*). The
// program registry reads the argv (registry.VerbForms), with the program's
// grammar when it declares one; every form only adds ways for a deny or ask
// rule to match. It returns nothing when no word was set aside.
func GlobalForms(c shellparse.SimpleCommand) []string {
	if len(c.Argv) < 2 || c.Name == "" {
		return nil
	}
	prog, _ := registry.Default().Lookup(path.Base(c.Name))
	args := c.Argv[1:]
	var forms []string
	for _, kept := range registry.VerbForms(prog, shellparse.RegistryWords(args)) {
		words := make([]string, 0, len(kept)+1)
		words = append(words, c.Name)
		for _, i := range kept {
			words = append(words, args[i].Text)
		}
		if f := strings.Join(words, " "); !slices.Contains(forms, f) {
			forms = append(forms, f)
		}
	}
	return forms
}
