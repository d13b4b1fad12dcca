package githook

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// refs is what git writes on pre-push's standard input.
const refs = "refs/heads/main 1111111111111111111111111111111111111111 refs/heads/main 2222222222222222222222222222222222222222\n" +
	"refs/heads/topic 3333333333333333333333333333333333333333 refs/heads/topic 0000000000000000000000000000000000000000\n"

func bashArgv(script string) ([]string, error) {
	return []string{"bash", "--norc", "--noprofile", "-c", script}, nil
}

// testRunner runs steps in a temporary directory with bash, allowing every
// step; it records what was decided.
func testRunner(t *testing.T, decided *[][]string) (Runner, *bytes.Buffer) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	var out bytes.Buffer
	return Runner{
		Dir: t.TempDir(), Env: os.Environ(), Stdout: &out, Stderr: &out, Shell: bashArgv,
		Decide: func(args []string) bool {
			if decided != nil {
				*decided = append(*decided, args)
			}
			return true
		},
	}, &out
}

func steps(cmds ...string) []Step {
	var out []Step
	for i, c := range cmds {
		out = append(out, Step{Command: c, Source: "config.toml:" + string(rune('1'+i))})
	}
	return out
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Each step reads its own copy of the hook's input: a step that reads all of
// it, one that reads one line, and one after them still get all of it.
func TestStdinIsolatedPerStep(t *testing.T) {
	r, _ := testRunner(t, nil)
	h := Hook{Name: "pre-push", Args: []string{"origin", "git@example.com:x/y.git"}, Input: []byte(refs),
		Steps: steps("cat > one", "read x; printf '%s\\n' \"$x\" > two", "cat > three", "head -c 10 > four")}
	if res := r.Run(h); !res.OK() {
		t.Fatalf("run: %+v", res)
	}
	if got := readFile(t, r.Dir, "one"); got != refs {
		t.Errorf("first step's cat got %q, want the refs", got)
	}
	if got, want := readFile(t, r.Dir, "two"), strings.SplitAfter(refs, "\n")[0]; got != want {
		t.Errorf("read x got %q, want %q", got, want)
	}
	if got := readFile(t, r.Dir, "three"); got != refs {
		t.Errorf("the step after read x got %q, want all the refs", got)
	}
	if got := readFile(t, r.Dir, "four"); got != refs[:10] {
		t.Errorf("head -c 10 got %q", got)
	}
}

// A step that reads nothing, or reads in the background and exits, takes
// nothing from the next.
func TestStdinUnreadStepTakesNothing(t *testing.T) {
	r, out := testRunner(t, nil)
	h := Hook{Name: "pre-push", Input: []byte(refs), Steps: steps("read x", "true", "read -r a b c d; echo \"$b\"", "cat")}
	if res := r.Run(h); !res.OK() {
		t.Fatalf("run: %+v", res)
	}
	want := "1111111111111111111111111111111111111111\n" + refs
	if out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}

// A hook git gives no input runs its steps on /dev/null: cat ends at once,
// and nothing of permgate's own standard input reaches a step.
func TestNoInputIsDevNull(t *testing.T) {
	r, out := testRunner(t, nil)
	h := Hook{Name: "pre-commit", Steps: steps("cat; echo end", "if read x; then echo read; else echo eof; fi")}
	if res := r.Run(h); !res.OK() {
		t.Fatalf("run: %+v", res)
	}
	if out.String() != "end\neof\n" {
		t.Errorf("output %q", out.String())
	}
	// An empty input is an empty pipe.
	out.Reset()
	h = Hook{Name: "pre-push", Input: []byte{}, Steps: steps("if read x; then echo read; else echo eof; fi")}
	if res := r.Run(h); !res.OK() || out.String() != "eof\n" {
		t.Errorf("run: %+v, output %q", res, out.String())
	}
}

// The hook's arguments are the steps' $1…, $0 is the hook's name, and what is
// decided is the whole argv that runs, so the analysis sees $1's value. A
// hook without arguments is decided as the script alone, as exec decides it.
func TestArgsArePositional(t *testing.T) {
	var decided [][]string
	r, out := testRunner(t, &decided)
	h := Hook{Name: "commit-msg", Args: []string{".git/COMMIT_EDITMSG", "two words"}, Steps: steps(`printf '%s|' "$0" "$1" "$2"; echo`)}
	if res := r.Run(h); !res.OK() {
		t.Fatalf("run: %+v", res)
	}
	if out.String() != "commit-msg|.git/COMMIT_EDITMSG|two words|\n" {
		t.Errorf("output %q", out.String())
	}
	want := []string{"bash", "--norc", "--noprofile", "-c", `printf '%s|' "$0" "$1" "$2"; echo`, "commit-msg", ".git/COMMIT_EDITMSG", "two words"}
	if len(decided) != 1 || !slices.Equal(decided[0], want) {
		t.Errorf("decided %q, want %q", decided, want)
	}
	decided = nil
	if res := r.Run(Hook{Name: "pre-commit", Steps: steps("true # go vet ./...")}); !res.OK() {
		t.Fatalf("run: %+v", res)
	}
	if len(decided) != 1 || !slices.Equal(decided[0], []string{"true # go vet ./..."}) {
		t.Errorf("decided %q, want the script alone", decided)
	}
}

// A refused step does not run, and neither does any after it.
func TestDenyStopsTheHook(t *testing.T) {
	r, _ := testRunner(t, nil)
	var decided []string
	r.Decide = func(args []string) bool {
		decided = append(decided, args[0])
		return args[0] != "touch second"
	}
	var started []int
	r.Started = func(n int, _ Step) { started = append(started, n) }
	res := r.Run(Hook{Name: "pre-commit", Steps: steps("touch first", "touch second", "touch third")})
	if res.OK() || !res.Denied || res.Step != 2 || res.Command != "touch second" || res.Err != nil {
		t.Fatalf("result %+v, want step 2 refused", res)
	}
	if !slices.Equal(decided, []string{"touch first", "touch second"}) || !slices.Equal(started, []int{1, 2}) {
		t.Errorf("decided %q, started %v", decided, started)
	}
	for name, want := range map[string]bool{"first": true, "second": false, "third": false} {
		if _, err := os.Stat(filepath.Join(r.Dir, name)); (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", name, err == nil, want)
		}
	}
}

// The first failing step stops the hook with its exit status; a step killed
// by a signal fails with 128+N.
func TestFailingStepStopsTheHook(t *testing.T) {
	r, _ := testRunner(t, nil)
	res := r.Run(Hook{Name: "pre-commit", Steps: steps("true", "exit 3", "touch after")})
	if res.OK() || res.Denied || res.Step != 2 || res.Status != 3 || res.Err != nil {
		t.Fatalf("result %+v, want step 2 failed with 3", res)
	}
	if _, err := os.Stat(filepath.Join(r.Dir, "after")); err == nil {
		t.Error("the step after the failed one ran")
	}
	res = r.Run(Hook{Name: "pre-commit", Steps: steps("kill -TERM $$")})
	if res.Step != 1 || res.Status != 128+15 {
		t.Errorf("result %+v, want 143", res)
	}
}

// A step whose shell cannot be built or started fails the hook with the
// reason.
func TestStepCannotStart(t *testing.T) {
	r, _ := testRunner(t, nil)
	r.Shell = func(string) ([]string, error) { return nil, errors.New("PERMGATE_SHELL=zsh: no") }
	if res := r.Run(Hook{Name: "pre-commit", Steps: steps("true")}); res.Step != 1 || res.Err == nil {
		t.Errorf("result %+v, want an error", res)
	}
	r.Shell = func(s string) ([]string, error) { return []string{filepath.Join(r.Dir, "no-such-shell"), "-c", s}, nil }
	if res := r.Run(Hook{Name: "pre-commit", Steps: steps("true")}); res.Step != 1 || res.Err == nil {
		t.Errorf("result %+v, want an error", res)
	}
}

// TestReadInput: input that ends is read whole up to the bound; input that
// never ends is an error. The readers that end do so at once: their timeout is
// only a net for a hang, long enough that no load on the machine reaches it
// (were it reached while the read had also finished, select would pick either).
func TestReadInput(t *testing.T) {
	const safetyNet = time.Minute
	got, err := ReadInput(strings.NewReader(refs), MaxInput, safetyNet)
	if err != nil || string(got) != refs {
		t.Fatalf("ReadInput = %q, %v", got, err)
	}
	if got, err := ReadInput(strings.NewReader("x"), 1, safetyNet); err != nil || string(got) != "x" {
		t.Errorf("input at the bound: %q, %v", got, err)
	}
	if _, err := ReadInput(strings.NewReader("xy"), 1, safetyNet); !errors.Is(err, ErrInputTooLarge) {
		t.Errorf("input past the bound: %v, want ErrInputTooLarge", err)
	}
	pr, pw := io.Pipe()
	defer pw.Close()
	go pw.Write([]byte("refs/heads/main"))
	if _, err := ReadInput(pr, MaxInput, 50*time.Millisecond); err == nil || !strings.Contains(err.Error(), "did not end") {
		t.Errorf("input that never ends: %v", err)
	}
	if _, err := ReadInput(iotestErr{}, MaxInput, safetyNet); err == nil {
		t.Error("a read error passed")
	}
}

type iotestErr struct{}

func (iotestErr) Read([]byte) (int, error) { return 0, errors.New("broken") }

func TestNames(t *testing.T) {
	for _, n := range []string{"pre-commit", "commit-msg", "pre-push", "prepare-commit-msg", "post-checkout"} {
		if !Known(n) {
			t.Errorf("%s is not known", n)
		}
	}
	for _, n := range []string{"", "fsmonitor-watchman", "proc-receive", "pre-commit.sample", "../pre-commit"} {
		if Known(n) {
			t.Errorf("%q is known", n)
		}
	}
	if !TakesStdin("pre-push") || !TakesStdin("post-rewrite") || TakesStdin("pre-commit") || TakesStdin("commit-msg") {
		t.Error("TakesStdin is wrong")
	}
	names := Names()
	names[0] = "changed"
	if Names()[0] == "changed" {
		t.Error("Names hands out its own slice")
	}
}

// A Ctrl-C while a step is being decided stops the hook before that step
// starts, with the status a shell gives a command killed by SIGINT.
func TestInterruptBeforeAStepStopsTheHook(t *testing.T) {
	r, _ := testRunner(t, nil)
	interrupted := false
	r.Decide = func(args []string) bool {
		interrupted = args[0] == "touch second" // Ctrl-C at this step's question
		return true
	}
	r.Interrupted = func() bool { return interrupted }
	res := r.Run(Hook{Name: "pre-commit", Steps: steps("touch first", "touch second", "touch third")})
	if res.OK() || res.Denied || res.Step != 2 || res.Status != 130 || res.Err != nil {
		t.Fatalf("result %+v, want step 2 stopped with 130", res)
	}
	for name, want := range map[string]bool{"first": true, "second": false, "third": false} {
		if _, err := os.Stat(filepath.Join(r.Dir, name)); (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", name, err == nil, want)
		}
	}
}

// A Ctrl-C while a step runs that the step survives with status 0 (it
// caught the signal) still stops the hook: the next step is not decided, and
// a hook whose last step it was does not pass.
func TestInterruptDuringAStepStopsTheHook(t *testing.T) {
	for _, cmds := range [][]string{{"touch first"}, {"touch first", "touch second"}} {
		var decided [][]string
		r, _ := testRunner(t, &decided)
		// The Ctrl-C comes while the first step runs.
		r.Interrupted = func() bool {
			_, err := os.Stat(filepath.Join(r.Dir, "first"))
			return err == nil
		}
		res := r.Run(Hook{Name: "pre-commit", Steps: steps(cmds...)})
		if res.OK() || res.Denied || res.Step != 1 || res.Status != 130 || res.Err != nil {
			t.Errorf("%q: result %+v, want step 1 stopped with 130", cmds, res)
		}
		if len(decided) != 1 {
			t.Errorf("%q: decided %q, want the first step alone", cmds, decided)
		}
	}
}
