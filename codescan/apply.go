package codescan

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
)

// op is what a call does: an effect the report records, or a value the
// scanner follows.
type op uint8

const (
	opNone op = iota
	// Effects.
	opShell       // the first argument is shell text; a list is an argv
	opRunFile     // the first argument is a program file the call runs (runpy.run_path)
	opShellJoin   // the arguments joined by spaces are shell text
	opProcess     // subprocess: a string is shell text, a list an argv unless shell=True
	opSystem      // Perl's and Ruby's system: one string is shell text, several an argv
	opExecv       // (path, argv): os.execv, execvp
	opExecl       // (path, arg0, args…): os.execl, execlp
	opSpawn       // (cmd, [args], options): spawn, execFile, System.cmd, Deno.Command
	opArgv        // the arguments, or one list, or an options object's cmd, are an argv
	opPipeOpen    // Perl's open with a pipe mode
	opPipePath    // a path that starts with | runs the rest (Ruby's open("|cmd"))
	opDelete      // each argument is deleted
	opDeleteTree  // each argument is deleted with everything under it
	opDeleteOpt   // the first argument is deleted, recursively when opt is set
	opDeleteFlag  // the first argument is deleted, recursively when the second is true
	opProgramArgs // the first argument is a program, its arguments those after gap more (call-process)
	opFork        // a new process
	opEval        // the first argument is code of the same language
	opNetwork     // a connection to another machine (an HTTP request, a socket)
	// Values.
	vHome      // the home directory
	vPathHome  // a path object of the home directory (Path.home())
	vTemp      // the temporary directory
	vTempFresh // a new directory in the temporary one
	vCwd       // the working directory
	vEnv       // the environment variable the first argument names
	vExpand    // the first argument with ~ read as home
	vJoin      // the arguments joined as a path
	vConcat    // the arguments joined
	vPaste     // R's paste: the arguments joined by sep (a space)
	vModule    // the module the first argument names (require, __import__)
	vGetattr   // getattr(obj, "name")
	vSend      // Ruby's send(:name, args…), PHP's call_user_func
	vSendList  // PHP's call_user_func_array(name, [args])
	vPath      // a path object of the arguments
	vIdentity  // the first argument (str(), String(), to_charlist)
	vChr       // the characters of the numbers
	vBase64    // the first argument decoded from base64
	vHex       // the first argument decoded from hex
	vBuffer    // Buffer.from(x, "base64")
	vObject    // an object the tables name by to (Runtime.getRuntime())
	vProperty  // a Java system property (user.home)
	vLowerFn   // the first argument in lower case (lc, strtolower)
	vUpperFn   // the first argument in upper case (uc, strtoupper)
	vReverseFn // the first argument reversed (reverse, strrev)
	vImplode   // the second argument's words joined by the first (join, implode)
	vList      // a list of the arguments (Scala's Seq(…), Java's List.of(…))
	// Methods of a value.
	mShell    // the receiver is shell text, or an argv when a list
	mDelete   // the receiver path is deleted
	mTree     // the receiver path is deleted with everything under it
	mJoinSep  // sep.join(list)
	mFormat   // "…{}…".format(args)
	mLower    // lower case
	mUpper    // upper case
	mStrip    // spaces trimmed
	mReverse  // reversed
	mReplace  // replace(old, new)
	mSame     // the receiver unchanged (decode, toString, to_s)
	mExpand   // the receiver with ~ read as home (Path.expanduser)
	mJoinPath // the receiver joined with the arguments (joinpath)
)

// callSpec is what calling a name does.
type callSpec struct {
	op op
	// opt names the option or keyword that makes a delete recursive or a
	// process a shell's (recursive, shell).
	opt string
	// to names the object vObject returns.
	to string
	// skip is how many arguments come before the ones op reads (the mode
	// os.spawnv takes before its path).
	skip int
	// gap is how many arguments come between a program and its arguments
	// (call-process's infile, destination and display).
	gap int
	// tilde reports a call that reads a path's leading ~ as the home
	// directory (R's unlink).
	tilde bool
}

