package registry

import (
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
)

// core is what every shell user runs: readers, shell builtins that only look,
// and the everyday tools whose options decide whether they write.
func core() []*Program { return coreDecls }

// coreDecls are core's declarations: a package-level literal, so static
// data the linker lays out, not built in the process that looks one up.
var coreDecls = []*Program{
	// Readers only read, whatever plain arguments they get (docs/analysis.md, Read-only).
	{Family: "core", Names: []string{"ls", "cat", "head", "tail", "wc", "echo", "printf", "pwd", "which", "type",
		"stat", "du", "df", "diff", "cmp", "cut", "tr", "nl", "rev",
		"seq", "basename", "dirname", "realpath", "readlink", "id", "whoami", "true", "false", "test", "[", "[[",
		"more", "column", "fold", "expand", "unexpand", "paste", "join", "comm", "tac", "od",
		"hexdump", "md5sum", "sha1sum", "sha256sum", "sha512sum", "sha224sum", "sha384sum", "cksum", "b2sum",
		"b3sum", "sha3sum", "xxhsum", "xxh32sum", "xxh64sum", "xxh128sum", "crc32",
		"sum", "groups", "locale", "tty", "nproc", "free", "uptime", "ps", "pgrep", "lsof", "cal", "uname",
		":", "dirs", "wait", "exit", "return", "shift", "strings", "look", "whereis", "sleep",
		"numfmt", "expr", "getconf", "arch", "logname", "users", "who", "w", "hostid", "pinky", "sync", "dir", "vdir", "help", "break", "continue",
		"readonly", "local", "jq", "gojq", "jaq", "clear", "reset", "tput", "jobs",
		"read", "apropos", "whatis", "tldr", "lscpu", "lsusb",
		"lspci", "vmstat", "iostat", "mpstat", "top", "htop", "btop", "pstree", "pidof", "last",
		"netstat", "dig", "nslookup", "host", "ping", "ping6", "traceroute", "tracepath",
		"mtr", "whois", "getent", "factor", "fmt", "pr", "duf", "exa",
		"eza", "lsd", "difft", "colordiff", "wdiff", "icdiff", "tokei",
		"shellcheck", "hadolint", "yamllint", "identify", "pdfinfo", "zcat", "zless", "zmore", "zegrep", "bzcat", "xzcat", "zstdcat", "lz4cat",
		"nm", "objdump", "readelf", "size", "otool", "ulimit", "umask", "times", "caller",
		"sw_vers", "lsb_release", "showmount", "quota", "uuidgen",
		"envsubst", "cowsay", "figlet", "diff3", "gron", "jless", "csvlook", "csvstat", "grepcidr",
		"stty", "ipcs", "lslocks", "lsns", "lsipc", "acpi", "neofetch", "ncal", "git-lfs-status"},
		Node: Node{Read: true}},
	// cd, pushd and popd only read, and change the directory what follows
	// runs in; export marks variables for the environment of what runs next.
	{Family: "core", Names: []string{"cd", "pushd", "popd"}, Node: Node{Read: true, Does: []effect.Class{effect.DirectoryChange}}},
	{Family: "core", Names: []string{"export"}, Node: Node{Read: true, Effects: []Effect{{Act: SetsEnv, Operands: "all"}}}},
	// grep PATTERN FILES: the pattern is the first operand unless -e or
	// -f gives it.
	{Family: "core", Names: []string{"grep", "egrep", "fgrep", "zgrep"}, Node: Node{Read: true, Grammar: Grammar{Short: "e:f:m:A:B:C:d:D:", Long: grepLong}}},
	// Builtins and tools that only look with no operands or with a listing option.
	// A listing option lists only with no operand: ifconfig -a eth0 down
	// configures, mount -l DEV DIR mounts.
	{Family: "core", Names: []string{"alias", "trap"},
		Node: Node{Bare: true, ReadIf: []string{"-p", "-P", "-l", "-a"}}},
	// shopt -s/-u changes only the shell's options (the shell guard's
	// histverify is judged on its own).
	{Family: "core", Names: []string{"shopt"}, Node: Node{Read: true, Grammar: Grammar{Short: "pqsuo"}}},
	// complete -C CMD and -F FUNC run what they are given at each completion.
	{Family: "core", Names: []string{"complete"}, Check: "compgen",
		Node: Node{Bare: true, ReadIf: []string{"-p", "-P", "-l", "-a"}, Grammar: Grammar{Short: "A:G:W:C:F:P:S:X:o:V:"}}},
	// set -e, set -o pipefail, set -- WORDS change only the shell; fish's
	// set with a scope flag (-g, -x, -U, -e …) sets or erases the
	// variable it names first, judged as an assignment.
	{Family: "core", Names: []string{"set"},
		Node: Node{Read: true, Grammar: Grammar{Short: "abefghklmnpqtuvxBCEHLPSTUo:", Long: []string{"global", "local", "universal", "export", "unexport",
			"erase", "query", "names", "append", "prepend", "show", "long", "path", "unpath", "function"}}, Does: shellState,
			Effects: []Effect{{Act: SetsEnv, Operands: "1", If: fishSetScopes}}}},
	// history -w FILE and -a FILE write the history into FILE.
	{Family: "core", Names: []string{"history"}, Node: Node{Read: true,
		Grammar: Grammar{Short: "d:w:a:r:n:"},
		Unless:  []string{"-c", "-d", "-w", "-a", "-r", "-n", "-s"}, Output: []string{"-w", "-a"}}},
	// md5 (BSD's and macOS's): -s STRING sums the string, -q prints only the sum.
	{Family: "core", Names: []string{"md5"}, Node: Node{Read: true, Grammar: Grammar{Short: "s:"}}},
	// shasum (Perl's) picks its algorithm with -a ALG and checks sums
	// with -c: it only reads.
	{Family: "core", Names: []string{"shasum"}, Node: Node{Read: true, Grammar: Grammar{Short: "a:", Long: []string{"algorithm=", "binary", "check", "text", "universal", "tag", "status", "warn", "strict", "ignore-missing", "quiet", "zero"}}}},
	// uniq IN OUT and xxd IN OUT write their second operand.
	{Family: "core", Names: []string{"uniq"}, Node: Node{Read: true, OutputOperand: 2,
		Grammar: Grammar{Short: "f:s:w:", Long: []string{"skip-fields=", "skip-chars=", "check-chars=", "group=?", "all-repeated=?"}}}},
	{Family: "core", Names: []string{"xxd"}, Node: Node{Read: true, OutputOperand: 2,
		Grammar: Grammar{Short: "c:g:l:o:s:n:R:", Words: []string{"cols=", "groupsize=", "len=", "seek=", "name="}}}},
	{Family: "core", Names: []string{"bat", "batcat"}, Node: Node{Read: true,
		Grammar: Grammar{Long: []string{"pager=", "language=", "map-syntax=", "theme=", "style=", "line-range=", "highlight-line=", "diff-context=", "tabs=", "wrap=", "terminal-width=", "color=", "italic-text=", "decorations=", "paging=", "file-name=", "config-file="}, Short: "l:m:r:H:"},
		Unless:  []string{"--pager", "--config-file"},
		Effects: []Effect{{Act: RunsShell, Opts: []string{"--pager"}}},
		Rules: []Rule{{ID: "inline_code.bat_pager", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--pager"},
			Reason: "bat --pager runs the program it is given"}}}},
	{Family: "core", Names: []string{"mediainfo"}, Node: Node{Read: true, Grammar: Grammar{Long: []string{"LogFile=", "Output=", "Inform="}}, Output: []string{"--LogFile"}}},
	{Family: "core", Names: []string{"dmidecode"}, Node: Node{Read: true, Grammar: Grammar{Short: "d:s:t:H:", Long: []string{"dev-mem=", "string=", "type=", "handle=", "dump-bin=", "from-dump=", "oem-string="}}, Output: []string{"--dump-bin"}}},
	{Family: "core", Names: []string{"iptables-save", "ip6tables-save"}, Node: Node{Read: true, Grammar: Grammar{Short: "f:t:M:", Long: []string{"file=", "table=", "modprobe="}}, Output: []string{"-f", "--file"}}},
	// ss -K closes sockets; ss -D FILE dumps raw data into FILE.
	{Family: "core", Names: []string{"ss"}, Node: Node{Read: true, Grammar: Grammar{Short: "D:f:A:F:N:", Long: []string{"diag=", "filter=", "query=", "socket=", "family=", "net=", "kill"}},
		Unless: []string{"-K", "--kill"}, Output: []string{"-D", "--diag"}}},
	{Family: "core", Names: []string{"lastlog"}, Node: Node{Read: true, Grammar: Grammar{Short: "b:t:u:", Long: []string{"before=", "time=", "user=", "root=", "clear", "set"}},
		Unless: []string{"-C", "--clear", "-S", "--set"}}},
	// file -C compiles a magic file into NAME.mgc; sensors -s writes chip
	// settings; inxi -U replaces itself; fastfetch --gen-config and
	// screenfetch -s write files; delta --pager runs the program it is given.
	{Family: "core", Names: []string{"file"}, Node: Node{Read: true, Grammar: Grammar{Short: "m:f:F:e:P:", Long: []string{"magic-file=", "files-from=", "separator=", "exclude=", "exclude-quiet=", "parameter=", "compile"}}, Unless: []string{"-C", "--compile"}}},
	{Family: "core", Names: []string{"sensors"}, Node: Node{Read: true, Grammar: Grammar{Short: "c:", Long: []string{"config-file=", "set"}}, Unless: []string{"-s", "--set"}}},
	{Family: "core", Names: []string{"inxi"}, Node: Node{Read: true, Unless: []string{"-U", "--update"}}},
	{Family: "core", Names: []string{"fastfetch"}, Node: Node{Read: true, Unless: []string{"--gen-config", "--gen-config-force"}}},
	{Family: "core", Names: []string{"screenfetch"}, Node: Node{Read: true, Unless: []string{"-s"}}},
	{Family: "core", Names: []string{"delta"}, Node: Node{Read: true, Grammar: Grammar{Long: []string{"pager=", "config=", "features=", "syntax-theme="}},
		Unless:  []string{"--pager"},
		Effects: []Effect{{Act: RunsShell, Opts: []string{"--pager"}}},
		Rules: []Rule{{ID: "inline_code.delta_pager", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--pager"},
			Reason: "delta --pager runs the program it is given"}}}},
	{Family: "core", Names: []string{"jsonlint"}, Node: Node{Read: true, Unless: []string{"-i", "--in-place"}}},
	{Family: "core", Names: []string{"nvidia-smi"}, Node: Node{Read: true,
		Grammar: Grammar{Short: "f:i:l:d:u:", Long: []string{"filename=", "id=", "loop=", "query-gpu=", "format=", "display=", "persistence-mode=", "ecc-config=", "compute-mode=", "power-limit=", "applications-clocks=", "lock-gpu-clocks=", "lock-memory-clocks=", "gpu-reset", "reset-applications-clocks", "reset-gpu-clocks", "reset-memory-clocks", "reset-ecc-errors="},
			Words: []string{"pm=", "e=", "c=", "pl=", "ac=", "lgc=", "lmc=", "am=", "acp=", "mig=", "rac", "rgc", "rmc", "r"}},
		Output: []string{"-f", "--filename"},
		Unless: []string{"-pm", "-e", "-c", "-pl", "-ac", "-lgc", "-lmc", "-am", "-acp", "-mig", "-rac", "-rgc", "-rmc", "-r", "-p", "--persistence-mode", "--ecc-config", "--compute-mode", "--power-limit", "--applications-clocks", "--lock-gpu-clocks", "--lock-memory-clocks", "--gpu-reset", "--reset-applications-clocks", "--reset-gpu-clocks", "--reset-memory-clocks", "--reset-ecc-errors"}}},
	{Family: "core", Names: []string{"fc"}, Node: Node{ReadIf: []string{"-l"},
		Grammar: Grammar{Short: "e:"},
		Rules: []Rule{{ID: "dynamic_code.fc", Kind: finding.DynamicCode, Severity: finding.NonSevere, If: []string{"-e", "-s"},
			Reason: "fc runs commands again from the history, which the analysis cannot see"}}}},
	{Family: "core", Names: []string{"compgen"}, Check: "compgen", Node: Node{Read: true,
		Grammar: Grammar{Short: "A:G:W:C:F:P:S:X:o:V:"},
		Unless:  []string{"-C", "-F", "-V"},
		Rules: []Rule{{ID: "inline_code.compgen", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-C", "-F"},
			Reason: "compgen -C and -F run the command or function they are given"}}}},
	{Family: "core", Names: []string{"sort"}, Node: Node{Read: true,
		Grammar: Grammar{Short: "k:t:o:S:T:", Long: []string{"output=", "key=", "field-separator=", "buffer-size=", "temporary-directory=", "compress-program=", "parallel=", "files0-from=", "batch-size=", "sort=?", "random-source=", "check=?", "debug"}},
		Output:  []string{"-o", "--output"}, Unless: []string{"--compress-program"},
		Rules: []Rule{{ID: "inline_code.sort_compress", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--compress-program"},
			Reason: "sort --compress-program runs the program it is given"}}}},
	// mapfile -t a < f fills an array: it changes only the shell
	// (mapfile -C's callback is judged as a command of its own).
	{Family: "core", Names: []string{"mapfile", "readarray"}, Node: Node{Read: true, Grammar: Grammar{Short: "d:n:O:s:tu:C:c:"}}},
	// ptx reads its files; in traditional mode (-G) a second operand is
	// the file it writes.
	{Family: "core", Names: []string{"ptx"}, Node: Node{Read: true,
		Grammar: Grammar{Short: "AGORTrtb:F:g:i:M:o:S:W:w:", Long: []string{"auto-reference", "traditional", "flag-truncation=", "macro-name=", "format=", "right-side-refs",
			"sentence-regexp=", "word-regexp=", "break-file=", "ignore-case", "gap-size=", "ignore-file=", "only-file=", "references", "width=", "typeset-mode"}},
		Effects: []Effect{{Act: Writes, Operands: "2", If: []string{"-G", "--traditional"}}}}},
	{Family: "core", Names: []string{"base64", "base32", "basenc"}, Node: Node{Read: true,
		Grammar: Grammar{Short: "w:o:i:", Long: []string{"output=", "input=", "wrap="}}, Output: []string{"-o", "--output"}}},
	// tree -R writes 00Tree.html into every directory.
	{Family: "core", Names: []string{"tree"}, Node: Node{Read: true, Grammar: Grammar{Short: "L:P:I:H:o:T:", Long: []string{"filelimit=", "timefmt=", "charset=", "sort=", "fromfile", "gitfile=", "infofile=", "hintro=", "houtro="}}, Output: []string{"-o"}, Unless: []string{"-R"}}},
	// less +CMD runs a less command when it starts: +!CMD runs CMD in a shell.
	{Family: "core", Names: []string{"less"}, Check: "less", Node: Node{Read: true, Grammar: Grammar{Plus: true, Short: "o:O:b:h:j:k:p:P:t:T:x:y:z:", Long: []string{"log-file=", "LOG-FILE=", "lesskey-file="}},
		Effects: []Effect{{Act: RunsShell, Opts: []string{"+"}, Prefixes: []string{"!"}}},
		Output:  []string{"-o", "-O", "--log-file", "--LOG-FILE"}}},
	{Family: "core", Names: []string{"yq"}, Node: Node{Read: true, Grammar: Grammar{Short: "p:o:I:s:", Long: []string{"inplace", "split-exp=", "output-format=", "input-format=", "indent="}},
		Unless: []string{"-i", "--inplace", "-s", "--split-exp"}}},
	{Family: "core", Names: []string{"rg"}, Node: Node{Read: true,
		Grammar: Grammar{Short: "A:B:C:e:f:g:j:m:M:t:T:E:r:", Long: []string{"pre=", "pre-glob=", "hostname-bin=", "search-zip", "regexp=", "file=", "glob=", "iglob=", "type=", "type-not=", "max-count=", "replace=", "context=", "after-context=", "before-context=", "threads=", "encoding=", "max-columns=", "type-add=", "ignore-file=", "sort=", "sortr=", "color=", "colors=", "max-depth=", "max-filesize=", "path-separator="}},
		Unless:  []string{"--pre", "--search-zip", "-z", "--hostname-bin"},
		Rules: []Rule{{ID: "inline_code.rg_pre", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--pre", "--hostname-bin"},
			Reason: "rg --pre runs the program it is given on every file it searches"}}}},
	{Family: "core", Names: []string{"ag"}, Node: Node{Read: true, Grammar: Grammar{Short: "A:B:C:G:g:m:p:",
		Long: []string{"pager=", "after=", "before=", "context=", "file-search-regex=", "max-count=", "path-to-ignore=", "ignore=", "ignore-dir=",
			"depth=", "workers=", "color-line-number=", "color-match=", "color-path="}}, Unless: []string{"--pager"},
		Effects: []Effect{{Act: RunsShell, Opts: []string{"--pager"}}},
		Rules: []Rule{{ID: "inline_code.ag_pager", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--pager"},
			Reason: "ag --pager runs the program it is given"}}}},
	// fd -x CMD runs CMD on every name found: it is judged as find ROOTS
	// -exec CMD {} ; (fd . ~ -x rm is find ~ -exec rm {} ;).
	{Family: "core", Names: []string{"fd", "fdfind"}, Node: Node{Read: true,
		Runs: &Runs{Each: []string{"-x", "--exec", "-X", "--exec-batch"}, Holders: []string{"{}", "{/}", "{//}", "{.}", "{/.}"}, Until: ";",
			Roots: 2, RootOpts: []string{"--search-path"}, BaseOpts: []string{"--base-directory"},
			Filters: []string{"-e", "--extension", "-t", "--type", "-g", "--glob", "-S", "--size", "--changed-within", "--changed-before", "--owner"}},
		Grammar: Grammar{Short: "d:t:e:E:x:X:j:S:c:o:", Long: []string{"exec=", "exec-batch=", "max-depth=", "min-depth=", "type=", "extension=", "exclude=", "threads=", "size=", "changed-within=", "changed-before=", "owner=", "color=", "base-directory=", "search-path=", "max-results=", "format=", "ignore-file=", "path-separator=", "batch-size="}},
		Unless:  []string{"-x", "-X", "--exec", "--exec-batch"}}},
	{Family: "core", Names: []string{"man"}, Node: Node{Read: true, Grammar: Grammar{Short: "P:H::M:m:S:s:L:C:", Long: []string{"pager=", "html=?", "manpath=", "sections=", "locale=", "config-file="}},
		Unless:  []string{"-P", "--pager", "-H", "--html"},
		Effects: []Effect{{Act: RunsShell, Opts: []string{"-P", "--pager", "-H", "--html"}}},
		Rules: []Rule{{ID: "inline_code.man_pager", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-P", "--pager", "-H", "--html"},
			Reason: "man --pager runs the program it is given"}}}},
	{Family: "core", Names: []string{"info"}, Node: Node{Read: true, Grammar: Grammar{Short: "o:d:f:n:", Long: []string{"output=", "directory=", "file=", "node=", "dribble=", "restore=", "init-file="}}, Output: []string{"-o", "--output", "--dribble"}}},
	{Family: "core", Names: []string{"iconv"}, Node: Node{Read: true, Grammar: Grammar{Short: "f:t:o:", Long: []string{"from-code=", "to-code=", "output="}}, Output: []string{"-o", "--output"}}},
	{Family: "core", Names: []string{"xmllint"}, Node: Node{Read: true, Grammar: Grammar{Dash: true, Long: []string{"output=", "o=", "xpath=", "schema=", "relaxng=", "dtdvalid=", "encode="}}, Output: []string{"-output", "-o"}}},
	{Family: "core", Names: []string{"zip"}, Node: Node{Writes: true, Effects: zipEffects, Rules: []Rule{{ID: "inline_code.zip_unzip_command", Kind: finding.InlineCode, Severity: finding.NonSevere,
		If: []string{"-TT", "--unzip-command"}, Reason: "zip -TT runs the command it is given to test the archive"}},
		Grammar: Grammar{Long: []string{"unzip-command="}, Words: []string{"TT="}}}},
	{Family: "core", Names: []string{"gdb"}, Check: "gdb", Node: Node{Grammar: Grammar{Dash: true, DashAbbrev: true, Long: []string{"ex=", "eval-command=", "x=", "command=", "iex=", "init-eval-command=", "batch", "p="}},
		Rules: []Rule{{ID: "inline_code.gdb", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-ex", "-eval-command", "-x", "-command", "-iex", "-init-eval-command"},
			Reason: "gdb runs the commands it is given"}}}},
	// emacs takes its long options with one dash too (-eval, -funcall).
	{Family: "core", Names: []string{"emacs"}, Check: "emacs", Node: Node{Grammar: Grammar{Long: []string{"eval=", "execute=", "load=", "batch", "script=", "funcall=", "directory=", "chdir=", "insert=", "file=", "find-file=", "visit=", "init-directory="}, Short: "l:f:L:x",
		Words: []string{"eval=", "execute=", "load=", "funcall=", "script=", "batch", "nw", "chdir=", "insert=", "directory=", "kill"}},
		Rules: []Rule{{ID: "inline_code.emacs", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--eval", "-eval", "--execute", "-execute", "-l", "--load", "-load", "--script", "-script", "-x", "-f", "--funcall", "-funcall"},
			Reason: "emacs runs the Lisp it is given"}}}},
	// hostname prints the name, or sets it from an operand or a file.
	{Family: "core", Names: []string{"hostname"}, Node: Node{Bare: true,
		Grammar: Grammar{Short: "F:sfdiIAaybVh", Long: []string{"file=", "short", "fqdn", "long", "domain", "ip-address", "all-ip-addresses", "all-fqdns", "alias", "yp", "nis", "boot"}},
		ReadIf:  []string{"-s", "--short", "-f", "--fqdn", "--long", "-d", "--domain", "-i", "--ip-address", "-I", "--all-ip-addresses", "-A", "--all-fqdns", "-a", "--alias", "-y", "--yp", "--nis", "-V", "--version", "-h", "--help"},
		Unless:  []string{"-F", "--file", "-b", "--boot"}}},
	// bash's bind and fish's: bash -m KEYMAP, -f FILE, -q/-u FUNCTION,
	// -r KEYSEQ, -x KEYSEQ:CMD; fish -M MODE, -m NEW_MODE, -e, -a.
	{Family: "core", Names: []string{"bind"}, Check: "bind", Node: Node{Grammar: Grammar{Short: "m:M:f:q:u:r:x:",
		Long: []string{"mode=", "sets-mode=", "erase", "all", "key", "key-names", "function-names", "list-modes", "silent", "preset", "user"}}}},
	// zsh's bindkey [-M KEYMAP] … and zle, and fish's functions: their
	// options end at the first operand. bindkey -v and -e pick a keymap,
	// functions -v is verbose: neither prints a version.
	{Family: "core", Names: []string{"bindkey"}, Node: Node{Does: shellState, Grammar: Grammar{Posix: true, Short: "M:ev"}}},
	{Family: "core", Names: []string{"zle"}, Node: Node{Does: shellState, Grammar: Grammar{Posix: true}}},
	{Family: "core", Names: []string{"functions"}, Node: Node{Does: shellState, Grammar: Grammar{Short: "d:v",
		Long: []string{"description=", "handlers-type=", "color=", "erase", "copy", "names", "all", "query", "details", "handlers", "outline", "no-details", "verbose"}}}},
	// date prints; -s DATE, or an operand that is not +FORMAT, sets the clock.
	{Family: "core", Names: []string{"date"}, Check: "date", Node: Node{Grammar: Grammar{Short: "d:f:r:s:I::uR",
		Long: []string{"date=", "file=", "reference=", "set=", "iso-8601=?", "rfc-3339=", "rfc-email", "rfc-2822", "utc", "universal", "debug", "resolution"}}}},
	// env -C DIR runs the command in DIR; -u NAME unsets NAME (judged in
	// judge/self/env.go). The parser unwraps env itself.
	{Family: "core", Names: []string{"env"}, Check: "printenv", Node: Node{
		Grammar: Grammar{Posix: true, Short: "u:C:S:P:0iv", Long: []string{"unset=", "chdir=", "split-string=", "ignore-environment", "null", "block-signal=?",
			"default-signal=?", "ignore-signal=?", "list-signal-handling", "debug", "help", "version"}},
		Effects: []Effect{{Act: ChangesDir, Opts: []string{"-C", "--chdir"}}}}},
	// find's primaries are words of one dash; -fprint FILE and its kin
	// write FILE, -delete is judged by validator/delete.go.
	{Family: "core", Names: []string{"find"}, Check: "find", Node: Node{Grammar: Grammar{Dash: true, Short: "D:O::HLP", Long: findLong},
		Effects: []Effect{{Act: Writes, Opts: []string{"-fprint", "-fprint0", "-fls", "-fprintf"}}}}},
	// sed PROGRAM FILE…, sed -e PROGRAM… FILE…; -i[SUFFIX] edits the files in
	// place (BSD sed takes the suffix as a word of its own: the validator
	// reads that too).
	{Family: "core", Names: []string{"sed"}, Check: "sed", Node: Node{Grammar: Grammar{Short: "e:f:i::l:nrEsuzb",
		Long: []string{"expression=", "file=", "in-place=?", "line-length=", "quiet", "silent", "regexp-extended", "separate", "unbuffered",
			"null-data", "zero-terminated", "binary", "posix", "sandbox", "debug", "follow-symlinks", "help", "version"}}}},
	{Family: "core", Names: []string{"command"}, Check: "command", Node: Node{Grammar: Grammar{Posix: true, Short: "pvV"}}},
	{Family: "core", Names: []string{"declare", "typeset"}, Node: Node{Read: true}, Check: "printenv"},
	// printenv NAME prints a variable, a secret's too.
	{Family: "core", Names: []string{"printenv"}, Node: Node{Read: true}, Check: "printenv"},
}

