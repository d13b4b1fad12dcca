package registry

import "github.com/permgate/permgate/finding"

// containers are the container engines (docker, podman, nerdctl, buildah,
// crictl), compose, the Kubernetes clients (kubectl and the programs that
// carry it: oc, kubecolor, k3s, microk8s, minikube), helm, kind, k9s,
// kubectx/kubens and the registry tools (skopeo, crane).
//
// What the declarations cannot say is Go code in judge/containers, the
// container check: privileged containers and host mounts in every spelling,
// a command run inside a container (exec), docker cp's host destination,
// kubectl patch to zero replicas and secrets printed by kubectl get. It reads
// what a container is given with EngineOptions.
//
// A command run inside a container or a pod (docker exec CTR CMD, kubectl exec
// POD -- CMD, docker run IMAGE CMD) is not a host command: it is never
// unwrapped.
func containers() []*Program {
	return []*Program{
		{Family: "containers", Names: []string{"docker", "podman", "podman-remote", "nerdctl"}, Check: "container", Node: dockerNode()},
		{Family: "containers", Names: []string{"docker-compose", "podman-compose"}, Check: "container", Node: composeNode(true)},
		{Family: "containers", Names: []string{"buildah"}, Check: "container", Node: buildahNode()},
		{Family: "containers", Names: []string{"crictl"}, Check: "container", Node: crictlNode()},
		{Family: "containers", Names: []string{"ctr"}, Check: "container", Node: Node{Bare: true, Grammar: Grammar{Short: "a:n:", Long: []string{"address=", "namespace=", "timeout=", "connect-timeout=", "debug"}, Exact: true}, Subs: []*Node{
			ctrRead("version", "info", "plugins", "plugin", "help", "h"),
			// ctr asks nothing and checks no use: images, content and
			// snapshots it removes are gone, even those the node's pods run.
			ctrObjects([]string{"images", "image", "i"}, ctrDestroy("destructive_action.ctr_image_rm", "ctr images rm deletes the images at once, even those containers or the node's pods use",
				"ctr images ls first; crictl rmi refuses images in use", "rm", "remove", "del", "delete")),
			ctrObjects([]string{"content", "snapshots", "snapshot"}, ctrDestroy("destructive_action.ctr_data_rm", "ctr content|snapshots rm deletes the blobs or file system layers, even those images and containers use",
				"", "rm", "remove", "del", "delete")),
			ctrObjects([]string{"tasks", "task", "t"}, ctrDestroyIf("destructive_action.ctr_task_rm_force", "ctr tasks rm --force kills the running task and deletes it", "ctr tasks kill -s SIGTERM first",
				Grammar{Short: "f", Long: []string{"force", "exec-id="}}, []string{"-f", "--force"}, "rm", "remove", "del", "delete")),
			ctrObjects([]string{"containers", "container", "c", "namespaces", "namespace", "ns", "leases", "events", "sandboxes", "sb"}, ctrWrites("rm", "remove", "del", "delete")),
			{Names: []string{"run"}, Writes: true, Grammar: Grammar{Posix: true}},
			ctrWrites("oci", "install", "shim", "deprecations", "pprof"),
		}}},
		{Family: "containers", Names: []string{"colima", "limactl", "lima", "orbctl", "orb"}, Node: Node{Bare: true, Subs: []*Node{
			ctrRead("status", "list", "ls", "version", "ssh-config", "info", "show-ssh", "help", "completion", "validate"),
			ctrWrites("start", "stop", "restart", "ssh", "shell", "kubernetes", "nerdctl", "template", "edit", "create", "clone", "copy", "cp", "config", "update", "run", "docker", "default", "factory-reset-confirm"),
			ctrDestroy("destructive_action.vm_delete", "delete removes the virtual machine with every container, image and volume in it", "stop keeps it", "delete", "rm", "remove"),
			ctrDestroy("destructive_action.vm_prune", "prune deletes cached images and disks", "", "prune"),
			ctrDestroy("destructive_action.vm_reset", "reset deletes the machine's containers, images and volumes", "", "reset", "factory-reset"),
		}}},
		{Family: "containers", Names: []string{"docker-credential-desktop", "docker-credential-osxkeychain", "docker-credential-secretservice", "docker-credential-pass", "docker-credential-wincred", "docker-credential-ecr-login", "docker-credential-gcloud", "docker-credential-gcr", "docker-credential-acr-env"},
			Node: Node{Subs: []*Node{
				{Names: []string{"get"}, Read: true, Rules: []Rule{{ID: "secret_access.docker_credential_get", Kind: finding.SecretAccess, Severity: finding.NonSevere,
					Reason: "a docker credential helper's get prints the registry password or token it holds"}}},
				ctrRead("list", "version", "--version", "-v", "help"),
				ctrWrites("store", "erase", "configure-docker"),
			}}},
		{Family: "containers", Names: []string{"kubectl", "kubecolor", "microk8s.kubectl"}, Check: "container", Node: kubectlNode()},
		{Family: "containers", Names: []string{"oc"}, Check: "container", Node: kubectlNode(ocNodes()...)},
		{Family: "containers", Names: []string{"k3s"}, Check: "container", Node: Node{Grammar: Grammar{Long: []string{"debug", "data-dir="}, Short: "d:", Exact: true}, Bare: true, Subs: []*Node{
			ctrSub("kubectl", func() Node { return kubectlNode() }),
			{Names: []string{"check-config", "help"}, Read: true},
			{Names: []string{"server", "agent", "crictl", "ctr", "certificate", "token", "secrets-encrypt", "completion"}, Writes: true},
			{Names: []string{"etcd-snapshot"}, Subs: []*Node{
				{Names: []string{"ls", "list", "l"}, Read: true},
				{Names: []string{"save"}, Writes: true},
				ctrDestroy("destructive_action.k3s_etcd_snapshot_delete", "k3s etcd-snapshot delete|prune removes the cluster's etcd backups", "", "delete", "prune"),
			}},
		}}},
		{Family: "containers", Names: []string{"k3s-uninstall.sh", "k3s-agent-uninstall.sh", "k3s-killall.sh", "rke2-uninstall.sh", "rke2-killall.sh"}, Node: Node{Rules: []Rule{{
			ID: "destructive_action.k3s_uninstall", Kind: finding.DestructiveAction, Severity: finding.NonSevere,
			Reason: "the k3s/rke2 uninstall and killall scripts stop every pod and remove the cluster and its data from this machine"}}}},
		{Family: "containers", Names: []string{"microk8s"}, Check: "container", Node: Node{Bare: true, Subs: []*Node{
			ctrSub("kubectl", func() Node { return kubectlNode() }),
			ctrSub("helm", helmNode),
			ctrSub("helm3", helmNode),
			{Names: []string{"status", "version", "--version", "help", "config", "images"}, Read: true},
			{Names: []string{"start", "stop", "enable", "disable", "join", "add-node", "ctr", "inspect", "refresh-certs", "dashboard-proxy", "addons", "leave"}, Writes: true},
			ctrDestroy("destructive_action.microk8s_reset", "microk8s reset removes every workload, volume and add-on from the cluster", "", "reset"),
			ctrDestroy("destructive_action.microk8s_remove_node", "microk8s remove-node takes a node out of the cluster and drops its pods", "", "remove-node"),
		}}},
		{Family: "containers", Names: []string{"helm", "helm3"}, Node: helmNode()},
		{Family: "containers", Names: []string{"kind"}, Node: Node{Bare: true, Grammar: Grammar{Short: "v:q", Long: []string{"verbosity=", "quiet", "loglevel="}, Exact: true}, Subs: []*Node{
			{Names: []string{"get"}, Read: true, Grammar: Grammar{Long: []string{"name=", "internal"}}},
			{Names: []string{"version", "completion", "help"}, Read: true},
			{Names: []string{"create", "load", "build"}, Writes: true},
			{Names: []string{"export"}, Writes: true, Grammar: Grammar{Long: []string{"name=", "kubeconfig="}}, Output: []string{"--kubeconfig"}},
			ctrDestroy("destructive_action.kind_delete", "kind delete removes the cluster with every workload and volume in it", "", "delete"),
		}}},
		{Family: "containers", Names: []string{"minikube"}, Check: "container", Node: Node{Bare: true, Grammar: Grammar{Short: "p:", Long: []string{"profile=", "alsologtostderr", "logtostderr", "v=", "log_dir=", "log_file=", "user=", "skip-audit", "rootless", "bootstrapper=", "interactive"}, Exact: true},
			Output: []string{"--log_file"}, Subs: []*Node{
				{Names: []string{"status", "version", "ip", "update-check", "docker-env", "podman-env", "ssh-host", "ssh-key", "completion", "help", "options"}, Read: true},
				{Names: []string{"logs"}, Read: true, Grammar: Grammar{Long: []string{"file="}}, Output: []string{"--file"}},
				{Names: []string{"profile"}, Bare: true, Writes: true, Subs: []*Node{{Names: []string{"list"}, Read: true}}},
				{Names: []string{"service"}, Writes: true, Subs: []*Node{{Names: []string{"list"}, Read: true}}},
				{Names: []string{"addons"}, Subs: []*Node{{Names: []string{"list", "images"}, Read: true}, {Names: []string{"enable", "disable", "configure", "open"}, Writes: true}}},
				{Names: []string{"config"}, Subs: []*Node{{Names: []string{"view", "get", "defaults"}, Read: true}, {Names: []string{"set", "unset"}, Writes: true}}},
				{Names: []string{"image"}, Subs: []*Node{{Names: []string{"ls", "list"}, Read: true}, {Names: []string{"load", "build", "pull", "push", "tag", "save", "rm", "remove"}, Writes: true}}},
				{Names: []string{"node"}, Subs: []*Node{{Names: []string{"list"}, Read: true}, {Names: []string{"add", "start", "stop"}, Writes: true},
					ctrDestroy("destructive_action.minikube_node_delete", "minikube node delete removes a node and the pods on it", "", "delete")}},
				{Names: []string{"start", "stop", "pause", "unpause", "dashboard", "tunnel", "cp", "cache", "mount", "kubectl", "ssh", "update-context", "license"}, Writes: true,
					Grammar: Grammar{Long: []string{"mount-string=", "driver=", "cpus=", "memory=", "kubernetes-version=", "container-runtime=", "node=", "native-ssh"}, Short: "n:"}},
				ctrDestroy("destructive_action.minikube_delete", "minikube delete removes the cluster's virtual machine with every workload and volume in it", "minikube stop keeps the cluster", "delete"),
			}}},
		{Family: "containers", Names: []string{"k9s"}, Node: Node{Writes: true, ReadIf: []string{"--readonly"}, Unless: []string{"--write"},
			Grammar: Grammar{Short: "n:c:l:A", Long: []string{"namespace=", "context=", "cluster=", "user=", "kubeconfig=", "command=", "logLevel=", "logFile=", "readonly", "write", "headless", "logoless", "crumbsless", "splashless", "all-namespaces", "refresh=", "screen-dump-dir="}, Exact: true},
			Subs:    []*Node{{Names: []string{"version", "info", "help", "completion"}, Read: true}}}},
		{Family: "containers", Names: []string{"kubectx", "kubens", "kubectl-ctx", "kubectl-ns"}, Node: Node{Bare: true, Writes: true, ReadIf: []string{"-c", "--current"},
			Grammar: Grammar{Short: "cdu", Long: []string{"current", "unset", "help"}}}},
		{Family: "containers", Names: []string{"skopeo"}, Node: Node{Bare: true, Grammar: Grammar{Long: []string{"policy=", "registries.d=", "override-arch=", "override-os=", "override-variant=", "tmpdir=", "command-timeout=", "registries-conf=", "insecure-policy", "debug"}, Exact: true},
			Subs: []*Node{
				{Names: []string{"inspect", "list-tags", "manifest-digest", "standalone-verify", "help"}, Read: true},
				{Names: []string{"copy", "sync", "login", "logout", "standalone-sign", "generate-sigstore-key"}, Writes: true},
				ctrDestroy("destructive_action.skopeo_delete", "skopeo delete removes an image from its registry for everyone who pulls it", "skopeo inspect IMAGE first", "delete"),
			}}},
		{Family: "containers", Names: []string{"crane", "gcrane"}, Node: Node{Bare: true, Grammar: Grammar{Long: []string{"platform=", "insecure", "verbose", "allow-nondistributable-artifacts"}, Short: "v", Exact: true},
			Subs: []*Node{
				{Names: []string{"digest", "manifest", "config", "ls", "catalog", "validate", "blob", "version", "help", "completion"}, Read: true},
				{Names: []string{"auth"}, Subs: []*Node{
					{Names: []string{"get", "token"}, Read: true, Rules: []Rule{{ID: "secret_access.crane_auth", Kind: finding.SecretAccess, Severity: finding.NonSevere,
						Reason: "crane auth get|token prints the registry credentials the credential helpers hold"}}},
					{Names: []string{"login", "logout"}, Writes: true},
				}},
				{Names: []string{"export", "pull", "push", "copy", "cp", "append", "mutate", "rebase", "tag", "flatten", "index"}, Writes: true},
				ctrDestroy("destructive_action.crane_delete", "crane delete removes an image from its registry for everyone who pulls it", "crane digest IMAGE first", "delete"),
			}}},
	}
}

