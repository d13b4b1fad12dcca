package validator

import (
	"strings"

	"permgate/shellparse"
)

// writeTargets returns the words naming files a command writes, truncates, moves
// or deletes. Recursive rm and find -delete are judged by delete.go instead.
func writeTargets(c shellparse.SimpleCommand) []shellparse.Word {
	args := c.Argv[1:]
	ops := operands(args)
	switch c.Name {
	case "rm":
		for _, a := range args {
			if !a.Static && !a.Placeholder {
				return nil // a dynamic option word: judged as a possible rm -r
			}
		}
		if hasFlag(args, "rR", "--recursive") {
			return nil
		}
		return ops
	case "rmdir", "unlink", "shred", "touch", "mkdir", "tee", "truncate", "mkfifo", "mknod":
		return skipOptArgs(args, map[string]bool{"-s": true, "--size": true, "-r": c.Name != "rmdir", "--reference": true, "-d": c.Name == "touch", "-t": c.Name == "touch", "-m": c.Name == "mkdir"})
	case "chmod", "chown", "chgrp":
		if len(ops) > 1 {
			return ops[1:]
		}
	case "mv":
		return ops
	case "cp", "install", "ln", "rsync", "scp":
		if t := targetDirOption(args); t != nil {
			return []shellparse.Word{*t}
		}
		if len(ops) > 1 {
			last := ops[len(ops)-1]
			if (c.Name == "rsync" || c.Name == "scp") && strings.Contains(last.Text, ":") {
				return nil
			}
			return []shellparse.Word{last}
		}
	case "sed":
		if s := parseSed(args); s.inPlace {
			return s.files
		}
	case "sort":
		return optionValues(args, "-o", "--output")
	case "curl":
		return optionValues(args, "-o", "--output")
	case "wget":
		return optionValues(args, "-O", "--output-document")
	}
	return nil
}

func skipOptArgs(args []shellparse.Word, withArg map[string]bool) []shellparse.Word {
	var out []shellparse.Word
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if args[i].Static && strings.HasPrefix(t, "-") && t != "-" {
			if withArg[t] {
				i++
			}
			continue
		}
		out = append(out, args[i])
	}
	return out
}

func targetDirOption(args []shellparse.Word) *shellparse.Word {
	for i, a := range args {
		if (a.Text == "-t" || a.Text == "--target-directory") && i+1 < len(args) {
			return &args[i+1]
		}
		if v, ok := strings.CutPrefix(a.Text, "--target-directory="); ok {
			return &shellparse.Word{Text: v, Static: a.Static}
		}
	}
	return nil
}

func optionValues(args []shellparse.Word, short, long string) []shellparse.Word {
	var out []shellparse.Word
	for i, a := range args {
		switch {
		case (a.Text == short || a.Text == long) && i+1 < len(args):
			out = append(out, args[i+1])
		case strings.HasPrefix(a.Text, long+"="):
			out = append(out, shellparse.Word{Text: strings.TrimPrefix(a.Text, long+"="), Static: a.Static})
		case len(short) == 2 && strings.HasPrefix(a.Text, short) && len(a.Text) > 2 && !strings.HasPrefix(a.Text, "--"):
			out = append(out, shellparse.Word{Text: a.Text[2:], Static: a.Static})
		}
	}
	return out
}

// writes judges every file the command writes.
func (ck *checker) writes(c shellparse.SimpleCommand) {
	for _, t := range writeTargets(c) {
		ck.writeTarget(t, c.Name+" "+t.Text)
	}
}

// metadataOnly are commands that look at a file's name or metadata, not its content.
var metadataOnly = map[string]bool{"ls": true, "stat": true, "file": true, "test": true, "[": true, "du": true, "touch": true, "rm": true, "mkdir": true, "realpath": true, "readlink": true, "basename": true, "dirname": true, "chmod": true, "chown": true, "chgrp": true, "rmdir": true, "unlink": true, "exa": true, "eza": true, "tree": true, "shred": true}

// secretArgs: naming a secret file as an argument reads, copies or sends it.
func (ck *checker) secretArgs(c shellparse.SimpleCommand) {
	if metadataOnly[c.Name] {
		return
	}
	for _, a := range c.Argv[1:] {
		if !a.Static && !a.Glob {
			continue
		}
		text := a.Text
		if _, v, ok := strings.Cut(text, "="); ok && strings.HasPrefix(text, "-") {
			text = v // --env-file=.env
		}
		text = strings.TrimPrefix(text, "@") // curl -d @.env
		if i := strings.Index(text, ":"); i > 0 && (c.Name == "scp" || c.Name == "rsync") {
			text = text[i+1:]
		}
		if text == "" {
			continue
		}
		if secretName(ck.v.resolve(text)) || secretName(text) {
			ck.add("secret_access", NonSevere, c.Name+" reads "+a.Text+", which holds secrets")
		}
	}
}
