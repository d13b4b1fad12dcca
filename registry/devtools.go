package registry

import "github.com/permgate/permgate/finding"

// devtools are the language toolchains and package managers: their read
// verbs, the check commands agents run, what installs and what runs a command.
// Installing, upgrading and removing packages is ordinary work (Writes); what
// withdraws a published package from everyone (npm unpublish, cargo yank,
// gem yank) asks even in auto mode.
func devtools() []*Program {
	return []*Program{
		{Family: "packages", Names: []string{"go"}, Check: "go", Node: Node{RunsFiles: GoGenerate, Grammar: Grammar{Dash: true, Long: []string{"C="}}, Subs: []*Node{
			{Names: []string{"test"}, Read: true, Project: true, Grammar: goBuildFlags, Unless: goTestUnless, Output: goTestOutput},
			{Names: []string{"vet"}, Read: true, Grammar: goBuildFlags, Unless: goTestUnless, Output: goTestOutput},
			{Names: []string{"version", "list", "doc"}, Read: true, Grammar: goBuildFlags, Unless: []string{"-exec", "-toolexec", "-overlay", "-modfile"}},
			{Names: []string{"env"}, Read: true, Grammar: Grammar{Dash: true, Long: []string{"w", "u", "json", "changed"}}, Unless: []string{"-w", "-u"}},
			{Names: []string{"build", "install", "get", "generate", "fmt", "fix", "clean", "telemetry"}, Grammar: goBuildFlags, Writes: true, Output: []string{"-o"}},
			{Names: []string{"tool"}, Grammar: Grammar{Dash: true, Long: []string{"n", "modfile="}}, Bare: true, Subs: []*Node{
				{Names: []string{"dist"}, Subs: []*Node{rd("list", "env", "version"), wr("banner", "bootstrap", "install", "test")}},
				{Names: []string{"cover"}, Read: true, Grammar: Grammar{Dash: true, Long: []string{"o=", "func=", "html=", "mode=", "var=", "pkgcfg=", "outfilelist="}}, Output: []string{"-o"}},
				{Names: []string{"nm", "objdump", "addr2line"}, Read: true, Grammar: Grammar{Dash: true, Long: []string{"s=", "size", "sort=", "type", "n", "gnu"}}},
				{Names: []string{"*"}, Writes: true, Output: []string{"-o"}},
			}},
			{Names: []string{"work"}, Subs: []*Node{wr("init", "use", "sync", "vendor"), {Names: []string{"edit"}, ReadIf: []string{"-json", "-print"}, Grammar: Grammar{Dash: true, Long: []string{"json", "print", "fmt", "go=", "toolchain=", "use=", "dropuse=", "replace=", "dropreplace=", "godebug=", "dropgodebug="}}, Unless: []string{"-fmt", "-go", "-toolchain", "-use", "-dropuse", "-replace", "-dropreplace", "-godebug", "-dropgodebug"}}}},
			{Names: []string{"mod"}, Subs: []*Node{
				{Names: []string{"graph", "why", "verify"}, Read: true},
				{Names: []string{"edit"}, ReadIf: []string{"-json", "-print"}, Grammar: Grammar{Dash: true, Long: []string{"json", "print", "fmt", "module=", "go=", "toolchain=", "require=", "droprequire=", "exclude=", "dropexclude=", "replace=", "dropreplace=", "retract=", "dropretract=", "tool=", "droptool=", "godebug=", "dropgodebug="}},
					Unless: []string{"-fmt", "-module", "-go", "-toolchain", "-require", "-droprequire", "-exclude", "-dropexclude", "-replace", "-dropreplace", "-retract", "-dropretract", "-tool", "-droptool", "-godebug", "-dropgodebug"}},
				{Names: []string{"download", "tidy", "vendor", "init"}, Writes: true, Output: []string{"-o"}},
			}},
			{Names: []string{"run"}, Grammar: goBuildFlags, Writes: true, Output: []string{"-o"}},
			{Names: []string{"help", "bug"}, Read: true},
		}}},

		{Family: "packages", Names: []string{"npm"}, Check: "npm", Node: Node{Abbrev: true, RunsFiles: PackageScripts, Grammar: npmGlobal, ReadIf: []string{"-v", "--version"}, Subs: []*Node{
			{Names: []string{"test", "t", "tst"}, Read: true, Project: true, Unless: []string{"--script-shell", "--node-options"}},
			{Names: []string{"run", "run-script", "rum", "urn"}, Subs: []*Node{
				{Names: checkScripts, Read: true, Project: true, Unless: []string{"--script-shell", "--node-options", "--fix", "--write", "-u", "--update-snapshots"}},
				{Names: []string{"*"}, Writes: true, RunsOnly: true, Unless: []string{"--script-shell", "--node-options"}},
			}, Bare: true},
			{Names: []string{"ls", "list", "la", "ll", "view", "v", "info", "show", "outdated", "search", "s", "se", "find", "explain", "why", "docs", "home", "bugs", "repo", "get", "prefix", "root", "bin", "help", "whoami", "ping", "doctor", "fund", "query", "sbom", "diff", "help-search", "find-dupes", "completion", "stars", "config-list"}, Read: true,
				Unless: []string{"--fix", "--json=false", "--browser", "--viewer"},
				Rules:  []Rule{{ID: "inline_code.npm_browser", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--browser"}, Reason: "npm --browser names the program npm runs to open a page"}}},
			// npm version bumps the version, commits and tags; alone it prints versions.
			{Names: []string{"version", "verison"}, Bare: true, Writes: true},
			{Names: []string{"audit"}, Read: true, Unless: []string{"--fix"}, Subs: []*Node{rd("signatures"), wr("fix")}},
			// npm pkg set rewrites package.json: its scripts are then not known.
			{Names: []string{"pkg"}, Subs: []*Node{rd("get"), {Names: []string{"set", "delete", "fix"}, Writes: true, WritesTree: true}}},
			{Names: []string{"dist-tag", "dist-tags"}, Bare: true, Subs: []*Node{rd("ls", "list"), wr("add", "rm", "remove")}},
			{Names: []string{"owner", "author"}, Subs: []*Node{rd("ls", "list"), wr("add", "rm", "remove")}},
			{Names: []string{"access"}, Subs: []*Node{rd("list", "ls", "get"), wr("set", "grant", "revoke", "public", "restricted", "2fa-required", "2fa-not-required")}},
			{Names: []string{"team"}, Subs: []*Node{rd("ls", "list"), wr("create", "add", "rm"), gone("npm_team_destroy", "npm team destroy deletes the team and its members' access", "", "destroy")}},
			{Names: []string{"org"}, Subs: []*Node{rd("ls", "list"), wr("set", "add", "rm")}},
			{Names: []string{"token"}, Subs: []*Node{rd("list", "ls"), wr("create")}},
			{Names: []string{"profile"}, Subs: []*Node{rd("get"), wr("set", "enable-2fa", "disable-2fa")}},
			{Names: []string{"cache"}, Subs: []*Node{rd("ls", "list", "verify", "npx-ls"), wr("add", "clean", "clear", "rm", "npx-rm", "npx-info")}},
			{Names: []string{"install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isntall", "add", "ci", "clean-install", "ic", "install-clean", "update", "up", "upgrade", "udpate", "link", "ln", "rebuild", "rb", "dedupe", "ddp", "prune", "init", "create", "innit", "pack", "set", "start", "stop", "restart", "publish", "uninstall", "remove", "rm", "r", "un", "unlink", "login", "logout", "adduser", "add-user", "hook", "deprecate", "undeprecate", "star", "unstar", "shrinkwrap", "edit", "install-test", "it", "install-ci-test", "cit", "sso"}, Writes: true},
			{Names: []string{"config", "c"}, Grammar: Grammar{Long: []string{"userconfig=", "globalconfig=", "location=", "json", "global"}, Short: "gL:"}, Subs: []*Node{
				{Names: []string{"get", "list", "ls"}, Read: true},
				{Names: []string{"set", "delete", "rm", "edit", "fix"}, Writes: true, Output: []string{"--userconfig", "--globalconfig"}},
			}, Bare: true},
			{Names: []string{"exec", "x"}, Grammar: Grammar{Short: "c:", Long: []string{"call=", "package=", "yes", "no"}}, Runs: &Runs{Bin: "node_modules/.bin", Script: []string{"-c", "--call"}}},
			// npm explore PKG -- CMD runs CMD in the package's directory
			// through the shell; alone it opens a shell there.
			{Names: []string{"explore"}, Writes: true, Runs: &Runs{AfterDashDash: true, ShellOperand: true, Only: true}},
			{Names: []string{"unpublish"}, Rules: []Rule{destructiveRule("npm_unpublish", "npm unpublish removes a published package version from the registry for everyone", "npm deprecate PACKAGE@VERSION \"reason\"")}},
		}}},

		{Family: "packages", Names: []string{"pnpm"}, Check: "js-packages", Node: Node{RunsFiles: PackageScripts, Grammar: pnpmGlobal, Subs: jsVerbs()}},
		{Family: "packages", Names: []string{"yarn", "yarnpkg"}, Check: "js-packages", Node: Node{RunsFiles: PackageScripts, Grammar: pnpmGlobal, Subs: jsVerbs()}},
		{Family: "packages", Names: []string{"bun"}, Check: "interpreter", Node: Node{RunsFiles: PackageScripts, Grammar: Grammar{Short: "e:p:r:", Long: []string{"eval=", "print=", "preload=", "cwd=", "filter=", "ignore-scripts", "bun", "silent"}}, Subs: []*Node{
			{Names: []string{"test"}, Read: true, Project: true, Unless: []string{"--update-snapshots", "-u", "--coverage-dir"}},
			{Names: []string{"outdated", "why", "info", "audit", "--version", "-v", "--revision", "help", "completions"}, Read: true},
			{Names: []string{"pm"}, Subs: []*Node{rd("ls", "bin", "hash-string", "hash-print", "whoami", "untrusted", "view"), wr("cache", "hash", "trust", "pack", "migrate", "version", "pkg", "default-trusted")}},
			{Names: []string{"x"}, Runs: &Runs{}},
			{Names: []string{"run", "exec"}, Writes: true},
			wr("install", "i", "add", "a", "remove", "rm", "uninstall", "update", "upgrade", "link", "unlink", "build", "init", "create", "c", "publish", "patch", "patch-commit", "repl", "feedback"),
		}}},

		{Family: "packages", Names: []string{"cargo"}, Check: "cargo", Node: Node{Grammar: Grammar{Plus: true, Long: []string{"config=", "manifest-path=", "color=", "target-dir=", "package=", "features=", "target=", "jobs=", "list", "version", "explain=", "locked", "offline", "frozen"}, Short: "Z:p:F:j:C:"},
			ReadIf: []string{"--list", "--version", "-V", "--explain"}, Unless: []string{"--config", "-Z"},
			Subs: append(cargoVerbs(), &Node{Names: []string{"+*"}, Subs: cargoVerbs()})}},
		{Family: "packages", Names: []string{"rustup"}, Node: Node{Grammar: Grammar{Plus: true, Long: []string{"toolchain="}}, Subs: []*Node{
			{Names: []string{"show"}, Read: true, Subs: []*Node{rd("active-toolchain", "home", "profile")}},
			{Names: []string{"toolchain", "target", "component", "override"}, Subs: []*Node{rd("list"), wr("install", "add", "uninstall", "remove", "link", "set", "unset")}},
			{Names: []string{"default", "set"}, Bare: true, Writes: true},
			rd("which", "check", "doc", "docs", "--version", "-V", "version", "help", "completions", "dump-testament"),
			{Names: []string{"run"}, Runs: &Runs{Skip: 1}},
			wr("update", "upgrade", "install", "uninstall"),
			{Names: []string{"self"}, Subs: []*Node{wr("update", "upgrade-data"),
				gone("rustup_self_uninstall", "rustup self uninstall removes rustup, every toolchain and ~/.cargo/bin with what cargo installed there", "", "uninstall")}},
		}}},
		// ruff -o FILE (--output-file) writes its report, with any verb.
		{Family: "packages", Names: []string{"ruff"}, Node: Node{Output: ruffOutput, Grammar: Grammar{Short: "o:"}, Subs: []*Node{
			{Names: []string{"check"}, Read: true, Output: ruffOutput, Unless: []string{"--fix", "--fix-only", "--unsafe-fixes", "--add-noqa", "--watch"}},
			{Names: []string{"format"}, Output: ruffOutput, ReadIf: []string{"--check", "--diff"}},
			{Names: []string{"version", "--version", "help", "rule", "config", "linter"}, Read: true},
		}}},
		// Linters and type checkers read the code (their caches are theirs).
		// mypy's reports are files and directories it writes.
		{Family: "packages", Names: []string{"mypy", "dmypy"}, Node: Node{Read: true, PluginConfigs: []string{"mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"}, Unless: []string{"--install-types"}, Grammar: Grammar{Long: []string{"install-types", "config-file=", "cache-dir=", "python-executable="}},
			Output: []string{"--junit-xml", "--html-report", "--txt-report", "--xml-report", "--linecount-report", "--any-exprs-report", "--cobertura-xml-report", "--lineprecision-report", "--xslt-html-report", "--xslt-txt-report"}}},
		{Family: "packages", Names: []string{"pyright", "basedpyright", "flake8", "pyflakes", "pycodestyle", "pydocstyle", "bandit", "vulture", "staticcheck", "govulncheck", "shfmt-check", "actionlint", "tflint", "stylelint-check", "cppcheck", "clang-tidy-check", "ty"},
			Node: Node{Read: true, Unless: []string{"--fix", "-w", "--write", "--apply-fixes"}, Grammar: Grammar{Long: []string{"fix", "write", "apply-fixes"}}}},
		// eslint's and stylelint's configs are JavaScript, and their plugins
		// code: the project's code runs.
		{Family: "packages", Names: []string{"eslint"}, Node: Node{Read: true, Project: true, Unless: lintUnless, Grammar: lintGrammar,
			CodeFiles: jsConfigs("eslint.config", ".eslintrc"), CodeOpts: []string{"-c", "--config"}}},
		{Family: "packages", Names: []string{"stylelint"}, Node: Node{Read: true, Project: true, Unless: lintUnless, Grammar: lintGrammar,
			CodeFiles: jsConfigs("stylelint.config", ".stylelintrc"), CodeOpts: []string{"-c", "--config"}}},
		// rake runs the Rakefile, which is Ruby.
		{Family: "packages", Names: []string{"rake"}, Node: Node{Project: true, Writes: true, ReadIf: []string{"-T", "--tasks", "-W", "--where", "-P", "--prereqs", "--version", "-V"},
			Grammar:   Grammar{Short: "f:C:I:r:TWPVnqst", Long: []string{"rakefile=", "directory=", "libdir=", "require=", "tasks", "where", "prereqs", "version", "dry-run", "quiet", "silent", "trace"}},
			CodeFiles: []string{"Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb"}, CodeOpts: []string{"-f", "--rakefile"}}},
		// Test runners for JavaScript load their config, which is code.
		{Family: "packages", Names: []string{"jest"}, Node: Node{Project: true, Writes: true, Grammar: Grammar{Short: "c:t:", Long: []string{"config=", "testNamePattern=", "rootDir=", "watch", "watchAll", "ci", "coverage", "runInBand"}},
			// babel-jest, jest's default transform, loads the babel config.
			CodeFiles: append(jsConfigs("jest.config"), append(jsConfigs("babel.config"), ".babelrc.js", ".babelrc.cjs")...), CodeOpts: []string{"-c", "--config"}, CodeRoot: []string{"--rootDir"}}},
		{Family: "packages", Names: []string{"vitest"}, Node: Node{Project: true, Writes: true, Grammar: Grammar{Short: "c:r:t:", Long: []string{"config=", "root=", "dir=", "project=", "testNamePattern=", "run", "watch", "coverage"}},
			CodeFiles: append(jsConfigs("vitest.config"), jsConfigs("vite.config")...), CodeOpts: []string{"-c", "--config"}, CodeRoot: []string{"-r", "--root"}}},
		{Family: "packages", Names: []string{"mocha"}, Node: Node{Project: true, Writes: true, Grammar: Grammar{Short: "r:", Long: []string{"config=", "require=", "reporter=", "grep=", "watch"}},
			CodeFiles: []string{".mocharc.js", ".mocharc.cjs"}, CodeOpts: []string{"--config", "-r", "--require"}}},
		{Family: "packages", Names: []string{"playwright"}, Node: Node{Project: true, Writes: true, Grammar: Grammar{Short: "c:", Long: []string{"config="}},
			CodeFiles: jsConfigs("playwright.config"), CodeOpts: []string{"-c", "--config"}}},
		{Family: "packages", Names: []string{"biome-lint", "markdownlint", "oxlint"}, Node: Node{Read: true, Unless: lintUnless, Grammar: lintGrammar}},
		// pylint's rc files load plugins and run an init-hook: Python code.
		{Family: "packages", Names: []string{"pylint"}, Node: Node{Read: true, Project: true, Unless: []string{"--fix", "-w", "--write", "--apply-fixes"}, Grammar: Grammar{Long: []string{"fix", "write", "apply-fixes", "rcfile=", "load-plugins=", "init-hook="}}}},
		{Family: "packages", Names: []string{"prettier"}, Node: Node{Project: true, CodeFiles: append(jsConfigs("prettier.config"), jsConfigs(".prettierrc")...), CodeOpts: []string{"--config"}, ReadIf: []string{"--check", "-c", "--list-different", "-l"}, Unless: []string{"--write", "-w"}}},
		{Family: "packages", Names: []string{"black", "isort", "autopep8", "yapf", "gofmt", "goimports", "rustfmt", "shfmt", "clang-format", "terraform-fmt"},
			Node: Node{ReadIf: []string{"--check", "--diff", "-d", "-l", "--check-only", "-c"}, Unless: []string{"-w", "--write", "-i", "--in-place", "--inplace"}}},
		{Family: "packages", Names: []string{"tsc", "vue-tsc"}, Node: Node{ReadIf: []string{"--noEmit"}, Grammar: Grammar{Short: "p:", Long: []string{"project=", "outDir=", "outFile=", "noEmit", "build"}}}},
		{Family: "packages", Names: []string{"golangci-lint"}, Node: Node{Subs: []*Node{
			{Names: []string{"run"}, Read: true, Unless: []string{"--fix"}},
			{Names: []string{"linters", "version", "help", "config"}, Read: true},
		}}},
		{Family: "packages", Names: []string{"rubocop", "standardrb"}, Node: Node{Read: true, Unless: []string{"-a", "-A", "--autocorrect", "--autocorrect-all", "--auto-correct", "-x", "--fix-layout", "-o", "--out"}}},
		// pytest runs the tests; its reports and logs are files it writes,
		// --basetemp a directory it empties (validator/readonly.go).
		{Family: "packages", Names: []string{"pytest", "py.test"}, Check: "pytest", Node: Node{Project: true, RunsFiles: Conftests,
			Grammar: Grammar{Short: "k:m:p:c:o:n:W:x", Long: []string{"junitxml=", "junit-xml=", "log-file=", "debug=?", "result-log=", "report-log=", "basetemp=",
				"rootdir=", "confcutdir=", "override-ini=", "deselect=", "ignore=", "ignore-glob=", "durations=", "maxfail=", "tb=", "log-level=",
				"log-cli-level=", "log-format=", "log-file-level=", "cov=?", "cov-report=", "cov-config=", "import-mode=", "capture=", "junit-prefix=",
				"config-file=", "noconftest", "pyargs", "collect-in-virtualenv"}},
			Output: []string{"--junitxml", "--junit-xml", "--log-file", "--debug", "--result-log", "--report-log"}}},
		{Family: "packages", Names: []string{"uv"}, Check: "packages", Node: Node{RunsFiles: BuildScripts, Grammar: Grammar{Long: []string{"directory=", "project=", "config-file=", "cache-dir=", "color=", "python-preference=", "offline", "no-cache", "quiet", "verbose", "native-tls"}}, Subs: []*Node{
			{Names: []string{"run"}, Grammar: Grammar{Long: []string{"with=", "python=", "project=", "directory=", "package=", "extra=", "group=", "env-file=", "index-url=", "no-sync", "frozen", "offline", "locked", "isolated"}, Short: "p:"}, Runs: &Runs{Files: true, Script: []string{"-c"}}},
			{Names: []string{"tool"}, Subs: []*Node{{Names: []string{"run"}, Runs: &Runs{}}, rd("list", "dir"), wr("install", "upgrade", "uninstall", "update-shell")}},
			{Names: []string{"tree", "help", "--version"}, Read: true, Unless: []string{"--upgrade", "-U"}},
			{Names: []string{"version"}, Bare: true, ReadIf: []string{"--dry-run"}, Grammar: Grammar{Long: []string{"bump=", "output-format=", "short", "dry-run"}}},
			{Names: []string{"pip"}, Subs: []*Node{
				rd("list", "show", "freeze", "check", "tree"),
				{Names: []string{"compile"}, Read: true, Grammar: Grammar{Short: "o:", Long: []string{"output-file="}}, Output: []string{"-o", "--output-file"}, Unless: []string{"--upgrade", "-U"}},
				wr("install", "uninstall", "sync"),
			}},
			{Names: []string{"python"}, Subs: []*Node{rd("list", "find", "dir"), {Names: []string{"pin"}, Bare: true, Writes: true}, wr("install", "uninstall", "upgrade")}},
			{Names: []string{"cache"}, Subs: []*Node{rd("dir"), wr("clean", "prune")}},
			{Names: []string{"self"}, Subs: []*Node{rd("version"), wr("update")}},
			{Names: []string{"lock", "sync"}, ReadIf: []string{"--check", "--dry-run"}, Writes: true},
			wr("add", "remove", "init", "venv", "build", "publish", "export", "format", "generate-shell-completion"),
		}}},

		{Family: "packages", Names: []string{"pip", "pip3", "pip3.9", "pip3.10", "pip3.11", "pip3.12", "pip3.13", "pip3.14"}, Check: "packages", Node: Node{RunsFiles: BuildScripts, Grammar: pipGlobal, Subs: []*Node{
			{Names: []string{"list", "show", "freeze", "check", "help", "debug", "inspect", "hash", "search", "completion"}, Read: true, Output: []string{"--log", "--log-file"},
				Grammar: Grammar{Long: []string{"format=", "path=", "exclude=", "requirement=", "algorithm="}, Short: "r:a:"}},
			{Names: []string{"index"}, Subs: []*Node{{Names: []string{"versions"}, Read: true, Output: []string{"--log", "--log-file"}}}},
			{Names: []string{"config"}, Grammar: Grammar{Long: []string{"editor=", "global", "user", "site"}}, Subs: []*Node{{Names: []string{"list", "get", "debug"}, Read: true}, wr("set", "unset", "edit")}},
			{Names: []string{"cache"}, Subs: []*Node{rd("dir", "info", "list"), wr("remove", "purge")}},
			{Names: []string{"install", "download", "wheel"}, Writes: true, Grammar: pipInstall},
			wr("uninstall", "lock"),
		}}},
		{Family: "packages", Names: []string{"pipx"}, Check: "packages", Node: Node{Subs: []*Node{
			rd("list", "environment", "--version", "help", "completions"),
			{Names: []string{"run"}, Grammar: Grammar{Long: []string{"spec=", "python=", "pip-args=", "index-url=", "path", "pypackages", "no-cache"}}, Runs: &Runs{}},
			{Names: []string{"interpreter"}, Subs: []*Node{rd("list"), wr("prune", "upgrade")}},
			wr("install", "install-all", "uninstall", "uninstall-all", "upgrade", "upgrade-all", "upgrade-shared", "reinstall", "reinstall-all", "inject", "uninject", "ensurepath", "pin", "unpin"),
		}}},
		{Family: "packages", Names: []string{"poetry"}, Node: Node{Grammar: Grammar{Short: "C:P:", Long: []string{"directory=", "project="}}, Subs: []*Node{
			{Names: []string{"run"}, Runs: &Runs{}},
			{Names: []string{"show", "check", "search", "about", "list", "help", "--version"}, Read: true, Grammar: Grammar{Long: []string{"with=", "without=", "only="}}},
			{Names: []string{"env"}, Subs: []*Node{rd("info", "list"), wr("use", "remove", "activate")}},
			{Names: []string{"version"}, Bare: true, Writes: true},
			{Names: []string{"config"}, ReadIf: []string{"--list"}, Unless: []string{"--unset"}, Grammar: Grammar{Long: []string{"list", "unset", "local"}}},
			{Names: []string{"self"}, Subs: []*Node{rd("show"), wr("update", "add", "remove", "install", "lock", "sync")}},
			{Names: []string{"debug"}, Subs: []*Node{rd("info", "resolve", "tags")}},
			{Names: []string{"source"}, Subs: []*Node{rd("show"), wr("add", "remove")}},
			{Names: []string{"cache"}, Subs: []*Node{rd("list"), wr("clear")}},
			{Names: []string{"export"}, Read: true, Grammar: Grammar{Short: "o:f:", Long: []string{"output=", "format="}}, Output: []string{"-o", "--output"}},
			{Names: []string{"lock"}, ReadIf: []string{"--check"}, Writes: true},
			{Names: []string{"build", "install"}, Writes: true, RunsFiles: BuildScripts},
			wr("add", "remove", "update", "publish", "init", "new", "shell", "sync"),
		}}},
		{Family: "packages", Names: []string{"pyproject-build"}, Node: Node{Writes: true, RunsFiles: BuildScripts, Grammar: Grammar{Short: "o:C:", Long: []string{"outdir=", "config-setting="}}}},
		{Family: "packages", Names: []string{"pipenv"}, Node: Node{Grammar: Grammar{Long: []string{"python=", "venv", "where", "py", "envs", "support", "rm", "clear"}},
			ReadIf: []string{"--venv", "--where", "--py", "--envs", "--support"}, Unless: []string{"--rm", "--clear", "--python", "--three", "--site-packages"},
			Subs: []*Node{
				{Names: []string{"run"}, Runs: &Runs{}},
				rd("graph", "check", "requirements", "scripts", "verify"),
				wr("install", "uninstall", "lock", "sync", "update", "upgrade", "clean", "shell", "open"),
			}}},
		{Family: "packages", Names: []string{"pdm"}, Node: Node{RunsFiles: TaskRunners, Grammar: Grammar{Short: "p:", Long: []string{"project="}}, Subs: []*Node{
			{Names: []string{"run"}, Runs: &Runs{}},
			{Names: []string{"list", "show", "info", "search", "outdated", "--version", "help"}, Read: true},
			{Names: []string{"config"}, Bare: true, Writes: true},
			{Names: []string{"export"}, Read: true, Grammar: Grammar{Short: "o:", Long: []string{"output="}}, Output: []string{"-o", "--output"}},
			{Names: []string{"venv", "cache", "self", "python", "py"}, Subs: []*Node{rd("list", "ls", "info"), wr("create", "remove", "rm", "activate", "purge", "clear", "add", "update", "install", "link", "find")}},
			{Names: []string{"build", "install", "sync"}, Writes: true, RunsFiles: BuildScripts},
			wr("add", "remove", "update", "lock", "publish", "init", "use", "import", "fix", "new"),
		}}},
		{Family: "packages", Names: []string{"hatch"}, Node: Node{RunsFiles: TaskRunners, Grammar: Grammar{Short: "e:p:", Long: []string{"env=", "project=", "data-dir=", "cache-dir=", "config="}}, Subs: []*Node{
			{Names: []string{"run"}, Runs: &Runs{}},
			{Names: []string{"env"}, Subs: []*Node{rd("show", "find"), {Names: []string{"run"}, Runs: &Runs{}}, wr("create", "remove", "prune")}},
			{Names: []string{"dep"}, Read: true, Subs: []*Node{{Names: []string{"show"}, Read: true, Subs: []*Node{rd("table", "requirements")}}, rd("hash")}},
			{Names: []string{"project"}, Subs: []*Node{rd("metadata")}},
			{Names: []string{"config"}, Subs: []*Node{rd("show", "find"), wr("set", "update", "restore", "explore")}},
			{Names: []string{"python"}, Subs: []*Node{rd("show", "find"), wr("install", "remove", "update")}},
			{Names: []string{"version"}, Bare: true, Writes: true},
			{Names: []string{"fmt"}, ReadIf: []string{"--check"}, Writes: true},
			rd("status", "--version", "help"),
			{Names: []string{"build"}, Writes: true, RunsFiles: BuildScripts},
			wr("publish", "clean", "new", "shell", "test"),
		}}},
		{Family: "packages", Names: []string{"rye"}, Node: Node{RunsFiles: TaskRunners, Subs: []*Node{
			{Names: []string{"run"}, Runs: &Runs{}},
			rd("list", "show", "--version", "help"),
			{Names: []string{"version"}, Bare: true, Writes: true},
			{Names: []string{"toolchain", "tools"}, Subs: []*Node{rd("list"), wr("fetch", "register", "remove", "install", "uninstall")}},
			wr("sync", "add", "remove", "lock", "build", "publish", "install", "uninstall", "pin", "init", "fetch", "fmt", "lint", "test", "self", "make-req", "config"),
		}}},
		{Family: "packages", Names: []string{"conda", "mamba", "micromamba"}, Check: "packages", Node: Node{Grammar: Grammar{Short: "n:p:c:f:", Long: []string{"name=", "prefix=", "channel=", "file=", "json", "yes", "quiet"}}, Subs: []*Node{
			{Names: []string{"run"}, Grammar: Grammar{Long: []string{"cwd=", "live-stream", "no-capture-output"}, Short: "a:"}, Runs: &Runs{}},
			{Names: []string{"list", "info", "search", "doctor", "compare", "notices", "--version", "-V", "help", "repoquery"}, Read: true},
			{Names: []string{"env"}, Subs: []*Node{rd("list"), {Names: []string{"export"}, Read: true, Output: []string{"-f", "--file"}}, wr("create", "update", "remove", "config")}},
			{Names: []string{"config"}, ReadIf: []string{"--show", "--show-sources", "--get", "--describe", "--validate", "--list"},
				Grammar: Grammar{Long: []string{"set=", "add=", "append=", "prepend=", "remove=", "remove-key=", "get=?", "show=?", "show-sources", "describe=?", "validate", "file="}},
				Unless:  []string{"--set", "--add", "--append", "--prepend", "--remove", "--remove-key", "--file"}},
			wr("install", "create", "remove", "uninstall", "update", "upgrade", "clean", "init", "activate", "deactivate", "rename", "build", "develop", "index", "skeleton", "convert", "shell", "self-update"),
		}}},
		{Family: "packages", Names: []string{"pixi"}, Node: Node{Grammar: Grammar{Long: []string{"manifest-path="}}, Subs: []*Node{
			{Names: []string{"run", "r"}, Grammar: Grammar{Short: "e:", Long: []string{"environment=", "manifest-path=", "frozen", "locked"}}, Runs: &Runs{ShellOperand: true}},
			{Names: []string{"exec", "x"}, Grammar: Grammar{Short: "s:", Long: []string{"spec=", "manifest-path="}}, Runs: &Runs{}},
			rd("list", "ls", "info", "tree", "t", "search", "--version", "help", "shell-hook", "completion"),
			{Names: []string{"task", "config", "global", "g", "workspace", "project"}, Subs: []*Node{rd("list", "ls", "get"), wr("add", "remove", "rm", "alias", "set", "append", "prepend", "unset", "edit", "install", "i", "uninstall", "update", "upgrade", "sync", "expose", "channel", "platform", "name", "version", "description", "environment", "feature")}},
			wr("install", "i", "add", "a", "remove", "rm", "update", "upgrade", "lock", "init", "shell", "s", "clean", "upload", "auth", "build", "self-update", "import"),
		}}},
		{Family: "packages", Names: []string{"gem"}, Check: "packages", Node: Node{Grammar: Grammar{Long: []string{"config-file=", "backtrace", "debug", "norc"}}, Subs: []*Node{
			{Names: []string{"list", "query", "search", "info", "env", "environment", "contents", "specification", "spec", "which", "help", "dependency", "outdated", "stale", "--version", "-v"}, Read: true,
				Grammar: Grammar{Short: "v:", Long: []string{"version=", "platform=", "source="}}},
			{Names: []string{"sources", "source"}, Bare: true, ReadIf: []string{"-l", "--list"}, Grammar: Grammar{Short: "a:r:", Long: []string{"add=", "remove=", "append=", "prepend=", "list", "clear-all", "update"}},
				Unless: []string{"-a", "--add", "-r", "--remove", "-c", "--clear-all", "-u", "--update", "--append", "--prepend"}},
			{Names: []string{"owner"}, Read: true, Grammar: Grammar{Short: "a:r:k:", Long: []string{"add=", "remove=", "key=", "otp=", "host="}}, Unless: []string{"-a", "--add", "-r", "--remove"}},
			{Names: []string{"check"}, Read: true, Unless: []string{"--doctor"}},
			{Names: []string{"exec"}, Runs: &Runs{}},
			wr("install", "i", "uninstall", "update", "cleanup", "build", "push", "pristine", "rdoc", "fetch", "unpack", "generate_index", "cert", "certificate", "signin", "signout", "open", "lock", "mirror", "rebuild"),
			{Names: []string{"yank"}, Rules: []Rule{destructiveRule("gem_yank", "gem yank withdraws a published gem version from rubygems.org for everyone", "")}},
		}}},
		{Family: "packages", Names: []string{"bundle", "bundler"}, Node: Node{Grammar: Grammar{Long: []string{"gemfile=", "no-color", "retry=", "verbose"}}, Subs: []*Node{
			// The Gemfile is Ruby that bundler evaluates for what it installs
			// or runs with.
			{Names: []string{"exec"}, Runs: &Runs{}, CodeFiles: gemfiles, CodeOpts: []string{"--gemfile"}},
			{Names: []string{"install", "update", "lock", "add", "remove", "cache", "package", "pack", "binstubs", "clean"}, Writes: true, CodeFiles: gemfiles, CodeOpts: []string{"--gemfile"}},
			{Names: []string{"list", "show", "info", "outdated", "check", "version", "platform", "doctor", "licenses", "help", "--version", "-v"}, Read: true, Unless: []string{"--path"}},
			{Names: []string{"config"}, Bare: true, Subs: []*Node{rd("get", "list"), wr("set", "unset")}},
			{Names: []string{"audit"}, Read: true, Subs: []*Node{rd("check"), wr("update")}},
			wr("init", "gem", "open", "console", "inject", "plugin", "pristine", "viz"),
		}}},
		{Family: "packages", Names: []string{"composer", "composer.phar"}, Check: "packages", Node: Node{RunsFiles: ComposerScripts, Grammar: Grammar{Short: "d:", Long: []string{"working-dir=", "no-interaction", "no-plugins", "no-scripts", "no-cache", "ansi", "no-ansi", "profile", "quiet", "verbose"}}, Subs: append(composerVerbs(),
			&Node{Names: []string{"global", "g"}, Subs: composerVerbs()})}},

		{Family: "packages", Names: []string{"brew"}, Check: "packages", Node: Node{Grammar: Grammar{Long: []string{"prefix=", "cellar=", "repository=", "repo=", "cache=", "caskroom", "env", "config", "version", "help", "debug", "verbose", "quiet"}},
			ReadIf: []string{"--prefix", "--cellar", "--repository", "--repo", "--cache", "--caskroom", "--env", "--config", "--version", "-v"},
			Subs: []*Node{
				{Names: []string{"list", "ls", "info", "abv", "search", "outdated", "deps", "uses", "config", "doctor", "dr", "leaves", "desc", "home", "homepage", "options", "cat", "log", "commands", "command", "tap-info", "missing", "formulae", "casks", "shellenv", "which-formula", "audit", "livecheck", "lc", "help", "docs", "readall", "unbottled", "--version", "--env", "--prefix", "--cellar", "--cache", "--repository"}, Read: true,
					Grammar: Grammar{Long: []string{"json=?", "formula", "cask", "installed", "tree", "versions", "pinned", "full-name", "multiple"}}},
				{Names: []string{"style"}, Read: true, Unless: []string{"--fix"}},
				{Names: []string{"services"}, Bare: true, Subs: []*Node{rd("list", "info"), wr("start", "stop", "restart", "run", "cleanup", "kill")}},
				{Names: []string{"bundle"}, Writes: true, Subs: []*Node{rd("check", "list"), wr("dump", "install", "cleanup", "add", "remove", "env", "sh", "edit"), {Names: []string{"exec"}, Runs: &Runs{}}}},
				{Names: []string{"ruby", "irb"}, Grammar: Grammar{Short: "e:r:"}, Writes: true, Rules: []Rule{{ID: "inline_code.brew_ruby", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-e"},
					Reason: "brew ruby -e runs the Ruby code it is given"}}},
				{Names: []string{"analytics", "developer"}, Bare: true, Subs: []*Node{rd("state"), wr("on", "off")}},
				{Names: []string{"tap"}, Bare: true, Writes: true},
				wr("install", "reinstall", "uninstall", "remove", "rm", "upgrade", "update", "cleanup", "autoremove", "untap", "link", "ln", "unlink", "pin", "unpin", "switch", "edit", "create", "extract", "migrate", "postinstall", "fetch", "tap-new", "bump-formula-pr", "bump-cask-pr", "bump", "pr-pull", "test", "gist-logs", "update-reset", "vendor-gems", "completions", "sh", "install-bundler-gems", "mirror", "unpack", "update-report"),
			}}},

		{Family: "packages", Names: []string{"apt"}, Check: "packages", Node: Node{Grammar: aptGlobal, Subs: aptVerbs(
			rd("list", "show", "search", "policy", "depends", "rdepends", "showsrc", "changelog", "madison", "--version", "help", "moo"),
			wr("update", "edit-sources", "source", "download", "clean", "autoclean", "check"))}},
		{Family: "packages", Names: []string{"apt-get"}, Check: "packages", Node: Node{Grammar: aptGlobal, Subs: aptVerbs(
			rd("changelog", "indextargets", "help", "--version", "moo"),
			wr("update", "source", "download", "clean", "autoclean", "check", "dselect-upgrade", "markauto", "unmarkauto"))}},
		{Family: "packages", Names: []string{"apt-cache"}, Node: Node{Grammar: aptGlobal, Subs: []*Node{
			rd("policy", "show", "showpkg", "showsrc", "depends", "rdepends", "search", "pkgnames", "stats", "dump", "dumpavail", "unmet", "madison", "xvcg", "dotty", "showauto", "help", "--version"),
			wr("gencaches"),
		}}},
		{Family: "packages", Names: []string{"apt-mark"}, Node: Node{Subs: []*Node{
			rd("showmanual", "showauto", "showhold", "showinstall", "showremove", "showpurge", "help", "--version"),
			wr("hold", "unhold", "auto", "manual", "minimize-manual", "install", "remove", "purge"),
		}}},
		{Family: "packages", Names: []string{"apt-file"}, Node: Node{Subs: []*Node{rd("search", "find", "list", "show"), wr("update")}}},
		{Family: "packages", Names: []string{"debconf-show", "dpkg-query", "dpkg-architecture", "apt-config", "apt-rdepends", "apt-show-versions", "checkupdates", "pactree", "expac", "rpmquery", "repoquery"},
			Node: Node{Read: true, Grammar: Grammar{Short: "f:W", Long: []string{"showformat=", "admindir=", "root="}}}},
		{Family: "packages", Names: []string{"dpkg"}, Node: Node{Grammar: Grammar{Long: []string{"list", "listfiles", "status", "search", "print-avail", "get-selections", "audit", "print-architecture", "print-foreign-architectures", "compare-versions", "contents", "info", "field", "install", "remove", "purge", "configure", "unpack", "set-selections", "clear-selections", "add-architecture", "remove-architecture", "update-avail", "merge-avail", "clear-avail", "forget-old-unavail", "record-avail", "triggers-only", "verify", "root=", "admindir=", "instdir=", "log=", "force-all", "force=?", "recursive", "extract", "fsys-tarfile", "build", "vextract", "control", "ctrl-tarfile"}},
			ReadIf: []string{"-l", "--list", "-L", "--listfiles", "-s", "--status", "-S", "--search", "-p", "--print-avail", "--get-selections", "-C", "--audit", "--print-architecture", "--print-foreign-architectures", "--compare-versions", "-c", "--contents", "-I", "--info", "-f", "--field", "-V", "--verify"},
			Unless: []string{"-i", "--install", "-r", "--remove", "-P", "--purge", "--configure", "--unpack", "--set-selections", "--clear-selections", "--add-architecture", "--remove-architecture", "--update-avail", "--merge-avail", "--clear-avail", "--forget-old-unavail", "--record-avail", "--triggers-only", "-x", "--extract", "-X", "--vextract", "-b", "--build", "-e", "--control", "-R", "--recursive", "--log", "-D"}}},
		{Family: "packages", Names: []string{"dpkg-deb"}, Node: Node{Grammar: Grammar{Long: []string{"info", "contents", "field", "show", "showformat=", "build", "extract", "vextract", "raw-extract", "control", "fsys-tarfile", "ctrl-tarfile"}},
			ReadIf: []string{"-I", "--info", "-c", "--contents", "-f", "--field", "-W", "--show"}, Unless: []string{"-b", "--build", "-x", "--extract", "-X", "--vextract", "-R", "--raw-extract", "-e", "--control"}}},

		{Family: "packages", Names: []string{"dnf", "yum", "dnf5", "microdnf", "tdnf"}, Check: "packages", Node: Node{Grammar: dnfGlobal, Subs: []*Node{
			rd("list", "info", "search", "se", "repolist", "repoinfo", "repoquery", "rq", "provides", "whatprovides", "wp", "check-update", "check-upgrade", "check", "deplist", "updateinfo", "advisory", "changelog", "help", "--version", "version", "leaves", "needs-restarting"),
			{Names: []string{"history"}, Read: true, Subs: []*Node{rd("list", "info", "userinstalled", "stats", "summary"), wr("undo", "redo", "rollback", "store", "replay")}},
			{Names: []string{"group", "groups", "grouplist", "groupinfo", "module", "repo", "environment"}, Subs: []*Node{rd("list", "info", "summary", "provides", "repoquery"), wr("install", "remove", "upgrade", "mark", "enable", "disable", "reset", "update", "switch-to")}},
			{Names: []string{"install", "in", "reinstall", "upgrade", "update", "up", "upgrade-minimal", "downgrade", "distro-sync", "dsync", "swap", "remove", "rm", "erase", "autoremove"}, Writes: true, ReadIf: []string{"--assumeno"}},
			wr("clean", "makecache", "mc", "builddep", "mark", "copr", "config-manager", "download", "system-upgrade", "offline-upgrade", "shell", "versionlock", "localinstall", "groupinstall", "groupremove", "debuginfo-install", "alias", "replay"),
		}}},
		{Family: "packages", Names: []string{"rpm"}, Node: Node{Grammar: Grammar{Short: "D:E:r:", Long: []string{"query", "verify", "checksig", "querytags", "showrc", "eval=", "define=", "pipe=", "root=", "dbpath=", "queryformat=", "qf=", "whatprovides", "whatrequires", "install", "upgrade", "freshen", "erase", "import", "rebuilddb", "initdb", "setperms", "setugids", "restore", "reinstall", "addsign", "resign", "delsign", "all", "list", "info", "file", "requires", "provides", "changelog", "scripts"}},
			ReadIf: []string{"-q", "--query", "-V", "--verify", "-K", "--checksig", "--querytags", "--showrc"},
			Unless: []string{"-U", "--upgrade", "-F", "--freshen", "-e", "--erase", "--install", "--import", "--rebuilddb", "--initdb", "--setperms", "--setugids", "--restore", "--reinstall", "--pipe", "--eval", "-E", "-D", "--define", "--addsign", "--resign", "--delsign"},
			Rules:  []Rule{{ID: "inline_code.rpm_pipe", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--pipe"}, Reason: "rpm --pipe runs a shell command on rpm's output"}}}},
		{Family: "packages", Names: []string{"pacman", "yay", "paru", "pamac-cli"}, Check: "packages", Node: Node{Grammar: Grammar{Short: "b:r:", Long: []string{"root=", "dbpath=", "config=", "cachedir=", "gpgdir=", "hookdir=", "logfile=", "arch=", "sysroot=", "assume-installed=", "ignore=", "ignoregroup=", "overwrite=", "print-format=", "color=", "noconfirm", "needed", "asdeps", "asexplicit", "search", "info", "list", "groups", "query", "sync", "remove", "upgrade", "database", "files", "deptest", "refresh", "sysupgrade", "clean", "downloadonly", "print", "owns", "deps", "explicit", "unrequired", "foreign", "native", "check", "changelog", "nosave", "recursive", "cascade", "unneeded", "version"}},
			ReadIf: []string{"-Q", "--query", "-T", "--deptest", "-F", "--files", "-s", "--search", "-i", "--info", "-l", "--list", "-g", "--groups", "-p", "--print", "-V", "--version"},
			Unless: []string{"-R", "--remove", "-U", "--upgrade", "-D", "--database", "-y", "--refresh", "-u", "--sysupgrade", "-c", "--clean", "-w", "--downloadonly", "--logfile", "--overwrite"}}},
		{Family: "packages", Names: []string{"zypper"}, Check: "packages", Node: Node{Grammar: Grammar{Short: "R:p:D:c:", Long: []string{"root=", "plus-repo=", "reposd-dir=", "config=", "cache-dir=", "raw-cache-dir=", "solv-cache-dir=", "pkg-cache-dir=", "non-interactive", "quiet", "xmlout", "no-refresh", "gpg-auto-import-keys"}}, Subs: []*Node{
			rd("search", "se", "info", "if", "list-updates", "lu", "list-patches", "lp", "patches", "pch", "packages", "pa", "patterns", "pt", "products", "pd", "repos", "lr", "services", "ls", "locks", "ll", "what-provides", "wp", "patch-check", "pchk", "--version", "-V", "help", "search-packages", "tos", "targetos", "versioncmp", "vcmp", "licenses", "ps", "needs-rebooting"),
			{Names: []string{"install", "in", "remove", "rm", "update", "up", "dist-upgrade", "dup", "patch", "verify", "ve", "install-new-recommends", "inr"}, Writes: true, ReadIf: []string{"--dry-run", "-D"}},
			wr("refresh", "ref", "addrepo", "ar", "removerepo", "rr", "modifyrepo", "mr", "renamerepo", "nr", "clean", "cc", "addlock", "al", "removelock", "rl", "cleanlocks", "cl", "source-install", "si", "addservice", "as", "removeservice", "rs", "modifyservice", "ms", "refresh-services", "refs", "shell", "sh", "download", "source-download", "purge-kernels"),
		}}},
		{Family: "packages", Names: []string{"apk"}, Check: "packages", Node: Node{Grammar: Grammar{Short: "X:p:U", Long: []string{"repository=", "root=", "arch=", "cache-dir=", "keys-dir=", "repositories-file=", "update-cache", "no-cache", "quiet", "verbose", "interactive", "allow-untrusted"}}, Subs: []*Node{
			{Names: []string{"info", "search", "list", "policy", "dot", "stats", "version", "verify", "audit", "query", "--version", "-V", "help"}, Read: true, Unless: []string{"-U", "--update-cache"}},
			{Names: []string{"add", "del", "fix", "upgrade"}, Writes: true, ReadIf: []string{"-s", "--simulate"}, Unless: []string{"-U", "--update-cache"}},
			wr("update", "cache", "fetch", "index", "manifest", "mkpkg", "mkndx", "convndx", "convdb", "extract"),
		}}},
		{Family: "packages", Names: []string{"snap"}, Check: "packages", Node: Node{Subs: []*Node{
			rd("list", "info", "find", "search", "version", "services", "connections", "interface", "interfaces", "changes", "change", "tasks", "warnings", "known", "model", "get", "aliases", "logs", "help", "--version", "watch", "whoami", "routine", "saved"),
			wr("install", "remove", "refresh", "revert", "enable", "disable", "set", "unset", "validate", "recovery", "debug", "connect", "disconnect", "alias", "unalias", "prefer", "save", "restore", "forget", "check-snapshot", "start", "stop", "restart", "login", "logout", "ack", "download", "try", "pack", "run", "switch", "create-user", "remove-user", "abort", "okay", "import-snapshot", "export-snapshot", "sign", "create-cohort", "refresh-hold", "reboot", "remodel", "prepare-image"),
		}}},
		{Family: "packages", Names: []string{"flatpak"}, Check: "packages", Node: Node{Grammar: Grammar{Long: []string{"user", "system", "installation=", "verbose", "ostree-verbose"}}, Subs: []*Node{
			rd("list", "info", "search", "remotes", "remote-ls", "remote-info", "history", "ps", "documents", "permissions", "permission-show", "--version", "--default-arch", "--supported-arches", "--print-updated-env", "help", "document-info"),
			{Names: []string{"config"}, Bare: true, ReadIf: []string{"--list", "--get"}, Grammar: Grammar{Long: []string{"list", "get", "set", "unset"}}, Unless: []string{"--set", "--unset"}},
			{Names: []string{"uninstall", "remove"}, Writes: true, Grammar: Grammar{Long: []string{"delete-data", "unused", "all", "force-remove", "keep-ref", "noninteractive"}},
				Rules: []Rule{{ID: "destructive_action.flatpak_delete_data", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"--delete-data"},
					Reason: "flatpak uninstall --delete-data deletes the applications' own data under ~/.var/app", Safer: "flatpak uninstall APP (keeps the data)"}}},
			wr("install", "update", "upgrade", "remote-add", "remote-delete", "remote-modify", "repair", "run", "override", "make-current", "enter", "kill", "mask", "pin", "permission-remove", "permission-set", "permission-reset", "build", "build-init", "build-finish", "build-export", "build-bundle", "build-import-bundle", "build-sign", "build-update-repo", "build-commit-from", "create-usb", "document-export", "document-unexport", "spawn"),
		}}},
		{Family: "packages", Names: []string{"nix-env"}, Node: Node{Grammar: Grammar{Short: "f:p:I:A", Long: []string{"file=", "profile=", "attr", "query", "install", "uninstall", "upgrade", "set", "rollback", "list-generations", "switch-generation=", "delete-generations", "set-flag", "available", "installed", "status", "description", "json", "compare-versions", "dry-run", "option="}},
			ReadIf: []string{"-q", "--query", "--list-generations"},
			Unless: []string{"-i", "--install", "-e", "--uninstall", "-u", "--upgrade", "--set", "--rollback", "--switch-generation", "-G", "--delete-generations", "--set-flag", "-r", "--remove-all", "--option"}}},
		{Family: "packages", Names: []string{"nix-store"}, Node: Node{Grammar: Grammar{Long: []string{"query", "verify", "gc", "delete", "realise", "add", "add-fixed", "repair-path", "optimise", "dump", "export", "import", "restore", "serve", "load-db", "dump-db", "read-log", "print-env", "references", "referrers", "requisites", "tree", "graph", "roots", "deriver", "hash", "size", "check-contents", "print-dead", "print-live", "ignore-liveness", "repair"}},
			ReadIf: []string{"-q", "--query", "--verify", "--read-log", "-l", "--dump-db", "--print-env", "--check-contents", "--print-dead", "--print-live", "--dump"},
			Unless: []string{"--gc", "--delete", "-r", "--realise", "--add", "--add-fixed", "--repair-path", "--optimise", "--export", "--import", "--restore", "--serve", "--load-db", "--repair", "--ignore-liveness"}}},
		{Family: "packages", Names: []string{"nix-channel"}, Node: Node{Grammar: Grammar{Long: []string{"list", "add", "remove", "update", "list-generations", "rollback"}}, ReadIf: []string{"--list", "--list-generations"}, Unless: []string{"--add", "--remove", "--update", "--rollback"}}},
		{Family: "packages", Names: []string{"nix-collect-garbage"}, Node: Node{Writes: true, ReadIf: []string{"--dry-run"}, Grammar: Grammar{Long: []string{"delete-old", "delete-older-than=", "dry-run", "max-freed="}}}},

		// Maven and Gradle run the project's build code: only their version is read-only.
		{Family: "packages", Names: []string{"mvn", "mvnw", "mvnd"}, Node: Node{Grammar: Grammar{Short: "f:s:D:P:T:l:b:t:", Words: []string{"pl=", "gs=", "rf=", "emp=", "ep=", "am", "amd", "ntp", "npu", "nsu", "cpu", "up", "ff", "fae", "fn"}, Long: []string{"file=", "settings=", "global-settings=", "projects=", "define=", "activate-profiles=", "threads=", "log-file=", "builder=", "toolchains=", "resume-from=", "version", "show-version", "batch-mode", "quiet", "offline"}},
			ReadIf: []string{"-v", "--version"}}},
		{Family: "packages", Names: []string{"gradle", "gradlew"}, Node: Node{Grammar: Grammar{Short: "b:c:D:g:I:P:p:x:", Long: []string{"build-file=", "settings-file=", "gradle-user-home=", "init-script=", "project-dir=", "project-prop=", "system-prop=", "exclude-task=", "console=", "warning-mode=", "max-workers=", "priority=", "version", "offline", "quiet", "stacktrace", "info", "debug", "scan", "no-daemon", "daemon", "parallel", "continue", "dry-run", "refresh-dependencies", "configuration-cache"}},
			ReadIf: []string{"-v", "--version"}}},
		{Family: "packages", Names: []string{"twine"}, Node: Node{Subs: []*Node{rd("check", "--version", "help"), wr("upload", "register")}}},
		// rimraf is the Node world's rm -rf (npx rimraf dist): the validator judges
		// its operands as rm -rf's.
		{Family: "packages", Names: []string{"dotnet"}, Node: Node{ReadIf: []string{"--info", "--version", "--list-sdks", "--list-runtimes"}, Grammar: Grammar{Long: []string{"info", "version", "list-sdks", "list-runtimes"}}, Subs: []*Node{
			{Names: []string{"exec"}, Runs: &Runs{}},
			{Names: []string{"--info", "--version", "--list-sdks", "--list-runtimes", "list", "help", "sdk"}, Read: true},
			{Names: []string{"nuget"}, Subs: []*Node{{Names: []string{"list"}, Read: true}, {Names: []string{"locals"}, ReadIf: []string{"--list", "-l"}}, wr("push", "add", "update", "enable", "disable", "sign", "verify", "trust", "why", "config"),
				gone("dotnet_nuget_delete", "dotnet nuget delete unlists or deletes a published package version from the feed", "", "delete", "remove")}},
			{Names: []string{"build", "test", "run", "restore", "publish", "pack", "new", "add", "remove", "tool", "clean", "format", "workload", "sln", "watch", "dev-certs", "user-secrets", "ef"}, Writes: true},
		}}},
		{Family: "packages", Names: []string{"opam", "stack", "cabal"}, Node: Node{Subs: []*Node{
			{Names: []string{"exec"}, Runs: &Runs{}},
			{Names: []string{"list", "show", "info", "--version", "version", "config", "path", "ls", "search"}, Read: true},
		}}},

		// Other systems' package managers.
		{Family: "packages", Names: []string{"port"}, Node: Node{Subs: []*Node{
			rd("installed", "list", "search", "info", "deps", "rdeps", "contents", "provides", "outdated", "echo", "variants", "dependents", "rdependents", "location", "version", "help", "usage", "cat", "dir", "file", "gohome", "notes", "livecheck", "lint", "logfile", "log", "platform"),
			{Names: []string{"select"}, ReadIf: []string{"--list", "--show", "--summary"}, Grammar: Grammar{Long: []string{"list", "show", "summary", "set"}}, Unless: []string{"--set"}},
			wr("install", "uninstall", "upgrade", "selfupdate", "sync", "clean", "activate", "deactivate", "load", "unload", "reload", "setrequested", "unsetrequested", "migrate", "reclaim", "fetch", "extract", "patch", "configure", "build", "destroot", "archive", "mpkg", "pkg", "edit", "restore", "snapshot"),
		}}},
		{Family: "packages", Names: []string{"choco", "chocolatey"}, Node: Node{Subs: []*Node{
			rd("list", "search", "find", "info", "outdated", "--version", "-v", "help", "-?"),
			{Names: []string{"config", "source", "sources", "feature", "features", "apikey", "pin", "template", "templates"}, Bare: true, Subs: []*Node{rd("list", "get"), wr("set", "unset", "add", "remove", "enable", "disable")}},
			wr("install", "uninstall", "upgrade", "pack", "push", "new", "export", "cache", "license", "support", "optimize"),
		}}},
		{Family: "packages", Names: []string{"winget"}, Node: Node{ReadIf: []string{"--info", "--version", "-v"}, Grammar: Grammar{Long: []string{"info", "version"}}, Subs: []*Node{
			rd("list", "ls", "search", "find", "show", "view", "--version", "--info", "features", "hash", "validate", "--help", "-?"),
			{Names: []string{"source"}, Subs: []*Node{rd("list", "ls", "export"), wr("add", "remove", "rm", "reset", "update", "refresh")}},
			{Names: []string{"settings", "config", "configure", "pin"}, Subs: []*Node{rd("list", "ls", "export", "show", "test", "validate"), wr("add", "remove", "reset", "set", "enable", "disable")}},
			{Names: []string{"export"}, Writes: true, Grammar: Grammar{Short: "o:", Long: []string{"output="}}, Output: []string{"-o", "--output"}},
			wr("install", "add", "uninstall", "remove", "rm", "upgrade", "update", "import", "repair", "download"),
		}}},
		{Family: "packages", Names: []string{"scoop"}, Node: Node{Subs: []*Node{
			rd("list", "search", "info", "status", "cat", "depends", "home", "prefix", "which", "checkup", "export", "help", "--version", "virustotal"),
			{Names: []string{"config"}, Bare: true, Writes: true},
			{Names: []string{"bucket"}, Subs: []*Node{rd("list", "known"), wr("add", "rm")}},
			{Names: []string{"cache"}, Subs: []*Node{rd("show"), wr("rm")}},
			wr("install", "uninstall", "update", "cleanup", "reset", "hold", "unhold", "import", "shim", "alias", "create", "download"),
		}}},
		{Family: "packages", Names: []string{"pkg"}, Node: Node{Grammar: Grammar{Short: "c:j:r:C:R:o:", Long: []string{"chroot=", "jail=", "rootdir=", "config=", "repo-conf-dir=", "option=", "version", "list"}}, ReadIf: []string{"-v", "--version", "-l", "--list"}, Subs: []*Node{
			rd("info", "search", "query", "rquery", "audit", "which", "version", "stats", "help", "shlib"),
			wr("install", "add", "delete", "remove", "upgrade", "update", "autoremove", "clean", "lock", "unlock", "fetch", "check", "shell", "create", "register", "repo", "set", "backup", "bootstrap", "convert", "triggers"),
		}}},
		{Family: "packages", Names: []string{"emerge"}, Node: Node{Grammar: Grammar{Long: []string{"search", "searchdesc", "info", "pretend", "ask", "version", "depclean", "unmerge", "sync", "update", "deep", "newuse", "verbose", "oneshot", "noreplace", "tree"}},
			ReadIf: []string{"-s", "--search", "-S", "--searchdesc", "--info", "-p", "--pretend", "--version"}, Unless: []string{"-a", "--ask"}}},
		{Family: "packages", Names: []string{"equery", "eix", "qlist", "qfile", "qdepends", "qsize", "xbps-query", "pkg_info"}, Node: Node{Read: true}},
		{Family: "packages", Names: []string{"xbps-install", "xbps-remove", "pkg_add", "pkg_delete", "eopkg", "swupd", "pkgin", "slackpkg", "urpmi", "urpme", "installpkg", "removepkg", "dpkg-reconfigure"}, Node: Node{Writes: true}},
		{Family: "packages", Names: []string{"aptitude"}, Node: Node{Grammar: aptGlobal, Subs: []*Node{
			rd("search", "show", "versions", "why", "why-not", "changelog", "download-only", "help", "--version"),
			{Names: []string{"install", "reinstall", "remove", "purge", "upgrade", "safe-upgrade", "full-upgrade", "dist-upgrade", "build-dep"}, Writes: true, ReadIf: []string{"-s", "--simulate"}},
			wr("update", "hold", "unhold", "markauto", "unmarkauto", "forbid-version", "clean", "autoclean", "keep", "keep-all", "download"),
		}}},
		{Family: "packages", Names: []string{"opkg"}, Node: Node{Subs: []*Node{
			rd("list", "list-installed", "list-upgradable", "list-changed-conffiles", "info", "status", "search", "files", "depends", "whatdepends", "whatprovides", "whatconflicts", "whatreplaces", "find", "compare-versions", "print-architecture", "--version"),
			wr("install", "remove", "update", "upgrade", "flag", "configure", "download", "clean"),
		}}},
		{Family: "packages", Names: []string{"apt-key"}, Node: Node{Subs: []*Node{rd("list", "finger", "fingerprint", "export", "exportall"), wr("add", "del", "adv", "update", "net-update")}}},
		{Family: "packages", Names: []string{"add-apt-repository", "apt-add-repository"}, Node: Node{Writes: true}},
		{Family: "packages", Names: []string{"update-alternatives", "alternatives"}, Node: Node{Grammar: Grammar{Long: []string{"display=", "list=", "query=", "get-selections", "config=", "set=", "install", "remove=", "remove-all=", "auto=", "all", "set-selections", "altdir=", "admindir=", "log=", "root="}},
			ReadIf: []string{"--display", "--list", "--query", "--get-selections"}, Unless: []string{"--config", "--set", "--install", "--remove", "--remove-all", "--auto", "--all", "--set-selections", "--log"}}},
		{Family: "packages", Names: []string{"guix"}, Node: Node{Subs: []*Node{
			rd("search", "show", "describe", "--version", "help", "graph", "size", "lint", "weather", "challenge", "hash"),
			{Names: []string{"package"}, ReadIf: []string{"-I", "--list-installed", "-A", "--list-available", "-s", "--search", "--show", "-l", "--list-generations", "--list-profiles"},
				Grammar: Grammar{Long: []string{"list-installed=?", "list-available=?", "search=", "show=", "list-generations=?", "list-profiles", "install=", "remove=", "upgrade=?", "roll-back", "switch-generation=", "delete-generations=?", "profile="}, Short: "p:i:r:u::S:d::"},
				Unless:  []string{"-i", "--install", "-r", "--remove", "-u", "--upgrade", "--roll-back", "-S", "--switch-generation", "-d", "--delete-generations", "-e", "--install-from-expression", "-f", "--install-from-file", "-m", "--manifest"}},
			{Names: []string{"shell", "environment"}, Runs: &Runs{AfterDashDash: true}},
			wr("install", "remove", "upgrade", "pull", "gc", "build", "system", "home", "pack", "copy", "deploy", "import", "archive", "publish", "style", "edit", "download"),
		}}},
		{Family: "packages", Names: []string{"spack"}, Node: Node{Subs: []*Node{
			rd("find", "list", "info", "spec", "versions", "location", "compilers", "providers", "dependents", "dependencies", "arch", "--version", "help", "debug-report", "graph"),
			{Names: []string{"env", "compiler", "config", "mirror", "repo"}, Subs: []*Node{rd("list", "ls", "status", "st", "get", "blame", "info"), wr("create", "activate", "deactivate", "remove", "rm", "add", "find", "edit", "update")}},
			wr("install", "uninstall", "load", "unload", "clean", "gc", "external", "develop", "add", "concretize", "buildcache", "create", "edit", "mark", "patch", "stage", "restage", "test"),
		}}},
		{Family: "packages", Names: []string{"vcpkg"}, Node: Node{Subs: []*Node{
			rd("list", "search", "depend-info", "version", "owns", "help", "find", "--version", "x-package-info", "portsdiff"),
			{Names: []string{"upgrade"}, Read: true, Unless: []string{"--no-dry-run"}},
			wr("install", "remove", "update", "integrate", "export", "create", "edit", "hash", "fetch", "new", "add", "x-update-baseline", "env", "activate"),
		}}},
		{Family: "packages", Names: []string{"conan"}, Node: Node{Subs: []*Node{
			rd("search", "list", "version", "--version", "help"),

			{Names: []string{"profile", "config", "remote", "cache"}, Subs: []*Node{rd("list", "show", "path", "home", "get", "list-users", "check-integrity"), wr("detect", "install", "set", "unset", "add", "update", "rename", "enable", "disable", "login", "logout", "auth", "set-user", "clean", "save", "restore", "remove", "rm")}},
			{Names: []string{"remove", "rm"}, Grammar: Grammar{Short: "r:c", Long: []string{"remote=", "confirm", "dry-run"}}, ReadIf: []string{"--dry-run"}, Writes: true,
				Rules: []Rule{{ID: "destructive_action.conan_remove_remote", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"-r", "--remote"},
					Reason: "conan remove -r deletes packages from the remote server for everyone who uses it", Safer: "conan remove PATTERN -r REMOTE --dry-run"}}},
			wr("install", "create", "upload", "export", "export-pkg", "build", "new", "editable", "download", "source", "test", "lock", "workspace", "inspect", "graph", "info"),
		}}},
		{Family: "packages", Names: []string{"nuget"}, Node: Node{Subs: []*Node{
			rd("list", "search", "help", "config-get", "verify"),
			{Names: []string{"locals"}, ReadIf: []string{"-list", "-List", "-l"}, Grammar: Grammar{Words: []string{"list", "List", "clear", "Clear"}}},
			{Names: []string{"sources", "source"}, Bare: true, Subs: []*Node{rd("list", "List"), wr("add", "Add", "update", "Update", "enable", "disable", "remove", "Remove")}},
			wr("install", "restore", "pack", "push", "update", "add", "init", "setapikey", "spec", "sign", "trusted-signers", "client-certs", "config"),
			gone("nuget_delete", "nuget delete removes or unlists a published package version from the feed", "", "delete"),
		}}},
		{Family: "packages", Names: []string{"vsce", "ovsx"}, Node: Node{Subs: []*Node{
			rd("ls", "list", "show", "search", "verify-pat", "--version", "help", "ls-publishers"),
			wr("package", "publish", "login", "logout", "create-publisher", "create-namespace"),
			gone("vsce_unpublish", "unpublishes the extension from the marketplace for everyone", "", "unpublish", "delete-publisher"),
		}}},

		// rustc compiles (writes); asked for its version, a --print or an
		// --explain it only prints.
		{Family: "packages", Names: []string{"rustc"}, Node: Node{Grammar: Grammar{Plus: true, Short: "o:L:l:C:W:A:D:F:", Long: []string{"print=", "explain=", "emit=", "out-dir=", "crate-type=", "crate-name=", "edition=", "target=", "cfg=", "cap-lints=", "codegen=", "version", "verbose"}},
			ReadIf: []string{"--version", "-V", "--print", "--explain"}, Unless: []string{"-o", "--out-dir", "--emit"}, Output: []string{"-o", "--out-dir"}}},
		{Family: "packages", Names: []string{"pre-commit"}, Node: Node{RunsFiles: HookRunners, Grammar: Grammar{Short: "c:", Long: []string{"config=", "color="}}, Subs: []*Node{
			rd("validate-config", "validate-manifest", "sample-config", "--version", "-V", "help"),
			{Names: []string{"run"}, Writes: true, Grammar: Grammar{Short: "av", Long: []string{"all-files", "files=", "hook-stage=", "from-ref=", "to-ref=", "source=", "origin=",
				"show-diff-on-failure", "verbose", "remote-branch=", "local-branch=", "remote-name=", "remote-url=", "commit-msg-filename=", "checkout-type=", "is-squash-merge=", "rewrite-command=", "prepare-commit-message-source=", "commit-object-name="}}},
			wr("install", "install-hooks", "uninstall", "autoupdate", "clean", "gc", "try-repo", "migrate-config", "init-templatedir", "hook-impl"),
		}}},
		// lefthook run HOOK runs the commands lefthook.yml gives the hook.
		{Family: "packages", Names: []string{"lefthook"}, Node: Node{RunsFiles: HookRunners, Grammar: Grammar{Short: "vh", Long: []string{"verbose", "colors=", "no-colors", "help"}}, Subs: []*Node{
			rd("version", "validate", "dump", "check-install", "help", "--version"),
			{Names: []string{"run"}, Writes: true, Grammar: Grammar{Short: "f", Long: []string{"all-files", "files=", "file=", "files-from-stdin", "force", "no-tty", "no-auto-install", "skip-lfs", "commands=", "command=", "jobs=", "job=", "tag=", "exclude=", "fail-on-changes"}}},
			wr("install", "uninstall", "add", "self-update"),
		}}},
		// tox's options (tox 4 and tox 3's legacy ones) are declared whole:
		// runfiles.ToxCommands reads which environments an argv runs.
		{Family: "packages", Names: []string{"tox"}, Node: Node{RunsFiles: ToxCommands, ReadIf: []string{"-l", "--listenvs", "-a", "--listenvs-all", "--version", "--showconfig", "-h", "--help"},
			Grammar: toxGrammar, Subs: []*Node{
				rd("list", "l", "config", "c", "depends", "de", "--version"),
				wr("run", "r", "run-parallel", "p", "devenv", "d", "legacy", "le", "quickstart", "q", "exec", "e"),
			}}},
		{Family: "packages", Names: []string{"nox"}, Node: Node{Project: true, CodeFiles: []string{"noxfile.py"}, CodeOpts: []string{"-f", "--noxfile"}, ReadIf: []string{"-l", "--list", "--list-sessions", "--version"},
			Grammar: Grammar{Long: []string{"list", "list-sessions", "version"}}}},

		// Version managers (nvm and sdk are shell functions, judged the same way).
		{Family: "packages", Names: []string{"nvm", "fnm", "volta", "sdk", "n"}, Node: Node{Subs: []*Node{
			rd("ls", "list", "ls-remote", "list-remote", "current", "version", "versions", "which", "--version", "help", "env", "home", "ls-all", "broadcast"),
			{Names: []string{"exec"}, Grammar: Grammar{Long: []string{"using=", "silent"}}, Runs: &Runs{}},
			{Names: []string{"run"}, Writes: true},
			wr("install", "i", "uninstall", "rm", "prune", "use", "default", "alias", "unalias", "pin", "fetch", "setup", "deactivate", "reinstall-packages", "cache", "completions", "flush", "selfupdate", "update", "upgrade", "offline", "online", "config"),
		}}},

		// npm tools agents reach for through npx.
		{Family: "packages", Names: []string{"ncu", "npm-check-updates"}, Node: Node{Read: true, Unless: []string{"-u", "--upgrade", "--install", "-i", "--interactive", "-d", "--doctor"}, Grammar: Grammar{Long: []string{"upgrade", "install=", "interactive", "target=", "filter=", "reject=", "format=", "packageFile=", "cwd="}}}},
		{Family: "packages", Names: []string{"npm-check"}, Node: Node{Read: true, Unless: []string{"-u", "--update", "-y", "--update-all"}}},
		{Family: "packages", Names: []string{"depcheck", "license-checker", "license-checker-rseidelsohn", "madge", "publint", "attw", "are-the-types-wrong", "bundlephobia"}, Node: Node{Read: true, Output: []string{"--out", "--image", "--json-file"}, Grammar: Grammar{Long: []string{"out=", "image=", "json-file="}}}},
		{Family: "packages", Names: []string{"knip"}, Node: Node{Read: true, Unless: []string{"--fix", "--fix-type", "--allow-remove-files"}}},
		// The task runners: what they run is the project's scripts and tasks
		// (runfiles.TaskRunner), so they only read when those do.
		{Family: "packages", Names: []string{"npm-run-all", "run-s", "run-p", "poe", "task"}, Node: Node{RunsFiles: TaskRunners, Writes: true, RunsOnly: true,
			ReadIf: []string{"--version", "-v", "--help", "-h", "-l", "--list"}}},
		{Family: "packages", Names: []string{"turbo"}, Node: Node{RunsFiles: TaskRunners, Writes: true, RunsOnly: true, ReadIf: []string{"--version", "--help", "-h"}, Subs: []*Node{
			rd("ls", "info", "query", "daemon", "telemetry", "bin"), wr("prune", "gen", "generate", "link", "unlink", "login", "logout", "scan")}}},
		{Family: "packages", Names: []string{"lerna"}, Node: Node{RunsFiles: TaskRunners, Subs: []*Node{
			rd("list", "ls", "la", "ll", "changed", "diff", "info", "--version", "help"),
			{Names: []string{"exec"}, Grammar: Grammar{Long: []string{"scope=", "ignore=", "concurrency="}}, Runs: &Runs{AfterDashDash: true}},
			wr("run", "publish", "version", "bootstrap", "clean", "add", "create", "import", "init", "link", "add-caching", "repair", "watch"),
		}}},
		{Family: "packages", Names: []string{"changeset"}, Node: Node{Subs: []*Node{{Names: []string{"status"}, Read: true, Grammar: Grammar{Long: []string{"output=", "since=", "verbose"}}, Output: []string{"--output"}}, wr("add", "version", "publish", "pre", "tag", "init")}}},
		{Family: "packages", Names: []string{"jf", "jfrog"}, Node: Node{Subs: []*Node{
			rd("--version", "help"),
			{Names: []string{"c", "config"}, Subs: []*Node{rd("show", "s"), wr("add", "edit", "use", "import", "export", "rm", "remove")}},
			{Names: []string{"rt"}, Subs: []*Node{
				rd("ping", "s", "search"),
				wr("u", "upload", "dl", "download", "mv", "move", "cp", "copy", "sp", "set-props", "build-publish", "bp", "add", "edit", "use", "import", "export"),
				gone("jfrog_delete", "deletes artifacts or properties from the Artifactory repository for everyone", "jf rt s PATTERN (to see what would go)", "del", "delete", "rm", "remove", "delp", "delete-props"),
			}},
		}}},
	}
}

// rd is a verb that only reads; wr one that changes things as ordinary work.
// toxGrammar is tox's options, tox 4's with tox 3's legacy ones: -e and -m
// pick environments, -c the configuration file, -x overrides a setting.
var toxGrammar = Grammar{Short: "e:c:m:f:x:i:o:p::qvrnalh", Exact: true, Long: []string{
	"env=", "conf=", "root=", "workdir=", "labels=", "factors=", "override=", "skip-env=", "runner=", "result-json=", "hashseed=",
	"discover=", "installpkg=", "index-url=", "exit-and-dump-after=", "colored=", "skip-missing-interpreters=?", "no-provision=?",
	"parallel=?", "parallel-live", "parallel-no-spinner", "recreate", "no-recreate-pkg", "skip-pkg-install", "notest", "sdistonly",
	"develop", "pre", "list-dependencies", "no-list-dependencies", "showconfig", "listenvs", "listenvs-all", "version", "help",
	"quiet", "verbose", "alwayscopy", "sitepackages", "devenv=", "no-capture", "tmpdir=", "current-env", "force-dep=", "provision=?",
}}

func rd(names ...string) *Node { return &Node{Names: names, Read: true} }
func wr(names ...string) *Node { return &Node{Names: names, Writes: true} }

// gone is a verb that destroys something outside the file system that other
// people rely on: it asks even in auto mode.
func gone(id, reason, safer string, names ...string) *Node {
	return &Node{Names: names, Rules: []Rule{destructiveRule(id, reason, safer)}}
}

func destructiveRule(id, reason, safer string) Rule {
	return Rule{ID: "destructive_action." + id, Kind: finding.DestructiveAction, Severity: finding.NonSevere, Reason: reason, Safer: safer}
}

// npmGlobal are npm's options that any verb takes, those with a value first.
var npmGlobal = Grammar{Short: "w:C:", Long: []string{"prefix=", "browser=", "viewer=", "editor=", "shell=", "workspace=", "registry=", "script-shell=", "node-options=", "userconfig=", "globalconfig=", "loglevel=", "cache=", "otp=", "tag=", "access=", "omit=", "include=", "install-strategy=", "depth=", "location=", "before=", "scope=", "auth-type=",
	"workspaces", "include-workspace-root", "global", "json", "parseable", "long", "all", "silent", "yes", "force", "dry-run", "save-dev", "save", "ignore-scripts", "offline", "prefer-offline", "legacy-peer-deps"}}

// gemfiles are the files bundler reads its Gemfile from.
var gemfiles = []string{"Gemfile", "gems.rb"}

// pnpmGlobal are pnpm's and yarn's options that take a value.
var pnpmGlobal = Grammar{Short: "C:F:", Long: []string{"dir=", "filter=", "cwd=", "prefix=", "script-shell=", "shell-emulator", "ignore-scripts", "reporter=", "loglevel=", "store-dir=", "registry=", "modules-folder=", "cache-folder=", "global-folder=", "mutex=", "network-timeout=", "use-yarnrc=", "workspace-root", "recursive", "frozen-lockfile", "silent", "json", "global"}}

// jsVerbs are pnpm's and yarn's verbs (yarn classic and berry).
func jsVerbs() []*Node {
	nodes := []*Node{
		{Names: []string{"exec", "dlx"}, Grammar: Grammar{Short: "c:p:", Long: []string{"package=", "call=", "shell-mode"}}, Runs: &Runs{Bin: "node_modules/.bin", Script: []string{"-c", "--call"}}},
		{Names: []string{"ls", "list", "ll", "la", "why", "info", "view", "show", "outdated", "--version", "-v", "help", "bin", "root", "check", "explain", "doctor", "ignored-builds", "sbom", "licenses"}, Read: true,
			Grammar: Grammar{Long: []string{"depth=", "json", "prod", "dev", "long", "parseable", "recursive"}}},
		{Names: []string{"audit"}, Read: true, Unless: []string{"--fix"}},
		{Names: append([]string{"t", "tst"}, checkScripts...), Read: true, Project: true, Unless: []string{"--fix", "--write", "--update-snapshots", "-u"}},
		{Names: []string{"run", "run-script"}, Bare: true, Subs: []*Node{
			{Names: checkScripts, Read: true, Project: true, Unless: []string{"--fix", "--write", "--update-snapshots", "-u"}},
			{Names: []string{"*"}, Writes: true, RunsOnly: true},
		}},
		{Names: []string{"config", "c"}, Bare: true, Subs: []*Node{rd("get", "list"), wr("set", "delete", "unset")}},
		{Names: []string{"store"}, Subs: []*Node{rd("path", "status"), wr("prune", "add")}},
		{Names: []string{"env"}, Subs: []*Node{rd("list", "ls"), wr("use", "add", "remove", "rm")}},
		{Names: []string{"cache"}, Subs: []*Node{rd("list", "dir", "view"), wr("clean", "clear", "delete")}},
		{Names: []string{"global"}, Subs: []*Node{rd("list", "bin", "dir"), wr("add", "remove", "upgrade", "upgrade-interactive")}},
		{Names: []string{"npm"}, Subs: []*Node{rd("info", "whoami", "audit"), wr("publish", "login", "logout", "tag")}},
		{Names: []string{"workspaces"}, Subs: []*Node{rd("info", "list"), wr("foreach", "focus", "run")}},
		{Names: []string{"constraints"}, Read: true, Unless: []string{"--fix"}, Subs: []*Node{rd("query", "source")}},
		{Names: []string{"plugin"}, Subs: []*Node{rd("list", "runtime", "check"), wr("import", "remove")}},
		{Names: []string{"dedupe"}, ReadIf: []string{"--check"}, Writes: true},
		wr("install", "i", "add", "remove", "rm", "uninstall", "un", "update", "up", "upgrade", "upgrade-interactive", "build", "dev", "start", "serve", "preview", "publish", "pack", "link", "ln", "unlink", "prune", "import", "rebuild", "rb", "patch", "patch-commit", "patch-remove", "create", "init", "set", "setup", "deploy", "fetch", "approve-builds", "self-update", "install-test", "it", "autoclean", "generate-lock-entry", "owner", "tag", "team", "login", "logout", "unplug", "stage", "node", "version", "workspace", "recursive", "multi", "m", "catalog", "server", "policies", "add-dep"),
		// pnpm NAME and yarn NAME run the package's script NAME
		{Names: []string{"*"}, Writes: true, RunsOnly: true},
	}
	return nodes
}

// checkScripts are the package.json scripts that check the code, by the names
// projects give them: npm test and npm run lint are the seed check commands,
// and their usual variants only check as well (lint:fix is not one).
// The options of go test and go vet: those that make them run other
// programs or write files, and the files they write.
var (
	goTestUnless = []string{"-exec", "-toolexec", "-vettool", "-overlay", "-modfile", "-outputdir", "-json=false", "-fuzz", "-c"}
	goTestOutput = []string{"-o", "-coverprofile", "-cpuprofile", "-memprofile", "-blockprofile", "-mutexprofile", "-trace", "-outputdir"}
)

// The linters' options that fix or write files, and their grammar.
var (
	lintUnless  = []string{"--fix", "--fix-dry-run=false", "-o", "--output-file", "--cache-location"}
	lintGrammar = Grammar{Short: "c:f:o:", Long: []string{"config=", "format=", "output-file=", "ext=", "fix", "fix-type=", "rule=", "plugin=", "resolve-plugins-relative-to=", "rulesdir=", "ignore-path=", "ignore-pattern=", "max-warnings=", "cache-location="}}
)

// jsConfigs are the names of a JavaScript config file, for each base, with
// the extensions node loads as code.
func jsConfigs(bases ...string) []string {
	var out []string
	for _, b := range bases {
		for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"} {
			out = append(out, b+ext)
		}
	}
	return out
}

var checkScripts = []string{"test", "lint", "test:unit", "test:e2e", "test:integration", "test:ci", "test:watch", "test:coverage", "test:all", "test:types", "test:node", "test:browser", "lint:ci", "lint:check", "lint:js", "lint:ts", "lint:css", "lint:scss", "lint:styles", "lint:md", "lint:types", "lint:all", "lint:eslint", "typecheck", "type-check", "check-types", "types:check", "format:check", "format-check", "fmt:check", "prettier:check"}

// pipGlobal are pip's general options.
var pipGlobal = Grammar{Long: []string{"log=", "log-file=", "proxy=", "retries=", "timeout=", "exists-action=", "trusted-host=", "cert=", "client-cert=", "cache-dir=", "python=", "keyring-provider=", "use-feature=", "use-deprecated=", "root-user-action=", "isolated", "require-virtualenv", "no-input", "no-cache-dir", "disable-pip-version-check", "no-color", "verbose", "quiet", "user", "outdated", "uptodate", "editable", "local", "not-required", "files", "all"}}

// pipInstall is the grammar of pip install, pip download and pip wheel:
// which words are option values (-r FILE, -e PATH, -i URL) and which are
// the requirements and local projects to build (runfiles.SetupPy).
var pipInstall = Grammar{Short: "r:c:e:t:i:f:C:d:w:b:UIqvh", Long: []string{"requirement=", "constraint=", "editable=", "target=", "index-url=",
	"extra-index-url=", "find-links=", "config-settings=", "global-option=", "build-option=", "prefix=", "root=", "src=", "upgrade-strategy=",
	"platform=", "python-version=", "implementation=", "abi=", "progress-bar=", "report=", "no-binary=", "only-binary=", "dest=", "wheel-dir=",
	"group=", "no-deps", "upgrade", "force-reinstall", "ignore-installed", "ignore-requires-python", "no-index", "pre", "require-hashes",
	"no-build-isolation", "use-pep517", "no-use-pep517", "check-build-dependencies", "break-system-packages", "dry-run", "compile", "no-compile",
	"no-warn-script-location", "no-warn-conflicts", "no-clean", "prefer-binary", "help"}}

// composerVerbs are composer's verbs (composer global takes them again).
func composerVerbs() []*Node {
	return []*Node{
		rd("show", "info", "list", "outdated", "validate", "why", "depends", "why-not", "prohibits", "licenses", "audit", "diagnose", "check-platform-reqs", "search", "suggests", "fund", "home", "browse", "status", "about", "help", "--version", "-V"),
		{Names: []string{"config"}, ReadIf: []string{"--list", "-l"}, Unless: []string{"--unset", "--editor", "-e"}, Grammar: Grammar{Long: []string{"list", "unset", "editor", "global", "file="}, Short: "f:"}},
		{Names: []string{"exec"}, Runs: &Runs{}},
		wr("install", "i", "update", "u", "upgrade", "require", "r", "remove", "rm", "uninstall", "reinstall", "create-project", "dump-autoload", "dumpautoload", "init", "archive", "self-update", "selfupdate", "clear-cache", "clearcache", "cc", "bump", "run-script", "run", "depends-on"),
	}
}

// aptGlobal are apt's options that take a value.
var aptGlobal = Grammar{Short: "o:c:t:a:", Long: []string{"option=", "config-file=", "target-release=", "host-architecture=", "yes", "assume-yes", "assume-no", "quiet", "simulate", "dry-run", "just-print", "no-act", "recon", "no-install-recommends", "install-recommends", "fix-broken", "allow-downgrades", "purge", "installed", "upgradable", "all-versions", "full", "names-only", "recurse", "download-only", "reinstall"}}

// aptVerbs are apt's and apt-get's verbs: the ones that install or remove
// only read when they only simulate (-s), and never when -o or -c could set
// a hook that runs a program.
func aptVerbs(read, writes *Node) []*Node {
	return []*Node{read, writes,
		{Names: []string{"install", "reinstall", "remove", "purge", "autoremove", "autopurge", "upgrade", "full-upgrade", "dist-upgrade", "build-dep", "satisfy"}, Writes: true,
			ReadIf: []string{"-s", "--simulate", "--dry-run", "--just-print", "--no-act", "--recon"}, Unless: []string{"-o", "--option", "-c", "--config-file", "-d", "--download-only"}},
	}
}

// dnfGlobal are dnf's and yum's options that take a value.
var dnfGlobal = Grammar{Short: "c:d:e:x:R:", Long: []string{"config=", "enablerepo=", "disablerepo=", "repo=", "repoid=", "setopt=", "exclude=", "releasever=", "installroot=", "debuglevel=", "errorlevel=", "rpmverbosity=", "forcearch=", "downloaddir=", "destdir=", "comment=", "color=", "assumeyes", "assumeno", "cacheonly", "quiet", "refresh", "nogpgcheck", "best", "nobest", "allowerasing", "skip-broken", "downloadonly", "security", "bugfix", "showduplicates", "installed", "available", "all", "json"}}

// goBuildFlags are the go command's build flags that take a value.
var goBuildFlags = Grammar{Dash: true, Long: []string{"C=", "p=", "o=", "exec=", "toolexec=", "vettool=", "overlay=", "modfile=", "tags=", "ldflags=", "gcflags=", "asmflags=", "buildmode=", "compiler=", "gccgoflags=", "installsuffix=", "mod=", "pkgdir=", "coverpkg=", "covermode=", "coverprofile=", "cpuprofile=", "memprofile=", "blockprofile=", "mutexprofile=", "trace=", "outputdir=", "run=", "skip=", "bench=", "benchtime=", "count=", "timeout=", "parallel=", "cpu=", "fuzz=", "fuzztime=", "fuzzminimizetime=", "shuffle=", "list=", "f=", "json", "v", "x", "n", "a", "race", "cover", "short", "failfast", "m", "e", "u", "t", "deps", "find", "test", "compiled", "export", "reuse=", "pgo=", "covermode=", "memprofilerate=", "blockprofilerate=", "mutexprofilefraction=", "benchmem", "vet="}}

// ruffOutput are the options that name the file ruff writes its report to.
var ruffOutput = []string{"-o", "--output-file"}

// cargoVerbs are cargo's subcommands; cargo +TOOLCHAIN (rustup's proxy) takes
// them again.
func cargoVerbs() []*Node {
	return []*Node{
		// Checking, testing, benchmarking, linting and documenting a crate
		// build it first: its build.rs and procedural macros run.
		{Names: []string{"check", "c", "test", "t", "bench", "clippy", "doc", "d", "expand", "llvm-lines"}, Read: true, Project: true,
			Unless: []string{"--config", "-Z", "--fix", "--open", "--bless", "--allow-dirty", "--output-path", "--output-dir", "--out"}},
		{Names: []string{"tree", "metadata", "search", "verify-project", "locate-project", "pkgid", "version", "help", "read-manifest", "info", "--version", "-V", "report", "outdated", "udeps", "machete", "semver-checks", "bloat", "geiger"}, Read: true,
			Unless: []string{"--config", "-Z", "--fix", "--open", "--bless", "--allow-dirty", "--output-path", "--output-dir", "--out"}},
		{Names: []string{"nextest"}, Subs: []*Node{{Names: []string{"run", "r", "list"}, Read: true, Project: true, Unless: []string{"--config", "-Z"}}, rd("show-config"), wr("archive", "self")}},
		{Names: []string{"audit"}, Read: true, Unless: []string{"--config", "-Z"}, Subs: []*Node{rd("bin"), wr("fix")}},
		{Names: []string{"deny"}, Subs: []*Node{rd("check", "list"), wr("init", "fetch")}},
		{Names: []string{"vet"}, Read: true, Subs: []*Node{rd("suggest", "inspect", "diff", "dump-graph", "explain-audit", "check"), wr("certify", "import", "trust", "prune", "regenerate", "init", "fetch-imports", "add-exemption", "record-violation", "renew", "fmt", "gc")}},
		{Names: []string{"fmt"}, ReadIf: []string{"--check"}, Grammar: Grammar{Long: []string{"check", "all", "message-format="}}},
		{Names: []string{"owner"}, Grammar: Grammar{Short: "a:r:l", Long: []string{"add=", "remove=", "list", "token=", "index=", "registry="}}, ReadIf: []string{"-l", "--list"}, Unless: []string{"-a", "--add", "-r", "--remove"}},
		{Names: []string{"build", "b", "run", "r", "install", "add", "remove", "rm", "update", "upgrade", "fetch", "fix", "clean", "new", "init", "vendor", "generate-lockfile", "package", "publish", "login", "logout", "uninstall", "watch", "make", "insta", "tarpaulin", "llvm-cov", "binstall", "zigbuild", "xtask", "dist", "release", "set-version", "sort", "udeps-install", "leptos", "shuttle", "lambda"}, Writes: true},
		{Names: []string{"yank"}, Rules: []Rule{{ID: "destructive_action.cargo_yank", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
			Reason: "cargo yank withdraws a published crate version for everyone", Safer: "cargo yank --undo restores it"}}, Unless: []string{"--undo"}},
	}
}
