package registry

// checked are programs whose judgement needs real semantics: the validator's
// Go code named in Check reads them (rm's targets, git, interpreters, …). The
// declaration makes them known to every stage.
var checked = []*Program{
	{Family: "git", Names: []string{"git"}, Check: "git"},
	{Family: "core", Names: []string{"permgate"}, Check: "permgate"},
	{Family: "interpreters", Names: []string{"python", "python3", "python2", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "perl", "ruby", "php", "lua", "luajit", "Rscript", "R", "tclsh", "pwsh", "powershell", "osascript", "irb", "jshell"}, Check: "interpreter"},
	{Family: "core", Names: []string{"awk", "gawk", "mawk", "nawk"}, Check: "awk"},
	{Family: "core", Names: []string{"rm", "rmdir", "unlink", "shred"}, Check: "rm"},
	{Family: "core", Names: []string{"mv", "cp", "ln", "install", "touch", "mkdir", "truncate", "tee", "dd", "mknod", "mkfifo", "chmod", "chown", "chgrp"}, Check: "writes", Node: Node{Writes: true}},
	{Family: "core", Names: []string{"rsync", "scp", "sftp", "ssh", "tar", "unzip", "gzip", "gunzip", "xz", "unxz", "bzip2", "zstd", "7z", "7za", "cpio"}, Check: "writes", Node: Node{Writes: true}},
	{Family: "core", Names: []string{"curl", "wget", "aria2c", "fetch", "http", "https", "xh"}, Check: "download"},
	{Family: "core", Names: []string{"source", ".", "eval", "vim", "vi", "nvim", "view", "ex", "make", "gmake", "parallel", "enable", "hash", "apply_patch", "applypatch", "claude", "codex", "tmux", "screen", "xdotool", "ydotool", "wtype", "docker", "podman", "nerdctl", "kubectl", "brew", "pip", "pip3", "pipx", "apt", "apt-get", "dnf", "yum", "pacman"}, Check: "go"},
	{Family: "packages", Names: []string{"pnpm", "yarn"}, Check: "go", Node: Node{Subs: []*Node{
		{Names: []string{"exec", "dlx"}, Grammar: Grammar{Short: "c:", Long: []string{"package=", "call="}}, Runs: &Runs{Script: []string{"-c", "--call"}}},
		{Names: []string{"ls", "list", "why", "info", "view", "outdated", "audit", "licenses", "config", "--version", "-v", "help", "bin", "root", "store"}, Read: true},
		{Names: []string{"test", "t"}, Read: true},
		{Names: []string{"install", "i", "add", "remove", "rm", "uninstall", "update", "up", "upgrade", "run", "build", "dev", "start", "publish", "link", "unlink", "prune", "dedupe", "import", "rebuild", "patch", "patch-commit", "create", "init", "set", "cache", "workspace", "workspaces"}, Writes: true},
	}}},
}
