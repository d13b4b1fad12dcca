package validator

import (
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// cloud judges what a cloud CLI's declaration cannot: the local files a copy
// writes (aws s3 cp s3://b/k ~/.bashrc is a write of ~/.bashrc), a secret
// uploaded off the machine (aws s3 cp ~/.ssh/id_rsa s3://b/ is exfiltration),
// and SQL handed to a cloud database (wrangler d1 execute --command 'DROP …').
// The files an upload sends and a download writes are the verbs' declared
// effects (registry/cloud*.go).
func (ck *checker) cloud(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, inv, ok := c.Declared()
	if !ok {
		return
	}
	if base == "terraform" || base == "tofu" || base == "terragrunt" {
		ck.tfCLIArgs(c, base, inv.Path)
	}
	if base == "terragrunt" {
		ck.terragruntRun(prog, inv, args)
	}
	full := strings.Join(append(append([]string{base}, inv.Path...), inv.Verb), " ")
	ops := operandsOf(c)
	if verb := verbOf(full, cloudCopies...); verb != "" {
		ck.cloudCopy(c, verb, ops)
	}
	ck.gcloudSSHCommand(full, inv, args)
	if verbOf(full, "aws configure get") != "" {
		ck.awsConfigureGet(ops)
	}
	ck.cloudScaleAndBatch(c, full, ops)
	for _, t := range commandEffects(c) {
		if t.act == registry.Sends {
			ck.cloudUpload(full, []shellparse.Word{t.word})
		}
	}
	ck.cloudSQL(c, verbOf(full, cloudSQLVerbs...))
}

// gcloudSSHCommand: gcloud compute ssh VM -- CMD runs CMD on the machine
// (the words after -- are ssh's).
func (ck *checker) gcloudSSHCommand(full string, inv *registry.Invocation, args []shellparse.Word) {
	verb := verbOf(full, "gcloud compute ssh", "gcloud beta compute ssh", "gcloud alpha compute ssh")
	if verb != "" && inv.Scan.DashDash >= 0 && sshCommandGiven(args[inv.Scan.DashDash+1:]) {
		ck.addFinding(Finding{Kind: finding.InlineCode, Severity: NonSevere, ID: "inline_code.gcloud_ssh_command",
			Reason: OneLine(verb + " -- CMD runs the command it is given on the remote machine")})
	}
}

// terragruntRun: terragrunt run [--all] -- destroy -auto-approve: the words
// after -- are terraform's command, judged by the same declaration.
func (ck *checker) terragruntRun(prog *registry.Program, inv *registry.Invocation, args []shellparse.Word) {
	if inv.Scan.DashDash < 0 || len(inv.Path) == 0 || !strings.HasPrefix(inv.Path[len(inv.Path)-1], "run") {
		return
	}
	inner := prog.Resolve(shellparse.RegistryWords(args[inv.Scan.DashDash+1:]))
	for _, f := range inner.Findings() {
		ck.addFinding(Finding{Kind: f.Rule.Kind, Severity: f.Severity, Reason: OneLine(f.Rule.Reason), ID: f.Rule.ID, Suggestion: f.Rule.Safer})
	}
	if inner.DynamicVerb {
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.dynamic_verb",
			Reason: "terragrunt run's terraform command is known only at run time and could be destroy"})
	}
}

// awsConfigureGet: aws configure get aws_secret_access_key prints a stored
// credential.
func (ck *checker) awsConfigureGet(ops []shellparse.Word) {
	for _, o := range ops {
		if t := strings.ToLower(o.Text); !o.Static || strings.Contains(t, "secret_access_key") || strings.Contains(t, "session_token") {
			ck.addFinding(Finding{Kind: finding.SecretAccess, Severity: NonSevere, ID: "secret_access.aws_configure_get",
				Reason: OneLine("aws configure get " + o.Text + " may print a stored credential")})
			return
		}
	}
}

// cloudSQL judges the SQL a verb hands a cloud database: in its SQL
// options, and on standard input for heroku pg:psql.
func (ck *checker) cloudSQL(c shellparse.SimpleCommand, verb string) {
	if verb == "" {
		return
	}
	for _, w := range valuesOf(c, cloudSQLOpts(verb)...) {
		if why := sqlDestructive(w.Text); why != "" {
			ck.add(finding.SQLDestructive, "cloud_sql_drop", Severe, verb+": "+why)
		}
	}
	if verb == "heroku pg:psql" {
		for _, t := range ck.stdinText(c) {
			if why := sqlDestructive(t); why != "" {
				ck.add(finding.SQLDestructive, "cloud_sql_delete", Severe, verb+": "+why)
			}
		}
	}
}

