package registry

import "permgate/finding"

// cloud is infrastructure as code (terraform, tofu, terragrunt, pulumi, cdk,
// cdktf, serverless, sam) and the cloud CLIs (aws, gcloud, az, doctl, fly,
// heroku, vercel, netlify, wrangler, supabase, firebase, gsutil, azcopy,
// eksctl, linode-cli, hcloud, vultr-cli, scw, oci, railway, render), the
// HashiCorp tools beside terraform (packer, vault, consul, nomad), ansible,
// and the IaC scanners and version managers: their read verbs, the
// verbs that destroy things outside the file system (destructive_action:
// non-severe, they ask even in auto mode), and the reads that print a secret
// (secret_access).
//
// Judgement calls written down here:
//   - terraform/tofu plan and pulumi preview are read-only: they change no
//     infrastructure and persist no state (the refresh is in memory; a remote
//     backend's lock is released at the end). With -out/--save-plan they write
//     that file, declared as an Output, so they are not read-only then. Like a
//     test runner they do run the configuration's providers and data sources.
//   - apply, up, deploy, import, taint, force-unlock … change infrastructure or
//     state but are the ordinary work of the tool: declared Writes (not
//     read-only, no finding). apply -destroy destroys.
//   - A delete of a cloud resource is destructive_action whatever the service:
//     aws SERVICE delete-*|terminate-*|deregister-*|remove-*|purge-*, gcloud
//     and az … delete, and so on. A verb the declaration does not name falls
//     to the destructive-name principle (aws ec2 revoke-…, heroku foo:destroy).
//   - Reads that print a credential or a secret value are secret_access:
//     aws secretsmanager get-secret-value, ssm get-parameter --with-decryption,
//     ecr get-login-password, sts assume-role, gcloud auth print-access-token,
//     gcloud secrets versions access, az keyvault secret show, az account
//     get-access-token, heroku config, pulumi --show-secrets …
func cloud() []*Program {
	return []*Program{
		{Family: "iac", Names: []string{"terraform"}, Node: Node{Grammar: tfGlobal, Subs: tfVerbs("terraform")}},
		{Family: "iac", Names: []string{"tofu", "opentofu"}, Node: Node{Grammar: tfGlobal, Subs: tfVerbs("tofu")}},
		{Family: "iac", Names: []string{"terragrunt"}, Node: Node{Grammar: tgGlobal, Subs: terragruntVerbs()}},
		{Family: "iac", Names: []string{"pulumi"}, Node: Node{Grammar: pulumiGlobal, Subs: pulumiVerbs()}},
		{Family: "iac", Names: []string{"cdk", "aws-cdk"}, Node: Node{Grammar: cdkGlobal, Subs: cdkVerbs()}},
		{Family: "iac", Names: []string{"cdktf"}, Node: Node{Grammar: Grammar{Long: []string{"app=", "output=", "log-level=", "disable-logging", "disable-plugin-cache-env"}, Short: "a:o:"}, Subs: cdktfVerbs()}},
		{Family: "iac", Names: []string{"serverless", "sls", "osls"}, Node: Node{Grammar: slsGlobal, Subs: slsVerbs()}},
		{Family: "iac", Names: []string{"sam"}, Node: Node{Grammar: samGlobal, Subs: samVerbs()}},
		{Family: "cloud", Names: []string{"aws"}, Node: Node{Grammar: awsGlobal, Subs: awsServices()}},
		{Family: "cloud", Names: []string{"gcloud"}, Node: Node{Grammar: gcloudGlobal, Subs: gcloudLevel(7)}},
		{Family: "cloud", Names: []string{"gsutil"}, Node: Node{Grammar: Grammar{Short: "o:h:u:i:p:", Long: []string{"version"}}, Subs: gsutilVerbs()}},
		{Family: "cloud", Names: []string{"az"}, Node: Node{Grammar: azGlobal, Subs: azLevel(7)}},
		{Family: "cloud", Names: []string{"azcopy"}, Node: Node{Grammar: Grammar{Long: []string{"log-level=", "output-type=", "output-level=", "cap-mbps=", "trusted-microsoft-suffixes=", "skip-version-check"}}, Subs: azcopyVerbs()}},
		{Family: "cloud", Names: []string{"doctl"}, Node: Node{Grammar: doctlGlobal, Subs: doctlLevel(4)}},
		{Family: "cloud", Names: []string{"fly", "flyctl"}, Node: Node{Grammar: flyGlobal, Subs: flyVerbs()}},
		{Family: "cloud", Names: []string{"heroku"}, Node: Node{Grammar: herokuGlobal, Subs: herokuVerbs()}},
		{Family: "cloud", Names: []string{"vercel"}, Node: Node{Grammar: vercelGlobal, Subs: vercelVerbs()}},
		{Family: "cloud", Names: []string{"netlify", "ntl"}, Node: Node{Grammar: Grammar{Long: []string{"auth=", "site=", "filter=", "debug", "json"}}, Subs: netlifyVerbs()}},
		{Family: "cloud", Names: []string{"wrangler"}, Node: Node{Grammar: wranglerGlobal, Subs: wranglerVerbs()}},
		{Family: "cloud", Names: []string{"supabase"}, Node: Node{Grammar: Grammar{Long: []string{"workdir=", "project-ref=", "profile=", "output=", "debug", "experimental", "network-id=", "dns-resolver=", "db-url=", "linked", "local"}, Short: "o:"}, Subs: supabaseVerbs()}},
		{Family: "cloud", Names: []string{"firebase"}, Node: Node{Grammar: Grammar{Long: []string{"project=", "account=", "token=", "config=", "only=", "except=", "debug", "json", "non-interactive", "interactive"}, Short: "P:c:j"}, Subs: firebaseVerbs()}},
		{Family: "cloud", Names: []string{"eksctl"}, Node: Node{Grammar: Grammar{Long: []string{"profile=", "region=", "color=", "verbose=", "config-file=", "name=", "cluster="}, Short: "r:C:v:f:n:"}, Subs: eksctlVerbs()}},
		{Family: "cloud", Names: []string{"linode-cli", "linode"}, Node: Node{Grammar: Grammar{Long: []string{"format=", "text", "json", "pretty", "delimiter=", "all-columns", "no-headers", "page=", "page-size=", "as-user=", "config=", "suppress-warnings", "no-defaults", "debug"}}, Subs: cliLevel(2, cliVerbs{
			tool:    "linode-cli",
			read:    []string{"list", "ls", "view", "la"},
			top:     []string{"help", "version"},
			destroy: []string{"delete", "delete-*", "rm", "rb", "del", "rebuild", "cluster-delete", "pool-delete", "node-delete", "records-delete"},
		})}},
		{Family: "cloud", Names: []string{"hcloud"}, Node: Node{Grammar: Grammar{Long: []string{"context=", "config=", "poll-interval=", "output=", "debug", "quiet"}, Short: "o:"}, Subs: cliLevel(3, cliVerbs{
			tool:    "hcloud",
			read:    []string{"list", "ls", "describe", "active", "metrics"},
			top:     []string{"version", "help"},
			destroy: []string{"delete", "rebuild", "remove-*"},
			safer:   "hcloud … describe NAME first",
		})}},
		{Family: "cloud", Names: []string{"vultr-cli", "vultr"}, Node: Node{Grammar: Grammar{Long: []string{"config=", "output=", "api-key="}, Short: "o:"}, Subs: cliLevel(3, cliVerbs{
			tool:    "vultr-cli",
			read:    []string{"list", "l", "get", "g", "info", "i"},
			top:     []string{"version", "help", "account"},
			destroy: []string{"delete", "destroy", "d", "del", "remove", "rm"},
		})}},
		{Family: "cloud", Names: []string{"scw"}, Node: Node{Grammar: Grammar{Long: []string{"profile=", "config=", "output=", "debug"}, Short: "p:c:o:D"}, Subs: cliLevel(4, cliVerbs{
			tool:    "scw",
			read:    []string{"list", "get", "wait"},
			top:     []string{"info", "version", "help"},
			destroy: []string{"delete", "terminate", "delete-*", "remove-*"},
			extra: func() []*Node {
				return []*Node{{Names: []string{"access"}, Read: true, Rules: []Rule{secret("scw_secret_access", "scw secret version access prints a secret's value")}}}
			},
		})}},
		{Family: "cloud", Names: []string{"oci"}, Node: Node{Grammar: Grammar{Long: []string{"profile=", "config-file=", "region=", "output=", "query=", "endpoint=", "cert-bundle=", "auth=", "generate-full-command-json-input", "debug", "raw-output"}, Short: "d"}, Subs: cliLevel(5, cliVerbs{
			tool:    "oci",
			read:    []string{"list", "get", "head", "list-*", "summarize-*", "search-*"},
			top:     []string{"help"},
			destroy: []string{"delete", "bulk-delete", "terminate", "delete-*", "remove-*", "purge"},
			extra: func() []*Node {
				// oci os object get --file F writes F (- is stdout); oci secrets
				// secret-bundle get prints a secret's value.
				return []*Node{
					{Names: []string{"get"}, Read: true, Grammar: Grammar{Long: []string{"file="}}, Output: []string{"--file"}},
					{Names: []string{"secret-bundle", "secret-bundle-by-name"}, Subs: []*Node{{Names: []string{"get"}, Read: true,
						Rules: []Rule{secret("oci_secret_bundle", "oci secrets secret-bundle get prints a secret's value")}}}},
				}
			},
		})}},
		{Family: "iac", Names: []string{"packer"}, Node: Node{Grammar: Grammar{Dash: true, Long: []string{"machine-readable"}}, Subs: []*Node{
			{Names: []string{"version", "validate", "inspect", "console"}, Read: true, Grammar: Grammar{Dash: true, Long: []string{"var=", "var-file=", "syntax-only"}}},
			{Names: []string{"fmt"}, ReadIf: []string{"-check"}, Grammar: Grammar{Dash: true, Long: []string{"check", "diff", "write=", "recursive"}}},
			{Names: []string{"plugins"}, Subs: []*Node{{Names: []string{"installed", "required"}, Read: true}, {Names: []string{"install", "remove"}, Writes: true}}},
			{Names: []string{"build", "init", "fix"}, Writes: true, Grammar: Grammar{Dash: true, Long: []string{"var=", "var-file=", "only=", "except=", "on-error=", "parallel-builds=", "force", "debug", "upgrade"}}},
		}}},
		{Family: "iac", Names: []string{"vault"}, Node: Node{Grammar: vaultGlobal, Subs: vaultVerbs()}},
		{Family: "iac", Names: []string{"consul"}, Node: Node{Grammar: Grammar{Dash: true, Long: []string{"http-addr=", "token=", "token-file=", "datacenter=", "namespace=", "partition=", "ca-file=", "recurse", "keys", "separator=", "detailed", "format="}}, Subs: []*Node{
			{Names: []string{"members", "info", "version", "catalog", "monitor", "rtt", "validate"}, Read: true, Subs: []*Node{{Names: []string{"*"}, Read: true}}},
			{Names: []string{"kv"}, Subs: []*Node{
				{Names: []string{"get", "export"}, Read: true},
				{Names: []string{"delete"}, Rules: []Rule{destroys("consul_kv_delete", "consul kv delete deletes keys (with -recurse, every key under the prefix)", "consul kv get -recurse PREFIX first")}},
				{Names: []string{"put", "import"}, Writes: true},
			}},
			{Names: []string{"exec"}, Writes: true, Rules: []Rule{remote("consul_exec", "consul exec runs the command it is given on every matched node")}},
			{Names: []string{"acl", "intention", "config", "services", "connect", "snapshot", "join", "leave", "force-leave", "reload", "maint", "keyring", "event", "lock", "watch", "agent", "tls", "debug"}, Writes: true},
		}}},
		{Family: "iac", Names: []string{"nomad"}, Node: Node{Grammar: Grammar{Dash: true, Long: []string{"address=", "region=", "namespace=", "token=", "ca-cert=", "json", "t=", "verbose"}}, Subs: []*Node{
			{Names: []string{"status", "version", "agent-info"}, Read: true},
			{Names: []string{"server", "node", "alloc", "deployment", "eval", "plugin", "volume", "namespace", "quota", "var", "service"}, Subs: cliLevel(1, cliVerbs{
				tool: "nomad", read: []string{"status", "list", "members", "logs", "inspect", "info", "read"},
				destroy: []string{"delete", "purge", "stop", "remove", "deregister", "drain"},
				extra: func() []*Node {
					return []*Node{{Names: []string{"exec"}, Writes: true, Rules: []Rule{remote("nomad_alloc_exec", "nomad alloc exec runs the command it is given in the allocation")}}}
				},
			}), Read: true},
			{Names: []string{"job"}, Subs: []*Node{
				{Names: []string{"status", "inspect", "history", "deployments", "allocs", "validate", "plan"}, Read: true},
				{Names: []string{"stop"}, Rules: []Rule{destroys("nomad_job_stop", "nomad job stop stops every allocation of the job (with -purge, deletes the job too)", "nomad job status JOB first")}},
				{Names: []string{"run", "revert", "dispatch", "promote", "scale", "restart", "periodic", "init", "tag"}, Writes: true},
			}},
			{Names: []string{"stop"}, Rules: []Rule{destroys("nomad_job_stop", "nomad job stop stops every allocation of the job (with -purge, deletes the job too)", "nomad job status JOB first")}},
			{Names: []string{"run", "init", "system", "operator", "acl", "ui", "login", "exec"}, Writes: true},
			{Names: []string{"plan", "logs", "inspect", "validate"}, Read: true},
		}}},
		{Family: "iac", Names: []string{"ansible"}, Node: Node{Grammar: Grammar{Short: "a:m:i:u:e:f:l:b", Long: []string{"args=", "module-name=", "inventory=", "user=", "extra-vars=", "forks=", "limit=", "become", "check", "list-hosts", "version"}},
			ReadIf: []string{"--list-hosts"},
			Rules:  []Rule{remote("ansible_adhoc", "ansible -a runs the command or module arguments it is given on every matched host", "-a", "--args")}}},
		{Family: "iac", Names: []string{"ansible-playbook"}, Node: Node{Grammar: Grammar{Short: "i:e:l:t:u:f:", Long: []string{"inventory=", "extra-vars=", "limit=", "tags=", "skip-tags=", "user=", "forks=", "vault-password-file=", "syntax-check", "list-tasks", "list-hosts", "list-tags", "check", "diff"}},
			ReadIf: []string{"--syntax-check", "--list-tasks", "--list-hosts", "--list-tags"}}},
		{Family: "iac", Names: []string{"ansible-inventory"}, Node: Node{Read: true, Grammar: Grammar{Short: "i:", Long: []string{"inventory=", "output=", "list", "graph", "host=", "yaml", "toml", "vars"}}, Output: []string{"--output"}}},
		{Family: "iac", Names: []string{"ansible-doc", "ansible-lint"}, Node: Node{Read: true, Unless: []string{"--fix", "--write"}, Grammar: Grammar{Long: []string{"fix=?", "write=?"}}}},
		{Family: "iac", Names: []string{"ansible-config"}, Node: Node{Subs: []*Node{{Names: []string{"list", "dump", "view", "validate"}, Read: true}, {Names: []string{"init"}, Writes: true}}}},
		{Family: "iac", Names: []string{"ansible-galaxy"}, Node: Node{Subs: []*Node{
			{Names: []string{"collection", "role"}, Subs: []*Node{{Names: []string{"list", "info", "search", "verify"}, Read: true}, {Names: []string{"install", "init", "build", "publish", "download", "import", "setup", "delete", "remove"}, Writes: true}}},
			{Names: []string{"list", "info", "search"}, Read: true},
			{Names: []string{"install", "init", "remove", "delete"}, Writes: true},
		}}},
		{Family: "iac", Names: []string{"ansible-vault"}, Node: Node{Subs: []*Node{
			{Names: []string{"view", "decrypt"}, Rules: []Rule{secret("ansible_vault", "ansible-vault view|decrypt reveals the vault's secrets")}},
			{Names: []string{"encrypt", "encrypt_string", "create", "edit", "rekey"}, Writes: true},
		}}},
		{Family: "iac", Names: []string{"checkov", "tfsec", "terrascan", "kics"}, Node: Node{Read: true,
			Grammar: Grammar{Short: "d:f:o:", Long: []string{"directory=", "file=", "output=", "output-file-path=", "out=", "output-path=", "config-file="}},
			Unless:  []string{"--output-file-path", "--out", "--output-path", "--create-baseline"}}},
		{Family: "iac", Names: []string{"infracost"}, Node: Node{Subs: []*Node{
			{Names: []string{"breakdown", "diff", "output", "--version", "version"}, Read: true, Grammar: Grammar{Long: []string{"path=", "out-file=", "format=", "config-file=", "compare-to="}}, Output: []string{"--out-file"}},
			{Names: []string{"auth", "configure", "upload", "comment"}, Writes: true},
		}}},
		// terraform-docs writes README.md itself when .terraform-docs.yml says so.
		{Family: "iac", Names: []string{"terraform-docs"}, Node: Node{Writes: true, Grammar: Grammar{Long: []string{"output-file=", "output-mode=", "config=", "recursive"}, Short: "c:"}, Output: []string{"--output-file"}}},
		{Family: "iac", Names: []string{"tfenv", "tgenv", "tofuenv"}, Node: Node{Subs: []*Node{
			{Names: []string{"list", "list-remote", "version-name", "version-file", "--version", "help"}, Read: true},
			{Names: []string{"install", "use", "uninstall", "pin", "init"}, Writes: true},
		}}},
		{Family: "cloud", Names: []string{"railway"}, Node: Node{Grammar: Grammar{Short: "s:e:", Long: []string{"service=", "environment=", "json"}}, Subs: []*Node{
			{Names: []string{"status", "logs", "whoami", "list", "--version", "help", "docs", "open"}, Read: true},
			{Names: []string{"variables", "vars", "variable"}, Read: true, Rules: []Rule{secret("railway_variables", "railway variables prints the service's variables, credentials included")}, Unless: []string{"--set"}},
			{Names: []string{"run"}, Runs: &Runs{}},
			{Names: []string{"down"}, Rules: []Rule{destroys("railway_down", "railway down removes the most recent deployment of the service", "railway status first")}},
			{Names: []string{"delete"}, Rules: []Rule{destroys("railway_delete", "railway delete deletes the project", "railway status first")}},
			{Names: []string{"up", "deploy", "init", "link", "unlink", "login", "logout", "add", "redeploy", "shell", "connect", "ssh", "service", "environment", "volume", "domain", "scale"}, Writes: true},
		}}},
		{Family: "cloud", Names: []string{"render"}, Node: Node{Subs: cliLevel(2, cliVerbs{tool: "render", read: []string{"list", "logs", "whoami"},
			destroy: []string{"delete", "remove", "rm", "suspend"}})}},
	}
}