// ctrSub names a subcommand that carries a whole program's node (k3s kubectl,
// microk8s helm).
func ctrSub(name string, build func() Node) *Node {
	n := build()
	n.Names = []string{name}
	return &n
}

// ctrRead, ctrWrites and ctrDestroy make the family's plain nodes.
func ctrRead(names ...string) *Node   { return &Node{Names: names, Read: true} }
func ctrWrites(names ...string) *Node { return &Node{Names: names, Writes: true} }

// ctrObjects is one of ctr's kinds of objects: what it lists reads, what it
// changes writes, and rm is the node given.
func ctrObjects(names []string, rm *Node) *Node {
	return &Node{Names: names, Subs: []*Node{
		ctrRead("ls", "list", "info", "check", "usage", "tree", "ps", "metrics", "get"),
		ctrWrites("pull", "push", "import", "export", "tag", "mount", "unmount", "convert", "label", "create", "start", "pause", "resume", "kill", "exec", "attach", "checkpoint", "restore", "update", "prepare", "commit", "view", "fetch", "ingest", "edit", "set-labels"),
		ctrDestroy("destructive_action.ctr_prune", "ctr content|snapshots prune deletes the data nothing references any more", "", "prune"),
		rm,
	}}
}

// ctrAsks is a verb that only asks about another: its first operand names
// a verb (kubectl auth can-i delete pods), not a subcommand, and is never
// run.
func ctrAsks(names ...string) *Node {
	return &Node{Names: names, Read: true, Subs: []*Node{{Names: []string{"*"}, Read: true}}}
}

