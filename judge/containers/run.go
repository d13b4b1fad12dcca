package containers

import (
	"path"
	"strconv"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// option is one option of a container verb, by its name without dashes
// ("volume", "v").
type option struct {
	name string
	val  shellparse.Word
	has  bool
}

// reading is what the grammar made of a verb's words.
type reading struct {
	opts []option
	// ops are the operands: with a Posix grammar, the image and the words
	// after it, which run inside the container.
	ops []shellparse.Word
	// maybe reports a word known only at run time that could still be any
	// option (a command substitution, or an unquoted variable that holds
	// options).
	maybe bool
}

// read reads a verb's words with registry.EngineOptions. Words known only at
// run time that the script assigned are expanded first.
func (j judge) read(rest []shellparse.Word, verb registry.EngineVerb) reading {
	words := j.expand(rest)
	g := registry.EngineOptions(verb)
	regWords, maybe := scanWords(words)
	s := g.Scan(regWords)
	var r reading
	for _, o := range s.Opts {
		opt := option{name: strings.TrimLeft(o.Name, "-"), has: o.HasValue}
		switch {
		case !o.HasValue:
		case o.ValueAt != o.At:
			opt.val = words[o.ValueAt]
		default:
			opt.val = subWord(words[o.At], o.Value)
		}
		r.opts = append(r.opts, opt)
	}
	for _, i := range s.Operands {
		if maybe[i] && i < s.Stop && (s.DashDash < 0 || i < s.DashDash) {
			r.maybe = true // in option position: it may be any option
			continue
		}
		r.ops = append(r.ops, words[i])
	}
	return r
}

// scanWords gives the grammar the words as the judgement reads them. A word
// whose option name is written out is read as written (--volume="$HOME/.ssh:/s",
// -v"$PWD":/app), but three dashes make no option the engines take: ---volume
// is an unknown option, not --volume. Another word known only at run time is
// an operand (the image, which ends the options) unless it may hold options
// (maybe): an unquoted command substitution or variable named like options.
// Such a word is dynamic to the grammar; an operand that starts with a dash
// is read as "-", which is one.
func scanWords(words []shellparse.Word) ([]registry.Word, []bool) {
	out := make([]registry.Word, len(words))
	maybe := make([]bool, len(words))
	for i, w := range words {
		t := w.Text
		out[i] = registry.Word{Text: t}
		switch {
		case w.Static || staticOptionName(t):
			if strings.HasPrefix(t, "---") {
				out[i].Text = "--unknown-" + strings.TrimLeft(t, "-")
			}
		case !w.Quoted && !strings.HasPrefix(t, "-") && optionsVariable(w):
			out[i].Dynamic, maybe[i] = true, true
		case strings.HasPrefix(t, "-"):
			out[i].Text = "-"
		}
	}
	return out, maybe
}

// expand replaces unquoted words the script assigned (OPTS="--privileged";
// docker run $OPTS …) by the words they split into.
func (j judge) expand(rest []shellparse.Word) []shellparse.Word {
	var out []shellparse.Word
	for _, w := range rest {
		if w.Static || w.Quoted || w.Subst || w.Glob || w.Placeholder || len(w.Params) == 0 || !strings.HasPrefix(w.Text, "$") {
			out = append(out, w)
			continue
		}
		texts, unknown := j.h.ExpandPath(w)
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
func (j judge) containerRun(name string, rest []shellparse.Word, verb registry.EngineVerb) {
	r := j.read(rest, verb)
	for _, o := range r.opts {
		if j.option(name, o) {
			return
		}
	}
	for _, o := range r.opts {
		if o.name == "rootfs" && len(r.ops) > 0 {
			// podman run --rootfs DIR: a host directory is the container's /.
			j.mount(name, r.ops[0], false, true)
		}
	}
	if r.maybe {
		j.report(finding.PrivilegeEscalation, "container_dynamic_word", finding.NonSevere, name+": a word known only at run time could be --privileged or a host mount, which give the container the host")
	}
}

// option judges one option; it reports a severe finding added. The host's
// network (--network=host) is not judged: it shares the host's ports, not its
// root.
func (j judge) option(name string, o option) bool {
	judgeOpt, ok := optionJudges.Get()[o.name]
	return ok && judgeOpt(j, name, o, strings.TrimSpace(o.val.Text))
}

// optionJudges are the judgements of the options that may give a container
// the host, by name.
var optionJudges = lazy.Value[map[string]func(j judge, name string, o option, val string) bool]{Make: func() map[string]func(j judge, name string, o option, val string) bool {
	return map[string]func(j judge, name string, o option, val string) bool{
		"privileged": func(j judge, name string, o option, val string) bool {
			return (!o.has || !o.val.Static || truthy(val)) &&
				j.privileged(name+" --privileged gives the container every capability and the host's devices: root in it is root on the host")
		},
		"with-ns": func(j judge, name string, _ option, val string) bool {
			kind, p, _ := strings.Cut(val, ":")
			return kind == "pid" && strings.HasPrefix(path.Clean(p), "/proc/1/") &&
				j.privileged(name+" --with-ns "+val+" puts the container in the host's process namespace")
		},
		"use-api-socket": func(j judge, name string, _ option, _ string) bool {
			return j.privileged(name + " --use-api-socket hands the container the engine's socket, which controls the host as root")
		},
		"pid":          func(j judge, name string, _ option, val string) bool { return j.namespace(name, "pid", val) },
		"userns":       func(j judge, name string, _ option, val string) bool { return j.namespace(name, "userns", val) },
		"cap-add":      func(j judge, name string, _ option, val string) bool { return j.capAdd(name, val) },
		"security-opt": func(j judge, name string, _ option, val string) bool { return j.securityOpt(name, val) },
		"allow": func(j judge, name string, _ option, val string) bool {
			return strings.Contains(val, "security.insecure") &&
				j.privileged(name+" --allow security.insecure lets build steps run privileged, as root on the host")
		},
		"device": func(j judge, name string, _ option, val string) bool { return j.device(name, "device", val) },
		"device-cgroup-rule": func(j judge, name string, _ option, val string) bool {
			return j.device(name, "device-cgroup-rule", val)
		},
		"volume": judgeVolume,
		"v":      judgeVolume,
		"mount": func(j judge, name string, o option, _ string) bool {
			if !o.has {
				return false
			}
			src, ro, ok := mountSpec(o.val)
			return ok && j.mount(name, src, ro, true)
		},
	}
}}

// judgeVolume judges -v SRC:DST[:OPTS] and --volume.
func judgeVolume(j judge, name string, o option, _ string) bool {
	if !o.has {
		return false
	}
	src, ro, named := volumeSpec(o.val)
	return j.mount(name, src, ro, !named)
}

// namespace judges --pid=host and --userns=host.
func (j judge) namespace(name, opt, val string) bool {
	if val != "host" {
		return false
	}
	if opt == "pid" {
		return j.privileged(name + " --pid=host puts the container in the host's process namespace, where its root can signal and inspect every process")
	}
	j.report(finding.PrivilegeEscalation, "container_userns_host", finding.NonSevere, name+" --userns=host turns off user-namespace remapping: root in the container is root on the host for what it can reach")
	return false
}

// capAdd judges --cap-add.
func (j judge) capAdd(name, val string) bool {
	for _, c := range strings.Split(val, ",") {
		c = strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(c)), "CAP_")
		if dangerousCaps.Get()[c] {
			return j.privileged(name + " --cap-add=" + c + " gives the container a capability that reaches past its namespaces to the host")
		}
	}
	return false
}

// securityOpt judges --security-opt.
func (j judge) securityOpt(name, val string) bool {
	key, v, ok := strings.Cut(val, "=")
	if !ok {
		key, v, _ = strings.Cut(val, ":")
	}
	switch {
	case (key == "seccomp" || key == "apparmor" || key == "systempaths") && v == "unconfined", key == "unmask" && (v == "ALL" || strings.HasPrefix(v, "/proc") || strings.HasPrefix(v, "/sys")):
		return j.privileged(name + " --security-opt " + val + " switches off the confinement that keeps the container's root from the host")
	}
	return false
}

// device judges --device and --device-cgroup-rule.
func (j judge) device(name, opt, val string) bool {
	if opt == "device" {
		src, _, _ := strings.Cut(val, ":")
		if rawDevice(path.Clean(src)) {
			return j.privileged(name + " --device " + src + " gives the container a raw disk or memory device: it can read and rewrite the host's data")
		}
		return false
	}
	if f := strings.Fields(val); len(f) > 0 && (f[0] == "a" || f[0] == "b") {
		return j.privileged(name + " --device-cgroup-rule '" + val + "' lets the container open the host's block devices")
	}
	return false
}

// privileged adds the severe finding and reports it added.
func (j judge) privileged(reason string) bool {
	j.report(finding.PrivilegeEscalation, "container_host_access", finding.Severe, reason)
	return true
}

// truthy reads a boolean option's value as Go's flag package does.
func truthy(v string) bool {
	b, err := strconv.ParseBool(v)
	return err != nil || b // an odd value: assume the worst
}

// dangerousCaps are capabilities that reach the host from a container.
var dangerousCaps = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"ALL": true, "SYS_ADMIN": true, "SYS_MODULE": true, "SYS_RAWIO": true, "DAC_READ_SEARCH": true, "BPF": true}
}}

// containerExec: exec runs a command inside a running container. It is not a
// host command (never unwrapped); --privileged gives it the host.
func (j judge) containerExec(name, base string, rest []shellparse.Word) {
	r := j.read(rest, registry.EngineExec)
	for _, o := range r.opts {
		if o.name == "privileged" && (!o.has || !o.val.Static || truthy(o.val.Text)) {
			j.privileged(name + " --privileged runs the command with every capability: root in the container is root on the host")
			return
		}
	}
	if len(r.ops) >= 2 || base == "docker-compose" || base == "podman-compose" || strings.Contains(name, "compose") {
		j.report(finding.InlineCode, "container_exec", finding.NonSevere, name+" runs a command in a container")
	}
}
