package registry

import (
	"strings"
	"testing"

	"github.com/permgate/permgate/finding"
)

// TestPackagesAndForges checks the package manager and forge declarations
// both ways: read verbs read, writes do not, and the verbs that destroy
// something others rely on carry a destructive_action rule.
func TestPackagesAndForges(t *testing.T) {
	r := Default()
	tests := []struct {
		cmd      string
		readOnly bool
		destroys bool
	}{
		{"gh pr list --state open -L 5", true, false},
		{"gh pr view 123 --json title", true, false},
		{"gh -R o/r pr checks 1", true, false},
		{"gh pr merge 1 --squash", false, false},
		{"gh api repos/o/r/pulls", true, false},
		{"gh api -f title=x repos/o/r/issues", false, false},
		{"gh api -X DELETE repos/o/r", false, true},
		{"gh api --method=delete repos/o/r", false, true},
		{"gh repo delete o/r --yes", false, true},
		{"gh release delete v1", false, true},
		{"gh secret delete KEY", false, true},
		{"glab mr list", true, false},
		{"glab repo delete g/p", false, true},
		{"npm ls --depth=0", true, false},
		{"npm version", true, false},
		{"npm version patch", false, false},
		{"npm audit", true, false},
		{"npm audit fix", false, false},
		{"npm pkg get name", true, false},
		{"npm pkg set name=x", false, false},
		{"npm unpublish p@1", false, true},
		{"pnpm --filter web test", false, false}, // runs the project's tests: project code, not read-only,
		{"yarn npm unpublish", false, false},     // an undeclared verb: the name principle asks
		{"pip list --outdated", true, false},
		{"pip install x", false, false},
		{"pip --log f list", false, false},
		{"cargo --list", true, false},
		{"cargo +nightly test", false, false},
		{"cargo test my_test", false, false},
		{"cargo fmt --check", true, false},
		{"cargo yank --version 1.0.0", false, true},
		{"gem yank g -v 1", false, true},
		{"brew --prefix openssl", true, false},
		{"brew uninstall wget", false, false},
		{"apt-get -s install nginx", true, false},
		{"apt-get -o APT::Update::Pre-Invoke::=x -s install nginx", false, false},
		{"dpkg -L coreutils", true, false},
		{"dpkg -i x.deb", false, false},
		{"rpm -qi bash", true, false},
		{"rpm -e bash", false, false},
		{"pacman -Ss vim", true, false},
		{"pacman -Rs vim", false, false},
		{"pacman -Syu", false, false},
		{"dnf history", true, false},
		{"dnf history undo 3", false, false},
		{"conda env remove -n x", false, false},
		{"poetry config --list", true, false},
		{"poetry config virtualenvs.in-project true", false, false},
		{"mvn -v", true, false},
		{"gradle tasks", false, false},
	}
	for _, tt := range tests {
		f := strings.Fields(tt.cmd)
		p, ok := r.Lookup(f[0])
		if !ok {
			t.Fatalf("%s not declared", f[0])
		}
		inv := p.Resolve(words(strings.Join(f[1:], " ")))
		destroys := false
		for _, fd := range inv.Findings() {
			if fd.Kind == finding.DestructiveAction {
				destroys = true
			}
		}
		if inv.ReadOnly() != tt.readOnly || destroys != tt.destroys {
			t.Errorf("%s: read-only %v destroys %v, want %v %v (path %v verb %q)", tt.cmd, inv.ReadOnly(), destroys, tt.readOnly, tt.destroys, inv.Path, inv.Verb)
		}
	}
}

// TestProjectCode: the verbs that run the project's own code are declared
// so, and are never read-only; static checkers are not project code.
func TestProjectCode(t *testing.T) {
	for _, tc := range []struct {
		cmd     string
		project bool
	}{
		{"go test ./...", true},
		{"go vet ./...", false},
		{"cargo check", true},
		{"cargo clippy --all-targets", true},
		{"cargo tree", false},
		{"npm test", true},
		{"npm run lint", true},
		{"yarn test", true},
		{"pnpm run test", true},
		{"bun test", true},
		{"pytest -q", true},
		{"py.test", true},
		{"eslint .", true},
		{"prettier --check .", true},
		{"pylint src", true},
		{"ruff check .", false},
		{"pyflakes .", false},
		{"mypy .", false},
		{"shellcheck x.sh", false},
	} {
		fields := strings.Fields(tc.cmd)
		prog, ok := Default().Lookup(fields[0])
		if !ok {
			t.Fatalf("%s: not declared", fields[0])
		}
		inv := prog.Resolve(words(strings.Join(fields[1:], " ")))
		if got := inv.Project(); got != tc.project {
			t.Errorf("%s: Project() = %v, want %v", tc.cmd, got, tc.project)
		}
		if tc.project && inv.ReadOnly() {
			t.Errorf("%s: project code read as read-only", tc.cmd)
		}
	}
}
