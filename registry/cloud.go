package registry

import "github.com/permgate/permgate/finding"

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
//
// The verb trees are in iac.go (vault, terraform, terragrunt, pulumi, cdk,
// serverless, sam), cloudproviders.go (aws, gcloud, gsutil, az, azcopy) and
// cloudplatforms.go (doctl, fly, heroku, vercel, netlify, wrangler,
// supabase, firebase, eksctl).
func cloud() []*Program {
	return []*Program{
		{Family: "iac", Names: []string{"terraform"}, Check: "cloud", Node: Node{Grammar: tfGlobal, Subs: tfVerbs("terraform")}},
		{Family: "iac", Names: []string{"tofu", "opentofu"}, Check: "cloud", Node: Node{Grammar: tfGlobal, Subs: tfVerbs("tofu")}},
		{Family: "iac", Names: []string{"terragrunt"}, Check: "cloud", Node: Node{Grammar: tgGlobal.Get(), Subs: terragruntVerbs()}},
		{Family: "iac", Names: []string{"pulumi"}, Node: Node{Grammar: pulumiGlobal, Subs: pulumiVerbs()}},
		{Family: "iac", Names: []string{"cdk", "aws-cdk"}, Node: Node{Grammar: cdkGlobal, Subs: cdkVerbs()}},
		{Family: "iac", Names: []string{"cdktf"}, Node: Node{Grammar: Grammar{Long: []string{"app=", "output=", "log-level=", "disable-logging", "disable-plugin-cache-env"}, Short: "a:o:"}, Subs: cdktfVerbs()}},
		{Family: "iac", Names: []string{"serverless", "sls", "osls"}, Node: Node{Grammar: slsGlobal, Subs: slsVerbs()}},
		{Family: "iac", Names: []string{"sam"}, Node: Node{Grammar: samGlobal, Subs: samVerbs()}},
		{Family: "cloud", Names: []string{"aws"}, Check: "cloud", Node: Node{Grammar: awsGlobal, Subs: awsServices()}},
		{Family: "cloud", Names: []string{"gcloud"}, Check: "cloud", Node: Node{Grammar: gcloudGlobal, Subs: gcloudLevel(7)}},
		{Family: "cloud", Names: []string{"gsutil"}, Check: "cloud", Node: Node{Grammar: Grammar{Short: "o:h:u:i:p:", Long: []string{"version"}}, Subs: gsutilVerbs()}},
		{Family: "cloud", Names: []string{"az"}, Check: "cloud", Node: Node{Grammar: azGlobal, Subs: azLevel(7)}},
		{Family: "cloud", Names: []string{"azcopy"}, Check: "cloud", Node: Node{Grammar: Grammar{Long: []string{"log-level=", "output-type=", "output-level=", "cap-mbps=", "trusted-microsoft-suffixes=", "skip-version-check"}}, Subs: azcopyVerbs()}},
		{Family: "cloud", Names: []string{"doctl"}, Node: Node{Grammar: doctlGlobal, Subs: doctlLevel(4)}},
		{Family: "cloud", Names: []string{"fly", "flyctl"}, Check: "cloud", Node: Node{Grammar: flyGlobal, Subs: flyVerbs()}},
		{Family: "cloud", Names: []string{"heroku"}, Check: "cloud", Node: Node{Grammar: herokuGlobal, Subs: herokuVerbs()}},
		{Family: "cloud", Names: []string{"vercel"}, Node: Node{Grammar: vercelGlobal, Subs: vercelVerbs()}},
		{Family: "cloud", Names: []string{"netlify", "ntl"}, Node: Node{Grammar: Grammar{Long: []string{"auth=", "site=", "filter=", "debug", "json"}}, Subs: netlifyVerbs()}},
		{Family: "cloud", Names: []string{"wrangler"}, Check: "cloud", Node: Node{Grammar: wranglerGlobal, Subs: wranglerVerbs()}},
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
		{Family: "cloud", Names: []string{"oci"}, Check: "cloud", Node: Node{Grammar: Grammar{Long: []string{"profile=", "config-file=", "region=", "output=", "query=", "endpoint=", "cert-bundle=", "auth=", "generate-full-command-json-input", "debug", "raw-output"}, Short: "d", Words: []string{"bn=", "ns="}}, Subs: cliLevel(5, cliVerbs{
			tool:    "oci",
			read:    []string{"list", "get", "head", "list-*", "summarize-*", "search-*"},
			top:     []string{"help"},
			destroy: []string{"delete", "bulk-delete", "terminate", "delete-*", "remove-*", "purge"},
			extra: func() []*Node {
				// oci os object get --file F writes F (- is stdout); oci secrets
				// secret-bundle get prints a secret's value.
				return []*Node{
					{Names: []string{"get"}, Read: true, Grammar: Grammar{Short: "f:", Long: []string{"file=", "name=", "bucket-name=", "namespace="}}, Output: []string{"--file", "-f"}},
					// oci os object put --file F and bulk-upload --src-dir D upload.
					{Names: []string{"put"}, Writes: true, Grammar: Grammar{Short: "f:", Long: []string{"file=", "name=", "bucket-name=", "namespace=", "content-type="}},
						Effects: []Effect{{Act: Sends, Opts: []string{"--file", "-f"}}}},
					{Names: []string{"bulk-upload"}, Writes: true, Grammar: Grammar{Short: "s:", Long: []string{"src-dir=", "source=", "bucket-name=", "namespace=", "prefix=", "include=", "exclude="}},
						Effects: []Effect{{Act: Sends, Opts: []string{"--src-dir", "--source", "-s"}}}},
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
