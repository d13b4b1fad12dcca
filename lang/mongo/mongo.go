// Package mongo reads a mongo shell script (mongosh --eval, a script piped
// in) and says what it does, as data: whether it destroys a database or a
// collection or changes every document, whether it deletes or overwrites
// some, and whether every call in it is proven to only read. Judge reads the
// script's text; it runs nothing and knows nothing of the command it came in.
//
// The shells' side (client.go) reads a mongo shell's argv by its declared
// grammar (--eval, a script file, standard input) and reports the verdict as
// the SQL clients' are (sql.Report).
package mongo

import (
	"strings"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/lazyre"
)

// Verdict is what a script does.
type Verdict struct {
	// Severe is why the script destroys a database or collection or changes
	// every document, or "".
	Severe string
	// Destructive is why it deletes or overwrites some documents, users or
	// roles, or "".
	Destructive string
	// Writes reports a script not proven to only read.
	Writes bool
}

var (
	dropDBRE   = lazyre.Regexp{Src: `(?i)dropDatabase|dropAllUsers|dropAllRoles`}
	dropCollRE = lazyre.Regexp{Src: `\.\s*drop\s*\(`}
	// dropByNameRE is drop called by its name as a string: coll['drop']().
	dropByNameRE = lazyre.Regexp{Src: "\\[\\s*[\"'`]drop[\"'`]\\s*\\]"}
	allRE        = lazyre.Regexp{Src: `\.\s*(deleteMany|remove|updateMany|update)\s*\(\s*(\{\s*\}\s*)?[,)]`}
	someRE       = lazyre.Regexp{Src: `\.\s*(deleteMany|deleteOne|remove|findOneAndDelete|findAndModify|updateMany|updateOne|update|replaceOne|findOneAndUpdate|findOneAndReplace|bulkWrite|dropUser|dropRole|renameCollection)\s*\(`}
	callRE       = lazyre.Regexp{Src: `([A-Za-z_$][A-Za-z0-9_$]*)?\s*([\]\)]?)\s*\(`}
	runCmdRE     = lazyre.Regexp{Src: `(runCommand|adminCommand)\s*\(\s*\{\s*"?'?([A-Za-z]+)`}
)

// readCalls are the mongo shell methods that only read.
var readCalls = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("find", "findOne", "countDocuments", "estimatedDocumentCount", "count", "distinct", "aggregate", "getIndexes",
		"stats", "getCollectionNames", "getCollectionInfos", "version", "serverStatus", "hostInfo", "isMaster", "hello", "getName",
		"getSiblingDB", "getCollection", "printjson", "print", "toArray", "limit", "sort", "skip", "pretty", "map", "itcount", "size",
		"explain", "status", "conf", "printReplicationInfo", "printSecondaryReplicationInfo", "getReplicationInfo", "isCapped", "dataSize",
		"storageSize", "totalIndexSize", "totalSize", "getUsers", "getUser", "getRoles", "getRole", "currentOp", "getProfilingStatus",
		"stringify", "tojson", "forEach", "project", "projection", "batchSize", "hint", "collation", "maxTimeMS", "next", "hasNext",
		"getMongo", "getDBNames", "getDB", "listDatabases", "listCollections", "getShardDistribution", "printShardingStatus", "isWritablePrimary",
		"getCollectionNames", "ObjectId", "ISODate", "Date", "NumberLong", "NumberInt", "parse", "log", "keys", "length", "filter", "slice",
		"join", "getTimestamp", "toString", "valueOf", "round", "floor", "toFixed", "getLogComponents", "serverBuildInfo", "serverCmdLineOpts",
		"runCommand", "adminCommand", "watch")
}}

