package registry

import (
	"iter"
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
)

// Word is one argv word as the scanner sees it.
type Word struct {
	// Text is the word's value, or its source text when Dynamic.
	Text string
	// Dynamic reports a word known only at run time that could be anything,
	// an option included ($OPTS, "$(…)"). Globs and placeholders filled in by
	// xargs or find are operands, not Dynamic.
	Dynamic bool
	// Single reports a dynamic word that stays one word at run time (a
	// quoted expansion, "$f"): an option or an operand, never both.
	Single bool
}

// Grammar is an option grammar: which options a program or subcommand takes
// and whether they take a value.
type Grammar struct {
	// Short lists one-letter options as getopt does: a letter alone is a flag,
	// "o:" takes a value (attached, -ofile, or the next word), "o::" takes an
	// optional value that must be attached (-ofile).
	Short string
	// Long lists long options without their dashes: "force" is a flag,
	// "output=" takes a value (--output=F or --output F), "color=?" takes an
	// optional value that must be attached (--color=always).
	Long []string
	// Common lists more long options, read as Long's: a list many grammars
	// share (the options every git verb reads), declared once.
	Common []string
	// Dash means long options are written with one dash as well (-name,
	// -name=value, -name value), as in Go tools, terraform and find; short
	// clusters are then not recognised.
	Dash bool
	// Words lists single-dash options of several letters read as whole words
	// before clusters ("TT=" for zip -TT CMD); "=" marks a value.
	Words []string
	// Exact means long options must be spelled out: no abbreviations. A Dash
	// grammar is always exact (Go's flag package, terraform and find take no
	// abbreviations): reading -c as an abbreviation of -coverpkg would swallow
	// the next word as its value.
	Exact bool
	// DashAbbrev lets a Dash grammar take unambiguous prefixes after all, as
	// getopt_long_only does (gdb -eval-comm).
	DashAbbrev bool
	// Posix means options end at the first operand (wrappers, find).
	Posix bool
	// OldStyle reads a first word that does not start with a dash as a
	// cluster of option letters whose values are the next words, in order
	// (tar czf ARCHIVE, tar cfb ARCHIVE 20).
	OldStyle bool
	// Plus reads a +WORD as an option, not an operand: the toolchain a
	// rustup proxy selects (cargo +nightly build).
	Plus bool
	// Signal reads a single-dash word that is no declared option (kill -9,
	// kill -KILL) as the option SignalOpt, with the signal as its value,
	// when no option came before it; after one, the word is an operand (kill
	// -9 -1: -1 names every process).
	Signal bool
	// LongValued reads an undeclared long option written without =VALUE as
	// taking the next word, unless that word is an option: the worst reading
	// of a program whose grammar permgate does not know, for rule matching
	// (VerbForms).
	LongValued bool
	// ShortEquals reads -o=VALUE as -o VALUE, as Go's pflag does (docker,
	// podman, kubectl): the = is not part of the value.
	ShortEquals bool
	// Prefer lists long option names (without dashes, each declared in
	// Long) that an abbreviation matching several names is read as, the
	// first listed that matches: a program whose options can loosen what it
	// does reads an ambiguous --c as the loosening --config, not as the
	// first value-taking match.
	Prefer []string
	// Next lists one-letter options whose value is always the next word,
	// even inside a cluster, and the cluster reads on: with Next "oO", -ox
	// pipefail is -o pipefail -x, and -oO pipefail extglob takes the next
	// two words in order (bash's -o and -O). The letters need not be listed
	// in Short; without a next word the option has no value.
	Next string
	// PlusClusters reads a +LETTERS word as a cluster of options, named
	// with their sign ("+x", "+o"), as shells read +x and +o pipefail: a
	// Next letter takes the next word there too, and a lone + is an empty
	// cluster. It is not Plus, whose +WORD is one value (cargo +nightly);
	// when both are set, Plus reads the word.
	PlusClusters bool
}

// SignalOpt is the name a Signal grammar gives a -SIGNAL word.
const SignalOpt = "-SIGNAL"

