package registry

import (
	"strings"
	"testing"
)

// TestEngineOptions checks the container judgement's reading of an engine
// verb: -v=SRC is -v SRC, a long option that is no flag takes the next word
// unless it is an option, and run's options end at the image.
func TestEngineOptions(t *testing.T) {
	cases := []struct {
		verb EngineVerb
		argv string
		want string // options as name=value, then | and the operands
	}{
		{EngineRun, "-v=/:/x img", "-v=/:/x|img"},
		{EngineRun, "-itv /:/x img sh", "-i -t -v=/:/x|img sh"},
		{EngineRun, "--volume --privileged img", "--volume --privileged|img"},
		{EngineRun, "--frobnicate x --privileged img", "--frobnicate=x --privileged|img"},
		{EngineRun, "--pull always img --privileged", "--pull=always|img --privileged"},
		{EngineBuild, "--pull -t tag .", "--pull -t=tag|."},
		{EngineBuild, ". --privileged", "--privileged|."},
		{EngineExec, "-e A=1 ctr sh", "-e=A=1|ctr sh"},
		{EngineCtrRun, "--privileged img id", "--privileged|img id"},
		{EngineVolumeCreate, "-o device=/ --opt o=bind v", "-o=device=/ --opt=o=bind|v"},
		{EngineRun, "-- img", "|img"},
	}
	for _, tc := range cases {
		var words []Word
		for _, f := range strings.Fields(tc.argv) {
			words = append(words, Word{Text: f})
		}
		g := EngineOptions(tc.verb)
		s := g.Scan(words)
		var opts, ops []string
		for _, o := range s.Opts {
			if o.HasValue {
				opts = append(opts, o.Name+"="+o.Value)
			} else {
				opts = append(opts, o.Name)
			}
		}
		for _, i := range s.Operands {
			ops = append(ops, words[i].Text)
		}
		if got := strings.Join(opts, " ") + "|" + strings.Join(ops, " "); got != tc.want {
			t.Errorf("%d %q: %q, want %q", tc.verb, tc.argv, got, tc.want)
		}
	}
}

// TestShortEquals: with ShortEquals, -o=VALUE's value is VALUE; without, it
// is =VALUE as getopt reads it.
func TestShortEquals(t *testing.T) {
	for _, tc := range []struct {
		equals bool
		want   string
	}{{true, "f"}, {false, "=f"}} {
		g := Grammar{Short: "o:", ShortEquals: tc.equals}
		s := g.Scan([]Word{{Text: "-o=f"}})
		if o, ok := s.Value("-o"); !ok || o.Value != tc.want {
			t.Errorf("ShortEquals %v: -o=f reads %+v, want %q", tc.equals, o, tc.want)
		}
	}
}
