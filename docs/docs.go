// Package docs holds permgate's reference documents, embedded so that
// `permgate man` prints them as manual pages: the same text as the files
// beside this one.
package docs

import "embed"

// Files are the Markdown documents of this directory.
//
//go:embed *.md
var Files embed.FS
