package registry

import (
	"slices"
	"strings"
	"testing"
)

func TestVerbForms(t *testing.T) {
	cases := []struct {
		line string
		want []string
	}{
		{"npm --registry=https://r.example publish", []string{"publish"}},
		{"npm -w pkg publish --tag next", []string{"publish --tag next"}},
		{"git -C sub push --force", []string{"push --force"}},
		{"git -c user.name=x --git-dir=.git push", []string{"push"}},
		{"cargo +nightly publish", []string{"publish"}},
		{"terraform -chdir=infra destroy", []string{"destroy"}},
		{"kubectl --context prod -n web delete pod x", []string{"delete pod x"}},
		{"git status", nil},
		// Not declared: options before one or two verb words, as flags and
		// with every long option taking a value.
		{"acmectl --profile prod cluster delete", []string{"prod cluster delete", "cluster delete"}},
		{"acmectl --profile prod cluster -f x delete", []string{"prod cluster -f x delete", "cluster -f x delete", "cluster x delete"}},
		{"acmectl -v deploy --now", []string{"deploy --now"}},
		{"acmectl deploy", nil},
	}
	for _, c := range cases {
		name, rest, _ := strings.Cut(c.line, " ")
		p, _ := Default().Lookup(name)
		args := words(rest)
		var got []string
		for _, kept := range VerbForms(p, args) {
			var ws []string
			for _, i := range kept {
				ws = append(ws, args[i].Text)
			}
			got = append(got, strings.Join(ws, " "))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got  %q\n want %q", c.line, got, c.want)
		}
	}
}

func TestPlusSelector(t *testing.T) {
	p, _ := Default().Lookup("cargo")
	inv := p.Resolve(words("+nightly yank --vers 1.0 crate"))
	if !slices.Equal(inv.Path, []string{"yank"}) {
		t.Fatalf("cargo +nightly yank: path %v", inv.Path)
	}
	if o, ok := inv.Scan.Value("+"); !ok || o.Value != "nightly" {
		t.Errorf("cargo +nightly: selector %v %v", o, ok)
	}
}
