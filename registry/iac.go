package registry

import (
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
)

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

var tgGlobal = lazy.Value[Grammar]{Make: func() Grammar {
	return Grammar{Dash: true, Long: append([]string{"terragrunt-working-dir=", "working-dir=", "terragrunt-config=", "config=",
		"terragrunt-log-level=", "log-level=", "terragrunt-source=", "source=", "terragrunt-iam-role=", "iam-role=", "terragrunt-tfpath=",
		"tf-path=", "terragrunt-include-dir=", "queue-include-dir=", "terragrunt-exclude-dir=", "queue-exclude-dir=", "terragrunt-parallelism=",
		"parallelism=", "terragrunt-non-interactive", "non-interactive", "terragrunt-download-dir=", "download-dir=", "log-format=",
		"feature=", "filter=", "units-that-include=", "out-dir=", "json-out-dir=", "provider-cache-dir=", "experiment=", "all", "graph",
		"terragrunt-check", "check", "terragrunt-diff", "diff"}, tfGlobal.Long...)}
}}

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
