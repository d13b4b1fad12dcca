package validator

import (
	"github.com/permgate/permgate/shellparse"
)

// reading is a program's words read by its declaration (shellparse.Reading).
type reading = shellparse.Reading

// readingOf is the reading a command carries (SimpleCommand.Declared).
func readingOf(c shellparse.SimpleCommand) (reading, bool) { return shellparse.ReadCommand(c) }

// readArgs reads args, the words after a program's name, against the
// declaration of the program called name (by its basename).
func readArgs(name string, args []shellparse.Word) (reading, bool) {
	return shellparse.ReadArgs(name, args)
}

// readWrapper reads the words of a wrapper a command came through.
func readWrapper(w shellparse.Wrapper) (reading, bool) { return shellparse.ReadWrapper(w) }