// call evaluates a call of callee with args; pos is the callee's token.
func (s *scanner) call(callee expr, args []arg, pos int) expr {
	switch callee.kind {
	case xName:
		if sp, name, ok := s.lookup(callee.name); ok {
			return s.apply(name, sp, args, pos)
		}
	case xMethod:
		return s.method(callee, args, pos)
	case xValue:
		if lit, ok := callee.val.Literal(); ok && s.fam.ev.stringCallee {
			return s.call(nameExpr(s.fam.normalize(lit)), args, pos)
		}
	}
	return unknown
}

// lookup finds the spec of a called name, also through star imports.
func (s *scanner) lookup(name string) (callSpec, string, bool) {
	if sp, ok := s.fam.spec(name); ok {
		return sp, name, true
	}
	for _, m := range s.sc.star {
		if sp, ok := s.fam.spec(m + "." + name); ok {
			return sp, m + "." + name, true
		}
	}
	return callSpec{}, name, false
}

// apply does what sp says for a call of name.
func (s *scanner) apply(name string, sp callSpec, args []arg, pos int) expr {
	if sp.op >= vHome {
		return s.applyValue(name, sp, args)
	}
	s.applyEffect(name, sp, args, pos)
	return unknown
}

// nth returns the nth positional argument, or unknown.
func nth(xs []expr, n int) expr {
	if n < len(xs) {
		return xs[n]
	}
	return unknown
}

// applyEffect records the effect of a call.
func (s *scanner) applyEffect(name string, sp callSpec, args []arg, pos int) {
	xs := positional(args)
	xs = xs[min(sp.skip, len(xs)):]
	switch sp.op {
	case opShell, opShellJoin, opProcess, opSystem, opPipeOpen, opPipePath:
		s.runsShell(name, sp.op, args, xs)
		if sp.op == opPipeOpen {
			s.pipeHandle(pos, xs)
		}
	case opProgramArgs:
		if len(xs) > 0 {
			s.r.exec(Exec{Call: name, Argv: append(argvOf(xs[:1]), argvOf(xs[min(1+sp.gap, len(xs)):])...)})
		}
	case opExecv, opExecl, opSpawn, opArgv:
		s.runsArgv(name, sp.op, args, xs)
	case opDelete, opDeleteTree, opDeleteFlag, opDeleteOpt:
		s.deletes(name, sp, args, xs)
	case opFork:
		if len(s.forks) < maxEffects {
			s.forks = append(s.forks, pos)
		}
	case opEval:
		if name == "Function" && len(xs) > 1 {
			// new Function(a, b, BODY): the body is last, and what its
			// parameters are bound to is given when it is called.
			s.eval(name, xs[len(xs)-1])
			s.r.unread(name + " with parameters bound at run time")
			break
		}
		s.eval(name, nth(xs, 0))
	case opRunFile:
		if lit, ok := nth(xs, 0).val.Literal(); ok && nth(xs, 0).isString() {
			s.r.file(lit)
		} else {
			s.r.unread(name + " of a file known only at run time")
		}
	case opNetwork:
		s.r.network(Network{Call: name, Target: nth(xs, 0).value(name + "(…)")})
	}
}

// deletes records the files and trees a call deletes.
func (s *scanner) deletes(name string, sp callSpec, args []arg, xs []expr) {
	if sp.op == opDelete || sp.op == opDeleteTree {
		for _, v := range argvOf(objectsDropped(xs)) {
			s.r.delete(Delete{Call: name, Target: sp.path(v), Recursive: sp.op == opDeleteTree})
		}
		return
	}
	if len(xs) == 0 {
		return
	}
	recursive := option(args, sp.opt)
	if sp.op == opDeleteFlag {
		recursive = len(xs) > 1 && xs[1].truthy()
	}
	s.r.delete(Delete{Call: name, Target: sp.path(xs[0].value(name + "(…)")), Recursive: recursive})
}

