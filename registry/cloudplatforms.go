package registry

import "github.com/permgate/permgate/finding"

// --- doctl, fly, heroku, vercel, netlify, wrangler, supabase, firebase, eksctl ---

var doctlGlobal = Grammar{Short: "t:c:o:u:v", Long: []string{"access-token=", "context=", "config=", "output=", "format=", "api-url=",
	"trace", "verbose", "interactive", "no-header", "http-retry-max=", "http-retry-wait-max=", "http-retry-wait-min="}}

func doctlLevel(depth int) []*Node {
	return cliLevel(depth, cliVerbs{
		tool:    "doctl",
		read:    []string{"list", "ls", "get", "g", "logs", "list-*", "get-*", "show", "options"},
		top:     []string{"version", "help"},
		destroy: []string{"delete", "d", "del", "rm", "delete-*", "remove", "remove-*", "purge", "flush", "reset"},
		safer:   "doctl … get ID (or list) first",
		extra: func() []*Node {
			return []*Node{
				{Names: []string{"connection"}, Read: true, Rules: []Rule{secret("doctl_database_connection", "doctl databases connection prints the database's connection details, password included")}},
				{Names: []string{"user"}, Subs: []*Node{
					{Names: []string{"get", "list"}, Read: true, Rules: []Rule{secret("doctl_database_user", "doctl databases user get|list prints the users' passwords")}},
					{Names: []string{"delete"}, Rules: []Rule{destroys("doctl_delete", "doctl databases user delete deletes a database user", "doctl databases user list first")}},
				}},
				{Names: []string{"kubeconfig"}, Subs: []*Node{
					{Names: []string{"show"}, Read: true, Rules: []Rule{secret("doctl_kubeconfig", "doctl kubernetes cluster kubeconfig show prints the cluster's credentials")}},
					{Names: []string{"save", "remove"}, Writes: true},
				}},
				{Names: []string{"ssh"}, Writes: true, Grammar: Grammar{Long: []string{"ssh-command="}}, Rules: []Rule{{ID: "inline_code.doctl_ssh_command", Kind: finding.InlineCode,
					Severity: finding.NonSevere, If: []string{"--ssh-command"}, Reason: "doctl compute ssh --ssh-command runs the command it is given on the droplet"}}},
			}
		},
	})
}

var flyGlobal = Grammar{Short: "a:c:t:o:r:j", Long: []string{"app=", "config=", "access-token=", "org=", "region=", "json", "verbose", "debug", "yes", "force"}}

