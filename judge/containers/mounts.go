package containers

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/places"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// rawDevice reports a device that holds the host's data or memory.
func rawDevice(p string) bool {
	switch p {
	case "/dev", "/dev/mem", "/dev/kmem", "/dev/port":
		return true
	}
	return blockDevice(p) || strings.HasPrefix(p, "/dev/sg") || strings.HasPrefix(p, "/dev/nbd") || strings.HasPrefix(p, "/dev/zd")
}

// volumeSpec reads -v SRC:DST[:OPTS]: the source, whether it is read-only, and
// whether it names a volume rather than a host path (pgdata:/var/lib/data).
// A spec without a colon is an anonymous volume: no source.
func volumeSpec(w shellparse.Word) (src shellparse.Word, ro, named bool) {
	parts := strings.Split(w.Text, ":")
	if len(parts) < 2 {
		return shellparse.Word{}, false, true
	}
	if len(parts) >= 3 {
		for _, o := range strings.Split(parts[len(parts)-1], ",") {
			if o == "ro" || o == "readonly" || o == "O" {
				ro = true
			}
		}
	}
	s := parts[0]
	named = w.Static && s != "" && !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, ".") && !strings.HasPrefix(s, "~")
	return subWord(w, s), ro, named
}

// mountSpec reads --mount type=bind,source=/,target=/x[,readonly] in any order
// and spelling (src=, source=; a volume whose volume-opt device= binds a host
// path); ok is false for a named volume or a tmpfs.
func mountSpec(w shellparse.Word) (src shellparse.Word, ro, ok bool) {
	f := readMountFields(w.Text)
	switch {
	case f.device != "" && f.bind:
		return subWord(w, f.device), f.ro, true
	case f.typ == "tmpfs" || f.typ == "npipe" || f.source == "":
		return shellparse.Word{}, false, false
	case f.typ == "volume" && !strings.HasPrefix(f.source, "/") && !strings.HasPrefix(f.source, "~") && !strings.HasPrefix(f.source, "$"):
		return shellparse.Word{}, false, false
	}
	return subWord(w, f.source), f.ro, true
}

// mountFields are the fields of a --mount spec the judgement reads.
type mountFields struct {
	typ, source, device string
	ro, bind            bool
}

// readMountFields reads a --mount spec's fields.
func readMountFields(spec string) mountFields {
	var f mountFields
	for _, part := range strings.Split(spec, ",") {
		// The engines read the spec as CSV: "source=/" may be quoted.
		k, v, _ := strings.Cut(strings.Trim(part, `"`), "=")
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "type":
			f.typ = v
		case "source", "src":
			f.source = v
		case "readonly", "ro":
			f.ro = v == "" || truthy(v)
		case "options": // ctr run --mount options=rbind:ro
			f.ro = slices.Contains(strings.Split(v, ":"), "ro")
		case "volume-opt":
			f.volumeOpt(v)
		}
	}
	return f
}

// volumeOpt reads a volume-opt: device=PATH with o=bind binds a host path.
func (f *mountFields) volumeOpt(v string) {
	if d, ok := strings.CutPrefix(v, "device="); ok {
		f.device = d
	}
	if o, ok := strings.CutPrefix(v, "o="); ok && strings.Contains(o, "bind") {
		f.bind = true
	}
}

// volumeCreate: docker volume create --opt type=none --opt o=bind --opt
// device=/ makes a volume that is the host's directory; mounted later, it gives
// the container the host.
func (j judge) volumeCreate(name string, rest []shellparse.Word) {
	device, bind := shellparse.Word{}, false
	for _, o := range j.read(rest, registry.EngineVolumeCreate).opts {
		if o.name != "opt" && o.name != "o" || !o.has {
			continue
		}
		if d, ok := strings.CutPrefix(o.val.Text, "device="); ok {
			device = subWord(o.val, d)
		}
		if v, ok := strings.CutPrefix(o.val.Text, "o="); ok && strings.Contains(v, "bind") {
			bind = true
		}
	}
	if bind && device.Text != "" {
		j.mount(name, device, false, true)
	}
}

// mount judges a host path mounted into a container (or bound into a
// volume, or used as its root). It reports a severe finding added.
func (j judge) mount(name string, src shellparse.Word, ro, isPath bool) bool {
	if !isPath || src.Text == "" {
		return false
	}
	if src.Subst && !pwdSubst(src.Text) {
		j.report(finding.PrivilegeEscalation, "container_dynamic_mount", finding.NonSevere, name+" mounts "+src.Text+", a path known only at run time: it could be / or the engine's socket")
		return false
	}
	texts, _ := j.h.ExpandPath(src)
	for _, text := range texts {
		if rest, ok := strings.CutPrefix(text, "~"); ok && (rest == "" || rest[0] == '/') {
			text = j.h.Home() + rest // --volume=~/x: the shell left ~ alone, the engine may not
		}
		if severe, judged := j.mountPath(name, src, j.h.Resolve(text), ro); judged {
			return severe
		}
	}
	return false
}

