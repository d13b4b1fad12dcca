package shellparse

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permgate/permgate/registry"
)

// The statements whose writes the values analysis follows: assignments,
// declarations, printf -v NAME FORMAT ARGS and read NAMES from a
// here-string or here-document.

// assignValue records what one assignment makes known, when its variable's
// writes are followed (follows).
func (r *wordResolver) assignValue(a *syntax.Assign, assoc bool) {
	if a.Name == nil {
		return
	}
	name := a.Name.Value
	if !r.follows(name) {
		return
	}
	switch {
	case a.Naked:
		if assoc {
			r.declareAssoc(name)
		}
	case a.Array != nil || a.Index != nil || r.arrays[name] != nil:
		r.assignArray(a, assoc)
	case a.Append:
		old, ok := r.known[name]
		v := r.resolveValue(a.Value)
		v.Text = old.Text + v.Text
		mergeDynamic(&v, old)
		r.setKnown(name, v, ok)
	default:
		r.setKnown(name, r.resolveValue(a.Value), true)
	}
}

// declareAssoc reads declare -A NAME of a variable with no value known:
// the keys set from here on are known, the others not.
func (r *wordResolver) declareAssoc(name string) {
	if _, scalar := r.known[name]; scalar || r.arrays[name] != nil {
		return
	}
	if r.arrays == nil {
		r.arrays = map[string]*arrayValue{}
	}
	r.arrays[name] = &arrayValue{assoc: true, partial: true}
}

// declFlags reads a declaration's options: those that change how a value
// is stored (-i, -l, -u, -n …) or where (local) leave it not followed.
func declFlags(x *syntax.DeclClause) (assoc, ok bool) {
	switch x.Variant.Value {
	case "declare", "typeset", "export", "readonly":
	default:
		return false, false // local outside a function fails; nameref is -n
	}
	var words []registry.Word
	for _, a := range x.Args {
		if a.Name == nil && a.Naked && a.Value != nil {
			lit := a.Value.Lit()
			if strings.HasPrefix(lit, "+") {
				return false, false
			}
			if strings.HasPrefix(lit, "-") {
				words = append(words, registry.Word{Text: lit})
			}
		}
	}
	scan := declGrammar.Scan(words)
	for _, o := range scan.Opts {
		switch o.Name {
		case "-A":
			assoc = true
		case "-a", "-x", "-r", "-g", "-l", "-u":
		default:
			return false, false
		}
	}
	return assoc, !scan.Unknown && !(scan.Has("-l") && scan.Has("-u"))
}

// declCase returns the case a declaration gives its names' values: 'l'
// for declare -l (lower case), 'u' for -u, 0 for neither.
func declCase(x *syntax.DeclClause) byte {
	var words []registry.Word
	for _, a := range x.Args {
		if a.Name == nil && a.Naked && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-") {
			words = append(words, registry.Word{Text: a.Value.Lit()})
		}
	}
	scan := declGrammar.Scan(words)
	switch {
	case scan.Has("-l"):
		return 'l'
	case scan.Has("-u"):
		return 'u'
	}
	return 0
}

// noteCase records the case declare -l or -u gives name's values from here
// on (an array's is not followed).
func (r *wordResolver) noteCase(name string, c byte) {
	if c == 0 {
		return
	}
	if r.cases == nil {
		r.cases = map[string]byte{}
	}
	r.cases[name] = c
}

// noteExport records a name a followed declaration exports.
func (r *wordResolver) noteExport(name string, export bool) {
	if !export {
		return
	}
	if r.exported == nil {
		r.exported = map[string]bool{}
	}
	r.exported[name] = true
}

// withCase returns a value as a variable declared -l or -u holds it.
func (r *wordResolver) withCase(name string, v Word) (Word, bool) {
	switch r.cases[name] {
	case 'l':
		v.Text = strings.ToLower(v.Text)
	case 'u':
		v.Text = strings.ToUpper(v.Text)
	default:
		return v, true
	}
	return v, v.Static
}

// declGrammar is declare's options.
var declGrammar = &registry.Grammar{Short: "aAfFgiIlnprtux"}

// declValues records what declare NAME=VALUE … makes known; a quoted
// "NAME=VALUE" word (or "$v=VALUE" with v known) assigns too.
func (r *wordResolver) declValues(x *syntax.DeclClause) {
	assoc, _ := declFlags(x)
	letterCase := declCase(x)
	export := x.Variant.Value == "export" || declares(x, 'x')
	for _, a := range x.Args {
		if a.Name != nil {
			r.noteCase(a.Name.Value, letterCase)
			r.noteExport(a.Name.Value, export)
			r.assignValue(a, assoc)
			continue
		}
		if !a.Naked || a.Value == nil || a.Value.Lit() != "" {
			continue
		}
		w := r.resolveOne(a.Value)
		name, value, ok := strings.Cut(w.Text, "=")
		if ok && w.Static && isIdentifier(name) && r.follows(name) {
			r.noteCase(name, letterCase)
			r.noteExport(name, export)
			r.setKnown(name, staticWord(value), true)
		}
	}
}

// namedValue is one value a builtin assigns: a scalar or an array.
type namedValue struct {
	name  string
	value Word
	array *arrayValue
}

