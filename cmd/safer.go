package cmd

import (
	"strings"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// saferReason is the one-line reason of a deny or an ask, followed by the id
// of the finding it names and, where one exists, the safer way to the same end
// (" [git_destructive.force_push] — safer: git push --force-with-lease …"), so
// an agent reading a hook's answer, or a person reading exec's, can correct
// the command. An allow, or a reason that names no finding (a rule's, a
// broken config's), is left as it is.
func saferReason(out policy.Outcome, a validator.Analysis) string {
	reason := validator.OneLine(out.Reason)
	if out.Decision == policy.Allow {
		return reason
	}
	f, ok := a.Lead()
	if !ok || f.Reason == "" || !strings.Contains(out.Reason, f.Reason) {
		return reason
	}
	return reason + findingTail(f)
}

// findingTail is " [id]" and, when the finding has one, " — safer: …", one
// terminal-safe line.
func findingTail(f validator.Finding) string {
	var sb strings.Builder
	if f.ID != "" {
		sb.WriteString(" [" + validator.OneLine(f.ID) + "]")
	}
	if f.Suggestion != "" {
		sb.WriteString(" — safer: " + validator.OneLine(f.Suggestion))
	}
	return sb.String()
}