// runsShell records the calls that hand text to a shell (or, given a list,
// an argv to exec).
func (s *scanner) runsShell(name string, o op, args []arg, xs []expr) {
	switch o {
	case opShell:
		s.shellOrArgv(name, nth(xs, 0))
	case opShellJoin:
		s.r.shell(Shell{Call: name, Text: joinWords(argvOf(xs))})
	case opProcess:
		s.process(name, args, xs)
	case opSystem:
		s.system(name, xs)
	case opPipeOpen:
		s.pipeOpen(name, xs)
	case opPipePath:
		s.pipePath(name, nth(xs, 0))
	}
}

// runsArgv records the calls that hand an argv to exec.
func (s *scanner) runsArgv(name string, o op, args []arg, xs []expr) {
	switch o {

	case opExecv:
		path, rest := xs[:min(1, len(xs))], xs[min(1, len(xs)):]
		s.r.exec(Exec{Call: name, Argv: append(argvOf(path), tail(argvOf(rest))...)})
	case opExecl:
		if len(xs) > 0 {
			s.r.exec(Exec{Call: name, Argv: append(argvOf(xs[:1]), argvOf(xs[min(2, len(xs)):])...)})
		}
	case opSpawn:
		s.spawn(name, args, xs)
	case opArgv:
		s.argv(name, xs)
	}
}

// pipePath reads a path that starts with | (Ruby's open("|cmd")): the rest
// is shell text.
func (s *scanner) pipePath(name string, x expr) {
	v := x.value("")
	if !x.isString() || len(v.Parts) == 0 || v.Parts[0].Kind != Text || !strings.HasPrefix(v.Parts[0].Text, "|") {
		return
	}
	s.r.shell(Shell{Call: name, Text: concat(text(v.Parts[0].Text[1:]), Value{Parts: v.Parts[1:]})})
}

// path returns a path a call is given as the call reads it: with a leading
// ~ as the home directory when the call expands it.
func (sp callSpec) path(v Value) Value {
	if sp.tilde {
		return expandTilde(v)
	}
	return v
}

// tail drops an argv's first word (the argv[0] exec is given besides the path).
func tail(vs []Value) []Value {
	if len(vs) == 0 {
		return nil
	}
	return vs[1:]
}

// objectsDropped removes options objects from arguments.
func objectsDropped(xs []expr) []expr {
	out := xs[:0:0]
	for _, x := range xs {
		if x.kind != xObject || len(x.list) > 0 {
			out = append(out, x)
		}
	}
	return out
}

// shellOrArgv records x as shell text, or as an argv when it is a list.
func (s *scanner) shellOrArgv(name string, x expr) {
	if x.kind == xList {
		s.r.exec(Exec{Call: name, Argv: x.list})
		return
	}
	s.r.shell(Shell{Call: name, Text: x.value(name + "(…)")})
}

// process reads subprocess.run(cmd, shell=…) and its kin.
func (s *scanner) process(name string, args []arg, xs []expr) {
	cmd := nth(xs, 0)
	if v, ok := optionValue(args, "args"); ok && len(xs) == 0 {
		cmd = v
	}
	shell := option(args, "shell")
	switch {
	case cmd.kind == xList && shell && len(cmd.list) > 0:
		s.r.shell(Shell{Call: name, Text: cmd.list[0]})
	case cmd.kind == xList:
		s.r.exec(Exec{Call: name, Argv: cmd.list})
	case cmd.isString() || shell:
		s.r.shell(Shell{Call: name, Text: cmd.value(name + "(…)")})
	default:
		s.r.exec(Exec{Call: name, Argv: argvOf([]expr{cmd})})
	}
}

// system reads Perl's and Ruby's system, exec and spawn: an environment
// hash first is dropped; one string is shell text, more words an argv.
func (s *scanner) system(name string, xs []expr) {
	if len(xs) > 0 && xs[0].kind == xObject {
		xs = xs[1:]
	}
	if len(xs) == 0 {
		return
	}
	if len(xs) == 1 && xs[0].kind != xList && !(xs[0].kind == xUnknown || xs[0].kind == xName) {
		s.r.shell(Shell{Call: name, Text: xs[0].value(name + "(…)")})
		return
	}
	s.r.exec(Exec{Call: name, Argv: argvOf(xs)})
}

