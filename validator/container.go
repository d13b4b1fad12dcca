package validator

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// The container check: what the declarations in registry/containers.go
// cannot say about container engines and cluster clients.
//
//   - A container that is given the host: --privileged, host namespaces
//     (--pid=host, --userns=host), dangerous capabilities, seccomp or AppArmor
//     switched off, raw disks as devices, the engine's socket, or a host system
//     directory mounted (-v, --volume, --mount in every spelling, attached,
//     clustered, with src= or source=, through a volume bound to a host path).
//     Root in such a container is root on the host: privilege_escalation.
//   - A mount of a secret folder (~/.ssh, ~/.aws, ~/.kube …): secret_access;
//     of permgate's own files or a directory above them: self_modify.
//   - exec runs a command inside a container (inline_code); it is not a host
//     command and is never unwrapped.
//   - docker|kubectl cp to a host path writes that path.
//   - kubectl patch to zero replicas is an outage; kubectl get secret with
//     -o yaml|json|jsonpath prints the secret's values.
//   - minikube kubectl -- ARGS is kubectl ARGS.

// container judges a container engine's or a cluster client's command.
func (ck *checker) container(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, ok := programs.Lookup(base)
	if !ok {
		return
	}
	inv := prog.Resolve(shellparse.RegistryWords(args))
	verb := slices.Clone(inv.Path)
	at := lastPathWord(inv, args)
	rest := args[at+1:]
	name := base + " " + strings.Join(verb, " ")
	switch base {
	case "k3s", "microk8s":
		if len(verb) > 0 && verb[0] == "kubectl" {
			ck.kubeVerb(c, name, verb[1:], inv, args)
		}
		return
	case "minikube":
		ck.minikube(c, verb, inv, args, rest)
		return
	case "kubectl", "kubecolor", "microk8s.kubectl", "oc":
		ck.kubeVerb(c, name, verb, inv, args)
		return
	case "ctr":
		if len(verb) == 1 && verb[0] == "run" {
			ck.containerRun(name, rest, "", true)
		}
		return
	case "crictl":
		if len(verb) == 1 && verb[0] == "exec" {
			ck.add(finding.InlineCode, "container_command", NonSevere, name+" runs a command in a container")
		}
		return
	}
	// docker, podman, nerdctl, buildah, docker-compose, podman-compose.
	if len(verb) > 1 && (verb[0] == "container" || verb[0] == "image" || verb[0] == "compose" || verb[0] == "builder" || verb[0] == "buildx" || verb[0] == "pod") {
		verb = verb[1:]
	}
	if len(verb) != 1 {
		if len(verb) == 2 && verb[0] == "volume" && verb[1] == "create" {
			ck.volumeCreate(name, rest)
		}
		return
	}
	switch verb[0] {
	case "run", "create", "from":
		ck.containerRun(name, rest, ctrRunShort, true)
	case "exec":
		ck.containerExec(name, base, rest)
	case "build", "b", "bake", "bud", "build-using-dockerfile":
		ck.containerRun(name, rest, ctrBuildShort, false)
	case "cp":
		ck.hostCopy(name, inv, args)
	}
}

// lastPathWord returns the index in args of the last subcommand word the
// invocation followed, or -1: the words after it are the verb's own.
func lastPathWord(inv registry.Invocation, args []shellparse.Word) int {
	n := len(args)
	if len(inv.Path) == 0 {
		return -1
	}
	used := make([]bool, n)
	for _, o := range inv.Scan.Opts {
		// An option's value is its own word or the next: ValueAt is not read,
		// so the answer does not depend on which word the scanner counted from.
		used[o.At] = true
		if o.HasValue && o.At+1 < n && args[o.At+1].Text == o.Value && !strings.HasSuffix(args[o.At].Text, o.Value) {
			used[o.At+1] = true
		}
	}
	for _, i := range inv.Scan.Operands {
		used[i] = true
	}
	if inv.Scan.DashDash >= 0 && inv.Scan.DashDash < n {
		used[inv.Scan.DashDash] = true
	}
	for i := n - 1; i >= 0; i-- {
		if !used[i] {
			return i
		}
	}
	return -1
}

