package registry

import (
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/finding"
)

// system declares databases and system tools: database clients (whose SQL,
// redis commands and mongo scripts the validator's Go checks read), service
// and log managers, network and firewall tools, disks, swap, encryption,
// kernel modules, scheduling and process killers.
func system() []*Program { return append(databases(), systemTools()...) }

// databases are the database clients and tools; the validator reads the SQL.
func databases() []*Program {
	return []*Program{
		{Family: "databases", Names: []string{"psql"}, Check: "sql", Node: Node{
			Grammar: Grammar{Short: "c:d:f:h:p:U:v:o:L:P:F:R:T:", Long: []string{"command=", "dbname=", "file=", "host=", "port=", "username=",
				"variable=", "set=", "output=", "log-file=", "pset=", "field-separator=", "record-separator=", "table-attr=", "list", "no-align",
				"tuples-only", "quiet", "no-psqlrc", "expanded", "password", "no-password", "echo-queries", "echo-hidden", "echo-all",
				"echo-errors", "single-transaction", "html", "csv", "version", "help=?", "single-step", "single-line", "field-separator-zero",
				"record-separator-zero", "no-readline"}},
			Output: []string{"-o", "--output", "-L", "--log-file"}}},
		{Family: "databases", Names: []string{"mysql", "mariadb"}, Check: "sql", Node: Node{
			Grammar: Grammar{Short: "u:p::h:P:D:e:S:", Long: []string{"user=", "password=?", "host=", "port=", "database=", "execute=", "socket=",
				"init-command=", "pager=?", "tee=", "defaults-file=", "defaults-extra-file=", "login-path=", "protocol=", "batch", "silent",
				"skip-column-names", "table", "vertical", "html", "xml", "raw", "force", "verbose", "version", "help", "ssl-mode=", "ssl-ca=",
				"ssl-cert=", "ssl-key=", "local-infile=?", "default-character-set=", "connect-timeout=", "max-allowed-packet=", "delimiter=",
				"prompt=", "plugin-dir=", "no-defaults", "column-names", "comments", "one-database", "unbuffered", "binary-mode",
				"safe-updates", "i-am-a-dummy", "show-warnings", "auto-rehash", "no-auto-rehash", "compress", "quick", "wait",
				"no-tee", "no-pager", "system-command", "skip-system-command"}},
			Output: []string{"--tee"},
			Rules: []Rule{{ID: "inline_code.mysql_pager", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--pager"},
				Reason: "mysql --pager runs the program it is given on every result"}}}},
		{Family: "databases", Names: []string{"sqlite3", "sqlite"}, Check: "sql", Node: Node{
			Grammar: Grammar{Dash: true, Exact: true, Long: []string{"cmd=", "init=", "separator=", "nullvalue=", "newline=", "readonly", "header",
				"noheader", "csv", "json", "line", "column", "box", "markdown", "table", "html", "list", "quote", "tabs", "ascii", "bail",
				"batch", "echo", "interactive", "safe", "version", "help", "stats", "memtrace", "mmap=", "lookaside=", "pagecache=", "heap=",
				"vfs=", "zip", "append", "deserialize", "maxsize=", "nofollow", "nonce=", "escape=", "A=", "utf8", "no-rowid-in-view"}}}},
		{Family: "databases", Names: []string{"duckdb"}, Check: "sql", Node: Node{
			Grammar: Grammar{Dash: true, Exact: true, Long: []string{"c=", "cmd=", "init=", "s=", "f=", "separator=", "nullvalue=", "newline=",
				"readonly", "header", "noheader", "csv", "json", "line", "column", "box", "markdown", "table", "html", "list", "quote", "ascii",
				"bail", "batch", "echo", "interactive", "safe", "version", "help", "unsigned", "no-stdin", "storage-version="}}}},
		{Family: "databases", Names: []string{"clickhouse-client"}, Check: "sql", Node: Node{
			Grammar: Grammar{Short: "q:h:u:d:f:m", Long: []string{"query=", "host=", "port=", "user=", "password=?", "database=", "format=",
				"multiquery", "multiline", "queries-file=", "config-file=", "secure", "time", "stacktrace", "progress", "vertical"}}}},
		{Family: "databases", Names: []string{"clickhouse"}, Check: "sql", Node: Node{
			Grammar: Grammar{Short: "q:h:u:d:f:m", Long: []string{"query=", "host=", "port=", "user=", "password=?", "database=", "format=",
				"multiquery", "multiline", "queries-file=", "config-file=", "secure", "time", "stacktrace", "progress", "vertical"}},
			Subs: []*Node{
				{Names: []string{"client", "local"}},
				{Names: []string{"server", "install", "start", "stop", "restart", "keeper", "format", "benchmark", "compressor", "obfuscator"}, Writes: true},
				{Names: []string{"--version", "version", "help"}, Read: true},
			}}},
		{Family: "databases", Names: []string{"cockroach"}, Check: "sql", Node: Node{
			Grammar: Grammar{Long: []string{"host=", "port=", "url=", "user=", "database=", "insecure", "certs-dir=", "format="}, Short: "u:d:"},
			Subs: []*Node{
				{Names: []string{"sql", "demo"}, Grammar: Grammar{Short: "e:f:", Long: []string{"execute=", "file=", "set=", "echo-sql", "safe-updates=?", "read-only"}}},
				{Names: []string{"version", "--version", "help"}, Read: true},
				{Names: []string{"node"}, Subs: []*Node{
					{Names: []string{"ls", "status"}, Read: true},
					{Names: []string{"decommission", "drain"}, Rules: []Rule{{ID: "destructive_action.cockroach_node", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
						Reason: "cockroach node decommission/drain takes a node out of the cluster"}}},
					{Names: []string{"recommission"}, Writes: true},
				}},
				{Names: []string{"start", "start-single-node", "init", "cert", "debug", "gen", "userfile", "import", "convert-url", "workload", "statement-diag", "auth-session", "encode-uri", "mt"}, Writes: true},
			}}},
		{Family: "databases", Names: []string{"sqlcmd"}, Check: "sql", Node: Node{Grammar: Grammar{Short: "S:U:P:d:Q:q:i:o:H:t:l:s:w:h:", Long: []string{"server=", "user-name=", "password=", "database-name=", "query=", "initial-query=", "input-file=", "output-file="}},
			Output: []string{"-o", "--output-file"}}},
		{Family: "databases", Names: []string{"cqlsh"}, Check: "sql", Node: Node{Grammar: Grammar{Short: "e:f:u:p:k:", Long: []string{"execute=", "file=", "username=", "password=", "keyspace=", "ssl", "cqlversion=", "connect-timeout=", "request-timeout=", "no-color", "color", "debug"}}}},
		// Trino's and Presto's CLI run the SQL of --execute or of a file, else
		// what they read; the validator judges every operand as SQL too.
		{Family: "databases", Names: []string{"trino", "presto"}, Check: "sql", Node: Node{
			Grammar: Grammar{Short: "f:", Long: []string{"server=", "catalog=", "schema=", "user=", "password", "execute=", "file=", "output-format=",
				"output-format-interactive=", "session=", "source=", "client-tags=", "client-info=", "extra-credential=", "access-token=",
				"truststore-path=", "truststore-password=", "keystore-path=", "keystore-password=", "http-proxy=", "socks-proxy=", "timezone=",
				"history-file=", "network-logging=", "resource-estimate=", "editing-mode=", "krb5-principal=", "krb5-remote-service-name=",
				"krb5-config-path=", "krb5-keytab-path=", "debug", "progress", "ignore-errors", "insecure", "external-authentication",
				"disable-auto-suggestion", "disable-compression", "version", "help"}}}},
		// SnowSQL: -q runs a query, -f a file, -o sets options.
		{Family: "databases", Names: []string{"snowsql"}, Check: "sql", Node: Node{
			Grammar: Grammar{Short: "a:u:d:s:r:w:h:p:q:f:o:D:c:vUKPM", Long: []string{"accountname=", "username=", "dbname=", "schemaname=",
				"rolename=", "warehouse=", "host=", "port=", "region=", "query=", "filename=", "option=", "variable=", "connection=", "config=",
				"authenticator=", "private-key-path=", "token=", "version", "versions", "bootstrap-version", "noup", "upgrade",
				"abort-detached-query", "probe-connection", "prompt", "mfa-prompt", "help"}}}},
		// BigQuery's bq: bq query SQL runs it; bq rm deletes a dataset, table
		// or model. Flags are written --name=value (--nouse_legacy_sql).
		{Family: "databases", Names: []string{"bq"}, Check: "sql", Node: Node{
			Grammar: Grammar{Exact: true, Long: []string{"project_id=", "dataset_id=", "location=", "format=", "api=", "api_version=", "apilog=",
				"credential_file=", "service_account=", "service_account_credential_file=", "job_id=", "max_rows_per_request=", "trace=",
				"httplib2_debuglevel=", "headless", "quiet", "synchronous_mode", "nosynchronous_mode", "use_gce_service_account", "enable_gdrive",
				"fingerprint_job_id", "use_legacy_sql=?", "nouse_legacy_sql", "destination_table=", "parameter=", "max_rows=", "dry_run",
				"replace", "append_table", "batch", "allow_large_results", "maximum_bytes_billed=", "label=", "recursive", "force", "version", "help"},
				Short: "qfrn:"},
			Subs: []*Node{
				{Names: []string{"ls", "show", "head", "help", "version", "wait", "get-iam-policy"}, Read: true},
				{Names: []string{"query"}},
				{Names: []string{"mk", "cp", "load", "insert", "update", "extract", "cancel", "partition", "set-iam-policy", "add-iam-policy-binding",
					"remove-iam-policy-binding", "init", "shell"}, Writes: true},
				{Names: []string{"rm"}, Rules: []Rule{{ID: "destructive_action.bq_rm", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
					Reason: "bq rm deletes a BigQuery dataset, table, view or model (-r with everything in it)", Safer: "bq show NAME to see what it would delete"}}},
			}}},
		// Redis and its forks: the validator reads the command after the options.
		{Family: "databases", Names: []string{"redis-cli", "valkey-cli", "keydb-cli"}, Check: "redis", Node: Node{
			Grammar: Grammar{Short: "h:p:s:a:u:n:r:i:d:D:e3xXc", Exact: true, Long: []string{"user=", "pass=", "askpass", "tls", "sni=", "cacert=", "cacertdir=", "cert=",
				"key=", "insecure", "tls-ciphers=", "tls-ciphersuites=", "raw", "no-raw", "quoted-input", "csv", "json", "quoted-json", "show-pushes=",
				"stat", "latency", "latency-history", "latency-dist", "lru-test=", "replica", "rdb=", "functions-rdb=", "pipe", "pipe-timeout=",
				"bigkeys", "memkeys", "memkeys-samples=", "keystats", "keystats-samples=", "hotkeys", "scan", "pattern=", "count=", "quoted-pattern=",
				"intrinsic-latency=", "eval=", "ldb", "ldb-sync-mode", "cluster=", "verbose", "no-auth-warning", "help", "version", "top-keys"}},
			Output: []string{"--rdb", "--functions-rdb"}}},
		// etcd's client: keys, members, leases.
		{Family: "databases", Names: []string{"etcdctl"}, Node: Node{
			Grammar: Grammar{Short: "w:", Long: []string{"endpoints=", "cacert=", "cert=", "key=", "user=", "password=", "write-out=", "command-timeout=",
				"dial-timeout=", "keepalive-time=", "keepalive-timeout=", "discovery-srv=", "insecure-skip-tls-verify", "insecure-transport", "hex", "debug",
				"prefix", "from-key", "keys-only", "print-value-only", "limit=", "rev=", "sort-by=", "order=", "consistency=", "prev-kv", "lease=", "cluster"}},
			Subs: []*Node{
				{Names: []string{"get", "watch", "version", "help", "--version"}, Read: true},
				{Names: []string{"member"}, Subs: []*Node{{Names: []string{"list"}, Read: true}, {Names: []string{"add", "update", "promote"}, Writes: true},
					{Names: []string{"remove"}, Rules: []Rule{{ID: "destructive_action.etcd_member_remove", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
						Reason: "etcdctl member remove takes a member out of the etcd cluster"}}}}},
				{Names: []string{"endpoint"}, Subs: []*Node{{Names: []string{"status", "health", "hashkv"}, Read: true}}},
				{Names: []string{"alarm"}, Subs: []*Node{{Names: []string{"list"}, Read: true}, {Names: []string{"disarm"}, Writes: true}}},
				{Names: []string{"user", "role"}, Subs: []*Node{{Names: []string{"list", "get"}, Read: true},
					{Names: []string{"add", "grant-role", "revoke-role", "passwd", "grant-permission", "revoke-permission"}, Writes: true},
					{Names: []string{"delete"}, Rules: []Rule{{ID: "destructive_action.etcd_user_delete", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
						Reason: "etcdctl user/role delete removes an etcd user or role"}}}}},
				{Names: []string{"lease"}, Subs: []*Node{{Names: []string{"list", "timetolive"}, Read: true}, {Names: []string{"grant", "keep-alive"}, Writes: true},
					{Names: []string{"revoke"}, Rules: []Rule{{ID: "destructive_action.etcd_lease_revoke", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
						Reason: "etcdctl lease revoke deletes every key attached to the lease"}}}}},
				{Names: []string{"del"}, Rules: []Rule{{ID: "destructive_action.etcd_del", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
					Reason: "etcdctl del deletes keys (with --prefix or --from-key, every key under them)", Safer: "etcdctl get --prefix --keys-only KEY to see what it would delete"}}},
				{Names: []string{"put", "txn", "compaction", "defrag", "snapshot", "move-leader", "lock", "elect", "auth", "make-mirror", "check", "downgrade"}, Writes: true},
			}}},
		{Family: "databases", Names: []string{"mongosh", "mongo"}, Check: "mongo", Node: Node{
			Grammar: Grammar{Short: "u:p:f:h:", Long: []string{"eval=", "file=", "quiet", "nodb", "norc", "host=", "port=", "username=", "password=?",
				"authenticationDatabase=", "authenticationMechanism=", "tls", "tlsCAFile=", "tlsCertificateKeyFile=", "shell", "verbose",
				"version", "help", "json=?", "apiVersion=", "retryWrites=?", "ssl", "sslCAFile="}}}},
		// Dumps print to standard output unless told to write a file.
		{Family: "databases", Names: []string{"pg_dump", "pg_dumpall"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "f:F:d:h:p:U:n:N:t:T:j:Z:E:S:l:", Long: []string{"file=", "format=", "dbname=", "host=", "port=", "username=",
				"schema=", "exclude-schema=", "table=", "exclude-table=", "jobs=", "compress=", "encoding=", "superuser=", "role=", "lock-wait-timeout=",
				"database=", "exclude-database=", "section=", "snapshot=", "filter=", "extension=", "exclude-table-data=", "rows-per-insert="}},
			Output: []string{"-f", "--file"}}},
		{Family: "databases", Names: []string{"mysqldump", "mariadb-dump"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "u:p::h:P:r:S:T:w:", Long: []string{"user=", "password=?", "host=", "port=", "result-file=", "socket=", "tab=",
				"where=", "databases", "all-databases", "single-transaction", "routines", "triggers", "events", "no-data", "defaults-file=",
				"ignore-table=", "default-character-set="}},
			Output: []string{"-r", "--result-file", "-T", "--tab"}}},
		{Family: "databases", Names: []string{"mongoexport"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "d:c:o:q:f:u:p:h:", Long: []string{"db=", "collection=", "out=", "query=", "fields=", "uri=", "host=", "port=", "username=", "password=", "type="}},
			Output:  []string{"-o", "--out"}}},
		{Family: "databases", Names: []string{"mongodump"}, Node: Node{Writes: true}},
		{Family: "databases", Names: []string{"mongorestore"}, Node: Node{Writes: true,
			Rules: []Rule{{ID: "destructive_action.mongorestore_drop", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"--drop"},
				Reason: "mongorestore --drop drops each collection before restoring it"}}}},
		{Family: "databases", Names: []string{"pg_restore"}, Node: Node{Writes: true, ReadIf: []string{"-l", "--list"},
			Grammar: Grammar{Short: "d:f:F:h:p:U:n:N:t:T:j:I:P:L:S:", Long: []string{"dbname=", "file=", "format=", "host=", "port=", "username=",
				"schema=", "exclude-schema=", "table=", "trigger=", "jobs=", "index=", "function=", "use-list=", "superuser=", "role=", "section=",
				"list", "clean", "create", "if-exists", "no-owner", "data-only", "schema-only", "single-transaction", "exit-on-error"}},
			Unless: []string{"-d", "--dbname", "-f", "--file"},
			Rules: []Rule{{ID: "destructive_action.pg_restore_clean", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"-c", "--clean"},
				Reason: "pg_restore --clean drops the database objects before recreating them", Safer: "pg_restore -l DUMP to see what it would restore"}}}},
		{Family: "databases", Names: []string{"dropdb"}, Check: "dropdb"},
		{Family: "databases", Names: []string{"dropuser"}, Node: Node{
			Grammar: Grammar{Short: "h:p:U:", Long: []string{"host=", "port=", "username=", "if-exists", "interactive", "echo"}},
			Rules: []Rule{{ID: "destructive_action.dropuser", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
				Reason: "dropuser deletes a PostgreSQL role"}}}},
		{Family: "databases", Names: []string{"createdb", "createuser", "vacuumdb", "reindexdb", "clusterdb", "pg_basebackup", "pg_upgrade", "initdb", "mysqlimport", "mariadb-import", "pg_ctlcluster", "pg_createcluster"}, Node: Node{Writes: true}},
		{Family: "databases", Names: []string{"pg_dropcluster"}, Node: Node{Rules: []Rule{{ID: "sql_destructive.pg_dropcluster", Kind: finding.SQLDestructive, Severity: finding.Severe,
			Reason: "pg_dropcluster deletes a whole PostgreSQL cluster with its data"}}}},
		{Family: "databases", Names: []string{"pg_isready", "pg_config", "pg_lsclusters", "pg_controldata", "mysqlshow", "mysqlbinlog", "pg_waldump", "mariadb-show"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "h:p:U:d:t:u:r:", Long: []string{"host=", "port=", "username=", "dbname=", "timeout=", "user=", "result-file="}},
			Output:  []string{"-r", "--result-file"}}},
		{Family: "databases", Names: []string{"pg_ctl"}, Node: Node{
			Grammar: Grammar{Short: "D:l:o:m:w:t:s", Long: []string{"pgdata=", "log=", "options=", "mode=", "timeout=", "silent", "wait", "no-wait"}},
			Subs: []*Node{
				{Names: []string{"status"}, Read: true},
				{Names: []string{"start", "stop", "restart", "reload", "promote", "logrotate", "kill", "init", "initdb", "register", "unregister"}, Writes: true},
			}}},
		{Family: "databases", Names: []string{"mysqladmin", "mariadb-admin"}, Check: "mysqladmin", Node: Node{
			Grammar: Grammar{Short: "u:p::h:P:S:i:c:", Long: []string{"user=", "password=?", "host=", "port=", "socket=", "sleep=", "count=", "force", "silent", "verbose", "defaults-file="}},
			Subs: []*Node{
				{Names: []string{"status", "ping", "version", "variables", "processlist", "extended-status"}, Read: true},
				{Names: []string{"drop"}},
				{Names: []string{"create", "flush-hosts", "flush-logs", "flush-privileges", "flush-status", "flush-tables", "flush-threads", "refresh", "reload", "kill", "password", "old-password", "start-replica", "stop-replica", "start-slave", "stop-slave", "debug"}, Writes: true},
				{Names: []string{"shutdown"}, Rules: []Rule{{ID: "destructive_action.mysqladmin_shutdown", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
					Reason: "mysqladmin shutdown stops the database server"}}},
			}}},
	}
}