// Opt is one option the scanner found.
type Opt struct {
	// Name is the option's canonical spelling: "-f", "--force" (abbreviations
	// expanded), or "-name" in a Dash grammar.
	Name string
	// Value is the option's value, when it has one.
	Value    string
	HasValue bool
	// Dynamic reports a value known only at run time.
	Dynamic bool
	// At is the index of the word that held the option, ValueAt that of the
	// word that held its value (the same word when attached).
	At, ValueAt int
	// Abbreviated reports a long option written as a prefix of its name
	// (--mo for --mode): Name holds the name it was read as. (An unknown
	// name is kept as written, never abbreviated.)
	Abbreviated bool
}

// Scan is what the scanner made of an argv.
type Scan struct {
	// Opts are the options in order.
	Opts []Opt
	// Operands are the indexes of the words that are not options (nor option
	// values), in order.
	Operands []int
	// Unknown reports a dynamic word where an option could stand: it may be
	// any option, so questions about options should assume the worst. The
	// word is also listed among the operands.
	Unknown bool
	// UnknownWords reports such a word that may also stand for several
	// words ($OPTS unquoted), not one that stays one ("$f").
	UnknownWords bool
	// DashDash is the index of the "--" that ended the options, or -1.
	DashDash int
	// Stop is the index where a Posix scan stopped (the first operand), or
	// len(args).
	Stop int
}

// Has reports whether any of the named options was given.
func (s *Scan) Has(names ...string) bool {
	for _, o := range s.Opts {
		for _, n := range names {
			if o.Name == n {
				return true
			}
		}
	}
	return false
}

// May reports whether any of the named options was given or may have been:
// a dynamic word in option position may be any of them.
func (s *Scan) May(names ...string) bool { return s.Unknown || s.Has(names...) }

// Values returns the options given under any of the names.
func (s *Scan) Values(names ...string) []Opt {
	var out []Opt
	for _, o := range s.Opts {
		for _, n := range names {
			if o.Name == n {
				out = append(out, o)
				break
			}
		}
	}
	return out
}

// Value returns the last value of any of the named options.
func (s *Scan) Value(names ...string) (Opt, bool) {
	vals := s.Values(names...)
	if len(vals) == 0 {
		return Opt{}, false
	}
	return vals[len(vals)-1], true
}

// OperandWords returns the operand words of args.
func (s *Scan) OperandWords(args []Word) []Word {
	out := make([]Word, 0, len(s.Operands))
	for _, i := range s.Operands {
		out = append(out, args[i])
	}
	return out
}

// valueKind says whether an option takes a value.
type valueKind uint8

const (
	noValue valueKind = iota
	required
	optional
)

// short returns how the one-letter option takes a value; known is false for a
// letter the grammar does not list (it is then read as a flag).
func (g *Grammar) short(letter byte) (v valueKind, known bool) {
	s := g.Short
	for i := 0; i < len(s); i++ {
		if s[i] != letter || s[i] == ':' {
			continue
		}
		switch {
		case strings.HasPrefix(s[i+1:], "::"):
			return optional, true
		case strings.HasPrefix(s[i+1:], ":"):
			return required, true
		}
		return noValue, true
	}
	return noValue, false
}

// long resolves a long option name (without dashes) the way getopt_long does:
// an exact name, else any unambiguous prefix unless the grammar is Exact. An
// ambiguous prefix takes the first of the grammar's Prefer names it matches,
// else the first listed match that takes a value: permgate assumes the worst
// reading.
func (g *Grammar) long(name string) (full string, v valueKind, known bool) {
	var first string
	var firstKind valueKind
	matches := 0
	for decl := range g.longs() {
		n, kind := splitLong(decl)
		if n == name {
			return n, kind, true
		}
		if !g.Exact && (!g.Dash || g.DashAbbrev) && strings.HasPrefix(n, name) {
			matches++
			if first == "" || firstKind == noValue && kind != noValue {
				first, firstKind = n, kind
			}
		}
	}
	if matches > 1 {
		if pref, kind, ok := g.preferred(name); ok {
			return pref, kind, true
		}
	}
	if matches > 0 {
		return first, firstKind, true
	}
	return name, noValue, false
}