// ctrOpt is one option of a container verb, by its long name ("volume").
type ctrOpt struct {
	name string
	val  shellparse.Word
	has  bool
}

// Short letters that take a value: run and create (-v VOLUME, -e ENV, -u USER
// …), build (-f FILE, -t TAG, -v VOLUME for podman and buildah).
const (
	ctrRunShort   = "acehlmpuvw"
	ctrBuildShort = "fmtv"
)

// ctrShortNames are the letters whose long names the checks ask about.
var ctrShortNames = map[byte]string{'v': "volume"}

// ctrFlags are the engines' long options that take no value (docker, podman,
// nerdctl, buildah, compose run). Any other long option is read as taking one:
// a value taken for the image reads the container's own arguments as options,
// the safer mistake.
var ctrFlags = map[string]bool{
	"detach": true, "interactive": true, "tty": true, "publish-all": true, "rm": true, "init": true, "privileged": true, "read-only": true,
	"no-healthcheck": true, "oom-kill-disable": true, "sig-proxy": true, "disable-content-trust": true, "quiet": true, "use-api-socket": true,
	"help": true, "env-host": true, "http-proxy": true, "no-hosts": true, "read-only-tmpfs": true, "replace": true, "rmi": true, "tls-verify": true,
	"passwd": true, "rootfs": true, "no-deps": true, "build": true, "quiet-pull": true, "remove-orphans": true, "service-ports": true,
	"use-aliases": true, "no-TTY": true, "terminal": true, "add-history": true, "no-hostname": true, "unsetenv-all": true,
	// build
	"pull": true, "push": true, "load": true, "no-cache": true, "squash": true, "squash-all": true, "force-rm": true, "layers": true,
	"disable-compression": true, "compress": true, "check": true, "omit-history": true, "stdin": true, "all-platforms": true,
	"identity-label": true, "skip-unused-stages": true, "debug": true,
	// ctr run
	"net-host": true, "null-io": true, "cni": true, "no-pivot": true, "seccomp": true, "privileged-without-host-devices": true,
}

// ctrScan reads a container verb's options. With posix the options end at
// the first operand (the image: what follows runs inside the container).
// Words known only at run time that the script assigned are expanded; maybe
// reports one that could still be any option (a command substitution, or an
// unquoted variable that holds options).
func (ck *checker) ctrScan(rest []shellparse.Word, shortVal string, posix bool) (opts []ctrOpt, ops []shellparse.Word, maybe bool) {
	words := ck.ctrExpand(rest, &maybe)
	for i := 0; i < len(words); i++ {
		w := words[i]
		t := w.Text
		switch {
		case t == "--" && w.Static:
			return opts, append(ops, words[i+1:]...), maybe
		case len(t) < 2 || t[0] != '-' || !w.Static && !staticOptionName(t):
			if !w.Static && !w.Quoted && !strings.HasPrefix(t, "-") && optionsVariable(w) {
				maybe = true
				continue
			}
			if posix {
				return opts, append(ops, words[i:]...), maybe
			}
			ops = append(ops, w)
		case strings.HasPrefix(t, "--"):
			n, v, hasV := strings.Cut(t[2:], "=")
			o := ctrOpt{name: n}
			switch {
			case hasV:
				o.val, o.has = subWord(w, v), true
			case !(ctrFlags[n] && !(posix && n == "pull")) && i+1 < len(words) && !strings.HasPrefix(words[i+1].Text, "-"):
				// run --pull POLICY takes a value; build --pull does not.
				i++
				o.val, o.has = words[i], true
			}
			opts = append(opts, o)
		default:
			for j := 1; j < len(t); j++ {
				letter := t[j]
				n := string(letter)
				if long, ok := ctrShortNames[letter]; ok {
					n = long
				}
				if !strings.ContainsRune(shortVal, rune(letter)) {
					opts = append(opts, ctrOpt{name: n})
					continue
				}
				o := ctrOpt{name: n}
				if v := strings.TrimPrefix(t[j+1:], "="); j+1 < len(t) {
					o.val, o.has = subWord(w, v), true
				} else if i+1 < len(words) {
					i++
					o.val, o.has = words[i], true
				}
				opts = append(opts, o)
				break
			}
		}
	}
	return opts, ops, maybe
}

