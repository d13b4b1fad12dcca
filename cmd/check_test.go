package cmd

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/validator"
)

// TestReportJSONShape pins the JSON of check --json: the fields, their
// order (action after rule, effects after commands, parallel to it) (every finding with its id and suggestion, "" when there is none), and the findings in order — the parser's, each command's (a repeat of
// an earlier command's left out), then the whole script's.
func TestReportJSONShape(t *testing.T) {
	v := validator.New(validator.Env{Home: "/home/u", Cwd: "/home/u/p"})
	for _, tc := range []struct{ command, want string }{
		{`git status`, `{"command":"git status","decision":"allow","severity":"safe","mode":"default","reason":"read-only","rule":"","action":"","findings":[],"commands":[["git","status"]],"effects":[["filesystem_read"]],"read_only":true}`},
		{`rm -rf /; terraform destroy; rm -rf /; while true; do ./x & done`, "{\"command\":\"rm -rf /; terraform destroy; rm -rf /; while true; do ./x & done\",\"decision\":\"deny\",\"severity\":\"severe\",\"mode\":\"default\",\"reason\":\"rm -r on / \u2014 deletes the whole file system\",\"rule\":\"\",\"action\":\"\",\"findings\":[{\"kind\":\"recursive_delete\",\"severity\":\"severe\",\"reason\":\"rm -r on / \u2014 deletes the whole file system\",\"id\":\"recursive_delete.rm\",\"suggestion\":\"\",\"command\":\"rm -rf /\"},{\"kind\":\"destructive_action\",\"severity\":\"non-severe\",\"reason\":\"terraform destroy destroys every resource the configuration manages\",\"id\":\"destructive_action.terraform_destroy\",\"suggestion\":\"terraform plan -destroy (shows what would be destroyed)\",\"command\":\"terraform destroy\"},{\"kind\":\"fork_bomb\",\"severity\":\"severe\",\"reason\":\"an endless loop starts processes in the background without waiting (a fork bomb)\",\"id\":\"fork_bomb.loop\",\"suggestion\":\"\",\"command\":\"rm -rf /; terraform destroy; rm -rf /; while true; do ./x & done\"}],\"commands\":[[\"rm\",\"-rf\",\"/\"],[\"terraform\",\"destroy\"],[\"rm\",\"-rf\",\"/\"],[\"true\"],[\"./x\"]],\"effects\":[[\"filesystem_delete\"],[\"network_outbound\",\"remote_destroy\"],[\"filesystem_delete\"],[\"filesystem_read\"],[\"code_execution\"]],\"read_only\":false}"},
		{`echo $(`, "{\"command\":\"echo $(\",\"decision\":\"ask\",\"severity\":\"non-severe\",\"mode\":\"default\",\"reason\":\"bash cannot parse it: 1:6: reached EOF without matching `$(` with `)`\",\"rule\":\"\",\"action\":\"\",\"findings\":[{\"kind\":\"parse_error\",\"severity\":\"non-severe\",\"reason\":\"bash cannot parse it: 1:6: reached EOF without matching `$(` with `)`\",\"id\":\"parse_error.syntax\",\"suggestion\":\"\",\"command\":\"echo $(\"}],\"commands\":[],\"effects\":[],\"read_only\":false}"},
	} {
		command, a := analyze(v, []string{tc.command})
		out := policy.Decide(a, policy.Settings{Mode: policy.ModeDefault}, nil)
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(newReport(command, a, policy.ModeDefault, out)); err != nil {
			t.Fatal(err)
		}
		if got := string(bytes.TrimSpace(buf.Bytes())); got != tc.want {
			t.Errorf("%s:\n got  %s\n want %s", tc.command, got, tc.want)
		}
	}
}
