package runfiles

import (
	"reflect"
	"strings"
	"testing"
)

func TestComposerScripts(t *testing.T) {
	files := Map{"/p/composer.json": `{"scripts": {
		"pre-install-cmd": "echo pre",
		"post-install-cmd": ["@php bin/setup.php", "@clean"],
		"clean": "rm -rf var/cache",
		"loop": "@loop",
		"cb": "App\\Setup::run",
		"post-update-cmd": "@composer dump-autoload"}}`,
		"/q/composer.json": `{"scripts": `}
	cases := []struct {
		dir, args string
		want      []string
		dynamic   string
		unread    string
	}{
		{dir: "/p", args: "install", want: []string{"echo pre", "php bin/setup.php", "rm -rf var/cache"}},
		{dir: "/p", args: "install --no-scripts"},
		{dir: "/", args: "-d p install", want: []string{"echo pre", "php bin/setup.php", "rm -rf var/cache"}},
		{dir: "/p", args: "update", want: []string{"composer dump-autoload"}},
		{dir: "/p", args: "run-script clean --", want: []string{"rm -rf var/cache"}},
		{dir: "/p", args: "clean", want: []string{"rm -rf var/cache"}},
		{dir: "/p", args: "loop"},
		{dir: "/p", args: "cb", dynamic: "PHP method"},
		{dir: "/p", args: "show"},
		{dir: "/q", args: "install", unread: "composer.json"},
		{dir: "/none", args: "install"},
	}
	for _, c := range cases {
		run := ComposerScripts(files, c.dir, strings.Fields(c.args))
		var got []string
		for _, text := range run.Texts {
			got = append(got, text.Shell)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("composer %s: %q, want %q", c.args, got, c.want)
		}
		if d := strings.Join(run.Dynamic, ";"); c.dynamic == "" && d != "" || !strings.Contains(d, c.dynamic) {
			t.Errorf("composer %s: dynamic %q, want %q", c.args, d, c.dynamic)
		}
		if u := strings.Join(run.Unread, ";"); c.unread == "" && u != "" || !strings.Contains(u, c.unread) {
			t.Errorf("composer %s: unread %q, want %q", c.args, u, c.unread)
		}
	}
}