// ctrExpand replaces unquoted words the script assigned (OPTS="--privileged";
// docker run $OPTS …) by the words they split into.
func (ck *checker) ctrExpand(rest []shellparse.Word, maybe *bool) []shellparse.Word {
	var out []shellparse.Word
	for _, w := range rest {
		if w.Static || w.Quoted || w.Subst || w.Glob || w.Placeholder || len(w.Params) == 0 || !strings.HasPrefix(w.Text, "$") {
			out = append(out, w)
			continue
		}
		texts, unknown := ck.expandPath(w)
		if unknown || len(texts) != 1 {
			out = append(out, w)
			continue
		}
		for _, f := range strings.Fields(texts[0]) {
			out = append(out, shellparse.Word{Text: f, Static: true})
		}
	}
	return out
}

// staticOptionName reports a word whose option name is written out
// (--volume="$HOME/.ssh:/s", -v"$PWD":/app).
func staticOptionName(t string) bool {
	if !strings.HasPrefix(t, "-") || len(t) < 2 || strings.ContainsAny(t[1:2], "$`\"'\\") {
		return false
	}
	if strings.HasPrefix(t, "--") {
		n, _, _ := strings.Cut(t[2:], "=")
		return n != "" && !strings.ContainsAny(n, "$`\"'\\*?[{")
	}
	return true
}

// optionsVariable reports a word known only at run time that may hold options:
// a command substitution, "$@", or a variable named like options ($DOCKER_OPTS,
// $RUN_ARGS, $EXTRA_FLAGS).
func optionsVariable(w shellparse.Word) bool {
	if w.Subst {
		return true
	}
	for _, p := range w.Params {
		u := strings.ToUpper(p)
		if p == "@" || p == "*" || strings.Contains(u, "OPT") || strings.Contains(u, "ARG") || strings.Contains(u, "FLAG") {
			return true
		}
	}
	return false
}

// subWord is part of a word (an attached option value) with the word's
// properties.
func subWord(w shellparse.Word, text string) shellparse.Word {
	w.Text = text
	return w
}

// containerRun judges run, create, build and their kin: what the container
// is given of the host.
func (ck *checker) containerRun(name string, rest []shellparse.Word, shortVal string, posix bool) {
	opts, ops, maybe := ck.ctrScan(rest, shortVal, posix)
	for _, o := range opts {
		if ck.ctrOption(name, o) {
			return
		}
	}
	for _, o := range opts {
		if o.name == "rootfs" && len(ops) > 0 {
			// podman run --rootfs DIR: a host directory is the container's /.
			ck.ctrMount(name, ops[0], false, true)
		}
	}
	if maybe {
		ck.add(finding.PrivilegeEscalation, "container_dynamic_word", NonSevere, name+": a word known only at run time could be --privileged or a host mount, which give the container the host")
	}
}

