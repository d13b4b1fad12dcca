// Package places is permgate's knowledge of paths, as data: which files hold
// secrets, which places run code later (shell start-up files, autostart
// folders, launch agents), which directories belong to the system, which
// folders hold an agent's settings, and which variables name such places.
// The validator's judge reads these tables; each entry is exercised by a
// corpus line (validator's TestPlaceTablesExercised). Like finding and
// effect, it depends on nothing else in permgate.
package places

import (
	"github.com/permgate/permgate/internal/lazy"
)

// SystemDirs are the directories whose content belongs to the system.
var SystemDirs = []string{"/etc", "/boot", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/var/lib", "/var/spool/cron", "/sys", "/proc", "/root", "/private/etc", "/private/var/root", "/System", "/Library/LaunchDaemons", "/Library/LaunchAgents"}

// TopDirs are the top-level directories that must not be deleted or moved
// as a whole.
var TopDirs = []string{"/home", "/var", "/opt", "/srv", "/mnt", "/media", "/dev", "/run", "/tmp", "/Users", "/System", "/Library", "/Applications", "/private"}

// StartupFiles are the persistence places under a home directory: files and
// folders whose content runs in every new shell or session (or steers git).
var StartupFiles = []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".bash_aliases", ".profile", ".zshrc", ".zprofile", ".zshenv", ".zlogin", ".zlogout", ".config/fish/config.fish", ".config/fish/conf.d", ".config/fish/functions", ".config/environment.d", ".pam_environment", ".inputrc", ".kshrc", ".cshrc", ".tcshrc", ".gitconfig", ".config/git/config", ".config/autostart", ".config/systemd/user", "Library/LaunchAgents"}

// BlockDevicePrefixes are the device names of disks and their partitions.
var BlockDevicePrefixes = []string{"/dev/sd", "/dev/nvme", "/dev/vd", "/dev/xvd", "/dev/hd", "/dev/mmcblk", "/dev/disk", "/dev/mapper/", "/dev/md", "/dev/dm-", "/dev/loop", "/dev/rdisk", "/dev/sr"}

// ProtectedDirs hold files that run code or hold an agent's settings later.
var ProtectedDirs = []string{".git", ".claude", ".codex", ".gemini", ".vscode", ".idea"}

// SecretNames are file names that hold secrets wherever they are.
var SecretNames = []string{".env", ".envrc", ".netrc", ".pgpass", ".git-credentials", ".npmrc", ".pypirc", ".my.cnf", ".yarnrc.yml",
	".terraformrc", ".databrickscfg", ".vault-token", ".boto", ".s3cfg",
	// wrangler's local secrets, act's, sbt's and ivy's credentials (and
	// a GitHub Actions runner's), mysql_config_editor's logins
	".dev.vars", ".secrets", ".credentials", ".mylogin.cnf",
	// tokens and cookies of other tools: Sentry, Akamai, Gerrit, Perforce,
	// the old docker client; web servers' password hashes
	".sentryclirc", ".edgerc", ".gitcookies", ".p4tickets", ".dockercfg", ".htpasswd"}

// SecretExtensions are the extensions of key stores and certificates with
// their private keys.
var SecretExtensions = []string{".pem", ".key", ".p12", ".pfx", ".kdbx", ".keychain", ".keychain-db", ".jks", ".keystore", ".ppk",
	".p8", ".pkcs12", ".jceks", ".bks", ".keytab"}

// SSHKeys are the names of ssh private keys: suffixed copies (id_rsa_work,
// id_ed25519-github, id_rsa.bak, id_rsa~) are keys too, the public half
// (.pub) is not.
var SSHKeys = []string{"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_xmss", "id_ecdsa_sk", "id_ed25519_sk"}

// KeyNameEnds are the endings of the names people give ssh private keys
// after their type (github_rsa, work-ed25519): a name without an extension
// that ends so is a key wherever it is. (deploy_key and other names are keys
// in a .ssh folder: see SSHPublicNames.)
var KeyNameEnds = []string{"_rsa", "-rsa", "_dsa", "_ecdsa", "-ecdsa", "_ed25519", "-ed25519"}

