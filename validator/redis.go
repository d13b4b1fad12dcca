package validator

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/lang/redis"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// The redis clients' glue: the command a client runs (its operands, the
// lines piped in, --cluster call's command), judged by lang/redis.

// redisReadModes are redis-cli's own modes that only look.
var redisReadModes = []string{"--scan", "--bigkeys", "--memkeys", "--hotkeys", "--keystats", "--stat", "--latency", "--latency-history", "--latency-dist", "--intrinsic-latency", "--lru-test", "--top-keys"}

// redisInput reads a client's argv: its invocation and the redis command
// words after the options.
func redisInput(name string, args []shellparse.Word) (inv registry.Invocation, ops []registry.Word, ok bool) {
	prog, found := programs.Lookup(name)
	if !found {
		return inv, nil, false
	}
	words := shellparse.RegistryWords(args)
	inv = prog.Resolve(words)
	return inv, inv.Scan.OperandWords(words), true
}

// redisReadOnly: a redis command that only reads, or a mode that only looks.
func redisReadOnly(name string, args []shellparse.Word) bool {
	inv, ops, ok := redisInput(name, args)
	if !ok || inv.Scan.Unknown {
		return false
	}
	if inv.Help(shellparse.RegistryWords(args)) || isVersion(args) {
		return true
	}
	if inv.Scan.Has("--eval", "--pipe", "--rdb", "--functions-rdb", "--ldb", "-x", "--cluster") {
		return false
	}
	if len(ops) == 0 {
		return inv.Scan.Has(redisReadModes...)
	}
	return !redis.Judge(wordTexts(ops)).Writes
}

// redis judges the command a redis client runs: FLUSHALL anywhere (an EVAL
// script's redis.call('FLUSHALL') included) is severe, a command that
// destroys keys, clients or the server's state asks.
func (ck *checker) redis(c shellparse.SimpleCommand, args []shellparse.Word) {
	stdin, known := ck.stdinSQL(c)
	if slices.ContainsFunc(append([]string{joinWords(args)}, stdin...), redis.FlushesAnywhere) {
		ck.addFinding(Finding{Kind: finding.SQLDestructive, Severity: Severe, ID: "sql_destructive.redis_flush", Reason: redis.FlushReason,
			Suggestion: "redis-cli --scan --pattern 'PREFIX*' to see the keys, then delete only those"})
		return
	}
	base := path.Base(c.Name)
	inv, ops, ok := redisInput(base, args)
	if !ok {
		return
	}
	for _, l := range redisLines(inv, ops, stdin, known) {
		if v := redis.Judge(l); v.Destroys {
			ck.addFinding(Finding{Kind: finding.DestructiveAction, Severity: NonSevere, ID: "destructive_action.redis",
				Reason: OneLine(base + " " + v.Reason())})
			return
		}
	}
}

// redisLines are the redis commands a client runs, as words: its operands,
// else each line it reads on standard input when that is known (and it is
// not in a mode of its own), and --cluster call's command.
func redisLines(inv registry.Invocation, ops []registry.Word, stdin []string, known bool) [][]string {
	var lines [][]string
	if len(ops) > 0 {
		lines = append(lines, wordTexts(ops))
	} else if known && !inv.Scan.Has(redisReadModes...) {
		for _, t := range stdin {
			for _, l := range strings.Split(t, "\n") {
				lines = append(lines, strings.Fields(l))
			}
		}
	}
	if cl, ok := inv.Scan.Value("--cluster"); ok && strings.EqualFold(cl.Value, "call") && len(ops) > 1 {
		// redis-cli --cluster call HOST:PORT CMD …: the command runs on every node.
		lines = append(lines, wordTexts(ops[1:]))
	}
	return lines
}

// wordTexts are the words' texts.
func wordTexts(ws []registry.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}
