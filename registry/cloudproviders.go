package registry

import "github.com/permgate/permgate/finding"

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
			"get-work-unit-results", "get-tile", "get-glyphs", "get-sprites", "get-style-descriptor", "get-static-map", "get-screenshot"}, Writes: true,
			Grammar: Grammar{Long: []string{"bucket=", "key=", "range=", "version-id=", "part-number=", "if-match=", "if-none-match=", "if-modified-since=",
				"if-unmodified-since=", "sse-customer-algorithm=", "sse-customer-key=", "sse-customer-key-md5=", "request-payer=", "expected-bucket-owner=", "checksum-mode="}},
			Effects: []Effect{{Act: Writes, Operands: "last"}}},
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
		// s3api put-object --body FILE uploads FILE; lambda invoke writes
		// its outfile operand; the data APIs run the SQL in --sql; a Route
		// 53 change batch and a DynamoDB batch may delete (judged in
		// judge/cloud).
		{Names: []string{"s3api"}, Subs: awsOps(
			&Node{Names: []string{"put-object", "upload-part"}, Writes: true, Grammar: Grammar{Long: []string{"body=", "bucket=", "key=", "upload-id=", "part-number=",
				"content-type=", "acl=", "metadata=", "storage-class=", "checksum-algorithm=", "expected-bucket-owner="}},
				Effects: []Effect{{Act: Sends, Opts: []string{"--body"}}}},
		)},
		{Names: []string{"lambda"}, Subs: awsOps(
			&Node{Names: []string{"invoke"}, Writes: true, Grammar: Grammar{Long: []string{"function-name=", "payload=", "invocation-type=", "log-type=",
				"client-context=", "qualifier=", "cli-binary-format="}}, Effects: []Effect{{Act: Writes, Operands: "last"}}},
		)},
		{Names: []string{"rds-data", "redshift-data"}, Subs: awsOps(
			&Node{Names: []string{"execute-statement", "batch-execute-statement"}, Writes: true, Grammar: Grammar{Long: []string{"sql=", "sqls=", "resource-arn=",
				"secret-arn=", "database=", "schema=", "parameters=", "parameter-sets=", "transaction-id=", "cluster-identifier=", "db-user=",
				"workgroup-name=", "statement-name=", "session-id=", "session-keep-alive-seconds=", "client-token="}}},
		)},
		{Names: []string{"athena"}, Subs: awsOps(
			&Node{Names: []string{"start-query-execution"}, Writes: true, Grammar: Grammar{Long: []string{"query-string=", "work-group=", "query-execution-context=",
				"result-configuration=", "client-request-token=", "execution-parameters=", "result-reuse-configuration="}}},
		)},
		{Names: []string{"route53"}, Subs: awsOps(
			&Node{Names: []string{"change-resource-record-sets"}, Writes: true, Grammar: Grammar{Long: []string{"change-batch=", "hosted-zone-id="}}},
		)},
		{Names: []string{"dynamodb"}, Subs: awsOps(
			&Node{Names: []string{"batch-write-item"}, Writes: true, Grammar: Grammar{Long: []string{"request-items=", "return-consumed-capacity=", "return-item-collection-metrics="}}},
		)},
		{Names: []string{"configure"}, Subs: []*Node{
			{Names: []string{"list", "list-profiles", "help"}, Read: true},
			// aws configure get aws_secret_access_key prints a stored key: judged in judge/cloud.
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
					Grammar: Grammar{Long: []string{"out-file="}}, Output: []string{"--out-file"},
					Rules: []Rule{secret("gcloud_credentials", "the command prints a secret's value or a credential")}},
				{Names: []string{"execute-sql", "cli"}, Writes: true, Grammar: Grammar{Long: []string{"sql=", "instance=", "database=", "query-mode=", "timeout="}}},
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
				// az storage blob|file upload[-batch] sends --file or --source;
				// download writes --file (--dest for a file share's).
				{Names: []string{"upload", "upload-batch"}, Writes: true, Grammar: azStorageGrammar, Effects: []Effect{{Act: Sends, Opts: []string{"--file", "-f", "--source", "-s"}}}},
				{Names: []string{"download"}, Writes: true, Grammar: azStorageGrammar, Effects: []Effect{{Act: Writes, Opts: []string{"--file", "-f", "--dest"}}}},
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

// azStorageGrammar are the options of az storage's uploads and downloads.
var azStorageGrammar = Grammar{Short: "f:s:c:n:d:", Long: []string{"file=", "source=", "container-name=", "name=", "destination=", "dest=", "share-name=",
	"path=", "account-name=", "account-key=", "connection-string=", "sas-token=", "pattern=", "content-type=", "type=", "tier=", "auth-mode=",
	"overwrite=?", "max-connections=", "destination-path="}}
