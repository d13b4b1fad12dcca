// Package cloud judges what a cloud CLI's declaration cannot: the local
// files a copy writes (aws s3 cp s3://b/k ~/.bashrc is a write of ~/.bashrc),
// a secret uploaded off the machine (aws s3 cp ~/.ssh/id_rsa s3://b/ is
// exfiltration), SQL handed to a cloud database (wrangler d1 execute
// --command 'DROP …'), terraform's words hidden in TF_CLI_ARGS, terragrunt
// run's terraform command, scaling to zero and batches that delete. The
// files an upload sends and a download writes are the verbs' declared
// effects (registry/cloud*.go); the words are read by their declarations.
package cloud

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/lang/sql"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the judgement asks of the command being judged.
type Host interface {
	// Report records a finding of the rule kind.name on the command.
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// Resolve returns the absolute, cleaned path a static word names.
	Resolve(p string) string
	// ExpandPath returns the paths a word may name, and whether some are
	// known only at run time.
	ExpandPath(w shellparse.Word) (texts []string, unknown bool)
	// StdinText returns the texts the command may read on its standard input.
	StdinText(c shellparse.SimpleCommand) []string
	// SecretPath reports that an absolute path (a glob when glob is true)
	// names a file that holds secrets.
	SecretPath(p string, glob bool) bool
	// Home is the home directory, absolute.
	Home() string
	// CloudWriteInto judges a file a copy writes, which may be a directory
	// the copy puts its file in, or a name known only at run time.
	CloudWriteInto(w shellparse.Word, how string)
	// CloudVar returns what the script knows of a variable before the
	// command: its value, whether the value is known, whether it is set.
	CloudVar(name string) (value string, known, set bool)
	// CloudOperands returns a command's operands by its declared grammar
	// (an undeclared program's words that do not start with a dash).
	CloudOperands(c shellparse.SimpleCommand) []shellparse.Word
	// CloudStdinFrom returns the commands of the script whose output the
	// command reads on its standard input.
	CloudStdinFrom(c shellparse.SimpleCommand) []shellparse.SimpleCommand
}

// judge is one command's judgement.
type judge struct{ h Host }

// Judge judges a cloud CLI's command; args are the words after its name.
func Judge(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	judge{h}.cloud(c, args)
}

// report records a finding without a safer way.
func (j judge) report(kind finding.Kind, name string, sev finding.Severity, reason string) {
	j.h.Report(kind, name, sev, reason, "")
}

// cloud hands the command to the judgements its verb calls for.
func (j judge) cloud(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, inv, ok := c.Declared()
	if !ok {
		return
	}
	if base == "terraform" || base == "tofu" || base == "terragrunt" {
		j.tfCLIArgs(c, base, inv.Path)
	}
	if base == "terragrunt" {
		j.terragruntRun(prog, inv, args)
	}
	full := strings.Join(append(append([]string{base}, inv.Path...), inv.Verb), " ")
	ops := operands(inv, args)
	if verb := verbOf(full, cloudCopies...); verb != "" {
		j.cloudCopy(c, verb, ops)
	}
	j.gcloudSSHCommand(full, inv, args)
	if verbOf(full, "aws configure get") != "" {
		j.awsConfigureGet(ops)
	}
	j.cloudScaleAndBatch(inv, args, full, ops)
	for _, w := range sent(prog, inv, args) {
		j.cloudUpload(full, []shellparse.Word{w})
	}
	j.cloudSQL(c, inv, args, verbOf(full, cloudSQLVerbs...))
}

// gcloudSSHCommand: gcloud compute ssh VM -- CMD runs CMD on the machine
// (the words after -- are ssh's).
func (j judge) gcloudSSHCommand(full string, inv *registry.Invocation, args []shellparse.Word) {
	verb := verbOf(full, "gcloud compute ssh", "gcloud beta compute ssh", "gcloud alpha compute ssh")
	if verb != "" && inv.Scan.DashDash >= 0 && sshCommandGiven(args[inv.Scan.DashDash+1:]) {
		j.report(finding.InlineCode, "gcloud_ssh_command", finding.NonSevere, verb+" -- CMD runs the command it is given on the remote machine")
	}
}

// terragruntRun: terragrunt run [--all] -- destroy -auto-approve: the words
// after -- are terraform's command, judged by the same declaration.
func (j judge) terragruntRun(prog *registry.Program, inv *registry.Invocation, args []shellparse.Word) {
	if inv.Scan.DashDash < 0 || len(inv.Path) == 0 || !strings.HasPrefix(inv.Path[len(inv.Path)-1], "run") {
		return
	}
	inner := prog.Resolve(shellparse.RegistryWords(args[inv.Scan.DashDash+1:]))
	for _, f := range inner.Findings() {
		// The cloud family's rule ids are kind.name (registry's TestCloudRules).
		j.h.Report(f.Kind, strings.TrimPrefix(f.ID, string(f.Kind)+"."), f.Severity, f.Reason, f.Suggestion)
	}
	if inner.DynamicVerb {
		j.report(finding.DestructiveAction, "dynamic_verb", finding.NonSevere, "terragrunt run's terraform command is known only at run time and could be destroy")
	}
}

