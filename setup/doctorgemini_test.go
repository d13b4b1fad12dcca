package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// geminiEnv is an Env in a fresh home whose project folder is the cwd, with
// the variables vars.
func geminiEnv(t *testing.T, vars map[string]string) *Env {
	t.Helper()
	home := t.TempDir()
	vars["HOME"], vars["PATH"] = home, os.Getenv("PATH")
	if _, ok := vars["GEMINI_CLI_SYSTEM_SETTINGS_PATH"]; !ok {
		vars["GEMINI_CLI_SYSTEM_SETTINGS_PATH"] = filepath.Join(home, "etc", "settings.json")
	}
	work := filepath.Join(home, "work")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	return &Env{Home: home, Getenv: func(k string) string { return vars[k] }, Cwd: work, Binary: "/p/permgate"}
}

// geminiChecks runs doctor's Gemini CLI checks of the user's settings.
func geminiChecks(e *Env) []Check {
	return e.doctorHarness("gemini", false, "")
}

// findCheck returns the first check with status st whose message holds text.
func findCheck(checks []Check, st Status, text string) (Check, bool) {
	for _, c := range checks {
		if c.Status == st && strings.Contains(c.Message, text) {
			return c, true
		}
	}
	return Check{}, false
}

// TestDoctorGeminiSystemSettings: Gemini CLI's system settings (which
// override the user's) and system defaults (which a user's settings
// override) can turn every hook off; doctor fails either.
func TestDoctorGeminiSystemSettings(t *testing.T) {
	for _, tt := range []struct {
		file, content string
		want          Status
	}{
		{"settings.json", `{"hooksConfig":{"enabled":false}}`, Fail},
		{"system-defaults.json", `{"hooksConfig":{"enabled":false}}`, Fail},
		{"settings.json", `{"hooksConfig":{"disabled":["permgate"]}}`, Fail},
		{"settings.json", `{"hooksConfig":{"enabled":true}}`, OK},
		{"settings.json", `{"hooksConfig":`, Fail},
	} {
		e := geminiEnv(t, map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"})
		writeFile(t, filepath.Join(e.Home, ".gemini", "settings.json"), `{}`, 0o644)
		sys := filepath.Join(e.Home, "etc", tt.file)
		writeFile(t, sys, tt.content, 0o644)
		checks := geminiChecks(e)
		failed := false
		for _, c := range checks {
			if c.Status == Fail && strings.Contains(c.Message, sys) {
				failed = true
			}
		}
		if failed != (tt.want == Fail) {
			t.Errorf("%s %s: failed %v, want %v: %+v", tt.file, tt.content, failed, tt.want == Fail, checks)
		}
	}
}

// TestDoctorGeminiFolderTrust: Gemini CLI runs no hook in a folder it does
// not trust; doctor reads its trustedFolders.json for the folder it runs in.
func TestDoctorGeminiFolderTrust(t *testing.T) {
	for _, tt := range []struct {
		name, trusted, settings string
		want                    Status // OK: no trust check at all
	}{
		{"distrusted", `{"%s":"DO_NOT_TRUST"}`, `{}`, Fail},
		{"trusted", `{"%s":"TRUST_FOLDER"}`, `{}`, OK},
		{"parent trusted", `{"%s/x":"TRUST_PARENT"}`, `{}`, OK},
		{"the longer rule wins", `{"%s":"DO_NOT_TRUST","HOME":"TRUST_FOLDER"}`, `{}`, Fail},
		{"unknown", `{}`, `{}`, Warn},
		{"no file", ``, `{}`, Warn},
		{"trust off", `{"%s":"DO_NOT_TRUST"}`, `{"security":{"folderTrust":{"enabled":false}}}`, OK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := geminiEnv(t, map[string]string{})
			writeFile(t, filepath.Join(e.Home, ".gemini", "settings.json"), tt.settings, 0o644)
			if tt.trusted != "" {
				writeFile(t, filepath.Join(e.Home, ".gemini", "trustedFolders.json"), strings.NewReplacer("%s", e.Cwd, "HOME", e.Home).Replace(tt.trusted), 0o644)
			}
			checks := geminiChecks(e)
			_, fail := findCheck(checks, Fail, "does not trust")
			_, warn := findCheck(checks, Warn, "told to trust")
			if fail != (tt.want == Fail) || warn != (tt.want == Warn) {
				t.Errorf("fail %v warn %v, want %v: %+v", fail, warn, tt.want, checks)
			}
		})
	}
}

// TestDoctorGeminiFailsOpen: doctor says what lets a call through in Gemini
// CLI although the hook is registered.
func TestDoctorGeminiFailsOpen(t *testing.T) {
	e := geminiEnv(t, map[string]string{"GEMINI_CLI_TRUST_WORKSPACE": "true"})
	writeFile(t, filepath.Join(e.Home, ".gemini", "settings.json"),
		`{"hooks":{"BeforeTool":[{"matcher":"*","hooks":[{"name":"permgate","type":"command","command":"/p/permgate hook gemini"}]}]}}`, 0o644)
	for _, want := range []string{"times out", "exits 1", "no output", "does not trust"} {
		if _, ok := findCheck(geminiChecks(e), Warn, want); !ok {
			t.Errorf("no warning that says %q: %+v", want, geminiChecks(e))
		}
	}
}

// TestGeminiCLIHome: GEMINI_CLI_HOME stands for the home in Gemini CLI, so
// install writes $GEMINI_CLI_HOME/.gemini/settings.json, and doctor reads it.
func TestGeminiCLIHome(t *testing.T) {
	alt := t.TempDir()
	e := geminiEnv(t, map[string]string{"GEMINI_CLI_HOME": alt})
	if _, err := Install(e, "gemini", Options{}); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(alt, ".gemini", "settings.json")
	if !strings.Contains(readFile(t, want), "permgate hook gemini") {
		t.Fatalf("install did not register the hook in %s", want)
	}
	if exists(filepath.Join(e.Home, ".gemini", "settings.json")) {
		t.Error("install wrote ~/.gemini/settings.json although GEMINI_CLI_HOME moves it")
	}
	if _, ok := findCheck(geminiChecks(e), Fail, "the registered program /p/permgate"); !ok {
		t.Errorf("doctor does not find the hook in %s: %+v", want, geminiChecks(e))
	}
}

// TestDoctorGeminiTrustedFoldersBroken: a trusted folders file doctor cannot
// read or parse leaves the folder's trust unknown, and doctor says so.
func TestDoctorGeminiTrustedFoldersBroken(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"does not parse", func(t *testing.T, p string) { writeFile(t, p, `{"a":`, 0o644) }, "does not parse"},
		{"not a map of strings", func(t *testing.T, p string) { writeFile(t, p, `{"/a":1}`, 0o644) }, "does not parse"},
		{"a directory", func(t *testing.T, p string) { os.MkdirAll(p, 0o755) }, "cannot read "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := geminiEnv(t, map[string]string{})
			writeFile(t, filepath.Join(e.Home, ".gemini", "settings.json"), `{}`, 0o644)
			tt.make(t, filepath.Join(e.Home, ".gemini", "trustedFolders.json"))
			checks := geminiChecks(e)
			if _, ok := findCheck(checks, Warn, tt.want); !ok {
				t.Errorf("no warning that says %q: %+v", tt.want, checks)
			}
			if _, ok := findCheck(checks, Warn, "told to trust"); ok {
				t.Errorf("a broken file read as one without rules: %+v", checks)
			}
		})
	}
}
