package containers

import (
	"github.com/permgate/permgate/internal/pathin"
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// fakeHost is a command in /work of a user whose home is /home/u.
type fakeHost struct {
	ids      []string
	written  []string
	declared []string
}

func (h *fakeHost) Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string) {
	h.ids = append(h.ids, string(kind)+"."+name)
}
func (h *fakeHost) WriteTarget(w shellparse.Word, how string) { h.written = append(h.written, w.Text) }
func (h *fakeHost) Resolve(p string) string {
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Join("/work", p)
}
func (h *fakeHost) ExpandPath(w shellparse.Word) ([]string, bool) {
	if !w.Static {
		return nil, true
	}
	if rest, ok := strings.CutPrefix(w.Text, "~/"); ok {
		return []string{"/home/u/" + rest}, false
	}
	return []string{w.Text}, false
}
func (h *fakeHost) Home() string                         { return "/home/u" }
func (h *fakeHost) ContainerRealPaths(p string) []string { return []string{p} }
func (h *fakeHost) ContainerMountsSelf(p string) bool {
	return pathin.Within("/home/u/.config/permgate", p)
}
func (h *fakeHost) ContainerCritical(p string) string {
	if p == "/home/u/.bashrc" {
		return p + " (a shell start-up file)"
	}
	return ""
}
func (h *fakeHost) ContainerDeclared(c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	h.declared = append(h.declared, c.Name)
}

// command makes a simple command of static words.
func command(line string) shellparse.SimpleCommand {
	var argv []shellparse.Word
	for _, f := range strings.Fields(line) {
		argv = append(argv, shellparse.Word{Text: f, Static: true})
	}
	return shellparse.SimpleCommand{Name: argv[0].Text, Argv: argv}
}

func TestJudge(t *testing.T) {
	cases := []struct{ line, want string }{
		{"docker run --rm -it ubuntu bash", ""},
		{"docker run --privileged ubuntu", "privilege_escalation.container_host_access"},
		{"docker run --privileged=false ubuntu", ""},
		{"docker run ubuntu --privileged", ""},
		{"docker run -v=/:/host ubuntu", "privilege_escalation.container_host_access"},
		{"docker run -v /var/run/docker.sock:/s ubuntu", "privilege_escalation.container_host_access"},
		{"docker run -v pgdata:/var/lib/data postgres", ""},
		{"docker run -v ./src:/src ubuntu", ""},
		{"docker run --mount type=bind,src=/etc,dst=/e ubuntu", "privilege_escalation.container_host_access"},
		{"docker run -v ~/.ssh:/root/.ssh ubuntu", "secret_access.container_mount_secret"},
		{"docker run -v ~/.config/permgate:/p ubuntu", "self_modify.container_mount_self"},
		{"docker run -v ~/.bashrc:/b ubuntu", "critical_write.container_mount_critical"},
		{"docker run -v ~/.bashrc:/b:ro ubuntu", ""},
		{"docker run --userns=host ubuntu", "privilege_escalation.container_userns_host"},
		{"podman run --cap-add=sys_admin ubuntu", "privilege_escalation.container_host_access"},
		{"docker run --security-opt seccomp=unconfined ubuntu", "privilege_escalation.container_host_access"},
		{"docker run --device /dev/sda ubuntu", "privilege_escalation.container_host_access"},
		{"docker container run --pid=host ubuntu", "privilege_escalation.container_host_access"},
		{"docker build --allow security.insecure .", "privilege_escalation.container_host_access"},
		{"docker volume create --opt type=none --opt o=bind --opt device=/ v", "privilege_escalation.container_host_access"},
		{"docker exec ctr ls", "inline_code.container_exec"},
		{"docker exec --privileged ctr ls", "privilege_escalation.container_host_access"},
		{"crictl exec -it ctr sh", "inline_code.container_command"},
		{"ctr run --privileged img id", "privilege_escalation.container_host_access"},
		{"kubectl exec pod -- ls", "inline_code.kubectl_exec"},
		{"kubectl get secret db -o yaml", "secret_access.kubectl_secret"},
		{"kubectl get secrets", ""},
		{"kubectl get pods -o yaml", ""},
		{"kubectl patch deploy web -p {\"spec\":{\"replicas\":0}}", "destructive_action.kubectl_scale_zero"},
		{"k3s kubectl debug node/n1 -it --image=busybox", "inline_code.kubectl_debug"},
		{"minikube ssh ls", "inline_code.minikube_ssh"},
		{"minikube mount /:/host", "privilege_escalation.container_host_access"},
		{"minikube kubectl -- exec pod -- ls", "inline_code.kubectl_exec"},
	}
	for _, tc := range cases {
		h := &fakeHost{}
		c := command(tc.line)
		Judge(h, c, c.Argv[1:])
		if got := strings.Join(h.ids, " "); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestHostCopy(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"docker cp ctr:/etc/passwd ./passwd", "./passwd"},
		{"docker cp ./f ctr:/f", ""},
		{"kubectl cp ns/pod:/x /tmp/x", "/tmp/x"},
		{"docker cp ctr:/x -", ""},
	} {
		h := &fakeHost{}
		c := command(tc.line)
		Judge(h, c, c.Argv[1:])
		if got := strings.Join(h.written, " "); got != tc.want {
			t.Errorf("%s: writes %q, want %q", tc.line, got, tc.want)
		}
	}
}

