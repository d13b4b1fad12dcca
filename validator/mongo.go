package validator

import (
	"github.com/permgate/permgate/internal/lazyre"
	"regexp"
	"strings"
)

// Mongo shell scripts.

var (
	mongoDropDBRE   = lazyre.New(`(?i)dropDatabase|dropAllUsers|dropAllRoles`)
	mongoDropCollRE = lazyre.New(`\.\s*drop\s*\(`)
	// mongoDropIndexRE is drop called by its name as a string: coll['drop']().
	mongoDropIndexRE = lazyre.New("\\[\\s*[\"'`]drop[\"'`]\\s*\\]")
	mongoAllRE       = regexp.MustCompile(`\.\s*(deleteMany|remove|updateMany|update)\s*\(\s*(\{\s*\}\s*)?[,)]`)
	mongoSomeRE      = regexp.MustCompile(`\.\s*(deleteMany|deleteOne|remove|findOneAndDelete|findAndModify|updateMany|updateOne|update|replaceOne|findOneAndUpdate|findOneAndReplace|bulkWrite|dropUser|dropRole|renameCollection)\s*\(`)
	mongoCallRE      = regexp.MustCompile(`([A-Za-z_$][A-Za-z0-9_$]*)?\s*([\]\)]?)\s*\(`)
	mongoRunCmdRE    = regexp.MustCompile(`(runCommand|adminCommand)\s*\(\s*\{\s*"?'?([A-Za-z]+)`)
)

// mongoReadCalls are the mongo shell methods that only read.
var mongoReadCalls = setOf("find", "findOne", "countDocuments", "estimatedDocumentCount", "count", "distinct", "aggregate", "getIndexes",
	"stats", "getCollectionNames", "getCollectionInfos", "version", "serverStatus", "hostInfo", "isMaster", "hello", "getName",
	"getSiblingDB", "getCollection", "printjson", "print", "toArray", "limit", "sort", "skip", "pretty", "map", "itcount", "size",
	"explain", "status", "conf", "printReplicationInfo", "printSecondaryReplicationInfo", "getReplicationInfo", "isCapped", "dataSize",
	"storageSize", "totalIndexSize", "totalSize", "getUsers", "getUser", "getRoles", "getRole", "currentOp", "getProfilingStatus",
	"stringify", "tojson", "forEach", "project", "projection", "batchSize", "hint", "collation", "maxTimeMS", "next", "hasNext",
	"getMongo", "getDBNames", "getDB", "listDatabases", "listCollections", "getShardDistribution", "printShardingStatus", "isWritablePrimary",
	"getCollectionNames", "ObjectId", "ISODate", "Date", "NumberLong", "NumberInt", "parse", "log", "keys", "length", "filter", "slice",
	"join", "getTimestamp", "toString", "valueOf", "round", "floor", "toFixed", "getLogComponents", "serverBuildInfo", "serverCmdLineOpts",
	"runCommand", "adminCommand", "watch")

// mongoReadCommands are database commands that only read.
var mongoReadCommands = setOf("ping", "serverStatus", "buildInfo", "buildinfo", "listDatabases", "listCollections", "dbStats", "dbstats",
	"collStats", "collstats", "hostInfo", "connectionStatus", "isMaster", "ismaster", "hello", "getParameter", "replSetGetStatus",
	"getCmdLineOpts", "listIndexes", "count", "find", "distinct", "whatsmyuri", "usersInfo", "rolesInfo", "currentOp", "top",
	"getLog", "validate", "explain", "dataSize", "features", "lockInfo", "connPoolStats", "shardingState", "listCommands")

// stripJS removes JavaScript string literals and comments, keeping code.
func stripJS(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			i = skipLine(s, i)
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return b.String()
			}
			i += end + 3
		case c == '\'' || c == '"': // `…` may hold ${code}: kept as code
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			b.WriteString(`""`)
			i = j
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// judgeMongo judges a mongo shell script.
func judgeMongo(text string) sqlVerdict {
	var v sqlVerdict
	code := stripJS(text)
	switch {
	case mongoDropDBRE().MatchString(text):
		v.severe = "dropDatabase deletes a whole database"
	case mongoDropCollRE().MatchString(code) || mongoDropIndexRE().MatchString(text):
		v.severe = "drop() deletes a whole collection"
	case mongoAllRE.MatchString(code):
		m := mongoAllRE.FindStringSubmatch(code)
		v.severe = m[1] + " with an empty filter changes every document"
	}
	for _, m := range mongoRunCmdRE.FindAllStringSubmatch(text, -1) {
		switch m[2] {
		case "drop", "dropDatabase", "dropAllUsersFromDatabase", "dropAllRolesFromDatabase":
			if v.severe == "" {
				v.severe = m[1] + "({" + m[2] + "}) deletes a whole collection, database or every user"
			}
		case "delete", "update", "findAndModify", "dropUser", "dropRole", "renameCollection":
			if v.destructive == "" {
				v.destructive = m[1] + "({" + m[2] + "}) deletes or overwrites data"
			}
		}
	}
	if m := mongoSomeRE.FindStringSubmatch(code); m != nil {
		v.destructive = m[1] + " deletes or overwrites documents, users or roles"
	}
	if !mongoReads(text) {
		v.write = true
	}
	return v
}

// mongoReads reports a script whose every call only reads.
func mongoReads(text string) bool {
	if strings.Contains(text, "$out") || strings.Contains(text, "$merge") || strings.Contains(text, "$function") || strings.Contains(text, "$where") || strings.Contains(text, "$accumulator") {
		return false
	}
	code := stripJS(text)
	for _, m := range mongoCallRE.FindAllStringSubmatch(code, -1) {
		name, closer := m[1], m[2]
		if closer != "" {
			return false // a call of a computed value: db['x']() or f()()
		}
		if name == "" {
			continue // a parenthesised expression
		}
		if !mongoReadCalls[name] {
			return false
		}
	}
	for _, m := range mongoRunCmdRE.FindAllStringSubmatch(text, -1) {
		if !mongoReadCommands[m[2]] {
			return false
		}
	}
	return !strings.Contains(code, "function")
}
