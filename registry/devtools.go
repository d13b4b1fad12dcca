package registry

// devtools are the language toolchains and package managers: their read
// verbs, the check commands agents run, what installs and what runs a command.
var devtools = []*Program{
	{Family: "packages", Names: []string{"go"}, Node: Node{Grammar: Grammar{Dash: true, Long: []string{"C="}}, Subs: []*Node{
		{Names: []string{"test", "vet"}, Read: true, Grammar: goBuildFlags, Unless: []string{"-exec", "-toolexec", "-vettool", "-o", "-overlay", "-modfile", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace", "-outputdir", "-json=false", "-fuzz"}},
		{Names: []string{"version", "list", "doc"}, Read: true, Grammar: goBuildFlags, Unless: []string{"-exec", "-toolexec", "-overlay", "-modfile"}},
		{Names: []string{"env"}, Read: true, Grammar: Grammar{Dash: true, Long: []string{"w", "u", "json", "changed"}}, Unless: []string{"-w", "-u"}},
		{Names: []string{"build", "install", "get", "generate", "fmt", "fix", "work", "clean", "tool", "telemetry"}, Grammar: goBuildFlags, Writes: true},
		{Names: []string{"mod"}, Subs: []*Node{
			{Names: []string{"graph", "why", "verify"}, Read: true},
			{Names: []string{"download", "tidy", "vendor", "edit", "init"}, Writes: true},
		}},
		{Names: []string{"run"}, Grammar: goBuildFlags, Writes: true},
		{Names: []string{"help", "bug"}, Read: true},
	}}},
	{Family: "packages", Names: []string{"npm"}, Node: Node{Grammar: Grammar{Long: []string{"prefix=", "workspace=", "registry=", "script-shell=", "node-options=", "userconfig=", "loglevel="}, Short: "w:"},
		Subs: []*Node{
			{Names: []string{"test", "t", "tst"}, Read: true, Unless: []string{"--script-shell", "--node-options"}},
			{Names: []string{"run", "run-script", "rum", "urn"}, Subs: []*Node{
				{Names: []string{"test", "lint"}, Read: true, Unless: []string{"--script-shell", "--node-options", "--fix"}},
				{Names: []string{"*"}, Writes: true},
			}, Bare: true},
			{Names: []string{"ls", "list", "la", "ll", "view", "v", "info", "show", "outdated", "search", "s", "se", "find", "explain", "why", "docs", "home", "bugs", "repo", "get", "prefix", "root", "bin", "help", "whoami", "ping", "doctor", "fund", "query", "pkg", "--version", "-v", "version", "audit", "sbom", "diff", "help-search"}, Read: true,
				Unless: []string{"--fix", "--json=false"}},
			{Names: []string{"install", "i", "in", "ins", "inst", "isnt", "add", "ci", "clean-install", "update", "up", "upgrade", "link", "ln", "rebuild", "rb", "dedupe", "ddp", "prune", "init", "create", "pack", "set", "start", "stop", "restart", "publish", "dist-tag", "version", "cache", "uninstall", "remove", "rm", "r", "un", "unlink", "login", "logout", "adduser", "owner", "access", "team", "org", "hook", "token", "deprecate", "star", "unstar", "shrinkwrap", "edit", "install-test", "it", "install-ci-test", "cit"}, Writes: true},
			{Names: []string{"config", "c"}, Grammar: Grammar{Long: []string{"userconfig=", "globalconfig=", "location=", "json", "global"}, Short: "g"}, Subs: []*Node{
				{Names: []string{"get", "list", "ls"}, Read: true},
				{Names: []string{"set", "delete", "rm", "edit", "fix"}, Writes: true, Output: []string{"--userconfig", "--globalconfig"}},
			}, Bare: true},
			{Names: []string{"exec", "x"}, Grammar: Grammar{Short: "c:", Long: []string{"call=", "package=", "yes", "no"}}, Runs: &Runs{Script: []string{"-c", "--call"}}},
			{Names: []string{"unpublish"}, Rules: []Rule{{ID: "destructive_action.npm_unpublish", Kind: "destructive_action", Severity: 1,
				Reason: "npm unpublish removes a published package version from the registry for everyone", Safer: "npm deprecate PACKAGE@VERSION \"reason\""}}},
		}}},
	{Family: "packages", Names: []string{"cargo"}, Node: Node{Grammar: Grammar{Long: []string{"config=", "manifest-path=", "color=", "target-dir=", "package=", "features=", "target=", "jobs="}, Short: "Z:p:F:j:C:"},
		Subs: []*Node{
			{Names: []string{"check", "c", "test", "t", "tree", "metadata", "search", "verify-project", "locate-project", "pkgid", "version", "help", "read-manifest", "info", "--version", "-V", "bench", "clippy", "doc"}, Read: true,
				Unless: []string{"--config", "-Z", "--fix", "--open"}},
			{Names: []string{"build", "b", "run", "r", "install", "add", "remove", "rm", "update", "fetch", "fmt", "fix", "clean", "new", "init", "vendor", "generate-lockfile", "package", "publish", "login", "logout", "owner", "uninstall"}, Writes: true},
			{Names: []string{"yank"}, Rules: []Rule{{ID: "destructive_action.cargo_yank", Kind: "destructive_action", Severity: 1,
				Reason: "cargo yank withdraws a published crate version for everyone", Safer: "cargo yank --undo restores it"}}, Unless: []string{"--undo"}},
		}}},
	{Family: "packages", Names: []string{"ruff"}, Node: Node{Subs: []*Node{
		{Names: []string{"check"}, Read: true, Unless: []string{"--fix", "--fix-only", "--unsafe-fixes", "--add-noqa", "--watch"}},
		{Names: []string{"format"}, ReadIf: []string{"--check", "--diff"}},
		{Names: []string{"version", "--version", "help", "rule", "config", "linter"}, Read: true},
	}}},
	// Linters and type checkers read the code (their caches are theirs).
	{Family: "packages", Names: []string{"mypy", "dmypy"}, Node: Node{Read: true, Unless: []string{"--install-types"}, Grammar: Grammar{Long: []string{"install-types", "config-file=", "cache-dir=", "python-executable="}}}},
	{Family: "packages", Names: []string{"pyright", "basedpyright", "flake8", "pylint", "pyflakes", "pycodestyle", "pydocstyle", "bandit", "vulture", "staticcheck", "govulncheck", "shfmt-check", "actionlint", "tflint", "stylelint-check", "cppcheck", "clang-tidy-check", "ty"},
		Node: Node{Read: true, Unless: []string{"--fix", "-w", "--write", "--apply-fixes"}, Grammar: Grammar{Long: []string{"fix", "write", "apply-fixes"}}}},
	{Family: "packages", Names: []string{"eslint", "stylelint", "biome-lint", "markdownlint", "oxlint"}, Node: Node{Read: true, Unless: []string{"--fix", "--fix-dry-run=false", "-o", "--output-file", "--cache-location"},
		Grammar: Grammar{Short: "c:f:o:", Long: []string{"config=", "format=", "output-file=", "ext=", "fix", "fix-type=", "rule=", "plugin=", "resolve-plugins-relative-to=", "rulesdir=", "ignore-path=", "ignore-pattern=", "max-warnings=", "cache-location="}}}},
	{Family: "packages", Names: []string{"prettier"}, Node: Node{ReadIf: []string{"--check", "-c", "--list-different", "-l"}, Unless: []string{"--write", "-w"}}},
	{Family: "packages", Names: []string{"black", "isort", "autopep8", "yapf", "gofmt", "goimports", "rustfmt", "shfmt", "clang-format", "terraform-fmt"},
		Node: Node{ReadIf: []string{"--check", "--diff", "-d", "-l", "--check-only", "-c"}, Unless: []string{"-w", "--write", "-i", "--in-place", "--inplace"}}},
	{Family: "packages", Names: []string{"tsc", "vue-tsc"}, Node: Node{ReadIf: []string{"--noEmit"}, Grammar: Grammar{Short: "p:", Long: []string{"project=", "outDir=", "outFile=", "noEmit", "build"}}}},
	{Family: "packages", Names: []string{"golangci-lint"}, Node: Node{Subs: []*Node{
		{Names: []string{"run"}, Read: true, Unless: []string{"--fix"}},
		{Names: []string{"linters", "version", "help", "config"}, Read: true},
	}}},
	{Family: "packages", Names: []string{"rubocop", "standardrb"}, Node: Node{Read: true, Unless: []string{"-a", "-A", "--autocorrect", "--autocorrect-all", "--auto-correct", "-x", "--fix-layout", "-o", "--out"}}},
	{Family: "packages", Names: []string{"pytest", "py.test"}, Check: "pytest"},
	{Family: "packages", Names: []string{"uv"}, Node: Node{Subs: []*Node{
		{Names: []string{"run"}, Grammar: Grammar{Long: []string{"with=", "python=", "project=", "directory=", "package=", "extra=", "group=", "env-file=", "index-url=", "no-sync", "frozen", "offline", "locked", "isolated"}, Short: "p:"}, Runs: &Runs{Script: []string{"-c"}}},
		{Names: []string{"tool"}, Subs: []*Node{{Names: []string{"run"}, Runs: &Runs{}}, {Names: []string{"list", "dir"}, Read: true}, {Names: []string{"install", "upgrade", "uninstall"}, Writes: true}}},
		{Names: []string{"tree", "version", "--version", "help"}, Read: true},
		{Names: []string{"pip"}, Subs: []*Node{{Names: []string{"list", "show", "freeze", "check", "tree"}, Read: true}, {Names: []string{"install", "uninstall", "sync", "compile"}, Writes: true}}},
		{Names: []string{"python"}, Subs: []*Node{{Names: []string{"list", "find", "dir"}, Read: true}, {Names: []string{"install", "uninstall", "pin"}, Writes: true}}},
		{Names: []string{"add", "remove", "sync", "lock", "init", "venv", "build", "publish", "export", "self", "cache", "format"}, Writes: true},
	}}},
	{Family: "packages", Names: []string{"poetry", "pipenv", "pdm", "hatch", "rye", "conda", "mamba", "micromamba", "pixi"}, Node: Node{Subs: []*Node{
		{Names: []string{"run"}, Grammar: Grammar{Short: "n:p:e:", Long: []string{"name=", "prefix=", "env=", "environment=", "manifest-path="}}, Runs: &Runs{}},
		{Names: []string{"show", "list", "info", "check", "env", "--version", "version", "search", "graph", "tree", "config", "help"}, Read: true, Unless: []string{"--set", "--add", "--remove", "--unset"}},
		{Names: []string{"install", "add", "remove", "update", "lock", "sync", "build", "publish", "init", "new", "create", "upgrade", "shell", "self", "clean"}, Writes: true},
	}}},
	{Family: "packages", Names: []string{"bundle", "bundler"}, Node: Node{Subs: []*Node{
		{Names: []string{"exec"}, Runs: &Runs{}},
		{Names: []string{"list", "show", "info", "outdated", "check", "version", "config", "platform", "doctor"}, Read: true},
		{Names: []string{"install", "update", "add", "remove", "lock", "clean", "package", "binstubs", "init", "gem"}, Writes: true},
	}}},
	{Family: "packages", Names: []string{"dotnet"}, Node: Node{Subs: []*Node{
		{Names: []string{"exec"}, Runs: &Runs{}},
		{Names: []string{"--info", "--version", "--list-sdks", "--list-runtimes", "list", "help"}, Read: true},
		{Names: []string{"build", "test", "run", "restore", "publish", "pack", "new", "add", "remove", "tool", "clean", "format", "workload", "nuget"}, Writes: true},
	}}},
	{Family: "packages", Names: []string{"opam", "stack", "cabal"}, Node: Node{Subs: []*Node{
		{Names: []string{"exec"}, Runs: &Runs{}},
		{Names: []string{"list", "show", "info", "--version", "version", "config", "path", "ls", "search"}, Read: true},
	}}},
}

// goBuildFlags are the go command's build flags that take a value.
var goBuildFlags = Grammar{Dash: true, Long: []string{"C=", "p=", "o=", "exec=", "toolexec=", "vettool=", "overlay=", "modfile=", "tags=", "ldflags=", "gcflags=", "asmflags=", "buildmode=", "compiler=", "gccgoflags=", "installsuffix=", "mod=", "pkgdir=", "coverpkg=", "covermode=", "coverprofile=", "cpuprofile=", "memprofile=", "blockprofile=", "mutexprofile=", "trace=", "outputdir=", "run=", "skip=", "bench=", "benchtime=", "count=", "timeout=", "parallel=", "cpu=", "fuzz=", "fuzztime=", "fuzzminimizetime=", "shuffle=", "list=", "f=", "json", "v", "x", "n", "a", "race", "cover", "short", "failfast", "m", "e", "u", "t", "deps", "find", "test", "compiled", "export", "reuse=", "pgo=", "covermode=", "memprofilerate=", "blockprofilerate=", "mutexprofilefraction=", "benchmem", "vet="}}