// SSHPublicNames are the files of an ssh folder that hold no secret: the
// known hosts, the client's settings, the keys allowed in. Every other file
// directly in a .ssh folder is taken for a private key, whatever its name
// (~/.ssh/deploy, ~/.ssh/github); so is none that ends in .pub.
var SSHPublicNames = []string{"known_hosts", "known_hosts.old", "known_hosts2", "config", "authorized_keys", "authorized_keys2", "allowed_signers", "rc"}

// SecretSuffixes are files that hold credentials wherever the home
// directory is (each starts with /: a relative path matches without it).
var SecretSuffixes = []string{"/.aws/credentials", "/.kube/config", "/.docker/config.json", "/etc/shadow", "/etc/gshadow",
	"/.config/gh/hosts.yml", "/.config/hub", "/.config/gcloud/credentials.db", "/.config/gcloud/access_tokens.db",
	"/.config/gcloud/application_default_credentials.json", "/.cargo/credentials", "/.cargo/credentials.toml",
	"/.codex/auth.json", "/.claude/.credentials.json", "/.terraform.d/credentials.tfrc.json",
	"/.gem/credentials", "/.azure/accessTokens.json", "/.azure/msal_token_cache.json",
	"/.config/op/config", "/.config/rclone/rclone.conf",
	"/.fly/config.yml", "/.config/doctl/config.yaml", "/.netlify/config.json", "/.config/netlify/config.json",
	"/.wrangler/config/default.toml", "/.heroku/credentials", "/.gemini/oauth_creds.json", "/.gemini/mcp-oauth-tokens.json", "/.m2/settings.xml",
	"/.config/git/credentials", "/.cache/huggingface/token", "/.cache/huggingface/stored_tokens", "/.huggingface/token",
	"/.kaggle/kaggle.json", "/.config/kaggle/kaggle.json", "/.config/gemini/oauth_creds.json",
	"/.config/glab-cli/config.yml", "/.config/containers/auth.json", "/containers/auth.json", "/.config/pypoetry/auth.toml",
	"/.config/Bitwarden CLI/data.json", "/.config/sops/age/keys.txt", "/.pulumi/credentials.json", "/.snowsql/config",
	"/.config/snowflake/connections.toml", "/.dbt/profiles.yml", "/.local/share/opencode/auth.json", "/.config/hcloud/cli.toml",
	// package managers' and registries' logins: composer, maven's master
	// password, gradle's properties, nuget, bundler, pip, dart, gems, helm
	"/.config/composer/auth.json", "/.composer/auth.json", "/.m2/settings-security.xml", "/.gradle/gradle.properties",
	"/.nuget/NuGet/NuGet.Config", "/.config/NuGet/NuGet.Config", "/.bundle/config", "/.config/pip/pip.conf", "/.pip/pip.conf",
	"/.config/dart/pub-credentials.json", "/.pub-cache/credentials.json", "/.local/share/gem/credentials", "/.config/helm/registry/config.json",
	// cloud and hosting CLIs' tokens
	"/.vercel/auth.json", "/.local/share/com.vercel.cli/auth.json", "/Library/Application Support/com.vercel.cli/auth.json",
	"/.config/linode-cli", "/.supabase/access-token", "/.config/ngrok/ngrok.yml", "/.ngrok2/ngrok.yml", "/Library/Application Support/ngrok/ngrok.yml",
	"/.config/stripe/config.toml", "/.bluemix/config.json", "/.aliyun/config.json", "/.config/scw/config.yaml", "/.vultr-cli.yaml",
	"/.config/openstack/clouds.yaml", "/.config/openstack/secure.yaml", "/.railway/config.json", "/.render/cli.yaml",
	"/.config/configstore/firebase-tools.json", "/.doppler/.doppler.yaml",
	"/.twilio-cli/config.json", "/.mc/config.json", "/.mcli/config.json",
	// clusters' admin configs
	"/.talos/config", "/etc/rancher/k3s/k3s.yaml", "/etc/kubernetes/admin.conf", "/etc/kubernetes/super-admin.conf",
	// CI tools' tokens and runners' registrations
	"/.circleci/cli.yml", "/.travis/config.yml", "/etc/gitlab-runner/config.toml", "/.gitlab-runner/config.toml",
	"/etc/buildkite-agent/buildkite-agent.cfg",
	// the system's passwords: old hashes, backups of the shadow files, the
	// BSDs' and macOS's, dial-up and wifi secrets
	"/etc/security/opasswd", "/etc/shadow-", "/etc/gshadow-", "/etc/master.passwd", "/etc/spwd.db",
	"/etc/ppp/chap-secrets", "/etc/ppp/pap-secrets", "/etc/wpa_supplicant/wpa_supplicant.conf",
	// what was typed at a prompt, passwords and tokens among it
	"/.bash_history", "/.zsh_history", "/.python_history", "/.psql_history", "/.mysql_history",
	"/.node_repl_history", "/.local/share/fish/fish_history"}

