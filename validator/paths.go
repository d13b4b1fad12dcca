package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// resolve returns the absolute, cleaned path a static word names, relative to
// the directory the command runs in. When that directory is unknown (after
// cd $X), a relative path resolves under unknownDir, which is nowhere permgate
// treats as safe or as critical.
func (ck *checker) resolve(p string) string {
	if ck.v.env.Resolve != nil && hasDotDot(p) {
		return ck.physical(p)
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	if ck.dir == "" {
		return path.Join(unknownDir, p)
	}
	return path.Join(ck.dir, p)
}

// unknownDir stands for a working directory known only at run time.
const unknownDir = "/?unknown-directory?"

// within reports whether p is dir or under it.
func within(p, dir string) bool {
	if dir == "/" {
		return true
	}
	return p == dir || strings.HasPrefix(p, dir+"/")
}

// under reports whether p is strictly under dir.
func under(p, dir string) bool {
	if dir == "/" {
		return p != "/"
	}
	return strings.HasPrefix(p, dir+"/")
}

// systemDirs are the directories whose content belongs to the system.
var systemDirs = []string{"/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/var/lib", "/var/spool/cron", "/sys", "/proc", "/root", "/private/etc", "/private/var/root", "/System", "/Library/LaunchDaemons", "/Library/LaunchAgents"}

// topDirs are directories that must not be deleted or moved as a whole.
var topDirs = []string{"/home", "/var", "/opt", "/srv", "/mnt", "/media", "/dev", "/run", "/tmp", "/Users", "/System", "/Library", "/Applications", "/private"}

// shellRCFiles run at every shell start, or (.gitconfig) name programs git runs.
var shellRCFiles = []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".zlogout", ".config/fish/config.fish", ".config/fish/conf.d", ".config/fish/functions", ".config/environment.d", ".pam_environment", ".inputrc", ".kshrc", ".cshrc", ".tcshrc", ".gitconfig", ".config/git/config", ".config/autostart", ".config/systemd/user", "Library/LaunchAgents"}

// critical names why writing p is catastrophic, or "" when it is not.
func (v *Validator) critical(p string) string {
	switch {
	case p == "/":
		return "/ (the whole file system)"
	case v.env.Home != "" && p == v.env.Home:
		return "the home directory"
	case strings.HasPrefix(p, "/etc/sudoers"):
		return p + " (sudo's rules)"
	case v.inSystemDir(p):
		return p + " (a system directory)"
	case isBlockDevice(p):
		return p + " (a disk)"
	}
	if why := v.homeCritical(p); why != "" {
		return p + why
	}
	for _, rc := range []string{"/etc/profile", "/etc/bash.bashrc", "/etc/zshrc"} {
		if p == rc {
			return p + " (a shell start-up file)"
		}
	}
	return ""
}

// inSystemDir reports a path in a directory whose content belongs to the
// system. $HOME is home, never a system directory, even when it is /root;
// /usr/local is the administrator's own.
func (v *Validator) inSystemDir(p string) bool {
	if v.env.Home != "" && v.env.Home != "/" && within(p, v.env.Home) || within(p, "/usr/local") {
		return false
	}
	return slices.ContainsFunc(systemDirs, func(d string) bool { return within(p, d) })
}

// homeCritical names, as a parenthesis, why writing p in a home directory
// (the user's, /root or /home/NAME) is catastrophic: SSH keys and trust, a
// shell start-up file.
func (v *Validator) homeCritical(p string) string {
	if v.env.Home != "" {
		if why := homeFileCritical(p, v.env.Home+"/"); why != "" {
			return why
		}
	}
	if rel, ok := otherHome(p); ok {
		return homeFileCritical(rel, "")
	}
	return ""
}

// homeFileCritical names why the path under a home directory (home is its
// prefix, with a slash, or "" when rel is already relative) is critical.
func homeFileCritical(rel, home string) string {
	if within(rel, home+".ssh") {
		return " (SSH keys and trust)"
	}
	for _, rc := range shellRCFiles {
		if within(rel, home+rc) {
			return " (a shell start-up file)"
		}
	}
	return ""
}

var blockDevicePrefixes = []string{"/dev/sd", "/dev/nvme", "/dev/vd", "/dev/xvd", "/dev/hd", "/dev/mmcblk", "/dev/disk", "/dev/mapper/", "/dev/md", "/dev/dm-", "/dev/loop", "/dev/rdisk", "/dev/sr"}

func isBlockDevice(p string) bool {
	for _, prefix := range blockDevicePrefixes {
		if strings.HasPrefix(p, prefix) && len(p) > len(prefix) {
			return true
		}
	}
	return false
}

