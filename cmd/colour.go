package cmd

import (
	"io"
	"os"

	"github.com/mattn/go-isatty"

	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/policy"
)

// ANSI colours for decisions.
const (
	colourRed    = "\x1b[31m"
	colourGreen  = "\x1b[32m"
	colourYellow = "\x1b[33m"
	colourReset  = "\x1b[0m"
)

var decisionColour = lazy.Value[map[policy.Decision]string]{Make: func() map[policy.Decision]string {
	return map[policy.Decision]string{policy.Allow: colourGreen, policy.Ask: colourYellow, policy.Deny: colourRed}
}}

// useColour reports whether w is a terminal that wants colour: not when NO_COLOR
// is set or TERM is dumb.
func useColour(h *host, w io.Writer) bool {
	if h.Getenv("NO_COLOR") != "" || h.Getenv("TERM") == "dumb" {
		return false
	}
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// paint wraps text in a colour when w is a colour terminal.
func paint(h *host, w io.Writer, colour, text string) string {
	if colour == "" || !useColour(h, w) {
		return text
	}
	return colour + text + colourReset
}