func splitLong(decl string) (string, valueKind) {
	switch {
	case strings.HasSuffix(decl, "=?"):
		return decl[:len(decl)-2], optional
	case strings.HasSuffix(decl, "="):
		return decl[:len(decl)-1], required
	}
	return decl, noValue
}

// Scan reads args (the words after the program or subcommand name) with the
// grammar. "--" ends the options; "-" alone is an operand; a dynamic word in
// option position sets Unknown and is kept as an operand, never both an
// option and a target in the caller's reading (rm "$f" is not rm -r).
func (g *Grammar) Scan(args []Word) Scan { return g.scan(args, true) }

// scan is Scan; without rest, the words from a Posix scan's Stop (or after
// its "--") are not listed among the operands: the resolver only needs to
// know where the options stop.
func (g *Grammar) scan(args []Word, rest bool) Scan {
	s := Scan{DashDash: -1, Stop: len(args)}
	start := 0
	if g.OldStyle && len(args) > 0 && !args[0].Dynamic && args[0].Text != "" && args[0].Text[0] != '-' {
		start = g.oldCluster(&s, args)
	}
	for i := start; i < len(args); i++ {
		w := args[i]
		t := w.Text
		switch {
		case w.Dynamic && !staticOptionPrefix(t):
			s.Unknown = true
			s.UnknownWords = s.UnknownWords || !w.Single
			s.Operands = append(s.Operands, i)
		case t == "--":
			s.DashDash = i
			if rest {
				s.rest(i+1, len(args))
			}
			if g.Posix {
				s.Stop = i + 1
			}
			return s
		case g.Plus && len(t) > 1 && t[0] == '+' && !w.Dynamic:
			s.Opts = append(s.Opts, Opt{Name: "+", Value: t[1:], HasValue: true, At: i, ValueAt: i})
		case g.operandWord(w):
			if g.Posix {
				s.Stop = i
				if rest {
					s.rest(i, len(args))
				}
				return s
			}
			s.Operands = append(s.Operands, i)
		default:
			i = g.option(&s, args, i)
		}
	}
	return s
}

// rest adds the words from i to n as operands.
func (s *Scan) rest(i, n int) {
	s.Operands = slices.Grow(s.Operands, n-i)
	for ; i < n; i++ {
		s.Operands = append(s.Operands, i)
	}
}

// dynamicChars start the part of a dynamic word's source text that is known
// only at run time (an expansion, or quotes around one).
const dynamicChars = "$`\"'\\"

// staticOptionPrefix reports a dynamic word whose option name is written out
// (--output=$f, -o"$f"): the name is known, only the value is not.
func staticOptionPrefix(t string) bool {
	if len(t) < 2 || t[0] != '-' || t == "--" {
		return false
	}
	name := t[1:]
	if strings.HasPrefix(t, "--") {
		name, _, _ = strings.Cut(t[2:], "=")
	} else if len(name) > 1 && !strings.ContainsAny(name[:1], "$`\"'\\") {
		return true // -o"$f": the letter is known
	}
	return name != "" && !strings.ContainsAny(name, "$`\"'\\*?[{")
}

// option reads the option at args[i] and returns the index of its last word.
func (g *Grammar) option(s *Scan, args []Word, i int) int {
	if g.plusCluster(args[i]) {
		return g.cluster(s, args, i)
	}
	if last, ok := g.word(s, args, i); ok {
		return last
	}
	if g.Signal && !args[i].Dynamic && !strings.HasPrefix(args[i].Text, "--") {
		s.signal(i, args[i].Text)
		return i
	}
	if strings.HasPrefix(args[i].Text, "--") || g.Dash {
		return g.longOption(s, args, i)
	}
	return g.cluster(s, args, i)
}

