package registry

import (
	"slices"

	"github.com/permgate/permgate/effect"
)

// checked are programs whose judgement needs real semantics: the validator's
// Go check named in Check reads them (rm's targets, git, interpreters, …). The
// declaration makes them known to every stage.
func checked() []*Program {
	return []*Program{
		{Family: "core", Names: []string{"permgate"}, Check: "permgate"},
		{Family: "interpreters", Names: []string{"python", "python3", "python2", "pypy", "pypy3", "node", "nodejs", "perl", "ruby", "php", "lua", "luajit", "Rscript", "R", "tclsh", "pwsh", "powershell", "osascript", "irb", "jshell"}, Check: "interpreter"},
		// deno task NAME runs deno.json's task; deno run FILE the file.
		{Family: "interpreters", Names: []string{"deno"}, Check: "interpreter", Node: Node{RunsFiles: DenoTasks, RunsOnly: true}},
		// awk's grammar is gawk's, which holds POSIX awk's and mawk's.
		{Family: "core", Names: []string{"awk", "gawk", "mawk", "nawk"}, Check: "awk", Node: Node{Grammar: Grammar{Short: "f:v:F:e:E:i:l:L::o::p::d::D::W:bcCghMNnOPrsStV",
			Long: []string{"file=", "assign=", "field-separator=", "source=", "exec=", "include=", "load=", "lint=?", "pretty-print=?",
				"dump-variables=?", "debug=?", "profile=?", "persist=?", "characters-as-bytes", "traditional", "copyright", "gen-pot",
				"help", "bignum", "use-lc-numeric", "non-decimal-data", "optimize", "no-optimize", "posix", "re-interval", "sandbox",
				"version", "csv", "lint-old"}}}},
		// rm's targets are its operands; whether it deletes recursively is
		// its options' (validator/delete.go).
		{Family: "core", Names: []string{"rm"}, Check: "rm", Node: Node{Does: []effect.Class{effect.FilesystemDelete}, Grammar: Grammar{Short: "fiIrRdv",
			Long: []string{"force", "interactive=?", "one-file-system", "no-preserve-root", "preserve-root=?", "recursive", "dir", "verbose"}}}},
		{Family: "core", Names: []string{"dd"}, Check: "dd", Node: Node{Writes: true, Does: []effect.Class{effect.FilesystemRead, effect.FilesystemWrite}}},
		// chmod's mode may look like an option (chmod -w FILE): a word with a
		// letter this grammar does not declare is the mode (validator/writes.go).
		{Family: "core", Names: []string{"chmod"}, Check: "chmod", Node: Node{Writes: true, Does: []effect.Class{effect.PermissionsChange}, Grammar: Grammar{Short: "cfvRHLPh",
			Long: []string{"reference=", "changes", "silent", "quiet", "verbose", "no-preserve-root", "preserve-root", "recursive"}}}},
		{Family: "core", Names: []string{"chown", "chgrp"}, Check: "chown", Node: Node{Writes: true, Does: []effect.Class{effect.PermissionsChange}, Grammar: Grammar{Short: "cfvRHLPh",
			Long: []string{"reference=", "from=", "changes", "silent", "quiet", "verbose", "dereference", "no-dereference", "no-preserve-root", "preserve-root", "recursive"}}}},
		// ssh HOST CMD: the options end at the host, and what follows is the
		// command run there.
		{Family: "core", Names: []string{"ssh"}, Check: "ssh", Node: Node{Writes: true, Does: []effect.Class{effect.NetworkOutbound},
			Grammar: Grammar{Posix: true, Short: "B:b:c:D:E:e:F:I:i:J:L:l:m:O:o:p:Q:R:S:W:w:"}, Effects: sshLocalCommands}},
		{Family: "core", Names: []string{"sftp"}, Check: "ssh-options", Node: Node{Writes: true, Does: []effect.Class{effect.NetworkOutbound},
			Grammar: Grammar{Short: "B:b:c:D:F:i:J:l:o:P:R:S:s:X:"}, Effects: sshLocalCommands}},
		// cpio -i -D DIR unpacks into DIR, cpio -p DIR copies into DIR, and
		// cpio -o writes the archive -O (or -F) names.
		{Family: "core", Names: []string{"cpio"}, Node: Node{Writes: true, Does: []effect.Class{effect.FilesystemRead, effect.FilesystemWrite},
			Grammar: Grammar{Short: "D:E:F:H:I:M:O:R:C:oipabcdfmnrtuvVBLS", Long: []string{"directory=", "file=", "format=", "pattern-file=", "message=", "owner=",
				"io-size=", "block-size=", "rsh-command=", "create", "extract", "pass-through", "make-directories", "list", "unconditional", "verbose"}},
			Effects: []Effect{{Act: Writes, Opts: []string{"-D", "--directory"}, Into: true}, {Act: Writes, Operands: "1", If: []string{"-p", "--pass-through"}, Into: true},
				{Act: Writes, Opts: []string{"-O"}}, {Act: Writes, Opts: []string{"-F", "--file"}, If: []string{"-o", "--create"}}}}},
		{Family: "core", Names: []string{"curl"}, Check: "download", Node: Node{Grammar: curlGrammar(), Effects: append(curlEffects(), curlMore()...), Does: []effect.Class{effect.NetworkInbound}}},
		{Family: "core", Names: []string{"wget", "wget2"}, Check: "download", Node: Node{Grammar: wgetGrammar, Effects: append(slices.Clone(wgetEffects), wgetMore()...), Does: []effect.Class{effect.NetworkInbound}}},
		{Family: "core", Names: []string{"aria2c"}, Check: "download", Node: Node{Grammar: aria2cGrammar, Effects: aria2cEffects, Does: []effect.Class{effect.NetworkInbound}}},
		{Family: "core", Names: []string{"fetch"}, Check: "download", Node: Node{Does: []effect.Class{effect.NetworkInbound}}},
		// HTTPie and xh: [METHOD] URL ITEM…; an item with @ sends a file
		// (field@FILE, field=@FILE, field:=@FILE, @FILE as the body).
		{Family: "core", Names: []string{"http", "https", "xh"}, Check: "download", Node: Node{
			Grammar: Grammar{Short: "a:A:o:p:s:P:",
				Long: []string{"auth=", "auth-type=", "output=", "print=", "style=", "history-print=", "session=", "session-read-only=", "verify=",
					"cert=", "cert-key=", "cert-key-pass=", "ssl=", "ciphers=", "timeout=", "max-redirects=", "max-headers=", "proxy=",
					"format-options=", "pretty=", "response-charset=", "response-mime=", "default-scheme=", "boundary=", "bearer=", "resolve=",
					"interface=", "json", "form", "multipart", "raw=", "offline", "headers", "body", "verbose", "quiet", "follow", "download",
					"continue", "check-status", "ignore-stdin", "stream", "all", "path-as-is", "chunked", "compress", "ignore-netrc"}},
			Effects: []Effect{{Act: Writes, Opts: []string{"-o", "--output"}}, {Act: Sends, Operands: "rest"}}, Does: []effect.Class{effect.NetworkInbound}}},
		// eval's operands are a script the parser reads.
		{Family: "core", Names: []string{"eval"}},
		{Family: "core", Names: []string{"source", "."}, Check: "source"},
		// vim -c CMD, --cmd CMD and +CMD run editor commands; one that starts
		// with ! (:!CMD, silent !CMD) runs CMD in a shell. -s is a flag here
		// (-es, silent Ex mode), as -s SCRIPTIN's file is only read.
		{Family: "core", Names: []string{"vim", "vi", "nvim", "view", "ex"}, Check: "vim", Node: Node{
			Grammar: Grammar{Plus: true, Exact: true, Short: "c:S:u:U:i:w:W:T:t:", Long: []string{"cmd=", "startuptime=", "servername="}},
			Effects: []Effect{{Act: RunsShell, Opts: []string{"-c", "--cmd", "+"}, Prefixes: editorShell, Trim: ": \t"}}}},
		// GNU parallel runs its command on every argument; --joblog and
		// --results write files of their own.
		{Family: "core", Names: []string{"parallel"}, Check: "parallel", Node: Node{
			Grammar: Grammar{Posix: true, Short: "a:C:d:E:I:j:L:n:N:P:S:s:l::", Long: []string{"arg-file=", "colsep=", "delimiter=", "jobs=", "joblog=", "results=", "res=", "sshlogin=", "tmpdir=",
				"timeout=", "delay=", "retries=", "tag-string=", "workdir=", "wd=", "max-args=", "max-lines=", "halt=", "memfree=", "load=", "basefile=", "bf=", "return=",
				"transfer-file=", "tf=", "env=", "nice=", "max-procs=", "block=", "sshloginfile=", "slf=", "header=", "termseq=", "keep-order", "quote", "ungroup", "null",
				"dry-run", "will-cite", "verbose", "tag", "progress", "bar", "eta", "pipe", "pipepart", "xargs", "group", "line-buffer", "lb", "no-notice", "citation", "shuf", "trim=",
				"tempdir=", "max-replace-args=", "max-chars=", "limit=", "transferfile=", "sqlmaster=", "sqlworker=", "template=", "rpl=", "shellquote-arg=", "arg-sep=", "arg-file-sep=",
				"eof=?", "replace=?", "ssh=", "shebang-wrap=", "hostgroups=", "progress-bar-file=", "semaphorename=", "id=", "fg-exit-code=", "block-size=", "blocksize=", "cat-cmd=",
				"filter=", "group-by=", "resume-failed-cmd=", "sshdelay=", "ctag-string=", "csv-sep=", "plain-sep="}},
			Effects: []Effect{{Act: Writes, Opts: []string{"--joblog"}}, {Act: Writes, Opts: []string{"--results", "--res"}, Into: true}, {Act: Reads, Opts: []string{"-a", "--arg-file"}}}}},
		{Family: "core", Names: []string{"enable"}, Check: "enable", Node: Node{Grammar: Grammar{Short: "adnpsf:"}}},
		// hash -p PATH NAME makes NAME run PATH.
		{Family: "core", Names: []string{"hash"}, Check: "hash", Node: Node{Read: true, Grammar: Grammar{Short: "p:rdlt"}, Unless: []string{"-p"}}},
		{Family: "core", Names: []string{"apply_patch", "applypatch"}, Check: "apply-patch"},
		// The agent harnesses, also by the names their npm packages run under
		// (npx @anthropic-ai/claude-code, bunx @google/gemini-cli): the
		// options that turn their permission checks or their hooks off are
		// judged in judge/self/agents.go. Their command lines take no
		// abbreviations (commander, clap, yargs).
		{Family: "core", Names: []string{"claude", "claude-code"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true,
			Long: []string{"settings=", "setting-sources=", "permission-mode=", "model=", "fallback-model=", "add-dir=", "allowedTools=", "allowed-tools=",
				"disallowedTools=", "disallowed-tools=", "mcp-config=", "append-system-prompt=", "system-prompt=", "system-prompt-file=",
				"append-system-prompt-file=", "output-format=", "input-format=", "session-id=", "agents=", "max-turns=", "permission-prompt-tool=",
				"plugin-dir=", "betas=", "resume=?", "debug=?", "bare", "dangerously-skip-permissions", "allow-dangerously-skip-permissions", "print",
				"continue", "verbose", "ide", "strict-mcp-config", "fork-session", "replay-user-messages", "include-partial-messages"}}}},
		{Family: "core", Names: []string{"codex"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "c:a:s:m:p:i:C:",
			Long: []string{"config=", "ask-for-approval=", "sandbox=", "model=", "profile=", "image=", "cd=", "enable=", "disable=", "add-dir=",
				"dangerously-bypass-approvals-and-sandbox", "yolo", "full-auto", "oss", "search"}}}},
		{Family: "core", Names: []string{"gemini", "gemini-cli"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "m:p:i:e:",
			Long: []string{"approval-mode=", "model=", "prompt=", "prompt-interactive=", "sandbox-image=", "extensions=", "allowed-tools=",
				"include-directories=", "output-format=", "allowed-mcp-server-names=", "yolo", "sandbox", "debug", "all-files", "checkpointing", "screen-reader"}}}},
		{Family: "core", Names: []string{"copilot"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "p:",
			Long: []string{"allow-tool=", "deny-tool=", "model=", "prompt=", "add-dir=", "log-dir=", "log-level=", "agent=", "resume=?",
				"allow-all-tools", "allow-all-paths", "allow-all", "yolo", "continue", "banner", "no-color", "screen-reader"}}}},
		{Family: "core", Names: []string{"opencode", "opencode-ai"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "m:",
			Long: []string{"model=", "agent=", "prompt=", "port=", "hostname=", "log-level=", "session=", "auto", "continue", "print-logs"}}}},
		// Other coding agents whose options turn their approvals off.
		{Family: "core", Names: []string{"qwen"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "m:p:i:",
			Long: []string{"approval-mode=", "model=", "prompt=", "prompt-interactive=", "yolo", "sandbox", "debug"}}}},
		{Family: "core", Names: []string{"cursor-agent"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "m:",
			Long: []string{"model=", "output-format=", "api-key=", "resume=?", "force", "print", "fullscreen"}}}},
		{Family: "core", Names: []string{"amp"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "x:",
			Long: []string{"execute=", "settings-file=", "log-level=", "dangerously-allow-all", "stream-json"}}}},
		{Family: "core", Names: []string{"aider"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "m:f:",
			Long: []string{"message=", "message-file=", "model=", "file=", "read=", "yes-always", "yes", "no-git", "auto-commits", "no-auto-commits"}}}},
		// Charm's Crush (cobra), Factory's Droid (commander) and Block's goose
		// (clap); goose's permission mode is read from GOOSE_MODE.
		{Family: "core", Names: []string{"crush"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "c:D:dhys:Cqm:",
			Long: []string{"cwd=", "data-dir=", "debug", "help", "yolo", "session=", "continue", "quiet", "model=", "small-model=", "verbose"}}}},
		{Family: "core", Names: []string{"droid"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "o:f:s:m:",
			Long: []string{"output-format=", "input-format=", "file=", "auto=", "session-id=", "model=", "reasoning-effort=", "cwd=", "enabled-tools=", "disabled-tools=",
				"spec-model=", "resume=?", "fork=", "skip-permissions-unsafe", "list-tools", "use-spec", "help", "version"}}}},
		{Family: "core", Names: []string{"goose"}, Check: "agent", Node: Node{Does: []effect.Class{effect.CodeExecution}, Grammar: Grammar{Exact: true, Short: "t:i:n:srq",
			Long: []string{"text=", "instructions=", "name=", "recipe=", "params=", "provider=", "model=", "max-turns=", "max-tool-repetitions=", "with-extension=",
				"with-remote-extension=", "with-streamable-http-extension=", "with-builtin=", "system=", "sub-recipe=", "path=", "interactive", "resume", "no-session",
				"debug", "quiet", "explain", "render-recipe"}}}},
		{Family: "core", Names: []string{"xdotool", "ydotool", "wtype"}, Check: "terminal"},
		// just RECIPE runs the justfile's recipe; --list and --summary
		// only read it, --evaluate runs its backticks, --command runs a
		// command.
		{Family: "core", Names: []string{"just"}, Node: Node{RunsFiles: JustRecipes,
			Grammar:  Grammar{Short: "f:d:c:lnqvu", Long: []string{"justfile=", "working-directory=", "command=", "list", "summary", "show=", "dump", "evaluate", "dry-run", "quiet", "verbose", "unsorted", "shell=", "shell-arg=", "dotenv-filename=", "dotenv-path=", "set=", "color=", "choose", "edit", "init", "fmt", "unstable", "yes", "check", "variables", "groups", "list-heading=", "list-prefix=", "changelog", "completions=", "man", "version", "help", "global-justfile", "timestamp", "highlight", "no-dotenv", "no-deps", "one", "explain", "allow-missing", "chooser=", "command-color=", "alias-style="}},
			ReadIf:   []string{"-l", "--list", "--summary", "--show", "--dump", "--variables", "--groups", "--changelog", "--version", "--help", "--man"},
			Unless:   []string{"--evaluate", "-c", "--command", "--edit", "--init", "--fmt", "--choose"},
			Subs:     []*Node{{Names: []string{"*"}, Writes: true, RunsOnly: true, Does: []effect.Class{effect.CodeExecution}}},
			RunsOnly: true,
			Does:     []effect.Class{effect.CodeExecution}}},
		// make TARGET runs the Makefile's recipe: make help is a target, not help.
		{Family: "core", Names: []string{"make", "gmake"}, Check: "make", Node: Node{RunsFiles: MakeRecipes,
			Grammar:  Grammar{Short: "C:E:f:I:j::l::o:W:", Long: []string{"directory=", "file=", "makefile=", "include-dir=", "jobs=?", "load-average=?", "old-file=", "assume-old=", "what-if=", "new-file=", "assume-new=", "eval=", "debug=?", "output-sync=?", "jobserver-style=", "dry-run", "just-print", "recon", "question", "print-data-base", "touch", "environment-overrides"}},
			Subs:     []*Node{{Names: []string{"*"}, Writes: true, RunsOnly: true, Unless: []string{"-t", "--touch"}, Does: []effect.Class{effect.CodeExecution}}},
			RunsOnly: true, Unless: []string{"-t", "--touch"},
			Does: []effect.Class{effect.CodeExecution}}},
	}
}

// sshLocalCommands: ssh -o ProxyCommand=CMD (or "ProxyCommand CMD"),
// LocalCommand and KnownHostsCommand run CMD on this machine, through the
// user's shell.
var sshLocalCommands = []Effect{{Act: RunsShell, Opts: []string{"-o"}, Prefixes: []string{"proxycommand=", "proxycommand ", "localcommand=", "localcommand ",
	"knownhostscommand=", "knownhostscommand "}}}

// editorShell are the vi commands that run the rest of the line in a shell.
var editorShell = []string{"!", "silent !", "silent! !", "sil !", "sil! !"}