func TestMinikubeKubectlDeclared(t *testing.T) {
	h := &fakeHost{}
	c := command("minikube kubectl -- delete ns prod")
	Judge(h, c, c.Argv[1:])
	if !slices.Equal(h.declared, []string{"kubectl"}) {
		t.Errorf("minikube kubectl: declared %q, want kubectl", h.declared)
	}
}

// TestDynamicWords: a word known only at run time that may hold options
// could give the container the host; a quoted one is the image.
func TestDynamicWords(t *testing.T) {
	opts := shellparse.Word{Text: "$DOCKER_OPTS", Params: []string{"DOCKER_OPTS"}}
	img := shellparse.Word{Text: "$IMG", Params: []string{"IMG"}, Quoted: true}
	for _, tc := range []struct {
		words []shellparse.Word
		want  string
	}{
		{[]shellparse.Word{opts, {Text: "ubuntu", Static: true}}, "privilege_escalation.container_dynamic_word"},
		{[]shellparse.Word{img, {Text: "--privileged", Static: true}}, ""},
		{[]shellparse.Word{{Text: "-v", Static: true}, {Text: "$(pwd):/src", Subst: true}, img}, ""},
		{[]shellparse.Word{{Text: "-v", Static: true}, {Text: "$(cat dir):/src", Subst: true}, img}, "privilege_escalation.container_dynamic_mount"},
	} {
		h := &fakeHost{}
		c := shellparse.SimpleCommand{Name: "docker", Argv: append([]shellparse.Word{{Text: "docker", Static: true}, {Text: "run", Static: true}}, tc.words...)}
		Judge(h, c, c.Argv[1:])
		if got := strings.Join(h.ids, " "); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.words, got, tc.want)
		}
	}
}

func TestVolumeSpec(t *testing.T) {
	for _, tc := range []struct {
		spec, src string
		ro, named bool
	}{
		{"/:/host", "/", false, false},
		{"/etc:/e:ro", "/etc", true, false},
		{"pgdata:/data", "pgdata", false, true},
		{"/data", "", false, true},
		{"~/.ssh:/s:z,O", "~/.ssh", true, false},
	} {
		src, ro, named := volumeSpec(shellparse.Word{Text: tc.spec, Static: true})
		if src.Text != tc.src || ro != tc.ro || named != tc.named {
			t.Errorf("volumeSpec(%q) = %q %v %v, want %q %v %v", tc.spec, src.Text, ro, named, tc.src, tc.ro, tc.named)
		}
	}
}

func TestMountSpec(t *testing.T) {
	for _, tc := range []struct {
		spec, src string
		ro, ok    bool
	}{
		{"type=bind,source=/,target=/h", "/", false, true},
		{"target=/h,src=/etc,readonly", "/etc", true, true},
		{`"source=/",type=bind`, "/", false, true},
		{"type=volume,src=data,dst=/d", "", false, false},
		{"type=tmpfs,dst=/t", "", false, false},
		{"type=volume,dst=/d,volume-opt=type=none,volume-opt=o=bind,volume-opt=device=/", "/", false, true},
		{"type=bind,src=/x,dst=/x,options=rbind:ro", "/x", true, true},
	} {
		src, ro, ok := mountSpec(shellparse.Word{Text: tc.spec, Static: true})
		if src.Text != tc.src || ro != tc.ro || ok != tc.ok {
			t.Errorf("mountSpec(%q) = %q %v %v, want %q %v %v", tc.spec, src.Text, ro, ok, tc.src, tc.ro, tc.ok)
		}
	}
}

func TestHostMountPath(t *testing.T) {
	for p, want := range map[string]bool{
		"/": true, "/etc": true, "/etc/shadow": true, "/run/user/1000/docker.sock": true, "/dev/sda": true,
		"/var/lib/docker/volumes": true, "/etc/hosts": false, "/work/src": false, "/home/u": false,
	} {
		if got := hostMountPath(p) != ""; got != want {
			t.Errorf("hostMountPath(%q) = %q, want given away %v", p, hostMountPath(p), want)
		}
	}
}

func TestPwdSubst(t *testing.T) {
	for text, want := range map[string]bool{
		"$(pwd)": true, "`pwd`:/src": true, `"$(pwd)"/src`: true, "$(pwd)/$(cat x)": false, "$(cat x)": false,
	} {
		if got := pwdSubst(text); got != want {
			t.Errorf("pwdSubst(%q) = %v, want %v", text, got, want)
		}
	}
}