func destroys(id, reason, safer string, when ...string) Rule {
	return Rule{ID: "destructive_action." + id, Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: when, Reason: reason, Safer: safer}
}

func secret(id, reason string, when ...string) Rule {
	return Rule{ID: "secret_access." + id, Kind: finding.SecretAccess, Severity: finding.NonSevere, If: when, Reason: reason}
}

// --- vault ---

var vaultGlobal = Grammar{Dash: true, Long: []string{"address=", "namespace=", "ns=", "format=", "field=", "mount=", "ca-cert=",
	"client-cert=", "client-key=", "tls-skip-verify", "wrap-ttl=", "policy-override", "output-curl-string", "non-interactive", "method=", "path="}}

func vaultVerbs() []*Node {
	reads := secret("vault_read", "vault read|kv get prints the secret's values")
	return []*Node{
		{Names: []string{"status", "version", "path-help", "list", "version-history"}, Read: true},
		{Names: []string{"read"}, Read: true, Rules: []Rule{reads}},
		{Names: []string{"kv"}, Subs: []*Node{
			{Names: []string{"get"}, Read: true, Rules: []Rule{reads}},
			{Names: []string{"list"}, Read: true},
			{Names: []string{"metadata"}, Subs: []*Node{
				{Names: []string{"get"}, Read: true},
				{Names: []string{"delete"}, Rules: []Rule{destroys("vault_kv_delete", "vault kv metadata delete deletes every version of the secret for good", "vault kv get PATH first")}},
				{Names: []string{"put", "patch"}, Writes: true},
			}},
			{Names: []string{"delete", "destroy"}, Rules: []Rule{destroys("vault_kv_delete", "vault kv delete|destroy deletes versions of a secret (destroy: for good)", "vault kv get PATH first")}},
			{Names: []string{"put", "patch", "rollback", "undelete", "enable-versioning"}, Writes: true},
		}},
		{Names: []string{"secrets", "auth", "audit"}, Subs: []*Node{
			{Names: []string{"list"}, Read: true},
			{Names: []string{"disable"}, Rules: []Rule{destroys("vault_disable", "vault secrets|auth disable unmounts the engine and deletes every secret or role stored in it", "vault secrets list first")}},
			{Names: []string{"enable", "move", "tune", "help"}, Writes: true},
		}},
		{Names: []string{"token"}, Subs: []*Node{
			{Names: []string{"lookup", "capabilities"}, Read: true},
			{Names: []string{"create", "renew"}, Writes: true},
			{Names: []string{"revoke"}, Rules: []Rule{destroys("vault_revoke", "vault token revoke revokes the token and its children", "vault token lookup first")}},
		}},
		{Names: []string{"lease"}, Subs: []*Node{
			{Names: []string{"lookup"}, Read: true},
			{Names: []string{"renew"}, Writes: true},
			{Names: []string{"revoke"}, Rules: []Rule{destroys("vault_revoke", "vault lease revoke revokes leases (with -prefix, every lease under the path)", "vault lease lookup first")}},
		}},
		{Names: []string{"policy"}, Subs: []*Node{
			{Names: []string{"list", "read"}, Read: true},
			{Names: []string{"delete"}, Rules: []Rule{destroys("vault_delete", "vault policy delete deletes a policy", "vault policy read NAME first")}},
			{Names: []string{"write", "fmt"}, Writes: true},
		}},
		{Names: []string{"delete"}, Rules: []Rule{destroys("vault_delete", "vault delete deletes the data at the path", "vault read PATH first")}},
		{Names: []string{"write", "login", "unwrap", "operator", "plugin", "namespace", "pki", "transit", "ssh", "agent", "proxy", "server", "monitor", "debug", "events", "hcp", "patch"}, Writes: true},
	}
}

