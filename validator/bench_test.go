package validator

import (
	"slices"
	"testing"
	"time"

	"github.com/permgate/permgate/shellparse"
)

// typicalCommand is the shape of command an agent runs most often.
const typicalCommand = `git status && git diff --stat | head -20`

// BenchmarkCheck measures analysis of a typical command, and of every corpus
// command in turn. The corpus run also reports the median time per command.
func BenchmarkCheck(b *testing.B) {
	b.Run("typical", func(b *testing.B) {
		v := New(corpusEnv)
		b.ReportAllocs()
		for b.Loop() {
			v.CheckScript(typicalCommand)
		}
	})
	b.Run("corpus", func(b *testing.B) {
		cases := loadCorpus(b)
		v := New(corpusEnv)
		per := make([]time.Duration, len(cases))
		rounds := 0
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			for i, c := range cases {
				start := time.Now()
				v.CheckScript(c.command)
				per[i] += time.Since(start)
			}
			rounds++
		}
		b.StopTimer()
		for i := range per {
			per[i] /= time.Duration(rounds)
		}
		slices.Sort(per)
		b.ReportMetric(float64(per[len(per)/2].Nanoseconds()), "median-ns/cmd")
		b.ReportMetric(float64(per[len(per)*99/100].Nanoseconds()), "p99-ns/cmd")
		b.ReportMetric(float64(len(cases)), "cmds")
	})
	b.Run("1MiB-script", func(b *testing.B) {
		script := make([]byte, 0, 1<<20)
		for len(script) < 1<<20-64 {
			script = append(script, "grep -rn TODO src/ | sort | uniq -c | head -n 5 > /dev/null\n"...)
		}
		v := New(Env{Cwd: "/home/user/project", Home: "/home/user", Limits: shellparseLimitsFor1MiB()})
		if a := v.CheckScript(string(script)); a.Incomplete() || len(a.Commands) < 10000 {
			b.Fatalf("the 1 MiB script was not analysed in full: %d commands, %v", len(a.Commands), a.Kinds())
		}
		b.SetBytes(int64(len(script)))
		for b.Loop() {
			v.CheckScript(string(script))
		}
	})
}

// shellparseLimitsFor1MiB lifts the command, word and work bounds so a 1 MiB script is analysed in
// full, to measure linear cost rather than the bound.
func shellparseLimitsFor1MiB() shellparse.Options {
	return shellparse.Options{MaxCommands: 1 << 20, MaxWords: 1 << 22, MaxWork: 1 << 40}
}
