package cmd

import (
	"testing"

	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// TestAlwaysRule: the rule "a" at the prompt would add — the exact command
// for a program that changes things, a prefix that ends at a word for
// others — and every command that gets none: not an ask by the mode, not
// safe, several or no commands that are not read-only, a wrapper, a shell or
// an interpreter, a word that is not static or not plain, a rule that would
// not turn the answer into an allow.
func TestAlwaysRule(t *testing.T) {
	tests := []struct {
		command, deny, want string
	}{
		{"npm run build", "", "bash(prefix:npm run build*)"},
		{"npm run build --watch", "", "bash(prefix:npm run build*)"},
		{"make build", "", "bash(prefix:make build*)"},
		{"make -j4 build", "", "bash(prefix:make*)"},
		{"make out/x", "", "bash(prefix:make*)"},
		{"make VAR=1", "", "bash(prefix:make*)"},
		{"touch marker", "", "bash(prefix:touch marker*)"},
		{"touch ''", "", "bash(prefix:touch*)"},
		{"npm install left-pad extra more", "", "bash(prefix:npm install left-pad*)"},
		{"ls && touch a", "", "bash(prefix:touch a*)"},
		{"rm build.log", "", "bash(rm build.log)"},
		{"git commit -m wip", "", "bash(git commit -m wip)"},
		{"touch a && touch b", "", ""},
		{"ls", "", ""},
		{"rm -rf ~", "", ""},
		{"sudo touch a", "", ""},
		{"bash -c 'touch a'", "", "bash(prefix:touch a*)"},
		{"bash build.sh", "", ""},
		{"python3 x.py", "", ""},
		{`rm "$F"`, "", ""},
		{"rm 'a(b)'", "", ""},
		{"touch $X", "", ""},
		{"touch a", "bash(prefix:touch*)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.command, func(t *testing.T) {
			cfg := &config.Config{}
			if tt.deny != "" {
				r, err := policy.ParseRule(tt.deny)
				if err != nil {
					t.Fatal(err)
				}
				cfg.Rules.Deny = []policy.Rule{r}
			}
			s := &session{env: validator.Env{Home: "/home/u", Cwd: "/home/u/p"}, cfg: cfg,
				eff: policy.Effective{Settings: policy.Settings{Mode: policy.ModeDefault}}}
			a := validator.New(s.env).CheckScript(tt.command)
			out := s.decideAnalysis(a, s.matcher())
			if got := alwaysRule(s, a, out); got != tt.want {
				t.Errorf("alwaysRule(%q) = %q (decision %s by %s), want %q", tt.command, got, out.Decision, out.By, tt.want)
			}
		})
	}
}

// TestAnswerOf: what each typed answer means, for a severe command (only
// the word yes runs it) and for others, with and without an always-rule.
func TestAnswerOf(t *testing.T) {
	tests := []struct {
		typed    string
		typedYes bool
		always   string
		want     answer
	}{
		{"yes", true, "", answerYes},
		{" YES\t", true, "", answerYes},
		{"y", true, "", answerNo},
		{"a", true, "bash(prefix:make*)", answerNo},
		{"", true, "", answerNo},
		{"y", false, "", answerYes},
		{" Y ", false, "", answerYes},
		{"Yes", false, "", answerYes},
		{"a", false, "bash(prefix:make*)", answerAlways},
		{"ALWAYS", false, "bash(prefix:make*)", answerAlways},
		{"a", false, "", answerNo},
		{"n", false, "", answerNo},
		{"", false, "bash(prefix:make*)", answerNo},
		{"yess", false, "", answerNo},
	}
	for _, tt := range tests {
		v := promptView{typedYes: tt.typedYes, always: tt.always}
		if got := v.answerOf(tt.typed); got != tt.want {
			t.Errorf("answerOf(%q) typedYes=%v always=%q = %v, want %v", tt.typed, tt.typedYes, tt.always, got, tt.want)
		}
	}
}