// --- terraform, tofu, terragrunt ---

var tfGlobal = Grammar{Dash: true, Long: []string{"chdir=", "help", "version"}}

// tfFlags are the value options of terraform's verbs (single dash).
var tfFlags = Grammar{Dash: true, Long: []string{"out=", "var=", "var-file=", "target=", "replace=", "state=", "state-out=", "backup=",
	"lock-timeout=", "parallelism=", "plan=", "type=", "backend-config=", "from-module=", "plugin-dir=", "lockfile=", "platform=",
	"generate-config-out=", "chdir=", "filter=", "test-directory=", "json", "raw", "no-color", "input=", "lock=", "refresh=",
	"refresh-only", "destroy", "auto-approve", "force", "dry-run", "check", "diff", "recursive", "write=", "list=", "upgrade",
	"reconfigure", "migrate-state", "compact-warnings", "detailed-exitcode", "light", "draw-cycles", "module-depth="}}

// tfVerbs are terraform's and tofu's commands.
func tfVerbs(tool string) []*Node {
	return []*Node{
		{Names: []string{"version", "validate", "show", "output", "graph", "modules", "metadata", "help"}, Read: true, Grammar: tfFlags},
		// plan refreshes in memory only; -out writes the plan file.
		{Names: []string{"plan"}, Read: true, Grammar: tfFlags, Output: []string{"-out", "-generate-config-out"}},
		{Names: []string{"fmt"}, Grammar: tfFlags, ReadIf: []string{"-check"}},
		{Names: []string{"providers"}, Read: true, Grammar: tfFlags, Subs: []*Node{
			{Names: []string{"schema"}, Read: true},
			{Names: []string{"lock", "mirror"}, Writes: true},
		}},
		{Names: []string{"state"}, Grammar: tfFlags, Subs: []*Node{
			{Names: []string{"list", "show", "pull", "identities"}, Read: true},
			{Names: []string{"rm"}, Rules: []Rule{destroys(tool+"_state_rm",
				tool+" state rm makes "+tool+" forget resources: they keep running, unmanaged, and a later apply may create duplicates",
				tool+" state list (see what is tracked), or "+tool+" state rm -dry-run ADDRESS")}},
			{Names: []string{"push"}, Writes: true, Rules: []Rule{destroys(tool+"_state_push_force",
				tool+" state push -force overwrites the remote state even when it is newer: what it tracked may be lost",
				tool+" state pull > backup.tfstate first", "-force")}},
			{Names: []string{"mv", "replace-provider"}, Writes: true},
		}},
		{Names: []string{"workspace", "env"}, Grammar: tfFlags, Subs: []*Node{
			{Names: []string{"list", "show"}, Read: true},
			{Names: []string{"delete"}, Rules: []Rule{destroys(tool+"_workspace_delete",
				tool+" workspace delete deletes the workspace's state (with -force even while it still tracks resources)",
				tool+" workspace list, and "+tool+" state list in that workspace first")}},
			{Names: []string{"new", "select"}, Writes: true},
		}},
		{Names: []string{"destroy"}, Grammar: tfFlags, Rules: []Rule{destroys(tool+"_destroy",
			tool+" destroy destroys every resource the configuration manages",
			tool+" plan -destroy (shows what would be destroyed)")}},
		{Names: []string{"apply"}, Grammar: tfFlags, Writes: true, Rules: []Rule{destroys(tool+"_apply_destroy",
			tool+" apply -destroy destroys every resource the configuration manages",
			tool+" plan -destroy (shows what would be destroyed)", "-destroy")}},
		// console evaluates expressions against the state; it changes nothing.
		{Names: []string{"console"}, Grammar: tfFlags, Read: true},
		{Names: []string{"init", "get", "import", "refresh", "taint", "untaint", "force-unlock", "login", "logout", "test"}, Grammar: tfFlags, Writes: true,
			ReadIf: []string{"-help", "-h"}}, // terraform init -help only prints the usage
	}
}