// awsConfigureGet: aws configure get aws_secret_access_key prints a stored
// credential.
func (j judge) awsConfigureGet(ops []shellparse.Word) {
	for _, o := range ops {
		if t := strings.ToLower(o.Text); !o.Static || strings.Contains(t, "secret_access_key") || strings.Contains(t, "session_token") {
			j.report(finding.SecretAccess, "aws_configure_get", finding.NonSevere, "aws configure get "+o.Text+" may print a stored credential")
			return
		}
	}
}

// cloudSQL judges the SQL a verb hands a cloud database: in its SQL
// options, and on standard input for heroku pg:psql.
func (j judge) cloudSQL(c shellparse.SimpleCommand, inv *registry.Invocation, args []shellparse.Word, verb string) {
	if verb == "" {
		return
	}
	for _, w := range values(inv, args, cloudSQLOpts(verb)...) {
		if why := sql.Judge(w.Text, sql.Generic).Severe; why != "" {
			j.report(finding.SQLDestructive, "cloud_sql_drop", finding.Severe, verb+": "+why)
		}
	}
	if verb == "heroku pg:psql" {
		for _, t := range j.h.StdinText(c) {
			if why := sql.Judge(t, sql.Generic).Severe; why != "" {
				j.report(finding.SQLDestructive, "cloud_sql_delete", finding.Severe, verb+": "+why)
			}
		}
	}
}

// cloudCopy judges a copy whose last operand is its destination: a local
// destination is written, a secret source sent to a remote one is exfiltration.
func (j judge) cloudCopy(c shellparse.SimpleCommand, verb string, ops []shellparse.Word) {
	if len(ops) < 2 {
		return
	}
	dest := ops[len(ops)-1]
	if ops[0].Text == "-" && cloudRemote(verb, dest.Text) {
		j.cloudStdinUpload(c, verb)
	}
	if !cloudRemote(verb, dest.Text) {
		if dest.Text != "-" {
			j.h.CloudWriteInto(dest, verb+" "+dest.Text)
		}
		return
	}
	j.cloudUpload(verb, ops[:len(ops)-1])
}

// cloudStdinUpload: aws s3 cp - s3://b/k uploads what stdin holds: a
// redirect's file, or what the commands piped in read (cat ~/.ssh/id_rsa |,
// env |).
func (j judge) cloudStdinUpload(c shellparse.SimpleCommand, verb string) {
	for _, r := range c.Redirects {
		if r.Reads() && (r.Fd == "" || r.Fd == "0") {
			j.cloudUpload(verb, []shellparse.Word{r.Target})
		}
	}
	for _, w := range j.h.CloudStdinFrom(c) {
		sources := j.h.CloudOperands(w)
		if (w.Name == "env" || w.Name == "printenv") && len(sources) == 0 {
			j.report(finding.Exfiltration, "cloud_upload_env", finding.Severe, verb+" sends the environment, which holds credentials, off the machine")
			continue
		}
		for _, r := range w.Redirects {
			if r.Reads() {
				sources = append(sources, r.Target)
			}
		}
		j.cloudUpload(verb, sources)
	}
}

// cloudUpload reports local sources that hold secrets sent off the machine.
func (j judge) cloudUpload(verb string, sources []shellparse.Word) {
	for _, src := range sources {
		if cloudRemote(verb, src.Text) || src.Text == "-" || src.Static && strings.HasPrefix(src.Text, "-") {
			continue
		}
		texts, _ := j.h.ExpandPath(src)
		if src.Static || src.Glob {
			texts = append(texts, src.Text)
		}
		for _, t := range texts {
			if j.h.SecretPath(t, src.Glob) || j.holdsSecrets(j.h.Resolve(t)) {
				j.report(finding.Exfiltration, "cloud_upload_secret", finding.Severe, verb+" sends "+src.Text+", which holds secrets, off the machine")
				return
			}
		}
	}
}