// kubeDryRun are the options with which kubectl and helm only show what a
// verb would do: --dry-run=client|server, and --dry-run alone (client).
var kubeDryRun = []string{"--dry-run=client", "--dry-run=server", "--dry-run="}

// dryRunnable gives a destroying verb its grammar and lets --dry-run keep
// its rules from firing (kubectl delete --dry-run=client deletes nothing).
func dryRunnable(n *Node, g Grammar) *Node {
	n.Grammar = g
	for i := range n.Rules {
		n.Rules[i].Except = kubeDryRun
	}
	return n
}

// ctrDestroy is a verb that always destroys something outside the file
// system: destructive_action, which asks even in auto mode.
func ctrDestroy(id, reason, safer string, names ...string) *Node {
	return &Node{Names: names, Rules: []Rule{{ID: id, Kind: finding.DestructiveAction, Severity: finding.NonSevere, Reason: reason, Safer: safer}}}
}

// ctrDestroyIf is a verb that destroys when one of the options is given.
func ctrDestroyIf(id, reason, safer string, g Grammar, opts []string, names ...string) *Node {
	return &Node{Names: names, Grammar: g, Writes: true, Rules: []Rule{{ID: id, Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: opts, Reason: reason, Safer: safer}}}
}

// ctrGlobals are docker's, podman's and nerdctl's global options (before the
// verb): the union, so a verb is found whichever engine is run.
var ctrGlobals = Grammar{Exact: true, Short: "c:H:l:Dn:a:r",
	Long: []string{"config=", "context=", "host=", "log-level=", "debug", "tls", "tlscacert=", "tlscert=", "tlskey=", "tlsverify",
		// podman
		"connection=", "url=", "identity=", "root=", "runroot=", "storage-driver=", "storage-opt=", "cgroup-manager=", "events-backend=", "hooks-dir=",
		"network-cmd-path=", "network-config-dir=", "runtime=", "runtime-flag=", "tmpdir=", "remote", "ssh=", "syslog", "transient-store", "volumepath=",
		"imagestore=", "conmon=", "module=", "out=", "noout", "cdi-spec-dir=", "db-backend=", "registries-conf=",
		// nerdctl
		"namespace=", "address=", "snapshotter=", "cni-path=", "cni-netconfpath=", "data-root=", "insecure-registry", "hosts-dir=", "experimental",
		"host-gateway-ip=", "debug-full", "bridge-ip=", "kube-hide-dupe"}}

// ctrRunGrammar is what docker|podman|nerdctl run and create take: the
// options end at the image (what follows runs inside the container).
var ctrRunGrammar = Grammar{Posix: true, Exact: true, Short: "a:c:de:h:il:m:p:Pqtu:v:w:",
	Long: []string{"add-host=", "annotation=", "attach=", "blkio-weight=", "cap-add=", "cap-drop=", "cgroup-parent=", "cgroupns=", "cidfile=",
		"cpu-period=", "cpu-quota=", "cpu-shares=", "cpus=", "cpuset-cpus=", "cpuset-mems=", "detach", "detach-keys=", "device=", "device-cgroup-rule=",
		"dns=", "dns-option=", "dns-search=", "domainname=", "entrypoint=", "env=", "env-file=", "expose=", "gpus=", "group-add=", "hostname=", "init",
		"interactive", "ip=", "ip6=", "ipc=", "isolation=", "label=", "label-file=", "link=", "log-driver=", "log-opt=", "mac-address=", "memory=",
		"memory-swap=", "mount=", "name=", "network=", "net=", "network-alias=", "no-healthcheck", "oom-kill-disable", "oom-score-adj=", "pid=",
		"pids-limit=", "platform=", "privileged", "publish=", "publish-all", "pull=", "quiet", "read-only", "restart=", "rm", "runtime=", "security-opt=",
		"shm-size=", "sig-proxy", "stop-signal=", "stop-timeout=", "storage-opt=", "sysctl=", "tmpfs=", "tty", "ulimit=", "user=", "userns=", "uts=",
		"volume=", "volume-driver=", "volumes-from=", "workdir=", "use-api-socket", "rootfs", "pod=", "systemd=", "secret=", "uidmap=", "gidmap=",
		"authfile=", "tls-verify", "env-host", "http-proxy", "replace", "arch=", "os=", "variant=", "hostuser=", "tz=", "umask="}}

