package flow

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// packageRunners are the wrappers that fetch the package whose program
// they run (npx, pnpm dlx, yarn dlx, bunx, uvx, uv run, pipx run), with
// the options that name what they fetch.
var packageRunners = lazy.Value[map[string][]string]{Make: func() map[string][]string {
	return map[string][]string{
		"npx": {"-p", "--package"}, "pnpx": {"-p", "--package"}, "bunx": {"-p", "--package"}, "pnpm": {"--package"},
		"yarn": {"-p", "--package"}, "bun": {"-p", "--package"}, "uvx": {"--from", "--with"}, "uv": {"--from", "--with"}, "pipx": {"--spec"},
	}
}}

// RemotePackage judges a package runner, or a Python installer, given a
// package by URL or repository rather than by a registry's name: what it
// runs is fetched from there as it is, as curl … | sh runs a script. A
// URL of an archive or a script is severe, as deno run URL is; a
// repository (git+…, github:owner/repo) asks.
func RemotePackage(h Host, c shellparse.SimpleCommand) {
	if len(c.Wrappers) > 0 {
		w := c.Wrappers[len(c.Wrappers)-1]
		name := path.Base(w.Name)
		if opts, ok := packageRunners.Get()[name]; ok {
			specs := wordsAfter(w.Argv, opts)
			if len(c.Argv) > 0 {
				specs = append(specs, c.Argv[0])
			}
			for _, s := range specs {
				remoteSpec(h, name, s, name == "npx" || name == "pnpx" || name == "bunx")
			}
		}
	}
	for _, s := range installedSpecs(c) {
		if kind := remoteKind(s.Text, false); kind != "" && s.Static {
			h.Report(finding.PipeToShell, "remote_install", finding.NonSevere, c.Name+" installs a package from "+textclip.Clip(s.Text, 80)+": its build code runs as fetched", "")
		}
	}
}

// remoteSpec reports a package spec that names a URL or a repository.
func remoteSpec(h Host, runner string, w shellparse.Word, npmShorthand bool) {
	if !w.Static {
		return
	}
	switch remoteKind(w.Text, npmShorthand) {
	case "url":
		h.Report(finding.PipeToShell, "remote_package", finding.Severe, runner+" runs a program fetched from "+textclip.Clip(w.Text, 80), "download it, read it, then run the local copy")
	case "repository":
		h.Report(finding.PipeToShell, "remote_package", finding.NonSevere, runner+" runs a program fetched from the repository "+textclip.Clip(w.Text, 80)+" as it is now", "run a released version from the registry")
	}
}

// remoteKind says whether a package spec is a URL ("url"), a repository
// ("repository": git+…, git://, github:owner/repo, and for npm's runners
// owner/repo) or neither ("").
func remoteKind(spec string, npmShorthand bool) string {
	lower := strings.ToLower(spec)
	switch {
	case strings.HasPrefix(lower, "https://") || strings.HasPrefix(lower, "http://"):
		if strings.Contains(lower, "github.com/") && path.Ext(lower) == "" {
			return "repository"
		}
		return "url"
	case strings.HasPrefix(lower, "git+") || strings.HasPrefix(lower, "git://") || strings.HasPrefix(lower, "ssh://") || strings.HasPrefix(lower, "git@"):
		return "repository"
	}
	for _, p := range []string{"github:", "gitlab:", "bitbucket:", "gist:"} {
		if strings.HasPrefix(lower, p) {
			return "repository"
		}
	}
	if npmShorthand && strings.Count(spec, "/") == 1 && !strings.HasPrefix(spec, "@") && !strings.HasPrefix(spec, ".") && !strings.HasPrefix(spec, "/") && !strings.Contains(spec, ":") {
		return "repository" // npx owner/repo fetches from GitHub
	}
	return ""
}

// wordsAfter are the values of the named options among words (--opt=V or --opt V).
func wordsAfter(words []shellparse.Word, names []string) []shellparse.Word {
	var out []shellparse.Word
	for i, w := range words {
		name, value, joined := strings.Cut(w.Text, "=")
		switch {
		case joined && slices.Contains(names, name):
			out = append(out, shellparse.Word{Text: value, Static: w.Static})
		case slices.Contains(names, w.Text) && i+1 < len(words):
			out = append(out, words[i+1])
		}
	}
	return out
}

// installedSpecs are the operands a Python installer installs, read by
// its declared grammar: pip install, uv pip install, pipx install.
func installedSpecs(c shellparse.SimpleCommand) []shellparse.Word {
	name := path.Base(c.Name)
	args := c.Argv[min(1, len(c.Argv)):]
	switch {
	case name == "uv" && len(args) > 1 && args[0].Text == "pip":
		args, name = args[1:], "pip"
	case name == "pipx" || strings.HasPrefix(name, "pip") && name != "pipenv":
	default:
		return nil
	}
	prog, ok := registry.Default().Lookup(name)
	if !ok {
		return nil
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	if len(inv.Path) == 0 || inv.Path[0] != "install" {
		return nil
	}
	var out []shellparse.Word
	for _, i := range inv.Scan.Operands {
		if i < len(args) && args[i].Text != "install" {
			out = append(out, args[i])
		}
	}
	return out
}
