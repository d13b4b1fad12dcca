// Package redis reads redis commands (redis-cli GET k, a command per line
// piped in, an EVAL script) and says what each does, as data: whether it
// empties the database (FLUSHALL, FLUSHDB), destroys keys, clients or the
// server's state, or changes anything at all. Judge knows the commands'
// words, nothing of the client's options or the shell command they came in.
//
// The clients' side (client.go) reads a client's argv by its declared
// grammar (its operands, the lines piped in, --cluster call's command) and
// turns the verdicts into findings through the Host.
package redis

import (
	"slices"
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/lazyre"
)

// Verdict is what one redis command does.
type Verdict struct {
	// Flushes reports FLUSHALL or FLUSHDB: every key is deleted.
	Flushes bool
	// Destroys reports a command that deletes keys, disconnects clients or
	// stops or resets the server.
	Destroys bool
	// Writes reports a command not proven to only read.
	Writes bool
	// Verb is the command's name, upper-cased, with its subcommand when the
	// subcommand is what destroys (SCRIPT FLUSH, CLIENT KILL).
	Verb string
}

// Reason is why a command that destroys does, in one line after the
// client's name.
func (v Verdict) Reason() string {
	return v.Verb + " deletes keys, disconnects clients or stops or resets the server"
}

// FlushReason is why a FLUSHALL or FLUSHDB anywhere is severe.
const FlushReason = "redis FLUSHALL/FLUSHDB deletes every key"

// flushRE finds FLUSHALL or FLUSHDB as a word: a command, or inside an
// EVAL script (redis.call('FLUSHALL')).
var flushRE = lazyre.Regexp{Src: `(?i)\bflush(all|db)\b`}

// FlushesAnywhere reports FLUSHALL or FLUSHDB anywhere in a text: as a
// command or inside a script a command runs.
func FlushesAnywhere(text string) bool { return flushRE.Get().MatchString(text) }