// cloudCopy judges a copy whose last operand is its destination: a local
// destination is written, a secret source sent to a remote one is exfiltration.
func (ck *checker) cloudCopy(c shellparse.SimpleCommand, verb string, ops []shellparse.Word) {
	if len(ops) < 2 {
		return
	}
	dest := ops[len(ops)-1]
	if ops[0].Text == "-" && cloudRemote(verb, dest.Text) {
		ck.cloudStdinUpload(c, verb)
	}
	if !cloudRemote(verb, dest.Text) {
		if dest.Text != "-" {
			ck.intoDir = true
			ck.writeTargetOpt(dest, verb+" "+dest.Text, true)
			ck.intoDir = false
		}
		return
	}
	ck.cloudUpload(verb, ops[:len(ops)-1])
}

// cloudStdinUpload: aws s3 cp - s3://b/k uploads what stdin holds: a
// redirect's file, or what the commands piped in read (cat ~/.ssh/id_rsa |,
// env |).
func (ck *checker) cloudStdinUpload(c shellparse.SimpleCommand, verb string) {
	for _, r := range c.Redirects {
		if r.Reads() && (r.Fd == "" || r.Fd == "0") {
			ck.cloudUpload(verb, []shellparse.Word{r.Target})
		}
	}
	for _, i := range c.Stdin.From {
		if i < 0 || i >= len(ck.res.Commands) {
			continue
		}
		w := ck.res.Commands[i]
		sources := operandsOf(w)
		if (w.Name == "env" || w.Name == "printenv") && len(sources) == 0 {
			ck.add(finding.Exfiltration, "cloud_upload_env", Severe, verb+" sends the environment, which holds credentials, off the machine")
			continue
		}
		for _, r := range w.Redirects {
			if r.Reads() {
				sources = append(sources, r.Target)
			}
		}
		ck.cloudUpload(verb, sources)
	}
}

// cloudUpload reports local sources that hold secrets sent off the machine.
func (ck *checker) cloudUpload(verb string, sources []shellparse.Word) {
	for _, src := range sources {
		if cloudRemote(verb, src.Text) || src.Text == "-" || src.Static && strings.HasPrefix(src.Text, "-") {
			continue
		}
		texts, _ := ck.expandPath(src)
		if src.Static || src.Glob {
			texts = append(texts, src.Text)
		}
		for _, t := range texts {
			if ck.secretPath(t, src.Glob) || ck.holdsSecrets(ck.resolve(t)) {
				ck.add(finding.Exfiltration, "cloud_upload_secret", Severe, verb+" sends "+src.Text+", which holds secrets, off the machine")
				return
			}
		}
	}
}

// holdsSecrets reports a directory of secrets, or one that contains them
// (~/.ssh, ~/.aws, ~/.gnupg, ~ itself, /): a recursive upload takes them along.
func (ck *checker) holdsSecrets(p string) bool {
	home := ck.v.env.Home
	if home == "" {
		return false
	}
	for _, d := range []string{".ssh", ".aws", ".gnupg", ".kube", ".docker", ".config/gcloud", ".azure", ".config/doctl", ".fly", ".netrc"} {
		dir := path.Join(home, d)
		if within(p, dir) || within(dir, p) {
			return true
		}
	}
	return false
}

// cloudCopies are the verbs that copy their operands to the last one.
var cloudCopies = []string{"aws s3 cp", "aws s3 mv", "aws s3 sync", "gsutil cp", "gsutil mv", "gsutil rsync", "gcloud storage cp",
	"gcloud storage mv", "gcloud storage rsync", "gcloud alpha storage cp", "gcloud beta storage cp",
	"gcloud compute scp", "gcloud beta compute scp", "azcopy copy", "azcopy cp", "azcopy sync"}

// cloudSQLVerbs are the verbs cloudSQLOpts knows.
var cloudSQLVerbs = []string{"wrangler d1 execute", "heroku pg:psql", "aws rds-data execute-statement", "aws rds-data batch-execute-statement",
	"aws redshift-data execute-statement", "aws redshift-data batch-execute-statement", "gcloud spanner databases execute-sql",
	"gcloud spanner cli", "aws athena start-query-execution"}

// verbOf returns the key the command's words begin with: a group wildcard
// may have read an option's value as one more group (az storage blob upload
// --container-name c), so the words need only begin with the key.
func verbOf(full string, keys ...string) string {
	for _, k := range keys {
		if full == k || strings.HasPrefix(full, k+" ") {
			return k
		}
	}
	return ""
}

