package registry

import "slices"

// VerbForms returns the ways a deny or ask rule may read an argv with the
// options before and between its verb words set aside (npm --registry=URL
// publish is also npm publish; git -C dir push --force is also git push
// --force): for each form, the indexes of the words of args kept, in order.
// Words from the one after the last verb word on are kept as written, so an
// option there still counts (git push --force).
//
// A declared program is read by its grammar (Resolve), in every reading of
// the argv — the readings that set aside a word an undeclared option may
// take as its value too. A program the registry does not know (p is nil) is
// read with no grammar: once with every option a flag, once with every long
// option taking the next word, each time with one and with two verb words.
// Every form only adds ways for a rule to match; forms that set nothing
// aside are left out.
func VerbForms(p *Program, args []Word) [][]int {
	var out [][]int
	add := func(kept []int) {
		if len(kept) < len(args) && !slices.ContainsFunc(out, func(f []int) bool { return slices.Equal(f, kept) }) {
			out = append(out, kept)
		}
	}
	if p != nil {
		inv := p.Resolve(args)
		for _, r := range inv.readings() {
			verbs := r.PathAt
			if r.Verb != "" {
				verbs = append(slices.Clip(verbs), r.VerbAt)
			}
			if len(verbs) > 0 {
				add(keepFrom(verbs, len(args)))
			}
		}
		if len(p.Node.Subs) > 0 {
			return out
		}
		// A program without verbs of its own: its first operands are read
		// as verbs too (mytool --flag x deploy), as for one not declared.
	}
	var own Grammar
	if p != nil {
		own = *p.Node.grammar() // git -C DIR: the program's own options still take their values
	}
	for _, longValued := range []bool{false, true} {
		g := own
		g.Posix, g.LongValued = true, longValued
		var verbs []int
		for pos := 0; pos < len(args) && len(verbs) < 2; {
			s := g.Scan(args[pos:])
			if s.DashDash >= 0 || s.Stop+pos >= len(args) {
				break
			}
			verbs = append(verbs, pos+s.Stop)
			add(keepFrom(verbs, len(args)))
			pos += s.Stop + 1
		}
	}
	return out
}

// keepFrom returns the verb indexes and every index after the last of them.
func keepFrom(verbs []int, n int) []int {
	kept := slices.Clone(verbs)
	for i := verbs[len(verbs)-1] + 1; i < n; i++ {
		kept = append(kept, i)
	}
	return kept
}