// spawn reads (cmd, [args], options): with shell: true the words are joined
// into shell text.
func (s *scanner) spawn(name string, args []arg, xs []expr) {
	if len(xs) == 0 {
		return
	}
	words := argvOf(xs[:1])
	switch rest := nth(xs, 1); {
	case rest.kind == xList:
		words = append(words, rest.list...)
	case rest.kind == xObject && rest.keys["args"].kind == xList:
		words = append(words, rest.keys["args"].list...)
	case rest.kind == xUnknown && len(xs) > 1 || rest.kind == xName:
		words = append(words, argvOf([]expr{rest})...)
	}
	if option(args, "shell") {
		s.r.shell(Shell{Call: name, Text: joinWords(words)})
		return
	}
	s.r.exec(Exec{Call: name, Argv: words})
}

// argv reads an argv given as the arguments, one list, or an options
// object's cmd (Deno.run({cmd: […]}), Bun.spawn({cmd: […]})).
func (s *scanner) argv(name string, xs []expr) {
	switch {
	case len(xs) == 1 && xs[0].kind == xList:
		s.r.exec(Exec{Call: name, Argv: xs[0].list})
	case len(xs) >= 1 && xs[0].kind == xObject:
		if c, ok := xs[0].keys["cmd"]; ok {
			s.r.exec(Exec{Call: name, Argv: argvOf([]expr{c})})
		}
	case len(xs) == 2 && xs[0].isString() && xs[1].kind == xObject:
		s.r.exec(Exec{Call: name, Argv: argvOf(xs[:1])}) // Bun.spawn("cmd", {…})
	default:
		s.r.exec(Exec{Call: name, Argv: argvOf(xs)})
	}
}

// pipeOpen reads Perl's open(FH, "cmd |"), open(FH, "| cmd") and
// open(FH, "-|", LIST).
func (s *scanner) pipeOpen(name string, xs []expr) {
	if len(xs) >= 3 {
		mode, _ := xs[1].value("").Literal()
		if m := strings.TrimSpace(mode); m == "-|" || m == "|-" {
			s.system(name, xs[2:])
		}
		return
	}
	if len(xs) != 2 || !xs[1].isString() {
		return
	}
	v := xs[1].val
	lit := v.Prefix()
	switch t := strings.TrimSpace(lit); {
	case strings.HasPrefix(t, "|"):
		s.r.shell(Shell{Call: name, Text: concat(text(strings.TrimPrefix(t, "|")), Value{Parts: v.Parts[min(1, len(v.Parts)):]})})
	case v.Known() && strings.HasSuffix(t, "|"):
		s.r.shell(Shell{Call: name, Text: text(strings.TrimSuffix(t, "|"))})
	}
}

// pipeHandle binds the handle Perl's open(FH, "|-", CMD) or
// open(FH, "| CMD") writes to (the first name after the call's bracket) to
// the command, so that what is printed to it is the command's input.
func (s *scanner) pipeHandle(pos int, xs []expr) {
	var cmd Value
	switch {
	case len(xs) >= 3:
		mode, _ := xs[1].value("").Literal()
		if strings.TrimSpace(mode) != "|-" {
			return
		}
		cmd = joinWords(argvOf(xs[2:]))
	case len(xs) == 2 && xs[1].isString() && strings.HasPrefix(strings.TrimSpace(xs[1].val.Prefix()), "|"):
		v := xs[1].val
		cmd = concat(text(strings.TrimPrefix(strings.TrimSpace(v.Prefix()), "|")), Value{Parts: v.Parts[min(1, len(v.Parts)):]})
	default:
		return
	}
	i := pos + 1
	if s.is(i, "(") {
		i++
	}
	if s.is(i, "my", "our", "local") {
		i++
	}
	if pos >= 0 && s.kind(i) == tIdent {
		s.sc.set(pipeKey(s.toks[i].text), valueExpr(cmd))
	}
}

