package validator

import (
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/shellparse"
)

// The exported methods below are what the judgement rooms (lang/…, and the
// other packages a Check label dispatches to) may ask of the command being
// judged. Each room declares the small interface it needs; *checker is the one
// implementation. They are thin: each calls the validator's own judge.

// Report records a finding of the rule kind.name on the current command, with a
// safer way to the same end ("" when there is none).
func (ck *checker) Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string) {
	ck.addSafer(kind, name, sev, reason, safer)
}

// Nested analyses text as a script of its own and adds its findings to the
// current command, prefixed by how ("git alias.x").
func (ck *checker) Nested(script, how string) { ck.nested(script, how) }

// WriteTarget judges one file the current command writes.
func (ck *checker) WriteTarget(w shellparse.Word, how string) { ck.writeTarget(w, how) }

// Resolve returns the absolute, cleaned path a static word names, relative to
// the directory the command runs in.
func (ck *checker) Resolve(p string) string { return ck.resolve(p) }

// ExpandPath returns the paths a word may name (tilde, known variables,
// braces), and whether some are known only at run time.
func (ck *checker) ExpandPath(w shellparse.Word) (texts []string, unknown bool) {
	return ck.expandPath(w)
}

// StdinText returns the texts the current command may read on its standard
// input (a here-document, a here-string, a file it is redirected from, the
// output of a pipe's known producer); nil when none is known.
func (ck *checker) StdinText(c shellparse.SimpleCommand) []string { return ck.stdinText(c) }

// SecretPath reports that an absolute path (a glob when glob is true) names
// a file that holds secrets.
func (ck *checker) SecretPath(p string, glob bool) bool { return ck.secretPath(p, glob) }

// Home is the home directory, absolute.
func (ck *checker) Home() string { return ck.v.env.Home }

// Dir is the directory the current command runs in, absolute; "" when it is
// known only at run time.
func (ck *checker) Dir() string { return ck.dir }
