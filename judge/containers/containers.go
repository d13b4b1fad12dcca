// Package containers judges what the declarations in registry/containers.go
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
//
// The verbs' options are read by the registry's grammar
// (registry.EngineOptions for what a container is given, the declarations
// for the rest).
package containers

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the judgement asks of the command being judged.
type Host interface {
	// Report records a finding of the rule kind.name on the command.
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// WriteTarget judges one file the command writes.
	WriteTarget(w shellparse.Word, how string)
	// Resolve returns the absolute, cleaned path a static word names.
	Resolve(p string) string
	// ExpandPath returns the paths a word may name, and whether some are
	// known only at run time.
	ExpandPath(w shellparse.Word) (texts []string, unknown bool)
	// Home is the home directory, absolute.
	Home() string
	// ContainerRealPaths returns the paths p may be once its symbolic links
	// are followed, p first.
	ContainerRealPaths(p string) []string
	// ContainerMountsSelf reports a path that is one of permgate's own files
	// or a directory above them.
	ContainerMountsSelf(p string) bool
	// ContainerCritical says why writing p is catastrophic, or "".
	ContainerCritical(p string) string
	// ContainerDeclared adds the findings the registry declares for a
	// command (minikube kubectl's kubectl).
	ContainerDeclared(c shellparse.SimpleCommand, base string, args []shellparse.Word)
}

// judge is one command's judgement.
type judge struct{ h Host }

// Judge judges a container engine's or a cluster client's command; args
// are the words after its name.
func Judge(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	judge{h}.container(c, args)
}

// report records a finding without a safer way.
func (j judge) report(kind finding.Kind, name string, sev finding.Severity, reason string) {
	j.h.Report(kind, name, sev, reason, "")
}

// container reads the verb and hands it to its judgement.
func (j judge) container(c shellparse.SimpleCommand, args []shellparse.Word) {
	base := path.Base(c.Name)
	prog, ok := registry.Default().Lookup(base)
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
			j.kubeVerb(name, verb[1:], inv, args)
		}
	case "minikube":
		j.minikube(c, verb, inv, args, rest)
	case "kubectl", "kubecolor", "microk8s.kubectl", "oc":
		j.kubeVerb(name, verb, inv, args)
	case "ctr":
		if len(verb) == 1 && verb[0] == "run" {
			j.containerRun(name, rest, registry.EngineCtrRun)
		}
	case "crictl":
		if len(verb) == 1 && verb[0] == "exec" {
			j.report(finding.InlineCode, "container_command", finding.NonSevere, name+" runs a command in a container")
		}
	default: // docker, podman, nerdctl, buildah, docker-compose, podman-compose.
		j.engine(name, base, verb, inv, args, rest)
	}
}

// engineGroups are the verb groups whose verbs are the engine's own (docker
// container run is docker run).
var engineGroups = []string{"container", "image", "compose", "builder", "buildx", "pod"}

// engine judges docker's, podman's, nerdctl's, buildah's and compose's verbs.
func (j judge) engine(name, base string, verb []string, inv registry.Invocation, args, rest []shellparse.Word) {
	if len(verb) > 1 && slices.Contains(engineGroups, verb[0]) {
		verb = verb[1:]
	}
	if len(verb) != 1 {
		if len(verb) == 2 && verb[0] == "volume" && verb[1] == "create" {
			j.volumeCreate(name, rest)
		}
		return
	}
	switch verb[0] {
	case "run", "create", "from":
		j.containerRun(name, rest, registry.EngineRun)
	case "exec":
		j.containerExec(name, base, rest)
	case "build", "b", "bake", "bud", "build-using-dockerfile":
		j.containerRun(name, rest, registry.EngineBuild)
	case "cp":
		j.hostCopy(name, inv, args)
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

// hostCopy: docker|podman|kubectl cp SRC DEST writes DEST on the host unless
// it names a container (CTR:PATH, POD:PATH) or stdout.
func (j judge) hostCopy(name string, inv registry.Invocation, args []shellparse.Word) {
	ops := inv.Scan.Operands
	if len(ops) < 2 {
		return
	}
	dest := args[ops[len(ops)-1]]
	remote := strings.Contains(dest.Text, ":") && !strings.HasPrefix(dest.Text, "/") && !strings.HasPrefix(dest.Text, ".") && !strings.HasPrefix(dest.Text, "~")
	if dest.Text == "-" || remote {
		return // CTR:PATH, NAMESPACE/POD:PATH or stdout
	}
	j.h.WriteTarget(dest, name+" "+dest.Text)
}
