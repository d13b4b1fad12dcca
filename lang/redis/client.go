package redis

import (
	"path"
	"slices"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/registry"
	"github.com/permgate/permgate/shellparse"
)

// Host is what the clients' judgement needs of the command being judged.
type Host interface {
	Report(kind finding.Kind, name string, sev finding.Severity, reason, safer string)
	// ClientStdin returns what the command reads on standard input, and
	// whether that is known.
	ClientStdin(c shellparse.SimpleCommand) (texts []string, known bool)
}

// Clients are the redis clients whose argv ClientReadOnly reads.
var Clients = []string{"redis-cli", "valkey-cli", "keydb-cli"}

// readModes are redis-cli's own modes that only look.
var readModes = []string{"--scan", "--bigkeys", "--memkeys", "--hotkeys", "--keystats", "--stat", "--latency", "--latency-history", "--latency-dist", "--intrinsic-latency", "--lru-test", "--top-keys"}

// clientInput reads a client's argv: its invocation and the redis command
// words after the options.
func clientInput(name string, args []shellparse.Word) (inv registry.Invocation, ops []registry.Word, ok bool) {
	prog, found := registry.Default().Lookup(name)
	if !found {
		return inv, nil, false
	}
	words := shellparse.RegistryWords(args)
	inv = prog.Resolve(words)
	return inv, inv.Scan.OperandWords(words), true
}

// ClientReadOnly reports a redis command that only reads, or a mode that
// only looks.
func ClientReadOnly(name string, args []shellparse.Word) bool {
	inv, ops, ok := clientInput(name, args)
	if !ok || inv.Scan.Unknown {
		return false
	}
	if inv.Help(shellparse.RegistryWords(args)) || shellparse.LoneInfoOption(args) {
		return true
	}
	if inv.Scan.Has("--eval", "--pipe", "--rdb", "--functions-rdb", "--ldb", "-x", "--cluster") {
		return false
	}
	if len(ops) == 0 {
		return inv.Scan.Has(readModes...)
	}
	return !Judge(wordTexts(ops)).Writes
}

// Client judges the command a redis client runs: FLUSHALL anywhere (an
// EVAL script's redis.call('FLUSHALL') included) is severe, a command that
// destroys keys, clients or the server's state asks.
func Client(h Host, c shellparse.SimpleCommand, args []shellparse.Word) {
	stdin, known := h.ClientStdin(c)
	if slices.ContainsFunc(append([]string{joinWords(args)}, stdin...), FlushesAnywhere) {
		h.Report(finding.SQLDestructive, "redis_flush", finding.Severe, FlushReason,
			"redis-cli --scan --pattern 'PREFIX*' to see the keys, then delete only those")
		return
	}
	base := path.Base(c.Name)
	inv, ops, ok := clientInput(base, args)
	if !ok {
		return
	}
	for _, l := range lines(inv, ops, stdin, known) {
		if v := Judge(l); v.Destroys {
			h.Report(finding.DestructiveAction, "redis", finding.NonSevere, base+" "+v.Reason(), "")
			return
		}
	}
}

// lines are the redis commands a client runs, as words: its operands, else
// each line it reads on standard input when that is known (and it is not in
// a mode of its own), and --cluster call's command.
func lines(inv registry.Invocation, ops []registry.Word, stdin []string, known bool) [][]string {
	var out [][]string
	if len(ops) > 0 {
		out = append(out, wordTexts(ops))
	} else if known && !inv.Scan.Has(readModes...) {
		for _, t := range stdin {
			for _, l := range strings.Split(t, "\n") {
				out = append(out, strings.Fields(l))
			}
		}
	}
	if cl, ok := inv.Scan.Value("--cluster"); ok && strings.EqualFold(cl.Value, "call") && len(ops) > 1 {
		// redis-cli --cluster call HOST:PORT CMD …: the command runs on every node.
		out = append(out, wordTexts(ops[1:]))
	}
	return out
}

// wordTexts are the words' texts.
func wordTexts(ws []registry.Word) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Text
	}
	return out
}

// joinWords joins the words' texts with spaces.
func joinWords(words []shellparse.Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Text
	}
	return strings.Join(parts, " ")
}