// dockerNode is the docker command line; podman and nerdctl take the same
// verbs (podman's own are added: system reset, machine, pod, kube, unshare).
func dockerNode() Node {
	exec := func() *Node {
		return &Node{Names: []string{"exec"}, Writes: true, Grammar: Grammar{Posix: true, Exact: true, Short: "de:itu:w:", Long: []string{"detach", "detach-keys=", "env=", "env-file=", "interactive", "privileged", "tty", "user=", "workdir=", "preserve-fds="}}}
	}
	run := func() *Node { return &Node{Names: []string{"run", "create"}, Writes: true, Grammar: ctrRunGrammar} }
	rmGrammar := Grammar{Short: "fvlait:", Long: []string{"force", "volumes", "link", "all", "ignore", "time=", "depend", "cidfile="}}
	rm := func(names ...string) *Node {
		return ctrDestroyIf("destructive_action.container_rm_force", "rm --force kills running containers and deletes them; --volumes and --all delete their data too", "stop the container first, then rm without --force",
			rmGrammar, []string{"-f", "--force", "-v", "--volumes", "-a", "--all"}, names...)
	}
	rmiGrammar := Grammar{Short: "fa", Long: []string{"force", "all", "no-prune", "ignore", "platform="}}
	rmi := func(names ...string) *Node {
		return ctrDestroyIf("destructive_action.container_rmi_force", "rmi --force deletes images even when containers use them; --all deletes every image", "docker image rm without --force",
			rmiGrammar, []string{"-f", "--force", "-a", "--all"}, names...)
	}
	kill := func() *Node {
		return ctrDestroy("destructive_action.container_kill", "kill sends SIGKILL: the processes get no chance to finish or flush their data", "docker stop lets them shut down", "kill")
	}
	prune := func(id, what string) *Node {
		return ctrDestroy("destructive_action."+id, what, "list first: docker system df, docker ps -a, docker volume ls", "prune")
	}
	save := func(names ...string) *Node {
		return &Node{Names: names, Writes: true, Grammar: Grammar{Short: "o:", Long: []string{"output="}}, Output: []string{"-o", "--output"}}
	}
	cp := func() *Node {
		return &Node{Names: []string{"cp"}, Writes: true, Grammar: Grammar{Short: "aLq", Long: []string{"archive", "follow-link", "quiet", "overwrite"}}}
	}
	readVerbs := ctrRead("ps", "images", "logs", "inspect", "info", "version", "stats", "history", "port", "top", "diff", "search", "events", "completion", "help")
	return Node{Grammar: ctrGlobals, Bare: true, Output: []string{"--out"}, Subs: []*Node{
		readVerbs,
		run(), exec(), cp(), kill(), rm("rm", "remove"), rmi("rmi"), save("save", "export"),
		ctrWrites("build", "pull", "push", "tag", "commit", "start", "stop", "restart", "pause", "unpause", "rename", "update", "attach", "wait",
			"login", "logout", "load", "import", "init", "checkpoint", "debug", "mount", "umount", "unmount", "healthcheck", "auto-update", "generate", "play", "farm", "artifact", "quadlet", "apparmor", "ipfs", "model"),
		{Names: []string{"container"}, Subs: []*Node{
			ctrRead("ls", "list", "ps", "inspect", "logs", "top", "port", "diff", "stats", "exists"),
			run(), exec(), cp(), kill(), rm("rm", "remove", "delete"), save("export"),
			prune("container_prune", "container prune deletes every stopped container and what it wrote"),
			ctrWrites("start", "stop", "restart", "pause", "unpause", "rename", "update", "attach", "wait", "commit", "checkpoint", "restore", "cleanup", "init", "clone", "mount", "unmount", "umount", "runlabel"),
		}},
		{Names: []string{"image", "images"}, Subs: []*Node{
			ctrRead("ls", "list", "inspect", "history", "exists", "tree", "diff"),
			rmi("rm", "remove", "delete"), save("save"),
			prune("image_prune", "image prune deletes dangling images (with --all every image no container uses)"),
			ctrWrites("build", "pull", "push", "tag", "untag", "load", "import", "sign", "trust", "mount", "unmount", "scp"),
		}},
		{Names: []string{"volume"}, Subs: []*Node{
			ctrRead("ls", "list", "inspect", "exists"),
			{Names: []string{"create"}, Writes: true, Grammar: Grammar{Short: "d:o:", Long: []string{"driver=", "opt=", "label=", "name="}}},
			ctrDestroy("destructive_action.volume_rm", "volume rm deletes the volume and every byte of data in it", "docker volume inspect VOLUME first; back it up with a container that tars it", "rm", "remove", "delete"),
			prune("volume_prune", "volume prune deletes every volume no container uses, with its data"),
			ctrDestroy("destructive_action.volume_reset", "volume reset empties the volume", "", "reset"),
			ctrWrites("import", "export", "mount", "unmount", "update"),
		}},
		{Names: []string{"network"}, Subs: []*Node{
			ctrRead("ls", "list", "inspect", "exists"),
			prune("network_prune", "network prune deletes every network no container uses"),
			ctrWrites("create", "connect", "disconnect", "rm", "remove", "reload", "update"),
		}},
		{Names: []string{"system"}, Subs: []*Node{
			ctrRead("df", "info", "events"),
			{Names: []string{"connection"}, Subs: []*Node{ctrRead("ls", "list"), ctrWrites("add", "default", "rename", "rm", "remove")}},
			prune("system_prune", "system prune deletes stopped containers, unused networks, dangling images and the build cache (with --volumes the volumes' data)"),
			ctrDestroy("destructive_action.podman_system_reset", "system reset deletes every container, image, volume, pod and network: all of the engine's storage", "podman system prune keeps what is in use", "reset"),
			ctrWrites("migrate", "renumber", "service", "check", "dial-stdio"),
		}},
		{Names: []string{"builder"}, Subs: []*Node{
			ctrRead("ls", "inspect", "du"),
			prune("builder_prune", "builder prune deletes the build cache"),
			ctrWrites("build", "create", "use", "rm", "stop", "bake"),
		}},
		{Names: []string{"buildx"}, Subs: []*Node{
			ctrRead("ls", "inspect", "du", "version"),
			{Names: []string{"history"}, Subs: []*Node{ctrRead("ls", "inspect", "logs", "open", "trace"), ctrWrites("rm", "import", "export")}},
			{Names: []string{"imagetools"}, Subs: []*Node{ctrRead("inspect"), ctrWrites("create")}},
			prune("buildx_prune", "buildx prune deletes the build cache"),
			{Names: []string{"build", "b", "bake"}, Writes: true, Grammar: Grammar{Long: []string{"allow=", "output=", "tag=", "file=", "platform=", "builder=", "build-arg=", "secret=", "ssh=", "network=", "progress=", "cache-from=", "cache-to=", "target=", "load", "push"}, Short: "f:o:t:"}},
			ctrWrites("create", "use", "rm", "stop", "dial-stdio", "debug"),
		}},
		ctrSub("compose", func() Node { return composeNode(false) }),
		{Names: []string{"context"}, Subs: []*Node{ctrRead("ls", "list", "inspect", "show"), ctrWrites("create", "use", "update", "import", "export", "rm", "remove")}},
		{Names: []string{"plugin"}, Subs: []*Node{ctrRead("ls", "list", "inspect"), ctrWrites("install", "enable", "disable", "create", "push", "set", "upgrade", "rm", "remove")}},
		{Names: []string{"manifest"}, Subs: []*Node{ctrRead("inspect", "exists"), ctrWrites("create", "annotate", "push", "add", "remove", "rm")}},
		{Names: []string{"trust"}, Subs: []*Node{ctrRead("inspect"), ctrWrites("sign", "key", "signer", "show", "set", "get"),
			ctrDestroy("destructive_action.trust_revoke", "trust revoke removes the signatures of an image tag from its registry", "", "revoke")}},
		{Names: []string{"sbom"}, Read: true, Grammar: Grammar{Long: []string{"output="}, Short: "o:"}, Output: []string{"-o", "--output"}},
		{Names: []string{"scout"}, Grammar: Grammar{Long: []string{"output="}, Short: "o:"}, Subs: []*Node{
			{Names: []string{"cves", "quickview", "qv", "compare", "recommendations", "sbom", "version", "help", "environment", "policy", "attestation"}, Read: true, Output: []string{"-o", "--output"}},
			ctrWrites("config", "enroll", "repo", "push", "cache", "watch", "integration"),
		}},
		{Names: []string{"swarm"}, Subs: []*Node{ctrRead("ca"), ctrWrites("init", "join", "join-token", "update", "unlock", "unlock-key"),
			ctrDestroyIf("destructive_action.swarm_leave_force", "swarm leave --force on a manager drops its share of the swarm's state; on the last manager the swarm is gone", "docker node demote first", Grammar{Short: "f", Long: []string{"force"}}, []string{"-f", "--force"}, "leave")}},
		{Names: []string{"node"}, Subs: []*Node{ctrRead("ls", "list", "inspect", "ps"), ctrWrites("update", "promote", "demote"),
			ctrDestroy("destructive_action.swarm_node_rm", "node rm removes a node from the swarm", "docker node update --availability drain NODE", "rm", "remove")}},
		{Names: []string{"service"}, Subs: []*Node{ctrRead("ls", "list", "ps", "inspect", "logs"), ctrWrites("create", "update", "scale", "rollback"),
			ctrDestroy("destructive_action.swarm_service_rm", "service rm stops and removes a running service with all its tasks", "docker service scale SERVICE=0", "rm", "remove")}},
		{Names: []string{"stack"}, Subs: []*Node{ctrRead("ls", "list", "ps", "services", "config"), ctrWrites("deploy", "up"),
			ctrDestroy("destructive_action.swarm_stack_rm", "stack rm removes every service, network and secret of the stack", "", "rm", "remove", "down")}},
		{Names: []string{"secret"}, Subs: []*Node{ctrRead("ls", "list", "inspect", "exists"), ctrWrites("create"),
			ctrDestroy("destructive_action.secret_rm", "secret rm deletes the secret; services that mount it fail", "", "rm", "remove")}},
		{Names: []string{"config"}, Subs: []*Node{ctrRead("ls", "list", "inspect"), ctrWrites("create"),
			ctrDestroy("destructive_action.swarm_config_rm", "config rm deletes the config; services that mount it fail", "", "rm", "remove")}},
		// podman's own verbs
		{Names: []string{"pod"}, Subs: []*Node{ctrRead("ls", "list", "ps", "inspect", "top", "stats", "logs", "exists"),
			{Names: []string{"create"}, Writes: true, Grammar: ctrRunGrammar},
			ctrWrites("start", "stop", "restart", "pause", "unpause", "kill", "clone"),
			ctrDestroyIf("destructive_action.pod_rm_force", "pod rm --force kills the pod's containers and deletes them", "podman pod stop first", Grammar{Short: "fait:", Long: []string{"force", "all", "ignore", "time="}}, []string{"-f", "--force", "-a", "--all"}, "rm", "remove"),
			prune("pod_prune", "pod prune deletes every stopped pod and its containers")}},
		{Names: []string{"kube"}, Subs: []*Node{ctrWrites("play", "generate", "apply"),
			ctrDestroyIf("destructive_action.podman_kube_down_force", "kube down --force also deletes the volumes the pods used", "podman kube down without --force", Grammar{Long: []string{"force"}}, []string{"--force"}, "down")}},
		{Names: []string{"machine"}, Subs: []*Node{ctrRead("ls", "list", "inspect", "info"),
			ctrWrites("init", "start", "stop", "set", "ssh", "cp", "os"),
			ctrDestroy("destructive_action.podman_machine_rm", "machine rm deletes the virtual machine with every container, image and volume in it", "podman machine stop keeps it", "rm", "remove"),
			ctrDestroy("destructive_action.podman_machine_reset", "machine reset deletes every machine and its disk", "", "reset")}},
		{Names: []string{"unshare"}, Grammar: Grammar{Long: []string{"rootless-netns", "rootless-cni"}}, Runs: &Runs{}},
		{Names: []string{"namespace"}, Subs: []*Node{ctrRead("ls", "list", "inspect"), ctrWrites("create", "update", "rm", "remove")}},
	}}
}

