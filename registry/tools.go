package registry

import "github.com/permgate/permgate/finding"

// tools are everyday programs of many trades whose read verbs people and
// agents run to look at things: media and archives, keys and agents,
// terminals, local VMs and clusters' GitOps tools, code counters, document
// and network inspectors. Their other verbs write, and a destroying one
// asks (destructive_action).
func tools() []*Program {
	return []*Program{
		// Media and documents.
		{Family: "tools", Names: []string{"ffprobe"}, Node: Node{Read: true, Grammar: Grammar{Dash: true, Long: []string{"o=", "report", "i=", "f=", "show_entries=", "select_streams=", "of=", "print_format=", "loglevel=", "v="}},
			Output: []string{"-o"}, Unless: []string{"-report"}}},
		{Family: "tools", Names: []string{"soxi", "mkvinfo", "opusinfo", "ogginfo", "mdcat", "glow", "lsar"}, Node: Node{Read: true}},
		{Family: "tools", Names: []string{"qpdf"}, Node: Node{ReadIf: []string{"--check", "--show-npages", "--json", "--show-encryption", "--is-encrypted", "--requires-password", "--show-pages", "--list-attachments"}}},
		{Family: "tools", Names: []string{"sdiff"}, Node: Node{Read: true, Grammar: Grammar{Short: "o:w:", Long: []string{"output=", "width=", "diff-program="}}, Output: []string{"-o", "--output"},
			Unless: []string{"--diff-program"}}},
		{Family: "tools", Names: []string{"xmlstarlet", "xml"}, Node: Node{Subs: []*Node{
			{Names: []string{"sel", "select", "el", "elements", "val", "validate", "fo", "format", "pyx", "depyx", "c14n", "tr", "transform", "esc", "unesc", "ls"}, Read: true},
			{Names: []string{"ed", "edit"}, Read: true, Grammar: Grammar{Short: "L", Long: []string{"inplace"}}, Unless: []string{"-L", "--inplace"}},
		}}},
		// Archives: listing and testing read; extracting and adding write.
		// 7z's switches are a letter and what is attached to it (-oDIR,
		// -mx=9, -p…): -oDIR is where it unpacks, whatever the verb.
		{Family: "tools", Names: []string{"7z", "7za", "7zr"}, Node: Node{Grammar: sevenZip, Effects: sevenZipOut, Subs: []*Node{
			{Names: []string{"l", "t", "h", "i", "b"}, Read: true, Effects: sevenZipOut},
			// 7z a -sdel ARCHIVE FILES… deletes the files once archived.
			{Names: []string{"a", "u"}, Writes: true, Grammar: Grammar{Words: []string{"sdel"}},
				Effects: append([]Effect{{Act: Writes, Operands: "1"}, {Act: Reads, Operands: "rest"}, {Act: DeletesTree, Operands: "rest", If: []string{"-sdel"}}}, sevenZipOut...)},
			{Names: []string{"d", "e", "x", "rn"}, Writes: true, Effects: sevenZipOut},
		}}},
		{Family: "tools", Names: []string{"unrar"}, Node: Node{Subs: []*Node{
			{Names: []string{"l", "lt", "lb", "v", "vt", "vb", "t", "p"}, Read: true},
			{Names: []string{"e", "x"}, Writes: true},
		}}},
		// Keys and agents: listing reads; everything else changes the keyring
		// or the agent.
		{Family: "tools", Names: []string{"gpg", "gpg2"}, Node: Node{
			Grammar: Grammar{Short: "o:u:r:", Long: []string{"output=", "local-user=", "recipient=", "homedir=", "keyring=", "keyserver="}},
			ReadIf:  []string{"--list-keys", "-k", "--list-public-keys", "--list-secret-keys", "-K", "--fingerprint", "--list-sigs", "--check-sigs", "--verify", "--list-packets", "--list-config", "--card-status"},
			Output:  []string{"-o", "--output"},
			Rules: []Rule{{ID: "secret_access.gpg_export_secret", Kind: "secret_access", Severity: 1, If: []string{"--export-secret-keys", "--export-secret-subkeys", "--export-ssh-key"},
				Reason: "gpg prints private keys"}}}},
		{Family: "tools", Names: []string{"ssh-add"}, Node: Node{ReadIf: []string{"-l", "-L", "-T"}}},
		// The password stores' readers print what they keep.
		{Family: "tools", Names: []string{"security"}, Node: Node{Subs: []*Node{
			{Names: []string{"find-generic-password", "find-internet-password", "find-certificate", "find-identity"}, Read: true,
				Grammar: Grammar{Short: "a:s:c:C:D:j:l:r:t:"},
				Rules:   []Rule{{ID: "secret_access.keychain_password", Kind: "secret_access", Severity: 1, If: []string{"-w", "-g"}, Reason: "security prints a password from the keychain"}}},
			{Names: []string{"dump-keychain", "export"}, Rules: []Rule{{ID: "secret_access.keychain_dump", Kind: "secret_access", Severity: 1, Reason: "security dumps the keychain's secrets"}}},
			{Names: []string{"list-keychains", "default-keychain", "show-keychain-info"}, Read: true},
		}}},
		{Family: "tools", Names: []string{"secret-tool"}, Node: Node{Subs: []*Node{
			{Names: []string{"lookup", "search"}, Rules: []Rule{{ID: "secret_access.secret_service", Kind: "secret_access", Severity: 1, Reason: "secret-tool prints secrets from the keyring"}}},
			{Names: []string{"store", "clear", "lock"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"pass", "gopass"}, Node: Node{Subs: []*Node{
			{Names: []string{"ls", "list", "find", "search", "version", "help"}, Read: true},
			{Names: []string{"insert", "add", "edit", "generate", "rm", "mv", "cp", "init", "git"}, Writes: true},
			{Names: []string{"show", "cat", "otp", "grep", "*"}, Rules: []Rule{{ID: "secret_access.password_store", Kind: "secret_access", Severity: 1, Reason: "pass prints a password from the store"}}},
		}}},
		// Terminal multiplexers: listing reads; send-keys and the like are judged
		// by the validator (they type into another shell).
		{Family: "tools", Names: []string{"tmux"}, Check: "terminal", Node: Node{Grammar: Grammar{Short: "L:S:f:c:T:"}, Subs: []*Node{
			// tmux set-environment [-t SESSION] NAME VALUE: every process the
			// session starts later inherits it.
			{Names: []string{"set-environment", "setenv"}, Writes: true, Grammar: Grammar{Short: "t:"}, Effects: []Effect{{Act: SetsEnv, Operands: "1"}}},
			{Names: []string{"ls", "list-sessions", "list-windows", "lsw", "list-panes", "lsp", "list-clients", "lsc", "list-buffers", "lsb", "list-keys", "lsk", "list-commands", "lscm",
				"show-options", "show", "show-window-options", "showw", "show-environment", "showenv", "has-session", "has", "display-message", "display", "info", "server-info", "show-messages", "showmsgs"}, Read: true},
		}}},
		// screen -X CMD ARGS sends its operands to a running session as a
		// command (stuff types ARGS there); screen -L -Logfile FILE logs the
		// session into FILE; -c FILE reads another screenrc.
		{Family: "tools", Names: []string{"screen"}, Check: "terminal", Node: Node{Grammar: Grammar{Words: []string{"ls", "list", "Logfile="}, Short: "S:p:c:e:h:s:t:T:"}, ReadIf: []string{"-ls", "-list"},
			Effects: []Effect{{Act: Writes, Opts: []string{"-Logfile"}}}}},
		// Local VMs and clusters.
		{Family: "tools", Names: []string{"vagrant"}, Node: Node{Subs: []*Node{
			{Names: []string{"status", "global-status", "ssh-config", "port", "version", "validate", "--version", "help"}, Read: true},
			{Names: []string{"box"}, Subs: []*Node{{Names: []string{"list", "outdated"}, Read: true}, {Names: []string{"add", "update", "repackage"}, Writes: true}}},
			{Names: []string{"destroy"}, Rules: []Rule{{ID: "destructive_action.vagrant_destroy", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
				Reason: "vagrant destroy deletes the machine and everything on its disks", Safer: "vagrant halt stops it and keeps its disks"}}},
			{Names: []string{"up", "halt", "reload", "provision", "ssh", "suspend", "resume", "package", "snapshot", "plugin", "init", "rsync", "upload"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"VBoxManage", "vboxmanage"}, Node: Node{Subs: []*Node{
			{Names: []string{"list", "showvminfo", "showmediuminfo", "guestproperty", "--version", "-v", "metrics"}, Read: true},
			{Names: []string{"unregistervm"}, Rules: []Rule{{ID: "destructive_action.vbox_unregister_delete", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
				If: []string{"--delete", "--delete-all"}, Reason: "VBoxManage unregistervm --delete deletes the machine's disks"}}, Writes: true},
			{Names: []string{"*"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"multipass"}, Node: Node{Subs: []*Node{
			{Names: []string{"list", "ls", "info", "version", "find", "networks", "get", "aliases", "help"}, Read: true},
			{Names: []string{"launch", "start", "stop", "restart", "suspend", "shell", "exec", "mount", "umount", "transfer", "set", "alias", "unalias", "recover", "snapshot", "restore", "clone"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"k3d"}, Node: Node{Subs: []*Node{
			{Names: []string{"version", "help"}, Read: true},
			{Names: []string{"cluster", "node", "registry", "image", "kubeconfig"}, Subs: []*Node{
				{Names: []string{"list", "ls", "get"}, Read: true},
				{Names: []string{"create", "start", "stop", "edit", "import", "merge", "write"}, Writes: true},
			}},
		}}},
		// GitOps, meshes and backups on a cluster.
		{Family: "tools", Names: []string{"argocd"}, Node: Node{Grammar: Grammar{Long: []string{"server=", "auth-token=", "grpc-web", "insecure", "plaintext", "config="}}, Subs: []*Node{
			{Names: []string{"version", "context", "help"}, Read: true},
			{Names: []string{"app", "cluster", "proj", "repo", "account", "appset", "cert", "gpg", "repocreds"}, Subs: []*Node{
				{Names: []string{"list", "get", "diff", "history", "manifests", "resources", "logs", "get-user-info", "can-i", "wait"}, Read: true},
				{Names: []string{"sync", "set", "create", "edit", "patch", "rollback", "unset", "add", "update-password", "terminate-op"}, Writes: true},
			}},
		}}},
		{Family: "tools", Names: []string{"flux"}, Node: Node{Grammar: Grammar{Short: "n:", Long: []string{"namespace=", "context=", "kubeconfig="}}, Subs: []*Node{
			{Names: []string{"get", "check", "version", "logs", "tree", "stats", "events", "diff", "trace", "help"}, Read: true},
			{Names: []string{"reconcile", "suspend", "resume", "create", "bootstrap", "install", "push", "build", "export", "tag", "pull"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"velero"}, Node: Node{Grammar: Grammar{Short: "n:", Long: []string{"namespace=", "kubecontext=", "kubeconfig="}}, Subs: []*Node{
			{Names: []string{"get", "describe", "version", "help"}, Read: true},
			{Names: []string{"backup", "restore", "schedule", "backup-location", "snapshot-location", "plugin", "repo"}, Subs: []*Node{
				{Names: []string{"get", "describe", "logs"}, Read: true},
				{Names: []string{"create", "add", "set", "download"}, Writes: true},
			}},
			{Names: []string{"install", "create"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"istioctl"}, Node: Node{Subs: []*Node{
			{Names: []string{"proxy-status", "ps", "proxy-config", "pc", "analyze", "version", "verify-install", "bug-report", "help"}, Read: true},
			{Names: []string{"x", "experimental"}, Subs: []*Node{{Names: []string{"describe", "precheck", "authz", "wait"}, Read: true}}},
			{Names: []string{"install", "upgrade", "manifest", "kube-inject", "dashboard", "admin", "tag", "waypoint"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"kustomize"}, Node: Node{Subs: []*Node{
			{Names: []string{"build"}, Read: true, Grammar: Grammar{Short: "o:", Long: []string{"output=", "enable-alpha-plugins", "enable-exec", "enable-helm", "load-restrictor="}},
				Output: []string{"-o", "--output"}, Unless: []string{"--enable-alpha-plugins", "--enable-exec", "--enable-helm"}},
			{Names: []string{"version", "help", "cfg"}, Read: true},
			{Names: []string{"edit", "create", "fn", "localize"}, Writes: true},
		}}},
		{Family: "tools", Names: []string{"skaffold"}, Node: Node{Subs: []*Node{
			{Names: []string{"diagnose", "version", "inspect", "schema", "help"}, Read: true},
			{Names: []string{"config"}, Subs: []*Node{{Names: []string{"list"}, Read: true}, {Names: []string{"set", "unset"}, Writes: true}}},
			{Names: []string{"build", "run", "dev", "debug", "deploy", "render", "apply", "init", "test", "verify", "fix", "exec"}, Writes: true},
		}}},
		// Code counters.
		{Family: "tools", Names: []string{"cloc"}, Node: Node{Read: true, Grammar: Grammar{Long: []string{"out=", "report-file=", "sql=", "exclude-dir=", "include-lang=", "exclude-lang=", "match-f=", "not-match-f=", "force-lang=", "read-lang-def=", "force-lang-def="}},
			Output: []string{"--out", "--report-file", "--sql"}}},
		{Family: "tools", Names: []string{"scc"}, Node: Node{Read: true, Grammar: Grammar{Short: "f:s:M:", Long: []string{"format=", "sort=", "output=", "exclude-dir=", "include-ext=", "not-match="}},
			Output: []string{"--output"}}},
		// System and network inspection.
		{Family: "tools", Names: []string{"lshw", "lastb", "iftop", "nethogs", "bmon", "nload", "iotop"}, Node: Node{Read: true}},
		{Family: "tools", Names: []string{"upower"}, Node: Node{Read: true, Unless: []string{"--monitor-detail-unsafe"}}},
		{Family: "tools", Names: []string{"systemd-analyze"}, Node: Node{Subs: []*Node{
			{Names: []string{"time", "blame", "critical-chain", "plot", "dot", "dump", "verify", "security", "calendar", "timespan", "timestamp", "condition", "unit-paths", "unit-files", "cat-config", "syscall-filter", "filesystems", "exit-status", "capability", "architectures", "smbios11", "image-policy", "pcrs", "srk", "fdstore", "malloc", "has-tpm2", "inspect-elf"}, Read: true},
			{Names: []string{"log-level", "log-target", "service-watchdogs"}, Bare: true},
		}}},
		{Family: "tools", Names: []string{"faillock"}, Node: Node{Read: true, Grammar: Grammar{Long: []string{"user=", "dir="}}, Unless: []string{"--reset"}}},
		{Family: "tools", Names: []string{"pidstat", "sar", "atop"}, Node: Node{Read: true, Grammar: Grammar{Short: "o:w:r:"}, Output: []string{"-o", "-w"}}},
		{Family: "tools", Names: []string{"ethtool"}, Node: Node{Read: true,
			Unless: []string{"-s", "--change", "-K", "--features", "--offload", "-A", "--pause", "-C", "--coalesce", "-G", "--set-ring", "-L", "--set-channels", "-E", "--change-eeprom", "-f", "--flash", "-r", "--negotiate", "-p", "--identify", "-W", "--set-dump", "-X", "--set-rxfh-indir", "-U", "--config-ntuple", "-N", "--config-nfc", "--set-eee", "--set-phy-tunable", "--reset", "--set-fec", "--set-priv-flags", "--set-module"}}},
		{Family: "tools", Names: []string{"tcpdump"}, Node: Node{Read: true, Grammar: Grammar{Short: "w:r:C:G:W:z:Z:i:c:s:E:F:M:T:y:B:j:V:"},
			Output: []string{"-w"},
			Rules: []Rule{{ID: "inline_code.tcpdump_postrotate", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"-z"},
				Reason: "tcpdump -z runs the command it is given on every file it rotates"}}}},
		{Family: "tools", Names: []string{"tshark"}, Node: Node{Read: true, Grammar: Grammar{Short: "w:r:i:c:f:Y:T:e:E:o:b:a:X:"},
			Output: []string{"-w"}, Unless: []string{"-X"}}},
		{Family: "tools", Names: []string{"luarocks"}, Node: Node{Subs: []*Node{
			{Names: []string{"list", "show", "search", "path", "config", "doc", "which", "lint", "help", "--version"}, Read: true},
			{Names: []string{"install", "make", "build", "pack", "upload", "init", "new_version", "write_rockspec", "download", "unpack", "test"}, Writes: true},
		}}},
	}
}

// sevenZip is 7z's grammar: every switch is a letter with its value attached.
var sevenZip = Grammar{Short: "a::b::i::m::o::p::r::s::t::u::v::w::x::y"}

// sevenZipOut: 7z -oDIR puts what it unpacks into DIR.
var sevenZipOut = []Effect{{Act: Writes, Opts: []string{"-o"}, Into: true}}
