package registry

import "github.com/permgate/permgate/effect"

// files are the tools that write, copy, move and link files. What they write
// is judged by the validator's Go code (writes.go, selfpaths.go); the
// declarations give it their grammars, so it reads operands and option values
// with the one scanner.
func files() []*Program {
	return []*Program{
		{Family: "files", Names: []string{"cp"}, Check: "writes", Node: Node{Effects: copyEffects(Reads), Writes: true, Grammar: Grammar{Short: "S:t:",
			Long: []string{"target-directory=", "suffix=", "backup=?", "reflink=?", "preserve=?", "no-preserve=", "sparse=", "update=?", "context=?",
				"archive", "attributes-only", "copy-contents", "dereference", "force", "interactive", "link", "no-clobber", "no-dereference",
				"no-target-directory", "one-file-system", "parents", "recursive", "remove-destination", "strip-trailing-slashes", "symbolic-link", "verbose", "debug"}}}},
		{Family: "files", Names: []string{"mv"}, Check: "writes", Node: Node{Effects: copyEffects(Moves), Writes: true, Grammar: Grammar{Short: "S:t:",
			Long: []string{"target-directory=", "suffix=", "backup=?", "update=?", "context", "force", "interactive", "no-clobber", "no-target-directory",
				"strip-trailing-slashes", "verbose", "exchange", "no-copy", "debug"}}}},
		{Family: "files", Names: []string{"install"}, Check: "install", Node: Node{Effects: installEffects(), Writes: true, Grammar: Grammar{Short: "m:o:g:t:S:",
			Long: []string{"mode=", "owner=", "group=", "target-directory=", "suffix=", "strip-program=", "backup=?", "context=?", "directory",
				"compare", "preserve-timestamps", "strip", "no-target-directory", "verbose", "debug", "preserve-context"}}}},
		{Family: "files", Names: []string{"ln"}, Check: "writes", Node: Node{Effects: copyEffects(0), Writes: true, Grammar: Grammar{Short: "S:t:",
			Long: []string{"target-directory=", "suffix=", "backup=?", "directory", "force", "interactive", "logical", "no-dereference", "physical",
				"relative", "symbolic", "no-target-directory", "verbose"}}}},
		// rsync to or from HOST:PATH goes over the network (counted for every
		// rsync: the operands' hosts are not read here).
		{Family: "files", Names: []string{"rsync"}, Node: Node{Effects: rsyncEffects(), Writes: true, Does: []effect.Class{effect.NetworkOutbound}, Grammar: Grammar{Short: "e:f:T:B:M:",
			Long: []string{"rsh=", "rsync-path=", "exclude=", "include=", "filter=", "backup-dir=", "suffix=", "partial-dir=", "temp-dir=",
				"compare-dest=", "copy-dest=", "link-dest=", "files-from=", "exclude-from=", "include-from=", "chmod=", "chown=", "usermap=",
				"groupmap=", "timeout=", "contimeout=", "bwlimit=", "port=", "log-file=", "log-file-format=", "password-file=", "out-format=",
				"max-size=", "min-size=", "max-delete=", "modify-window=", "info=", "debug=", "compress-level=", "skip-compress=", "block-size=",
				"checksum-choice=", "compress-choice=", "iconv=", "sockopts=", "remote-option=", "only-write-batch=", "write-batch=", "read-batch=",
				"address=", "outbuf=", "stop-after=", "stop-at=", "max-alloc=", "copy-as=", "mkpath", "remove-source-files", "delete", "dry-run",
				"delete-before", "delete-during", "delete-after", "delete-delay", "delete-excluded", "del",
				// rsync's flags by their full names: an abbreviation is read
				// as the one option it starts, so --checksum must not be taken
				// for --checksum-choice=VALUE, swallowing the source.
				"checksum", "partial", "backup", "compress", "archive", "recursive", "verbose", "quiet", "times", "perms", "owner",
				"group", "links", "hard-links", "update", "inplace", "append", "append-verify", "existing", "ignore-existing",
				"sparse", "whole-file", "one-file-system", "progress", "stats", "human-readable", "itemize-changes", "numeric-ids",
				"relative", "no-implied-dirs", "safe-links", "copy-links", "copy-dirlinks", "copy-unsafe-links", "keep-dirlinks",
				"delete-missing-args", "ignore-errors", "force", "prune-empty-dirs", "omit-dir-times", "omit-link-times", "devices",
				"specials", "executability", "acls", "xattrs", "atimes", "crtimes", "fake-super", "super", "list-only",
				"protect-args", "secluded-args", "ipv4", "ipv6", "no-motd", "blocking-io", "remove-sent-files", "size-only",
				"ignore-times", "fuzzy", "cvs-exclude", "from0", "dirs", "checksum-seed=", "preallocate", "open-noatime",
				"no-whole-file", "no-compress", "no-perms", "no-owner", "no-group", "no-times", "no-links", "no-recursive"}}},
			Check: "rsync"},
		{Family: "files", Names: []string{"scp"}, Check: "ssh-options", Node: Node{Effects: append(copyEffects(Reads), sshLocalCommands...), Writes: true, Grammar: Grammar{Short: "c:F:i:J:l:o:P:S:D:X:"},
			Does: []effect.Class{effect.NetworkOutbound}}},
		// mktemp creates a file (or with -d a directory) and prints its name.
		// mktemp makes its file (or, with -d, directory) from the template, in
		// -p's directory when given; -u only prints a name.
		{Family: "files", Names: []string{"mktemp"}, Node: Node{Writes: true, Grammar: Grammar{Short: "p:t:", Long: []string{"tmpdir=?", "suffix="}},
			Effects: []Effect{{Act: Writes, Opts: []string{"-p", "--tmpdir"}, Into: true, Unless: []string{"-u", "--dry-run"}},
				{Act: Writes, Operands: "1", Unless: []string{"-u", "--dry-run"}}},
			Does: []effect.Class{effect.FilesystemWrite}}},
		// updatedb writes the locate database, at --output when given.
		{Family: "files", Names: []string{"updatedb"}, Node: Node{Writes: true, Grammar: Grammar{Long: []string{"output=", "localpaths=", "netpaths=", "prunepaths=", "prunefs=", "findoptions="}},
			Output: []string{"--output"}, Does: []effect.Class{effect.FilesystemWrite}}},
		{Family: "files", Names: []string{"touch"}, Check: "writes", Node: Node{Effects: []Effect{{Act: Writes, Operands: "all"}}, Writes: true, Grammar: Grammar{Short: "d:r:t:", Long: []string{"date=", "reference=", "time="}}}},
		{Family: "files", Names: []string{"mkdir"}, Check: "writes", Node: Node{Effects: []Effect{{Act: Writes, Operands: "all"}}, Writes: true, Grammar: Grammar{Short: "m:", Long: []string{"mode=", "context=?", "parents", "verbose"}}}},
		{Family: "files", Names: []string{"tee"}, Check: "writes", Node: Node{Effects: []Effect{{Act: Writes, Operands: "all", Unless: []string{"-a", "--append"}}, {Act: Appends, Operands: "all", If: []string{"-a", "--append"}}}, Writes: true, Grammar: Grammar{Long: []string{"output-error=?", "append", "ignore-interrupts"}}}},
		{Family: "files", Names: []string{"truncate"}, Check: "writes", Node: Node{Effects: []Effect{{Act: Writes, Operands: "all"}}, Writes: true, Grammar: Grammar{Short: "s:r:", Long: []string{"size=", "reference=", "no-create", "io-blocks"}}}},
		{Family: "files", Names: []string{"rmdir"}, Check: "writes", Node: Node{Effects: []Effect{{Act: Deletes, Operands: "all"}}, Writes: true, Grammar: Grammar{Long: []string{"ignore-fail-on-non-empty", "parents", "verbose"}}}},
		{Family: "files", Names: []string{"unlink"}, Check: "writes", Node: Node{Effects: []Effect{{Act: Deletes, Operands: "all"}}, Writes: true}},
		// link FILE1 FILE2 makes FILE2 a hard link to FILE1: FILE2 is written.
		{Family: "files", Names: []string{"link"}, Node: Node{Effects: []Effect{{Act: Writes, Operands: "2"}}, Writes: true}},
		{Family: "files", Names: []string{"shred"}, Check: "shred", Node: Node{Effects: []Effect{{Act: Writes, Operands: "all"}, {Act: Deletes, Operands: "all", If: []string{"-u", "--remove"}}}, Writes: true, Grammar: Grammar{Short: "n:s:", Long: []string{"iterations=", "size=", "random-source=", "remove=?", "force", "exact", "zero", "verbose"}}}},
		{Family: "files", Names: []string{"mkfifo", "mknod"}, Check: "writes", Node: Node{Effects: []Effect{{Act: Writes, Operands: "1"}}, Writes: true, Grammar: Grammar{Short: "m:", Long: []string{"mode=", "context=?"}}}},
	}
}

