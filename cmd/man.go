package cmd

import (
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/permgate/permgate/docs"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/manpage"
)

func newManCmd(io streams) *cobra.Command {
	return &cobra.Command{
		Use:   "man [config|security|harnesses]",
		Short: "Print permgate's manual pages (roff)",
		Long: "man prints the manual page for permgate and all its commands in roff, generated from the commands\n" +
			"themselves: their usage, options and examples, with the exit status, environment and files\n" +
			"(docs/permgate.1 in the source is this output). Given a page's name it prints that page instead,\n" +
			"made from the documents under docs/: config is permgate-config(5), every setting of the config\n" +
			"files; security is permgate-security(7), the threat model and self-protection; harnesses is\n" +
			"permgate-harnesses(7), what install sets up in each agent harness and what allow, ask and deny\n" +
			"do there.",
		Example: "  permgate man | man -l -\n" +
			"  permgate man config | man -l -\n" +
			"  permgate man > ~/.local/share/man/man1/permgate.1",
		Args:      cobra.MaximumNArgs(1),
		ValidArgs: manPageNames(),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 0 {
				fmt.Fprint(io.out, manPage(c.Root(), manDate()))
				return nil
			}
			page, err := docPage(args[0], manDate())
			if err != nil {
				return usageError(c, err)
			}
			fmt.Fprint(io.out, page)
			return nil
		},
	}
}

// docManPage is a manual page made of documents under docs/.
type docManPage struct {
	name, title, summary string
	section              int
	files                []string
}

// docManPages are the pages `permgate man NAME` prints.
var docManPages = []docManPage{
	{"config", "permgate-config", "permgate's configuration files: layers, rules, modes, profiles, actions, tools and limits", 5,
		[]string{"config.md"}},
	{"security", "permgate-security", "whom permgate defends against, and how it keeps the gated agent from loosening it", 7,
		[]string{"threat-model.md", "self-protection.md"}},
	{"harnesses", "permgate-harnesses", "permgate in each agent harness: what install sets up and what allow, ask and deny do there", 7,
		[]string{"harness-claude.md", "harness-codex.md", "harness-gemini.md", "harness-copilot.md", "harness-opencode.md", "hooks.md"}},
}

// manPageNames are the names man takes.
func manPageNames() []string {
	var out []string
	for _, d := range docManPages {
		out = append(out, d.name)
	}
	return out
}

// docPage renders the page called name from its documents, dated date.
func docPage(name, date string) (string, error) {
	for _, d := range docManPages {
		if d.name != name {
			continue
		}
		p := manpage.New(d.title, d.section, date, "permgate", "permgate")
		p.Section("name")
		p.Line(manpage.Escape(d.title+" - "+d.summary), false)
		for _, f := range d.files {
			text, err := docs.Files.ReadFile(f)
			if err != nil {
				return "", fmt.Errorf("read docs/%s: %w", f, err)
			}
			p.Markdown(string(text), len(d.files) > 1)
		}
		p.Section("see also")
		p.Line(manpage.Bold("permgate")+"(1)", false)
		return p.String(), nil
	}
	return "", fmt.Errorf("no manual page %q (want %s)", name, strings.Join(manPageNames(), ", "))
}

// manDate is the page's date: the day of the commit the binary was built
// from, else today (UTC).
func manDate() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if t, err := time.Parse(time.RFC3339, s.Value); s.Key == "vcs.time" && err == nil {
				return t.UTC().Format(time.DateOnly)
			}
		}
	}
	return time.Now().UTC().Format(time.DateOnly)
}