// pipeKey is the name under which a Perl handle open to a command is bound.
func pipeKey(handle string) string { return "open |- " + handle }

// eval reads the text an eval runs as code of the same language.
func (s *scanner) eval(name string, x expr) {
	lit, ok := x.val.Literal()
	if !x.isString() || !ok {
		if name != "compile" { // compile makes a code object; it runs nothing
			s.r.unread(name + " of code known only at run time")
		}
		return
	}
	s.r.program(s.fam, lit, s.depth+1, s.sc)
}

// joinWords joins argv words with spaces.
func joinWords(ws []Value) Value {
	var v Value
	for i, w := range ws {
		if i > 0 {
			v = concat(v, text(" "))
		}
		v = concat(v, w)
	}
	return v
}

// applyValue returns the value a value function gives: places first.
func (s *scanner) applyValue(name string, sp callSpec, args []arg) expr {
	xs := positional(args)
	first := nth(xs, 0)
	switch sp.op {
	case vHome:
		return valueExpr(home())
	case vPathHome:
		return expr{kind: xPath, val: home()}
	case vTemp:
		return valueExpr(Value{Parts: []Part{{Kind: Temp}}})
	case vTempFresh:
		return valueExpr(Value{Parts: []Part{{Kind: Temp}, {Kind: Text, Text: "/tmp.XXXXXXXXXX"}}})
	case vCwd:
		return valueExpr(text("."))
	case vEnv:
		lit, ok := first.value("").Literal()
		if !ok || !first.isString() {
			return valueExpr(dynamic(name + "(…)"))
		}
		return valueExpr(envValue(lit))
	case vExpand:
		return keepPath(first, expandTilde(first.value(name+"(…)")))
	}
	return s.applyJoin(name, sp, args, xs, first)
}

// keepPath returns v as a path when x was one, else as a string.
func keepPath(x expr, v Value) expr {
	if x.kind == xPath {
		return expr{kind: xPath, val: v}
	}
	return valueExpr(v)
}

// applyJoin returns the values that join others: paths, strings, modules.
func (s *scanner) applyJoin(name string, sp callSpec, args []arg, xs []expr, first expr) expr {
	switch sp.op {
	case vJoin, vPath:
		if len(xs) == 0 {
			return expr{kind: xPath, val: text(".")}
		}
		v := first.value(name + "(…)")
		for _, x := range xs[1:] {
			v = joinPath(v, x.value(name+"(…)"))
		}
		if sp.op == vPath || first.kind == xPath {
			return expr{kind: xPath, val: v}
		}
		return valueExpr(v)
	case vConcat, vPaste:
		sep := ""
		if sp.op == vPaste {
			sep = " "
			if v, ok := optionValue(args, "sep"); ok {
				sep, _ = v.value("").Literal()
			}
		}
		return valueExpr(joinWith(argvOf(xs), sep))
	case vModule:
		lit, ok := first.value("").Literal()
		if !ok || !first.isString() {
			if v := first.value(""); len(xs) > 0 && !v.Known() && !hasText(v) {
				s.r.unread(name + " of a module known only at run time")
			}
			return unknown
		}
		s.r.module(lit)
		return nameExpr(moduleName(lit))
	case vList:
		return expr{kind: xList, list: argvOf(xs)}
	}
	return s.applyRef(name, sp, args, xs, first)
}

// applyRef returns the values that name or decode others.
func (s *scanner) applyRef(name string, sp callSpec, args []arg, xs []expr, first expr) expr {
	switch sp.op {
	case vGetattr:
		lit, ok := nth(xs, 1).value("").Literal()
		if !ok || len(xs) < 2 || !xs[1].isString() {
			return unknown
		}
		return s.member(first, lit, -1)
	case vSend, vSendList:
		return s.send(first, args, sp.op == vSendList)
	case vIdentity:
		return first
	case vChr:
		return chrs(name, xs)
	case vBase64, vHex, vBuffer:
		return decoded(sp.op, xs)
	case vObject:
		return nameExpr(sp.to)
	case vProperty:
		return javaProperty(name, first)
	case vLowerFn:
		return valueExpr(textMethod(mLower, first.value(name+"(…)"), nil))
	case vUpperFn:
		return valueExpr(textMethod(mUpper, first.value(name+"(…)"), nil))
	case vReverseFn:
		return valueExpr(textMethod(mReverse, first.value(name+"(…)"), nil))
	case vImplode:
		return implode(xs)
	}
	return unknown
}

