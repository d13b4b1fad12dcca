package policy

import (
	"testing"

	"github.com/permgate/permgate/validator"
)

func TestMatcherOnAnalyses(t *testing.T) {
	env := testEnv
	env.FileAccess = true
	v := validator.New(env)
	m := Matcher{
		Rules: mustRules(t,
			[]string{"bash(prefix:git status*)", "bash(prefix:make build)", "bash(prefix:npm run*)"},
			[]string{"bash(prefix:git push*)", "edit_file(path:**/*.lock)"},
			[]string{"bash(prefix:npm publish*)", "read_file(path:**/.env*)", "write_file(path:.git/**)", "bash(prefix:curl*)"}),
		Paths: PathContext{Cwd: testEnv.Cwd, Home: testEnv.Home},
	}
	for _, tt := range []struct {
		cmd                 string
		deny, ask, allowAll string
	}{
		{"git status && rm -rf /", "", "", ""},
		{"git status -s", "", "", ""},
		{"make build", "", "", "bash(prefix:make build)"},
		{"make build && make test", "", "", ""},
		{"sudo npm publish", "bash(prefix:npm publish*)", "", ""},
		{"X=1 npm publish", "bash(prefix:npm publish*)", "", ""},
		{"timeout 5 env A=b nice npm publish --tag x", "bash(prefix:npm publish*)", "", ""},
		{"bash -c 'echo hi; npm publish'", "bash(prefix:npm publish*)", "", ""},
		{"echo $(curl -s x)", "bash(prefix:curl*)", "", ""},
		{"cat .env", "read_file(path:**/.env*)", "", ""},
		{"grep -r key sub/.env.production", "read_file(path:**/.env*)", "", ""},
		{"cat < .env", "read_file(path:**/.env*)", "", ""},
		{"echo x > .git/config", "write_file(path:.git/**)", "", ""},
		{"cp hook .git/hooks/pre-commit", "write_file(path:.git/**)", "", ""},
		{"sed -i s/a/b/ go.lock", "", "edit_file(path:**/*.lock)", ""},
		{"git push origin main", "", "bash(prefix:git push*)", ""},
		{"npm run build && git status", "", "", "bash(prefix:npm run*)"},
	} {
		a := v.CheckScript(tt.cmd)
		if got, _ := m.Deny(a); got != tt.deny {
			t.Errorf("%s: deny rule %q, want %q", tt.cmd, got, tt.deny)
		}
		if got, _ := m.Ask(a); got != tt.ask {
			t.Errorf("%s: ask rule %q, want %q", tt.cmd, got, tt.ask)
		}
		if got, _ := m.AllowAll(a); got != tt.allowAll {
			t.Errorf("%s: allow rule %q, want %q", tt.cmd, got, tt.allowAll)
		}
	}
}

// TestMatcherGlobalOptions: deny and ask rules match with the program's global
// options set aside; allow rules see the command as written.
func TestMatcherGlobalOptions(t *testing.T) {
	v := validator.New(testEnv)
	m := Matcher{
		Rules: mustRules(t,
			[]string{"bash(prefix:git push*)"},
			[]string{"bash(prefix:kubectl delete*)"},
			[]string{"bash(prefix:npm publish*)", "bash(prefix:git push --force*)", "bash(prefix:terraform destroy*)", "bash(prefix:cargo publish*)", "bash(prefix:docker rm*)", "bash(prefix:helm uninstall*)"}),
		Paths: PathContext{Cwd: testEnv.Cwd, Home: testEnv.Home},
	}
	for _, tt := range []struct {
		cmd       string
		deny, ask string
	}{
		{"npm --registry=https://r.example publish", "bash(prefix:npm publish*)", ""},
		{"npm -w pkg publish", "bash(prefix:npm publish*)", ""},
		{"git -C sub push --force origin main", "bash(prefix:git push --force*)", ""},
		{"git -c user.name=x --git-dir=.git push --force", "bash(prefix:git push --force*)", ""},
		{"terraform -chdir=infra destroy", "bash(prefix:terraform destroy*)", ""},
		{"cargo +nightly publish", "bash(prefix:cargo publish*)", ""},
		{"docker -H tcp://h:2375 rm web", "bash(prefix:docker rm*)", ""},
		{"helm --kube-context prod uninstall web", "bash(prefix:helm uninstall*)", ""},
		{"kubectl --context prod -n web delete pod x", "", "bash(prefix:kubectl delete*)"},
		// near misses: the subcommand differs
		{"npm --registry=https://r.example view x", "", ""},
		{"git -C sub status", "", ""},
	} {
		a := v.CheckScript(tt.cmd)
		deny, _ := m.Deny(a)
		ask, _ := m.Ask(a)
		if deny != tt.deny || ask != tt.ask {
			t.Errorf("%s: deny %q ask %q, want %q %q", tt.cmd, deny, ask, tt.deny, tt.ask)
		}
	}
	// An allow rule does not see the command with its global options removed:
	// `git -C /elsewhere push` is not pre-approved by bash(prefix:git push*).
	a := v.CheckScript("git -C /elsewhere push")
	if rule, ok := m.AllowAll(a); ok {
		t.Errorf("allow rule %s matched through a global option", rule)
	}
}
