// Package docs holds permgate's reference documents, embedded so that
// `permgate man` prints them as manual pages: the same text as the files
// beside this one.
package docs

import "embed"

// Files are the documents `permgate man` makes pages of (cmd/man.go's
// docManPages), and only those: the others are read in the source.
//
//go:embed config.md threat-model.md self-protection.md harness-claude.md harness-codex.md harness-gemini.md harness-copilot.md harness-opencode.md hooks.md
var Files embed.FS
