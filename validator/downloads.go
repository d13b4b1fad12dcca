package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/shellparse"
)

// downloaders fetch files from the network.
var downloaders = map[string]bool{"curl": true, "wget": true, "wget2": true, "aria2c": true, "fetch": true, "http": true, "xh": true}

// downloadNames are the files a download writes under a name it takes from the
// URL: curl -O/--remote-name/--remote-name-all/-J (in --output-dir), wget's
// default name (in -P/--directory-prefix), aria2c's (in -d/--dir).
func downloadNames(c shellparse.SimpleCommand) []shellparse.Word {
	args := c.Argv[1:]
	var dirs, extra []shellparse.Word
	named := false
	switch c.Name {
	case "curl":
		named = shortFlag(args, 'O', curlArgLetters) || hasFlag(args, "", "--remote-name", "--remote-name-all", "--remote-header-name")
		dirs = longValues(args, "--output-dir")
		// -o FILE lands in --output-dir too.
		for _, d := range dirs {
			for _, o := range append(shortValues(args, 'o', strings.ReplaceAll(curlArgLetters, "o", "")), longValues(args, "--output")...) {
				if o.Static && d.Static && !strings.HasPrefix(o.Text, "/") {
					extra = append(extra, shellparse.Word{Text: strings.TrimSuffix(d.Text, "/") + "/" + o.Text, Static: true})
				}
			}
		}
	case "wget", "wget2":
		out := append(shortValues(args, 'O', "oaePUtTwQlAR"), longValues(args, "--output-document")...)
		named = len(out) == 0
		dirs = append(shortValues(args, 'P', "oOaeUtTwQlAR"), longValues(args, "--directory-prefix")...)
	case "aria2c":
		named = len(append(shortValues(args, 'o', "dsxkj"), longValues(args, "--out")...)) == 0
		dirs = append(shortValues(args, 'd', "osxkj"), longValues(args, "--dir")...)
	}
	if !named {
		return extra
	}
	if len(dirs) == 0 {
		dirs = []shellparse.Word{{Text: ".", Static: true}}
	}
	out := extra
	for _, a := range args {
		if !a.Static || !strings.Contains(a.Text, "://") {
			continue
		}
		name := urlBase(a.Text)
		for _, d := range dirs {
			if d.Static {
				out = append(out, shellparse.Word{Text: strings.TrimSuffix(d.Text, "/") + "/" + name, Static: true})
			}
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

// shortFlag reports a short flag letter in a cluster (-fsSLO), reading the
// cluster only up to a letter that takes a value.
func shortFlag(args []shellparse.Word, letter byte, argLetters string) bool {
	for _, a := range args {
		t := a.Text
		if !a.Static || len(t) < 2 || t[0] != '-' || t[1] == '-' {
			if t == "--" {
				return false
			}
			continue
		}
		for j := 1; j < len(t); j++ {
			if t[j] == letter {
				return true
			}
			if strings.IndexByte(argLetters, t[j]) >= 0 {
				break
			}
		}
	}
	return false
}

// runsDownload: running a file the script itself just downloaded (curl -o x.sh
// URL && bash x.sh, wget -O t URL; chmod +x t; ./t) is code from outside, as a
// pipe into a shell is. The files a downloader writes are remembered.
func (ck *checker) runsDownload(c shellparse.SimpleCommand) {
	if len(c.Argv) == 0 {
		return
	}
	if downloaders[c.Name] {
		if ck.downloaded == nil {
			ck.downloaded = map[string]bool{}
		}
		targets := append(writeTargets(c), downloadNames(c)...)
		for _, r := range c.Redirects {
			if r.Writes() {
				targets = append(targets, r.Target)
			}
		}
		for _, t := range targets {
			if t.Static {
				ck.downloaded[ck.resolve(t.Text)] = true
			}
		}
		return
	}
	if len(ck.downloaded) == 0 {
		return
	}
	runner := shellparse.IsShell(c.Name) || isInterpreter(path.Base(c.Name)) || c.Name == "source" || c.Name == "."
	for i, a := range c.Argv {
		if !a.Static || i > 0 && !runner {
			continue
		}
		if ck.downloaded[ck.resolve(a.Text)] {
			ck.addSafer("pipe_to_shell", "run_download", Severe, "runs "+a.Text+", which this command line just downloaded", "download it in one command, read it, then run it in another")
			return
		}
	}
}

// curlReadOnly: curl that prints what it fetches — no output file, no upload,
// no request that changes the server (-X DELETE), no file curl writes on the
// side (cookie jar, header dump, trace) and no config file.
func curlReadOnly(args []shellparse.Word) bool {
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if t == "--" {
			return true
		}
		if strings.HasPrefix(t, "--") {
			name, value, eq := strings.Cut(t, "=")
			if !eq && i+1 < len(args) && curlLongValue[name] {
				value = args[i+1].Text
				i++
			}
			switch {
			case name == "--request":
				if !safeMethod(value) {
					return false
				}
			case name == "--dump-header" || name == "--stderr" || name == "--trace" || name == "--trace-ascii":
				if value != "-" && value != "/dev/null" {
					return false
				}
			case curlWrites[name]:
				return false
			}
			continue
		}
		if !strings.HasPrefix(t, "-") || len(t) < 2 {
			continue
		}
		for j := 1; j < len(t); j++ {
			ch := t[j]
			if strings.IndexByte(curlArgLetters, ch) < 0 {
				if ch == 'O' || ch == 'J' {
					return false
				}
				continue
			}
			value := t[j+1:]
			if value == "" && i+1 < len(args) {
				value = args[i+1].Text
				i++
			}
			switch ch {
			case 'o', 'T', 'd', 'F', 'c', 'K':
				if !(ch == 'o' && (value == "-" || value == "/dev/null")) {
					return false
				}
			case 'D':
				if value != "-" && value != "/dev/null" {
					return false
				}
			case 'X':
				if !safeMethod(value) {
					return false
				}
			}
			break
		}
	}
	return true
}

// safeMethod reports an HTTP method that only reads.
func safeMethod(m string) bool {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS":
		return true
	}
	return false
}

// curlWrites are curl's long options that write a file, upload or send data.
var curlWrites = map[string]bool{"--output": true, "--remote-name": true, "--remote-name-all": true, "--remote-header-name": true, "--output-dir": true,
	"--upload-file": true, "--data": true, "--data-binary": true, "--data-raw": true, "--data-ascii": true, "--data-urlencode": true, "--json": true,
	"--form": true, "--form-string": true, "--cookie-jar": true, "--config": true, "--libcurl": true, "--etag-save": true, "--hsts": true,
	"--alt-svc": true, "--create-dirs": true, "--ftp-create-dirs": true, "--mail-from": true, "--mail-rcpt": true, "--url-query": true, "--post301": false}

// curlLongValue are curl's long options that take the next word as their value.
var curlLongValue = map[string]bool{"--request": true, "--header": true, "--user-agent": true, "--user": true, "--output": true, "--upload-file": true,
	"--data": true, "--data-binary": true, "--data-raw": true, "--data-ascii": true, "--data-urlencode": true, "--json": true, "--form": true,
	"--cookie": true, "--cookie-jar": true, "--dump-header": true, "--config": true, "--max-time": true, "--connect-timeout": true, "--retry": true,
	"--proxy": true, "--referer": true, "--write-out": true, "--output-dir": true, "--cacert": true, "--cert": true, "--key": true, "--resolve": true,
	"--stderr": true, "--trace": true, "--trace-ascii": true, "--libcurl": true, "--range": true, "--url": true, "--oauth2-bearer": true, "--limit-rate": true}

// wgetReadOnly: wget printing to standard output (-O -, -qO-) or only checking
// (--spider), without sending data.
func wgetReadOnly(args []shellparse.Word) bool {
	stdout := false
	for i, a := range args {
		t := a.Text
		switch {
		case t == "--spider" || t == "-O-" || t == "--output-document=-" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.HasSuffix(t, "O-"):
			stdout = true
		case (t == "-O" || t == "--output-document" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.HasSuffix(t, "O")) && i+1 < len(args) && args[i+1].Text == "-":
			stdout = true
		case strings.HasPrefix(t, "--post") || strings.HasPrefix(t, "--body") || strings.HasPrefix(t, "--method") || strings.HasPrefix(t, "--save-") ||
			strings.HasPrefix(t, "--output-file") || strings.HasPrefix(t, "--append-output") || t == "-o" || t == "-a" || strings.HasPrefix(t, "--load-cookies") ||
			strings.HasPrefix(t, "--input-file") || t == "-i" || strings.HasPrefix(t, "--execute") || t == "-e" || strings.HasPrefix(t, "--config") || t == "-r" || strings.HasPrefix(t, "--recursive") || strings.HasPrefix(t, "--mirror") || t == "-m":
			return false
		}
	}
	return stdout
}
