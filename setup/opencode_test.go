package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpencodeInstall: install writes the plugin for this permgate, again
// changes nothing, a moved permgate rewrites it, uninstall removes the file
// and only it.
func TestOpencodeInstall(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	plugin := filepath.Join(e.Home, ".config", "opencode", "plugin", "permgate.js")
	other := filepath.Join(e.Home, ".config", "opencode", "plugin", "mine.js")
	writeFile(t, other, "export const Mine = async () => ({})\n", 0o644)
	res := mustRun(t, e, "opencode", true)
	if len(res) != 1 || res[0].Path != plugin || res[0].Action != "installed" || res[0].Backup != "" {
		t.Fatalf("install: %+v", res)
	}
	text := readFile(t, plugin)
	if text != OpencodePlugin("/opt/pg/permgate") || !strings.Contains(text, `const PERMGATE = "/opt/pg/permgate";`) {
		t.Fatalf("plugin:\n%s", text)
	}
	if res := mustRun(t, e, "opencode", true); res[0].Action != "already installed" {
		t.Errorf("second install: %+v", res)
	}
	e.Binary = "/usr/local/bin/permgate"
	if res := mustRun(t, e, "opencode", true); res[0].Action != "installed" || readFile(t, plugin) != OpencodePlugin(e.Binary) {
		t.Errorf("install from a new path: %+v", res)
	}
	if res := mustRun(t, e, "opencode", false); res[0].Action != "removed" {
		t.Errorf("uninstall: %+v", res)
	}
	if _, err := os.Stat(plugin); !os.IsNotExist(err) {
		t.Errorf("the plugin is still there: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(plugin))
	if len(entries) != 1 || entries[0].Name() != "mine.js" {
		t.Errorf("uninstall left %v", entries)
	}
}

// TestOpencodeForeignPlugin: a permgate.js permgate did not write is neither
// replaced nor removed.
func TestOpencodeForeignPlugin(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	plugin := filepath.Join(e.Home, ".config", "opencode", "plugin", "permgate.js")
	foreign := "export const Permgate = async () => ({})\n"
	writeFile(t, plugin, foreign, 0o644)
	for _, install := range []bool{true, false} {
		var err error
		if install {
			_, err = Install(e, "opencode", Options{})
		} else {
			_, err = Uninstall(e, "opencode", Options{})
		}
		if err == nil || !strings.Contains(err.Error(), "not the plugin permgate writes") {
			t.Errorf("install %v: %v", install, err)
		}
	}
	if readFile(t, plugin) != foreign {
		t.Error("the file was changed")
	}
}

// TestOpencodeWhere: XDG_CONFIG_HOME moves the user's plugin, --project
// writes the repository's .opencode/plugin, and --dry-run writes nothing.
func TestOpencodeWhere(t *testing.T) {
	e := testEnv(t, "/opt/pg/permgate")
	xdg := filepath.Join(e.Home, "cfg")
	get := e.Getenv
	e.Getenv = func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return xdg
		}
		return get(k)
	}
	res, err := Install(e, "opencode", Options{DryRun: true})
	want := filepath.Join(xdg, "opencode", "plugin", "permgate.js")
	if err != nil || res[0].Path != want || res[0].Action != "would install" || !strings.Contains(res[0].Diff, "const PERMGATE") {
		t.Fatalf("dry run: %+v %v", res, err)
	}
	if _, err := os.Stat(want); !os.IsNotExist(err) {
		t.Fatalf("a dry run wrote %s", want)
	}
	repo := gitRepo(t, e)
	res, err = Install(e, "opencode", Options{Project: true})
	if err != nil || res[0].Path != filepath.Join(repo, ".opencode", "plugin", "permgate.js") {
		t.Fatalf("project: %+v %v", res, err)
	}
}

