package containers

import (
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazyre"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// replicasZero matches a patch that sets replicas to 0, in JSON or YAML.
var replicasZero = lazyre.Regexp{Src: `(?i)"?replicas"?\s*:\s*"?0+"?\s*([,}\n]|$)`}

// jsonPatchZero matches a JSON patch operation's value 0 ({"op":"replace",
// "path":"/spec/replicas","value":0}).
var jsonPatchZero = lazyre.Regexp{Src: `"value"\s*:\s*"?0+"?\s*[,}\]]`}

// secretOutputs are kubectl output formats that print a secret's data.
var secretOutputs = []string{"yaml", "json", "jsonpath", "go-template", "template", "custom-columns"}

// kubeVerb judges kubectl's (oc's, k3s kubectl's …) verbs.
func (j judge) kubeVerb(name string, verb []string, inv registry.Invocation, args []shellparse.Word) {
	if len(verb) == 0 {
		return
	}
	switch verb[0] {
	case "exec", "rsh":
		j.report(finding.InlineCode, "kubectl_exec", finding.NonSevere, name+" runs a command in a container of the pod")
	case "debug", "debug-node":
		j.report(finding.InlineCode, "kubectl_debug", finding.NonSevere, name+" starts a debugging container in the pod or on the node and runs a command there")
	case "cp":
		j.hostCopy(name, inv, args)
	case "patch":
		j.kubePatch(name, inv)
	case "get":
		if getsSecret(inv, args) && showsSecret(inv) {
			j.report(finding.SecretAccess, "kubectl_secret", finding.NonSevere, name+" prints the secret's data (base64 is not encryption)")
		}
	}
}

// kubePatch: kubectl patch that sets replicas to 0 stops the workload.
func (j judge) kubePatch(name string, inv registry.Invocation) {
	for _, o := range inv.Scan.Values("-p", "--patch") {
		if replicasZero.Get().MatchString(o.Value) || strings.Contains(o.Value, `/replicas"`) && jsonPatchZero.Get().MatchString(o.Value) {
			j.report(finding.DestructiveAction, "kubectl_scale_zero", finding.NonSevere, name+" sets replicas to 0: every pod of the workload stops")
		}
	}
}

// getsSecret reports kubectl get of secrets (secret, secrets/NAME,
// secrets.v1, pods,secrets).
func getsSecret(inv registry.Invocation, args []shellparse.Word) bool {
	secret := false
	for _, i := range inv.Scan.Operands {
		for _, r := range strings.Split(args[i].Text, ",") {
			r, _, _ = strings.Cut(strings.ToLower(r), "/")
			r, _, _ = strings.Cut(r, ".")
			if r == "secret" || r == "secrets" {
				secret = true
			}
		}
	}
	return secret
}

// showsSecret reports an output format that prints a secret's data.
func showsSecret(inv registry.Invocation) bool {
	shows := inv.Scan.Has("--template")
	for _, o := range inv.Scan.Values("-o", "--output") {
		v := strings.ToLower(strings.TrimPrefix(o.Value, "="))
		for _, f := range secretOutputs {
			if strings.HasPrefix(v, f) || o.Dynamic {
				shows = true
			}
		}
	}
	return shows
}

// minikube: minikube kubectl -- ARGS is kubectl ARGS; minikube ssh runs a
// command in the cluster's machine; minikube mount and start --mount-string
// give it a host directory.
func (j judge) minikube(c shellparse.SimpleCommand, verb []string, inv registry.Invocation, args, rest []shellparse.Word) {
	if len(verb) != 1 {
		return
	}
	switch verb[0] {
	case "kubectl":
		kargs := rest
		if d := inv.Scan.DashDash; d > len(args)-len(rest)-1 {
			kargs = args[d+1:] // minikube kubectl -- ARGS
		}
		kc := c
		kc.Name = "kubectl"
		kc.Argv = append([]shellparse.Word{{Text: "kubectl", Static: true}}, kargs...)
		j.container(kc, kargs)
		j.h.ContainerDeclared(kc, "kubectl", kargs)
	case "ssh":
		if len(inv.Scan.Operands) > 0 {
			j.report(finding.InlineCode, "minikube_ssh", finding.NonSevere, "minikube ssh runs a command in the cluster's machine")
		}
	case "mount":
		if len(inv.Scan.Operands) > 0 {
			src, _, _ := strings.Cut(args[inv.Scan.Operands[0]].Text, ":")
			j.mount("minikube mount", subWord(args[inv.Scan.Operands[0]], src), false, true)
		}
	case "start":
		for _, o := range inv.Scan.Values("--mount-string") {
			src, _, _ := strings.Cut(o.Value, ":")
			j.mount("minikube start --mount-string", shellparse.Word{Text: src, Static: !o.Dynamic}, false, true)
		}
	}
}
