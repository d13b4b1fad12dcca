package shellparse

import (
	"path"
	"slices"
	"strings"

	"permgate/registry"
)

// programs is the program registry: wrappers and runners are declared there.
var programs = registry.Default()

// regWords turns words into the registry scanner's words.
func regWords(args []Word) []registry.Word {
	out := make([]registry.Word, len(args))
	for i, a := range args {
		out[i] = registry.Word{Text: a.Text, Dynamic: !a.Static && !a.Glob && !a.Placeholder}
	}
	return out
}

// runsCommand reports a program the registry declares as running a command
// (a wrapper, or a tool with a runner verb).
func runsCommand(name string) bool {
	p, ok := programs.Lookup(name)
	return ok && p.RunsCommands()
}

// registryStep unwraps a program whose declaration says where its command
// starts: a wrapper (sudo, nice, timeout DURATION, faketime TIME) or a
// runner verb (uv run, mise exec --, kubectl exec POD --, nix develop -c).
func registryStep(name string, prog *registry.Program, argv []Word) step {
	args := regWords(argv[1:])
	inv := prog.Resolve(args)
	runs := inv.Node.Runs
	if runs == nil {
		return step{}
	}
	var st step
	replace := ""
	for _, o := range inv.Scan.Opts {
		switch {
		case slices.Contains(runs.Script, o.Name):
			if !o.HasValue {
				return step{}
			}
			w := argv[o.ValueAt+1]
			if o.ValueAt == o.At {
				w = Word{Text: o.Value, Static: argv[o.At+1].Static}
			}
			return scriptOrOpaque(w, o.ValueAt+2)
		case slices.Contains(runs.Rest, o.Name):
			if o.ValueAt == o.At || o.ValueAt+1 >= len(argv) {
				return step{}
			}
			return step{kind: stepWrap, used: o.ValueAt + 1, rest: argv[o.ValueAt+1:]}
		case name == "sudo" && (o.Name == "-e" || o.Name == "--edit"):
			return step{} // sudoedit: edits a file, runs no command
		case name == "xargs" && (o.Name == "-I" || o.Name == "-i" || o.Name == "--replace"):
			replace = orDefault(o.Value, "{}")
		}
	}
	if runs.Only {
		return step{}
	}
	// Words before the scan stopped that are known only at run time may be
	// options or the command (sudo $OPTS rm …); the first Skip of them are
	// taken as the operands (timeout $T rm …).
	skip := runs.Skip
	for _, i := range inv.Scan.Operands {
		if i >= inv.Scan.Stop {
			break
		}
		if skip > 0 {
			skip--
			continue
		}
		if !st.alsoDynamic {
			st.alsoDynamic, st.dynAt = true, i+1
		}
	}
	i := inv.Scan.Stop + 1 // argv index of the first operand
	if runs.AfterDashDash && inv.Scan.DashDash >= 0 {
		i, skip = inv.Scan.DashDash+2, 0
	}
	for ; runs.Assigns && i < len(argv) && argv[i].Static && isAssignWord(argv[i].Text); i++ {
		n, v, _ := strings.Cut(argv[i].Text, "=")
		st.assigns = append(st.assigns, Assign{Name: n, Value: staticWord(v), Via: name})
	}
	if skip > 0 {
		i += skip
		if i < len(argv) && argv[i].Static && argv[i].Text == "--" {
			i++ // faketime TIME -- CMD
		} else if i < len(argv) && (len(runs.Script) > 0 || len(runs.Rest) > 0) {
			// flock FILE -c SCRIPT: options may follow the operands.
			g := inv.Node.Grammar
			g.Posix = true
			more := g.Scan(regWords(argv[i:]))
			for _, o := range more.Opts {
				if slices.Contains(runs.Script, o.Name) && o.HasValue {
					w := argv[i+o.ValueAt]
					if o.ValueAt == o.At {
						w = Word{Text: o.Value, Static: argv[i+o.At].Static}
					}
					return scriptOrOpaque(w, i+o.ValueAt+1)
				}
			}
			i += more.Stop
		}
	}
	if i >= len(argv) {
		if !st.alsoDynamic {
			return step{}
		}
		// nice $CMD: the dynamic word is the command.
		i, st.alsoDynamic = st.dynAt, false
	}
	st.kind, st.used, st.rest = stepWrap, i, argv[i:]
	if path.Base(name) == "xargs" {
		if replace != "" {
			st.holders = []string{replace}
		} else {
			st.input = true
		}
	}
	return st
}