var tgGlobal = Grammar{Dash: true, Long: append([]string{"terragrunt-working-dir=", "working-dir=", "terragrunt-config=", "config=",
	"terragrunt-log-level=", "log-level=", "terragrunt-source=", "source=", "terragrunt-iam-role=", "iam-role=", "terragrunt-tfpath=",
	"tf-path=", "terragrunt-include-dir=", "queue-include-dir=", "terragrunt-exclude-dir=", "queue-exclude-dir=", "terragrunt-parallelism=",
	"parallelism=", "terragrunt-non-interactive", "non-interactive", "terragrunt-download-dir=", "download-dir=", "log-format=",
	"feature=", "filter=", "units-that-include=", "out-dir=", "json-out-dir=", "provider-cache-dir=", "experiment=", "all", "graph",
	"terragrunt-check", "check", "terragrunt-diff", "diff"}, tfGlobal.Long...)}

// terragruntVerbs are terraform's verbs, run-all and run forms of them, and
// terragrunt's own commands.
func terragruntVerbs() []*Node {
	verbs := tfVerbs("terragrunt")
	old := []*Node{
		{Names: []string{"destroy-all"}, Rules: []Rule{destroys("terragrunt_destroy_all",
			"terragrunt destroy-all destroys every module's resources under this directory", "terragrunt run-all plan -destroy")}},
		{Names: []string{"apply-all"}, Writes: true},
		{Names: []string{"plan-all", "output-all", "validate-all"}, Read: true},
	}
	return append(append(verbs, old...),
		&Node{Names: []string{"run-all"}, Subs: tfVerbs("terragrunt")},
		&Node{Names: []string{"run"}, Subs: tfVerbs("terragrunt")},
		&Node{Names: []string{"stack"}, Subs: []*Node{
			{Names: []string{"run"}, Subs: tfVerbs("terragrunt")},
			{Names: []string{"output"}, Read: true},
			{Names: []string{"generate", "clean"}, Writes: true},
		}},
		&Node{Names: []string{"exec"}, Runs: &Runs{AfterDashDash: true}},
		&Node{Names: []string{"hclfmt"}, ReadIf: []string{"-terragrunt-check", "-check"}},
		&Node{Names: []string{"hcl"}, Subs: []*Node{
			{Names: []string{"fmt", "format"}, ReadIf: []string{"-check", "-terragrunt-check"}},
			{Names: []string{"validate"}, Read: true},
		}},
		&Node{Names: []string{"graph-dependencies", "validate-inputs", "terragrunt-info", "output-module-groups", "find", "list", "info", "dag", "render"},
			Read: true, Unless: []string{"-write", "-w", "-out"}},
		&Node{Names: []string{"render-json", "scaffold", "catalog", "aws-provider-patch", "backend"}, Writes: true},
	)
}

