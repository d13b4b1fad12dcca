package validator

import (
	"github.com/permgate/permgate/internal/lazyre"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// replicasZero matches a patch that sets replicas to 0, in JSON or YAML.
var replicasZero = lazyre.New(`(?i)"?replicas"?\s*:\s*"?0+"?\s*([,}\n]|$)`)

// jsonPatchZero matches a JSON patch operation's value 0 ({"op":"replace",
// "path":"/spec/replicas","value":0}).
var jsonPatchZero = lazyre.New(`"value"\s*:\s*"?0+"?\s*[,}\]]`)

// secretOutputs are kubectl output formats that print a secret's data.
var secretOutputs = []string{"yaml", "json", "jsonpath", "go-template", "template", "custom-columns"}

// kubeVerb judges kubectl's (oc's, k3s kubectl's …) verbs.
func (ck *checker) kubeVerb(c shellparse.SimpleCommand, name string, verb []string, inv registry.Invocation, args []shellparse.Word) {
	if len(verb) == 0 {
		return
	}
	switch verb[0] {
	case "exec", "rsh":
		ck.add(finding.InlineCode, "kubectl_exec", NonSevere, name+" runs a command in a container of the pod")
	case "debug", "debug-node":
		ck.add(finding.InlineCode, "kubectl_debug", NonSevere, name+" starts a debugging container in the pod or on the node and runs a command there")
	case "cp":
		ck.hostCopy(name, inv, args)
	case "patch":
		for _, o := range inv.Scan.Values("-p", "--patch") {
			if replicasZero().MatchString(o.Value) || strings.Contains(o.Value, `/replicas"`) && jsonPatchZero().MatchString(o.Value) {
				ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.kubectl_scale_zero",
					Reason: OneLine(name + " sets replicas to 0: every pod of the workload stops")})
			}
		}
	case "get":
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
		if !secret {
			return
		}
		shows := inv.Scan.Has("--template")
		for _, o := range inv.Scan.Values("-o", "--output") {
			v := strings.ToLower(strings.TrimPrefix(o.Value, "="))
			for _, f := range secretOutputs {
				if strings.HasPrefix(v, f) || o.Dynamic {
					shows = true
				}
			}
		}
		if shows {
			ck.add(finding.SecretAccess, "kubectl_secret", NonSevere, name+" prints the secret's data (base64 is not encryption)")
		}
	}
}

// minikube: minikube kubectl -- ARGS is kubectl ARGS; minikube ssh runs a
// command in the cluster's machine; minikube mount and start --mount-string
// give it a host directory.
func (ck *checker) minikube(c shellparse.SimpleCommand, verb []string, inv registry.Invocation, args, rest []shellparse.Word) {
	if len(verb) != 1 {
		return
	}
	switch verb[0] {
	case "kubectl":
		kargs := rest
		if i := slices.IndexFunc(rest, func(w shellparse.Word) bool { return w.Static && w.Text == "--" }); i >= 0 {
			kargs = rest[i+1:]
		}
		kc := c
		kc.Name = "kubectl"
		kc.Argv = append([]shellparse.Word{{Text: "kubectl", Static: true}}, kargs...)
		ck.container(kc, kargs)
		ck.declared(kc, "kubectl", kargs)
	case "ssh":
		if len(inv.Scan.Operands) > 0 {
			ck.add(finding.InlineCode, "minikube_ssh", NonSevere, "minikube ssh runs a command in the cluster's machine")
		}
	case "mount":
		if len(inv.Scan.Operands) > 0 {
			src, _, _ := strings.Cut(args[inv.Scan.Operands[0]].Text, ":")
			ck.ctrMount("minikube mount", subWord(args[inv.Scan.Operands[0]], src), false, true)
		}
	case "start":
		for _, o := range inv.Scan.Values("--mount-string") {
			src, _, _ := strings.Cut(o.Value, ":")
			ck.ctrMount("minikube start --mount-string", shellparse.Word{Text: src, Static: !o.Dynamic}, false, true)
		}
	}
}