// readCommands are database commands that only read.
var readCommands = lazy.Value[map[string]bool]{Make: func() map[string]bool {
	return setOf("ping", "serverStatus", "buildInfo", "buildinfo", "listDatabases", "listCollections", "dbStats", "dbstats",
		"collStats", "collstats", "hostInfo", "connectionStatus", "isMaster", "ismaster", "hello", "getParameter", "replSetGetStatus",
		"getCmdLineOpts", "listIndexes", "count", "find", "distinct", "whatsmyuri", "usersInfo", "rolesInfo", "currentOp", "top",
		"getLog", "validate", "explain", "dataSize", "features", "lockInfo", "connPoolStats", "shardingState", "listCommands")
}}

// writingOperators are the aggregation and query operators that write or
// run code ($out, $merge, $function, $where, $accumulator).
var writingOperators = []string{"$out", "$merge", "$function", "$where", "$accumulator"}

// Judge reads a mongo shell script. The work is linear in the text; bounding
// it is the caller's.
func Judge(text string) Verdict {
	var v Verdict
	code := stripJS(text)
	v.Severe = destroys(text, code)
	for _, m := range runCmdRE.Get().FindAllStringSubmatch(text, -1) {
		switch m[2] {
		case "drop", "dropDatabase", "dropAllUsersFromDatabase", "dropAllRolesFromDatabase":
			if v.Severe == "" {
				v.Severe = m[1] + "({" + m[2] + "}) deletes a whole collection, database or every user"
			}
		case "delete", "update", "findAndModify", "dropUser", "dropRole", "renameCollection":
			if v.Destructive == "" {
				v.Destructive = m[1] + "({" + m[2] + "}) deletes or overwrites data"
			}
		}
	}
	if m := someRE.Get().FindStringSubmatch(code); m != nil {
		v.Destructive = m[1] + " deletes or overwrites documents, users or roles"
	}
	v.Writes = !Reads(text)
	return v
}

// destroys is why a script destroys a database or collection or changes
// every document, or "": text is the script, code the script without its
// strings and comments.
func destroys(text, code string) string {
	switch {
	case dropDBRE.Get().MatchString(text):
		return "dropDatabase deletes a whole database"
	case dropCollRE.Get().MatchString(code) || dropByNameRE.Get().MatchString(text):
		return "drop() deletes a whole collection"
	}
	if m := allRE.Get().FindStringSubmatch(code); m != nil {
		return m[1] + " with an empty filter changes every document"
	}
	return ""
}

// Reads reports a script whose every call only reads: a method called by a
// computed name, a function defined, or an operator that writes is not.
func Reads(text string) bool {
	for _, op := range writingOperators {
		if strings.Contains(text, op) {
			return false
		}
	}
	code := stripJS(text)
	if !callsRead(code) {
		return false
	}
	for _, m := range runCmdRE.Get().FindAllStringSubmatch(text, -1) {
		if !readCommands.Get()[m[2]] {
			return false
		}
	}
	return !strings.Contains(code, "function")
}

// callsRead reports code whose every call is of a method that only reads.
func callsRead(code string) bool {
	for _, m := range callRE.Get().FindAllStringSubmatch(code, -1) {
		name, closer := m[1], m[2]
		switch {
		case closer != "":
			return false // a call of a computed value: db['x']() or f()()
		case name != "" && !readCalls.Get()[name]:
			return false
		}
	}
	return true
}

// stripJS removes JavaScript string literals and comments, keeping code.
func stripJS(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			i = lineEnd(s, i)
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
		case c == '\'' || c == '"': // `…` may hold ${code}: kept as code
			i = stringEnd(s, i)
			b.WriteString(`""`)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// stringEnd returns the index of the quote that closes the string at s[i],
// or len(s) or past it when it is not closed.
func stringEnd(s string, i int) int {
	q := s[i]
	j := i + 1
	for j < len(s) && s[j] != q {
		if s[j] == '\\' {
			j++
		}
		j++
	}
	return j
}

// lineEnd returns the index of the newline that ends s[i]'s line, or len(s).
func lineEnd(s string, i int) int {
	if end := strings.IndexByte(s[i:], '\n'); end >= 0 {
		return i + end
	}
	return len(s)
}

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}
