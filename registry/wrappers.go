package registry

// wrappers run the command in their operands; the parser unwraps them and the
// wrapped command is judged as if it stood alone (the wrapper keeps its own
// risk: sudo is still privilege escalation).
func wrappers() []*Program {
	return []*Program{
		{Family: "wrappers", Names: []string{"sudo"}, Node: Node{Effects: []Effect{{Act: ChangesDir, Opts: []string{"-D", "--chdir"}}}, Grammar: Grammar{Short: "C:D:g:h:p:R:r:T:t:U:u:", Long: []string{"close-from=", "chdir=", "group=", "host=", "prompt=", "chroot=", "role=", "type=", "command-timeout=", "other-user=", "user="}}, Runs: &Runs{Assigns: true}}},
		{Family: "wrappers", Names: []string{"doas"}, Node: Node{Grammar: Grammar{Short: "C:u:"}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"pkexec"}, Node: Node{Grammar: Grammar{Long: []string{"user="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"run0"}, Node: Node{Effects: []Effect{{Act: SetsEnv, Opts: []string{"--setenv"}}, {Act: ChangesDir, Opts: []string{"-D", "--chdir"}}}, Grammar: Grammar{Short: "u:D:g:", Long: []string{"user=", "group=", "chdir=", "unit=", "property=", "description=", "slice=", "slice-inherit=", "nice=", "setenv=", "machine=", "background=", "pty="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"nice"}, Node: Node{Grammar: Grammar{Short: "n:", Long: []string{"adjustment="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"nohup"}, Node: Node{Grammar: Grammar{}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"timeout"}, Node: Node{Grammar: Grammar{Short: "s:k:", Long: []string{"signal=", "kill-after="}}, Runs: &Runs{Skip: 1}}},
		{Family: "wrappers", Names: []string{"time"}, Node: Node{Effects: []Effect{{Act: Writes, Opts: []string{"-o", "--output"}, Unless: []string{"-a", "--append"}}, {Act: Appends, Opts: []string{"-o", "--output"}, If: []string{"-a", "--append"}}}, Grammar: Grammar{Short: "f:o:", Long: []string{"format=", "output="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"builtin"}, Node: Node{Grammar: Grammar{}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"exec"}, Node: Node{Grammar: Grammar{Short: "a:"}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"stdbuf"}, Node: Node{Grammar: Grammar{Short: "i:o:e:", Long: []string{"input=", "output=", "error="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"ionice"}, Node: Node{Grammar: Grammar{Short: "c:n:p:", Long: []string{"class=", "classdata=", "pid="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"setsid"}, Node: Node{Grammar: Grammar{}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"chroot"}, Node: Node{Grammar: Grammar{Long: []string{"userspec=", "groups="}}, Runs: &Runs{Skip: 1}}},
		{Family: "wrappers", Names: []string{"strace"}, Node: Node{Effects: []Effect{{Act: Writes, Opts: []string{"-o", "--output"}}}, Grammar: Grammar{Short: "o:e:p:s:u:E:I:P:S:X:b:O:", Long: []string{"output=", "expr=", "attach=", "string-limit=", "user=", "env=", "trace-path="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"ltrace"}, Node: Node{Effects: []Effect{{Act: Writes, Opts: []string{"-o", "--output"}}}, Grammar: Grammar{Short: "o:e:p:s:u:a:n:l:L:D:w:", Long: []string{"output="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"nsenter"}, Node: Node{Effects: []Effect{{Act: ChangesDir, Opts: []string{"-w", "--wd"}}}, Grammar: Grammar{Short: "t:S:G:m::u::i::n::p::U::C::T::r::w::", Long: []string{"target=", "setuid=", "setgid=", "wd=?", "root=?", "mount=?", "uts=?", "ipc=?", "net=?", "pid=?", "user=?", "cgroup=?", "time=?"}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"unshare"}, Node: Node{Effects: []Effect{{Act: ChangesDir, Opts: []string{"-w", "--wd"}}}, Grammar: Grammar{Short: "S:G:R:w:", Long: []string{"setuid=", "setgid=", "root=", "wd=", "propagation=", "map-user=", "map-group="}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"taskset"}, Node: Node{Grammar: Grammar{}, Runs: &Runs{Skip: 1}}},
		{Family: "wrappers", Names: []string{"chrt"}, Node: Node{Grammar: Grammar{Short: "T:P:D:", Long: []string{"sched-runtime=", "sched-period=", "sched-deadline="}}, Runs: &Runs{Skip: 1}}},
		{Family: "wrappers", Names: []string{"firejail"}, Node: Node{Grammar: Grammar{}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"systemd-run"}, Node: Node{Effects: []Effect{{Act: SetsEnv, Opts: []string{"-E", "--setenv"}}, {Act: ChangesDir, Opts: []string{"--working-directory"}, Unless: []string{"--same-dir"}}}, Grammar: Grammar{Short: "p:E:M:u:H:rGPtqSd", Long: []string{"unit=", "property=", "description=", "slice=", "setenv=", "uid=", "gid=", "nice=", "working-directory=", "machine=", "host=", "on-active=", "on-boot=", "on-startup=", "on-unit-active=", "on-unit-inactive=", "on-calendar=", "timer-property=", "path-property=", "socket-property=", "service-type=", "background=", "json=", "shell-prompt-prefix=", "expand-environment=", "job-mode=",
			// flags: taking the next word as their value would swallow the command
			"scope", "wait", "user", "system", "remain-after-exit", "no-block", "collect", "pipe", "pty", "pty-late", "quiet", "shell", "same-dir", "no-ask-password", "send-sighup", "slice-inherit", "ignore-failure"}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"caffeinate"}, Node: Node{Grammar: Grammar{Short: "t:w:"}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"flock"}, Node: Node{Grammar: Grammar{Short: "w:E:c:", Long: []string{"timeout=", "wait=", "conflict-exit-code=", "command="}}, Runs: &Runs{Skip: 1, Script: []string{"-c", "--command"}}}},
		{Family: "wrappers", Names: []string{"script"}, Check: "script", Node: Node{Effects: []Effect{{Act: Writes, Operands: "1", Unless: []string{"-a", "--append"}}, {Act: Appends, Operands: "1", If: []string{"-a", "--append"}},
			{Act: Writes, Opts: []string{"-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing"}}}, Grammar: Grammar{Short: "c:E:I:O:B:T:m:", Long: []string{"command=", "echo=", "log-in=", "log-out=", "log-io=", "log-timing=", "logging-format=", "output-limit="}}, Runs: &Runs{Script: []string{"-c", "--command"}, Only: true}}},
		{Family: "wrappers", Names: []string{"xargs"}, Node: Node{Effects: []Effect{{Act: Reads, Opts: []string{"-a", "--arg-file"}}}, Grammar: Grammar{Short: "a:d:E:I:L:n:P:s:i::e::l::", Long: []string{"arg-file=", "delimiter=", "max-args=", "max-procs=", "max-chars=", "process-slot-var=", "eof=?", "replace=?", "max-lines=?", "null", "no-run-if-empty", "interactive", "open-tty", "verbose", "exit", "show-limits"}}, Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"fakeroot", "eatmydata", "chronic", "unbuffer", "proxychains", "proxychains4", "torsocks", "tsocks", "xvfb-run", "dbus-run-session", "catchsegv", "nocache", "firejail-run"},
			Node: Node{Runs: &Runs{}}},
		{Family: "wrappers", Names: []string{"gosu", "su-exec", "faketime", "setpriv-user"}, Node: Node{Runs: &Runs{Skip: 1}}},
		{Family: "wrappers", Names: []string{"npx", "pnpx", "bunx"}, Node: Node{Grammar: Grammar{Short: "p:c:y", Long: []string{"package=", "call=", "yes", "no", "quiet", "node-options=", "prefix=", "registry=", "cache=", "userconfig=", "loglevel=", "workspace="}},
			Runs: &Runs{Bin: "node_modules/.bin", Script: []string{"-c", "--call"}, Package: true}}},
		{Family: "wrappers", Names: []string{"uvx"}, Node: Node{Grammar: Grammar{Long: []string{"from=", "with=", "python=", "index-url=", "extra-index-url="}, Short: "p:"}, Runs: &Runs{Package: true}}},
		{Family: "wrappers", Names: []string{"mise", "rtx"}, Node: Node{RunsFiles: TaskRunners, Subs: []*Node{
			{Names: []string{"exec", "x"}, Grammar: Grammar{Short: "C:j:", Long: []string{"cd=", "jobs=", "command=", "raw"}}, Runs: &Runs{AfterDashDash: true, Only: true, Script: []string{"-c", "--command"}}},
			{Names: []string{"ls", "list", "current", "where", "which", "doctor", "env", "version", "--version", "outdated", "ls-remote", "latest"}, Read: true},
			// mise settings set, mise config set, mise plugins install, mise
			// tasks run: the listing verbs have verbs that write or run.
			{Names: []string{"settings", "config", "cfg"}, Bare: true, Subs: []*Node{
				{Names: []string{"ls", "list", "get"}, Read: true},
				{Names: []string{"set", "add", "unset", "generate", "g"}, Writes: true},
			}},
			{Names: []string{"plugins", "plugin", "p"}, Bare: true, Subs: []*Node{
				{Names: []string{"ls", "list", "ls-remote"}, Read: true},
				{Names: []string{"install", "i", "add", "a", "link", "ln", "update", "up", "upgrade"}, Writes: true},
			}},
			{Names: []string{"tasks", "task", "t"}, Bare: true, Subs: []*Node{
				{Names: []string{"ls", "list", "info", "deps", "validate"}, Read: true},
				{Names: []string{"run", "r"}, Runs: &Runs{}},
				{Names: []string{"add", "edit"}, Writes: true},
			}},
			{Names: []string{"install", "i", "use", "u", "upgrade", "up", "trust", "self-update"}, Writes: true},
			{Names: []string{"run", "r"}, Runs: &Runs{}},
		}}},
		{Family: "wrappers", Names: []string{"asdf", "rbenv", "pyenv", "nodenv", "goenv", "jenv"}, Node: Node{Subs: []*Node{
			{Names: []string{"exec"}, Runs: &Runs{}},
			{Names: []string{"list", "versions", "version", "current", "which", "whence", "root", "help", "commands", "plugin-list"}, Read: true},
		}}},
		{Family: "wrappers", Names: []string{"op"}, Node: Node{Subs: []*Node{
			{Names: []string{"run"}, Grammar: Grammar{Long: []string{"env-file=", "no-masking", "account="}}, Runs: &Runs{AfterDashDash: true}},
			// op read/inject/document get -o FILE write the secret into FILE.
			{Names: []string{"read", "inject"}, Grammar: Grammar{Short: "i:o:", Long: []string{"in-file=", "out-file=", "file-mode="}}, Output: []string{"-o", "--out-file"},
				Rules: []Rule{{ID: "secret_access.op", Kind: "secret_access", Severity: 1, Reason: "op reads secrets from 1Password"}}},
			{Names: []string{"item", "document"}, Subs: []*Node{
				{Names: []string{"delete", "remove", "rm", "archive"}, Rules: []Rule{{ID: "destructive_action.op_delete", Kind: "destructive_action", Severity: 1,
					Reason: "op deletes an item from 1Password", Safer: "op item edit, or op item delete --archive to keep it recoverable"}}},
				{Names: []string{"create", "edit", "move", "share"}, Writes: true},
				{Names: []string{"list", "ls", "template"}, Read: true}, // names, not secrets
				{Names: []string{"*"}, Grammar: Grammar{Short: "o:", Long: []string{"out-file=", "file-mode="}}, Output: []string{"-o", "--out-file"},
					Rules: []Rule{{ID: "secret_access.op", Kind: "secret_access", Severity: 1, Reason: "op reads secrets from 1Password"}}},
			}},
			{Names: []string{"vault", "user", "group", "account", "connect", "service-account", "events-api"}, Subs: []*Node{
				{Names: []string{"list", "ls", "get"}, Read: true},
				{Names: []string{"delete", "remove", "rm", "forget", "revoke", "suspend"}, Rules: []Rule{{ID: "destructive_action.op_delete", Kind: "destructive_action", Severity: 1,
					Reason: "op deletes or revokes a 1Password vault, user, group or account"}}},
				{Names: []string{"*"}, Writes: true},
			}},
			{Names: []string{"whoami", "--version", "signin"}, Read: true},
		}}},
		{Family: "wrappers", Names: []string{"doppler", "infisical", "dotenvx"}, Node: Node{Subs: []*Node{
			{Names: []string{"run"}, Grammar: Grammar{Long: []string{"env-file=", "project=", "config=", "env=", "command="}, Short: "f:p:c:"}, Runs: &Runs{AfterDashDash: true, Script: []string{"--command"}}},
		}}},
		{Family: "wrappers", Names: []string{"aws-vault"}, Node: Node{Subs: []*Node{
			{Names: []string{"exec"}, Grammar: Grammar{Long: []string{"duration=", "mfa-token=", "region="}, Short: "d:t:"}, Runs: &Runs{AfterDashDash: true, Skip: 1}},
			{Names: []string{"list", "ls"}, Read: true},
		}}},
		{Family: "wrappers", Names: []string{"nix"}, Node: Node{Grammar: Grammar{Long: []string{"extra-experimental-features=", "option="}}, Subs: []*Node{
			{Names: []string{"develop", "shell"}, Grammar: Grammar{Short: "c:", Long: []string{"command=", "impure", "ignore-environment"}}, Runs: &Runs{Rest: []string{"-c", "--command"}, Only: true}},
			{Names: []string{"run"}, Runs: &Runs{AfterDashDash: true, Skip: 1}},
			{Names: []string{"search", "eval", "path-info", "why-depends", "log", "show-config", "--version"}, Read: true},
			// nix flake update and lock rewrite flake.lock; init and new write files.
			{Names: []string{"flake"}, Subs: []*Node{
				{Names: []string{"show", "metadata", "info", "check", "prefetch"}, Read: true},
				{Names: []string{"*"}, Writes: true},
			}},
			{Names: []string{"derivation"}, Subs: []*Node{{Names: []string{"show"}, Read: true}, {Names: []string{"*"}, Writes: true}}},
			{Names: []string{"build", "profile", "store", "registry", "copy"}, Writes: true},
		}}},
		{Family: "wrappers", Names: []string{"nix-shell"}, Node: Node{Grammar: Grammar{Short: "p:A:I:", Long: []string{"run=", "command=", "packages=", "attr=", "arg=", "argstr="}}, Runs: &Runs{Script: []string{"--run", "--command"}, Only: true}}},
		{Family: "wrappers", Names: []string{"direnv"}, Node: Node{RunsFiles: Envrc, Subs: []*Node{
			{Names: []string{"exec"}, Runs: &Runs{Skip: 1}},
			{Names: []string{"status", "version", "--version", "help"}, Read: true},
			{Names: []string{"allow", "permit", "grant", "deny", "block", "revoke", "reload", "prune"}, Writes: true},
			{Names: []string{"hook", "export", "dump"}, Read: true},
		}}},
		{Family: "wrappers", Names: []string{"devbox"}, Node: Node{Subs: []*Node{
			{Names: []string{"run"}, Runs: &Runs{}},
			{Names: []string{"info", "list", "search", "version"}, Read: true},
		}}},
		// watchexec joins its command's words and hands them to the shell.
		{Family: "wrappers", Names: []string{"watchexec"}, Node: Node{Grammar: Grammar{Short: "w:e:d:i:s:f:W:E:", Long: []string{"watch=", "exts=", "ignore=", "debounce=", "shell=", "filter=", "filter-file=", "ignore-file=", "workdir=", "env=", "signal=", "stop-signal=", "stop-timeout=", "on-busy-update=", "delay-run=", "poll=", "project-origin=", "emit-events-to=", "watch-file=", "timeout=", "wrap-process=", "color=", "fs-events=", "filter-prog=", "log-file=", "restart", "postpone", "clear=?"}},
			Runs: &Runs{AfterDashDash: true, ShellOperand: true}}},
		{Family: "wrappers", Names: []string{"reflex"}, Node: Node{Grammar: Grammar{Short: "r:R:g:G:c:", Long: []string{"regex=", "inverse-regex=", "glob=", "inverse-glob=", "config=", "start-service", "decoration="}}, Runs: &Runs{AfterDashDash: true}}},
		{Family: "wrappers", Names: []string{"nodemon"}, Node: Node{Grammar: Grammar{Short: "x:w:e:", Long: []string{"exec=", "watch=", "ext=", "ignore=", "delay="}}, Runs: &Runs{Script: []string{"-x", "--exec"}}}},
		{Family: "wrappers", Names: []string{"sg"}, Node: Node{Runs: &Runs{Skip: 1, Script: []string{"-c"}, ShellOperand: true}, Grammar: Grammar{Short: "c:"}}},
		// Watchers and benchmark runners that run shell scripts they are given.
		{Family: "wrappers", Names: []string{"hyperfine"}, Node: Node{Grammar: Grammar{Short: "w:r:m:M:p:c:s:S:n:u:L:P:D:", Long: []string{"warmup=", "runs=", "min-runs=", "max-runs=", "prepare=", "setup=", "cleanup=", "conclude=", "command-name=", "time-unit=", "shell=", "parameter-list=", "parameter-scan=", "parameter-step-size=", "export-json=", "export-csv=", "export-markdown=", "export-asciidoc=", "export-orgmode=", "reference=", "output=", "style=", "sort=", "input="}},
			Output: []string{"--export-json", "--export-csv", "--export-markdown", "--export-asciidoc", "--export-orgmode"},
			Runs:   &Runs{Scripts: true, Script: []string{"-p", "--prepare", "-s", "--setup", "-c", "--cleanup", "--conclude", "--reference"}}}},
		{Family: "wrappers", Names: []string{"concurrently"}, Node: Node{Grammar: Grammar{Short: "n:c:p:l:s:k", Long: []string{"names=", "prefix-colors=", "prefix=", "prefix-length=", "success=", "kill-others", "kill-signal=", "restart-tries=", "restart-after=", "max-processes=", "timestamp-format=", "passthrough-arguments", "handle-input", "default-input-target=", "group", "raw", "hide=", "pad-prefix"}},
			Runs: &Runs{Scripts: true, PackageShorthand: true}}},
		{Family: "wrappers", Names: []string{"entr"}, Node: Node{Runs: &Runs{ShellOperand: true, ShellIf: []string{"-s"}}}},
		{Family: "wrappers", Names: []string{"chokidar"}, Node: Node{Grammar: Grammar{Short: "c:d:t:i:", Long: []string{"command=", "debounce=", "throttle=", "ignore=", "polling-interval=", "poll-interval-binary="}},
			Runs: &Runs{Script: []string{"-c", "--command"}, Only: true}}},
		// rimraf and del-cli delete their operands recursively and by force:
		// npx rimraf ~ is rm -rf ~.
		{Family: "wrappers", Names: []string{"rimraf", "del-cli", "del"}, Check: "rimraf", Node: Node{Grammar: Grammar{Short: "vGiI", Long: []string{"impl=", "tmp=", "glob", "preserve-root", "no-preserve-root", "verbose", "interactive", "no-glob", "dry-run"}},
			Runs: &Runs{As: []string{"rm", "-rf"}}}},
	}
}