// --- pulumi ---

var pulumiGlobal = Grammar{Short: "C:s:v:", Long: []string{"cwd=", "stack=", "color=", "verbose=", "logflow", "logtostderr",
	"non-interactive", "emoji", "disable-integrity-checking", "profiling=", "tracing=", "tracing-header=", "memprofilerate=",
	"otel-traces=", "show-secrets", "yes", "json", "diff", "save-plan=", "import-file=", "file=", "target=", "parallel=", "message=", "config-file="}}

func pulumiVerbs() []*Node {
	shows := secret("pulumi_show_secrets", "--show-secrets prints the stack's secret values in plain text", "--show-secrets")
	return []*Node{
		{Names: []string{"preview", "pre"}, Read: true, Output: []string{"--save-plan", "--import-file"}},
		{Names: []string{"destroy", "down", "dn"}, Rules: []Rule{destroys("pulumi_destroy",
			"pulumi destroy deletes every resource in the stack", "pulumi preview --diff (review the stack), or pulumi destroy --preview-only")}},
		{Names: []string{"up", "update", "refresh", "import", "cancel", "watch", "new", "login", "logout", "convert", "install", "package", "ai", "deployment", "template"}, Writes: true},
		{Names: []string{"whoami", "version", "about", "logs", "help", "gen-completion", "completion", "schema"}, Read: true},
		{Names: []string{"stack"}, Read: true, Rules: []Rule{shows}, Subs: []*Node{
			{Names: []string{"ls", "output", "history", "hist"}, Read: true, Rules: []Rule{shows}},
			{Names: []string{"export"}, Read: true, Rules: []Rule{shows}, Output: []string{"--file"}},
			{Names: []string{"rm"}, Rules: []Rule{destroys("pulumi_stack_rm",
				"pulumi stack rm deletes the stack and its history (with --force even while it still has resources)",
				"pulumi stack ls and pulumi stack --show-urns first")}},
			{Names: []string{"tag"}, Subs: []*Node{{Names: []string{"ls", "get"}, Read: true}, {Names: []string{"set", "rm"}, Writes: true}}},
			{Names: []string{"select", "init", "import", "graph", "rename", "change-secrets-provider", "unselect"}, Writes: true},
		}},
		{Names: []string{"config"}, Read: true, Rules: []Rule{shows}, Subs: []*Node{
			{Names: []string{"get"}, Read: true},
			{Names: []string{"set", "set-all", "rm", "rm-all", "cp", "refresh", "env"}, Writes: true},
		}},
		{Names: []string{"state"}, Subs: []*Node{
			{Names: []string{"delete"}, Rules: []Rule{destroys("pulumi_state_delete",
				"pulumi state delete removes a resource from the stack's state: Pulumi stops managing it", "pulumi stack --show-urns first")}},
			{Names: []string{"unprotect", "protect", "rename", "move", "edit", "upgrade", "repair", "taint", "untaint"}, Writes: true},
		}},
		{Names: []string{"plugin"}, Subs: []*Node{{Names: []string{"ls"}, Read: true}, {Names: []string{"install", "rm", "run"}, Writes: true}}},
		{Names: []string{"policy"}, Subs: []*Node{{Names: []string{"ls", "validate-config"}, Read: true}, {Names: []string{"new", "publish", "enable", "disable", "group"}, Writes: true},
			{Names: []string{"rm"}, Rules: []Rule{destroys("pulumi_policy_rm", "pulumi policy rm deletes a policy pack from the organization", "pulumi policy ls first")}}}},
		{Names: []string{"org"}, Subs: []*Node{{Names: []string{"get-default", "search"}, Read: true}, {Names: []string{"set-default"}, Writes: true}}},
		{Names: []string{"env"}, Subs: []*Node{
			{Names: []string{"ls", "version", "diff"}, Read: true},
			{Names: []string{"open"}, Read: true, Rules: []Rule{secret("pulumi_env_open", "pulumi env open prints the environment's resolved values, secrets included")}},
			{Names: []string{"get"}, Read: true, Rules: []Rule{shows}},
			{Names: []string{"run"}, Runs: &Runs{AfterDashDash: true, Skip: 1}}, // pulumi env run ENV -- CMD
			{Names: []string{"rm"}, Rules: []Rule{destroys("pulumi_env_rm", "pulumi env rm deletes an ESC environment", "pulumi env ls first")}},
			{Names: []string{"init", "edit", "set", "tag", "clone", "rotate"}, Writes: true},
		}},
	}
}

// --- cdk, cdktf ---

var cdkGlobal = Grammar{Short: "a:c:p:r:o:", Long: []string{"version", "help", "app=", "build=", "context=", "plugin=", "trace", "strict", "lookups",
	"ignore-errors", "json", "verbose", "debug", "profile=", "proxy=", "ca-bundle-path=", "ec2creds", "version-reporting",
	"path-metadata", "asset-metadata", "role-arn=", "staging", "output=", "notices", "no-color", "ci", "unstable=", "all", "force",
	"exclusively", "require-approval=", "parameters=", "outputs-file=", "method=", "toolkit-stack-name=", "change-set-name=", "concurrency="}}

func cdkVerbs() []*Node {
	// cdk runs the app (cdk.json's "app", or -a/--app CMD) to synthesize.
	app := Rule{ID: "inline_code.cdk_app", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-a", "--app"},
		Reason: "cdk --app runs the command it is given to synthesize the app"}
	return []*Node{
		{Names: []string{"ls", "list", "diff", "doctor", "notices", "docs", "doc", "metadata", "version", "drift", "help"}, Read: true, Rules: []Rule{app}, Output: []string{"-o", "--output"}},
		{Names: []string{"context"}, Read: true, Unless: []string{"--reset", "-e", "--clear", "--force"}, Grammar: Grammar{Short: "e:", Long: []string{"reset=", "clear"}}},
		{Names: []string{"flags"}, Read: true, Unless: []string{"--set", "--recommended", "--default"}},
		// synth, like ls and diff, writes only its cloud assembly (cdk.out); -o names another directory.
		{Names: []string{"synth", "synthesize"}, Read: true, Rules: []Rule{app}, Output: []string{"-o", "--output"}},
		{Names: []string{"destroy"}, Rules: []Rule{app, destroys("cdk_destroy", "cdk destroy deletes the stacks' CloudFormation resources",
			"cdk diff (see the stacks), or cdk ls")}},
		{Names: []string{"gc"}, Rules: []Rule{destroys("cdk_gc", "cdk gc deletes assets it judges unused from the bootstrap bucket and registry",
			"cdk gc --action=print")}},
		{Names: []string{"deploy", "bootstrap", "import", "watch", "init", "migrate", "rollback", "refactor", "acknowledge", "ack"}, Writes: true, Rules: []Rule{app}},
	}
}