// composeNode is docker compose (and docker-compose, podman-compose).
func composeNode(standalone bool) Node {
	g := Grammar{Exact: true, Short: "f:p:", Long: []string{"file=", "project-name=", "profile=", "env-file=", "project-directory=", "ansi=", "progress=", "parallel=", "compatibility", "dry-run", "all-resources", "verbose", "no-ansi", "host=", "context=", "podman-path=", "podman-args=", "podman-run-args="}}
	if standalone {
		g.Short += "H:c:"
	}
	return Node{Grammar: g, Bare: false, Subs: []*Node{
		ctrRead("ps", "logs", "ls", "images", "top", "version", "port", "events", "volumes", "stats", "help"),
		{Names: []string{"config", "convert"}, Read: true, Grammar: Grammar{Short: "o:q", Long: []string{"output=", "format=", "services", "volumes", "profiles", "images", "hash=", "quiet", "resolve-image-digests", "no-interpolate"}}, Output: []string{"-o", "--output"}},
		{Names: []string{"run"}, Writes: true, Grammar: Grammar{Posix: true, Short: "de:il:p:PTu:v:w:", Long: []string{"detach", "env=", "env-from-file=", "interactive", "label=", "publish=", "service-ports", "no-TTY", "user=", "volume=", "workdir=", "entrypoint=", "name=", "rm", "no-deps", "build", "quiet-pull", "remove-orphans", "use-aliases", "cap-add=", "cap-drop=", "pull=", "tty"}}},
		{Names: []string{"exec"}, Writes: true, Grammar: Grammar{Posix: true, Short: "de:Tu:w:", Long: []string{"detach", "env=", "index=", "no-TTY", "privileged", "user=", "workdir=", "interactive", "tty"}}},
		{Names: []string{"up"}, Writes: true, Grammar: Grammar{Short: "dV", Long: []string{"detach", "renew-anon-volumes", "build", "force-recreate", "no-deps", "scale=", "timeout=", "wait", "watch", "pull=", "remove-orphans"}},
			Rules: []Rule{{ID: "destructive_action.compose_up_renew_volumes", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"-V", "--renew-anon-volumes"},
				Reason: "compose up --renew-anon-volumes recreates the anonymous volumes: the data in them is lost"}}},
		{Names: []string{"down"}, Writes: true, Grammar: Grammar{Short: "vt:", Long: []string{"volumes", "rmi=", "remove-orphans", "timeout="}},
			Rules: []Rule{{ID: "destructive_action.compose_down_volumes", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"-v", "--volumes", "--rmi"},
				Reason: "compose down --volumes deletes the project's volumes with their data (--rmi deletes its images)", Safer: "docker compose down keeps the volumes"}}},
		{Names: []string{"rm"}, Writes: true, Grammar: Grammar{Short: "fsv", Long: []string{"force", "stop", "volumes"}},
			Rules: []Rule{{ID: "destructive_action.compose_rm_volumes", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"-v", "--volumes"},
				Reason: "compose rm --volumes deletes the anonymous volumes of the removed containers", Safer: "docker compose rm without --volumes"},
				{ID: "destructive_action.compose_rm_stop", Kind: finding.DestructiveAction, Severity: finding.NonSevere, If: []string{"-s", "--stop"},
					Reason: "compose rm --stop stops the running services and deletes their containers with what they wrote", Safer: "docker compose stop, then docker compose ps -a"}}},
		ctrDestroy("destructive_action.compose_kill", "compose kill sends SIGKILL to the services: they get no chance to finish or flush their data", "docker compose stop", "kill"),
		{Names: []string{"cp"}, Writes: true, Grammar: Grammar{Short: "aL", Long: []string{"archive", "follow-link", "index=", "all"}}},
		ctrWrites("build", "pull", "push", "start", "stop", "restart", "create", "pause", "unpause", "watch", "scale", "attach", "wait", "publish", "alpha", "commit", "export", "bridge", "systemd"),
	}}
}