// SecretTrees are folders whose every file holds credentials.
var SecretTrees = []string{"/.gnupg", "/.config/gcloud/legacy_credentials", "/.password-store", "/.local/share/keyrings",
	"/.mozilla/firefox", "/.config/google-chrome", "/.config/chromium",
	"/.config/github-copilot", "/.aws/sso/cache", "/.aws/cli/cache", "/.config/BraveSoftware", "/.config/microsoft-edge",
	"/Library/Application Support/Google/Chrome", "/Library/Application Support/Firefox", "/Library/Keychains", "/Library/Cookies",
	"/Library/Containers/com.apple.Safari", "/.var/app/com.google.Chrome", "/.var/app/org.mozilla.firefox", "/.var/app/org.chromium.Chromium",
	"/.oci", "/etc/ssl/private",
	// Cloudflare tunnels' certificate and credentials, Teleport's keys,
	// NetworkManager's connections with their passwords
	"/.cloudflared", "/.tsh", "/etc/NetworkManager/system-connections"}

// SecretDirs are folders that hold credentials among other files: reading
// the whole folder (grep -r, tar, rsync, cp -r) reads them.
var SecretDirs = []string{"/.ssh", "/.aws", "/.kube", "/.docker", "/.config/gh", "/.config/gcloud", "/.azure", "/.gnupg", "/.password-store",
	"/.cargo", "/.cache/huggingface", "/.huggingface", "/.kaggle", "/.config/kaggle"}

// SecretVarParts are the parts of an environment variable's name that say
// it holds a secret; SecretVarSuffixes the endings that do.
var (
	SecretVarParts    = []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "PRIVATE_KEY", "CREDENTIAL", "ACCESS_KEY"}
	SecretVarSuffixes = []string{"_KEY", "_PASS", "_PAT", "_AUTH"}
)

// PlaceVars are the variables that name, whatever their values, the place a
// program keeps its credentials or settings in: each is read as that
// place's default under the home directory (cat "$KUBECONFIG" reads a
// kubeconfig).
var PlaceVars = lazy.Value[map[string]string]{Make: func() map[string]string {
	return map[string]string{
		"KUBECONFIG": "/.kube/config", "CODEX_HOME": "/.codex", "CLAUDE_CONFIG_DIR": "/.claude", "COPILOT_HOME": "/.copilot",
		"GNUPGHOME": "/.gnupg", "AWS_SHARED_CREDENTIALS_FILE": "/.aws/credentials", "DOCKER_CONFIG": "/.docker",
		"GOOGLE_APPLICATION_CREDENTIALS": "/.config/gcloud/application_default_credentials.json",
		"PASSWORD_STORE_DIR":             "/.password-store", "HF_HOME": "/.cache/huggingface", "AZURE_CONFIG_DIR": "/.azure",
		"NPM_CONFIG_USERCONFIG": "/.npmrc", "KAGGLE_CONFIG_DIR": "/.kaggle", "CLOUDSDK_CONFIG": "/.config/gcloud",
		"GH_CONFIG_DIR": "/.config/gh", "CARGO_HOME": "/.cargo",
		"TALOSCONFIG": "/.talos/config", "COMPOSER_HOME": "/.config/composer", "GRADLE_USER_HOME": "/.gradle",
	}
}}