// signal reads the -SIGNAL word at i: the signal, when no option came
// before it, else an operand.
func (s *Scan) signal(i int, t string) {
	if len(s.Opts) > 0 {
		s.Operands = append(s.Operands, i)
		return
	}
	s.Opts = append(s.Opts, Opt{Name: SignalOpt, Value: t[1:], HasValue: true, At: i, ValueAt: i})
}

// word reads one of the grammar's several-letter single-dash words (zip
// -TT CMD), when args[i] is one.
func (g *Grammar) word(s *Scan, args []Word, i int) (int, bool) {
	t := args[i].Text
	for _, decl := range g.Words {
		name, kind := splitLong(decl)
		if t != "-"+name {
			continue
		}
		o := Opt{Name: t, At: i, ValueAt: i}
		if kind == required && i+1 < len(args) {
			i++
			o.Value, o.HasValue, o.Dynamic, o.ValueAt = args[i].Text, true, args[i].Dynamic, i
		}
		s.Opts = append(s.Opts, o)
		return i, true
	}
	return i, false
}

// longOption reads a long option (--name, --name=value, or -name in a Dash
// grammar) and the next word when it takes one.
func (g *Grammar) longOption(s *Scan, args []Word, i int) int {
	w := args[i]
	t := w.Text
	body := strings.TrimLeft(t, "-")
	if g.Dash && strings.HasPrefix(t, "---") {
		body = t[2:]
	}
	name, val, hasVal := strings.Cut(body, "=")
	full, kind, known := g.long(name)
	if !known && g.Dash && !strings.HasPrefix(t, "--") && len(name) == 1 {
		return g.cluster(s, args, i)
	}
	o := Opt{Name: "--" + full, Value: val, HasValue: hasVal, Dynamic: w.Dynamic, At: i, ValueAt: i, Abbreviated: full != name}
	if g.Dash {
		o.Name = "-" + full // Go tools and find take either spelling
	}
	guess := !known && g.LongValued && i+1 < len(args) && !strings.HasPrefix(args[i+1].Text, "-")
	if (kind == required || guess) && !hasVal && i+1 < len(args) {
		i++
		o.Value, o.HasValue, o.Dynamic, o.ValueAt = args[i].Text, true, args[i].Dynamic, i
	}
	s.Opts = append(s.Opts, o)
	return i
}

// shortNames holds the names of the options "-X" and "+X" for each ASCII
// letter X, so reading a cluster names its options without allocating.
var shortNames = lazy.Value[*[2][128]string]{Make: func() *[2][128]string {
	var names [2][128]string
	for c := range 128 {
		names[0][c] = "-" + string(rune(c))
		names[1][c] = "+" + string(rune(c))
	}
	return &names
}}

// shortName returns the name of the option letter of a cluster that starts
// with sign: sign then the letter as a rune, as the scan has always named it.
func shortName(sign, letter byte) string {
	if letter < 128 {
		switch sign {
		case '-':
			return shortNames.Get()[0][letter]
		case '+':
			return shortNames.Get()[1][letter]
		}
	}
	return string([]byte{sign}) + string(rune(letter))
}

// oldCluster reads an old-style first word (tar czf ARCHIVE): each letter
// is an option, and those that take a value take the next words in turn.
// It returns the index of the first word after the values.
func (g *Grammar) oldCluster(s *Scan, args []Word) int {
	next := 1
	for _, letter := range []byte(args[0].Text) {
		o := Opt{Name: shortName('-', letter), At: 0, ValueAt: 0}
		if kind, _ := g.short(letter); kind == required && next < len(args) {
			o.Value, o.HasValue, o.Dynamic, o.ValueAt = args[next].Text, true, args[next].Dynamic, next
			next++
		}
		s.Opts = append(s.Opts, o)
	}
	return next
}

