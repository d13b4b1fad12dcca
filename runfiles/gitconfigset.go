package runfiles

import (
	"path/filepath"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// GitConfigWrite reads `git config [--local|--global|--file F] KEY VALUE`
// (and `git config set KEY VALUE`; args are the words after "git"): the
// config file it writes, absolute, and the lines that say what it sets,
// to append to that file's text. A setting later in a config file wins, so
// the file with them appended reads as git leaves it. ok is false for
// anything else (a read, an unset, a value known only at run time, a
// repository not found).
func GitConfigWrite(files Files, home, cwd string, args []shellparse.Word) (file, lines string, ok bool) {
	cmd, _ := readGitCommand(home, cwd, args)
	if cmd == nil || cmd.inv.Sub != "config" {
		return "", "", false
	}
	operands := cmd.inv.Operands()
	if len(operands) == 3 && operands[0].Static && operands[0].Text == "set" {
		operands = operands[1:]
	}
	if len(operands) != 2 || !operands[0].Static || !operands[1].Static || cmd.inv.Scan().Unknown ||
		cmd.inv.Has("--get", "--get-all", "--get-regexp", "--list", "-l", "--unset", "--unset-all", "--rename-section", "--remove-section", "--edit", "-e", "--blob", "--system") {
		return "", "", false
	}
	section, key, ok := splitConfigKey(operands[0].Text)
	if !ok {
		return "", "", false
	}
	file, ok = configFile(files, cmd, home)
	if !ok {
		return "", "", false
	}
	return file, section + "\n\t" + key + " = " + quoteConfigValue(operands[1].Text) + "\n", true
}

// configFile is the file a git config write goes to: --file, --global's
// ~/.gitconfig, else the repository's config.
func configFile(files Files, cmd *gitCommand, home string) (string, bool) {
	if f := cmd.inv.Values("--file", "-f"); len(f) > 0 {
		return absUnder(cmd.dir, home, f[len(f)-1].Text), f[len(f)-1].Static
	}
	if cmd.inv.Has("--global") {
		return filepath.Join(home, ".gitconfig"), home != ""
	}
	r, err := findRepo(files, cmd)
	if err != nil || r == nil {
		return "", false
	}
	common := r.common
	if common == "" {
		common = r.gitDir
	}
	return filepath.Join(common, "config"), true
}

// splitConfigKey splits section.sub.key into the section header git
// writes ([section "sub"]) and the key.
func splitConfigKey(name string) (header, key string, ok bool) {
	first, rest, found := strings.Cut(name, ".")
	last := strings.LastIndexByte(rest, '.')
	switch {
	case !found || first == "" || rest == "":
		return "", "", false
	case last < 0:
		return "[" + first + "]", rest, true
	default:
		sub := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(rest[:last])
		return "[" + first + ` "` + sub + `"]`, rest[last+1:], rest[last+1:] != ""
	}
}

// quoteConfigValue writes a value as git config reads it back.
func quoteConfigValue(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\t", `\t`).Replace(v) + `"`
}