func flyVerbs() []*Node {
	levels := cliLevel(2, cliVerbs{
		tool:    "fly",
		read:    []string{"list", "ls", "show", "status", "info", "logs", "check", "validate", "releases", "regions", "whoami", "history", "checks", "services", "describe"},
		destroy: []string{"destroy", "delete", "remove", "rm", "release", "unset", "clear"},
		safer:   "fly … list (or status) first",
		extra: func() []*Node {
			return []*Node{
				{Names: []string{"token", "print"}, Read: true, Rules: []Rule{secret("fly_token", "the command prints an access token")}},
				{Names: []string{"console"}, Writes: true, Grammar: Grammar{Short: "C:", Long: []string{"command="}}, Rules: []Rule{{ID: "inline_code.fly_ssh_command",
					Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-C", "--command"}, Reason: "fly ssh console -C runs the command it is given on the machine"}}},
			}
		},
	})
	return append([]*Node{
		{Names: []string{"status", "info", "logs", "help", "releases", "doctor", "dashboard", "docs", "platform", "ping"}, Read: true},
		{Names: []string{"version"}, Read: true, Subs: []*Node{{Names: []string{"upgrade", "update"}, Writes: true}}},
		{Names: []string{"destroy"}, Rules: []Rule{destroys("fly_destroy", "fly destroy deletes an app with its machines and volumes", "fly apps list / fly status -a APP first")}},
		{Names: []string{"deploy", "launch", "scale", "secrets-set", "open", "proxy", "machine-run", "auth-login", "move"}, Writes: true},
	}, levels...)
}

var herokuGlobal = Grammar{Short: "a:r:", Long: []string{"app=", "remote=", "team=", "space=", "json", "confirm=", "tail", "num=", "source=", "dyno=", "extended", "all"}}

func herokuVerbs() []*Node {
	d := func(id, reason string, names ...string) *Node {
		return &Node{Names: names, Rules: []Rule{destroys("heroku_"+id, reason, "heroku apps:info -a APP (see what it would destroy)")}}
	}
	config := secret("heroku_config", "heroku config prints the app's config vars, which hold its credentials (DATABASE_URL, API keys)")
	return []*Node{
		{Names: []string{"apps", "apps:info", "info", "logs", "ps", "releases", "releases:info", "addons", "addons:info", "domains", "domains:info",
			"pg:info", "pg", "pg:diagnose", "pg:ps", "pg:locks", "pg:outliers", "pg:blocking", "pg:bloat", "pg:backups", "pg:backups:info",
			"auth:whoami", "whoami", "status", "regions", "stacks", "features", "labs", "buildpacks", "pipelines", "pipelines:info",
			"spaces", "teams", "access", "drains", "certs", "maintenance", "version", "--version", "help", "apps:stacks", "ps:type",
			"redis:info", "redis", "releases:output", "webhooks", "sessions", "keys", "authorizations", "clients", "config:keys",
			"plugins", "notifications", "members", "orgs", "apps:errors", "local:version", "sni", "dyno:type"}, Read: true},
		{Names: []string{"config", "config:get", "pg:credentials", "pg:credentials:url", "redis:credentials", "auth:token", "authorizations:info", "config:show"},
			Read: true, Rules: []Rule{config}},
		d("apps_destroy", "heroku apps:destroy deletes the app, its add-ons and their data", "apps:destroy", "destroy", "apps:delete"),
		d("addons_destroy", "heroku addons:destroy deletes an add-on and its data (a database, a cache)", "addons:destroy", "addons:remove", "addons:delete"),
		d("pg_reset", "heroku pg:reset deletes every table and row in the database", "pg:reset", "redis:reset"),
		d("remove", "the heroku command removes or deletes something the app relies on", "pg:backups:delete", "pg:backups:destroy", "pg:links:destroy", "config:unset", "config:remove", "domains:remove", "domains:clear",
			"pipelines:destroy", "pipelines:remove", "spaces:destroy", "access:remove", "keys:remove", "keys:clear", "certs:remove", "drains:remove",
			"webhooks:remove", "authorizations:revoke", "members:remove", "features:disable", "repo:reset", "repo:purge_cache", "buildpacks:clear", "buildpacks:remove"),
		{Names: []string{"run", "run:detached", "run:inside"}, Writes: true, Rules: []Rule{remote("heroku_run", "heroku run runs the command it is given on a one-off dyno")}},
		{Names: []string{"local", "local:start", "local:run", "pg:psql", "redis:cli", "ps:exec"}, Writes: true, Grammar: Grammar{Short: "c:", Long: []string{"command="}}},
		{Names: []string{"create", "apps:create", "config:set", "config:add", "addons:create", "addons:attach", "deploy", "ps:scale", "scale", "ps:restart", "restart",
			"ps:stop", "ps:resize", "releases:rollback", "rollback", "domains:add", "pg:promote", "pg:backups:capture", "pg:backups:restore", "pg:pull", "pg:push",
			"pg:copy", "pg:killall", "pg:kill", "login", "logout", "auth:login", "auth:logout", "git:remote", "git:clone", "maintenance:on", "maintenance:off", "apps:rename", "rename",
			"buildpacks:add", "buildpacks:set", "stack:set", "features:enable", "labs:enable", "labs:disable", "drains:add", "certs:add", "container:push",
			"container:release", "container:login", "pipelines:create", "pipelines:promote", "pipelines:add", "access:add", "keys:add", "plugins:install",
			"plugins:uninstall", "plugins:update", "update", "apps:transfer", "pg:maintenance:run", "pg:upgrade", "pg:wait", "ps:autoscale:enable"}, Writes: true},
	}
}

var vercelGlobal = Grammar{Short: "t:S:A:Q:T:dy", Long: []string{"token=", "scope=", "cwd=", "local-config=", "global-config=", "debug", "yes", "team=", "prod", "environment=", "meta=", "env=", "build-env="}}

func vercelVerbs() []*Node {
	rmRule := destroys("vercel_remove", "vercel remove deletes deployments or a whole project", "vercel ls (see the deployments)")
	sub := func(read ...string) []*Node {
		return []*Node{
			{Names: read, Read: true},
			{Names: []string{"rm", "remove", "delete"}, Rules: []Rule{destroys("vercel_rm", "the vercel command deletes a domain, record, alias, certificate, variable or project", "vercel … ls first")}},
			{Names: []string{"*"}, Writes: true},
		}
	}
	return []*Node{
		{Names: []string{"ls", "list", "whoami", "inspect", "logs", "log", "help", "--version", "-v", "version", "httpstat"}, Read: true},
		{Names: []string{"remove", "rm"}, Rules: []Rule{rmRule}},
		{Names: []string{"env"}, Subs: append(sub("ls", "list"), &Node{Names: []string{"pull"}, Writes: true, Rules: []Rule{secret("vercel_env_pull", "vercel env pull writes the project's secret environment variables into a local file")}})},
		{Names: []string{"domains", "domain", "dns", "certs", "cert", "alias", "aliases", "ln", "secrets", "secret", "project", "projects", "teams", "team", "switch", "integration", "blob", "target", "targets", "webhooks", "microfrontends"},
			Subs: sub("ls", "list", "inspect")},
		{Names: []string{"deploy", "dev", "build", "pull", "link", "unlink", "promote", "rollback", "redeploy", "login", "logout", "init", "git", "bisect", "open", "telemetry", "install", "i", "mcp", "curl", "cache"}, Writes: true},
	}
}

func netlifyVerbs() []*Node {
	del := destroys("netlify_delete", "the netlify command deletes a site, a variable or a deploy", "netlify sites:list / netlify status first")
	group := func(read, destroy, writes []string) []*Node {
		return []*Node{{Names: read, Read: true}, {Names: destroy, Rules: []Rule{del}}, {Names: writes, Writes: true}}
	}
	return []*Node{
		{Names: []string{"env:list"}, Read: true, Rules: []Rule{secret("netlify_env_plain", "netlify env:list --plain prints the variables' values", "--plain")}},
		{Names: []string{"status", "sites:list", "functions:list", "logs", "logs:function", "logs:deploy", "--version", "version", "help", "watch", "open", "open:admin", "open:site", "completion", "status:hooks"}, Read: true},
		{Names: []string{"env:get"}, Read: true, Rules: []Rule{secret("netlify_env_get", "netlify env:get prints an environment variable's value")}},
		{Names: []string{"sites:delete", "env:unset", "env:delete", "blobs:delete"}, Rules: []Rule{del}},
		{Names: []string{"deploy", "build", "dev", "serve", "link", "unlink", "init", "login", "logout", "switch", "sites:create", "sites:create-template",
			"env:set", "env:import", "env:clone", "functions:create", "functions:build", "functions:invoke", "functions:serve", "blobs:set", "recipes", "lm:install", "api"}, Writes: true},
		{Names: []string{"sites"}, Subs: group([]string{"list"}, []string{"delete"}, []string{"create", "create-template"})},
		{Names: []string{"env"}, Subs: append(group([]string{"list"}, []string{"unset", "delete"}, []string{"set", "import", "clone"}),
			&Node{Names: []string{"get"}, Read: true, Rules: []Rule{secret("netlify_env_get", "netlify env get prints an environment variable's value")}})},
		{Names: []string{"functions"}, Subs: group([]string{"list"}, []string{"delete"}, []string{"create", "build", "invoke", "serve"})},
		{Names: []string{"blobs"}, Subs: group([]string{"list", "get"}, []string{"delete"}, []string{"set"})},
	}
}

var wranglerGlobal = Grammar{Short: "c:e:j", Long: []string{"config=", "env=", "cwd=", "experimental-json-config", "experimental-provision", "env-file=", "json", "remote", "local", "preview", "name=", "binding=", "namespace-id="}}

func wranglerVerbs() []*Node {
	return cliLevel(3, cliVerbs{
		tool:    "wrangler",
		read:    []string{"tail", "list", "ls", "info", "view"},
		top:     []string{"whoami", "help", "version", "docs", "status"},
		destroy: []string{"delete", "bulk-delete", "remove", "rm", "purge", "delete-*", "unset"},
		safer:   "wrangler … list first",
		extra: func() []*Node {
			return []*Node{
				{Names: []string{"kv:namespace", "kv:key", "kv:bulk"}, Subs: cliLevel(1, cliVerbs{tool: "wrangler", read: []string{"list", "get"}, destroy: []string{"delete"}})},
				{Names: []string{"key"}, Subs: cliLevel(1, cliVerbs{tool: "wrangler", read: []string{"list", "get"}, destroy: []string{"delete"}})},
				{Names: []string{"execute"}, Writes: true, Grammar: Grammar{Long: []string{"command=", "file="}}},
				// wrangler r2 object put --file F uploads F; get --file F writes it.
				{Names: []string{"put"}, Writes: true, Grammar: Grammar{Short: "f:", Long: []string{"file=", "content-type=", "content-disposition=", "cache-control="}},
					Effects: []Effect{{Act: Sends, Opts: []string{"--file", "-f"}}}},
				{Names: []string{"get"}, Writes: true, Grammar: Grammar{Short: "f:", Long: []string{"file="}}, Effects: []Effect{{Act: Writes, Opts: []string{"--file", "-f"}}}},
				{Names: []string{"deploy", "publish", "dev", "init", "types", "login", "logout", "rollback", "build", "setup", "generate"}, Writes: true},
			}
		},
	})
}

func supabaseVerbs() []*Node {
	return append([]*Node{
		{Names: []string{"db"}, Subs: []*Node{
			{Names: []string{"reset"}, Rules: []Rule{destroys("supabase_db_reset",
				"supabase db reset drops and recreates the database (the local one, or with --linked the remote one) and its data",
				"supabase db diff (see the schema changes), or supabase db dump --data-only -f backup.sql first")}},
			{Names: []string{"lint", "diff", "dump"}, Read: true, Grammar: Grammar{Short: "f:", Long: []string{"file="}}, Output: []string{"-f", "--file"}},
			{Names: []string{"push", "pull", "start", "query"}, Writes: true},
		}},
		{Names: []string{"stop"}, Writes: true, Rules: []Rule{destroys("supabase_stop_no_backup", "supabase stop --no-backup deletes the local database's data",
			"supabase stop (keeps the data)", "--no-backup")}},
	}, cliLevel(3, cliVerbs{
		tool:    "supabase",
		read:    []string{"list", "ls", "info", "inspect", "get", "types", "typescript", "go", "swift"},
		top:     []string{"status", "help", "version"},
		destroy: []string{"delete", "rm", "unset", "remove", "drop", "reset"},
		safer:   "supabase … list first",
		extra: func() []*Node {
			return []*Node{{Names: []string{"api-keys"}, Read: true, Rules: []Rule{secret("supabase_api_keys", "supabase projects api-keys prints the project's API keys, the service role key included")}},
				{Names: []string{"start", "link", "unlink", "login", "logout", "init", "deploy", "new", "serve", "set", "push", "pull", "repair", "squash", "up", "create", "cp", "mv", "download", "bootstrap", "update", "fetch"}, Writes: true}}
		},
	})...)
}

func firebaseVerbs() []*Node {
	d := func(id, reason string, names ...string) *Node {
		return &Node{Names: names, Rules: []Rule{destroys("firebase_"+id, reason, "firebase projects:list / firebase use (see the project) first")}}
	}
	return []*Node{
		{Names: []string{"projects:list", "apps:list", "apps:sdkconfig", "functions:list", "functions:log", "hosting:channel:list", "hosting:sites:list",
			"firestore:indexes", "firestore:databases:list", "firestore:databases:get", "database:get", "database:instances:list", "database:settings:get",
			"remoteconfig:get", "remoteconfig:versions:list", "login:list", "ext:list", "ext:info", "open", "--version", "version", "help",
			"appdistribution:testers:list", "apphosting:backends:list", "apphosting:backends:get", "dataconnect:services:list",
			"crashlytics:mappingfile:generateid"}, Read: true,
			Grammar: Grammar{Short: "o:", Long: []string{"output="}}, Output: []string{"-o", "--output"}}, // database:get -o FILE, remoteconfig:get -o FILE
		{Names: []string{"use", "target"}, Bare: true},
		{Names: []string{"functions:secrets:access", "functions:secrets:get", "apphosting:secrets:access", "functions:config:get"}, Read: true,
			Rules: []Rule{secret("firebase_secret", "the command prints a secret's value")}},
		{Names: []string{"emulators:exec"}, Writes: true, Rules: []Rule{{ID: "inline_code.firebase_emulators_exec", Kind: finding.InlineCode, Severity: finding.NonSevere,
			Reason: "firebase emulators:exec runs the script it is given"}}},
		d("projects_delete", "the command deletes a Firebase project or app", "projects:delete", "apps:delete", "apphosting:backends:delete", "hosting:sites:delete"),
		d("hosting_disable", "firebase hosting:disable takes the site offline: it serves nothing until the next deploy", "hosting:disable"),
		d("functions_delete", "firebase functions:delete deletes deployed functions", "functions:delete", "functions:secrets:destroy", "functions:secrets:prune", "functions:config:unset"),
		d("data_delete", "the command deletes Firestore, Realtime Database or hosting data", "firestore:delete", "database:remove", "database:instances:delete",
			"hosting:channel:delete", "firestore:databases:delete", "ext:uninstall"),
		{Names: []string{"deploy", "init", "login", "logout", "emulators:start", "serve", "hosting:channel:deploy", "hosting:clone", "database:set",
			"database:update", "database:push", "auth:import", "auth:export", "firestore:indexes:deploy", "functions:shell", "ext:install", "ext:update",
			"functions:secrets:set", "functions:config:set", "apps:create", "projects:create", "projects:addfirebase", "use:add", "target:apply",
			"remoteconfig:versions:rollback", "crashlytics:symbols:upload", "appdistribution:distribute", "experiments:enable", "setup:emulators:firestore"}, Writes: true},
	}
}

func eksctlVerbs() []*Node {
	eksDelete := destroys("eksctl_delete", "eksctl delete deletes a cluster, node group or add-on and its CloudFormation stacks", "eksctl get cluster (or nodegroup) first")
	eksDrain := destroys("eksctl_drain", "eksctl drain nodegroup evicts every pod from the node group's nodes", "eksctl get nodegroup first")
	return []*Node{
		{Names: []string{"get", "info", "version", "help", "completion"}, Read: true, Subs: []*Node{{Names: []string{"*"}, Read: true}}},
		{Names: []string{"delete"}, Subs: []*Node{{Names: []string{"*"}, Rules: []Rule{eksDelete}}}, Rules: []Rule{eksDelete}},
		{Names: []string{"drain"}, Subs: []*Node{{Names: []string{"*"}, Rules: []Rule{eksDrain}}}, Rules: []Rule{eksDrain}},
		{Names: []string{"create", "upgrade", "scale", "update", "enable", "disable", "set", "unset", "register", "deregister", "associate", "disassociate", "anywhere"}, Writes: true},
		{Names: []string{"utils"}, Subs: []*Node{
			{Names: []string{"describe-stacks", "describe-addon-versions", "describe-addon-configuration", "schema", "nodegroup-health"}, Read: true},
			{Names: []string{"write-kubeconfig"}, Writes: true, Grammar: Grammar{Long: []string{"kubeconfig="}}, Output: []string{"--kubeconfig"}},
			{Names: []string{"*"}, Writes: true},
		}},
	}
}
