package redis

import (
	"testing"

	"github.com/permgate/permgate/shellparse"
)

func words(texts ...string) []shellparse.Word {
	out := make([]shellparse.Word, len(texts))
	for i, t := range texts {
		out[i] = shellparse.Word{Text: t, Static: true}
	}
	return out
}

func TestClientReadOnly(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"GET", "k"}, true},
		{[]string{"-h", "host", "KEYS", "*"}, true},
		{[]string{"SET", "k", "v"}, false},
		{[]string{"--scan"}, true},
		{[]string{"--pipe"}, false},
		{[]string{"--version"}, true},
		{nil, false},
	} {
		if got := ClientReadOnly("redis-cli", words(tc.args...)); got != tc.want {
			t.Errorf("redis-cli %q: read-only %v, want %v", tc.args, got, tc.want)
		}
	}
}