// buildahNode is buildah: it builds images in working containers.
func buildahNode() Node {
	return Node{Bare: true, Grammar: Grammar{Exact: true, Long: []string{"root=", "runroot=", "storage-driver=", "storage-opt=", "registries-conf=", "log-level=", "cgroup-manager=", "userns-uid-map=", "userns-gid-map=", "short-name-alias-conf="}},
		Subs: []*Node{
			ctrRead("images", "containers", "ps", "ls", "inspect", "info", "version", "help"),
			{Names: []string{"manifest"}, Subs: []*Node{ctrRead("inspect", "exists"), ctrWrites("create", "add", "annotate", "push", "remove", "rm")}},
			{Names: []string{"run"}, Writes: true, Grammar: Grammar{Posix: true, Exact: true, Short: "tv:e:", Long: []string{"volume=", "mount=", "cap-add=", "cap-drop=", "security-opt=", "device=", "network=", "net=", "pid=", "ipc=", "uts=", "userns=", "user=", "workingdir=", "env=", "runtime=", "isolation=", "hostname=", "terminal", "tty", "add-history", "no-hostname", "no-hosts", "cgroupns="}}},
			{Names: []string{"from"}, Writes: true, Grammar: Grammar{Posix: true, Exact: true, Short: "v:", Long: []string{"volume=", "mount=", "cap-add=", "cap-drop=", "security-opt=", "device=", "network=", "net=", "pid=", "ipc=", "uts=", "userns=", "name=", "pull=", "quiet", "authfile=", "creds=", "format=", "arch=", "os=", "platform="}}},
			ctrWrites("bud", "build", "build-using-dockerfile", "commit", "push", "pull", "copy", "add", "config", "mount", "umount", "unmount", "rename", "tag", "login", "logout", "source", "mkcw", "containers-rename"),
			{Names: []string{"unshare"}, Grammar: Grammar{Long: []string{"mount="}}, Runs: &Runs{}},
			ctrDestroyIf("destructive_action.buildah_rm_all", "buildah rm --all deletes every working container and what was built in it", "", Grammar{Short: "a", Long: []string{"all"}}, []string{"-a", "--all"}, "rm", "delete"),
			ctrDestroyIf("destructive_action.buildah_rmi_force", "buildah rmi --force|--all|--prune deletes images even when containers use them", "", Grammar{Short: "afp", Long: []string{"all", "force", "prune"}}, []string{"-a", "--all", "-f", "--force", "-p", "--prune"}, "rmi"),
			ctrDestroy("destructive_action.buildah_prune", "buildah prune deletes the build cache and every image no container uses", "", "prune"),
		}}
}

// crictlNode is crictl, the CRI client on Kubernetes nodes.
func crictlNode() Node {
	return Node{Bare: true, Grammar: Grammar{Short: "r:i:t:c:", Long: []string{"runtime-endpoint=", "image-endpoint=", "timeout=", "config=", "debug"}, Exact: true}, Subs: []*Node{
		ctrRead("ps", "images", "image", "img", "logs", "inspect", "inspecti", "inspectp", "pods", "stats", "statsp", "info", "version", "imagefsinfo", "checkpoint-list", "help", "completion"),
		{Names: []string{"config"}, Bare: true, Read: false, Writes: true, ReadIf: []string{"--get", "--list", "-l"}, Grammar: Grammar{Long: []string{"get=", "set=", "list"}, Short: "l"}},
		{Names: []string{"exec"}, Writes: true, Grammar: Grammar{Posix: true, Short: "itsx", Long: []string{"interactive", "tty", "sync", "timeout="}}},
		ctrWrites("pull", "attach", "run", "runp", "create", "start", "stop", "stopp", "update", "port-forward", "update-runtime-config", "events"),
		ctrDestroyIf("destructive_action.crictl_rm_force", "crictl rm|rmp --force|--all deletes running containers or pods on the node", "crictl stop first", Grammar{Short: "fa", Long: []string{"force", "all"}}, []string{"-f", "--force", "-a", "--all"}, "rm", "rmp"),
		ctrDestroyIf("destructive_action.crictl_rmi_all", "crictl rmi --all|--prune deletes images on the node", "", Grammar{Short: "aq", Long: []string{"all", "prune"}}, []string{"-a", "--all", "--prune", "-q"}, "rmi"),
	}}
}

// kubectlGlobals are kubectl's global options.
var kubectlGlobals = Grammar{Exact: true, Short: "n:s:v:",
	Long: []string{"namespace=", "context=", "kubeconfig=", "cluster=", "user=", "server=", "token=", "as=", "as-group=", "as-uid=", "request-timeout=",
		"certificate-authority=", "client-certificate=", "client-key=", "insecure-skip-tls-verify", "tls-server-name=", "cache-dir=", "v=", "vmodule=",
		"log-file=", "log-dir=", "log-flush-frequency=", "profile=", "profile-output=", "match-server-version", "disable-compression", "password=",
		"username=", "warnings-as-errors", "kuberc=", "alsologtostderr", "logtostderr", "skip-headers", "one-output", "stderrthreshold=", "log-backtrace-at=",
		"add-dir-header", "skip-log-headers", "log-file-max-size="}}

