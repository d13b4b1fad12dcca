package validator

import (
	"github.com/permgate/permgate/judge/flow"
	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/shellparse"
)

// The methods below are what the code room (judge/code) asks of the command
// being judged beyond host.go's: each calls the validator's own judge.

// CodeDeleteSevere says whether a recursive delete of w is severe, and
// where it lands (judgeDelete).
func (ck *checker) CodeDeleteSevere(w shellparse.Word) (bool, string) {
	class, why := ck.judgeDelete(w)
	return class == deleteSevere, why
}

// CodeDeleteSafer is the safer way to a recursive delete judged severe.
func (ck *checker) CodeDeleteSafer(why string) string { return deleteSafer(why) }

// CodeTreeSelf judges a tree the command deletes against permgate's own
// files.
func (ck *checker) CodeTreeSelf(w shellparse.Word, how string) { self.TreeSelf(ck, w, how, false) }

// CodeCopyTargets returns what a copy (cp, rsync) writes to.
func (ck *checker) CodeCopyTargets(c shellparse.SimpleCommand) []shellparse.Word {
	return copyTargets(c)
}

// CodeTempDir is the temporary directory ($TMPDIR, else /tmp).
func (ck *checker) CodeTempDir() string {
	if ck.v.env.TmpDir != "" {
		return ck.v.env.TmpDir
	}
	return "/tmp"
}

// CodeParse parses text as a script with the validator's parser.
func (ck *checker) CodeParse(src string) shellparse.Result { return ck.v.parser.ParseScript(src) }

// CodeAgent reports that the commands are an agent's.
func (ck *checker) CodeAgent() bool { return ck.v.env.Agent }

// CodeInlineSecrets judges the secret files inline code names, and
// reports whether it names one.
func (ck *checker) CodeInlineSecrets(name, code string) bool { return ck.inlineSecrets(name, code) }

// CodeNetworkTool reports a downloader or a program that sends data out
// (curl, wget, nc, socat …).
func (ck *checker) CodeNetworkTool(base string) bool {
	return flow.Downloader(base) || flow.Sender(base)
}
