package flow

import (
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Downloader reports a program (by name) that fetches files from the network.
func Downloader(name string) bool {
	switch name {
	case "curl", "wget", "wget2", "aria2c", "fetch", "http", "xh":
		return true
	}
	return false
}

// downloadNames are the files a download writes under a name it takes from the
// URL: curl -O/--remote-name/--remote-name-all/-J (in --output-dir), wget's
// default name (in -P/--directory-prefix), aria2c's (in -d/--dir).
func downloadNames(c shellparse.SimpleCommand) []shellparse.Word {
	r, ok := readingOf(c)
	if !ok {
		return nil
	}
	named, dirs, extra := downloadDirs(baseName(c), r)
	if !named {
		return extra
	}
	if len(dirs) == 0 {
		dirs = []shellparse.Word{{Text: ".", Static: true}}
	}
	out := extra
	for _, u := range downloadURLs(r) {
		name := urlBase(u.Text)
		for _, d := range dirs {
			if d.Static {
				out = append(out, shellparse.Word{Text: strings.TrimSuffix(d.Text, "/") + "/" + name, Static: true})
			}
		}
	}
	return out
}

// downloadDirs says whether a download names its file after the URL, the
// directories it saves into, and the files it writes there under names it
// is given (curl --output-dir D -o F writes D/F).
func downloadDirs(base string, r reading) (named bool, dirs, extra []shellparse.Word) {
	switch base {
	case "curl":
		dirs = r.Values("--output-dir", "--expand-output-dir")
		for _, d := range dirs {
			for _, o := range r.Values("-o", "--output", "--expand-output") {
				if o.Static && d.Static && !strings.HasPrefix(o.Text, "/") {
					extra = append(extra, shellparse.Word{Text: strings.TrimSuffix(d.Text, "/") + "/" + o.Text, Static: true})
				}
			}
		}
		return r.Has("-O", "-J", "--remote-name", "--remote-name-all", "--remote-header-name"), dirs, extra
	case "wget", "wget2":
		return len(r.Values("-O", "--output-document")) == 0, r.Values("-P", "--directory-prefix"), nil
	case "aria2c":
		return len(r.Values("-o", "--out")) == 0, r.Values("-d", "--dir"), nil
	}
	return false, nil, nil
}

// downloadURLs are the static URLs a download is given: its operands, and
// curl's --url values.
func downloadURLs(r reading) []shellparse.Word {
	var out []shellparse.Word
	for _, w := range append(r.Operands(), r.Values("--url", "--expand-url")...) {
		if w.Static && strings.Contains(w.Text, "://") {
			out = append(out, w)
		}
	}
	return out
}

// urlBase is the file name a download takes from its URL: the last path
// segment without query or fragment, index.html for a bare host.
func urlBase(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	rest, _, _ = strings.Cut(rest, "?")
	rest, _, _ = strings.Cut(rest, "#")
	i := strings.Index(rest, "/")
	if i < 0 {
		return "index.html"
	}
	name := path.Base(rest[i:])
	if name == "/" || name == "." || strings.HasSuffix(rest, "/") {
		return "index.html"
	}
	return name
}

// runsDownload: running a file the script itself just downloaded (curl -o x.sh
// URL && bash x.sh, wget -O t URL; chmod +x t; ./t) is code from outside, as a
// pipe into a shell is. The files a downloader writes are remembered.
func (s *State) runsDownload(h Host, c shellparse.SimpleCommand) {
	switch {
	case len(c.Argv) == 0:
	case Downloader(c.Name):
		s.noteDownloads(h, c)
	case len(s.downloaded) > 0:
		s.runsDownloaded(h, c)
	}
}

// noteDownloads remembers the files a downloader writes: its targets, the
// names it takes from its URLs, and its redirects.
func (s *State) noteDownloads(h Host, c shellparse.SimpleCommand) {
	if s.downloaded == nil {
		s.downloaded = map[string]bool{}
	}
	targets := append(h.FlowWrites(c), downloadNames(c)...)
	for _, r := range c.Redirects {
		if r.Writes() {
			targets = append(targets, r.Target)
		}
	}
	for _, t := range targets {
		if t.Static {
			s.downloaded[h.Resolve(t.Text)] = true
		}
	}
}

// Downloaded reports that an earlier command of the script downloaded the
// file at the absolute path p.
func (s *State) Downloaded(p string) bool { return s.downloaded[p] }

// runsDownloaded judges a command run by a downloaded file's name, or a shell
// or interpreter handed one.
func (s *State) runsDownloaded(h Host, c shellparse.SimpleCommand) {
	runner := shellparse.IsShell(c.Name) || h.FlowInterpreter(baseName(c)) || c.Name == "source" || c.Name == "."
	for i, a := range c.Argv {
		if !a.Static || i > 0 && !runner {
			continue
		}
		if s.downloaded[h.Resolve(a.Text)] {
			h.Report(finding.PipeToShell, "run_download", finding.Severe, "runs "+a.Text+", which this command line just downloaded", "download it in one command, read it, then run it in another")
			return
		}
	}
}

// CurlReadOnly reports curl's words (after its name) that only print what
// it fetches: no output file, no upload, no request that changes the server
// (-X DELETE), no file curl writes on the side (cookie jar, header dump,
// trace) and no config file.
func CurlReadOnly(args []shellparse.Word) bool {
	r, ok := readArgs("curl", args)
	if !ok {
		return false
	}
	for _, o := range r.Opts() {
		if !curlOptionReads(o) {
			return false
		}
	}
	return true
}

// curlOptionReads reports an option of curl's that changes nothing: a
// method that only reads, an output that is the terminal, or an option
// that neither writes, uploads nor loads a config.
func curlOptionReads(o registry.Opt) bool {
	name := strings.Replace(o.Name, "--expand-", "--", 1)
	switch name {
	case "-X", "--request":
		return safeMethod(o.Value)
	case "-o", "--output", "-D", "--dump-header", "--stderr", "--trace", "--trace-ascii":
		return o.Value == "-" || o.Value == "/dev/null"
	}
	return !curlWrites.Get()[name]
}

// safeMethod reports an HTTP method that only reads.
func safeMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// curlWrites are curl's options that write a file, upload or send data, or
// load a config that may do any of it.
var curlWrites = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"--remote-name": true, "--remote-name-all": true, "--remote-header-name": true, "--output-dir": true,
		"--upload-file": true, "--data": true, "--data-binary": true, "--data-raw": true, "--data-ascii": true, "--data-urlencode": true, "--json": true,
		"--form": true, "--form-string": true, "--cookie-jar": true, "--config": true, "--libcurl": true, "--etag-save": true, "--hsts": true,
		"--alt-svc": true, "--create-dirs": true, "--ftp-create-dirs": true, "--mail-from": true, "--mail-rcpt": true, "--url-query": true,
		"-O": true, "-J": true, "-T": true, "-d": true, "-F": true, "-c": true, "-K": true}
}}

// WgetReadOnly reports wget's words (after its name) that print to
// standard output (-O -, -qO-) or only check (--spider), without sending
// data or writing a file of its own.
func WgetReadOnly(args []shellparse.Word) bool {
	r, ok := readArgs("wget", args)
	if !ok || r.Has(wgetChanges...) {
		return false
	}
	if r.Has("--spider") {
		return true
	}
	out := r.Values("-O", "--output-document")
	for _, o := range out {
		if o.Text != "-" {
			return false
		}
	}
	return len(out) > 0
}

// wgetChanges are wget's options that send data, write a file of their own
// (a log, cookies, a WARC), read URLs or commands from a file, or recurse.
var wgetChanges = []string{"--post-data", "--post-file", "--body-data", "--body-file", "--method", "--save-cookies", "--save-headers",
	"-o", "--output-file", "-a", "--append-output", "--load-cookies", "-i", "--input-file", "-e", "--execute", "--config",
	"-r", "--recursive", "-m", "--mirror", "--warc-file", "--rejected-log"}
