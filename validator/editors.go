package validator

import (
	"strings"

	"github.com/permgate/permgate/internal/lazyre"

	"github.com/permgate/permgate/shellparse"
)

// sponge FILE soaks up its input and writes FILE.
func (ck *checker) sponge(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, w := range operandsOf(c) {
		ck.writeTarget(w, "sponge "+w.Text)
	}
}

// script FILE records the session into FILE (typescript by default).
func (ck *checker) scriptFile(c shellparse.SimpleCommand, args []shellparse.Word) {
	prog, ok := programs.Get().Lookup("script")
	if !ok {
		return
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	for _, o := range inv.Scan.Values("-O", "--log-out", "-I", "--log-in", "-B", "--log-io", "-T", "--log-timing") {
		ck.writeTarget(shellparse.Word{Text: o.Value, Static: !o.Dynamic}, "script "+o.Name+" "+o.Value)
	}
	for _, w := range inv.Scan.OperandWords(words) {
		ck.writeTarget(shellparse.Word{Text: w.Text, Static: !w.Dynamic}, "script "+w.Text)
		break
	}
}

// ed FILE edits FILE with the commands on its input; a w command writes it.
func (ck *checker) ed(c shellparse.SimpleCommand, args []shellparse.Word) {
	for _, w := range operandsOf(c) {
		if strings.HasPrefix(w.Text, "!") {
			ck.addFinding(Finding{Kind: "inline_code", Severity: NonSevere, ID: "inline_code.ed", Reason: "ed !CMD edits the output of a shell command"})
			ck.nestedJob(strings.TrimPrefix(w.Text, "!"), "ed runs: ")
			continue
		}
		ck.writeTarget(w, c.Name+" "+w.Text)
	}
	t, known := ck.stdinSQL(c)
	if !known {
		return
	}
	for _, s := range t {
		for _, line := range strings.Split(s, "\n") {
			// An address, then the command: w FILE, wq FILE, W FILE write
			// FILE; !CMD, r !CMD, w !CMD, e !CMD run a shell command.
			body := strings.TrimSpace(line)
			if m := edShellRE.Get().FindStringSubmatch(body); m != nil {
				ck.addFinding(Finding{Kind: "inline_code", Severity: NonSevere, ID: "inline_code.ed", Reason: "ed runs a shell command from its script"})
				ck.nestedJob(m[1], "ed runs: ")
				continue
			}
			if m := edWriteRE.Get().FindStringSubmatch(body); m != nil {
				ck.writeTarget(shellparse.Word{Text: m[1], Static: true}, c.Name+" w "+m[1])
			}
		}
	}
}

// edShellRE is an ed command that runs a shell command: !CMD, r !CMD, w !CMD, e !CMD.
var edShellRE = lazyre.Regexp{Src: `^(?:[0-9,.;$+\-']*[rwWeE]\s*)?!(.*)$`}

// edWriteRE is an ed write command with a file name: [addr]w FILE, wq FILE, W FILE.
var edWriteRE = lazyre.Regexp{Src: `^[0-9,.;$+\-'a-z]*?[wW]q?\s+([^!\s]\S*)$`}

// patch writes the files the patch names (unknown here) and -o FILE.
func (ck *checker) patch(c shellparse.SimpleCommand, args []shellparse.Word) {
	prog, ok := programs.Get().Lookup("patch")
	if !ok {
		return
	}
	words := shellparse.RegistryWords(args)
	inv := prog.Resolve(words)
	if inv.Scan.Has("--dry-run") {
		return
	}
	// patch FILE PATCHFILE: the first operand is the file patched.
	if ops := inv.Scan.OperandWords(words); len(ops) > 0 {
		ck.writeTarget(shellparse.Word{Text: ops[0].Text, Static: !ops[0].Dynamic}, "patch "+ops[0].Text)
	}
}
