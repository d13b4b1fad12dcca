package shellparse

import (
	"strings"
	"testing"
)

// envTestWords splits s into words: $… is dynamic, a word with * a glob,
// and _ stands for a space inside a word.
func envTestWords(s string) []Word {
	var out []Word
	for _, f := range strings.Fields(s) {
		f = strings.ReplaceAll(f, "_", " ")
		w := staticWord(f)
		switch {
		case strings.Contains(f, "$"):
			w = Word{Text: f}
		case strings.Contains(f, "*"):
			w = Word{Text: f, Glob: true}
		}
		out = append(out, w)
	}
	return out
}

// envStepText renders a step of envStep: its kind, the words it used, the
// command (or the opaque script), the assignments, and the word that may
// also be the command.
func envStepText(argv []Word, st step) string {
	texts := func(ws []Word) string {
		var out []string
		for _, w := range ws {
			out = append(out, w.Text)
		}
		return strings.Join(out, " ")
	}
	var b strings.Builder
	switch st.kind {
	case stepWrap:
		b.WriteString("wrap [" + texts(argv[:min(st.used, len(argv))]) + "] " + texts(st.rest))
	case stepOpaque:
		b.WriteString("opaque [" + texts(argv[:min(st.used, len(argv))]) + "] " + st.script.Text)
		if st.alsoRest {
			b.WriteString(" +rest")
		}
	case stepDone:
		b.WriteString("done")
	default:
		b.WriteString("other")
	}
	for _, a := range st.assigns {
		b.WriteString(" " + a.Name + "=" + a.Value.Text)
	}
	if st.alsoDynamic {
		b.WriteString(" | " + texts(argv[st.dynAt:]))
	}
	return b.String()
}

// TestEnvStep checks env's reading by its declared grammar: options,
// clusters and attached values, NAME=VALUE words and options after them,
// "-" and "--", -S strings, missing values, and words known only at run
// time, which may be options or the command.
func TestEnvStep(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"env", "done"},
		{"env A=1", "done A=1"},
		{"env A=1 B=2 make", "wrap [env A=1 B=2] make A=1 B=2"},
		{"env -i PATH=/bin sh -c ls", "wrap [env -i PATH=/bin] sh -c ls PATH=/bin"},
		{"env -u HOME ls", "wrap [env -u HOME] ls"},
		{"env -uHOME ls", "wrap [env -uHOME] ls"},
		{"env -iu HOME ls", "wrap [env -iu HOME] ls"},
		{"env --unset=HOME ls", "wrap [env --unset=HOME] ls"},
		{"env --un HOME ls", "wrap [env --un HOME] ls"},
		{"env -C /tmp rm x", "wrap [env -C /tmp] rm x"},
		{"env -C/tmp rm x", "wrap [env -C/tmp] rm x"},
		{"env --chdir /tmp rm x", "wrap [env --chdir /tmp] rm x"},
		{"env --c /tmp rm x", "wrap [env --c /tmp] rm x"},
		{"env -P /bin rm x", "wrap [env -P /bin] rm x"},
		{"env -iv0 ls", "wrap [env -iv0] ls"},
		{"env --ignore-environment --debug ls", "wrap [env --ignore-environment --debug] ls"},
		{"env --block-signal=INT ls", "wrap [env --block-signal=INT] ls"},
		{"env --block-signal INT ls", "wrap [env --block-signal] INT ls"},
		{"env -x ls", "wrap [env -x] ls"},
		{"env -- rm x", "wrap [env --] rm x"},
		{"env -- A=1 rm x", "wrap [env --] rm x A=1"},
		{"env -- -u X", "wrap [env --] -u X"},
		{"env - ls", "wrap [env -] ls"},
		{"env - -u X ls", "wrap [env - -u X] ls"},
		{"env -i A=1 -u Y rm x", "wrap [env -i A=1 -u Y] rm x A=1"},
		{"env A=1 - B=2 ls", "wrap [env A=1 - B=2] ls A=1 B=2"},
		{"env -u", "done"},
		{"env -C", "done"},
		{"env A=1 -u", "done A=1"},
		// -S: the string's words spliced in, env read again over them.
		{"env -S rm_-rf_x", "wrap [env -S rm -rf x] env rm -rf x"},
		{"env -Srm_x y", "wrap [env -Srm x] env rm x y"},
		{"env -iS rm_x", "wrap [env -iS rm x] env rm x"},
		{"env -uS rm", "wrap [env -uS] rm"},
		{"env --split-string=A=1_rm z", "wrap [env --split-string=A=1 rm] env A=1 rm z"},
		{"env --split-string rm_x", "wrap [env --split-string rm x] env rm x"},
		{"env --sp rm_x", "wrap [env --sp rm x] env rm x"},
		{"env A=1 -S rm", "wrap [env A=1 -S rm] env rm A=1"},
		{"env -S", "done"},
		{"env A=1 --split-string", "done A=1"},
		{"env -S 'rm_x", "opaque [env -S 'rm x] 'rm x +rest"},
		{"env -S $X rm", "opaque [env -S $X] $X +rest"},
		{"env -S$X rm", "opaque [env -S$X] $X +rest"},
		{"env --split-string=$X", "opaque [env --split-string=$X] $X +rest"},
		// Words known only at run time.
		{"env $OPTS rm x", "wrap [env $OPTS] rm x | $OPTS rm x"},
		{"env $A $B rm", "wrap [env $A] $B rm | $A $B rm"},
		{"env $CMD", "wrap [env] $CMD"},
		{"env X=1 $CMD", "wrap [env X=1] $CMD X=1"},
		{"env X=1 $CMD --version", "wrap [env X=1] $CMD --version X=1"},
		{"env $A X=1 rm", "wrap [env $A X=1] rm X=1 | $A X=1 rm"},
		{"env --chdir=$D rm x", "wrap [env --chdir=$D] rm x"},
		{"env -C $D rm x", "wrap [env -C $D] rm x"},
		{"env -$X rm x", "wrap [env -$X] rm x"},
		{"env -i$X rm x", "wrap [env -i$X] rm x"},
		{"env -$X", "done"},
		{"env $A -S rm_x", "wrap [env $A -S rm x] env rm x | $A -S rm x"},
		{"env -- $CMD x", "wrap [env --] $CMD x"},
		{"env * rm", "wrap [env *] rm | * rm"},
		{"env -i *", "wrap [env -i] *"},
	} {
		argv := envTestWords(tt.src)
		if got := envStepText(argv, envStep(argv)); got != tt.want {
			t.Errorf("envStep(%s) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
