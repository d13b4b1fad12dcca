package code

import (
	"reflect"
	"strings"
	"testing"

	"github.com/permgate/permgate/shellparse"
)

func TestFindMatched(t *testing.T) {
	cases := []struct {
		args string
		want Matched
		ok   bool
	}{
		{args: ". -name x.sh", want: Matched{Dirs: []string{"."}, Names: []string{"x.sh"}, Depth: MaxFindDepth, Find: true}, ok: true},
		{args: "a b -type f -name *.sh -maxdepth 2", want: Matched{Dirs: []string{"a", "b"}, Names: []string{"*.sh"}, Depth: 2, Find: true}, ok: true},
		{args: "-name x", want: Matched{Dirs: []string{"."}, Names: []string{"x"}, Depth: MaxFindDepth, Find: true}, ok: true},
		{args: ". ! -name x.sh", want: Matched{Dirs: []string{"."}, Depth: MaxFindDepth, Find: true}, ok: true},
		{args: ". -iname A.sh", want: Matched{Dirs: []string{"."}, Names: []string{"[aA].[sS][hH]"}, Depth: MaxFindDepth, Find: true}, ok: true},
		{args: ". -maxdepth 99", want: Matched{Dirs: []string{"."}, Depth: MaxFindDepth, Find: true}, ok: true},
		{args: ". -name a -o -name b"},
		{args: ". -path */x.sh"},
		{args: ". -iname [a]"},
		{args: ". -maxdepth x"},
		{args: "-L . -name x"},
	}
	for _, c := range cases {
		var words []shellparse.Word
		for _, f := range strings.Fields(c.args) {
			words = append(words, shellparse.Word{Text: f, Static: true})
		}
		got, ok := findMatched(words)
		if ok != c.ok || ok && !reflect.DeepEqual(got, c.want) {
			t.Errorf("find %s: got %+v, %v; want %+v, %v", c.args, got, ok, c.want, c.ok)
		}
	}
	if _, ok := findMatched([]shellparse.Word{{Text: "$D", Static: false}, {Text: "-name", Static: true}, {Text: "x", Static: true}}); ok {
		t.Error("a root known only at run time is read")
	}
}