// mountPath judges one path a mount source may name, and each it may be once
// its links are followed: judged reports a finding added, severe a severe one.
func (j judge) mountPath(name string, src shellparse.Word, p string, ro bool) (severe, judged bool) {
	paths := j.h.ContainerRealPaths(p)
	for _, q := range paths {
		if why := hostMountPath(q); why != "" {
			return j.privileged(name + " mounts " + why + " into the container, where root can use it against the host"), true
		}
	}
	for _, q := range paths {
		if j.h.ContainerMountsSelf(q) {
			j.report(finding.SelfModify, "container_mount_self", finding.Severe, name+" mounts "+src.Text+" into a container, which can then rewrite permgate's own config or state")
			return true, true
		}
	}
	for _, q := range paths {
		if j.secretMount(q) {
			j.report(finding.SecretAccess, "container_mount_secret", finding.NonSevere, name+" mounts "+src.Text+", which holds secrets, into the container")
			return false, true
		}
	}
	for _, q := range paths {
		if why := j.h.ContainerCritical(q); why != "" && !ro {
			j.report(finding.CriticalWrite, "container_mount_critical", finding.Severe, name+" mounts "+why+" writable into the container, whose root can rewrite it")
			return true, true
		}
	}
	return false, false
}

// hostSystemDirs are host directories whose mount gives the container the
// host, read-only or not: the root, the system's files, every home, the
// kernel's views and the container engines' own state.
var hostSystemDirs = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"/": true, "/etc": true, "/root": true, "/home": true, "/Users": true, "/usr": true, "/boot": true, "/dev": true,
		"/proc": true, "/sys": true, "/var": true, "/run": true, "/var/run": true, "/bin": true, "/sbin": true, "/lib": true, "/lib64": true, "/lib32": true,
		"/var/lib": true, "/usr/bin": true, "/usr/sbin": true, "/usr/lib": true, "/usr/libexec": true, "/var/spool/cron": true,
		"/private": true, "/private/etc": true, "/private/var": true, "/System": true, "/Library": true}
}}

// hostSensitive are paths under which a mount, even read-only, gives the host
// away: credentials (shadow, sudoers, kubernetes admin configs), root's home,
// the kernel's process views and the engines' storage and sockets.
var hostSensitive = []string{"/etc/shadow", "/etc/gshadow", "/etc/kubernetes", "/etc/rancher", "/root", "/proc", "/private/var/root",
	"/var/lib/docker", "/var/lib/containerd", "/var/lib/containers", "/var/lib/kubelet", "/var/lib/rancher", "/var/lib/etcd",
	"/run/containerd", "/var/run/containerd", "/run/k3s", "/run/crio", "/var/run/crio", "/run/podman", "/run/buildkit", "/run/docker", "/var/run/docker",
	"/run/systemd/private", "/run/dbus", "/var/run/dbus"}

// engineSockets are the names of the sockets that control a container engine.
var engineSockets = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return map[string]bool{"docker.sock": true, "docker.sock.raw": true, "podman.sock": true, "containerd.sock": true, "crio.sock": true,
		"buildkitd.sock": true, "dockershim.sock": true, "cri-dockerd.sock": true, "kubelet.sock": true}
}}

// hostMountPath says what a host path mounted into a container gives away,
// or "".
func hostMountPath(p string) string {
	switch {
	case hostSystemDirs.Get()[p]:
		return p
	case engineSockets.Get()[path.Base(p)]:
		return p + ", the container engine's socket,"
	case rawDevice(p):
		return p + ", a raw device,"
	}
	for _, d := range hostSensitive {
		if pathin.Within(p, d) {
			return p
		}
	}
	return ""
}

// mountSecretDirs are folders under the home directory that hold credentials.
var mountSecretDirs = []string{".ssh", ".aws", ".kube", ".gnupg", ".docker", ".config/gcloud", ".azure", ".config/gh", ".password-store", ".local/share/keyrings",
	".vault-token", ".terraform.d", ".config/op", ".oci", ".codex", ".claude", ".netrc", ".git-credentials", ".npmrc", ".pypirc", ".cargo/credentials", ".cargo/credentials.toml",
	".config/doctl", ".fly", ".config/heroku", ".wrangler", ".config/hub", ".config/glab-cli", ".pgpass", ".my.cnf", ".gem/credentials", ".m2/settings.xml", ".config/rclone"}

// secretMount reports a mounted path that is or holds secrets.
func (j judge) secretMount(p string) bool {
	if places.SecretName(p) {
		return true
	}
	home := j.h.Home()
	if home == "" {
		return false
	}
	for _, d := range mountSecretDirs {
		if pathin.Within(p, home+"/"+d) {
			return true
		}
	}
	return false
}

// pwdSubst reports a mount source that is the working directory by command
// substitution ($(pwd), `pwd`, $(pwd)/src): nothing else is substituted.
func pwdSubst(t string) bool {
	t = strings.Trim(t, `"`)
	for _, p := range []string{"$(pwd)", "`pwd`", "$(pwd -P)", "$(pwd -L)"} {
		if rest, ok := strings.CutPrefix(t, p); ok {
			return !strings.Contains(rest, "$(") && !strings.Contains(rest, "`")
		}
	}
	return false
}

// blockDevice reports a block device's node (/dev/sda1, /dev/nvme0n1).
func blockDevice(p string) bool {
	for _, prefix := range places.BlockDevicePrefixes {
		if strings.HasPrefix(p, prefix) && len(p) > len(prefix) {
			return true
		}
	}
	return false
}
