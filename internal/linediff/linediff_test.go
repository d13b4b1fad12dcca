package linediff

import (
	"strings"
	"testing"
)

func render(ops []Op) string {
	var sb strings.Builder
	for _, o := range ops {
		sb.WriteString(string(o.Kind) + o.Text + "\n")
	}
	return sb.String()
}

func TestLines(t *testing.T) {
	tests := []struct {
		a, b []string
		want string
	}{
		{nil, nil, ""},
		{[]string{"x"}, nil, "-x\n"},
		{nil, []string{"x"}, "+x\n"},
		{[]string{"a", "b", "c"}, []string{"a", "b", "c"}, " a\n b\n c\n"},
		{[]string{"{", `"model": "opus"`, "}"}, []string{"{", `"model": "opus",`, `"hooks": {}`, "}"},
			" {\n-\"model\": \"opus\"\n+\"model\": \"opus\",\n+\"hooks\": {}\n }\n"},
		{[]string{"a", "x", "b"}, []string{"a", "b", "y"}, " a\n-x\n b\n+y\n"},
	}
	for _, tt := range tests {
		if got := render(Lines(tt.a, tt.b)); got != tt.want {
			t.Errorf("Lines(%q, %q):\n%s\nwant:\n%s", tt.a, tt.b, got, tt.want)
		}
	}
}
