package runfiles

import (
	"encoding/json"
	"strings"
)

// DenoConfigs are the files deno reads its tasks from, in the order it
// looks for them in a directory.
var DenoConfigs = []string{"deno.json", "deno.jsonc"}

// MaxDenoTaskDepth bounds how deep a task's dependencies are followed.
const MaxDenoTaskDepth = 16

// DenoTasks returns what `deno task NAME ARGS…` run in dir runs: the task
// of the deno.json (or deno.jsonc) found from dir upward, its dependencies
// first, the words after the name appended; without a deno config, or
// without the task there, package.json's script of that name, as deno
// falls back to. deno task alone lists the tasks and runs none. Tasks run
// in deno's own shell, whose syntax is sh's.
func DenoTasks(files Files, dir string, args []string) Run {
	var out Run
	if len(args) == 0 {
		return out
	}
	name, extra := args[0], args[1:]
	if strings.HasPrefix(name, "-") {
		out.dynamic("deno task %s: options before the task name are not read", name)
		return out
	}
	tasks, taskDir, err := findDenoTasks(files, dir)
	if err != nil {
		out.unread("deno task: %v", err)
		return out
	}
	if _, ok := tasks[name]; !ok {
		pkg, _ := PackageScripts(files, dir, "npm", append([]string{"run", name}, extra...))
		return pkg
	}
	out.Dir = taskDir
	d := denoRun{tasks: tasks, out: &out, seen: map[string]bool{}}
	d.task(name, extra, 0)
	return out
}

// denoRun follows one deno task's dependencies.
type denoRun struct {
	tasks map[string]json.RawMessage
	out   *Run
	seen  map[string]bool
}

// task adds a task's dependencies, then its command.
func (d *denoRun) task(name string, extra []string, depth int) {
	if d.seen[name] {
		return
	}
	d.seen[name] = true
	if depth > MaxDenoTaskDepth {
		d.out.dynamic("deno task %s: dependencies deeper than %d (not read)", name, MaxDenoTaskDepth)
		return
	}
	raw, ok := d.tasks[name]
	if !ok {
		d.out.dynamic("deno task: dependency %s is not a task of the config (not read)", name)
		return
	}
	var command string
	if json.Unmarshal(raw, &command) != nil {
		var full struct {
			Command      string   `json:"command"`
			Dependencies []string `json:"dependencies"`
		}
		if err := json.Unmarshal(raw, &full); err != nil {
			d.out.dynamic("deno task %s: a task deno reads another way (not read)", name)
			return
		}
		for _, dep := range full.Dependencies {
			d.task(dep, nil, depth+1)
		}
		command = full.Command
	}
	if command == "" {
		return
	}
	if len(extra) > 0 {
		command += " " + joinQuoted(extra)
	}
	d.out.add("deno task "+name, command, "")
}

// findDenoTasks reads the tasks of the deno config found from dir upward;
// none when there is no config.
func findDenoTasks(files Files, dir string) (map[string]json.RawMessage, string, error) {
	f, ok, err := findUpward(files, dir, DenoConfigs)
	if err != nil || !ok {
		return nil, "", err
	}
	var cfg struct {
		Tasks map[string]json.RawMessage `json:"tasks"`
	}
	if err := json.Unmarshal([]byte(withoutJSONComments(f.text)), &cfg); err != nil {
		return nil, "", &configError{path: f.path, err: err}
	}
	return cfg.Tasks, f.dir, nil
}

// configError is a config file that is not what its reader reads.
type configError struct {
	path string
	err  error
}

func (e *configError) Error() string { return e.path + ": " + e.err.Error() }

// withoutJSONComments blanks JSONC's // and /* */ comments outside strings
// and drops trailing commas before } and ], keeping the text's length and
// lines.
func withoutJSONComments(text string) string {
	b := []byte(text)
	eachOutsideStrings(b, func(i int) int {
		switch {
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/':
			return blank(b, i, strings.IndexByte(string(b[i:]), '\n'))
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '*':
			end := strings.Index(string(b[i+2:]), "*/")
			if end >= 0 {
				end += 4
			}
			return blank(b, i, end)
		}
		return i
	})
	eachOutsideStrings(b, func(i int) int {
		if j := nextNonSpace(b, i+1); b[i] == ',' && j < len(b) && (b[j] == '}' || b[j] == ']') {
			b[i] = ' '
		}
		return i
	})
	return string(b)
}

// eachOutsideStrings calls fn with the index of each byte of b outside
// JSON strings; fn returns the index it has read up to.
func eachOutsideStrings(b []byte, fn func(i int) int) {
	inString := false
	for i := 0; i < len(b); i++ {
		switch {
		case inString && b[i] == '\\':
			i++
		case inString:
			inString = b[i] != '"'
		case b[i] == '"':
			inString = true
		default:
			i = fn(i)
		}
	}
}

// blank writes spaces over n bytes of b from i (to the end when n < 0),
// keeping newlines; it returns the last index blanked.
func blank(b []byte, i, n int) int {
	stop := len(b)
	if n >= 0 {
		stop = min(i+n, len(b))
	}
	for j := i; j < stop; j++ {
		if b[j] != '\n' {
			b[j] = ' '
		}
	}
	return stop - 1
}

// nextNonSpace is the index of the first byte at or after i that is not
// white space.
func nextNonSpace(b []byte, i int) int {
	for i < len(b) && strings.ContainsRune(" \t\r\n", rune(b[i])) {
		i++
	}
	return i
}