func cdktfVerbs() []*Node {
	return []*Node{
		{Names: []string{"diff", "plan", "list", "output", "outputs", "debug", "convert", "help"}, Read: true, Unless: []string{"--outputs-file"},
			Grammar: Grammar{Long: []string{"outputs-file=", "outputs-file-include-sensitive-outputs"}}},
		{Names: []string{"destroy"}, Rules: []Rule{destroys("cdktf_destroy", "cdktf destroy destroys the stacks' resources", "cdktf diff")}},
		{Names: []string{"deploy", "apply", "synth", "synthesize", "get", "init", "login", "watch"}, Writes: true},
		{Names: []string{"provider"}, Subs: []*Node{{Names: []string{"list"}, Read: true}, {Names: []string{"add", "upgrade"}, Writes: true}}},
	}
}

// --- serverless, sam ---

var slsGlobal = Grammar{Short: "s:r:c:f:p:t:d:", Long: []string{"stage=", "region=", "aws-profile=", "config=", "function=", "path=",
	"data=", "type=", "param=", "org=", "app=", "verbose", "debug=?", "package=", "raw", "context=", "env=", "startTime=", "filter=", "tail"}}

func slsVerbs() []*Node {
	return []*Node{
		{Names: []string{"remove"}, Rules: []Rule{destroys("serverless_remove",
			"serverless remove deletes the service's CloudFormation stack and every resource in it", "serverless info (see what is deployed)")}},
		{Names: []string{"info", "print", "logs", "metrics", "doctor", "version", "--version", "help", "usage", "support"}, Read: true},
		{Names: []string{"deploy"}, Writes: true, Subs: []*Node{{Names: []string{"list"}, Read: true}, {Names: []string{"function"}, Writes: true}}},
		{Names: []string{"invoke"}, Writes: true, Subs: []*Node{{Names: []string{"local"}, Writes: true}}},
		{Names: []string{"package", "config", "rollback", "plugin", "create", "dev", "login", "logout", "install", "reconcile", "offline", "output", "state"}, Writes: true},
	}
}

var samGlobal = Grammar{Short: "t:", Long: []string{"stack-name=", "region=", "profile=", "template-file=", "template=", "config-file=",
	"config-env=", "parameter-overrides=", "s3-bucket=", "s3-prefix=", "debug", "beta-features", "no-beta-features", "no-prompts",
	"output-template-file=", "name=", "tail", "lint"}}

func samVerbs() []*Node {
	return []*Node{
		{Names: []string{"delete"}, Rules: []Rule{destroys("sam_delete",
			"sam delete deletes the application's CloudFormation stack and its artifacts", "sam list resources --stack-name NAME")}},
		{Names: []string{"validate", "logs", "traces", "docs", "--info", "--version", "help"}, Read: true},
		{Names: []string{"list"}, Read: true, Subs: []*Node{{Names: []string{"endpoints", "resources", "stack-outputs", "testable-resources"}, Read: true}}},
		{Names: []string{"local"}, Subs: []*Node{
			{Names: []string{"generate-event"}, Read: true},
			{Names: []string{"invoke", "start-api", "start-lambda", "callback", "execution"}, Writes: true},
		}},
		{Names: []string{"remote"}, Subs: []*Node{
			{Names: []string{"invoke", "callback", "execution"}, Writes: true},
			{Names: []string{"test-event"}, Subs: []*Node{
				{Names: []string{"list", "get"}, Read: true},
				{Names: []string{"put"}, Writes: true},
				{Names: []string{"delete"}, Rules: []Rule{destroys("sam_test_event_delete", "sam remote test-event delete deletes a shared test event", "sam remote test-event list")}},
			}},
		}},
		{Names: []string{"build", "deploy", "init", "package", "publish", "sync", "pipeline"}, Writes: true},
	}
}

// --- aws ---

var awsGlobal = Grammar{Long: []string{"profile=", "region=", "output=", "endpoint-url=", "query=", "color=", "ca-bundle=",
	"cli-read-timeout=", "cli-connect-timeout=", "cli-binary-format=", "debug", "no-verify-ssl", "no-paginate", "no-sign-request",
	"no-cli-pager", "cli-auto-prompt", "no-cli-auto-prompt", "version"}}

// awsOps are the operations of any aws service: the reads by their prefix,
// the deletes by theirs. extra come first: an exact name wins over a pattern.
func awsOps(extra ...*Node) []*Node {
	return append(extra,
		&Node{Names: []string{"help", "wait", "scan", "query", "lookup-events", "filter-log-events", "tail", "start-live-tail",
			"validate-template", "start-query", "simulate-principal-policy", "simulate-custom-policy", "decode-authorization-message",
			"test-dns-answer", "test-metric-filter"}, Read: true},
		// get-* that write their outfile operand, or print a credential.
		&Node{Names: []string{"get-object", "get-object-torrent", "get-media", "get-clip", "get-export", "get-sdk", "get-thing-shadow",
			"get-job-output", "get-configuration", "get-latest-configuration", "get-profile", "get-snapshot-block", "get-chunk",
			"get-read-set", "get-reference", "get-image-frame", "get-map-*", "get-raw-message-content", "get-package-version-asset",
			"get-work-unit-results", "get-tile", "get-glyphs", "get-sprites", "get-style-descriptor", "get-static-map", "get-screenshot"}, Writes: true},
		&Node{Names: []string{"get-login-password", "get-login", "get-authorization-token", "get-session-token", "get-federation-token",
			"assume-role", "assume-role-with-saml", "assume-role-with-web-identity", "assume-root", "get-secret-value", "batch-get-secret-value",
			"get-password-data", "get-role-credentials", "get-temporary-*", "generate-db-auth-token", "get-cluster-credentials", "get-cluster-credentials-*", "get-token", "get-instance-access-details",
			"get-credentials", "get-credentials-for-identity", "get-open-id-token", "get-open-id-token-for-developer-identity",
			"get-relational-database-master-user-password", "get-instance-access", "get-compute-access", "get-secret-value-*"},
			Read: true, Rules: []Rule{secret("aws_credentials", "the operation prints a secret or a credential (a password, a token, temporary keys or a secret's value)")}},
		&Node{Names: []string{"get-api-key", "get-api-keys"}, Read: true, Rules: []Rule{secret("aws_api_key_values",
			"--include-value(s) prints the API keys themselves", "--include-value", "--include-values")}},
		&Node{Names: []string{"describe-*", "list-*", "get-*", "head-*", "batch-get-*", "search-*", "estimate-*", "check-*", "detect-*"}, Read: true},
		&Node{Names: []string{"delete-*", "batch-delete-*", "terminate-*", "deregister-*", "remove-*", "purge-*", "delete", "schedule-key-deletion",
			"release-address", "release-hosts", "revoke-*", "close-account", "leave-organization"},
			Rules: []Rule{destroys("aws_delete", "the aws operation deletes, terminates or revokes a cloud resource; it may not be recoverable",
				"aws … describe-* / list-* first (and --dry-run where the service takes it)")}},
	)
}