// isTemp reports a path strictly under /tmp or $TMPDIR.
func (v *Validator) isTemp(p string) bool {
	if under(p, "/tmp") || under(p, "/var/tmp") {
		return true
	}
	return v.env.TmpDir != "" && v.env.TmpDir != "/" && under(p, v.env.TmpDir)
}

// topDir names a top-level directory that must not be deleted or moved as a
// whole, or returns "".
func topDir(p string) string {
	for _, d := range topDirs {
		if p == d {
			return p + " (a top-level directory)"
		}
	}
	return ""
}

// otherHome returns a path relative to the home directory it is in, for /root
// and /home/NAME.
func otherHome(p string) (string, bool) {
	if rest, ok := strings.CutPrefix(p, "/root/"); ok {
		return rest, true
	}
	if rest, ok := strings.CutPrefix(p, "/home/"); ok {
		if _, rel, ok := strings.Cut(rest, "/"); ok {
			return rel, true
		}
	}
	return "", false
}

// isTempRoot reports /tmp, /var/tmp or $TMPDIR itself.
func (v *Validator) isTempRoot(p string) bool {
	return p == "/tmp" || p == "/var/tmp" || v.env.TmpDir != "" && p == v.env.TmpDir
}

// protectedDirs hold files that run code or hold an agent's settings later.
var protectedDirs = []string{".git", ".claude", ".codex", ".gemini", ".vscode", ".idea"}

// protected names why writing p is sensitive, or "".
func protected(p string) string {
	parts := strings.Split(p, "/")
	for i, part := range parts {
		for _, d := range protectedDirs {
			if part == d && i < len(parts)-1 {
				return d + "/ (its files run code or steer tools later)"
			}
		}
	}
	if path.Base(p) == ".permgate.toml" {
		return "the project's permgate config"
	}
	if path.Base(p) == ".envrc" {
		return "a direnv file, whose exports (PERMGATE_*, HOME) load into the shell that enters the folder"
	}
	return ""
}

// secretName reports whether a path names a file that holds secrets.
func secretName(p string) bool {
	base := path.Base(p)
	return !envExample(base) && (secretBase(base) || secretSuffix(p) || inSecretTree(p))
}

// envExample reports an example of a .env file (.env.example, .env.sample …),
// which holds no secrets.
func envExample(base string) bool {
	switch path.Ext(base) {
	case ".example", ".sample", ".template", ".dist":
		return strings.HasPrefix(base, ".env.")
	}
	return false
}

// secretBases are file names that hold secrets wherever they are.
var secretBases = map[string]bool{".env": true, ".envrc": true, ".netrc": true, ".pgpass": true, ".git-credentials": true, ".npmrc": true, ".pypirc": true}

// secretBase reports a file name that holds secrets: .env and its variants
// (envExample tells the examples apart), private keys, certificates with
// their keys.
func secretBase(base string) bool {
	if secretBases[base] || sshKeyName(base) || strings.HasPrefix(base, ".env.") {
		return true
	}
	return strings.HasSuffix(base, ".pem") || strings.HasSuffix(base, ".key") || strings.HasSuffix(base, ".p12") || strings.HasSuffix(base, ".pfx")
}

// secretSuffix reports a path that ends in a credentials file wherever the
// home directory is. Each name starts with /; a relative path matches it
// without the slash.
func secretSuffix(p string) bool {
	for _, suffix := range secretSuffixes {
		if strings.HasSuffix(p, suffix) || p == suffix[1:] {
			return true
		}
	}
	return false
}

// inSecretTree reports a path in (or naming) a folder whose every file holds
// credentials.
func inSecretTree(p string) bool {
	for _, dir := range secretTrees {
		if i := strings.Index(p, dir); i >= 0 && (i+len(dir) == len(p) || p[i+len(dir)] == '/') {
			return true
		}
		if strings.HasPrefix(p, dir[1:]) && (len(p) == len(dir)-1 || p[len(dir)-1] == '/') {
			return true
		}
	}
	return false
}