// holdsSecrets reports a directory of secrets, or one that contains them
// (~/.ssh, ~/.aws, ~/.gnupg, ~ itself, /): a recursive upload takes them along.
func (j judge) holdsSecrets(p string) bool {
	home := j.h.Home()
	if home == "" {
		return false
	}
	for _, d := range []string{".ssh", ".aws", ".gnupg", ".kube", ".docker", ".config/gcloud", ".azure", ".config/doctl", ".fly", ".netrc"} {
		dir := path.Join(home, d)
		if pathin.Within(p, dir) || pathin.Within(dir, p) {
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
func (j judge) tfCLIArgs(c shellparse.SimpleCommand, base string, path []string) {
	verb := ""
	if len(path) > 0 {
		verb = path[len(path)-1]
	}
	for _, name := range []string{"TF_CLI_ARGS", "TF_CLI_ARGS_" + verb} {
		value, known, set := j.h.CloudVar(name)
		for _, a := range c.Assigns {
			if a.Name == name {
				value, known, set = a.Value.Text, a.Value.Static, true
			}
		}
		if !set {
			continue
		}
		if !known || strings.Contains(value, "-destroy") || strings.Contains(value, "$") {
			j.h.Report(finding.DestructiveAction, "tf_cli_args", finding.NonSevere, name+" adds words to "+base+"'s argv (it may say -destroy)", base+" plan -destroy")
			return
		}
	}
}

// cloudScaleAndBatch judges what hides in operands and JSON: heroku
// ps:scale web=0 takes the app down; a Route 53 change batch with "DELETE", a
// DynamoDB batch with DeleteRequest deletes.
func (j judge) cloudScaleAndBatch(inv *registry.Invocation, args []shellparse.Word, full string, ops []shellparse.Word) {
	if verbOf(full, "heroku ps:scale", "heroku scale") != "" && scalesToZero(ops, false) {
		j.h.Report(finding.DestructiveAction, "heroku_scale_zero", finding.NonSevere, full+": scaling a process type to 0 stops every dyno of it", "heroku ps -a APP first")
		return
	}
	if verb := verbOf(full, "fly scale", "flyctl scale"); verb != "" && len(ops) >= 2 && ops[0].Text == "count" && scalesToZero(ops[1:], true) {
		j.h.Report(finding.DestructiveAction, "fly_scale_zero", finding.NonSevere, verb+" count 0 stops every machine of the app", "fly status first")
		return
	}
	j.batchDeletes(inv, args, full)
}

// batchDeletes: a Route 53 change batch with "DELETE", a DynamoDB batch
// with DeleteRequest, or either known only at run time, deletes.
func (j judge) batchDeletes(inv *registry.Invocation, args []shellparse.Word, full string) {
	var opt, word string
	switch {
	case verbOf(full, "aws route53 change-resource-record-sets") != "":
		opt, word = "--change-batch", `"delete"`
	case verbOf(full, "aws dynamodb batch-write-item") != "":
		opt, word = "--request-items", "deleterequest"
	default:
		return
	}
	for _, v := range values(inv, args, opt) {
		t := strings.ToLower(strings.Join(strings.Fields(v.Text), ""))
		if strings.Contains(t, word) || strings.Contains(t, strings.Trim(word, `"`)+"\"") || !v.Static {
			j.h.Report(finding.DestructiveAction, "aws_batch_delete", finding.NonSevere, full+" "+opt+" deletes records or items", "list them first (list-resource-record-sets, scan)")
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

// operands returns the words the invocation read as operands.
func operands(inv *registry.Invocation, args []shellparse.Word) []shellparse.Word {
	out := make([]shellparse.Word, 0, len(inv.Scan.Operands))
	for _, i := range inv.Scan.Operands {
		out = append(out, args[i])
	}
	return out
}

// values returns the values of the named options as words: the next word,
// or the attached value (--sql=TEXT), static when the option's word is and
// the value is known.
func values(inv *registry.Invocation, args []shellparse.Word, names ...string) []shellparse.Word {
	var out []shellparse.Word
	for _, o := range inv.Scan.Values(names...) {
		switch {
		case !o.HasValue:
		case o.ValueAt != o.At:
			out = append(out, args[o.ValueAt])
		default:
			out = append(out, shellparse.Word{Text: o.Value, Static: args[o.At].Static && !o.Dynamic})
		}
	}
	return out
}

// sent returns the local words the verb's declaration says it sends off the
// machine (an upload's sources).
func sent(prog *registry.Program, inv *registry.Invocation, args []shellparse.Word) []shellparse.Word {
	if len(args) == 0 || !prog.HasEffects() {
		return nil
	}
	var out []shellparse.Word
	for _, t := range inv.Effects() {
		if t.Act != registry.Sends || t.At < 0 || t.At >= len(args) {
			continue
		}
		w := args[t.At]
		if t.Attached {
			w = shellparse.Word{Text: t.Value, Static: w.Static && !t.Dynamic, Params: w.Params, Quoted: w.Quoted}
		}
		out = append(out, w)
	}
	return out
}

// sshCommandGiven reports ssh arguments that name a remote command after the
// options (-L 8080:localhost:80 alone forwards a port and runs nothing).
func sshCommandGiven(args []shellparse.Word) bool {
	ssh, ok := registry.Default().Lookup("ssh")
	if !ok {
		return true
	}
	s := ssh.Resolve(shellparse.RegistryWords(args)).Scan
	return s.Unknown || len(s.Operands) > 0
}

// remotePath reports host:path (not a local path that holds a colon after a slash).
func remotePath(t string) bool {
	i := strings.Index(t, ":")
	return i > 0 && !strings.Contains(t[:i], "/")
}