// zipEffects: zip ARCHIVE FILE… writes the archive and reads the files; -m
// moves them into it (deletes them), with -r the trees they name.
var zipEffects = []Effect{{Act: Writes, Operands: "1"}, {Act: Reads, Operands: "rest"},
	{Act: Deletes, Operands: "rest", If: zipMove, Unless: zipRecurse},
	{Act: DeletesTree, Operands: "rest", If: zipMove, AndIf: zipRecurse}}

var zipMove, zipRecurse = []string{"-m", "--move"}, []string{"-r", "--recurse-paths", "-R", "--recurse-patterns"}

// findLong are find's single-dash primaries, those that take one value
// marked (its options before the roots are letters: -H, -L, -P, -D DEBUG,
// -Olevel). A grammar literal in the declaration names it: a Grammar var
// copied into a declaration is copied at start-up, a slice is static data.
var findLong = []string{"name=", "iname=", "path=", "ipath=", "wholename=", "iwholename=",
	"regex=", "iregex=", "lname=", "ilname=", "type=", "xtype=", "newer=", "anewer=", "cnewer=", "samefile=", "inum=", "user=", "group=",
	"uid=", "gid=", "perm=", "links=", "size=", "mtime=", "mmin=", "atime=", "amin=", "ctime=", "cmin=", "used=", "fstype=", "maxdepth=",
	"mindepth=", "regextype=", "context=", "printf=", "fprint=", "fprint0=", "fls=", "fprintf=", "files0-from=", "newermt=", "newerat=",
	"newerct=", "newermm=", "newerBt=", "newermB=", "delete", "print", "print0", "ls", "prune", "quit", "exec", "execdir", "ok", "okdir",
	"empty", "readable", "writable", "executable", "nouser", "nogroup", "depth", "mount", "xdev", "noleaf", "daystart", "follow", "true", "false"}

// grepLong are GNU grep's long options (its -NUM context options are
// flags to the scanner, which is all they need to be).
var grepLong = []string{"regexp=", "file=", "max-count=", "label=", "after-context=", "before-context=", "context=", "group-separator=",
	"binary-files=", "directories=", "devices=", "include=", "exclude=", "exclude-from=", "exclude-dir=", "color=?", "colour=?",
	"extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "ignore-case", "no-ignore-case", "word-regexp", "line-regexp",
	"null-data", "no-messages", "invert-match", "version", "help", "byte-offset", "line-number", "no-line-number", "line-buffered",
	"with-filename", "no-filename", "only-matching", "quiet", "silent", "text", "binary", "recursive", "dereference-recursive",
	"files-without-match", "files-with-matches", "count", "initial-tab", "null", "no-group-separator"}

// shellState is the class of the builtins that change the shell's own
// state for what runs after them: its options, variables, functions, key
// bindings and line editor's widgets.
var shellState = []effect.Class{effect.EnvironmentChange}

// fishSetScopes are fish's set options that make its first operand a
// variable it sets or erases.
var fishSetScopes = []string{"-g", "-x", "-U", "-e", "-l", "-f", "--global", "--export", "--universal", "--erase", "--local", "--function"}
