package cmd

import (
	"testing"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// TestSaferReason: a deny or ask that a finding decided names its id and safer
// way; an allow, or a reason that is not the finding's (a rule's), stays as it is.
func TestSaferReason(t *testing.T) {
	v := validator.New(validator.Env{Home: "/home/u", Cwd: "/home/u/p"})
	a := v.CheckScript("git push --force origin main")
	for _, tc := range []struct {
		out  policy.Outcome
		want string
	}{
		{policy.Outcome{Decision: policy.Deny, Reason: a.Reason()},
			"git push with force, delete or mirror rewrites or removes history on the remote [git_destructive.force_push] — safer: git push --force-with-lease overwrites the remote only if nobody pushed since"},
		{policy.Outcome{Decision: policy.Ask, Reason: "plan mode runs only read-only commands: " + a.Reason()},
			"plan mode runs only read-only commands: git push with force, delete or mirror rewrites or removes history on the remote [git_destructive.force_push] — safer: git push --force-with-lease overwrites the remote only if nobody pushed since"},
		{policy.Outcome{Decision: policy.Deny, Reason: "deny rule bash(git push*)"}, "deny rule bash(git push*)"},
		{policy.Outcome{Decision: policy.Allow, Reason: "allow rule bash(git push*)"}, "allow rule bash(git push*)"},
	} {
		if got := saferReason(tc.out, a); got != tc.want {
			t.Errorf("saferReason(%+v)\n got  %s\n want %s", tc.out, got, tc.want)
		}
	}
	// A finding without a safer way gets its id only; a reason is kept one line.
	b := v.CheckScript("sudo ls")
	if got := saferReason(policy.Outcome{Decision: policy.Ask, Reason: b.Reason() + "\n"}, b); got != b.Reason()+`\n [privilege_escalation.run_as]` {
		t.Errorf("saferReason without a safer way = %q", got)
	}
}