// cluster reads a getopt cluster such as -rf or -ofile (or +xo NAME in a
// PlusClusters grammar; a Next letter takes the next word and the cluster
// reads on). In a dynamic word
// (-r$X, -n"$N") the letters from the first expansion on are known only at run
// time: they may be any options (-ro/etc/passwd), so the scan is Unknown.
func (g *Grammar) cluster(s *Scan, args []Word, i int) int {
	w := args[i]
	t := w.Text
	at := i
	for j := 1; j < len(t); j++ {
		letter := t[j]
		if w.Dynamic && strings.IndexByte(dynamicChars, letter) >= 0 {
			s.Unknown = true
			return i
		}
		if g.takesNext(letter) {
			i = s.nextValue(args, at, i, shortName(t[0], letter))
			continue
		}
		kind, _ := g.short(letter)
		o := Opt{Name: shortName(t[0], letter), At: at, ValueAt: at}
		if kind != noValue {
			if rest := t[j+1:]; rest != "" {
				o.Value, o.HasValue, o.Dynamic = strings.TrimPrefix(rest, "="), true, w.Dynamic
				if kind == required && !g.ShortEquals {
					o.Value = rest
				}
			} else if kind == required && i+1 < len(args) {
				i++
				o.Value, o.HasValue, o.Dynamic, o.ValueAt = args[i].Text, true, args[i].Dynamic, i
			}
			s.Opts = append(s.Opts, o)
			return i
		}
		s.Opts = append(s.Opts, o)
	}
	return i
}

// longs yields the grammar's long options: Long's, then Common's.
func (g *Grammar) longs() iter.Seq[string] {
	return func(yield func(string) bool) {
		for _, list := range [2][]string{g.Long, g.Common} {
			for _, decl := range list {
				if !yield(decl) {
					return
				}
			}
		}
	}
}

// preferred returns the first of the grammar's Prefer names that the
// abbreviation name is a prefix of, and how it takes a value.
func (g *Grammar) preferred(name string) (string, valueKind, bool) {
	for _, pref := range g.Prefer {
		if !strings.HasPrefix(pref, name) {
			continue
		}
		for decl := range g.longs() {
			if n, kind := splitLong(decl); n == pref {
				return n, kind, true
			}
		}
	}
	return "", noValue, false
}

// ScanHead is Scan, except that a Posix scan does not list the words from
// its Stop (or after its "--") among the operands: a caller that only needs
// where the options stop, and scans again from there, pays for the words up
// to Stop alone.
func (g *Grammar) ScanHead(args []Word) Scan { return g.scan(args, false) }

// plusCluster reports a +LETTERS word a PlusClusters grammar reads as a
// cluster of options (+x, +o, a lone +). A word known only at run time is
// not one: it may be anything.
func (g *Grammar) plusCluster(w Word) bool {
	return g.PlusClusters && !g.Plus && !w.Dynamic && strings.HasPrefix(w.Text, "+")
}

// operandWord reports a word a scan reads as an operand where an option
// may stand: "-" and a word that does not start with a dash, unless a
// PlusClusters grammar reads it as a cluster of options.
func (g *Grammar) operandWord(w Word) bool {
	t := w.Text
	return (len(t) < 2 || t[0] != '-') && !g.plusCluster(w)
}

// takesNext reports a Next letter: its value is the next word, even inside
// a cluster.
func (g *Grammar) takesNext(letter byte) bool {
	return letter != '-' && letter != '+' && strings.IndexByte(g.Next, letter) >= 0
}

// nextValue adds the Next option name found in the word at, with the word
// after last (the last word the cluster used so far) as its value when
// there is one, and returns the index of the last word used.
func (s *Scan) nextValue(args []Word, at, last int, name string) int {
	o := Opt{Name: name, At: at, ValueAt: at}
	if last+1 < len(args) {
		last++
		o.Value, o.HasValue, o.Dynamic, o.ValueAt = args[last].Text, true, args[last].Dynamic, last
	}
	s.Opts = append(s.Opts, o)
	return last
}

// Declares reports an option the grammar lists, spelled with its dashes
// ("-o", "--output", "-name" in a Dash grammar): a judgement can tell an
// option the program knows from a word that only looks like one (chmod -w
// FILE, whose -w is a mode).
func (g *Grammar) Declares(opt string) bool { return g.declares(opt) }
