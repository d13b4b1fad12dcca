package cmd

import "testing"

// TestHostIsInjected: the analysis environment comes from the host value, not
// from the process: a hand-made host is what permgate sees.
func TestHostIsInjected(t *testing.T) {
	h := &host{environ: environOf(map[string]string{"HOME": "/home/u", "TMPDIR": "/var/tmp", "PATH": "/opt/bin:rel:/usr/bin", "XDG_STATE_HOME": "/s"}), cwd: "/home/u/p"}
	env := analysisEnv(h)
	if env.Cwd != "/home/u/p" || env.Home != "/home/u" || env.TmpDir != "/var/tmp" || env.XDGStateHome != "/s" {
		t.Errorf("analysisEnv = %+v", env)
	}
	if len(env.PathDirs) != 2 {
		t.Errorf("PathDirs = %v, want the two absolute entries", env.PathDirs)
	}
	if got := stateDir(h, env.Home); got != "/s/permgate" {
		t.Errorf("stateDir = %q", got)
	}
	in := h.in("/elsewhere")
	if in.cwd != "/elsewhere" || h.cwd != "/home/u/p" || in.Getenv("HOME") != "/home/u" {
		t.Errorf("in: %+v (from %+v)", in, h)
	}
	if analysisEnv(&host{environ: environOf(map[string]string{})}).Cwd != "/" {
		t.Error("an unknown working directory must be judged as /")
	}
}

// TestAnalysisEnvHarnessHomes: CODEX_HOME, CLAUDE_CONFIG_DIR and COPILOT_HOME,
// when absolute, tell the analysis where those harnesses' hook settings are.
func TestAnalysisEnvHarnessHomes(t *testing.T) {
	h := &host{environ: environOf(map[string]string{"HOME": "/home/u", "CODEX_HOME": "/srv/codex/", "CLAUDE_CONFIG_DIR": "rel", "COPILOT_HOME": "/srv/cop"}), cwd: "/home/u/p"}
	got := analysisEnv(h).HarnessHomes
	want := map[string]string{"/srv/codex": ".codex", "/srv/cop": ".copilot"}
	if len(got) != len(want) || got["/srv/codex"] != ".codex" || got["/srv/cop"] != ".copilot" {
		t.Errorf("HarnessHomes = %v, want %v", got, want)
	}
}

// environOf is a test host's environment: NAME=VALUE words of vars.
func environOf(vars map[string]string) []string {
	environ := make([]string, 0, len(vars))
	for name, value := range vars {
		environ = append(environ, name+"="+value)
	}
	return environ
}

// TestHostGetenv: a variable's value, the first of a name set twice, and
// nothing for a name that is only another's prefix or unset.
func TestHostGetenv(t *testing.T) {
	h := &host{environ: []string{"PATHX=/x", "PATH=/bin", "EMPTY=", "PATH=/second", "NOEQUALS", "A=b=c"}}
	for name, want := range map[string]string{"PATH": "/bin", "PATHX": "/x", "PAT": "", "EMPTY": "", "NOEQUALS": "", "A": "b=c", "UNSET": ""} {
		if got := h.Getenv(name); got != want {
			t.Errorf("Getenv(%q) = %q, want %q", name, got, want)
		}
	}
	if got := h.Executable(); got != "" {
		t.Errorf("a test host's Executable = %q, want \"\"", got)
	}
}
