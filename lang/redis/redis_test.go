package redis

import (
	"strings"
	"testing"
)

var judgeCases = []struct {
	line string
	want Verdict
}{
	{"", Verdict{}},
	{"GET k", Verdict{Verb: "GET"}},
	{"hgetall h", Verdict{Verb: "HGETALL"}},
	{"CONFIG GET maxmemory", Verdict{Verb: "CONFIG GET"}},
	{"client list", Verdict{Verb: "CLIENT LIST"}},
	{"SET k v", Verdict{Verb: "SET", Writes: true}},
	{"CONFIG SET maxmemory 1", Verdict{Verb: "CONFIG SET", Writes: true}},
	{"XREAD GROUP g c STREAMS s >", Verdict{Verb: "XREAD", Writes: true}},
	{"FLUSHALL", Verdict{Verb: "FLUSHALL", Flushes: true, Destroys: true, Writes: true}},
	{"flushdb async", Verdict{Verb: "FLUSHDB", Flushes: true, Destroys: true, Writes: true}},
	{"DEL k", Verdict{Verb: "DEL", Destroys: true, Writes: true}},
	{"SHUTDOWN NOSAVE", Verdict{Verb: "SHUTDOWN", Destroys: true, Writes: true}},
	{"client kill id 3", Verdict{Verb: "CLIENT KILL", Destroys: true, Writes: true}},
	{"SCRIPT FLUSH", Verdict{Verb: "SCRIPT FLUSH", Destroys: true, Writes: true}},
	{"RESTORE k 0 payload replace", Verdict{Verb: "RESTORE", Destroys: true, Writes: true}},
	{"RESTORE k 0 payload", Verdict{Verb: "RESTORE", Writes: true}},
}

func TestJudge(t *testing.T) {
	for _, tc := range judgeCases {
		if got := Judge(strings.Fields(tc.line)); got != tc.want {
			t.Errorf("Judge(%q) = %+v, want %+v", tc.line, got, tc.want)
		}
	}
	if r := (Verdict{Verb: "CLIENT KILL"}).Reason(); r != "CLIENT KILL deletes keys, disconnects clients or stops or resets the server" {
		t.Errorf("Reason() = %q", r)
	}
}

func TestFlushesAnywhere(t *testing.T) {
	for text, want := range map[string]bool{
		"FLUSHALL": true, "eval \"redis.call('flushdb')\" 0": true, "GET flushall": true,
		"GET flushalls": false, "GET k": false, "FLUSH ALL": false,
	} {
		if got := FlushesAnywhere(text); got != want {
			t.Errorf("FlushesAnywhere(%q) = %v, want %v", text, got, want)
		}
	}
}

// FuzzJudge: any line is judged without a panic, and what empties the
// database destroys, what destroys writes.
func FuzzJudge(f *testing.F) {
	for _, tc := range judgeCases {
		f.Add(tc.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		v := Judge(strings.Fields(line))
		if v.Flushes && !v.Destroys || v.Destroys && !v.Writes {
			t.Fatalf("%q: %+v", line, v)
		}
		if v.Flushes && !FlushesAnywhere(line) {
			t.Fatalf("%q: flushes, but FlushesAnywhere misses it", line)
		}
	})
}
