package registry

import "github.com/permgate/permgate/effect"

// checked are programs whose judgement needs real semantics: the validator's
// Go code named in Check reads them (rm's targets, git, interpreters, …). The
// declaration makes them known to every stage.
func checked() []*Program {
	return []*Program{
		{Family: "core", Names: []string{"permgate"}, Check: "permgate"},
		{Family: "interpreters", Names: []string{"python", "python3", "python2", "pypy", "pypy3", "node", "nodejs", "deno", "perl", "ruby", "php", "lua", "luajit", "Rscript", "R", "tclsh", "pwsh", "powershell", "osascript", "irb", "jshell"}, Check: "interpreter"},
		{Family: "core", Names: []string{"awk", "gawk", "mawk", "nawk"}, Check: "awk"},
		{Family: "core", Names: []string{"rm"}, Check: "rm", Node: Node{Does: []effect.Class{effect.FilesystemDelete}}},
		{Family: "core", Names: []string{"dd"}, Check: "writes", Node: Node{Writes: true, Does: []effect.Class{effect.FilesystemRead, effect.FilesystemWrite}}},
		{Family: "core", Names: []string{"chmod", "chown", "chgrp"}, Check: "writes", Node: Node{Writes: true, Does: []effect.Class{effect.PermissionsChange}}},
		{Family: "core", Names: []string{"sftp", "ssh"}, Check: "writes", Node: Node{Writes: true, Does: []effect.Class{effect.NetworkOutbound}}},
		{Family: "core", Names: []string{"cpio"}, Check: "writes", Node: Node{Writes: true, Does: []effect.Class{effect.FilesystemRead, effect.FilesystemWrite}}},
		curl(), wget(),
		{Family: "core", Names: []string{"aria2c", "fetch", "http", "https", "xh"}, Check: "download", Node: Node{Does: []effect.Class{effect.NetworkInbound}}},
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
			Subs:    []*Node{{Names: []string{"*"}, Writes: true, Does: []effect.Class{effect.CodeExecution}}},
			Does:    []effect.Class{effect.CodeExecution}}},
	}
}
