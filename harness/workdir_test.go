package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShellWorkdir: where a shell tool call runs, from the payload's cwd and
// the tool's own working-directory arguments, and the shapes that deny it.
func TestShellWorkdir(t *testing.T) {
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, cwd, input string
		want, err        string
	}{
		{"no input", "/p", ``, "/p", ""},
		{"input not an object: the command's decoding says so", "/p", `[1]`, "/p", ""},
		{"no workdir", "/p", `{"command":"ls"}`, "/p", ""},
		{"absolute workdir", "/p", `{"command":"ls","workdir":"/q/./r/"}`, "/q/r", ""},
		{"relative workdir under cwd", "/p", `{"dir_path":"sub/../x"}`, "/p/x", ""},
		{"relative workdir without cwd", "", `{"cwd":"sub"}`, filepath.Join(here, "sub"), ""},
		{"the same one twice", "/p", `{"workdir":"/q","working_directory":"/q"}`, "/q", ""},
		{"null is none", "/p", `{"directory":null}`, "/p", ""},
		{"empty is none", "/p", `{"workdir":""}`, "/p", ""},
		{"two different ones", "/p", `{"workdir":"/q","cwd":"/r"}`, "", `names two working directories, "/q" and "/r"`},
		{"not a string", "/p", `{"workdir":["/q"]}`, "", "the shell tool call's workdir is not a string"},
		{"repeated key: the last wins", "/p", `{"workdir":"/q","workdir":"/r"}`, "/r", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, _ := readObject([]byte(tt.input), true) // nil when it is no object
			got, err := shellWorkdir(tt.cwd, args)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || got != "" {
					t.Fatalf("shellWorkdir = %q, %v; want an error with %q", got, err, tt.err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("shellWorkdir = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
