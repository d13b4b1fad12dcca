package registry

import (
	"slices"
	"strings"
)

// Role says what a command's operand is to a Chain.
type Role uint8

const (
	// Inert operands are not run: names, targets, messages.
	Inert Role = iota
	// Script operands are a shell command line (sh -c); several in a row
	// are a program's argv.
	Script
	// Keys operands are keys typed into a pane's shell: text, or a key
	// name (Enter).
	Keys
	// Command operands are commands of the program itself, in its own
	// syntax (tmux if-shell's commands).
	Command
)

// Chain is the command language of a program whose operands are commands
// of its own, separated by a word such as ";" (tmux new -d \; send-keys …):
// each command has its own grammar and says what its operands are.
type Chain struct {
	// Separator ends a command: a word that is the separator, or ends with
	// it (tmux new\; send …).
	Separator string
	// Commands are the declared commands.
	Commands []ChainCommand
	// Abbrev lets a command be written as a prefix of its name when no
	// name or alias is the word (tmux run-sh), the first declared match
	// taken: an ambiguous prefix is an error to the program.
	Abbrev bool
	// Others are names of the program's commands not declared here that an
	// abbreviation must not be read as (tmux display is display-message,
	// not display-popup).
	Others []string
	// Undeclared reads a command not declared (its Names are unused).
	Undeclared ChainCommand
}

// ChainCommand is one command of a Chain.
type ChainCommand struct {
	// Names are its name and then its aliases.
	Names []string
	// Grammar reads its options.
	Grammar Grammar
	// Operands are the roles of its operands in order; the last one holds
	// for the rest. None means every operand is Inert.
	Operands []Role
	// Dir lists the options whose value is the directory its shell
	// commands start in (tmux new-session -c DIR).
	Dir []string
	// CommandIf lists the options that make its Script operands Command
	// ones (tmux run-shell -C); they are read as scripts too, the reading
	// without the option.
	CommandIf []string
	// LineKeys are the key names of Keys operands that end a typed line
	// (Enter, C-m).
	LineKeys []string
}

// Role returns the role of the command's operand k.
func (cc *ChainCommand) Role(k int) Role {
	if len(cc.Operands) == 0 {
		return Inert
	}
	return cc.Operands[min(k, len(cc.Operands)-1)]
}

// Runs reports a command with an operand that runs, or is typed.
func (cc *ChainCommand) Runs() bool {
	return slices.ContainsFunc(cc.Operands, func(r Role) bool { return r != Inert })
}

// Roles returns the roles of the operand k of a call read as sc: its
// declared one, and Command besides Script under a CommandIf option; when a
// word known only at run time stands among the options (sc.Unknown), it
// may be options that shift the operands or any of CommandIf, so every
// role the command's operands may have.
func (cc *ChainCommand) Roles(k int, sc *Scan) []Role {
	if sc.Unknown {
		out := slices.Clone(cc.Operands)
		if len(cc.CommandIf) > 0 && slices.Contains(out, Script) {
			out = append(out, Command)
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	role := cc.Role(k)
	if role == Script && sc.Has(cc.CommandIf...) {
		return []Role{Script, Command}
	}
	return []Role{role}
}

// ChainCall is one command of a chain as Chain.Read found it.
type ChainCall struct {
	// Start and End bound its words in the args read (its name at Start).
	Start, End int
	// Trimmed reports that its last word carried the separator, which is
	// not part of the word (tmux new\;).
	Trimmed bool
	// Command is its declaration, nil when it is not declared or its name
	// is known only at run time (Dynamic).
	Command *ChainCommand
	Dynamic bool
	// Scan is its words after the name read with its grammar (the
	// Undeclared one when it has none); the indexes count from Start+1.
	Scan Scan
}

// Read splits args into commands and reads each with its grammar.
func (c *Chain) Read(args []Word) []ChainCall {
	var out []ChainCall
	start := 0
	for start < len(args) {
		end, trimmed := c.end(args, start)
		words := slices.Clone(args[start:end])
		if trimmed {
			words[len(words)-1].Text = strings.TrimSuffix(words[len(words)-1].Text, c.Separator)
		}
		out = append(out, c.call(words, start, end, trimmed))
		start = end
		if !trimmed {
			start++ // the separator word
		}
	}
	return out
}

// end returns the index after the command starting at start, and whether
// its last word carries the separator.
func (c *Chain) end(args []Word, start int) (int, bool) {
	for i := start; i < len(args); i++ {
		switch t := args[i].Text; {
		case args[i].Dynamic:
		case t == c.Separator:
			return i, false
		case strings.HasSuffix(t, c.Separator) && !strings.HasSuffix(t, `\`+c.Separator):
			return i + 1, true
		}
	}
	return len(args), false
}

// call reads one command's words (its name first).
func (c *Chain) call(words []Word, start, end int, trimmed bool) ChainCall {
	call := ChainCall{Start: start, End: end, Trimmed: trimmed}
	if len(words) == 0 {
		return call
	}
	call.Dynamic = words[0].Dynamic
	if !call.Dynamic {
		call.Command = c.Lookup(words[0].Text)
	}
	g := &c.Undeclared.Grammar
	if call.Command != nil {
		g = &call.Command.Grammar
	}
	call.Scan = g.Scan(words[1:])
	return call
}

// Lookup returns the declared command a word names: a name or alias, else
// (Abbrev) a prefix of a declared name that is none of Others.
func (c *Chain) Lookup(word string) *ChainCommand {
	for i := range c.Commands {
		if slices.Contains(c.Commands[i].Names, word) {
			return &c.Commands[i]
		}
	}
	if !c.Abbrev || word == "" || slices.Contains(c.Others, word) {
		return nil
	}
	for i := range c.Commands {
		if strings.HasPrefix(c.Commands[i].Names[0], word) {
			return &c.Commands[i]
		}
	}
	return nil
}