// builtinValues records what printf -v, read or mapfile makes known.
func (r *wordResolver) builtinValues(x *syntax.CallExpr, redirs []*syntax.Redirect) {
	if len(x.Args) == 0 {
		return
	}
	for _, nv := range r.builtinAssigns(x.Args, x.Assigns, redirs) {
		if !r.follows(nv.name) {
			continue
		}
		if nv.array != nil {
			r.dropValue(nv.name)
			if r.cases[nv.name] != 0 {
				continue // its elements change case: not followed
			}
			if r.arrays == nil {
				r.arrays = map[string]*arrayValue{}
			}
			r.arrays[nv.name] = nv.array
			continue
		}
		r.setKnown(nv.name, nv.value, true)
	}
}

// builtinAssigns returns the values printf -v NAME, read NAMES or mapfile
// ARRAY assigns, when they are known: args are the command's words from
// printf, read or mapfile on, assigns its prefix assignments (IFS=… for
// read's splitting, the only one read here), redirs its redirections (the
// input comes from them).
func (r *wordResolver) builtinAssigns(args []*syntax.Word, assigns []*syntax.Assign, redirs []*syntax.Redirect) []namedValue {
	name := args[0].Lit()
	ifs, ok := r.readIFS(assigns)
	if !ok || name == "printf" && len(assigns) > 0 {
		return nil
	}
	var argv []Word
	for _, a := range args[1:] {
		argv = append(argv, r.resolve(a)...)
		if len(argv) > maxPureWords {
			return nil
		}
	}
	switch name {
	case "printf":
		return r.printfAssign(argv)
	case "read", "mapfile", "readarray":
		text, ok := r.hereInput(redirs)
		if !ok {
			return nil
		}
		if name == "read" {
			return readAssigns(argv, text, ifs)
		}
		return mapfileAssigns(argv, text)
	}
	return nil
}

// printfAssign returns printf -v NAME FORMAT ARGS's value. An unquoted
// word known only at run time may be any number of arguments: not read.
func (r *wordResolver) printfAssign(argv []Word) []namedValue {
	printf, _ := registry.Builtin("printf")
	scan := printf.Scan(RegistryWords(argv))
	target, ok := printfTarget(scan)
	if !ok {
		return nil
	}
	format := argv[scan.Operands[0]]
	args := make([]Word, 0, len(scan.Operands)-1)
	for _, k := range scan.Operands[1:] {
		args = append(args, argv[k])
	}
	if !format.Static || slices.ContainsFunc(args, func(a Word) bool { return !a.Static && !a.Quoted }) {
		return nil
	}
	v, ok := formatPrintf(format.Text, args)
	if !ok || strings.IndexByte(v.Text, 0) >= 0 {
		return nil
	}
	return []namedValue{{name: target, value: v}}
}

// printfTarget returns the name printf -v NAME FORMAT assigns, when it is
// written out (and a format follows).
func printfTarget(scan registry.Scan) (string, bool) {
	o, ok := scan.Value("-v")
	if !ok || !o.HasValue || o.Dynamic || scan.Unknown || len(scan.Operands) == 0 {
		return "", false
	}
	return o.Value, isIdentifier(o.Value)
}

// hereInput returns the text standard input gives, when it is static: a
// here-string (which ends with a newline), a here-document, or a process
// substitution whose commands print known text (< <(echo rm)).
func (r *wordResolver) hereInput(redirs []*syntax.Redirect) (string, bool) {
	text, ok := "", false
	for _, rd := range redirs {
		if rd.N != nil && rd.N.Value != "0" {
			continue
		}
		switch rd.Op {
		case syntax.WordHdoc:
			w := r.resolveValue(rd.Word)
			text, ok = w.Text+"\n", w.Static
		case syntax.Hdoc, syntax.DashHdoc:
			text, ok = r.heredocText(rd)
		case syntax.RdrIn:
			text, ok = r.procSubstInput(rd.Word)
		case syntax.RdrInOut, syntax.DplIn:
			text, ok = "", false
		}
	}
	return text, ok
}

// procSubstInput returns what a file named by <(…) holds, when the word is
// that process substitution alone and its commands are pure (pure.go).
func (r *wordResolver) procSubstInput(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	ps, ok := w.Parts[0].(*syntax.ProcSubst)
	if !ok || ps.Op != syntax.CmdIn {
		return "", false
	}
	out, ok := r.pureOutput(ps.Stmts)
	if !ok || !out.Static || strings.IndexByte(out.Text, 0) >= 0 {
		return "", false
	}
	return out.Text, true
}

// heredocText returns a here-document's body when it is static.
func (r *wordResolver) heredocText(rd *syntax.Redirect) (string, bool) {
	if rd.Hdoc == nil {
		return "", true
	}
	if r.quotedHeredoc(rd) {
		var sb strings.Builder
		for _, p := range rd.Hdoc.Parts {
			lit, ok := p.(*syntax.Lit)
			if !ok {
				return "", false
			}
			sb.WriteString(lit.Value)
		}
		return sb.String(), true
	}
	body := r.resolveDouble(rd.Hdoc.Parts)
	return body.Text, body.Static
}

// quotedHeredoc reports a here-document whose delimiter is quoted ('EOF',
// \EOF): its body is text, with nothing expanded in it.
func (r *wordResolver) quotedHeredoc(rd *syntax.Redirect) bool {
	return rd.Word != nil && (hasQuotes(rd.Word.Parts) || strings.Contains(r.text(rd.Word), `\`))
}