// read are the commands that only read; subRead those whose first argument
// decides (CONFIG GET, CLIENT LIST).
var (
	read = lazy.Value[map[string]bool]{Make: func() map[string]bool {
		return setOf("GET", "MGET", "GETRANGE", "SUBSTR", "STRLEN", "EXISTS", "TYPE", "TTL", "PTTL", "EXPIRETIME", "PEXPIRETIME", "KEYS", "SCAN",
			"HGET", "HMGET", "HGETALL", "HKEYS", "HVALS", "HLEN", "HEXISTS", "HSTRLEN", "HSCAN", "HRANDFIELD", "LRANGE", "LLEN", "LINDEX", "LPOS",
			"SMEMBERS", "SCARD", "SISMEMBER", "SMISMEMBER", "SSCAN", "SRANDMEMBER", "SINTER", "SUNION", "SDIFF", "SINTERCARD", "ZRANGE", "ZREVRANGE",
			"ZRANGEBYSCORE", "ZREVRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGEBYLEX", "ZCARD", "ZSCORE", "ZMSCORE", "ZRANK", "ZREVRANK", "ZCOUNT",
			"ZLEXCOUNT", "ZSCAN", "ZRANDMEMBER", "ZINTER", "ZUNION", "ZDIFF", "XRANGE", "XREVRANGE", "XLEN", "XINFO", "XPENDING", "BITCOUNT",
			"BITPOS", "GETBIT", "GEOPOS", "GEODIST", "GEOHASH", "GEORADIUS_RO", "GEORADIUSBYMEMBER_RO", "GEOSEARCH", "PFCOUNT", "INFO", "PING", "ECHO",
			"TIME", "DBSIZE", "LASTSAVE", "ROLE", "RANDOMKEY", "OBJECT", "DUMP", "MONITOR", "SUBSCRIBE", "PSUBSCRIBE", "SSUBSCRIBE", "PUBSUB",
			"LOLWUT", "READONLY", "HELLO", "SELECT", "AUTH", "COMMAND", "JSON.GET", "JSON.MGET", "JSON.TYPE", "JSON.STRLEN", "JSON.OBJKEYS",
			"JSON.ARRLEN", "FT.SEARCH", "FT.INFO", "FT._LIST", "FT.AGGREGATE", "FT.EXPLAIN", "TS.GET", "TS.MGET", "TS.RANGE", "TS.REVRANGE",
			"TS.INFO", "TS.QUERYINDEX", "BF.EXISTS", "BF.INFO", "XREAD", "SORT_RO", "LCS", "TOUCH")
	}}
	subRead = lazy.Value[map[string][]string]{Make: func() map[string][]string {
		return map[string][]string{
			"CONFIG":   {"GET"},
			"CLIENT":   {"LIST", "INFO", "GETNAME", "ID", "GETREDIR", "TRACKINGINFO", "NO-EVICT"},
			"SLOWLOG":  {"GET", "LEN", "HELP"},
			"LATENCY":  {"LATEST", "HISTORY", "DOCTOR", "GRAPH", "HISTOGRAM", "HELP"},
			"MEMORY":   {"USAGE", "STATS", "DOCTOR", "MALLOC-STATS", "HELP"},
			"CLUSTER":  {"INFO", "NODES", "SLOTS", "SHARDS", "MYID", "MYSHARDID", "KEYSLOT", "COUNTKEYSINSLOT", "GETKEYSINSLOT", "LINKS", "REPLICAS", "SLAVES", "COUNT-FAILURE-REPORTS", "HELP"},
			"MODULE":   {"LIST", "HELP"},
			"FUNCTION": {"LIST", "STATS", "DUMP", "HELP"},
			"ACL":      {"WHOAMI", "LIST", "USERS", "CAT", "GETUSER", "LOG", "DRYRUN", "HELP"},
			"SCRIPT":   {"EXISTS", "HELP"},
			"XINFO":    {"STREAM", "GROUPS", "CONSUMERS", "HELP"},
			"COMMAND":  {"COUNT", "DOCS", "INFO", "LIST", "GETKEYS", "HELP"},
			"OBJECT":   {"ENCODING", "FREQ", "IDLETIME", "REFCOUNT", "HELP"},
			"PUBSUB":   {"CHANNELS", "NUMSUB", "NUMPAT", "SHARDCHANNELS", "SHARDNUMSUB", "HELP"},
		}
	}}
	destroy = lazy.Value[map[string]bool]{Make: func() map[string]bool {
		return setOf("DEL", "UNLINK", "HDEL", "SREM", "ZREM", "ZREMRANGEBYSCORE", "ZREMRANGEBYRANK", "ZREMRANGEBYLEX", "LREM", "LTRIM",
			"XDEL", "XTRIM", "GETDEL", "SWAPDB", "SHUTDOWN", "DEBUG", "REPLICAOF", "SLAVEOF", "FT.DROPINDEX", "FT.DROP", "JSON.DEL", "JSON.FORGET", "MIGRATE")
	}}
	subDestroy = lazy.Value[map[string][]string]{Make: func() map[string][]string {
		return map[string][]string{
			"SCRIPT":   {"FLUSH", "KILL"},
			"FUNCTION": {"FLUSH", "DELETE", "KILL", "RESTORE"},
			"CLIENT":   {"KILL"},
			"CLUSTER":  {"RESET", "FORGET", "FLUSHSLOTS", "DELSLOTS", "DELSLOTSRANGE", "FAILOVER"},
			"ACL":      {"DELUSER"},
			"XGROUP":   {"DESTROY", "DELCONSUMER"},
			"CONFIG":   {"RESETSTAT"},
		}
	}}
)

// Judge judges one redis command, given as its words (GET k; CONFIG SET x
// y). No words do nothing.
func Judge(words []string) Verdict {
	if len(words) == 0 {
		return Verdict{}
	}
	cmd := strings.ToUpper(words[0])
	sub := ""
	if len(words) > 1 {
		sub = strings.ToUpper(words[1])
	}
	v := Verdict{Verb: cmd}
	if subDestroy.Get()[cmd] != nil && len(words) > 1 {
		v.Verb += " " + sub
	}
	switch {
	case cmd == "FLUSHALL" || cmd == "FLUSHDB":
		v.Flushes, v.Destroys, v.Writes = true, true, true
	case destroys(cmd, sub, words):
		v.Destroys, v.Writes = true, true
	default:
		v.Writes = writes(cmd, sub, words)
	}
	return v
}

// destroys reports a command that deletes keys, clients or the server's
// state: DEL, CLIENT KILL, RESTORE … REPLACE.
func destroys(cmd, sub string, words []string) bool {
	return destroy.Get()[cmd] || slices.Contains(subDestroy.Get()[cmd], sub) || cmd == "RESTORE" && containsFold(words, "REPLACE")
}

// writes reports a command, not one that destroys, that is not proven to
// only read: XREAD … GROUP acknowledges, CONFIG SET sets.
func writes(cmd, sub string, words []string) bool {
	switch {
	case cmd == "XREAD" && containsFold(words, "GROUP"):
		return true
	case subRead.Get()[cmd] != nil:
		return !slices.Contains(subRead.Get()[cmd], sub)
	}
	return !read.Get()[cmd]
}

func containsFold(list []string, w string) bool {
	for _, x := range list {
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