func awsServices() []*Node {
	return []*Node{
		{Names: []string{"help"}, Read: true},
		{Names: []string{"s3"}, Grammar: Grammar{Long: []string{"include=", "exclude=", "acl=", "storage-class=", "sse=", "content-type=",
			"expires-in=", "page-size=", "grants=", "recursive", "dryrun", "delete", "force", "quiet", "summarize", "human-readable"}}, Subs: []*Node{
			{Names: []string{"ls", "presign", "help"}, Read: true},
			{Names: []string{"rm"}, Rules: []Rule{destroys("aws_s3_rm", "aws s3 rm deletes S3 objects (with --recursive, every object under the prefix)",
				"aws s3 ls s3://BUCKET/PREFIX --recursive (see what it would delete), or aws s3 rm … --dryrun")}},
			{Names: []string{"rb"}, Rules: []Rule{destroys("aws_s3_rb", "aws s3 rb deletes a bucket (with --force, every object in it first)",
				"aws s3 ls s3://BUCKET --recursive --summarize first")}},
			{Names: []string{"sync"}, Writes: true, Rules: []Rule{destroys("aws_s3_sync_delete",
				"aws s3 sync --delete deletes every destination file or object that is not in the source", "aws s3 sync … --delete --dryrun first", "--delete")}},
			{Names: []string{"cp", "mv", "mb", "website"}, Writes: true},
		}},
		{Names: []string{"configure"}, Subs: []*Node{
			{Names: []string{"list", "list-profiles", "help"}, Read: true},
			// aws configure get aws_secret_access_key prints a stored key: judged in validator/cloud.go.
			{Names: []string{"get"}, Read: true},
			{Names: []string{"export-credentials"}, Read: true, Rules: []Rule{secret("aws_export_credentials", "aws configure export-credentials prints the profile's access keys")}},
			{Names: []string{"set", "sso", "sso-session", "import", "add-model"}, Writes: true},
		}},
		{Names: []string{"kms"}, Subs: awsOps(
			&Node{Names: []string{"decrypt"}, Rules: []Rule{secret("aws_kms_decrypt", "aws kms decrypt prints the plaintext of a ciphertext")}},
		)},
		{Names: []string{"ecs"}, Subs: awsOps(
			&Node{Names: []string{"update-service"}, Writes: true, Grammar: Grammar{Long: []string{"desired-count="}}, Rules: []Rule{scaleZero("aws_ecs_desired_count_zero",
				"aws ecs update-service --desired-count 0 stops every task of the service", "--desired-count=0")}},
			&Node{Names: []string{"execute-command"}, Grammar: Grammar{Long: []string{"command="}}, Rules: []Rule{remote("aws_ecs_execute_command",
				"aws ecs execute-command runs the command it is given in a running container", "--command")}},
		)},
		{Names: []string{"ssm"}, Subs: awsOps(
			&Node{Names: []string{"send-command"}, Rules: []Rule{remote("aws_ssm_send_command",
				"aws ssm send-command runs the commands in its parameters on the target instances")}},
			&Node{Names: []string{"get-parameter", "get-parameters", "get-parameters-by-path", "get-parameter-history"}, Read: true,
				Rules: []Rule{secret("aws_ssm_decrypt", "--with-decryption prints SecureString parameters in plain text", "--with-decryption")}},
		)},
		{Names: []string{"autoscaling"}, Subs: awsOps(
			&Node{Names: []string{"set-desired-capacity", "update-auto-scaling-group"}, Writes: true, Grammar: Grammar{Long: []string{"desired-capacity=", "max-size="}},
				Rules: []Rule{scaleZero("aws_autoscaling_zero", "scaling an Auto Scaling group to 0 terminates every instance in it", "--desired-capacity=0", "--max-size=0")}},
		)},
		{Names: []string{"eks"}, Subs: awsOps(
			&Node{Names: []string{"update-kubeconfig"}, Writes: true, Grammar: Grammar{Long: []string{"kubeconfig="}}, Output: []string{"--kubeconfig"}},
		)},
		{Names: []string{"*"}, Subs: awsOps()},
	}
}

// scaleZero is scaling a service to nothing: like kubectl scale --replicas=0,
// it takes the service down.
func scaleZero(id, reason string, when ...string) Rule {
	return destroys(id, reason, "scale down to 1 first, or describe the service to see what runs", when...)
}

// remote is a command handed to a remote machine or container through an
// option (as ssh HOST CMD is): inline_code.
func remote(id, reason string, when ...string) Rule {
	return Rule{ID: "inline_code." + id, Kind: finding.InlineCode, Severity: finding.NonSevere, If: when, Reason: reason}
}

// --- gcloud, gsutil ---

var gcloudGlobal = Grammar{Short: "q", Long: []string{"project=", "account=", "configuration=", "verbosity=", "format=",
	"impersonate-service-account=", "billing-project=", "flags-file=", "flatten=", "log-http", "quiet", "trace-token=",
	"user-output-enabled", "access-token-file=", "region=", "zone=", "filter=", "limit=", "page-size=", "sort-by=", "uri",
	"location=", "cluster=", "instance=", "secret=", "service=", "topic=", "keyring=", "key=", "dataset=", "ssh-key-file="}}

// gcloudLevel is one level of gcloud's command groups: read verbs, verbs that
// delete, and below depth deeper groups.
func gcloudLevel(depth int) []*Node {
	return cliLevel(depth, cliVerbs{
		tool: "gcloud",
		top:  []string{"info", "version", "help", "topic"},
		read: []string{"list", "describe", "get", "read", "tail", "log", "get-value", "get-iam-policy",
			"get-ancestors", "get-ancestors-iam-policy", "get-server-config", "get-serial-port-output", "get-host-keys",
			"get-shielded-identity", "get-guest-attributes", "list-*", "describe-*", "search-all-resources", "search-all-iam-policies",
			"wait", "cat", "ls", "du", "hash"},
		destroy: []string{"delete", "delete-*", "remove", "remove-*", "rm", "destroy", "purge", "revoke", "reset"},
		safer:   "gcloud … describe NAME (or list) first",
		extra: func() []*Node {
			return []*Node{
				{Names: []string{"access", "print-access-token", "print-identity-token", "print-refresh-token", "get-credentials-json"}, Read: true,
					Rules: []Rule{secret("gcloud_credentials", "the command prints a secret's value or a credential")}},
				{Names: []string{"resize"}, Writes: true, Grammar: Grammar{Long: []string{"size="}}, Rules: []Rule{scaleZero("gcloud_resize_zero",
					"gcloud … instance-groups managed resize --size 0 deletes every instance of the group", "--size=0")}},
				{Names: []string{"get-credentials", "configure-docker", "get-screenshot", "ssh", "scp", "cp", "mv", "rsync"}, Writes: true,
					Grammar: Grammar{Long: []string{"command=", "delete-unmatched-destination-objects", "destination="}},
					Rules: []Rule{
						{ID: "inline_code.gcloud_ssh_command", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--command"},
							Reason: "gcloud compute ssh --command runs the command it is given on the remote machine"},
						destroys("gcloud_rsync_delete", "--delete-unmatched-destination-objects deletes every destination object not in the source",
							"gcloud storage rsync … --dry-run first", "--delete-unmatched-destination-objects"),
					}},
			}
		},
	})
}

func gsutilVerbs() []*Node {
	return []*Node{
		{Names: []string{"ls", "cat", "du", "stat", "hash", "version", "help", "signurl"}, Read: true},
		{Names: []string{"rm", "rb"}, Rules: []Rule{destroys("gsutil_rm", "gsutil rm|rb deletes Cloud Storage objects or buckets (with -r, everything under the URL)",
			"gsutil ls -r URL (see what it would delete)")}},
		{Names: []string{"rsync"}, Writes: true, Grammar: Grammar{Short: "x:y:p:j:"}, Rules: []Rule{destroys("gsutil_rsync_delete",
			"gsutil rsync -d deletes every destination object that is not in the source", "gsutil rsync -n -d … (dry run) first", "-d")}},
		{Names: []string{"cp", "mv", "mb", "compose", "rewrite", "setmeta", "notification", "kms", "pap", "ubla", "hmac", "config", "update", "perfdiag"}, Writes: true},
		{Names: []string{"acl", "defacl", "iam", "lifecycle", "versioning", "cors", "logging", "web", "label", "retention", "defstorageclass", "autoclass", "requesterpays", "rpo"}, Subs: []*Node{
			{Names: []string{"get"}, Read: true},
			{Names: []string{"set", "ch", "on", "off", "clear", "lock", "temp", "event", "event-default"}, Writes: true},
		}},
	}
}