// ipObject is one object of ip(8): showing is the default, add/del/flush write.
func ipObject(names ...string) *Node {
	batch := []string{"-b", "-batch", "-force"} // ip -batch FILE runs the commands in FILE
	return &Node{Names: names, Read: true, Unless: batch, Subs: []*Node{
		{Names: []string{"show", "list", "lst", "sh", "ls", "l", "get", "showdump", "save", "help", "s", "g"}, Read: true, Unless: batch},
		{Names: []string{"add", "a", "del", "d", "delete", "change", "chg", "replace", "set", "flush", "f", "append", "prepend", "restore", "update", "attach", "detach", "identify", "pid", "set-netns"}, Writes: true},
		{Names: []string{"exec"}, Runs: &Runs{Skip: 1}},
	}}
}

func systemTools() []*Program {
	return []*Program{
		{Family: "system", Names: []string{"systemctl"}, Check: "systemctl", Node: Node{Read: true,
			Grammar: Grammar{Short: "t:p:H:M:n:o:s:P:", Long: []string{"type=", "property=", "host=", "machine=", "lines=", "output=", "signal=", "state=",
				"job-mode=", "kill-whom=", "kill-value=", "root=", "what=", "when=", "timestamp=", "message=", "drop-in=", "preset-mode=", "image=",
				"boot-loader-entry=", "boot-loader-menu=", "reboot-argument=", "check-inhibitors=", "image-policy=", "legend=?", "user", "system",
				"global", "all", "full", "no-pager", "no-legend", "no-block", "now", "force", "runtime", "quiet", "plain", "failed", "recursive",
				"reverse", "after", "before", "wait", "show-types", "value", "dry-run", "firmware-setup", "no-wall", "no-reload", "no-ask-password",
				"no-warn", "lines=", "marked", "read-only", "mkdir", "stdin", "capsule=", "with-dependencies", "job-mode="}},
			Subs: []*Node{
				{Names: []string{"status", "show", "cat", "list-units", "list-unit-files", "list-sockets", "list-timers", "list-jobs", "list-dependencies",
					"list-machines", "list-automounts", "list-paths", "is-active", "is-enabled", "is-failed", "is-system-running", "get-default",
					"show-environment", "help", "--version", "version", "whoami"}, Read: true},
				{Names: []string{"log-level", "log-target", "service-watchdogs"}, Bare: true},
				{Names: []string{"start", "stop", "restart", "reload", "try-restart", "reload-or-restart", "try-reload-or-restart", "condrestart",
					"force-reload", "enable", "disable", "mask", "unmask", "daemon-reload", "daemon-reexec", "edit", "set-property", "revert", "preset",
					"preset-all", "link", "reenable", "kill", "reset-failed", "clean", "freeze", "thaw", "set-default",
					"add-wants", "add-requires", "bind", "mount-image", "cancel", "isolate", "default",
					"switch-root", "exit"}, Writes: true, Does: []effect.Class{effect.SystemChange}},
				// The service manager's environment, which every service it
				// starts later inherits.
				{Names: []string{"set-environment", "unset-environment", "import-environment"}, Writes: true, Effects: []Effect{{Act: SetsEnv, Operands: "all"}}},
				{Names: []string{"poweroff", "reboot", "halt", "kexec", "suspend", "hibernate", "hybrid-sleep", "suspend-then-hibernate", "soft-reboot",
					"emergency", "rescue", "sleep"}, Rules: []Rule{{ID: "system_power.systemctl", Kind: finding.SystemPower, Severity: finding.Severe,
					Reason: "systemctl stops, suspends or restarts the machine"}}},
			}}},
		{Family: "system", Names: []string{"service"}, Node: Node{
			Grammar: Grammar{Long: []string{"status-all", "full-restart", "help", "version"}},
			ReadIf:  []string{"--status-all"},
			Subs: []*Node{
				{Names: []string{"*"}, Subs: []*Node{
					{Names: []string{"status"}, Read: true},
					{Names: []string{"*"}, Writes: true, Does: []effect.Class{effect.SystemChange}},
				}},
			}}},
		{Family: "system", Names: []string{"journalctl"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "u:t:T:p:n::o:b::S:U:D:M:g:i:F:c:", Long: []string{"unit=", "user-unit=", "identifier=", "exclude-identifier=",
				"priority=", "lines=?", "output=", "boot=?", "since=", "until=", "directory=", "file=", "machine=", "grep=", "facility=",
				"cursor=", "after-cursor=", "cursor-file=", "field=", "output-fields=", "root=", "image=", "namespace=", "vacuum-size=",
				"vacuum-time=", "vacuum-files=", "interval=", "verify-key=", "invocation=", "case-sensitive=?", "no-pager", "follow", "reverse",
				"catalog", "dmesg", "system", "user", "merge", "all", "quiet", "utc", "no-hostname", "no-full", "full", "pager-end", "list-boots",
				"disk-usage", "fields", "header", "rotate", "flush", "sync", "relinquish-var", "smart-relinquish-var", "setup-keys",
				"update-catalog", "new-id128", "list-catalog", "dump-catalog", "verify", "show-cursor", "list-namespaces", "list-invocations"}},
			Unless: []string{"--vacuum-size", "--vacuum-time", "--vacuum-files", "--rotate", "--flush", "--sync", "--relinquish-var",
				"--smart-relinquish-var", "--setup-keys", "--update-catalog", "--cursor-file"}}},
		{Family: "system", Names: []string{"loginctl"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "p:s:H:M:n:o:", Long: []string{"property=", "signal=", "host=", "machine=", "lines=", "output=", "kill-whom=", "all", "value", "full", "no-pager", "no-legend", "no-ask-password"}},
			Subs: []*Node{
				{Names: []string{"list-sessions", "list-users", "list-seats", "show-session", "show-user", "show-seat", "session-status", "user-status", "seat-status", "--version", "help"}, Read: true},
				{Names: []string{"terminate-session", "terminate-user", "terminate-seat", "kill-session", "kill-user"}, Rules: []Rule{{ID: "destructive_action.loginctl_terminate",
					Kind: finding.DestructiveAction, Severity: finding.NonSevere, Reason: "loginctl ends a user's sessions and the programs running in them"}}},
				{Names: []string{"lock-session", "unlock-session", "lock-sessions", "unlock-sessions", "activate", "enable-linger", "disable-linger", "attach", "flush-devices"}, Writes: true},
			}}},
		{Family: "system", Names: []string{"timedatectl", "hostnamectl", "localectl"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "H:M:p:", Long: []string{"host=", "machine=", "property=", "no-pager", "no-ask-password", "adjust-system-clock", "monitor", "all", "value", "static", "transient", "pretty", "json=", "no-convert"}},
			Subs: []*Node{
				{Names: []string{"status", "show", "list-timezones", "timesync-status", "show-timesync", "list-keymaps", "list-locales", "list-x11-keymap-models",
					"list-x11-keymap-layouts", "list-x11-keymap-variants", "list-x11-keymap-options", "help", "--version"}, Read: true},
				{Names: []string{"hostname", "icon-name", "chassis", "deployment", "location"}, Bare: true},
				{Names: []string{"set-*", "ntp-servers", "revert"}, Writes: true},
			}}},
		{Family: "system", Names: []string{"sysctl"}, Check: "sysctl", Node: Node{Grammar: Grammar{Short: "p::f::w", Long: []string{"load=?", "write", "system", "pattern="}}}},
		{Family: "system", Names: []string{"ip"}, Node: Node{
			Grammar: Grammar{Dash: true, Long: []string{"br", "brief", "j", "json", "p", "pretty", "d", "details", "s", "stats", "statistics", "c", "color=?",
				"n=", "netns=", "b=", "batch=", "4", "6", "0", "o", "oneline", "r", "resolve", "h", "human", "human-readable", "a", "all", "t", "timestamp",
				"ts", "tshort", "iec", "f=", "family=", "l=", "loops=", "rc=", "rcvbuf=", "N", "Numeric", "force", "V", "Version", "M", "B", "D"}},
			Subs: []*Node{
				ipObject("address", "addr", "a", "ad", "add", "addre", "addres"),
				ipObject("link", "l", "li", "lin"),
				ipObject("route", "r", "ro", "rou", "rout"),
				ipObject("neighbour", "neighbor", "neigh", "n", "ne", "nei"),
				ipObject("rule", "ru", "rul"),
				ipObject("netns"),
				ipObject("maddress", "maddr", "m", "ma"),
				ipObject("mroute", "mr"),
				ipObject("tunnel", "tun", "t"),
				ipObject("tuntap"),
				ipObject("xfrm"),
				ipObject("nexthop", "nh"),
				ipObject("vrf"),
				ipObject("token"),
				ipObject("ntable"),
				ipObject("tcp_metrics", "tcpmetrics"),
				ipObject("mptcp"),
				ipObject("stats"),
				ipObject("sr"),
				ipObject("l2tp"),
				ipObject("fou"),
				ipObject("macsec"),
				{Names: []string{"monitor"}, Read: true},
				{Names: []string{"help"}, Read: true},
			}}},
		{Family: "system", Names: []string{"nft"}, Check: "nft", Node: Node{Grammar: Grammar{Short: "f:I:D:T:", Long: []string{"file=", "includepath=", "define=", "optimize", "check", "handle", "numeric", "stateless", "json", "echo", "terse", "interactive", "debug="}}}},
		{Family: "system", Names: []string{"iptables", "ip6tables", "iptables-legacy", "ip6tables-legacy", "iptables-nft", "ip6tables-nft", "ebtables", "arptables"}, Node: Node{
			Grammar: Grammar{Short: "t:A:C:D:I:R:N:P:E:j:p:s:d:i:o:m:g:w::W:LSFZXvnx", Long: []string{"table=", "append=", "check=", "delete=", "insert=",
				"replace=", "list", "list-rules", "flush", "zero", "new-chain=", "delete-chain", "policy=", "rename-chain=", "jump=", "goto=",
				"protocol=", "source=", "destination=", "in-interface=", "out-interface=", "match=", "wait=?", "wait-interval=", "verbose", "numeric",
				"exact", "line-numbers", "modprobe=", "dport=", "sport=", "to-destination=", "to-source=", "to-ports=", "comment=", "state=", "ctstate="}},
			ReadIf: []string{"-L", "--list", "-S", "--list-rules", "-C", "--check"},
			Unless: []string{"-A", "--append", "-D", "--delete", "-I", "--insert", "-R", "--replace", "-N", "--new-chain", "-X", "--delete-chain",
				"-P", "--policy", "-E", "--rename-chain", "-F", "--flush", "-Z", "--zero"},
			Rules: []Rule{{ID: "destructive_action.iptables_flush", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"-F", "--flush", "-X", "--delete-chain"},
				Reason: "iptables -F/-X deletes firewall rules or chains", Safer: "iptables-save > rules.backup first"}}}},
		{Family: "system", Names: []string{"iptables-restore", "ip6tables-restore"}, Node: Node{Writes: true, ReadIf: []string{"-t", "--test"}}},
		{Family: "system", Names: []string{"ufw"}, Node: Node{
			Grammar: Grammar{Long: []string{"dry-run", "force"}},
			Subs: []*Node{
				{Names: []string{"status", "show", "version", "--version", "help", "--help"}, Read: true},
				{Names: []string{"app"}, Subs: []*Node{{Names: []string{"list", "info"}, Read: true}, {Names: []string{"update", "default"}, Writes: true}}},
				{Names: []string{"reset", "disable"}, Rules: []Rule{{ID: "destructive_action.ufw_reset", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
					Reason: "ufw reset/disable turns the firewall off or deletes all its rules"}}},
				{Names: []string{"enable", "allow", "deny", "reject", "limit", "insert", "prepend", "route", "default", "logging", "reload", "delete"}, Writes: true},
			}}},
		{Family: "system", Names: []string{"mount"}, Check: "mount", Node: Node{Bare: true, ReadIf: []string{"-l", "-t", "--types"},
			Grammar: Grammar{Short: "t:o:O:L:U:N:lv", Long: []string{"types=", "options=", "test-opts=", "label=", "uuid=", "source=", "target=", "namespace=", "show-labels", "verbose"}}, Does: []effect.Class{effect.SystemChange}}},
		{Family: "system", Names: []string{"umount", "swapoff", "insmod", "rmmod", "chattr", "eject", "update-grub", "grub-install", "update-initramfs", "mkinitcpio", "dracut", "depmod"}, Node: Node{Writes: true, Does: []effect.Class{effect.SystemChange}}},
		{Family: "system", Names: []string{"setfacl"}, Check: "setfacl", Node: Node{Writes: true, Grammar: Grammar{Short: "m:M:x:X:bkndRLPvh",
			Long: []string{"set=", "set-file=", "modify=", "modify-file=", "remove=", "remove-file=", "remove-all", "remove-default",
				"default", "no-mask", "mask", "restore=", "test", "recursive", "logical", "physical", "version", "help"}}}},
		{Family: "system", Names: []string{"swapon"}, Node: Node{Writes: true, ReadIf: []string{"-s", "--summary", "--show"}}},
		{Family: "system", Names: []string{"losetup"}, Node: Node{Bare: true, ReadIf: []string{"-l", "--list", "-a", "--all", "-j", "--associated"},
			Grammar: Grammar{Short: "j:o:O:", Long: []string{"associated=", "offset=", "output=", "sizelimit="}},
			Unless:  []string{"-d", "--detach", "-D", "--detach-all", "-f", "--find", "-c", "--set-capacity"}}},
		{Family: "system", Names: []string{"modprobe"}, Node: Node{Writes: true, ReadIf: []string{"-n", "--dry-run", "-c", "--showconfig", "-D", "--show-depends", "--show-modversions", "--dump-modversions"},
			Grammar: Grammar{Short: "C:d:S:", Long: []string{"config=", "dirname=", "set-version="}}}},
		{Family: "system", Names: []string{"modinfo", "lsattr", "getcap", "getfacl", "lsmod", "lsblk", "findmnt", "blkid", "lsinitramfs", "lsinitrd", "atq"}, Node: Node{Read: true}},
		{Family: "system", Names: []string{"networkctl"}, Node: Node{Read: true, Subs: []*Node{
			{Names: []string{"list", "status", "lldp", "label", "cat", "help", "--version"}, Read: true},
			{Names: []string{"delete", "up", "down", "renew", "forcerenew", "reconfigure", "reload", "edit", "mask", "unmask", "persistent-storage"}, Writes: true},
		}}},
		{Family: "system", Names: []string{"dmesg"}, Node: Node{Read: true, Unless: []string{"-c", "-C", "--clear", "--read-clear", "-n", "--console-level", "-D", "-E", "--console-off", "--console-on"}}},
		// nc and socat connect or listen and move bytes both ways; their
		// reverse shells and secret sources are the validator's (exfil.go).
		{Family: "system", Names: []string{"fuser"}, Node: Node{Read: true, Grammar: Grammar{Long: []string{"kill", "signal="}}, Unless: []string{"-k", "--kill"}}},
		{Family: "system", Names: []string{"arp"}, Node: Node{Read: true, Grammar: Grammar{Short: "i:H:A:p:t:d:s:f::", Long: []string{"device=", "hw-type=", "delete=", "set=", "file=?"}},
			Unless: []string{"-d", "--delete", "-s", "--set", "-f", "--file", "-S"}}},
		{Family: "system", Names: []string{"route"}, Node: Node{Read: true, Grammar: Grammar{Short: "A:"},
			Subs: []*Node{
				{Names: []string{"get", "monitor", "show", "print"}, Read: true},
				{Names: []string{"add", "del", "delete", "change", "flush"}, Writes: true},
			}}},
		{Family: "system", Names: []string{"ifconfig"}, Check: "ifconfig", Node: Node{Grammar: Grammar{Short: "asvlLudm"}}},
		{Family: "system", Names: []string{"resolvectl"}, Node: Node{Read: true, Subs: []*Node{
			{Names: []string{"status", "query", "service", "openpgp", "tlsa", "statistics", "monitor", "show-cache", "show-server-state", "log-level", "help", "--version"}, Read: true},
			{Names: []string{"dns", "domain", "default-route", "llmnr", "mdns", "dnssec", "dnsovertls", "nta"}, Bare: true},
			{Names: []string{"flush-caches", "reset-statistics", "reset-server-features", "revert"}, Writes: true},
		}}},
		{Family: "system", Names: []string{"nmcli"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "f:g:m:c:e:w:t::", Long: []string{"fields=", "get-values=", "mode=", "colors=", "escape=", "wait=", "terse", "pretty", "ask", "show-secrets"}},
			Unless:  []string{"-s", "--show-secrets"},
			Subs: []*Node{
				{Names: []string{"general", "g", "ge", "gen"}, Read: true, Subs: []*Node{{Names: []string{"status", "hostname", "permissions", "logging"}, Read: true}}},
				{Names: []string{"device", "d", "de", "dev"}, Read: true, Subs: []*Node{
					{Names: []string{"status", "s", "show", "sh", "lldp"}, Read: true},
					{Names: []string{"wifi"}, Read: true, Subs: []*Node{{Names: []string{"list", "l"}, Read: true}, {Names: []string{"connect", "rescan", "hotspot"}, Writes: true}}},
					{Names: []string{"set", "up", "connect", "reapply", "modify", "disconnect", "delete", "monitor"}, Writes: true},
				}},
				{Names: []string{"connection", "c", "con", "conn"}, Read: true, Subs: []*Node{
					{Names: []string{"show", "s", "sh"}, Read: true, Unless: []string{"-s", "--show-secrets"},
						Rules: []Rule{{ID: "secret_access.nmcli_secrets", Kind: finding.SecretAccess, Severity: finding.NonSevere, If: []string{"-s", "--show-secrets"},
							Reason: "nmcli --show-secrets prints Wi-Fi and VPN passwords"}}},
					{Names: []string{"up", "down", "add", "modify", "edit", "clone", "delete", "monitor", "reload", "load", "import", "export", "migrate"}, Writes: true},
				}},
				{Names: []string{"radio", "r"}, Bare: true},
				{Names: []string{"networking", "n"}, Bare: true, Subs: []*Node{{Names: []string{"connectivity"}, Read: true}, {Names: []string{"on", "off"}, Writes: true}}},
				{Names: []string{"monitor", "help", "--version", "-v"}, Read: true},
				{Names: []string{"agent"}, Writes: true},
			}}},
		{Family: "system", Names: []string{"cryptsetup"}, Check: "dynamic-verb", Node: Node{
			Grammar: Grammar{Short: "c:h:s:l:o:b:d:S:t:T:q", Long: []string{"cipher=", "hash=", "key-size=", "key-file=", "keyfile-size=", "keyfile-offset=",
				"key-slot=", "type=", "header=", "size=", "offset=", "skip=", "iter-time=", "pbkdf=", "label=", "subsystem=", "uuid=", "sector-size=",
				"batch-mode", "readonly", "verbose", "debug", "allow-discards", "test-passphrase", "dump-master-key", "dump-volume-key", "header-backup-file=", "integrity=", "use-random", "use-urandom"}},
			Subs: []*Node{
				{Names: []string{"status", "luksDump", "isLuks", "luksUUID", "tcryptDump", "bitlkDump", "fvault2Dump", "benchmark", "config-dump", "--version", "help"}, Read: true,
					Unless: []string{"--dump-master-key", "--dump-volume-key", "--dump-json-metadata"},
					Rules: []Rule{{ID: "secret_access.cryptsetup_volume_key", Kind: finding.SecretAccess, Severity: finding.NonSevere, If: []string{"--dump-master-key", "--dump-volume-key"},
						Reason: "cryptsetup --dump-volume-key prints the key that decrypts the whole device"}}},
				{Names: []string{"open", "luksOpen", "close", "luksClose", "remove", "resize", "refresh", "luksAddKey", "luksChangeKey", "luksConvertKey", "luksSuspend",
					"luksResume", "luksHeaderBackup", "config", "token", "convert", "reencrypt", "plainOpen", "loopaesOpen", "tcryptOpen", "bitlkOpen"}, Writes: true},
				{Names: []string{"luksKillSlot", "luksRemoveKey"}, Rules: []Rule{{ID: "destructive_action.cryptsetup_key", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
					Reason: "cryptsetup removes a key slot; if it was the last one the data can no longer be opened", Safer: "cryptsetup luksHeaderBackup DEVICE --header-backup-file FILE first"}}},
				{Names: []string{"luksFormat", "erase", "luksErase", "luksHeaderRestore", "repair"}, Rules: []Rule{{ID: "disk_destroy.cryptsetup", Kind: finding.DiskDestroy, Severity: finding.Severe,
					Reason: "cryptsetup luksFormat/erase destroys the data or the keys of an encrypted device"}}},
			}}},
		{Family: "system", Names: []string{"mkswap"}, Check: "mkswap", Node: Node{Grammar: Grammar{Short: "L:U:p:e:o:s:",
			Long: []string{"label=", "uuid=", "pagesize=", "endianness=", "offset=", "size=", "lock=?", "file", "force", "check", "verbose"}}}},
		{Family: "system", Names: []string{"kexec"}, Check: "kexec", Node: Node{Does: []effect.Class{effect.SystemChange}, Grammar: Grammar{Short: "t:", Long: []string{"load", "load-panic", "type=", "initrd=", "append=", "command-line=", "reuse-cmdline", "exec", "unload", "force", "status"}}}},
		{Family: "system", Names: []string{"setcap"}, Check: "setcap", Node: Node{Writes: true, ReadIf: []string{"-v"}, Grammar: Grammar{Short: "n:"}}},
		{Family: "system", Names: []string{"at", "batch"}, Check: "at", Node: Node{Does: []effect.Class{effect.CodeExecution},
			Grammar: Grammar{Short: "q:f:t:", Long: []string{}},
			ReadIf:  []string{"-l", "-c", "-V"}}},
		{Family: "system", Names: []string{"atrm"}, Node: Node{Writes: true}},
		{Family: "system", Names: []string{"diskutil"}, Check: "dynamic-verb", Node: Node{
			Subs: []*Node{
				{Names: []string{"list", "info", "information", "activity", "listFilesystems", "listfilesystems", "verifyVolume", "verifyvolume", "verifyDisk", "verifydisk"}, Read: true},
				{Names: []string{"cs", "image"}, Subs: []*Node{{Names: []string{"list", "info"}, Read: true}, {Names: []string{"*"}, Writes: true}}},
				{Names: []string{"apfs", "ar", "coreStorage", "corestorage"}, Subs: []*Node{
					{Names: []string{"list", "listCryptoUsers", "listSnapshots", "listVolumeGroups", "listcryptousers", "listsnapshots"}, Read: true},
					{Names: []string{"deleteContainer", "deleteVolume", "eraseVolume", "deleteVolumeGroup", "deletecontainer", "deletevolume", "erasevolume", "delete"}, Rules: []Rule{{ID: "disk_destroy.diskutil_apfs",
						Kind: finding.DiskDestroy, Severity: finding.Severe, Reason: "diskutil apfs deleteContainer/deleteVolume/eraseVolume destroys a volume and its data"}}},
					{Names: []string{"*"}, Writes: true},
				}},
				{Names: []string{"eraseDisk", "erasedisk", "eraseVolume", "erasevolume", "partitionDisk", "partitiondisk", "zeroDisk", "zerodisk", "randomDisk", "randomdisk",
					"secureErase", "secureerase", "reformat", "eraseCD", "splitPartition", "splitpartition", "mergePartitions", "mergepartitions", "addPartition", "addpartition"},
					Rules: []Rule{{ID: "disk_destroy.diskutil", Kind: finding.DiskDestroy, Severity: finding.Severe, Reason: "diskutil erases or repartitions a disk, destroying its data"}}},
				{Names: []string{"mount", "mountDisk", "unmount", "umount", "unmountDisk", "umountDisk", "eject", "rename", "renameVolume", "repairVolume", "repairvolume",
					"repairDisk", "enableJournal", "disableJournal", "enableOwnership", "disableOwnership", "resizeVolume", "resizevolume", "appleRAID", "updatePreboot"}, Writes: true},
			}}},
		// dbus-update-activation-environment NAME[=VALUE]…: the session bus's
		// environment, which the services it starts inherit.
		{Family: "system", Names: []string{"dbus-update-activation-environment"}, Node: Node{Writes: true, Effects: []Effect{{Act: SetsEnv, Operands: "all"}}}},
		{Family: "system", Names: []string{"launchctl"}, Check: "dynamic-verb", Node: Node{
			Subs: []*Node{
				{Names: []string{"list", "print", "print-cache", "print-disabled", "blame", "dumpstate", "dumpjpcategory", "procinfo", "hostinfo", "resolveport",
					"examine", "managerpid", "manageruid", "managername", "error", "variant", "version", "help", "getenv", "plist"}, Read: true},
				{Names: []string{"reboot"}, Rules: []Rule{{ID: "system_power.launchctl_reboot", Kind: finding.SystemPower, Severity: finding.Severe,
					Reason: "launchctl reboot restarts the machine or its user space"}}},
				{Names: []string{"load", "unload", "bootstrap", "bootout", "enable", "disable", "kickstart", "kill", "start", "stop", "remove", "submit",
					"config", "attach", "debug", "limit", "bsexec", "asuser", "uncache", "bootshell", "log"}, Writes: true},
				// launchd's environment, which every process it starts inherits.
				{Names: []string{"setenv"}, Writes: true, Effects: []Effect{{Act: SetsEnv, Operands: "1"}}},
				{Names: []string{"unsetenv"}, Writes: true, Effects: []Effect{{Act: SetsEnv, Operands: "all"}}},
			}}},
		// kill's options are whole words; any other -WORD before them is the
		// signal (kill -9, kill -KILL), and after one a -NUMBER is a process
		// group (kill -9 -1).
		{Family: "system", Names: []string{"kill"}, Check: "kill", Node: Node{ReadIf: []string{"-l", "-L", "--list", "--table"},
			Grammar: Grammar{Words: []string{"s=", "n=", "l", "L"}, Long: []string{"signal=", "list=?", "table"}, Signal: true},
			Does:    []effect.Class{effect.ProcessKill}}},
		// pkill and killall take their options as whole words (pkill -u USER,
		// pkill -uUSER), spelled out: a -SIGNAL word (-HUP, -USR1) is no
		// cluster of them.
		{Family: "system", Names: []string{"pkill", "skill", "slay"}, Check: "killall", Node: Node{ReadIf: []string{"-l", "--list"}, Does: []effect.Class{effect.ProcessKill},
			Grammar: Grammar{Short: "u:", Words: append([]string{"g=", "c=", "e="}, killValueWords...), Long: killLong, Exact: true}}},
		{Family: "system", Names: []string{"killall"}, Check: "killall", Node: Node{ReadIf: []string{"-l", "--list"}, Does: []effect.Class{effect.ProcessKill},
			Grammar: Grammar{Words: killValueWords, Long: killLong, Exact: true}}},
		{Family: "system", Names: []string{"killall5"}, Check: "killall5", Node: Node{Does: []effect.Class{effect.ProcessKill}}},
		{Family: "system", Names: []string{"crontab"}, Check: "crontab", Node: Node{ReadIf: []string{"-l"},
			Grammar: Grammar{Short: "u:s"}, Unless: []string{"-r", "-e", "-i"}}},
		{Family: "system", Names: []string{"shutdown", "reboot", "halt", "poweroff"}, Check: "power", Node: Node{
			// shutdown -h halts: it is no request for help.
			Grammar: Grammar{Short: "HPrhkct:"}, Does: []effect.Class{effect.SystemChange}}},
		// init 0 and init 6 stop or restart the machine (the init check);
		// 1, s and S switch to single-user mode; q reloads.
		{Family: "system", Names: []string{"init", "telinit"}, Check: "init", Node: Node{Does: []effect.Class{effect.SystemChange}, Subs: []*Node{
			{Names: []string{"1", "s", "S", "single", "rescue", "emergency"}, Rules: []Rule{{ID: "system_power.init_single", Kind: finding.SystemPower, Severity: finding.Severe,
				Reason: "init 1 (s, S) switches to single-user mode: every service stops and everyone is logged out", Safer: "systemctl stop UNIT for the service you mean"}}},
			{Names: []string{"2", "3", "4", "5", "q", "Q", "u", "U", "a", "b", "c"}, Writes: true}}}},
		// The file system makers: their operands are the device (or image
		// file) and, after it, a size. Only the letters known to take a value
		// do: a letter read as a flag never swallows the device. mkfs, the
		// front end, makes ext2 unless -t says otherwise.
		{Family: "system", Names: []string{"mkfs", "mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4"}, Check: "mkfs", Node: Node{Does: mkfsDoes,
			Grammar: Grammar{Short: "b:C:d:E:g:G:i:I:J:l:L:m:M:N:o:O:r:t:T:U:e:z:", Long: []string{"type="}}}},
		{Family: "system", Names: []string{"mkfs.xfs"}, Check: "mkfs", Node: Node{Does: mkfsDoes, Grammar: Grammar{Short: "b:m:d:i:l:n:p:r:s:L:c:"}}},
		{Family: "system", Names: []string{"mkfs.vfat", "mkfs.fat", "mkfs.msdos", "mkdosfs"}, Check: "mkfs", Node: Node{Does: mkfsDoes,
			Grammar: Grammar{Short: "b:D:f:F:g:h:i:l:m:M:n:r:R:s:S:", Long: []string{"offset=", "variant=", "codepage=", "mbr=?", "invariant", "help"}}}},
		{Family: "system", Names: []string{"mkfs.btrfs"}, Check: "mkfs", Node: Node{Does: mkfsDoes, Grammar: Grammar{Short: "b:d:L:m:n:s:r:O:U:R:",
			Long: []string{"byte-count=", "data=", "label=", "metadata=", "nodesize=", "sectorsize=", "rootdir=", "features=", "uuid=", "runtime-features=",
				"checksum=", "csum=", "device-uuid=", "mixed", "force", "quiet", "nodiscard", "shrink", "verbose", "version", "help"}}}},
		{Family: "system", Names: []string{"mkntfs", "mkfs.ntfs"}, Check: "mkfs", Node: Node{Does: mkfsDoes, Grammar: Grammar{Short: "c:s:p:H:S:z:L:",
			Long: []string{"cluster-size=", "sector-size=", "partition-start=", "heads=", "sectors-per-track=", "mft-zone-multiplier=", "label=",
				"fast", "quick", "force", "no-action", "quiet", "verbose", "compression", "no-indexing", "zero-time", "with-uuid"}}}},
		{Family: "system", Names: []string{"mkexfatfs", "mkfs.exfat"}, Check: "mkfs", Node: Node{Does: mkfsDoes, Grammar: Grammar{Short: "b:c:L:U:i:n:p:s:",
			Long: []string{"boundary-align=", "cluster-size=", "volume-label=", "volume-guid=", "full-format", "pack-bitmap", "quick", "verbose"}}}},
		{Family: "system", Names: []string{"mkfs.f2fs", "mkfs.minix", "mkfs.bfs", "mkfs.cramfs", "mkfs.jfs",
			"mkfs.reiserfs", "mkfs.nilfs2", "mkfs.udf", "mkfs.erofs", "mkfs.hfsplus", "mkfs.zfs", "newfs", "newfs_hfs", "newfs_apfs", "newfs_msdos"}, Check: "mkfs", Node: Node{Does: mkfsDoes}},
		{Family: "system", Names: []string{"wipefs"}, Check: "wipefs", Node: Node{Grammar: Grammar{Short: "o:b::t:p:O:", Long: []string{"offset=", "backup=?", "types=", "output=", "all", "force", "no-act", "no-headings", "parsable", "quiet", "json", "lock=?"}}}},
		// Partition tools: the validator's Go check judges what they change.
		{Family: "system", Names: []string{"fdisk"}, Check: "partition", Node: Node{Does: partitionDoes, ReadIf: []string{"-l", "--list"}, Grammar: Grammar{Short: "b:c::C:H:L::o:S:t:u::w:W:x", Long: []string{"list", "sector-size=", "color=?", "output=", "type=", "units=?", "wipe=", "wipe-partitions="}},
			Unless: []string{"-w", "--wipe", "-W", "--wipe-partitions"}}},
		{Family: "system", Names: []string{"sfdisk"}, Check: "partition", Node: Node{Does: partitionDoes, ReadIf: []string{"-l", "--list", "-d", "--dump", "-s", "--show-size", "-J", "--json", "-V", "--verify", "--list-free", "-F"}}},
		{Family: "system", Names: []string{"gdisk"}, Check: "partition", Node: Node{Does: partitionDoes, ReadIf: []string{"-l"}}},
		{Family: "system", Names: []string{"sgdisk"}, Check: "partition", Node: Node{Does: partitionDoes, ReadIf: []string{"-p", "--print", "-i", "--info", "-v", "--verify", "-O", "--print-mbr"},
			Unless: []string{"-Z", "--zap-all", "-z", "--zap", "-o", "--clear", "-n", "--new", "-d", "--delete", "-t", "--typecode", "-c", "--change-name", "-g", "--mbrtogpt", "-R", "--replicate", "-G", "--randomize-guids", "-l", "--load-backup", "-e", "--move-second-header", "-s", "--sort", "-C", "--recompute-chs", "-m", "--gpttombr", "-h", "--hybrid", "-A", "--attributes", "-U", "--disk-guid", "-u", "--partition-guid", "-x", "--set-alignment", "-a"}}},
		// parted DEVICE COMMAND…: the commands are its operands after the device.
		{Family: "system", Names: []string{"parted"}, Check: "partition", Node: Node{ReadIf: []string{"-l", "--list"},
			Grammar: Grammar{Short: "a:", Long: []string{"align=", "list", "script", "machine", "fix", "json", "pretend-input-tty", "help", "version"}}}},
		{Family: "system", Names: []string{"cfdisk"}, Check: "partition", Node: Node{Does: partitionDoes}},
		{Family: "system", Names: []string{"blkdiscard"}, Check: "blkdiscard"},
		// Volumes, pools and devices: listing reads, removing destroys the data.
		{Family: "system", Names: []string{"lvs", "vgs", "pvs", "lvdisplay", "vgdisplay", "pvdisplay", "lvscan", "vgscan", "pvscan"}, Node: Node{Read: true}},
		{Family: "system", Names: []string{"lvremove", "vgremove", "pvremove"}, Node: Node{Rules: []Rule{{ID: "disk_destroy.lvm_remove", Kind: finding.DiskDestroy, Severity: finding.Severe,
			Reason: "removing a logical volume, volume group or physical volume destroys the data on it", Safer: "lvs / vgs / pvs to see what is there; take a snapshot or backup first"}}}},
		{Family: "system", Names: []string{"lvcreate", "lvextend", "lvresize", "lvreduce", "lvrename", "lvchange", "vgcreate", "vgextend", "vgreduce", "vgchange", "vgrename", "pvcreate", "pvresize", "pvmove"}, Node: Node{Writes: true}},
		{Family: "system", Names: []string{"zpool"}, Check: "dynamic-verb", Node: Node{Subs: []*Node{
			{Names: []string{"list", "status", "iostat", "get", "history", "events", "version", "help"}, Read: true},
			{Names: []string{"destroy", "labelclear"}, Rules: []Rule{{ID: "disk_destroy.zpool_destroy", Kind: finding.DiskDestroy, Severity: finding.Severe,
				Reason: "zpool destroy deletes a whole storage pool and every dataset in it", Safer: "zpool export POOL keeps the data"}}},
			{Names: []string{"create", "add", "attach", "detach", "remove", "replace", "offline", "online", "clear", "scrub", "trim", "import", "export", "upgrade", "set", "split", "resilver", "initialize", "reguid", "reopen", "sync", "checkpoint"}, Writes: true},
		}}},
		{Family: "system", Names: []string{"zfs"}, Check: "dynamic-verb", Node: Node{Subs: []*Node{
			{Names: []string{"list", "get", "holds", "userspace", "groupspace", "projectspace", "diff", "version", "help"}, Read: true},
			{Names: []string{"destroy"}, Rules: []Rule{{ID: "disk_destroy.zfs_destroy", Kind: finding.DiskDestroy, Severity: finding.Severe,
				Reason: "zfs destroy deletes a dataset or snapshot and its data", Safer: "zfs destroy -nv DATASET shows what would be destroyed"}}},
			{Names: []string{"rollback"}, Rules: []Rule{{ID: "destructive_action.zfs_rollback", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
				Reason: "zfs rollback discards every change since the snapshot"}}},
			{Names: []string{"create", "snapshot", "snap", "clone", "promote", "rename", "set", "inherit", "mount", "unmount", "umount", "share", "unshare", "send", "receive", "recv", "allow", "unallow", "hold", "release", "upgrade", "load-key", "unload-key", "change-key", "bookmark", "program", "redact", "wait", "jail", "unjail"}, Writes: true},
		}}},
		{Family: "system", Names: []string{"btrfs"}, Node: Node{Subs: []*Node{
			{Names: []string{"filesystem", "fi", "f"}, Subs: []*Node{{Names: []string{"show", "df", "du", "usage", "label"}, Read: true}, {Names: []string{"resize", "defragment", "defrag", "sync", "mkswapfile"}, Writes: true}}},
			{Names: []string{"subvolume", "subvol", "sub", "su"}, Subs: []*Node{{Names: []string{"list", "show", "get-default", "find-new"}, Read: true},
				{Names: []string{"delete", "del"}, Rules: []Rule{{ID: "destructive_action.btrfs_subvolume_delete", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
					Reason: "btrfs subvolume delete removes a subvolume and every file in it"}}},
				{Names: []string{"create", "snapshot", "set-default", "sync"}, Writes: true}}},
			{Names: []string{"device", "dev"}, Subs: []*Node{{Names: []string{"stats", "usage", "ready"}, Read: true}, {Names: []string{"add", "remove", "delete", "scan"}, Writes: true}}},
			{Names: []string{"scrub", "balance", "replace", "quota", "qgroup", "property", "send", "receive", "rescue", "check", "restore", "inspect-internal"}, Writes: true},
			{Names: []string{"version", "--version", "help"}, Read: true},
		}}},
		{Family: "system", Names: []string{"mdadm"}, Node: Node{Writes: true, ReadIf: []string{"-D", "--detail", "-E", "--examine", "-Q", "--query", "--detail-platform"},
			Unless: []string{"--zero-superblock", "-C", "--create", "-A", "--assemble", "--grow", "-G", "--manage", "-S", "--stop", "-a", "--add", "-r", "--remove", "-f", "--fail"},
			Rules: []Rule{{ID: "disk_destroy.mdadm_zero", Kind: finding.DiskDestroy, Severity: finding.Severe, If: []string{"--zero-superblock"},
				Reason: "mdadm --zero-superblock erases a RAID member's metadata, making the array's data unreachable"}}}},
		{Family: "system", Names: []string{"smartctl"}, Node: Node{ReadIf: []string{"-a", "--all", "-i", "--info", "-H", "--health", "-x", "--xall", "-A", "--attributes", "-l", "--log", "-c", "--capabilities", "--scan", "--scan-open"},
			Unless: []string{"-t", "--test", "-s", "--smart", "-o", "--offlineauto", "-S", "--saveauto", "-X", "--abort"}}},
		{Family: "system", Names: []string{"nvme"}, Check: "dynamic-verb", Node: Node{Subs: []*Node{
			{Names: []string{"list", "list-subsys", "smart-log", "error-log", "id-ctrl", "id-ns", "fw-log", "list-ns", "show-regs", "get-feature", "version", "help"}, Read: true},
			{Names: []string{"format", "sanitize", "delete-ns", "secure-erase"}, Rules: []Rule{{ID: "disk_destroy.nvme_format", Kind: finding.DiskDestroy, Severity: finding.Severe,
				Reason: "nvme format/sanitize erases every block of the drive"}}},
			{Names: []string{"*"}, Writes: true},
		}}},
		{Family: "system", Names: []string{"hdparm"}, Node: Node{ReadIf: []string{"-I", "-i", "-t", "-T", "-g", "-C", "-r", "-W", "-a", "-B", "-M"},
			Unless:  []string{"--security-erase", "--security-erase-enhanced", "--security-set-pass", "--trim-sector-ranges", "--write-sector", "--make-bad-sector", "--fwdownload", "-Y", "-y", "-z"},
			Grammar: Grammar{Long: []string{"security-erase=", "security-erase-enhanced=", "security-set-pass=", "user-master=", "write-sector=", "make-bad-sector=", "fwdownload=", "trim-sector-ranges=", "yes-i-know-what-i-am-doing", "please-destroy-my-drive"}},
			Rules: []Rule{{ID: "disk_destroy.hdparm_erase", Kind: finding.DiskDestroy, Severity: finding.Severe, If: []string{"--security-erase", "--security-erase-enhanced", "--write-sector", "--trim-sector-ranges", "--make-bad-sector", "--fwdownload"},
				Reason: "hdparm --security-erase/--write-sector overwrites the drive"}}}},
		{Family: "system", Names: []string{"blockdev"}, Node: Node{ReadIf: []string{"--getsize64", "--getsize", "--getss", "--getbsz", "--getro", "--report", "--getra", "--getpbsz", "--getiomin", "--getioopt", "--getalignoff", "--getmaxsect", "--getdiscardzeroes", "--getsz", "--getfra"},
			Unless: []string{"--setro", "--setrw", "--setra", "--setfra", "--setbsz", "--flushbufs", "--rereadpt"}}},
		{Family: "system", Names: []string{"tune2fs"}, Node: Node{Writes: true, ReadIf: []string{"-l"}, Grammar: Grammar{Short: "c:C:e:E:g:i:I:j:J:L:m:M:o:O:r:T:u:U:Q:"},
			Unless: []string{"-c", "-C", "-e", "-E", "-f", "-g", "-i", "-I", "-j", "-J", "-L", "-m", "-M", "-o", "-O", "-r", "-T", "-u", "-U", "-Q"}}},
		{Family: "system", Names: []string{"dumpe2fs", "xfs_info", "btrfs-show-super", "e2freefrag", "filefrag"}, Node: Node{Read: true}},
		{Family: "system", Names: []string{"fsck", "e2fsck", "fsck.ext4", "fsck.ext3", "fsck.ext2", "fsck.vfat", "fsck.fat", "fsck.xfs", "xfs_repair", "resize2fs", "xfs_growfs", "partprobe", "growpart", "e2label", "fatlabel"}, Node: Node{Writes: true, ReadIf: []string{"-n", "-N"},
			Unless: []string{"-y", "-p", "-a", "-f", "-L", "-c"}}},
		// Accounts: adding and changing write; deleting a user or group asks.
		{Family: "system", Names: []string{"useradd", "usermod", "groupadd", "groupmod", "gpasswd", "chpasswd", "chsh", "chfn", "adduser", "addgroup", "newusers", "vipw", "vigr"}, Node: Node{Writes: true}},
		{Family: "system", Names: []string{"userdel", "groupdel", "deluser", "delgroup"}, Node: Node{Rules: []Rule{{ID: "destructive_action.userdel", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
			Reason: "deletes a user or group account (userdel -r also deletes the home directory)"}}}},
		{Family: "system", Names: []string{"passwd"}, Node: Node{Writes: true, ReadIf: []string{"-S", "--status"}, Unless: []string{"-d", "--delete", "-l", "--lock", "-u", "--unlock", "-e", "--expire"}}},
		{Family: "system", Names: []string{"chage"}, Node: Node{Writes: true, ReadIf: []string{"-l", "--list"}}},
		// Writers whose targets the validator reads.
		{Family: "system", Names: []string{"sponge"}, Check: "sponge", Node: Node{Writes: true}},
		{Family: "system", Names: []string{"ed", "red"}, Check: "ed", Node: Node{Writes: true, Grammar: Grammar{Short: "p:", Long: []string{"prompt="}}}},
		{Family: "system", Names: []string{"patch"}, Check: "patch", Node: Node{Writes: true,
			Grammar: Grammar{Short: "p:o:i:r:d:D:B:F:V:Y:z:g:", Long: []string{"strip=", "output=", "input=", "reject-file=", "directory=", "ifdef=",
				"prefix=", "fuzz=", "version-control=", "basename-prefix=", "suffix=", "get=", "quoting-style=", "reject-format=", "read-only=",
				"dry-run", "check", "reverse", "forward", "backup", "batch", "force", "silent", "quiet", "verbose", "binary", "merge=?", "posix", "unified", "context", "normal", "ed"}},
			ReadIf: []string{"--dry-run", "--check"},
			Output: []string{"-o", "--output", "-r", "--reject-file"}}},
	}
}

// mkfsDoes: a file system maker writes the device or image it formats.
var mkfsDoes = []effect.Class{effect.FilesystemWrite, effect.SystemChange}

// partitionDoes: a partition tool that does not only list changes a disk's
// layout.
var partitionDoes = []effect.Class{effect.SystemChange}

// killValueWords are the single-dash options pkill and killall both read
// with a value (the user, the group, the signal, an age …).
var killValueWords = []string{"u=", "U=", "G=", "P=", "s=", "t=", "F=", "o=", "y=", "n=", "Z=", "O=", "Y="}

// killLong are pkill's and killall's long options.
var killLong = []string{"user=", "uid=", "pgroup=", "group=", "parent=", "session=", "terminal=", "pidfile=", "signal=", "older-than=",
	"younger-than=", "ns=", "nslist=", "context=", "older=", "younger=", "euid=", "ruid=", "exact-no=", "regexp", "list", "table", "version", "help"}