// implode joins the words after the first argument with it (Perl's join,
// PHP's implode).
func implode(xs []expr) expr {
	sep, ok := nth(xs, 0).value("").Literal()
	if !ok || len(xs) < 2 || !xs[0].isString() {
		return valueExpr(dynamic("joined text"))
	}
	return valueExpr(joinWith(argvOf(xs[1:]), sep))
}

// chrs returns the characters of the numbers (chr(114), String.fromCharCode).
func chrs(name string, xs []expr) expr {
	var b strings.Builder
	for _, x := range xs {
		if x.kind != xNumber || x.num < 0 || x.num > 0x10FFFF {
			return valueExpr(dynamic(name + "(…)"))
		}
		b.WriteRune(rune(x.num))
	}
	return valueExpr(text(b.String()))
}

// javaProperty returns the system properties that name places.
func javaProperty(name string, key expr) expr {
	switch lit, _ := key.value("").Literal(); lit {
	case "user.home":
		return valueExpr(home())
	case "java.io.tmpdir":
		return valueExpr(Value{Parts: []Part{{Kind: Temp}}})
	case "user.dir":
		return valueExpr(text("."))
	}
	return valueExpr(dynamic(name + "(…)"))
}

// joinWith joins values with sep.
func joinWith(vs []Value, sep string) Value {
	var v Value
	for i, w := range vs {
		if i > 0 {
			v = concat(v, text(sep))
		}
		v = concat(v, w)
	}
	if len(v.Parts) == 0 {
		return text("")
	}
	return v
}

// send calls the function a string or symbol names with the other
// arguments (Ruby's send(:system, "…"), PHP's call_user_func("system", …)).
func (s *scanner) send(first expr, args []arg, list bool) expr {
	lit, ok := first.value("").Literal()
	if first.kind == xName {
		lit, ok = first.name, true
	}
	if !ok {
		s.r.unread("a call of a function named at run time")
		return unknown
	}
	rest := args[min(1, len(args)):]
	if list && len(rest) > 0 && rest[0].x.kind == xList {
		var spread []arg
		for _, w := range rest[0].x.list {
			spread = append(spread, arg{x: valueExpr(w)})
		}
		rest = spread
	}
	return s.call(nameExpr(s.fam.normalize(lit)), rest, -1)
}

// decoded decodes base64 or hex text the code spells out.
func decoded(o op, xs []expr) expr {
	lit, ok := nth(xs, 0).value("").Literal()
	if !ok || len(xs) == 0 || !xs[0].isString() {
		return valueExpr(dynamic("decoded text"))
	}
	if o == vBuffer {
		enc, _ := nth(xs, 1).value("").Literal()
		switch enc {
		case "base64":
		case "hex":
			o = vHex
		default:
			return xs[0]
		}
	}
	var b []byte
	var err error
	if o == vHex {
		b, err = hex.DecodeString(lit)
	} else {
		b, err = decodeBase64(lit)
	}
	if err != nil {
		return valueExpr(dynamic("decoded text"))
	}
	return valueExpr(text(string(b)))
}

func decodeBase64(s string) ([]byte, error) {
	s = strings.Join(strings.Fields(s), "")
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding} {
		if b, err := enc.DecodeString(s); err == nil {
			return b, nil
		}
	}
	return nil, errNotDecoded
}

var errNotDecoded = errors.New("not base64")

// hasText reports a value with some literal text in it (a path joined from
// __dirname and "config.js"): partly known.
func hasText(v Value) bool {
	for _, p := range v.Parts {
		if p.Kind == Text && strings.Trim(p.Text, "/.") != "" {
			return true
		}
	}
	return false
}
