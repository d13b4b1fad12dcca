package registry

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/finding"
)

// TestCloudRules checks the cloud family's findings: ids are kind.name, every
// reason is one line, and every destructive verb names a safer way.
func TestCloudRules(t *testing.T) {
	var walk func(p *Program, n *Node, path string)
	walk = func(p *Program, n *Node, path string) {
		for _, r := range n.Rules {
			if _, ok := finding.Lookup(r.Kind); !ok {
				t.Errorf("%s: rule %s has unknown kind %q", path, r.ID, r.Kind)
			}
			if !strings.HasPrefix(r.ID, string(r.Kind)+".") {
				t.Errorf("%s: rule id %q does not start with its kind %q", path, r.ID, r.Kind)
			}
			if r.Reason == "" || strings.Contains(r.Reason, "\n") {
				t.Errorf("%s: rule %s needs a one-line reason", path, r.ID)
			}
			if r.Kind == finding.DestructiveAction && r.Safer == "" {
				t.Errorf("%s: destructive rule %s has no safer alternative", path, r.ID)
			}
			if r.Severity != finding.NonSevere && r.Kind != finding.Exfiltration && r.Kind != finding.SQLDestructive {
				t.Errorf("%s: rule %s is %s; cloud verbs ask (non-severe)", path, r.ID, r.Severity)
			}
		}
		for _, s := range n.Subs {
			walk(p, s, path+" "+strings.Join(s.Names, "|"))
		}
	}
	for _, p := range cloud() {
		walk(p, &p.Node, p.Names[0])
	}
}

// TestCloudVerbs resolves a few argv against the declarations: global options
// before the verb, nested command groups, and the verbs that destroy.
func TestCloudVerbs(t *testing.T) {
	r := Default()
	cases := []struct {
		argv    string
		read    bool
		finding string
	}{
		{"aws --profile prod --region=eu-west-1 ec2 describe-instances --output json", true, ""},
		{"aws ec2 terminate-instances --instance-ids i-1", false, "destructive_action.aws_delete"},
		{"aws s3 sync . s3://b --delete", false, "destructive_action.aws_s3_sync_delete"},
		{"aws secretsmanager get-secret-value --secret-id x", true, "secret_access.aws_credentials"},
		{"terraform -chdir=infra plan", true, ""},
		{"terraform plan -out=tfplan", false, ""},
		{"terraform apply -auto-approve -destroy", false, "destructive_action.terraform_apply_destroy"},
		{"tofu state rm aws_instance.web", false, "destructive_action.tofu_state_rm"},
		{"gcloud --project p compute instances list --format=json", true, ""},
		{"gcloud -q compute instances delete vm", false, "destructive_action.gcloud_delete"},
		{"az -o table storage account keys list --account-name a", true, "secret_access.az_credentials"},
		{"az group delete -n rg --yes", false, "destructive_action.az_delete"},
		{"pulumi -s prod destroy --yes", false, "destructive_action.pulumi_destroy"},
		{"heroku apps:destroy -a app --confirm app", false, "destructive_action.heroku_apps_destroy"},
		{"scw secret version access id", true, "secret_access.scw_secret_access"},
		{"scw version", true, ""},
	}
	for _, c := range cases {
		f := strings.Fields(c.argv)
		p, ok := r.Lookup(f[0])
		if !ok {
			t.Fatalf("%s: not declared", f[0])
		}
		var words []Word
		for _, w := range f[1:] {
			words = append(words, Word{Text: w})
		}
		inv := p.Resolve(words)
		if got := inv.ReadOnly(); got != c.read {
			t.Errorf("%s: read-only %v, want %v", c.argv, got, c.read)
		}
		var ids []string
		for _, fd := range inv.Findings() {
			ids = append(ids, fd.ID)
		}
		if c.finding == "" && len(ids) > 0 || c.finding != "" && !strings.Contains(strings.Join(ids, " "), c.finding) {
			t.Errorf("%s: findings %v, want %q", c.argv, ids, c.finding)
		}
	}
}
