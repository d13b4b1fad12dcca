package registry

import (
	"github.com/permgate/permgate/internal/lazy"
)

// AlwaysRule says how an "always" answer at the prompt may cover a
// program: by the prefix of the command approved (the default), only by
// the exact command, or not at all.
type AlwaysRule uint8

// The ways an always-rule may cover a program.
const (
	// AlwaysPrefix: the rule is the command's prefix, ending at a word
	// (bash(prefix:npm run build*)).
	AlwaysPrefix AlwaysRule = iota
	// AlwaysExact: the program deletes, moves or changes files and
	// processes; the rule is the exact command approved (bash(rm build.log)).
	AlwaysExact
	// AlwaysNever: the program runs whatever it is given; a prefix rule for
	// it would allow anything it runs.
	AlwaysNever
)

// alwaysRules are the programs whose always-rule is not a prefix.
var alwaysRules = lazy.Value[map[string]AlwaysRule]{Make: func() map[string]AlwaysRule {
	return map[string]AlwaysRule{
		"env": AlwaysNever, "sudo": AlwaysNever, "doas": AlwaysNever, "su": AlwaysNever, "xargs": AlwaysNever, "eval": AlwaysNever,
		"exec": AlwaysNever, "source": AlwaysNever, ".": AlwaysNever, "command": AlwaysNever, "builtin": AlwaysNever,
		"nohup": AlwaysNever, "timeout": AlwaysNever, "nice": AlwaysNever, "parallel": AlwaysNever, "find": AlwaysNever,
		"watch": AlwaysNever, "script": AlwaysNever, "ssh": AlwaysNever,

		"rm": AlwaysExact, "rmdir": AlwaysExact, "unlink": AlwaysExact, "shred": AlwaysExact, "mv": AlwaysExact, "cp": AlwaysExact,
		"ln": AlwaysExact, "dd": AlwaysExact, "truncate": AlwaysExact, "chmod": AlwaysExact, "chown": AlwaysExact,
		"chgrp": AlwaysExact, "kill": AlwaysExact, "pkill": AlwaysExact, "killall": AlwaysExact, "tee": AlwaysExact,
		"install": AlwaysExact, "rsync": AlwaysExact, "git": AlwaysExact, "docker": AlwaysExact, "kubectl": AlwaysExact,
	}
}}

// Always returns how an always-rule may cover the program named base (a
// basename): a wrapper that runs what it is given never gets one.
func Always(base string) AlwaysRule {
	if rule, ok := alwaysRules.Get()[base]; ok {
		return rule
	}
	return AlwaysPrefix
}
