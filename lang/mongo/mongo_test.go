package mongo

import "testing"

var judgeCases = []struct {
	script string
	want   Verdict
}{
	{"db.users.find({age: {$gt: 3}})", Verdict{}},
	{"db.users.countDocuments()", Verdict{}},
	{"printjson(db.getCollectionNames())", Verdict{}},
	{"db.runCommand({ping: 1})", Verdict{}},
	// A drop named in a string or a comment is still seen (the script may
	// eval it), though every call in it only reads.
	{"db.users.find({name: 'db.dropDatabase()'})", Verdict{Severe: "dropDatabase deletes a whole database"}},
	{"db.dropDatabase()", Verdict{Severe: "dropDatabase deletes a whole database", Writes: true}},
	{"db.users.drop()", Verdict{Severe: "drop() deletes a whole collection", Writes: true}},
	{"db.users['drop']()", Verdict{Severe: "drop() deletes a whole collection", Writes: true}},
	{"db.users.deleteMany({})", Verdict{Severe: "deleteMany with an empty filter changes every document", Destructive: "deleteMany deletes or overwrites documents, users or roles", Writes: true}},
	{"db.users.updateMany({}, {$set: {a: 1}})", Verdict{Severe: "updateMany with an empty filter changes every document", Destructive: "updateMany deletes or overwrites documents, users or roles", Writes: true}},
	{"db.users.deleteOne({_id: 1})", Verdict{Destructive: "deleteOne deletes or overwrites documents, users or roles", Writes: true}},
	{"db.runCommand({drop: 'users'})", Verdict{Severe: "runCommand({drop}) deletes a whole collection, database or every user", Writes: true}},
	{"db.adminCommand({renameCollection: 'a.b', to: 'a.c'})", Verdict{Destructive: "adminCommand({renameCollection}) deletes or overwrites data", Writes: true}},
	{"db.users.aggregate([{$out: 'copy'}])", Verdict{Writes: true}},
	{"db.users.insertOne({a: 1})", Verdict{Writes: true}},
	{"db.users.find({$where: 'sleep(1)'})", Verdict{Writes: true}},
	{"var f = function() {}; f", Verdict{Writes: true}},
	{"db['users']()", Verdict{Writes: true}},
	{"// db.dropDatabase() is in a comment\ndb.users.find()", Verdict{Severe: "dropDatabase deletes a whole database"}},
}

func TestJudge(t *testing.T) {
	for _, tc := range judgeCases {
		if got := Judge(tc.script); got != tc.want {
			t.Errorf("Judge(%q) = %+v, want %+v", tc.script, got, tc.want)
		}
		if Reads(tc.script) == tc.want.Writes {
			t.Errorf("Reads(%q) = %v", tc.script, Reads(tc.script))
		}
	}
}

// FuzzJudge: any script is judged without a panic, and a dropDatabase
// before it is always seen.
func FuzzJudge(f *testing.F) {
	for _, tc := range judgeCases {
		f.Add(tc.script)
	}
	f.Fuzz(func(t *testing.T, script string) {
		v := Judge(script)
		if v.Writes == Reads(script) {
			t.Fatalf("%q: Writes %v but Reads %v", script, v.Writes, Reads(script))
		}
		if p := Judge("db.dropDatabase();\n" + script); p.Severe == "" || !p.Writes {
			t.Fatalf("%q: a dropDatabase before it went unseen: %+v", script, p)
		}
	})
}
