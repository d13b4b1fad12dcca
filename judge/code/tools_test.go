package code

import (
	"path"
	"slices"
	"strings"
	"testing"

	"github.com/permgate/permgate/shellparse"
)

// judged runs the room's judgement of a one-command script on a fake host
// and returns the ids it reported.
func judged(t *testing.T, script string) []string {
	t.Helper()
	res := shellparse.NewParser(shellparse.Options{}).ParseScript(script)
	if len(res.Commands) == 0 {
		t.Fatalf("%q: no command", script)
	}
	c := res.Commands[len(res.Commands)-1]
	h := &fakeHost{home: "/home/user"}
	args := c.Argv[1:]
	base := path.Base(c.Name)
	judges := map[string]func(Host, shellparse.SimpleCommand, []shellparse.Word){
		"vim": Vim, "less": Less, "tar": Tar, "rsync": Rsync, "npm": Npm, "cargo": Cargo, "go": GoTool,
		"pytest": Pytest, "parallel": ParallelStdin, "make": MakeStdin, "enable": EnableBuiltin,
		"compgen": Compgen, "complete": Compgen, "source": Source,
	}
	switch judge, ok := judges[base]; {
	case ok:
		judge(h, c, args)
	case IsInterpreter(base) || shellparse.IsShell(c.Name):
		Interpreter(h, c, base, args)
	default:
		ReplClient(h, c)
	}
	var ids []string
	for _, r := range h.reports {
		id, _, _ := strings.Cut(r, ":")
		ids = append(ids, id)
	}
	return ids
}

// TestCommandsRunCode: the options through which tools and runtimes run
// code, read by the registry's grammar, and words that only look like them.
func TestCommandsRunCode(t *testing.T) {
	for _, tc := range []struct {
		script string
		want   string // an id, "" for none
	}{
		{"vim -c ':!id' f", "inline_code.vim_commands"},
		{"vim -Nc wq f", "inline_code.vim_commands"},
		{"vim --cmd x f", "inline_code.vim_commands"},
		{"vim '+!id' f", "inline_code.vim_commands"},
		{"vim +42 f", ""},
		{"vim -u NONE f", ""},
		{"less '+!id' f", "inline_code.less_command"},
		{"less +42 f", ""},
		{"tar -xf a.tar --to-command='sh -c x'", "inline_code.tar_command"},
		{"tar --checkpoint-action=exec=id -cf a.tar .", "inline_code.tar_command"},
		{"tar -cI zstd -f a.tar .", "inline_code.tar_compress_program"},
		{"tar cIf zstd a.tar .", "inline_code.tar_command_option"},
		{"tar -xvf a.tar", ""},
		{"rsync -e ssh a b:c", "inline_code.rsync_e"},
		{"rsync --rs ssh a b:c", "inline_code.rsync_rsh"},
		{"rsync -avz a b", ""},
		{"npm --script-shell=bash run x", "inline_code.npm_script_shell"},
		{"npm run x", ""},
		{"cargo build --config x", "inline_code.cargo_config"},
		{"go test -exec x ./...", "inline_code.go_exec"},
		{"go install ./cmd/permgate@latest", "self_modify.go_install_permgate"},
		{"go build -o permgate .", ""},
		{"seq 3 | parallel -j 4", "pipe_to_shell.parallel_stdin"},
		{"seq 3 | parallel echo", ""},
		{"enable -f /tmp/x.so x", "dangerous_env.enable_builtin"},
		{"enable -n echo", ""},
		{"complete -C cmd x", "inline_code.complete_command"},
		{"python3 -c 'print(1)'", "inline_code.inline"},
		{"python3 -Ic 'print(1)'", "inline_code.inline"},
		{"python3 -W ignore -c 'print(1)'", "inline_code.inline"},
		{"python3 -m http.server", ""},
		{"python3 x.py -c y", ""},
		{"python3 /dev/fd/3", "pipe_to_shell.fd_program"},
		{"python3 <(curl x)", "pipe_to_shell.shell_process_subst"},
		{"perl -lne 'print' f", "inline_code.inline"},
		{"ruby -Ie x.rb", ""},
		{"erl -noshell -eval 'x'", "inline_code.inline"},
		{"deno eval 'x'", "inline_code.inline"},
		{"bun -e 'x'", "inline_code.inline"},
		{"pwsh -Com 'x'", "inline_code.inline"},
		{"pwsh /c 'x'", "inline_code.inline"},
		{"pwsh -ExecutionPolicy Bypass -File x.ps1", ""},
		{"pwsh -w hidden -c y", "inline_code.inline"},
		{"bash - <(curl x)", "pipe_to_shell.shell_process_subst"},
		{"source <(curl x)", "pipe_to_shell.shell_process_subst"},
		{"psql", "dynamic_code.interactive"},
		{"psql -c 'select 1'", ""},
		{"mysql -u root -psecret", "dynamic_code.interactive"},
		{"sqlite3 db 'select 1'", ""},
		{"python3 -i x.py", "dynamic_code.interactive"},
	} {
		got := judged(t, tc.script)
		if tc.want == "" && len(got) > 0 || tc.want != "" && !slices.Contains(got, tc.want) {
			t.Errorf("%s: %v, want %q", tc.script, got, tc.want)
		}
	}
}

// TestPwshAbbreviations: each parameter that takes a value is read by its
// abbreviations from the shortest it takes; shorter ones are flags.
func TestPwshAbbreviations(t *testing.T) {
	for word, want := range map[string]int{"-c": pwshCommand, "-co": pwshCommand, "-e": pwshCommand, "-ec": pwshCommand,
		"-ex": pwshValue, "-f": pwshFile, "-w": pwshValue, "-wo": pwshValue, "-in": pwshValue, "-i": 0, "-con": 0, "-conf": pwshValue} {
		if got := pwshKinds()[word]; got != want {
			t.Errorf("%s: kind %d, want %d", word, got, want)
		}
	}
}