// targetDir are the options that name the directory a copy goes into.
var targetDir = []string{"-t", "--target-directory"}

// copyEffects are what cp, mv, ln and scp do: SOURCE… DEST, or -t DIR
// SOURCE…; src is what they do with the sources (0 for nothing).
func copyEffects(src Act) []Effect {
	out := []Effect{
		{Act: Writes, Opts: targetDir, Into: true},
		{Act: Writes, Operands: "last", Min: 2, Unless: targetDir},
	}
	if src != 0 {
		out = append(out, Effect{Act: src, Operands: "init", Min: 2, Unless: targetDir}, Effect{Act: src, Operands: "all", If: targetDir})
	}
	return out
}

// installEffects: install -d DIR… makes directories; otherwise it copies.
func installEffects() []Effect {
	dirs := []string{"-d", "--directory"}
	out := []Effect{{Act: Writes, Operands: "all", If: dirs}}
	for _, e := range copyEffects(Reads) {
		e.Unless = append(append([]string(nil), e.Unless...), dirs...)
		out = append(out, e)
	}
	return out
}

// rsyncEffects: rsync SOURCE… DEST copies, --remove-source-files deletes
// the sources it sent, --backup-dir and the logs are written.
func rsyncEffects() []Effect {
	// rsync has no -t DIR (its -t keeps times): it writes its last operand
	// and reads the others, whatever its options.
	return append([]Effect{{Act: Writes, Operands: "last", Min: 2}, {Act: Reads, Operands: "init", Min: 2}},
		Effect{Act: Deletes, Operands: "init", Min: 2, If: []string{"--remove-source-files", "--remove-sent-files"}},
		Effect{Act: Writes, Opts: []string{"--backup-dir"}, Into: true},
		Effect{Act: Writes, Opts: []string{"--log-file", "--write-batch", "--only-write-batch"}},
		// -e names the remote shell rsync runs here, with its arguments
		// (--rsync-path runs on the other machine).
		Effect{Act: RunsShell, Opts: []string{"-e", "--rsh"}})
}