// kubectlNode is kubectl; extra adds a distribution's own verbs (oc).
func kubectlNode(extra ...*Node) Node {
	getGrammar := Grammar{Short: "o:l:f:k:L:AwR", Long: []string{"output=", "selector=", "filename=", "kustomize=", "label-columns=", "all-namespaces", "watch", "watch-only", "recursive", "field-selector=", "sort-by=", "show-labels", "no-headers", "chunk-size=", "ignore-not-found", "raw=", "template=", "show-kind", "output-watch-events", "server-print", "show-managed-fields", "subresource=", "allow-missing-template-keys"}}
	subs := []*Node{
		{Names: []string{"get"}, Read: true, Grammar: getGrammar},
		ctrRead("describe", "logs", "log", "top", "explain", "api-resources", "api-versions", "version", "events", "diff", "wait", "completion", "options", "help", "--version"),
		{Names: []string{"cluster-info"}, Read: true, Grammar: Grammar{Long: []string{"output-directory="}}, Output: []string{"--output-directory"}},
		{Names: []string{"kustomize"}, Read: true, Grammar: Grammar{Short: "o:", Long: []string{"output=", "enable-helm", "helm-command=", "enable-alpha-plugins", "enable-exec", "mount="}},
			Output: []string{"-o", "--output"}, Unless: []string{"--enable-exec", "--enable-alpha-plugins", "--helm-command", "--enable-helm"}},
		{Names: []string{"config"}, Subs: []*Node{
			{Names: []string{"view"}, Read: true, Grammar: Grammar{Short: "o:", Long: []string{"raw", "flatten", "minify", "output=", "merge"}},
				Rules: []Rule{{ID: "secret_access.kubeconfig_raw", Kind: finding.SecretAccess, Severity: finding.NonSevere, If: []string{"--raw", "--flatten"},
					Reason: "config view --raw|--flatten prints the kubeconfig's tokens, passwords and client keys", Safer: "kubectl config view (secrets redacted)"}}},
			ctrRead("get-contexts", "current-context", "get-clusters", "get-users"),
			ctrWrites("use-context", "use", "set-context", "set-cluster", "set-credentials", "set", "unset", "rename-context", "delete-context", "delete-cluster", "delete-user"),
		}},
		{Names: []string{"rollout"}, Subs: []*Node{ctrRead("status", "history"), ctrWrites("restart", "pause", "resume", "undo")}},
		{Names: []string{"auth"}, Subs: []*Node{ctrAsks("can-i"), ctrRead("whoami"), ctrWrites("reconcile")}},
		{Names: []string{"plugin"}, Subs: []*Node{ctrRead("list")}},
		{Names: []string{"certificate"}, Subs: []*Node{ctrWrites("approve", "deny")}},
		{Names: []string{"exec"}, Writes: true, Grammar: Grammar{Short: "c:f:it", Long: []string{"container=", "filename=", "stdin", "tty", "quiet", "pod-running-timeout="}}},
		{Names: []string{"cp"}, Writes: true, Grammar: Grammar{Short: "c:", Long: []string{"container=", "no-preserve", "retries="}}},
		{Names: []string{"patch"}, Writes: true, Grammar: Grammar{Short: "p:f:k:o:", Long: []string{"patch=", "patch-file=", "type=", "filename=", "kustomize=", "output=", "local", "dry-run=?", "subresource=", "field-manager="}}},
		{Names: []string{"apply"}, Writes: true, Grammar: Grammar{Short: "f:k:l:o:R", Long: []string{"filename=", "kustomize=", "selector=", "output=", "recursive", "prune", "prune-allowlist=", "prune-whitelist=", "applyset=", "force", "server-side", "force-conflicts", "dry-run=?", "grace-period=", "field-manager=", "all", "overwrite", "wait", "timeout="}},
			Rules: []Rule{
				{ID: "destructive_action.kubectl_apply_prune", Kind: finding.DestructiveAction, Severity: finding.NonSevere, Except: kubeDryRun, If: []string{"--prune"},
					Reason: "apply --prune deletes every matching object the files no longer name", Safer: "kubectl diff -f FILE shows what would change"},
				{ID: "destructive_action.kubectl_apply_force", Kind: finding.DestructiveAction, Severity: finding.NonSevere, Except: kubeDryRun, If: []string{"--force"},
					Reason: "apply --force deletes and recreates objects it cannot patch", Safer: "kubectl apply without --force"}}},
		{Names: []string{"replace"}, Writes: true, Grammar: Grammar{Short: "f:k:o:R", Long: []string{"filename=", "kustomize=", "output=", "recursive", "force", "grace-period=", "cascade=?", "wait", "timeout=", "raw=", "save-config", "subresource=", "dry-run=?", "field-manager="}},
			Rules: []Rule{{ID: "destructive_action.kubectl_replace_force", Kind: finding.DestructiveAction, Severity: finding.NonSevere, Except: kubeDryRun, If: []string{"--force"},
				Reason: "replace --force deletes the objects and creates them again", Safer: "kubectl apply -f FILE"}}},
		{Names: []string{"scale"}, Writes: true, Grammar: Grammar{Short: "f:k:l:o:R", Long: []string{"replicas=", "current-replicas=", "resource-version=", "filename=", "kustomize=", "selector=", "output=", "all", "timeout=", "recursive", "dry-run=?"}},
			Rules: []Rule{{ID: "destructive_action.kubectl_scale_zero", Kind: finding.DestructiveAction, Severity: finding.NonSevere, Except: kubeDryRun, If: []string{"--replicas=0"},
				Reason: "scale --replicas=0 stops every pod of the workload: an outage"}}},
		dryRunnable(ctrDestroy("destructive_action.kubectl_delete", "delete removes objects from the cluster; their pods and, for namespaces and claims, their data go with them",
			"kubectl delete --dry-run=server … or kubectl diff first", "delete"), Grammar{Short: "Af:ik:l:o:R",
			Long: []string{"all", "all-namespaces", "cascade=?", "dry-run=?", "field-selector=", "filename=", "force", "grace-period=", "ignore-not-found", "interactive",
				"kustomize=", "now", "output=", "raw=", "recursive", "selector=", "timeout=", "wait=?"}}),
		dryRunnable(ctrDestroy("destructive_action.kubectl_drain", "drain evicts every pod from the node and cordons it", "kubectl cordon NODE stops new pods without evicting", "drain"),
			Grammar{Short: "l:", Long: []string{"dry-run=?", "force", "delete-emptydir-data", "delete-local-data", "ignore-daemonsets", "grace-period=", "timeout=", "pod-selector=",
				"selector=", "disable-eviction", "skip-wait-for-delete-timeout=", "chunk-size="}}),
		ctrWrites("create", "run", "expose", "set", "edit", "label", "annotate", "autoscale", "cordon", "uncordon", "taint", "port-forward", "proxy",
			"attach", "debug", "alpha", "certificate", "kuberc"),
	}
	return Node{Grammar: kubectlGlobals, Bare: true, Output: []string{"--profile-output", "--log-file"}, Subs: append(subs, extra...)}
}

// ocNodes are OpenShift's verbs beyond kubectl's.
func ocNodes() []*Node {
	return []*Node{
		ctrRead("status", "projects", "process"),
		{Names: []string{"whoami"}, Read: true, Grammar: Grammar{Short: "tc", Long: []string{"show-token", "show-context", "show-server", "show-console"}},
			Rules: []Rule{{ID: "secret_access.oc_whoami_token", Kind: finding.SecretAccess, Severity: finding.NonSevere, If: []string{"-t", "--show-token"},
				Reason: "oc whoami --show-token prints the session's bearer token"}}},
		{Names: []string{"project"}, Bare: true, Writes: true, ReadIf: []string{"-q", "--short"}, Grammar: Grammar{Short: "q", Long: []string{"short"}}},
		{Names: []string{"extract"}, Writes: true, Grammar: Grammar{Long: []string{"to=", "keys=", "confirm"}},
			Rules: []Rule{{ID: "secret_access.oc_extract", Kind: finding.SecretAccess, Severity: finding.NonSevere,
				Reason: "oc extract writes out the data of a secret or config map, in clear"}}},
		{Names: []string{"rsh"}, Writes: true, Grammar: Grammar{Posix: true, Short: "c:T", Long: []string{"container=", "shell=", "no-tty", "timeout="}}},
		{Names: []string{"adm"}, Subs: []*Node{
			ctrRead("top", "inspect"), ctrAsks("who-can"),
			ctrDestroy("destructive_action.kubectl_drain", "oc adm drain evicts every pod from the node and cordons it", "oc adm cordon NODE", "drain"),
			ctrDestroyIf("destructive_action.oc_adm_prune", "oc adm prune --confirm deletes old images, builds and deployments", "oc adm prune without --confirm only lists", Grammar{Long: []string{"confirm"}}, []string{"--confirm"}, "prune"),
			ctrWrites("policy", "cordon", "uncordon", "taint", "must-gather", "new-project", "groups", "certificate", "upgrade", "release", "node-logs", "catalog", "config", "create-bootstrap-project-template", "pod-network", "ocp-certificates", "restart-kubelet", "copy-to-node", "wait-for-stable-cluster", "reboot-machine-config-pool"),
		}},
		ctrWrites("login", "logout", "new-app", "new-build", "new-project", "start-build", "cancel-build", "import-image", "tag", "rsync", "observe", "registry", "image", "idle", "policy", "secrets", "serviceaccounts", "set-env", "rollback", "logs-build", "annotate-build", "debug-node"),
	}
}