// --- az, azcopy ---

var azGlobal = Grammar{Short: "o:g:n:", Long: []string{"output=", "query=", "subscription=", "debug", "verbose", "only-show-errors",
	"resource-group=", "name=", "location=", "ids=", "yes", "no-wait"}}

func azLevel(depth int) []*Node {
	return cliLevel(depth, cliVerbs{
		tool: "az",
		top:  []string{"version", "find", "help"},
		read: []string{"list", "show", "list-*", "show-*", "exists", "query", "wait", "tail",
			"get-versions", "get-upgrades", "get-os-options", "check-name", "check-*", "get-instance-view", "get-default", "get"},
		destroy: []string{"delete", "delete-*", "remove", "remove-*", "purge", "revoke", "revoke-*"},
		safer:   "az … show (or list) first",
		extra: func() []*Node {
			creds := secret("az_credentials", "the command prints a secret's value, an access key, a connection string or a token")
			return []*Node{
				{Names: []string{"get-access-token", "list-keys", "show-connection-string", "list-connection-strings", "list-secrets",
					"list-publishing-credentials", "list-publishing-profiles", "get-publishing-profile", "get-credentials-json"}, Read: true, Rules: []Rule{creds}},
				// az keyvault secret show|download prints or saves a secret's
				// value; az storage account keys list, az acr credential show
				// print access keys. Listing secrets' names only reads.
				{Names: []string{"secret"}, Subs: []*Node{
					{Names: []string{"show", "download"}, Read: true, Rules: []Rule{creds}, Grammar: Grammar{Long: []string{"file=", "vault-name="}, Short: "f:"}, Output: []string{"--file", "-f"}},
					{Names: []string{"list", "list-versions", "list-deleted", "show-deleted"}, Read: true, Rules: []Rule{secret("az_secret_values",
						"--show-values prints the secrets' values", "--show-values")}},
					{Names: []string{"delete", "purge"}, Rules: []Rule{destroys("az_delete", "az keyvault secret delete|purge deletes a secret (purge: for good)", "az keyvault secret list first")}},
				}},
				{Names: []string{"keys", "credential", "admin-key", "query-key", "connection-string", "appsettings"}, Subs: []*Node{
					{Names: []string{"list", "show"}, Read: true, Rules: []Rule{creds}},
				}},
				{Names: []string{"get-credentials"}, Writes: true, Grammar: Grammar{Short: "f:", Long: []string{"file="}}, Output: []string{"-f", "--file"}},
				{Names: []string{"scale"}, Writes: true, Grammar: Grammar{Long: []string{"new-capacity="}}, Rules: []Rule{scaleZero("az_scale_zero",
					"az vmss scale --new-capacity 0 deletes every instance of the scale set", "--new-capacity=0")}},
				{Names: []string{"invoke"}, Writes: true, Grammar: Grammar{Long: []string{"scripts="}}, Rules: []Rule{remote("az_run_command",
					"az vm run-command invoke runs the scripts it is given on the virtual machine", "--scripts")}},
			}
		},
	})
}

func azcopyVerbs() []*Node {
	return []*Node{
		{Names: []string{"list", "ls", "env", "--version", "help", "doc"}, Read: true},
		{Names: []string{"remove", "rm"}, Rules: []Rule{destroys("azcopy_remove", "azcopy remove deletes blobs or files (with --recursive, everything under the URL)",
			"azcopy list URL (see what it would delete)")}},
		{Names: []string{"sync"}, Writes: true, Grammar: Grammar{Long: []string{"delete-destination="}}, Rules: []Rule{destroys("azcopy_sync_delete",
			"azcopy sync --delete-destination deletes every destination file that is not in the source", "azcopy sync … --dry-run first",
			"--delete-destination=true", "--delete-destination=prompt", "--delete-destination=True")}},
		{Names: []string{"copy", "cp", "make", "login", "logout", "bench", "set-properties"}, Writes: true},
		{Names: []string{"jobs"}, Subs: []*Node{{Names: []string{"list", "ls", "show"}, Read: true}, {Names: []string{"resume", "clean", "remove", "rm"}, Writes: true}}},
	}
}

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
		{Names: []string{"local", "local:start", "local:run", "pg:psql", "redis:cli", "ps:exec"}, Writes: true},
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
				{Names: []string{"deploy", "publish", "dev", "init", "types", "login", "logout", "rollback", "build", "setup", "generate", "get"}, Writes: true},
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

// cliVerbs describe a cloud CLI whose commands are groups of groups ending in
// a verb (gcloud compute instances delete, az storage account list).
type cliVerbs struct {
	tool string
	read []string
	// top are read verbs only at the first level (gcloud version, scw info):
	// deeper, the same word may name a group (scw secret version access).
	top     []string
	destroy []string
	safer   string
	// extra are exact nodes at every level (they win over patterns and over
	// the group wildcard).
	extra func() []*Node
}

// cliLevel returns one level of such a CLI: extra nodes, the read verbs, the
// verbs that destroy and, above the last level, any other word as a group
// whose verbs are the next level. A verb not named at the last level falls to
// the destructive-name principle.
func cliLevel(depth int, v cliVerbs) []*Node {
	var out []*Node
	if v.extra != nil {
		out = v.extra()
	}
	if len(v.top) > 0 {
		out = append(out, &Node{Names: v.top, Read: true})
		v.top = nil
	}
	safer := v.safer
	if safer == "" {
		safer = v.tool + " … list (or get/show) first"
	}
	out = append(out,
		&Node{Names: v.read, Read: true},
		&Node{Names: append(append([]string(nil), v.destroy...), destroyWords...), Rules: []Rule{destroys(idName(v.tool)+"_delete",
			v.tool+" … "+v.destroy[0]+" deletes a cloud resource; it may not be recoverable", safer)}},
	)
	if depth > 1 {
		out = append(out, &Node{Names: []string{"*"}, Subs: cliLevel(depth-1, v)})
	}
	return out
}

// destroyWords are the destructive-name principle's verbs (registry.DestructiveVerb),
// alone and as the first word of a compound: a group wildcard would otherwise
// take them for one more group.
var destroyWords = []string{"delete", "delete-*", "destroy", "destroy-*", "drop", "drop-*", "purge", "purge-*", "prune", "prune-*",
	"remove", "remove-*", "rm", "uninstall", "unpublish", "yank", "wipe", "wipe-*", "terminate", "terminate-*", "revoke", "revoke-*",
	"nuke", "erase", "erase-*", "teardown", "deprovision", "decommission", "truncate", "truncate-*"}

func idName(tool string) string {
	b := []byte(tool)
	for i, c := range b {
		if c == '-' {
			b[i] = '_'
		}
	}
	return string(b)
}
