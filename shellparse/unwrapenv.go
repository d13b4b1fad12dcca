package shellparse

import (
	"strings"

	"github.com/permgate/permgate/registry"
)

// envStep reads env's options with its declared grammar, and its NAME=VALUE
// words. GNU and BSD env stop reading options at the first operand, take the
// NAME=VALUE words from there and run the first other word; an option written
// after them (env X=1 -u Y cmd, where env would run -u) is read as env's too,
// which finds the later command: the more careful reading. So is a "-" (env -
// is env -i). After "--", only NAME=VALUE words and the command follow.
func envStep(argv []Word) step {
	prog, _ := programs.Get().Lookup("env")
	g := &prog.Node.Grammar
	args := wrapperWords(argv)
	var st step
	i := 1
	for i < len(argv) {
		sc := g.ScanHead(args[i:])
		if res, done := envOptions(&st, argv, i, &sc); done {
			return res
		}
		next := i + sc.Stop
		if sc.DashDash >= 0 || next >= len(argv) {
			i = next
			break
		}
		if argv[next].Text == "-" {
			i = next + 1
			continue
		}
		i = envAssigns(&st, argv, next)
		if i == next {
			break // the command
		}
	}
	return envCommand(st, argv, min(i, len(argv)))
}

// envOptions judges what a scan of env's options from argv[from] found: the
// first -S (--split-string) string, whose words env reads on from (a -S
// without one, the last word, is no string); and the
// words known only at run time where an option may stand. The first such
// word, with words after it, may be options or the command: both readings
// are judged (env $OPTS rm …). A second one, or one that is the last word,
// is the command. A dynamic word written with a dash (-$X) is options only,
// as a program name does not start with one. done reports a step found.
func envOptions(st *step, argv []Word, from int, sc *registry.Scan) (step, bool) {
	split := -1
	for k, o := range sc.Opts {
		if (o.Name == "-S" || o.Name == "--split-string") && o.HasValue {
			split = k
			break
		}
	}
	for _, k := range sc.Operands {
		at := from + k
		if split >= 0 && k > sc.Opts[split].At {
			break
		}
		if strings.HasPrefix(argv[at].Text, "-") {
			continue
		}
		if st.alsoDynamic || at+1 >= len(argv) {
			st.kind, st.used, st.rest, st.scanned = stepWrap, at, argv[at:], at+1
			return *st, true
		}
		st.alsoDynamic, st.dynAt = true, at
	}
	if split < 0 {
		return step{}, false
	}
	return envSplit(*st, argv, from, sc.Opts[split]), true
}

// envSplit is env -S STRING (the option o of a scan from argv[from]): its
// words, spliced in (splitStep); a string known only at run time, or one env
// would refuse, is a script not read, and the words after it may be the
// command too.
func envSplit(st step, argv []Word, from int, o registry.Opt) step {
	val, _ := OptionWord(argv[from:], o)
	used := from + o.ValueAt + 1
	if !val.Static {
		return step{kind: stepOpaque, used: used, script: val, alsoRest: true}
	}
	words, good := splitEnvString(val.Text)
	if !good {
		return step{kind: stepOpaque, used: used, script: val, alsoRest: true}
	}
	return splitStep(st, argv, used, words)
}

// wrapperWords are argv's words for a wrapper's grammar: every word not
// written out is dynamic, a glob too, as it may expand to options (env *
// runs a file named -i … as env's option, or as the command).
func wrapperWords(argv []Word) []registry.Word {
	args := RegistryWords(argv)
	for k, w := range argv {
		if !w.Static {
			args[k].Dynamic = true
		}
	}
	return args
}

// envAssigns adds env's NAME=VALUE words from argv[i] to the step and
// returns the index of the first other word.
func envAssigns(st *step, argv []Word, i int) int {
	for i < len(argv) && argv[i].Static && isEnvAssign(argv[i].Text) {
		n, v, _ := strings.Cut(argv[i].Text, "=")
		st.assigns = append(st.assigns, Assign{Name: n, Value: staticWord(v), Via: "env"})
		i++
	}
	return i
}