// manPage renders the manual page of root and every command under it, dated
// date.
func manPage(root *cobra.Command, date string) string {
	// cobra adds its completion command when it runs; add it now, so the page
	// is the same however it is made.
	root.InitDefaultCompletionCmd()
	cmds := manCommands(root)
	p := manpage.New(root.Name(), 1, date, root.Name(), "User Commands")
	p.Section("name")
	p.Line(manpage.Escape(root.Name()+" - "+strings.ToLower(root.Short[:1])+root.Short[1:]), false)

	p.Section("synopsis")
	p.Line(manpage.Bold(root.Name())+" "+manpage.Escape("[--config FILE] [--profile NAME] COMMAND [ARGS...]"), true)
	for i, c := range cmds {
		p.Line(manUse(c), i < len(cmds)-1)
	}

	p.Section("description")
	p.Text(root.Long)
	p.Text("Each command below is one way in: check, explain and scan decide without running; exec " +
		"decides and runs; hook answers an agent harness; init prints the snippet that guards an " +
		"interactive shell; githook runs the steps of a git hook. mode, rules, trust and untrust " +
		"change the policy and ask at the terminal before they loosen it.")

	p.Section("commands")
	for _, c := range cmds {
		manCommand(p, c)
	}

	p.Section("global options")
	manFlags(p, root.PersistentFlags())
	p.Tagged(manpage.Bold("-h")+", "+manpage.Bold("--help"), "Print the command's usage and exit.")
	p.Tagged(manpage.Bold("-v")+", "+manpage.Bold("--version"), "Print permgate's version and exit.")

	manStatic(p)
	return p.String()
}

// manCommands lists the commands the page describes, depth first in cobra's
// order: every available command but help, and completion without its
// per-shell children.
func manCommands(c *cobra.Command) []*cobra.Command {
	var out []*cobra.Command
	for _, sub := range c.Commands() {
		if !sub.IsAvailableCommand() || sub.Name() == "help" {
			continue
		}
		out = append(out, sub)
		if sub.Name() != "completion" {
			out = append(out, manCommands(sub)...)
		}
	}
	return out
}

// manUse is a command's usage line: its path in bold, then its arguments.
func manUse(c *cobra.Command) manpage.Roff {
	path := c.CommandPath()
	args := strings.TrimSpace(strings.TrimPrefix(c.Use, c.Name()))
	if c.Name() == "completion" {
		args = "bash|zsh|fish|powershell"
	}
	use := manpage.Bold(path)
	if args != "" {
		use += " " + manpage.Escape(args)
	}
	return use
}

// manCommand describes one command: usage, description, options, examples.
func manCommand(p *manpage.Page, c *cobra.Command) {
	p.Subsection(c.CommandPath())
	p.Paragraph()
	p.Line(manUse(c), false)
	switch {
	case c.Name() == "completion":
		p.Text(c.Short + ". Load it in the shell's start-up file, e.g. `source <(permgate completion bash)`;" +
			" `permgate completion SHELL --help` says how for each shell.")
	case c.Long != "":
		p.Text(c.Long)
	default:
		p.Text(c.Short + ".")
	}
	if len(c.Aliases) > 0 {
		p.Text("Also: " + strings.Join(c.Aliases, ", ") + ".")
	}
	if manHasFlags(c.LocalNonPersistentFlags()) && c.Name() != "completion" {
		p.Paragraph()
		p.Line(manpage.Italic("Options:"), false)
		manFlags(p, c.LocalNonPersistentFlags())
	}
	if c.Example != "" {
		p.Paragraph()
		p.Line(manpage.Italic("Examples:"), false)
		p.Literal(c.Example)
	}
}

// manHasFlags reports flags that manFlags lists.
func manHasFlags(flags *pflag.FlagSet) bool {
	n := 0
	flags.VisitAll(func(f *pflag.Flag) {
		if manListed(f) {
			n++
		}
	})
	return n > 0
}

// manListed reports a flag that a command's options list: not hidden, and not
// help or version, which the page describes once.
func manListed(f *pflag.Flag) bool {
	return !f.Hidden && f.Name != "help" && f.Name != "version"
}

// manValueNames name the values of flags whose usage does not.
var manValueNames = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{"config": "FILE", "profile": "NAME"}
}}

// manFlags lists flags as tagged paragraphs: -n, --name VALUE, then what it
// does and its default. help and version are described once, globally.
func manFlags(p *manpage.Page, flags *pflag.FlagSet) {
	flags.VisitAll(func(f *pflag.Flag) {
		if !manListed(f) {
			return
		}
		tag := manpage.Bold("--" + f.Name)
		if f.Shorthand != "" {
			tag = manpage.Bold("-"+f.Shorthand) + ", " + tag
		}
		name, usage := pflag.UnquoteUsage(f)
		if v := manValueName(f, name); v != "" {
			tag += " " + manpage.Italic(v)
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" {
			usage += " (default " + d + ")"
		}
		p.Tagged(tag, strings.ToUpper(usage[:1])+usage[1:]+".")
	})
}