// ctrOption judges one option; it reports a severe finding added. The host's
// network (--network=host) is not judged: it shares the host's ports, not its
// root.
func (ck *checker) ctrOption(name string, o ctrOpt) bool {
	val := strings.TrimSpace(o.val.Text)
	dynamic := o.has && !o.val.Static
	switch o.name {
	case "privileged":
		if !o.has || dynamic || truthy(val) {
			return ck.privileged(name + " --privileged gives the container every capability and the host's devices: root in it is root on the host")
		}
	case "with-ns":
		if kind, p, _ := strings.Cut(val, ":"); kind == "pid" && strings.HasPrefix(path.Clean(p), "/proc/1/") {
			return ck.privileged(name + " --with-ns " + val + " puts the container in the host's process namespace")
		}
	case "use-api-socket":
		return ck.privileged(name + " --use-api-socket hands the container the engine's socket, which controls the host as root")
	case "pid":
		if val == "host" {
			return ck.privileged(name + " --pid=host puts the container in the host's process namespace, where its root can signal and inspect every process")
		}
	case "userns":
		if val == "host" {
			ck.add(finding.PrivilegeEscalation, "container_userns_host", NonSevere, name+" --userns=host turns off user-namespace remapping: root in the container is root on the host for what it can reach")
		}
	case "cap-add":
		for _, c := range strings.Split(val, ",") {
			c = strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(c)), "CAP_")
			if dangerousCaps[c] {
				return ck.privileged(name + " --cap-add=" + c + " gives the container a capability that reaches past its namespaces to the host")
			}
		}
	case "security-opt":
		key, v, ok := strings.Cut(val, "=")
		if !ok {
			key, v, _ = strings.Cut(val, ":")
		}
		switch {
		case (key == "seccomp" || key == "apparmor" || key == "systempaths") && v == "unconfined", key == "unmask" && (v == "ALL" || strings.HasPrefix(v, "/proc") || strings.HasPrefix(v, "/sys")):
			return ck.privileged(name + " --security-opt " + val + " switches off the confinement that keeps the container's root from the host")
		}
	case "allow":
		if strings.Contains(val, "security.insecure") {
			return ck.privileged(name + " --allow security.insecure lets build steps run privileged, as root on the host")
		}
	case "device":
		src, _, _ := strings.Cut(val, ":")
		if rawDevice(path.Clean(src)) {
			return ck.privileged(name + " --device " + src + " gives the container a raw disk or memory device: it can read and rewrite the host's data")
		}
	case "device-cgroup-rule":
		if f := strings.Fields(val); len(f) > 0 && (f[0] == "a" || f[0] == "b") {
			return ck.privileged(name + " --device-cgroup-rule '" + val + "' lets the container open the host's block devices")
		}
	case "volume", "v":
		if o.has {
			src, ro, named := volumeSpec(o.val)
			return ck.ctrMount(name, src, ro, !named)
		}
	case "mount":
		if o.has {
			if src, ro, ok := mountSpec(o.val); ok {
				return ck.ctrMount(name, src, ro, true)
			}
		}
	}
	return false
}

// privileged adds the severe finding and reports it added.
func (ck *checker) privileged(reason string) bool {
	ck.add(finding.PrivilegeEscalation, "container_host_access", Severe, reason)
	return true
}

// truthy reads a boolean option's value as Go's flag package does.
func truthy(v string) bool {
	b, err := strconv.ParseBool(v)
	return err != nil || b // an odd value: assume the worst
}

// dangerousCaps are capabilities that reach the host from a container.
var dangerousCaps = map[string]bool{"ALL": true, "SYS_ADMIN": true, "SYS_MODULE": true, "SYS_RAWIO": true, "DAC_READ_SEARCH": true, "BPF": true}

// containerExec: exec runs a command inside a running container. It is not a
// host command (never unwrapped); --privileged gives it the host.
func (ck *checker) containerExec(name, base string, rest []shellparse.Word) {
	opts, ops, _ := ck.ctrScan(rest, "euw", true)
	for _, o := range opts {
		if o.name == "privileged" && (!o.has || !o.val.Static || truthy(o.val.Text)) {
			ck.privileged(name + " --privileged runs the command with every capability: root in the container is root on the host")
			return
		}
	}
	if len(ops) >= 2 || base == "docker-compose" || base == "podman-compose" || strings.Contains(name, "compose") {
		ck.add(finding.InlineCode, "container_exec", NonSevere, name+" runs a command in a container")
	}
}

// hostCopy: docker|podman|kubectl cp SRC DEST writes DEST on the host unless
// it names a container (CTR:PATH, POD:PATH) or stdout.
func (ck *checker) hostCopy(name string, inv registry.Invocation, args []shellparse.Word) {
	ops := inv.Scan.Operands
	if len(ops) < 2 {
		return
	}
	dest := args[ops[len(ops)-1]]
	remote := strings.Contains(dest.Text, ":") && !strings.HasPrefix(dest.Text, "/") && !strings.HasPrefix(dest.Text, ".") && !strings.HasPrefix(dest.Text, "~")
	if dest.Text == "-" || remote {
		return // CTR:PATH, NAMESPACE/POD:PATH or stdout
	}
	ck.writeTarget(dest, name+" "+dest.Text)
}