// TestDoctorOpencode: the plugin is checked as install writes it, and the
// permgate it names must deny the test call as the plugin reads the answer.
func TestDoctorOpencode(t *testing.T) {
	deny := `{"decision":"deny","reason":"no"}`
	for _, tc := range []struct {
		name, answer string
		edit         func(string) string
		want         []Status
		text         string
	}{
		{name: "denies", answer: deny, want: []Status{OK, OK}, text: "denies a test call"},
		{name: "defers", answer: `{"decision":"defer","reason":"r"}`, want: []Status{OK, Fail}, text: "answered defer"},
		{name: "asks", answer: `{"decision":"ask","reason":"r"}`, want: []Status{OK, OK}, text: "denies a test call"},
		{name: "garbage", answer: "not json", want: []Status{OK, Fail}, text: "a test call"},
		{name: "missing", want: []Status{OK, Fail}, text: "does not exist"},
		{name: "edited", answer: deny, edit: func(s string) string { return strings.Replace(s, "block(", "void(", 1) }, want: []Status{Fail}, text: "not the plugin permgate writes"},
		{name: "foreign", answer: deny, edit: func(string) string { return "export const P = async () => ({})\n" }, want: []Status{Fail}, text: "not the plugin permgate writes"},
		{name: "removed", answer: deny, edit: func(string) string { return "" }, want: []Status{Warn}, text: "not installed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := testEnv(t, "")
			e.Binary = filepath.Join(e.Home, "bin", "permgate")
			if tc.answer != "" {
				e.Binary = fakeHook(t, filepath.Join(e.Home, "bin"), tc.answer)
			}
			mustRun(t, e, "opencode", true)
			plugin := filepath.Join(e.Home, ".config", "opencode", "plugin", "permgate.js")
			if tc.edit != nil {
				if text := tc.edit(readFile(t, plugin)); text != "" {
					writeFile(t, plugin, text, 0o644)
				} else if err := os.Remove(plugin); err != nil {
					t.Fatal(err)
				}
			}
			var got []Status
			var text string
			for _, c := range Doctor(e) {
				if c.Subject == "opencode" {
					got = append(got, c.Status)
					text += c.Message + "\n"
				}
			}
			if len(got) != len(tc.want) || !strings.Contains(text, tc.text) {
				t.Fatalf("checks %v, want %v; text:\n%s", got, tc.want, text)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("checks %v, want %v; text:\n%s", got, tc.want, text)
				}
			}
		})
	}
}

// TestDoctorOpencodePure: OPENCODE_PURE runs OpenCode without plugins.
func TestDoctorOpencodePure(t *testing.T) {
	e := testEnv(t, "")
	e.Binary = fakeHook(t, filepath.Join(e.Home, "bin"), `{"decision":"deny","reason":"no"}`)
	mustRun(t, e, "opencode", true)
	get := e.Getenv
	e.Getenv = func(k string) string {
		if k == "OPENCODE_PURE" {
			return "1"
		}
		return get(k)
	}
	for _, c := range Doctor(e) {
		if c.Subject == "opencode" && c.Status == Fail && strings.Contains(c.Message, "OPENCODE_PURE") {
			return
		}
	}
	t.Error("doctor did not fail OPENCODE_PURE")
}

// TestOpencodePluginBinary reads the permgate a plugin file names.
func TestOpencodePluginBinary(t *testing.T) {
	for _, tc := range []struct {
		name, text, bin string
		ours, exact     bool
	}{
		{"written", OpencodePlugin(`/opt/my "pg"/permgate`), `/opt/my "pg"/permgate`, true, true},
		{"no marker", "const PERMGATE = \"/x\";\n", "", false, false},
		{"marker, no binary", opencodeMarker + "\n", "", true, false},
		{"binary not a string", opencodeMarker + "\nconst PERMGATE = 7;\n", "", true, false},
		{"extra line", OpencodePlugin("/x") + "console.log(1)\n", "/x", true, false},
	} {
		bin, ours, exact := opencodePluginBinary(tc.text)
		if bin != tc.bin || ours != tc.ours || exact != tc.exact {
			t.Errorf("%s: %q %v %v, want %q %v %v", tc.name, bin, ours, exact, tc.bin, tc.ours, tc.exact)
		}
	}
}
