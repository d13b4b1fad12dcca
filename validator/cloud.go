package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// cloud judges what a cloud CLI's declaration cannot: the local files a copy
// writes (aws s3 cp s3://b/k ~/.bashrc is a write of ~/.bashrc), a secret
// uploaded off the machine (aws s3 cp ~/.ssh/id_rsa s3://b/ is exfiltration),
// and SQL handed to a cloud database (wrangler d1 execute --command 'DROP …').
func (ck *checker) cloud(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, ok := programs.Lookup(base)
	if !ok {
		return
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	if base == "terraform" || base == "tofu" || base == "terragrunt" {
		ck.tfCLIArgs(c, base, inv.Path)
	}
	if base == "terragrunt" && inv.Scan.DashDash >= 0 && len(inv.Path) > 0 && strings.HasPrefix(inv.Path[len(inv.Path)-1], "run") {
		// terragrunt run [--all] -- destroy -auto-approve: the words after --
		// are terraform's command, judged by the same declaration.
		inner := prog.Resolve(shellparse.RegistryWords(args[inv.Scan.DashDash+1:]))
		for _, f := range inner.Findings() {
			ck.addFinding(Finding{Kind: f.Rule.Kind, Severity: f.Severity, Reason: OneLine(f.Rule.Reason), ID: f.Rule.ID, Suggestion: f.Rule.Safer})
		}
		if inner.DynamicVerb {
			ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.dynamic_verb",
				Reason: "terragrunt run's terraform command is known only at run time and could be destroy"})
		}
	}
	full := strings.Join(append(append([]string{base}, inv.Path...), inv.Verb), " ")
	var ops []shellparse.Word
	for _, i := range inv.Scan.Operands {
		ops = append(ops, args[i])
	}
	if verb := verbOf(full, cloudCopies...); verb != "" {
		ck.cloudCopy(c, verb, ops)
	}
	if verb := verbOf(full, "gcloud compute ssh", "gcloud beta compute ssh", "gcloud alpha compute ssh"); verb != "" && inv.Scan.DashDash >= 0 {
		if sshCommandGiven(args[inv.Scan.DashDash+1:]) {
			ck.addFinding(Finding{Kind: finding.InlineCode, Severity: NonSevere, ID: "inline_code.gcloud_ssh_command",
				Reason: OneLine(verb + " -- CMD runs the command it is given on the remote machine")})
		}
	}
	if verb := verbOf(full, "aws s3api get-object", "aws s3api get-object-torrent", "aws lambda invoke"); verb != "" && len(ops) > 0 {
		ck.writeTargetOpt(ops[len(ops)-1], verb+" "+ops[len(ops)-1].Text, true) // the outfile operand
	}
	if verbOf(full, "aws configure get") != "" {
		for _, o := range ops {
			if t := strings.ToLower(o.Text); !o.Static || strings.Contains(t, "secret_access_key") || strings.Contains(t, "session_token") {
				ck.addFinding(Finding{Kind: finding.SecretAccess, Severity: NonSevere, ID: "secret_access.aws_configure_get",
					Reason: OneLine("aws configure get " + o.Text + " may print a stored credential")})
				break
			}
		}
	}
	ck.cloudScaleAndBatch(full, args, ops)
	verb := verbOf(full, cloudFileVerbs...)
	// Options that name a local file a verb uploads or downloads.
	uploads, downloads := cloudFileOpts(verb)
	for i, a := range args {
		name, val, attached := strings.Cut(a.Text, "=")
		if !strings.HasPrefix(name, "-") || strings.ContainsAny(name, "$`\"'\\") {
			continue
		}
		w := a // --body=$HOME/.ssh/id_rsa: the value keeps the word's expansions
		w.Text = val
		if !attached {
			if i+1 >= len(args) {
				continue
			}
			w = args[i+1]
		}
		switch {
		case slices.Contains(uploads, name):
			ck.cloudUpload(verb, []shellparse.Word{w})
		case slices.Contains(downloads, name) && w.Text != "-":
			ck.writeTargetOpt(w, verb+" "+name+" "+w.Text, true)
		case slices.Contains(cloudSQLOpts(verb), name):
			if why := sqlDestructive(w.Text); why != "" {
				ck.add(finding.SQLDestructive, "cloud_sql_drop", Severe, verb+": "+why)
			}
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
	if ops[0].Text == "-" && cloudRemote(verb, ops[len(ops)-1].Text) {
		// aws s3 cp - s3://b/k uploads what stdin holds: a redirect's file, or
		// what the commands piped in read (cat ~/.ssh/id_rsa |, env |).
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
			if (w.Name == "env" || w.Name == "printenv") && len(operands(w.Argv[1:])) == 0 {
				ck.add(finding.Exfiltration, "cloud_upload_env", Severe, verb+" sends the environment, which holds credentials, off the machine")
				continue
			}
			sources := append([]shellparse.Word(nil), w.Argv[1:]...)
			for _, r := range w.Redirects {
				if r.Reads() {
					sources = append(sources, r.Target)
				}
			}
			ck.cloudUpload(verb, sources)
		}
	}
	dest := ops[len(ops)-1]
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

// cloudFileVerbs are the verbs cloudFileOpts and cloudSQLOpts know.
var cloudFileVerbs = []string{"aws s3api put-object", "aws s3api upload-part", "wrangler r2 object put", "oci os object put",
	"az storage file upload", "az storage blob upload", "az storage blob upload-batch", "az storage file upload-batch",
	"oci os object bulk-upload", "wrangler r2 object get", "oci os object get", "az storage blob download", "az storage file download",
	"gcloud secrets versions access", "az keyvault secret download", "wrangler d1 execute", "heroku pg:psql",
	"aws rds-data execute-statement", "aws rds-data batch-execute-statement", "aws redshift-data execute-statement",
	"aws redshift-data batch-execute-statement", "gcloud spanner databases execute-sql", "gcloud spanner cli",
	"aws athena start-query-execution"}

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

// cloudFileOpts returns the options whose value a verb uploads and those whose
// value it writes.
func cloudFileOpts(verb string) (uploads, downloads []string) {
	switch verb {
	case "aws s3api put-object", "aws s3api upload-part":
		return []string{"--body"}, nil
	case "wrangler r2 object put", "oci os object put", "az storage file upload":
		return []string{"--file", "-f"}, nil
	case "az storage blob upload":
		return []string{"--file", "-f"}, nil
	case "az storage blob upload-batch", "az storage file upload-batch", "oci os object bulk-upload":
		return []string{"--source", "-s", "--src-dir"}, nil
	case "wrangler r2 object get", "oci os object get", "az storage blob download", "az storage file download":
		return nil, []string{"--file", "-f"}
	case "gcloud secrets versions access":
		return nil, []string{"--out-file"}
	case "az keyvault secret download":
		return nil, []string{"--file", "-f"}
	}
	return nil, nil
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

// sshCommandGiven reports ssh arguments that name a remote command after the
// options (-L 8080:localhost:80 alone forwards a port and runs nothing).
func sshCommandGiven(args []shellparse.Word) bool {
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if !args[i].Static {
			return true
		}
		if len(t) < 2 || t[0] != '-' {
			return true
		}
		if last := t[len(t)-1]; len(t) == 2 && strings.IndexByte("BbcDEeFIiJLlmOopQRSWw", last) >= 0 {
			i++ // the option's value
		}
	}
	return false
}

// cloudScaleAndBatch judges what hides in operands and JSON: heroku
// ps:scale web=0 takes the app down; a Route 53 change batch with "DELETE", a
// DynamoDB batch with DeleteRequest deletes.
func (ck *checker) cloudScaleAndBatch(full string, args, ops []shellparse.Word) {
	if verbOf(full, "heroku ps:scale", "heroku scale") != "" {
		for _, o := range ops {
			if _, n, ok := strings.Cut(o.Text, "="); ok && (n == "0" || !o.Static) {
				ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.heroku_scale_zero",
					Reason: OneLine(full + ": scaling a process type to 0 stops every dyno of it"), Suggestion: "heroku ps -a APP first"})
				return
			}
		}
	}
	if verb := verbOf(full, "fly scale", "flyctl scale"); verb != "" && len(ops) >= 2 && ops[0].Text == "count" {
		for _, o := range ops[1:] {
			if _, n, _ := strings.Cut(o.Text, "="); n == "0" || o.Text == "0" || !o.Static {
				ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.fly_scale_zero",
					Reason: OneLine(verb + " count 0 stops every machine of the app"), Suggestion: "fly status first"})
				return
			}
		}
	}
	var opt, word string
	switch {
	case verbOf(full, "aws route53 change-resource-record-sets") != "":
		opt, word = "--change-batch", `"delete"`
	case verbOf(full, "aws dynamodb batch-write-item") != "":
		opt, word = "--request-items", "deleterequest"
	default:
		return
	}
	for i, a := range args {
		name, val, attached := strings.Cut(a.Text, "=")
		if name != opt {
			continue
		}
		if !attached && i+1 < len(args) {
			a, val = args[i+1], args[i+1].Text
		}
		t := strings.ToLower(strings.Join(strings.Fields(val), ""))
		if strings.Contains(t, word) || strings.Contains(t, strings.Trim(word, `"`)+"\"") || !a.Static {
			ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.aws_batch_delete",
				Reason: OneLine(full + " " + opt + " deletes records or items"), Suggestion: "list them first (list-resource-record-sets, scan)"})
			return
		}
	}
}