// secretSuffixes are files that hold credentials wherever the home directory is.
var secretSuffixes = []string{"/.aws/credentials", "/.kube/config", "/.docker/config.json", "/etc/shadow", "/etc/gshadow",
	"/.config/gh/hosts.yml", "/.config/hub", "/.config/gcloud/credentials.db", "/.config/gcloud/access_tokens.db",
	"/.config/gcloud/application_default_credentials.json", "/.cargo/credentials", "/.cargo/credentials.toml",
	"/.codex/auth.json", "/.claude/.credentials.json", "/.terraform.d/credentials.tfrc.json", "/.vault-token",
	"/.gem/credentials", "/.boto", "/.s3cfg", "/.azure/accessTokens.json", "/.azure/msal_token_cache.json",
	"/.config/op/config", "/.local/share/keyrings", "/.password-store", "/.config/rclone/rclone.conf",
	"/.fly/config.yml", "/.config/doctl/config.yaml", "/.netlify/config.json", "/.config/netlify/config.json",
	"/.wrangler/config/default.toml", "/.heroku/credentials", "/.gemini/oauth_creds.json", "/.m2/settings.xml",
	// git's own credential store, and the model and data hubs' tokens
	"/.git-credentials", "/.config/git/credentials", "/.cache/huggingface/token", "/.huggingface/token",
	"/.kaggle/kaggle.json", "/.config/gemini/oauth_creds.json",
	// what was typed at a prompt, passwords and tokens among it
	"/.bash_history", "/.zsh_history", "/.python_history", "/.psql_history", "/.mysql_history",
	"/.node_repl_history", "/.local/share/fish/fish_history"}

// secretTrees are folders whose every file holds credentials.
var secretTrees = []string{"/.gnupg", "/.config/gcloud/legacy_credentials", "/.password-store", "/.local/share/keyrings",
	"/.mozilla/firefox", "/.config/google-chrome", "/.config/chromium",
	// Copilot's tokens (hosts.json, apps.json), AWS's SSO and CLI caches,
	// the other browsers' profiles (cookies, saved logins)
	"/.config/github-copilot", "/.aws/sso/cache", "/.aws/cli/cache", "/.config/BraveSoftware", "/.config/microsoft-edge",
	"/Library/Application Support/Google/Chrome", "/Library/Application Support/Firefox"}

// sshKeyName reports a private key's file name: id_rsa, id_ed25519 … and
// suffixed copies (id_rsa_work, id_ed25519-github, id_rsa.bak), never the
// public half (.pub).
func sshKeyName(base string) bool {
	if strings.HasSuffix(base, ".pub") {
		return false
	}
	for _, key := range []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_xmss"} {
		if rest, ok := strings.CutPrefix(base, key); ok && (rest == "" || strings.ContainsAny(rest[:1], "_-.")) {
			return true
		}
	}
	return false
}

// secretDirs are folders that hold credentials among other files: reading the
// whole folder (grep -r, tar, rsync, cp -r) reads them.
var secretDirs = []string{"/.ssh", "/.aws", "/.kube", "/.docker", "/.config/gh", "/.config/gcloud", "/.azure", "/.gnupg", "/.password-store"}

// secretDir reports a folder (the path itself, not a file in it) that holds
// credentials.
func secretDir(p string) bool {
	p = strings.TrimSuffix(p, "/")
	for _, d := range secretDirs {
		if strings.HasSuffix(p, d) || p == d[1:] {
			return true
		}
	}
	return false
}

// secretVar reports whether an environment variable's name looks like a secret.
func secretVar(name string) bool {
	upper := strings.ToUpper(name)
	for _, part := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "PRIVATE_KEY", "CREDENTIAL", "ACCESS_KEY"} {
		if strings.Contains(upper, part) {
			return true
		}
	}
	return false
}

// operands returns the words of args that are not options (everything after --).
//
// Deprecated: a hand scan of argv; ask the registry's grammar instead
// (operandsOf, valuesOf, hasOption, scanArgs). Still called from files
// outside the write/delete/git judgements.
func operands(args []shellparse.Word) []shellparse.Word {
	out := make([]shellparse.Word, 0, len(args))
	done := false
	for _, a := range args {
		if !done && a.Static && a.Text == "--" {
			done = true
			continue
		}
		if !done && a.Static && strings.HasPrefix(a.Text, "-") && a.Text != "-" {
			continue
		}
		out = append(out, a)
	}
	return out
}

// isLong reports whether the word is one of the long options (given with their
// dashes) or an abbreviation of one, as getopt_long accepts.
//
// Deprecated: a hand scan of argv; ask the registry's grammar instead
// (operandsOf, valuesOf, hasOption, scanArgs). Still called from files
// outside the write/delete/git judgements.
func isLong(word string, long ...string) bool {
	typed, _, _ := strings.Cut(word, "=")
	if len(typed) < 3 || !strings.HasPrefix(typed, "--") {
		return false
	}
	for _, l := range long {
		if strings.HasPrefix(l, typed) {
			return true
		}
	}
	return false
}