// helmNode is helm.
func helmNode() Node {
	g := Grammar{Exact: true, Short: "n:", Long: []string{"kube-context=", "namespace=", "kubeconfig=", "debug", "registry-config=", "repository-config=", "repository-cache=", "burst-limit=", "qps=",
		"kube-apiserver=", "kube-as-user=", "kube-as-group=", "kube-ca-file=", "kube-insecure-skip-tls-verify", "kube-tls-server-name=", "kube-token=", "content-cache="}}
	postRenderer := Rule{ID: "inline_code.helm_post_renderer", Kind: finding.InlineCode, Severity: finding.NonSevere, If: []string{"--post-renderer"},
		Reason: "helm --post-renderer runs the program it is given on the rendered manifests"}
	installGrammar := Grammar{Short: "f:o:", Long: []string{"values=", "set=", "set-string=", "set-file=", "set-json=", "set-literal=", "version=", "output=", "post-renderer=", "post-renderer-args=", "repo=", "timeout=", "wait", "atomic", "install", "create-namespace", "dry-run=?", "generate-name", "force", "reset-values", "reuse-values", "description=", "username=", "password=", "ca-file=", "cert-file=", "key-file=", "devel", "skip-crds", "cleanup-on-fail", "history-max=", "rollback-on-failure", "take-ownership", "hide-secret", "labels=", "name-template=", "dependency-update", "render-subchart-notes", "disable-openapi-validation", "no-hooks", "enable-dns", "plain-http", "insecure-skip-tls-verify", "pass-credentials", "verify", "keyring=", "skip-schema-validation", "wait-for-jobs", "server-side=?", "force-conflicts", "force-replace"}}
	return Node{Grammar: g, Bare: true, Subs: []*Node{
		ctrRead("list", "ls", "status", "history", "hist", "lint", "version", "env", "verify", "completion", "help", "search", "--version"),
		{Names: []string{"get"}, Subs: []*Node{ctrRead("all", "values", "manifest", "hooks", "notes", "metadata")}},
		{Names: []string{"show", "inspect"}, Subs: []*Node{ctrRead("all", "chart", "readme", "values", "crds")}},
		{Names: []string{"template"}, Read: true, Grammar: Grammar{Short: "f:s:", Long: append([]string{"output-dir=", "show-only=", "api-versions=", "kube-version=", "is-upgrade", "validate", "include-crds", "release-name"}, installGrammar.Long...)},
			Output: []string{"--output-dir"}, Unless: []string{"--post-renderer"}, Rules: []Rule{postRenderer}},
		{Names: []string{"repo"}, Subs: []*Node{ctrRead("list", "ls"), ctrWrites("add", "update", "up", "remove", "rm", "index")}},
		{Names: []string{"dependency", "dep", "dependencies"}, Subs: []*Node{ctrRead("list", "ls"), ctrWrites("update", "up", "build")}},
		{Names: []string{"plugin"}, Subs: []*Node{ctrRead("list", "ls", "verify"), ctrWrites("install", "add", "uninstall", "rm", "remove", "update", "up", "package")}},
		{Names: []string{"registry"}, Subs: []*Node{ctrWrites("login", "logout")}},
		{Names: []string{"install", "upgrade"}, Writes: true, Grammar: installGrammar, Rules: []Rule{postRenderer}},
		{Names: []string{"pull", "fetch"}, Writes: true, Grammar: Grammar{Short: "d:", Long: []string{"destination=", "untardir=", "untar", "version=", "repo="}}, Output: []string{"-d", "--destination"}},
		{Names: []string{"package"}, Writes: true, Grammar: Grammar{Short: "d:u", Long: []string{"destination=", "version=", "app-version=", "dependency-update", "sign", "key=", "keyring="}}, Output: []string{"-d", "--destination"}},
		ctrWrites("rollback", "test", "create", "push"),
		dryRunnable(ctrDestroy("destructive_action.helm_uninstall", "helm uninstall deletes the release and every object it created; claims and their data may go with them",
			"helm uninstall --dry-run RELEASE, or --keep-history", "uninstall", "delete", "del", "un"),
			Grammar{Long: []string{"dry-run=?", "keep-history", "no-hooks", "timeout=", "wait", "cascade=", "description=", "ignore-not-found"}}),
	}}
}

// EngineVerb names a container engine verb whose options the container
// judgement reads for what the container is given of the host.
type EngineVerb uint8

// The engine verbs EngineOptions reads.
const (
	// EngineRun is docker|podman|nerdctl run and create, buildah from.
	EngineRun EngineVerb = iota
	// EngineCtrRun is containerd's ctr run.
	EngineCtrRun
	// EngineBuild is build, buildx build and bake, buildah bud.
	EngineBuild
	// EngineExec is exec in a running container.
	EngineExec
	// EngineVolumeCreate is volume create.
	EngineVolumeCreate
)

// EngineOptions is how the container judgement reads an engine verb's
// options (the words after the verb). It is the worst reading of the union
// of the engines' grammars (docker, podman, nerdctl, buildah, compose run,
// ctr run), not any one engine's: a long option not listed among
// engineFlags takes the next word as its value unless that word is an
// option (a value taken for the image reads the container's own arguments
// as options, the safer mistake), and -v=SRC is -v SRC, as the engines'
// flag parser reads it. Run, create, exec and ctr run end their options at
// the image: what follows runs inside the container.
func EngineOptions(verb EngineVerb) Grammar {
	values, posix := "", true
	switch verb {
	case EngineRun:
		values = "acehlmpuvw" // -v VOLUME, -e ENV, -u USER …
	case EngineBuild:
		values, posix = "fmtv", false // -f FILE, -t TAG, -v VOLUME (podman, buildah)
	case EngineExec:
		values = "euw"
	case EngineVolumeCreate:
		values, posix = "do", false
	}
	g := Grammar{Posix: posix, Exact: true, LongValued: true, ShortEquals: true}
	for _, l := range values {
		g.Short += string(l) + ":"
	}
	for _, f := range engineFlags {
		if f != "pull" || !posix { // run --pull POLICY takes a value; build --pull does not
			g.Long = append(g.Long, f)
		}
	}
	return g
}

// engineFlags are the engines' long options that take no value (docker,
// podman, nerdctl, buildah, compose run, ctr run).
var engineFlags = []string{
	"detach", "interactive", "tty", "publish-all", "rm", "init", "privileged", "read-only",
	"no-healthcheck", "oom-kill-disable", "sig-proxy", "disable-content-trust", "quiet", "use-api-socket",
	"help", "env-host", "http-proxy", "no-hosts", "read-only-tmpfs", "replace", "rmi", "tls-verify",
	"passwd", "rootfs", "no-deps", "build", "quiet-pull", "remove-orphans", "service-ports",
	"use-aliases", "no-TTY", "terminal", "add-history", "no-hostname", "unsetenv-all",
	// build
	"pull", "push", "load", "no-cache", "squash", "squash-all", "force-rm", "layers",
	"disable-compression", "compress", "check", "omit-history", "stdin", "all-platforms",
	"identity-label", "skip-unused-stages", "debug",
	// ctr run
	"net-host", "null-io", "cni", "no-pivot", "seccomp", "privileged-without-host-devices",
}