// envCommand is env's command from argv[i], after any NAME=VALUE words
// there: the words env runs, the dynamic word when there are none (env X=1
// $CMD --version), or none (env with no command prints the environment).
func envCommand(st step, argv []Word, i int) step {
	cmdStart := envAssigns(&st, argv, i)
	if cmdStart >= len(argv) {
		if st.alsoDynamic {
			st.kind, st.used, st.rest, st.alsoDynamic = stepWrap, st.dynAt, argv[st.dynAt:], false
			return st
		}
		return step{kind: stepDone, assigns: st.assigns}
	}
	st.kind, st.used, st.rest, st.scanned = stepWrap, i, argv[cmdStart:], cmdStart+1
	return st
}

// splitStep is env -S STRING: env puts the string's words where it stood
// and reads on from the first of them, so they may be more options or
// assignments, and the first other word is the command (env -S 'bash -c'
// 'rm -rf ~' runs bash -c, and bash's -c is not env's). The step is env
// again over the spliced words; used is the words up to STRING.
func splitStep(st step, argv []Word, used int, split []Word) step {
	used = min(used, len(argv))
	if len(argv)-used > maxSplitWords {
		// Splicing would copy every word after the string: the string is
		// not read, and the words after it are judged as the command too.
		return step{kind: stepOpaque, used: used, script: argv[used-1], alsoRest: true, assigns: st.assigns}
	}
	rest := make([]Word, 0, 1+len(split)+len(argv)-used)
	rest = append(append(append(rest, argv[0]), split...), argv[used:]...)
	st.kind, st.used, st.rest, st.scanned, st.fresh = stepWrap, used, rest, used+len(rest), true
	return st
}

// splitEnvString splits env -S's string the way GNU env does: words
// separated by whitespace (or \_ outside quotes); single quotes, in which
// only \\ and \' are escapes; double quotes and bare words, in which \" \#
// \$ \' \\ \_ (a space in double quotes) \f \n \r \t \v are, and \c outside
// quotes ends the string; a word that starts with # starts a comment to the
// end. A $ (an expansion) or any other escape (which env refuses) makes the
// string dynamic: ok is false.
func splitEnvString(s string) ([]Word, bool) {
	if len(s) > maxSplitBytes {
		return nil, false // not read: what it holds is not known
	}
	var words []Word
	var cur strings.Builder
	inWord := false
	quote := byte(0)
	flush := func() {
		if inWord {
			words = append(words, staticWord(cur.String()))
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			switch {
			case c == '\'':
				quote = 0
			case c == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\''):
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == '$':
			return nil, false
		case c == '\\':
			if i+1 >= len(s) {
				return nil, false
			}
			i++
			switch e := s[i]; e {
			case '"', '#', '$', '\'', '\\':
				cur.WriteByte(e)
			case 'f', 'n', 'r', 't', 'v':
				cur.WriteByte(map[byte]byte{'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}[e])
			case '_':
				if quote == '"' {
					cur.WriteByte(' ')
				} else {
					flush()
					continue
				}
			case 'c':
				if quote == '"' {
					return nil, false // env refuses \c in double quotes
				}
				flush()
				return words, len(words) <= maxSplitWords
			default:
				return nil, false // env refuses other escapes
			}
			inWord = true
		case quote == '"':
			if c == '"' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			flush()
		case c == '#' && !inWord:
			return words, len(words) <= maxSplitWords // a comment to the end
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	flush()
	return words, len(words) <= maxSplitWords
}

// maxSplitBytes and maxSplitWords bound what env -S's string is split into:
// past them it is not read (a script known only at run time).
const (
	maxSplitBytes = 64 << 10
	maxSplitWords = 4096
)