// shortValues returns the values of a short option that takes an argument,
// wherever it stands in a cluster (-sSLo FILE, -oFILE, -t/dir). Letters before it
// are taken as flags; argLetters are the other letters that take an argument and
// so end a cluster.
//
// Deprecated: a hand scan of argv; ask the registry's grammar instead
// (operandsOf, valuesOf, hasOption, scanArgs). Still called from files
// outside the write/delete/git judgements.
func shortValues(args []shellparse.Word, letter byte, argLetters string) []shellparse.Word {
	var out []shellparse.Word
	for i, a := range args {
		t := a.Text
		if !a.Static || len(t) < 2 || t[0] != '-' || t[1] == '-' {
			if t == "--" {
				break
			}
			continue
		}
		for j := 1; j < len(t); j++ {
			if t[j] == letter {
				if j+1 < len(t) {
					out = append(out, shellparse.Word{Text: t[j+1:], Static: true})
				} else if i+1 < len(args) {
					out = append(out, args[i+1])
				}
				break
			}
			if strings.IndexByte(argLetters, t[j]) >= 0 {
				break
			}
		}
	}
	return out
}

// hasFlag reports a short flag letter in any cluster (-rf) or one of the long
// names, before --.
//
// Deprecated: a hand scan of argv; ask the registry's grammar instead
// (operandsOf, valuesOf, hasOption, scanArgs). Still called from files
// outside the write/delete/git judgements.
func hasFlag(args []shellparse.Word, short string, long ...string) bool {
	for _, a := range args {
		if !a.Static {
			continue
		}
		t := a.Text
		if t == "--" {
			return false
		}
		if strings.HasPrefix(t, "--") {
			if isLong(t, long...) {
				return true
			}
			continue
		}
		if short != "" && strings.HasPrefix(t, "-") && len(t) > 1 && strings.ContainsAny(t[1:], short) {
			return true
		}
	}
	return false
}

// hasDotDot reports whether p has a ".." component.
func hasDotDot(p string) bool {
	return p == ".." || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/..") || strings.Contains(p, "/../")
}

// physical is the absolute path p names as the kernel reads it: each ".."
// is the parent of where the path so far really leads (Env.Resolve), not a
// step back in the text, so that link/../etc/passwd, with link -> /usr, is
// /usr/etc/passwd rather than a file beside link. A path relative to a
// directory known only at run time stays under unknownDir.
func (ck *checker) physical(p string) string {
	cur := ck.dir
	switch {
	case strings.HasPrefix(p, "/"):
		cur = "/"
	case cur == "":
		return path.Join(unknownDir, p)
	}
	for _, part := range strings.Split(p, "/") {
		switch part {
		case "", ".":
		case "..":
			if real := ck.v.lookup(cur); real != "" {
				cur = real
			}
			cur = path.Dir(cur)
		default:
			cur = path.Join(cur, part)
		}
	}
	return cur
}

// scanArgs reads a program's arguments (argv after its name) against its
// declaration, found by basename; an undeclared program's words are read
// with no grammar (every word with a dash is a flag).
func scanArgs(name string, args []shellparse.Word) registry.Invocation {
	words := shellparse.RegistryWords(args)
	if prog, ok := programs.Lookup(path.Base(name)); ok {
		return prog.Resolve(words)
	}
	return (&registry.Program{}).Resolve(words)
}

// operandWords returns the words of args the scan found to be operands.
func operandWords(args []shellparse.Word, s *registry.Scan) []shellparse.Word {
	out := make([]shellparse.Word, 0, len(s.Operands))
	for _, i := range s.Operands {
		out = append(out, args[i])
	}
	return out
}

// optionWords returns the values of the named options as words: the word
// after the option, or the value attached to it (-tDIR, --output=FILE),
// static when its word is.
func optionWords(args []shellparse.Word, s *registry.Scan, names ...string) []shellparse.Word {
	var out []shellparse.Word
	for _, o := range s.Values(names...) {
		if w, ok := optionWord(args, o); ok {
			out = append(out, w)
		}
	}
	return out
}

// optionWord returns an option's value as a word of args, if it has one.
func optionWord(args []shellparse.Word, o registry.Opt) (shellparse.Word, bool) {
	switch {
	case !o.HasValue || o.ValueAt >= len(args) || o.At >= len(args):
		return shellparse.Word{}, false
	case o.ValueAt != o.At:
		return args[o.ValueAt], true
	}
	w := args[o.At]
	return shellparse.Word{Text: o.Value, Static: w.Static && !o.Dynamic, Params: w.Params, Quoted: w.Quoted}, true
}

// operandAt reports, for each word of an argv of n words, whether the scan
// read it as an operand.
func operandAt(s *registry.Scan, n int) []bool {
	out := make([]bool, n)
	for _, i := range s.Operands {
		if i < n {
			out[i] = true
		}
	}
	return out
}