// manValueName names a flag's value: the name its usage gives in backquotes,
// else one made from its type; "" for a flag that takes none.
func manValueName(f *pflag.Flag, name string) string {
	if v, ok := manValueNames.Get()[f.Name]; ok && name != "" {
		return v
	}
	switch name {
	case "":
		return ""
	case "string":
		return strings.ToUpper(f.Name)
	case "duration":
		return "DURATION"
	case "int", "uint":
		return "N"
	}
	return name
}

// manStatic writes the sections that are not in the command tree: exit
// status, environment, files and see also.
func manStatic(p *manpage.Page) {
	p.Section("exit status")
	for _, e := range [][2]string{
		{"0", "Allowed (check, explain), or the command succeeded. scan: nothing was denied. githook: every step ran and succeeded, or none is configured."},
		{"1", "An error: a bad argument or flag, a config or state that does not load, no terminal where one is needed."},
		{"2", "check and explain: denied. scan: some command was denied. hook: an error before the harness is known (a bad flag, an unknown harness), which blocks the call in every harness."},
		{"3", "check and explain: a person should decide (ask)."},
		{"125", "exec and githook: permgate itself failed (bad config, damaged state, no command, a PERMGATE_SHELL it cannot use, a hook's input over its bound)."},
		{"126", "exec and githook: refused (or the program is a directory or not executable)."},
		{"127", "exec: the program does not exist."},
		{"other", "exec: the command's own exit status. githook: the failed step's."},
	} {
		p.Tagged(manpage.Bold(e[0]), e[1])
	}
	p.Text("hook answers in the harness's protocol (see hook above): a deny is an answer, not an exit status, except for Codex (exit 2).")

	p.Section("environment")
	for _, e := range [][2]string{
		{"PERMGATE_CONFIG", "A config file applied over all others, as --config. It loosens only once confirmed with `permgate trust --user FILE`."},
		{"PERMGATE_PROFILE", "The profile to use, as --profile."},
		{"PERMGATE_MODE", "The mode to decide in: default, auto, plan or bypass."},
		{"PERMGATE_FAIL_CLOSED", "When 1, true, yes or on: never ask; what would ask is denied."},
		{"PERMGATE_SHELL", "The shell that runs a one-argument script (exec, githook): bash (the default), sh or dash, by name or absolute path."},
		{"HOME", "Must be an absolute path: permgate finds the user's config and state by it, and refuses to decide without it."},
		{"XDG_CONFIG_HOME", "Where the user config lives (default ~/.config), when an absolute path."},
		{"XDG_STATE_HOME", "Where the state and the audit log live (default ~/.local/state), when an absolute path."},
		{"NO_COLOR", "When set, explain prints no colour (nor with TERM=dumb, nor when not on a terminal)."},
	} {
		p.Tagged(manpage.Bold(e[0]), e[1])
	}

	p.Section("files")
	for _, f := range [][2]string{
		{"/etc/permgate/config.toml", "The system config. With [managed] only_tighten = true every other file and the state may only tighten the policy."},
		{"$XDG_CONFIG_HOME/permgate/config.toml", "The user config (~/.config/permgate/config.toml): mode, rules, tools, profiles, [audit], [shell] and the [git] steps of each git hook. A change permgate did not make counts only once confirmed with `permgate trust --user`."},
		{".permgate.toml", "A project config, in the working directory or any directory above it up to the repository's top. It may only add deny and ask rules until trusted with `permgate trust`."},
		{"$XDG_STATE_HOME/permgate/", "The state (~/.local/state/permgate/): state.json (mode, trusted project files, denials in a row), audit.jsonl (every decision), seal.key and seal.json (seals of the config and state), state.lock."},
	} {
		p.Tagged(manpage.Bold(f[0]), f[1])
	}

	p.Section("see also")
	p.Line(manpage.Bold("bash")+"(1), "+manpage.Bold("git")+"(1), "+manpage.Bold("githooks")+"(5)", false)
	p.Text("The README and docs/analysis.md in permgate's source say what the analysis sees and why.")
}
