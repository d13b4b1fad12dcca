package validator

import "testing"

// TestInteractiveSessions checks that a program started with nothing to run,
// reading its commands from the input it inherits, is a session an agent
// types into (dynamic_code.interactive) in a harness, and nothing of the
// sort at a person's terminal or when it is given its program.
func TestInteractiveSessions(t *testing.T) {
	agent := New(Env{Cwd: "/home/user/project", Home: "/home/user", Agent: true})
	person := New(Env{Cwd: "/home/user/project", Home: "/home/user"})
	for _, tc := range []struct {
		command     string
		interactive bool
	}{
		{"bash", true},
		{"bash --norc", true},
		{"sh -i", true},
		{"python3", true},
		{"python3 -q", true},
		{"node", true},
		{"irb", true},
		{"psql", true},
		{"psql -h db mydb", true},
		{"mysql -u root", true},
		{"sqlite3 app.db", true},
		{"redis-cli", true},
		{"sudo bash", true},
		{"env -i bash --noprofile", true},
		{"bash script.sh", false},
		{"bash -c 'ls'", false},
		{"bash < script.sh", false},
		{"python3 x.py", false},
		{"python3 -c 'print(1)'", false},
		{"python3 -m http.server", false},
		{"node app.js", false},
		{"psql -c 'select 1'", false},
		{"psql --command='select 1' mydb", false},
		{"psql -f q.sql", false},
		{"mysql -e 'select 1'", false},
		{"sqlite3 app.db 'select 1'", false},
		{"redis-cli get k", false},
		{"sqlite3 app.db < q.sql", false},
		{"ls", false},
		// a session after the script, or a debugger, or a REPL of its own
		{"python3 -i x.py", true},
		{"python3 -ic 'x=1'", true},
		{"python3 -m pdb x.py", true},
		{"python3 -m code", true},
		{"perl -de0", true},
		{"perl -d x.pl", true},
		{"ipython", true},
		{"julia", true},
		{"ghci", true},
		{"gdb ./a.out", true},
		{"vim notes.txt", true},
		{"ed notes.txt", true},
		{"script -q /dev/null", true},
		{"expect", true},
		{"python3 -u x.py", false},
		{"python3 -W ignore x.py", false},
		{"perl -ne 'print' x", false},
		{"ipython x.py", false},
		{"julia x.jl", false},
		{"gdb -batch -ex bt ./a.out", false},
		{"vim --version", false},
		{"ed notes.txt < edits", false},
		{"script -c ls out.log", false},
		{"expect run.exp", false},
		{"ssh host", true},
		{"ssh -p 2222 -i key user@host", true},
		{"ssh host uptime", false},
		{"ssh -N -L 8080:localhost:80 host", false},
		{"ssh host < /dev/null", false},
		// asked for its version or usage, it prints it and exits
		{"python3 --version", false},
		{"python3 -V", false},
		{"bash --version", false},
		{"perl -v", false},
		{"ruby -v", false},
		{"pwsh -Version", false},
		{"bash -v", true},
		{"python3 -v", true},
		{"python3 - --version", true},
		{"bash -s --version", true},
	} {
		if got := agent.CheckScript(tc.command).Interactive(); got != tc.interactive {
			t.Errorf("agent: %q interactive = %v, want %v", tc.command, got, tc.interactive)
		}
		if person.CheckScript(tc.command).Interactive() {
			t.Errorf("person: %q is taken for an agent's session", tc.command)
		}
	}
}

// TestCheckTerminal checks that any command run with a terminal the agent
// writes to is dynamic_code.terminal, a read-only one included.
func TestCheckTerminal(t *testing.T) {
	v := New(Env{Cwd: "/home/user/project", Home: "/home/user", Agent: true})
	a := v.CheckTerminal("git log", "exec_command")
	if !a.Interactive() || a.AllReadOnly || a.Severity != NonSevere {
		t.Fatalf("git log with a terminal: %+v", a)
	}
	if b := v.CheckTerminal("rm -rf ~", "exec_command"); b.Severity != Severe {
		t.Fatalf("rm -rf ~ with a terminal lost its severity: %v", b.Severity)
	}
}
