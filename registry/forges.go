package registry

import "github.com/permgate/permgate/finding"

// forges are the code-hosting CLIs: GitHub's gh, GitLab's glab, Gitea's tea
// and the old hub. Their list, view, status, diff and checks verbs only read;
// create, edit, merge, comment … change things on the forge as ordinary work;
// deleting a repository, a release, a secret … destroys something other
// people rely on and asks even in auto mode.
func forges() []*Program {
	return []*Program{
		{Family: "forges", Names: []string{"gh"}, Check: "exec-config", Node: Node{Grammar: ghGlobal, Subs: []*Node{
			{Names: []string{"pr"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls", "view", "diff", "checks", "status"}, Read: true, Grammar: ghListFlags},
				wr("create", "new", "edit", "merge", "close", "reopen", "ready", "review", "comment", "checkout", "co", "lock", "unlock", "update-branch", "revert"),
			}},
			{Names: []string{"issue"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls", "view", "status"}, Read: true, Grammar: ghListFlags},
				wr("create", "new", "edit", "close", "reopen", "comment", "lock", "unlock", "pin", "unpin", "transfer", "develop"),
				gone("gh_issue_delete", "gh issue delete removes the issue and its discussion for everyone; it cannot be restored", "gh issue close NUMBER", "delete"),
			}},
			{Names: []string{"run"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls", "view", "watch"}, Read: true, Grammar: Grammar{Short: "L:b:u:w:s:c:e:j:a:q:t:i:", Long: []string{"limit=", "branch=", "user=", "workflow=", "status=", "commit=", "event=", "json=", "jq=", "template=", "job=", "attempt=", "interval=", "created="}}},
				{Names: []string{"download"}, Writes: true, Grammar: Grammar{Short: "D:n:p:", Long: []string{"dir=", "name=", "pattern="}}, Output: []string{"-D", "--dir"}},
				wr("rerun", "cancel"),
				gone("gh_run_delete", "gh run delete removes a workflow run and its logs and artifacts", "", "delete"),
			}},
			{Names: []string{"workflow"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls", "view"}, Read: true, Grammar: ghListFlags},
				wr("run", "enable", "disable"),
			}},
			{Names: []string{"release"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls", "view", "verify", "verify-asset"}, Read: true, Grammar: ghListFlags},
				{Names: []string{"download"}, Writes: true, Grammar: Grammar{Short: "D:O:p:A:", Long: []string{"dir=", "output=", "pattern=", "archive="}}, Output: []string{"-O", "--output", "-D", "--dir"}},
				wr("create", "new", "edit", "upload"),
				gone("gh_release_delete", "gh release delete removes a published release and its assets for everyone", "gh release edit TAG --draft", "delete", "delete-asset"),
			}},
			{Names: []string{"repo"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls", "view"}, Read: true, Grammar: ghListFlags},
				{Names: []string{"set-default"}, ReadIf: []string{"--view", "-v"}, Grammar: Grammar{Long: []string{"view", "unset"}, Short: "vu"}},
				{Names: []string{"gitignore", "license"}, Subs: []*Node{rd("list", "view")}},
				{Names: []string{"deploy-key", "autolink"}, Subs: []*Node{
					rd("list", "ls", "view"), wr("add", "create"),
					gone("gh_repo_key_delete", "deletes a deploy key or autolink from the repository", "", "delete"),
				}},
				wr("clone", "create", "new", "fork", "edit", "rename", "sync", "unarchive"),
				gone("gh_repo_delete", "gh repo delete deletes the repository on GitHub with its issues, pull requests and wiki", "gh repo archive OWNER/REPO", "delete"),
				gone("gh_repo_archive", "gh repo archive makes the repository read-only for everyone: pushes, issues and pull requests stop", "gh repo unarchive restores it", "archive"),
			}},
			{Names: []string{"gist"}, Subs: []*Node{
				{Names: []string{"list", "ls", "view"}, Read: true, Grammar: ghListFlags},
				// gh gist create FILES uploads them ("-" is standard input).
				{Names: []string{"create", "new"}, Writes: true, Grammar: Grammar{Short: "d:f:pw", Long: []string{"desc=", "filename=", "public", "web"}},
					Effects: []Effect{{Act: Sends, Operands: "all"}}},
				wr("edit", "clone", "rename"),
				gone("gh_gist_delete", "gh gist delete deletes the gist for everyone", "", "delete"),
			}},
			{Names: []string{"label"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls"}, Read: true, Grammar: ghListFlags},
				wr("create", "edit", "clone"),
				gone("gh_label_delete", "gh label delete removes the label from every issue and pull request", "", "delete"),
			}},
			{Names: []string{"search"}, Read: true, Grammar: ghListFlags, Subs: []*Node{rd("repos", "issues", "prs", "commits", "code")}},
			ghAPI(),
			{Names: []string{"auth"}, Subs: []*Node{
				{Names: []string{"status"}, Read: true, Grammar: Grammar{Short: "h:t", Long: []string{"hostname=", "show-token", "active", "json="}},
					Rules: []Rule{ghTokenRule("gh auth status --show-token", "-t", "--show-token")}},
				{Names: []string{"token"}, Grammar: Grammar{Short: "h:u:", Long: []string{"hostname=", "user="}},
					Rules: []Rule{ghTokenRule("gh auth token")}},
				wr("login", "logout", "refresh", "setup-git", "switch"),
			}},
			rd("browse", "status", "completion", "version", "help", "--version"),
			{Names: []string{"cache"}, Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
				{Names: []string{"list", "ls"}, Read: true, Grammar: ghListFlags},
				gone("gh_cache_delete", "gh cache delete removes GitHub Actions caches; the next runs rebuild them", "", "delete"),
			}},
			{Names: []string{"secret", "variable"}, Grammar: Grammar{Short: "R:e:o:a:", Long: []string{"repo=", "env=", "org=", "app="}}, Subs: []*Node{
				{Names: []string{"list", "ls", "get"}, Read: true, Grammar: ghListFlags},
				wr("set"),
				gone("gh_secret_delete", "deletes a GitHub Actions secret or variable that workflows and deployments use", "", "delete", "remove"),
			}},
			{Names: []string{"extension", "extensions", "ext"}, Subs: []*Node{
				rd("list", "ls", "search"),
				wr("install", "upgrade", "remove", "create", "browse"),
				{Names: []string{"exec"}, Runs: &Runs{}},
			}},
			{Names: []string{"config"}, Subs: []*Node{rd("get", "list"), wr("set", "clear-cache")}},
			{Names: []string{"alias"}, Subs: []*Node{rd("list", "ls"), wr("import", "delete"),
				{Names: []string{"set"}, Writes: true, Grammar: Grammar{Short: "s", Long: []string{"shell", "clobber"}}, Rules: []Rule{{ID: "inline_code.gh_alias_shell", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-s", "--shell"},
					Reason: "gh alias set --shell defines a gh command that runs shell code when it is used"}}}}},
			{Names: []string{"ssh-key", "gpg-key"}, Subs: []*Node{
				rd("list", "ls"), wr("add"),
				gone("gh_key_delete", "deletes a key from the GitHub account: whatever signs or logs in with it stops working", "", "delete"),
			}},
			{Names: []string{"org"}, Subs: []*Node{rd("list", "ls")}},
			{Names: []string{"ruleset", "rs"}, Subs: []*Node{rd("list", "ls", "view", "check")}},
			{Names: []string{"attestation"}, Subs: []*Node{rd("verify", "trusted-root"), wr("download")}},
			{Names: []string{"project"}, Subs: []*Node{
				rd("list", "view", "field-list", "item-list"),
				wr("create", "edit", "close", "copy", "link", "unlink", "mark-template", "item-add", "item-create", "item-edit", "item-archive", "field-create"),
				gone("gh_project_delete", "deletes a GitHub project, or a field or item of one, for everyone", "gh project close NUMBER", "delete", "item-delete", "field-delete"),
			}},
			{Names: []string{"codespace", "cs"}, Subs: []*Node{
				rd("list", "ls", "view", "logs"),
				wr("create", "code", "ssh", "cp", "ports", "jupyter", "edit", "stop", "rebuild"),
				gone("gh_codespace_delete", "gh codespace delete deletes codespaces with any work not pushed from them", "gh codespace stop", "delete"),
			}},
		}}},

		{Family: "forges", Names: []string{"glab"}, Check: "exec-config", Node: Node{Grammar: Grammar{Short: "R:", Long: []string{"repo="}}, Subs: []*Node{
			{Names: []string{"mr", "merge-request"}, Subs: []*Node{
				{Names: []string{"list", "ls", "view", "show", "diff", "issues"}, Read: true, Grammar: glabListFlags},
				wr("create", "new", "update", "merge", "accept", "close", "reopen", "approve", "revoke", "note", "comment", "checkout", "rebase", "subscribe", "unsubscribe", "todo", "approvers"),
				gone("glab_mr_delete", "glab mr delete deletes the merge request and its discussion for everyone", "glab mr close ID", "delete", "del"),
			}},
			{Names: []string{"issue"}, Subs: []*Node{
				{Names: []string{"list", "ls", "view", "show", "board"}, Read: true, Grammar: glabListFlags},
				wr("create", "new", "update", "close", "reopen", "note", "comment", "subscribe", "unsubscribe"),
				gone("glab_issue_delete", "glab issue delete deletes the issue and its discussion for everyone", "glab issue close ID", "delete", "del"),
			}},
			{Names: []string{"ci", "pipe", "pipeline"}, Subs: []*Node{
				{Names: []string{"list", "ls", "status", "trace", "lint", "get", "config"}, Read: true, Grammar: glabListFlags},
				wr("run", "retry", "cancel", "trigger", "artifact", "run-trig", "view"),
				gone("glab_ci_delete", "glab ci delete deletes pipelines with their logs and artifacts", "", "delete"),
			}},
			{Names: []string{"repo", "project"}, Subs: []*Node{
				{Names: []string{"list", "ls", "view", "search", "contributors", "members"}, Read: true, Grammar: glabListFlags},
				wr("clone", "create", "new", "fork", "archive", "mirror", "transfer", "update", "publish"),
				gone("glab_repo_delete", "glab repo delete deletes the GitLab project with its issues, merge requests and wiki", "glab repo archive", "delete"),
			}},
			{Names: []string{"release"}, Subs: []*Node{
				{Names: []string{"list", "ls", "view"}, Read: true, Grammar: glabListFlags},
				{Names: []string{"download"}, Writes: true, Grammar: Grammar{Short: "D:n:", Long: []string{"dir=", "asset-name="}}, Output: []string{"-D", "--dir"}},
				wr("create", "new", "upload"),
				gone("glab_release_delete", "glab release delete removes a published release for everyone", "", "delete"),
			}},
			{Names: []string{"variable", "var", "label", "schedule", "snippet", "deploy-key", "ssh-key", "gpg-key", "cluster", "token", "environment", "incident", "iteration", "milestone", "securefile", "stack", "user"}, Subs: []*Node{
				{Names: []string{"list", "ls", "get", "view", "export", "show", "events"}, Read: true, Grammar: glabListFlags},
				wr("set", "create", "new", "update", "add", "run", "edit", "rotate", "download"),
				gone("glab_delete", "deletes a GitLab variable, label, schedule, key, token … that others rely on", "", "delete", "del", "remove", "revoke"),
			}},
			{Names: []string{"api"}, Read: true, Grammar: Grammar{Short: "X:f:F:H:", Long: []string{"method=", "field=", "raw-field=", "header=", "hostname=", "input=", "paginate", "include", "silent", "output="}},
				Unless: []string{"-X", "--method", "-f", "-F", "--field", "--raw-field", "--input"},
				Rules:  []Rule{apiDelete("glab_api_delete", "glab api")}},
			{Names: []string{"auth"}, Subs: []*Node{
				{Names: []string{"status"}, Read: true, Grammar: Grammar{Short: "t", Long: []string{"hostname=", "show-token"}},
					Rules: []Rule{ghTokenRule("glab auth status --show-token", "-t", "--show-token")}},
				wr("login", "logout", "git-credential", "configure-docker", "docker-helper"),
			}},
			{Names: []string{"config"}, Subs: []*Node{rd("get", "list"), wr("set", "edit", "init")}},
			rd("version", "help", "--version", "completion", "check-update"),
		}}},

		{Family: "forges", Names: []string{"tea"}, Node: Node{Grammar: Grammar{Long: []string{"login=", "repo=", "remote=", "output="}, Short: "l:r:R:o:"}, Subs: []*Node{
			{Names: []string{"issues", "issue", "i", "pulls", "pull", "pr", "releases", "release", "r", "milestones", "milestone", "ms", "labels", "label", "times", "time", "t", "notifications", "notification", "n", "organizations", "organization", "org", "repos", "repo", "branches", "branch", "b", "comments", "comment", "c", "webhooks", "webhook", "actions"},
				Bare: true, Subs: []*Node{
					rd("list", "ls"),
					wr("create", "c", "edit", "e", "reopen", "open", "close", "checkout", "co", "clean", "approve", "lgtm", "reject", "merge", "m", "review", "add", "a", "reset", "set", "unset", "read", "unread", "pin", "unpin", "fork", "migrate", "search", "s"),
					gone("tea_delete", "deletes something on the Gitea server that others rely on", "", "delete", "del", "rm", "remove"),
				}},
			rd("whoami", "open", "o", "--version", "help", "h"),
			{Names: []string{"login", "logins"}, Subs: []*Node{rd("list", "ls", "default"), wr("add", "edit", "helper"), gone("tea_login_delete", "removes a saved Gitea login", "", "delete")}},
			wr("clone", "admin", "a"),
		}}},

		// hub is a git wrapper: its own verbs are declared; git's verbs pass to
		// git and the validator judges them as git's (Check "git").
		{Family: "forges", Names: []string{"hub"}, Check: "git", Node: Node{Grammar: Grammar{Short: "C:c:", Long: []string{"git-dir=", "work-tree="}}, Subs: []*Node{
			{Names: []string{"pr", "issue", "release"}, Bare: true, Subs: []*Node{rd("list", "show"), wr("checkout", "create", "edit", "transfer", "update")}},
			rd("browse", "compare", "ci-status", "status", "log", "diff", "show", "help", "version", "--version"),
			wr("create", "fork", "pull-request", "sync", "clone", "fetch", "pull", "am", "apply", "cherry-pick", "merge", "remote", "submodule", "init", "commit", "add", "gist", "api"),
			wr("push", "reset", "clean", "checkout", "branch", "rebase", "stash", "restore", "switch", "tag", "rm", "mv"),
			{Names: []string{"delete"}, Rules: []Rule{destructiveRule("hub_delete", "hub delete deletes the repository on GitHub", "")}},
		}}},
	}
}

