package shellparse

import (
	"strings"
	"testing"
)

// TestPrescanNotBlinded: text that bash reads as code after a comment-looking
// or here-document-looking word is still counted, so deep nesting behind it is
// too_complex before mvdan.cc/sh parses (a stack overflow there cannot be
// recovered).
func TestPrescanNotBlinded(t *testing.T) {
	deep := strings.Repeat("$(", 1000) + "ls" + strings.Repeat(")", 1000)
	for _, lead := range []string{
		"echo a;#'\n",        // # after ; starts a comment: the ' is inside it
		"(#'\n",              // # after (
		"true|#'\n",          // # after |
		"echo ${x/<<'E'/}\n", // << inside ${…} is a pattern, not a here-document
		"echo 'unclosed\n",   // a misread quote must not hide the rest
	} {
		if got := prescan(lead+deep, DefaultMaxNesting, DefaultMaxWords, 1024); got == "" {
			t.Errorf("%q then 1,000 nested $( ): the pre-scan let it through", lead)
		}
	}
	// A real comment still hides what follows on its line only.
	if got := prescan("echo a # (((((((\nls", DefaultMaxNesting, DefaultMaxWords, 1024); got != "" {
		t.Errorf("a comment's brackets were counted: %s", got)
	}
}
