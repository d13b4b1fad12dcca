package registry

// checked are programs whose judgement needs real semantics: the validator's
// Go code named in Check reads them (rm's targets, git, interpreters, …). The
// declaration makes them known to every stage.
func checked() []*Program {
	return []*Program{
		{Family: "core", Names: []string{"permgate"}, Check: "permgate"},
		{Family: "interpreters", Names: []string{"python", "python3", "python2", "pypy", "pypy3", "node", "nodejs", "deno", "perl", "ruby", "php", "lua", "luajit", "Rscript", "R", "tclsh", "pwsh", "powershell", "osascript", "irb", "jshell"}, Check: "interpreter"},
		{Family: "core", Names: []string{"awk", "gawk", "mawk", "nawk"}, Check: "awk"},
		// rm's targets are its operands; whether it deletes recursively is
		// its options' (validator/delete.go).
		{Family: "core", Names: []string{"rm"}, Check: "rm", Node: Node{Grammar: Grammar{Short: "fiIrRdv",
			Long: []string{"force", "interactive=?", "one-file-system", "no-preserve-root", "preserve-root=?", "recursive", "dir", "verbose"}}}},
		{Family: "core", Names: []string{"dd"}, Check: "writes", Node: Node{Writes: true}},
		// chmod's mode may look like an option (chmod -w FILE): a word with a
		// letter this grammar does not declare is the mode (validator/writes.go).
		{Family: "core", Names: []string{"chmod"}, Check: "writes", Node: Node{Writes: true, Grammar: Grammar{Short: "cfvRHLPh",
			Long: []string{"reference=", "changes", "silent", "quiet", "verbose", "no-preserve-root", "preserve-root", "recursive"}}}},
		{Family: "core", Names: []string{"chown", "chgrp"}, Check: "writes", Node: Node{Writes: true, Grammar: Grammar{Short: "cfvRHLPh",
			Long: []string{"reference=", "from=", "changes", "silent", "quiet", "verbose", "dereference", "no-dereference", "no-preserve-root", "preserve-root", "recursive"}}}},
		{Family: "core", Names: []string{"sftp", "ssh"}, Check: "writes", Node: Node{Writes: true}},
		// cpio -i -D DIR unpacks into DIR, cpio -p DIR copies into DIR, and
		// cpio -o writes the archive -O (or -F) names.
		{Family: "core", Names: []string{"cpio"}, Check: "writes", Node: Node{Writes: true,
			Grammar: Grammar{Short: "D:E:F:H:I:M:O:R:C:oipabcdfmnrtuvVBLS", Long: []string{"directory=", "file=", "format=", "pattern-file=", "message=", "owner=",
				"io-size=", "block-size=", "rsh-command=", "create", "extract", "pass-through", "make-directories", "list", "unconditional", "verbose"}},
			Effects: []Effect{{Act: Writes, Opts: []string{"-D", "--directory"}, Into: true}, {Act: Writes, Operands: "1", If: []string{"-p", "--pass-through"}, Into: true},
				{Act: Writes, Opts: []string{"-O"}}, {Act: Writes, Opts: []string{"-F", "--file"}, If: []string{"-o", "--create"}}}}},
		// curl and wget write what they fetch, their logs and their cookie
		// jars where their options say.
		{Family: "core", Names: []string{"curl"}, Check: "download", Node: Node{Grammar: Grammar{Short: "A:b:c:C:d:D:e:E:F:H:K:m:o:P:Q:r:t:T:u:U:w:x:X:y:Y:z:aBfgGiIjJklLMnNOpqRsSvVZ012346#",
			Long: []string{"output=", "output-dir=", "dump-header=", "cookie-jar=", "cookie=", "trace=", "trace-ascii=", "stderr=", "libcurl=", "etag-save=",
				"etag-compare=", "hsts=", "alt-svc=", "config=", "data=", "data-binary=", "data-raw=", "data-ascii=", "data-urlencode=", "json=", "form=",
				"form-string=", "upload-file=", "request=", "header=", "user-agent=", "user=", "referer=", "proxy=", "proxy-user=", "url=", "range=",
				"max-time=", "connect-timeout=", "retry=", "retry-delay=", "retry-max-time=", "write-out=", "cacert=", "capath=", "cert=", "key=",
				"resolve=", "connect-to=", "oauth2-bearer=", "limit-rate=", "max-filesize=", "continue-at=", "ftp-port=", "telnet-option=", "quote=",
				"speed-time=", "speed-limit=", "time-cond=", "interface=", "dns-servers=", "mail-from=", "mail-rcpt=", "url-query=", "variable=",
				"expand-url=", "remote-name", "remote-name-all", "remote-header-name", "create-dirs", "location", "silent", "show-error", "fail",
				"insecure", "verbose", "include", "head", "get", "compressed", "progress-bar", "no-progress-meter", "http1.1", "http2", "ipv4", "ipv6"}}, Effects: []Effect{
			{Act: Writes, Opts: []string{"-o", "--output", "-D", "--dump-header", "-c", "--cookie-jar", "--trace", "--trace-ascii", "--stderr", "--libcurl", "--etag-save"}},
			{Act: Writes, Opts: []string{"--output-dir"}, Into: true}}}},
		{Family: "core", Names: []string{"wget"}, Check: "download", Node: Node{Grammar: Grammar{Short: "O:o:a:e:P:U:t:T:w:Q:l:A:R:D:I:X:B:i:hVbdqvnNcSrkKmpLHEFx46",
			Long: []string{"output-document=", "output-file=", "append-output=", "directory-prefix=", "execute=", "user-agent=", "tries=", "timeout=",
				"wait=", "quota=", "level=", "accept=", "reject=", "domains=", "include-directories=", "exclude-directories=", "base=", "input-file=",
				"header=", "post-data=", "post-file=", "body-data=", "body-file=", "method=", "user=", "password=", "http-user=", "http-password=",
				"load-cookies=", "save-cookies=", "config=", "referer=", "limit-rate=", "bind-address=", "ca-certificate=", "certificate=",
				"private-key=", "cut-dirs=", "default-page=", "progress=", "report-speed=", "restrict-file-names=", "spider", "mirror", "recursive",
				"quiet", "verbose", "no-verbose", "continue", "timestamping", "no-clobber", "no-check-certificate", "page-requisites", "convert-links",
				"no-parent", "span-hosts", "adjust-extension", "force-directories", "no-directories", "server-response", "save-headers"}}, Effects: []Effect{
			{Act: Writes, Opts: []string{"-O", "--output-document", "-o", "--output-file", "--save-cookies"}},
			{Act: Appends, Opts: []string{"-a", "--append-output"}},
			{Act: Writes, Opts: []string{"-P", "--directory-prefix"}, Into: true}}}},
		{Family: "core", Names: []string{"aria2c", "fetch", "http", "https", "xh"}, Check: "download"},
		{Family: "core", Names: []string{"source", ".", "eval", "vim", "vi", "nvim", "view", "ex", "enable", "hash", "apply_patch", "applypatch", "claude", "codex", "gemini", "copilot", "opencode", "xdotool", "ydotool", "wtype"}, Check: "go"},
		// GNU parallel runs its command on every argument; --joblog and
		// --results write files of their own.
		{Family: "wrappers", Names: []string{"parallel"}, Check: "go", Node: Node{
			Grammar: Grammar{Posix: true, Short: "a:C:d:E:I:j:L:n:N:P:S:", Long: []string{"arg-file=", "colsep=", "delimiter=", "jobs=", "joblog=", "results=", "res=", "sshlogin=", "tmpdir=",
				"timeout=", "delay=", "retries=", "tag-string=", "workdir=", "wd=", "max-args=", "max-lines=", "halt=", "memfree=", "load=", "basefile=", "bf=", "return=",
				"transfer-file=", "tf=", "env=", "nice=", "max-procs=", "block=", "sshloginfile=", "slf=", "header=", "termseq=", "keep-order", "quote", "ungroup", "null",
				"dry-run", "will-cite", "verbose", "tag", "progress", "bar", "eta", "pipe", "pipepart", "xargs", "group", "line-buffer", "lb", "no-notice", "citation", "shuf", "trim="}},
			Effects: []Effect{{Act: Writes, Opts: []string{"--joblog"}}, {Act: Writes, Opts: []string{"--results", "--res"}, Into: true}, {Act: Reads, Opts: []string{"-a", "--arg-file"}}}}},
		// make TARGET runs the Makefile's recipe: make help is a target, not help.
		{Family: "core", Names: []string{"make", "gmake"}, Check: "go", Node: Node{
			Grammar: Grammar{Short: "C:f:I:j::l::o:W:", Long: []string{"directory=", "file=", "makefile=", "include-dir=", "jobs=?", "load-average=?", "old-file=", "assume-old=", "what-if=", "new-file=", "assume-new=", "eval=", "debug=?", "output-sync=?", "jobserver-style="}},
			Subs:    []*Node{{Names: []string{"*"}, Writes: true}}}},
	}
}
