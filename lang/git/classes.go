package git

import (
	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/internal/lazy"
)

// verbClasses are what git's verbs that do more than read do (a git that
// only reads is filesystem_read; any other verb writes the repository).
var verbClasses = lazy.Value[map[string][]effect.Class]{Make: func() map[string][]effect.Class {
	return map[string][]effect.Class{
		"push": {effect.NetworkOutbound}, "send-email": {effect.NetworkOutbound}, "send-pack": {effect.NetworkOutbound}, "request-pull": {effect.NetworkOutbound},
		"fetch": {effect.NetworkInbound, effect.FilesystemWrite}, "pull": {effect.NetworkInbound, effect.FilesystemWrite},
		"clone": {effect.NetworkInbound, effect.FilesystemWrite}, "ls-remote": {effect.NetworkInbound}, "fetch-pack": {effect.NetworkInbound},
		"submodule": {effect.NetworkInbound, effect.FilesystemWrite},
		"rm":        {effect.FilesystemDelete}, "clean": {effect.FilesystemDelete}, "mv": {effect.FilesystemWrite, effect.FilesystemDelete},
	}
}}

// Classes returns the effect classes of a git command that does not only
// read, by its verb: one known only at run time may be any of them.
func Classes(g Invocation) effect.Set {
	if g.Dynamic {
		return verbClass("push").Union(verbClass("pull")).Union(verbClass("clean"))
	}
	return verbClass(g.Sub)
}

// verbClass returns the classes of a git verb that is not read-only.
func verbClass(verb string) effect.Set {
	classes, ok := verbClasses.Get()[verb]
	if !ok {
		return effect.Set(0).Add(effect.FilesystemWrite)
	}
	var s effect.Set
	for _, c := range classes {
		s = s.Add(c)
	}
	return s
}
