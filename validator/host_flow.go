package validator

import "github.com/permgate/permgate/shellparse"

// The methods below are what the flow room (judge/flow: secrets sent off the
// machine, reverse shells, downloads run) asks of the command being judged,
// beyond host.go's.

// FlowSecretWord reports a word that names a secret file (with dirs, or a
// folder of secrets), by any spelling: ~, $HOME, variables set earlier,
// globs, the path after =, @ or :, and the files the script copied a secret
// into.
func (ck *checker) FlowSecretWord(w shellparse.Word, dirs bool) bool { return ck.secretWord(w, dirs) }

// FlowReadsSecret reports a secret_access finding on the current command.
func (ck *checker) FlowReadsSecret() bool { return ck.readsSecret() }

// FlowWrites returns the words naming the files a command writes, truncates,
// moves or deletes.
func (ck *checker) FlowWrites(c shellparse.SimpleCommand) []shellparse.Word { return writeTargets(c) }

// FlowInterpreter reports a language runtime by its basename (python3, node,
// ruby …; not awk).
func (ck *checker) FlowInterpreter(base string) bool { return isInterpreter(base) }

// FlowPrintsEnv reports env's words (after its name) that print the
// environment: options and assignments, no command.
func (ck *checker) FlowPrintsEnv(args []shellparse.Word) bool { return printingEnv(args) }