// ghGlobal are options gh's commands share.
var ghGlobal = Grammar{Short: "R:", Long: []string{"repo=", "help", "version"}}

// ghListFlags are the value-taking options of gh's list and view verbs.
var ghListFlags = Grammar{Short: "R:L:s:A:a:l:B:H:S:q:t:j:", Long: []string{"repo=", "limit=", "state=", "author=", "assignee=", "label=", "base=", "head=", "search=", "json=", "jq=", "template=", "app=", "milestone=", "mention=", "order=", "sort=", "owner=", "language=", "topic=", "visibility=", "source=", "match=", "updated=", "created=", "interval=", "required-checks", "watch", "web", "comments", "patch", "name-only", "color=", "branch=", "ref=", "key=", "hostname="}}

var glabListFlags = Grammar{Short: "R:P:p:l:a:A:m:s:F:b:", Long: []string{"repo=", "per-page=", "page=", "label=", "assignee=", "author=", "milestone=", "search=", "output=", "output-format=", "source-branch=", "target-branch=", "branch=", "pipeline-id=", "group="}}

// ghAPI is gh api: GET reads; -X/--method other than GET, or fields, write;
// DELETE destroys what the endpoint names.
func ghAPI() *Node {
	return &Node{Names: []string{"api"}, Read: true,
		Grammar: Grammar{Short: "X:f:F:H:q:t:p:i", Long: []string{"method=", "field=", "raw-field=", "header=", "jq=", "template=", "preview=", "input=", "cache=", "hostname=", "paginate", "slurp", "include", "silent", "verbose"}},
		Unless:  []string{"-X", "--method", "-f", "-F", "--field", "--raw-field", "--input"},
		Rules:   []Rule{apiDelete("gh_api_delete", "gh api")}}
}

// apiDelete is a forge API call with the DELETE method.
func apiDelete(id, what string) Rule {
	return Rule{ID: "destructive_action." + id, Kind: finding.DestructiveAction, Severity: finding.NonSevere,
		If:     []string{"-X=[Dd][Ee][Ll][Ee][Tt][Ee]", "--method=[Dd][Ee][Ll][Ee][Tt][Ee]"},
		Reason: what + " -X DELETE deletes the resource the endpoint names on the forge"}
}

// ghTokenRule: printing the forge's access token is reading a secret.
func ghTokenRule(what string, opts ...string) Rule {
	return Rule{ID: "secret_access.forge_token", Kind: finding.SecretAccess, Severity: finding.NonSevere, If: opts,
		Reason: what + " prints the forge access token", Safer: "gh auth status"}
}