// cloudRemote reports a bucket, container or host the verb copies to or from.
func cloudRemote(verb, t string) bool {
	if strings.Contains(t, "://") {
		return true
	}
	return strings.HasSuffix(verb, " scp") && remotePath(t)
}

// cloudSQLOpts returns the options whose value is SQL run on a cloud database.
func cloudSQLOpts(verb string) []string {
	switch verb {
	case "wrangler d1 execute":
		return []string{"--command"}
	case "heroku pg:psql":
		return []string{"--command", "-c"}
	case "aws rds-data execute-statement", "aws rds-data batch-execute-statement", "aws redshift-data execute-statement",
		"aws redshift-data batch-execute-statement", "gcloud spanner databases execute-sql", "gcloud spanner cli":
		return []string{"--sql", "--sqls"}
	case "aws athena start-query-execution":
		return []string{"--query-string"}
	}
	return nil
}

// tfCLIArgs judges TF_CLI_ARGS and TF_CLI_ARGS_<verb>: terraform adds their
// words to its argv, so TF_CLI_ARGS_apply=-destroy terraform apply destroys.
func (ck *checker) tfCLIArgs(c shellparse.SimpleCommand, base string, path []string) {
	verb := ""
	if len(path) > 0 {
		verb = path[len(path)-1]
	}
	for _, name := range []string{"TF_CLI_ARGS", "TF_CLI_ARGS_" + verb} {
		value, known := ck.vars[name]
		set := known || ck.assigned[name]
		for _, a := range c.Assigns {
			if a.Name == name {
				value, known, set = a.Value.Text, a.Value.Static, true
			}
		}
		if !set {
			continue
		}
		if !known || strings.Contains(value, "-destroy") || strings.Contains(value, "$") {
			ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.tf_cli_args",
				Reason: OneLine(name + " adds words to " + base + "'s argv (it may say -destroy)"), Suggestion: base + " plan -destroy"})
			return
		}
	}
}

// cloudScaleAndBatch judges what hides in operands and JSON: heroku
// ps:scale web=0 takes the app down; a Route 53 change batch with "DELETE", a
// DynamoDB batch with DeleteRequest deletes.
func (ck *checker) cloudScaleAndBatch(c shellparse.SimpleCommand, full string, ops []shellparse.Word) {
	if verbOf(full, "heroku ps:scale", "heroku scale") != "" && scalesToZero(ops, false) {
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.heroku_scale_zero",
			Reason: OneLine(full + ": scaling a process type to 0 stops every dyno of it"), Suggestion: "heroku ps -a APP first"})
		return
	}
	if verb := verbOf(full, "fly scale", "flyctl scale"); verb != "" && len(ops) >= 2 && ops[0].Text == "count" && scalesToZero(ops[1:], true) {
		ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.fly_scale_zero",
			Reason: OneLine(verb + " count 0 stops every machine of the app"), Suggestion: "fly status first"})
		return
	}
	ck.batchDeletes(c, full)
}

// batchDeletes: a Route 53 change batch with "DELETE", a DynamoDB batch
// with DeleteRequest, or either known only at run time, deletes.
func (ck *checker) batchDeletes(c shellparse.SimpleCommand, full string) {
	var opt, word string
	switch {
	case verbOf(full, "aws route53 change-resource-record-sets") != "":
		opt, word = "--change-batch", `"delete"`
	case verbOf(full, "aws dynamodb batch-write-item") != "":
		opt, word = "--request-items", "deleterequest"
	default:
		return
	}
	for _, v := range valuesOf(c, opt) {
		t := strings.ToLower(strings.Join(strings.Fields(v.Text), ""))
		if strings.Contains(t, word) || strings.Contains(t, strings.Trim(word, `"`)+"\"") || !v.Static {
			ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.aws_batch_delete",
				Reason: OneLine(full + " " + opt + " deletes records or items"), Suggestion: "list them first (list-resource-record-sets, scan)"})
			return
		}
	}
}

// scalesToZero reports a scale operand that sets a count to 0 (web=0, or 0
// alone when bare counts are taken) or to a count known only at run time.
func scalesToZero(ops []shellparse.Word, bare bool) bool {
	for _, o := range ops {
		_, n, eq := strings.Cut(o.Text, "=")
		if n == "0" && eq || bare && o.Text == "0" || !o.Static && (eq || bare) {
			return true
		}
	}
	return false
}
