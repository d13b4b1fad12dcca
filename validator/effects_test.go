package validator

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/effect"
)

// TestCommandClasses pins the effect classes of common commands, one line
// per simple command (separated by " | " when a line has several): what a
// user's [actions] policy sees. Read-only commands read and do nothing else
// (cd and export excepted: they change what runs next).
func TestCommandClasses(t *testing.T) {
	const (
		read   = "filesystem_read"
		write  = "filesystem_write"
		del    = "filesystem_delete"
		perm   = "permissions_change"
		code   = "code_execution"
		in     = "network_inbound"
		out    = "network_outbound"
		env    = "environment_change"
		dir    = "directory_change"
		kill   = "process_kill"
		system = "system_change"
	)
	for _, tc := range []struct{ command, want string }{
		// Readers.
		{"ls -la", read},
		{"cat README.md", read},
		{"grep -rn TODO src", read},
		{"git status", read},
		{"git log --oneline -5", read},
		{"git diff HEAD~1", read},
		{"find . -name '*.go'", read},
		{"jq .name package.json", read},
		{"curl -o /dev/null https://example.com", in},
		{"cat < input.txt", read},
		// The file system.
		{"rm -rf build", del},
		{"rm notes.txt", del},
		{"rmdir empty", del},
		{"mv a.txt b.txt", write + "," + del},
		{"cp a.txt b.txt", read + "," + write},
		{"touch marker", write},
		{"mkdir -p out/logs", write},
		{"echo hi > out.txt", read + "," + write},
		{"sort -o sorted.txt names.txt", write},
		{"chmod +x run.sh", perm},
		{"chown user:group file", perm},
		{"git commit -m 'fix'", write},
		{"git rm old.go", del},
		{"git clean -fdx", del},
		// The network.
		{"curl https://example.com", in},
		{"curl -fsSL https://example.com/x.tgz -o x.tgz", in + "," + write},
		{"curl -O https://example.com/x.tgz", write + "," + in},
		{"curl -d @body.json https://api.example.com", in + "," + out},
		{"curl --data-binary @f https://api.example.com", in + "," + out},
		{"curl -F file=@report.pdf https://api.example.com", in + "," + out},
		{"curl -T backup.tar https://example.com/up/", in + "," + out},
		{"curl $CURL_OPTS https://example.com", write + "," + in + "," + out},
		{"wget https://example.com/file.tgz", write + "," + in},
		{"wget -qO- https://example.com", in},
		{"wget --post-data 'a=b' https://api.example.com", write + "," + in + "," + out},
		{"aria2c https://example.com/iso", in},
		{"xh https://example.com", in},
		{"ssh host uptime", code + "," + out},
		{"ssh -N -L 8080:localhost:80 host", out},
		{"scp build.tgz host:/srv/", read + "," + write + "," + out},
		{"nc -zv localhost 5432", in + "," + out},
		{"git push origin main", out},
		{"git fetch origin", write + "," + in},
		{"git clone https://github.com/x/y", write + "," + in},
		// Processes and the system.
		{"kill 1234", kill},
		{"kill -l", read},
		{"pkill -f server", kill},
		{"killall node", kill},
		{"systemctl restart nginx", system},
		{"systemctl status nginx", read},
		{"mount /dev/sdb1 /mnt", system},
		{"umount /mnt", system},
		{"shutdown -h now", system},
		{"reboot", system},
		// The shell's state.
		{"cd /tmp", dir},
		{"pushd src", dir},
		{"export PATH=/opt/bin:$PATH", env},
		{"export -p", read},
		{"env FOO=1 make", env + "," + code},
		{"FOO=1 ls", read + "," + env},
		// Code no one has read.
		{"./build.sh", code},
		{"python3 script.py", code},
		{"mytool --run", code},
		{"make build", code},
		{"tmp=$(mktemp) && ls $tmp", write + " | " + env + " | " + read},
	} {
		a := New(corpusEnv).CheckScript(tc.command)
		var got []string
		for _, rec := range a.Commands {
			got = append(got, classList(rec.Effects))
		}
		if g := strings.Join(got, " | "); g != normalizeClasses(tc.want) {
			t.Errorf("%s: classes %q, want %q", tc.command, g, normalizeClasses(tc.want))
		}
	}
}

// classList writes a set's classes, comma-separated, in the documented order.
func classList(s effect.Set) string {
	var names []string
	for _, c := range s.Classes() {
		names = append(names, string(c))
	}
	return strings.Join(names, ",")
}

// normalizeClasses puts each command's classes of want in the documented
// order.
func normalizeClasses(want string) string {
	parts := strings.Split(want, " | ")
	for i, p := range parts {
		var s effect.Set
		for _, name := range strings.Split(p, ",") {
			c, err := effect.Parse(name)
			if err != nil {
				return "bad test: " + err.Error()
			}
			s = s.Add(c)
		}
		parts[i] = classList(s)
	}
	return strings.Join(parts, " | ")
}

// TestReadOnlyReadsOnly: over the whole corpus, a read-only command's
// classes are filesystem_read, or what changes the shell's own state for
// what follows (cd, export, a prefix assignment), the network or a remote
// resource they only read; and the commands that change things with no class
// are counted, so their number only falls.
func TestReadOnlyReadsOnly(t *testing.T) {
	allowedRO := effect.Set(0).Add(effect.FilesystemRead).Add(effect.DirectoryChange).Add(effect.EnvironmentChange).
		Add(effect.NetworkInbound).Add(effect.RemoteRead)
	// maxClassless is how many commands of the corpus that are not
	// read-only and have no finding no class describes yet (builtins such as
	// trap and set, Go-judged programs such as crontab, tar -x, pacman);
	// lower it as declarations say more.
	const maxClassless = 357
	classless := 0
	for _, c := range loadCorpus(t) {
		a := New(corpusEnv).CheckScript(c.command)
		for _, rec := range a.Commands {
			if rec.ReadOnly && rec.Effects&^allowedRO != 0 {
				t.Errorf("%s: read-only %q has classes %s", c, rec.Command.Source, classList(rec.Effects))
			}
			if rec.ReadOnly && rec.Effects == 0 {
				t.Errorf("%s: read-only %q has no class", c, rec.Command.Source)
			}
			if !rec.ReadOnly && rec.Effects == 0 && len(rec.Findings) == 0 {
				classless++
			}
		}
	}
	if classless > maxClassless {
		t.Errorf("%d commands that change things have no class, more than %d", classless, maxClassless)
	}
}
